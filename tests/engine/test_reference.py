"""Each backend against the slow, obviously correct reference (tests/engine/reference.py), on
boards hypothesis draws: every path, every near miss, every move, the hint and the deadlock
verdict."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import llk
from tests.engine.reference import ref_best_path, ref_moves, ref_near_miss


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[list[list[int]], bool]:
    rows = draw(st.integers(1, 7))
    cols = draw(st.integers(1, 7))
    kinds = draw(st.integers(1, 4))
    density = draw(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]))
    cells = draw(
        st.lists(
            st.tuples(st.floats(0, 1, exclude_max=True), st.integers(1, kinds)),
            min_size=rows * cols,
            max_size=rows * cols,
        )
    )
    flat = [kind if roll < density else 0 for roll, kind in cells]
    grid = [flat[r * cols : (r + 1) * cols] for r in range(rows)]
    return grid, draw(st.booleans())


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_paths_match_the_reference(backend: str, case: tuple[list[list[int]], bool]) -> None:
    grid, border = case
    board = llk.Board(grid, border=border, backend=backend)
    cells = [(r, c) for r in range(len(grid)) for c in range(len(grid[0]))]
    for a in cells:
        for c in cells:
            want = ref_best_path(grid, border, a, c)
            got = board.path(a, c)
            assert (got and (got.turns, got.length, got.corners)) == (want or None), (a, c)


@settings(max_examples=200, deadline=None)
@given(small_boards())
def test_near_misses_match_the_reference(backend: str, case: tuple[list[list[int]], bool]) -> None:
    grid, border = case
    board = llk.Board(grid, border=border, backend=backend)
    cells = [(r, c) for r in range(len(grid)) for c in range(len(grid[0]))]
    for a in cells:
        for c in cells:
            want = ref_near_miss(grid, border, a, c)
            got = board.near_miss(a, c)
            assert (got and (got.turns, got.length, got.corners)) == (want or None), (a, c)


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_scans_match_the_reference(backend: str, case: tuple[list[list[int]], bool]) -> None:
    grid, border = case
    board = llk.Board(grid, border=border, backend=backend)
    want = [((r1, c1), (r2, c2)) for r1, c1, r2, c2 in ref_moves(grid, border)]
    assert board.moves() == want
    assert board.move_count() == len(want)
    assert board.hint() == (want[0] if want else None)
    assert board.is_deadlocked() == (board.remaining > 0 and not want)

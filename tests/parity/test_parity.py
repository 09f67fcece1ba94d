"""The same calls on both backends give the same answers, and the same exceptions with the same
messages (rapidfuzz's pattern): paths and near misses for every pair of cells, scans, removals,
shuffles."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import llk
from tests.both_cores import alike, outcome
from tests.conftest import needs_both

pytestmark = [needs_both, pytest.mark.names_its_backends]


def same_on_both(make: Callable[[str], Any], call: Callable[[Any], Any]) -> tuple:
    return alike(lambda b: call(make(b)), llk.BACKENDS)


def random_grid(rng: np.random.Generator, rows: int, cols: int, density: float, kinds: int):
    tiles = rng.integers(1, kinds + 1, size=(rows, cols))
    return np.where(rng.random((rows, cols)) < density, tiles, 0)


def boards(seed: int, count: int, max_side: int) -> list[tuple[np.ndarray, bool]]:
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        rows, cols = int(rng.integers(1, max_side + 1)), int(rng.integers(1, max_side + 1))
        density = (0.0, 0.3, 0.6, 0.85, 1.0)[i % 5]
        out.append((random_grid(rng, rows, cols, density, int(rng.integers(1, 6))), i % 2 == 0))
    return out


@pytest.mark.parametrize("grid,border", boards(1, 60, 9))
def test_every_path_and_every_scan_agree(grid: np.ndarray, border: bool) -> None:
    rust = llk.Board(grid, border=border, backend="rust")
    python = llk.Board(grid, border=border, backend="python")
    cells = [(r, c) for r in range(grid.shape[0]) for c in range(grid.shape[1])]
    for a in cells:
        for c in cells:
            assert rust.path(a, c) == python.path(a, c), (a, c)
    assert rust.moves() == python.moves()
    assert rust.hint() == python.hint()
    assert rust.move_count() == python.move_count()
    assert rust.is_deadlocked() == python.is_deadlocked()
    assert rust.is_cleared() == python.is_cleared()


@pytest.mark.parametrize("shape", [(1, 40), (40, 1), (30, 16), (100, 100), (60, 200)])
@pytest.mark.parametrize("density", [0.5, 1.0])
def test_large_boards_agree(shape: tuple[int, int], density: float) -> None:
    rng = np.random.default_rng(shape[0] * 1000 + shape[1])
    grid = random_grid(rng, *shape, density, 20)
    rust = llk.Board(grid, backend="rust")
    python = llk.Board(grid, backend="python")
    assert rust.moves() == python.moves()
    assert rust.hint() == python.hint()
    assert rust.move_count() == python.move_count()
    tiles = np.argwhere(grid > 0)
    for _ in range(300):
        a, c = (tuple(int(v) for v in tiles[i]) for i in rng.integers(0, len(tiles), 2))
        assert rust.path(a, c) == python.path(a, c)


@st.composite
def drawn_boards(draw: st.DrawFn) -> tuple[np.ndarray, bool]:
    """A board up to 9x9, few kinds and a density from empty to full: pairs that need three
    turns are common on it, and so are pairs that link and pairs walled in."""
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    rng = np.random.default_rng(draw(st.integers(0, 2**32)))
    density = draw(st.sampled_from([0.2, 0.4, 0.6, 0.8, 1.0]))
    return random_grid(rng, rows, cols, density, draw(st.integers(1, 4))), draw(st.booleans())


@settings(max_examples=200, deadline=None)
@given(drawn_boards())
def test_every_near_miss_agrees(case: tuple[np.ndarray, bool]) -> None:
    grid, border = case
    rust = llk.Board(grid, border=border, backend="rust")
    python = llk.Board(grid, border=border, backend="python")
    cells = [(r, c) for r in range(grid.shape[0]) for c in range(grid.shape[1])]
    for a in cells:
        for c in cells:
            assert rust.near_miss(a, c) == python.near_miss(a, c), (a, c)


@pytest.mark.parametrize("border", [True, False])
@pytest.mark.parametrize("transposed", [False, True])
def test_near_misses_on_long_lines_agree(transposed: bool, border: bool) -> None:
    """Lines far longer than the Rust core's sets of 4096 positions (it sweeps such a line a
    set at a time, the Python core in one int): a line empty but for two tiles, a wall with
    three gaps, an empty line, a line half full. A tile of the first line reaches the third
    through a gap (or the ring) and meets a tile of the last from above: three turns, most
    through a gap in the second set of 4096 positions."""
    rng = np.random.default_rng(7)
    grid = np.zeros((4, 5000), dtype=np.int64)
    grid[0, 100], grid[0, 4800] = 1, 2
    grid[1] = 3
    grid[1, [300, 4500, 4700]] = 0
    grid[3] = np.where(rng.random(5000) < 0.5, rng.integers(1, 3, size=5000), 0)
    if transposed:
        grid = np.ascontiguousarray(grid.T)
    rust = llk.Board(grid, border=border, backend="rust")
    python = llk.Board(grid, border=border, backend="python")
    found = 0
    for a in [(0, 100), (0, 4800)]:
        for c in range(0, 5000, 9):
            a_cell, c_cell = (a[::-1], (c, 3)) if transposed else (a, (3, c))
            miss = rust.near_miss(a_cell, c_cell)
            assert miss == python.near_miss(a_cell, c_cell), (a_cell, c_cell)
            found += miss is not None and miss.corners[1][not transposed] >= 4096
    assert found > 50, found


@pytest.mark.parametrize("shape", [(30, 16), (1000, 1000)])
def test_near_misses_on_big_boards_agree(shape: tuple[int, int]) -> None:
    rng = np.random.default_rng(shape[0])
    grid = random_grid(rng, *shape, 0.5, 20)
    rust = llk.Board(grid, backend="rust")
    python = llk.Board(grid, backend="python")
    tiles = np.argwhere(grid > 0)
    for _ in range(300):
        a, c = (tuple(int(v) for v in tiles[i]) for i in rng.integers(0, len(tiles), 2))
        assert rust.near_miss(a, c) == python.near_miss(a, c), (a, c)


@pytest.mark.parametrize("grid,border", boards(2, 40, 8))
def test_a_game_played_by_hints_agrees_step_by_step(grid: np.ndarray, border: bool) -> None:
    rust = llk.Board(grid, border=border, backend="rust")
    python = llk.Board(grid, border=border, backend="python")
    for step in range(grid.size):
        hint = rust.hint()
        assert hint == python.hint()
        if hint is None:
            if rust.is_deadlocked():
                assert outcome(lambda s=step: rust.shuffle(s)) == outcome(
                    lambda s=step: python.shuffle(s)
                )
                assert rust == python
                if not rust.is_deadlocked():
                    continue
            break
        assert rust.remove(*hint) == python.remove(*hint)
        assert rust == python
        assert rust.moves() == python.moves()
    assert rust.is_cleared() == python.is_cleared()


@pytest.mark.parametrize("seed", [0, 1, 2, 12345, 2**63, 2**64 - 1])
def test_shuffles_agree_for_a_seed(seed: int) -> None:
    rng = np.random.default_rng(seed % 1000)
    for rows, cols, density in [(6, 8, 1.0), (10, 10, 0.5), (1, 12, 0.7), (30, 16, 0.9)]:
        grid = random_grid(rng, rows, cols, density, 8)

        def shuffled(b: llk.Board, seed: int = seed) -> np.ndarray:
            b.shuffle(seed)
            return b.grid.tolist()

        for border in (True, False):
            same_on_both(
                lambda name, g=grid, bo=border: llk.Board(g, border=bo, backend=name), shuffled
            )


IMPOSSIBLE_SHUFFLES = [
    ([[1, 0, 2]], True),  # no kind twice
    ([[1, 2, 3], [4, 5, 6]], True),
    ([[0, 0], [0, 0]], True),  # nothing to shuffle: fine
]


@pytest.mark.parametrize("grid,border", IMPOSSIBLE_SHUFFLES)
def test_impossible_shuffles_fail_the_same_way(grid: list, border: bool) -> None:
    result = same_on_both(
        lambda name: llk.Board(grid, border=border, backend=name),
        lambda b: (b.shuffle(3), b.grid.tolist()),
    )
    if np.count_nonzero(grid):
        assert result[0] == "raised" and result[1] is llk.IllegalMove


BAD_GRIDS: list[Any] = [
    [],
    [[]],
    [[1, 2], [3]],
    [1, 2, 3],
    [[[1]]],
    [[1.5, 2]],
    [[1, -1]],
    [[70000]],
    [[True, 1]],
    [["1", 2]],
    "12\n34",
    None,
    42,
    np.zeros((2, 2, 2), dtype=np.int32),
    np.zeros((0, 5), dtype=np.int32),
    np.ones((2, 2), dtype=np.float64),
    np.ones((2, 2), dtype=bool),
    np.array([[1, 2], [3, 65536]], dtype=np.int64),
    np.array([[-3, 2]], dtype=np.int8),
    np.array([[1, None]], dtype=object),
    [[2**70]],
]


@pytest.mark.parametrize("grid", BAD_GRIDS, ids=[repr(g)[:30] for g in BAD_GRIDS])
def test_bad_grids_are_refused_alike(grid: Any) -> None:
    result = same_on_both(lambda name: llk.Board(grid, backend=name), lambda b: b)
    assert result[0] == "raised" and result[1] is llk.BoardError, result


BAD_CALLS: list[tuple[str, Callable[[llk.Board], Any]]] = [
    ("cell off the board", lambda b: b.path((0, 0), (3, 0))),
    ("negative cell", lambda b: b.path((-1, 0), (0, 0))),
    ("not a pair", lambda b: b.path((0,), (0, 0))),
    ("float cell", lambda b: b.path((0.0, 0), (0, 0))),
    ("bool cell", lambda b: b.can_link((True, 0), (0, 0))),
    ("string cell", lambda b: b["ab"]),
    ("getitem off", lambda b: b[5, 5]),
    ("near miss off the board", lambda b: b.near_miss((0, 0), (0, 3))),
    ("near miss not a pair", lambda b: b.near_miss((0, 0), (0, 0, 0))),
    ("near miss float cell", lambda b: b.near_miss((0, 0.5), (0, 0))),
    ("remove same", lambda b: b.remove((0, 0), (0, 0))),
    ("remove empty", lambda b: b.remove((0, 0), (2, 2))),
    ("remove different", lambda b: b.remove((0, 0), (0, 1))),
    ("remove blocked", lambda b: b.remove((1, 0), (1, 2))),
    ("seed negative", lambda b: b.shuffle(-1)),
    ("seed huge", lambda b: b.shuffle(2**64)),
    ("seed float", lambda b: b.shuffle(1.0)),
]


@pytest.mark.parametrize("name,call", BAD_CALLS, ids=[n for n, _ in BAD_CALLS])
def test_bad_calls_are_refused_alike(name: str, call: Callable[[llk.Board], Any]) -> None:
    grid = [[1, 2, 1], [3, 1, 3], [2, 3, 0]]
    result = same_on_both(lambda b: llk.Board(grid, border=False, backend=b), call)
    assert result[0] == "raised" and issubclass(result[1], ValueError), result

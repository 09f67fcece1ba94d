"""Hints near a cell and the move density (docs/engine.md, "Hints near a cell"), on each
backend against brute force over `moves()`; the two backends against each other on big boards;
and a board built so that the outward search gives up and sorts the move list instead."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from tests.conftest import needs_both


def random_board(rng: np.random.Generator, backend: str, max_side: int = 9) -> llk.Board:
    rows, cols = (int(x) for x in rng.integers(1, max_side + 1, size=2))
    density = float(rng.choice([0.1, 0.4, 0.7, 1.0]))
    kinds = rng.integers(1, int(rng.integers(1, 6)) + 1, size=(rows, cols))
    grid = np.where(rng.random((rows, cols)) < density, kinds, 0)
    return llk.Board(grid, border=bool(rng.integers(0, 2)), backend=backend)


def by_distance(board: llk.Board, cell: tuple[int, int]) -> list:
    def dist(a: tuple[int, int]) -> int:
        return max(abs(a[0] - cell[0]), abs(a[1] - cell[1]))

    return sorted(board.moves(), key=lambda m: (min(dist(m[0]), dist(m[1])), m))


def test_near_hints_match_the_move_list_sorted_by_distance(backend: str) -> None:
    rng = np.random.default_rng(14)
    seen = 0
    for _ in range(300):
        board = random_board(rng, backend)
        cell = (int(rng.integers(board.rows)), int(rng.integers(board.cols)))
        want = by_distance(board, cell)
        assert board.hints_near(cell, len(want) + 2) == want
        assert board.hints_near(cell, 2) == want[:2]
        hint = board.hint(near=cell)
        assert (hint is None and not want) or hint == want[0]
        seen += len(want)
    assert seen > 1000


def test_hint_without_near_is_unchanged(backend: str) -> None:
    rng = np.random.default_rng(7)
    for _ in range(50):
        board = random_board(rng, backend)
        moves = board.moves()
        assert board.hint() == (moves[0] if moves else None)


def test_density_counts_tiles_with_a_partner(backend: str) -> None:
    rng = np.random.default_rng(3)
    for _ in range(200):
        board = random_board(rng, backend)
        block = int(rng.integers(1, 5))
        linked = np.zeros((board.rows, board.cols), dtype=bool)
        for a, c in board.moves():
            linked[a] = linked[c] = True
        got = board.move_density(block)
        assert got.dtype == np.uint32
        assert got.shape == (-(-board.rows // block), -(-board.cols // block))
        want = [
            [int(linked[r : r + block, c : c + block].sum()) for c in range(0, board.cols, block)]
            for r in range(0, board.rows, block)
        ]
        assert got.tolist() == want


def test_bad_arguments_are_refused(backend: str) -> None:
    board = llk.Board([[1, 1]], backend=backend)
    with pytest.raises(llk.BoardError, match="cell"):
        board.hints_near((5, 0), 1)
    with pytest.raises(llk.BoardError, match="count"):
        board.hints_near((0, 0), -1)
    with pytest.raises(llk.BoardError, match="block"):
        board.move_density(0)
    with pytest.raises(llk.BoardError, match="cell"):
        board.hint(near="middle")


@needs_both
def test_backends_agree_on_big_boards() -> None:
    for seed, moves in [(1, 0), (2, 300), (3, 1500)]:
        boards = [llk.deal(60, 80, kinds=24, seed=seed, backend=b) for b in ("rust", "python")]
        for board in boards:
            for a, c in boards[0].solution[:moves]:
                board.remove(a, c)
        for cell in [(0, 0), (30, 40), (59, 79), (10, 70)]:
            got = [b.hints_near(cell, 40) for b in boards]
            assert got[0] == got[1]
        assert np.array_equal(boards[0].move_density(8), boards[1].move_density(8))


def test_the_sorted_move_list_answers_when_the_outward_search_gives_up(
    backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every tile a kind of its own but two pairs, in the middle and at the far side: the
    # search from the corner casts rays from thousands of tiles that have no partner, past its
    # budget of 64 * (rows + cols) + 1024 rays, and the answer comes from the move list sorted
    # by distance (the fallback, near.py / near.rs), which must agree with the definition.
    rows = cols = 80
    grid = np.arange(10, 10 + rows * cols).reshape(rows, cols)
    grid[79, 75], grid[79, 76], grid[79, 77] = 5, 0, 5
    grid[60, 60], grid[60, 61], grid[60, 62] = 6, 0, 6
    board = llk.Board(grid, backend=backend)
    fell_back = []
    if backend == "python":  # the Rust crate's own tests turn its budget down (knobs.rs)
        from llk._pycore import near

        sort = near._by_distance
        monkeypatch.setattr(near, "_by_distance", lambda *args: fell_back.append(1) or sort(*args))
    want = by_distance(board, (0, 0))
    assert len(want) == 2
    assert board.hints_near((0, 0), 5) == want
    assert board.hints_near((0, 0), 1) == want[:1]
    assert board.hint(near=(0, 0)) == want[0]
    assert fell_back or backend != "python", "the outward search did not give up"


def tied_board(backend: str) -> llk.Board:
    """Every tile a kind of its own (nothing links) but eight pairs, each with a gap between
    its tiles: six of them with their nearer tile at distance 20 from (40, 40), on all four
    sides of it, one at distance 5 and one at 30. Pair H's first tile is at distance 22, its
    second at 20."""
    grid = np.arange(10, 10 + 80 * 80).reshape(80, 80)
    pairs = {
        "F": ((35, 38), (35, 40)),  # distance 5
        "A": ((20, 30), (20, 32)),  # distance 20, above
        "E": ((20, 50), (20, 52)),
        "H": ((18, 45), (20, 45)),  # the nearer tile is the second
        "C": ((30, 20), (32, 20)),  # to the left
        "D": ((45, 60), (47, 60)),  # to the right
        "B": ((60, 50), (60, 52)),  # below
        "G": ((70, 40), (70, 42)),  # distance 30
    }
    for kind, (a, c) in enumerate(pairs.values(), start=1):
        grid[a] = grid[c] = kind
        grid[(a[0] + c[0]) // 2, (a[1] + c[1]) // 2] = 0
    return llk.Board(grid, backend=backend)


# docs/engine.md: by the distance of the pair's nearer tile, then (a, c) in row-major order.
TIED_ORDER = [
    ((35, 38), (35, 40)),
    ((18, 45), (20, 45)),
    ((20, 30), (20, 32)),
    ((20, 50), (20, 52)),
    ((30, 20), (32, 20)),
    ((45, 60), (47, 60)),
    ((60, 50), (60, 52)),
    ((70, 40), (70, 42)),
]


def test_pairs_at_one_distance_come_in_row_major_order_from_the_search_and_the_sort(
    backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ties (six pairs at distance 20, on every side of the cell) in the documented order, both
    where the outward search answers (three pairs: it stops at ring 20, within its budget) and
    where it gives up on the thousands of lone tiles past that ring (all of them: the move list
    sorted by distance, whose stable sort keeps the move list's (a, c) order among ties)."""
    board = tied_board(backend)
    fell_back = []
    if backend == "python":  # the Rust crate's own tests turn its budget down (knobs.rs)
        from llk._pycore import near

        sort = near._by_distance
        monkeypatch.setattr(near, "_by_distance", lambda *args: fell_back.append(1) or sort(*args))
    assert by_distance(board, (40, 40)) == TIED_ORDER  # the definition, on this board
    assert board.hints_near((40, 40), 3) == TIED_ORDER[:3]
    assert not fell_back
    assert board.hints_near((40, 40), 20) == TIED_ORDER
    assert fell_back or backend != "python", "the outward search did not give up"

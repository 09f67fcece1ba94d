"""The deals of the pure-Python core (llk._pycore, docs/engine.md): random deals by the documented
draws, solvable deals and re-deals with a solution that clears them, the positional partners.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from llk._pycore import Board
from llk._pycore import deal as deal_module
from llk._pycore.grid import Grid
from llk._pycore.path import best_path
from llk._pycore.rng import SplitMix64
from llk.errors import BoardError, IllegalMove
from tests.engine.helpers import MODES, even_tiles, made, make, random_grid, replay, spread_pairs

# The pure-Python core itself, whatever the default backend.
pytestmark = pytest.mark.names_its_backends


def test_random_deals_use_every_pair_twice() -> None:
    board = Board(np.ones((4, 6), dtype=np.uint16), True)
    pair_kinds = np.array([1 + i % 5 for i in range(12)], dtype=np.uint16)
    assert board.deal(pair_kinds, 9, False) is None
    want = sorted(np.repeat(pair_kinds, 2).tolist())
    assert sorted(board.grid().reshape(-1).tolist()) == want
    with pytest.raises(BoardError, match=r"^11 pairs cannot fill 24 tile cells$"):
        board.deal(pair_kinds[1:], 9, False)
    # The same seed deals the same board; the layout (occupied cells) is kept.
    rng = np.random.default_rng(2)
    for case in range(100):
        grid = even_tiles(random_grid(rng)[0])
        pairs = np.count_nonzero(grid) // 2
        kinds = np.array([1 + i % 3 for i in range(pairs)], dtype=np.uint16)
        one, two = Board(grid, True), Board(grid, True)
        one.deal(kinds, case, False)
        two.deal(kinds, case, False)
        assert np.array_equal(one.grid(), two.grid())
        assert np.array_equal(one.grid() != 0, grid != 0)
        assert sorted(one.grid()[grid != 0].tolist()) == sorted(np.repeat(kinds, 2).tolist())


def test_random_deal_follows_the_documented_draws() -> None:
    grid = np.array([[1, 0, 1], [1, 1, 1], [1, 1, 1]], dtype=np.uint16)
    pair_kinds = [4, 5, 6, 7]
    draws = SplitMix64(77)
    pk = list(pair_kinds)
    for i in range(len(pk) - 1, 0, -1):
        j = draws.below(i + 1)
        pk[i], pk[j] = pk[j], pk[i]
    tiles = [k for k in pk for _ in range(2)]
    for i in range(len(tiles) - 1, 0, -1):
        j = draws.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    board = Board(grid, True)
    board.deal(np.array(pair_kinds, dtype=np.uint16), 77, False)
    assert board.grid()[grid != 0].tolist() == tiles


@pytest.mark.parametrize("gravity", MODES)
def test_solvable_deals_come_with_a_solution_that_clears_them(gravity: str) -> None:
    rng = np.random.default_rng(3 + MODES.index(gravity))
    for case in range(120):
        grid, border = random_grid(rng, max_side=9)
        grid = even_tiles(grid)
        pairs = np.count_nonzero(grid) // 2
        kinds = 1 + case % 5
        pair_kinds = np.array([1 + i % kinds for i in range(pairs)], dtype=np.uint16)
        solution = Board(grid, border, gravity).deal(pair_kinds, case, True)
        board = Board(grid, border, gravity)
        assert np.array_equal(board.deal(pair_kinds, case, True), solution)
        assert solution is not None and solution.shape == (pairs, 4)
        assert board.undo_len == 0 and board.redo_len == 0
        assert np.array_equal(board.grid() != 0, grid != 0)
        assert replay(board, solution), (case, gravity)


def test_deal_clears_the_history_and_redeal_keeps_it() -> None:
    board = make([[1, 1, 2, 2]])
    board.mirror("h")
    board.mirror("h")
    board.undo()
    board.deal(np.array([3, 3], dtype=np.uint16), 0, True)
    assert (board.undo_len, board.redo_len) == (0, 0)
    board = make([[1, 2, 2, 1]], gravity="right")
    solution = board.shuffle_solvable(6)[0]
    assert board.undo_len == 1 and replay(board, solution)
    assert made(board.undo) and board.grid().tolist() == [[1, 2, 2, 1]]


def test_redeal_refuses_the_smallest_odd_kind() -> None:
    board = make([[1, 1, 1, 3, 2, 2, 3, 3]])
    with pytest.raises(IllegalMove) as caught:
        board.shuffle_solvable(0)
    assert (
        str(caught.value) == "cannot deal a solvable board: kind 1 has an odd number of tiles (3)"
    )
    assert board.grid().tolist() == [[1, 1, 1, 3, 2, 2, 3, 3]] and board.undo_len == 0
    board = make([[0, 2, 5], [2, 5, 5]])
    with pytest.raises(IllegalMove, match=r"kind 5 has an odd number of tiles \(3\)"):
        board.shuffle_solvable(1)


def test_redeal_keeps_the_kinds_and_clears() -> None:
    rng = np.random.default_rng(8)
    for case in range(150):
        grid = spread_pairs(rng, even_tiles(random_grid(rng, max_side=8)[0]), 1 + case % 6)
        board = Board(grid, bool(case % 2), MODES[case % len(MODES)])
        solution = board.shuffle_solvable(case)[0]
        assert Counter(board.grid().reshape(-1).tolist()) == Counter(grid.reshape(-1).tolist())
        assert replay(board, solution)


def test_partners_are_exactly_the_cells_linking_with_at_most_one_turn() -> None:
    rng = np.random.default_rng(9)
    for _ in range(150):
        grid, border = random_grid(rng, max_side=8)
        ones = Grid((grid != 0).astype(np.uint16), border)
        cols = ones.cols
        occupied = np.flatnonzero(grid).tolist()
        for p in occupied:
            want = []
            for q in occupied:
                if q == p:
                    continue
                path = best_path(ones, *divmod(p, cols), *divmod(q, cols))
                if path is not None and path[0] <= 1:
                    want.append(q)
            assert deal_module.positional_partners(ones, p) == want


def test_big_solvable_deals_clear() -> None:
    for gravity in ("none", "down", "split-v"):
        board = Board(np.ones((24, 30), dtype=np.uint16), True, gravity)
        pair_kinds = np.array([1 + i % 36 for i in range(360)], dtype=np.uint16)
        assert replay(board, board.deal(pair_kinds, 12345, True))

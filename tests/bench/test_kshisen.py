"""KShisen's greedy solvable check (llk/bench/kshisen.py, rust/src/kshisen.rs) follows KShisen's
rules: its links are llk's, its scan is column by column, its `done` cap skips a kind, and it
gets stuck where a search clears the board."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from llk.bench import kshisen
from tests.conftest import needs_both

# Hand-made for these tests (found by trying small random boards, then checked by hand and by
# llk's solver): greedy play gets stuck on it with 8 tiles left, while llk's solver clears it.
STUCK = [
    [3, 8, 4, 2, 12, 5],
    [5, 6, 1, 4, 5, 3],
    [1, 1, 12, 6, 3, 3],
    [4, 5, 1, 8, 4, 2],
]
# KShisen's column-by-column scan first removes the 5s at (3, 0)-(3, 1) and clears this board;
# scanned row by row (the board transposed, KShisen's loops then meet cells in row order) the
# first pair is another and greedy play gets stuck.
ORDER = [
    [1, 2, 7, 7, 3],
    [3, 5, 5, 1, 8],
    [2, 5, 1, 3, 5],
    [5, 5, 8, 1, 3],
]
# Six 1s (KShisen's own mix deals up to 12 of a kind): the first four in column order link to
# nothing, so the scan stops trying 1s (KShisen's `done` reaches 4) before it meets the fifth
# and sixth, (3, 4) and (4, 4), neighbours; no other pair links.
CAPPED = [
    [5, 1, 7, 4, 13, 11],
    [1, 11, 3, 7, 10, 8],
    [13, 12, 2, 1, 9, 12],
    [10, 6, 1, 8, 1, 6],
    [9, 3, 2, 4, 1, 5],
]


def transposed(grid: list[list[int]]) -> list[list[int]]:
    return [list(row) for row in zip(*grid, strict=True)]


def test_greedy_play_gets_stuck_where_llks_solver_clears_the_board() -> None:
    verdict = kshisen.is_solvable(STUCK)
    assert not verdict.solvable and verdict.left == 8
    found = llk.Board(np.array(STUCK), backend="python").solve()
    assert found.status == "solved"


def test_the_removals_of_a_board_it_clears_replay_on_llks_board() -> None:
    """Its links are llk's (with the ring): each pair it removes, in its order, is a legal
    move of llk's board without gravity, and they clear it."""
    for seed in range(6):
        board = llk.deal(6, 14, kinds=21, seed=seed, solvable=False, backend="python")
        verdict = kshisen.is_solvable(board.grid)
        for a, b in verdict.removed:
            board.remove(a, b)
        assert board.is_cleared() is verdict.solvable
        assert board.remaining == verdict.left


def test_its_scan_goes_column_by_column() -> None:
    verdict = kshisen.is_solvable(ORDER)
    assert verdict.solvable
    assert verdict.removed[0] == ((3, 0), (3, 1))
    assert not kshisen.is_solvable(transposed(ORDER)).solvable


def test_a_kind_that_failed_four_times_is_not_tried_again_in_that_scan() -> None:
    board = llk.Board(np.array(CAPPED), backend="python")
    assert board.can_link((3, 4), (4, 4))
    verdict = kshisen.is_solvable(CAPPED)
    assert verdict.removed == () and verdict.left == 30


@needs_both
@pytest.mark.parametrize("grid", [STUCK, ORDER, CAPPED], ids=["stuck", "order", "capped"])
def test_the_rust_port_gives_the_python_ports_verdict_on_the_hand_made_boards(grid) -> None:
    assert kshisen.is_solvable_rust(np.array(grid)) == kshisen.is_solvable(grid)


@needs_both
def test_the_rust_port_gives_the_python_ports_verdict_on_random_deals() -> None:
    stuck = 0
    for seed in range(12):
        for rows, cols, tiles in ((9, 16, "even"), (12, 24, "kshisen")):
            kinds = 42 if tiles == "kshisen" else rows * cols // 4
            board = llk.deal(rows, cols, kinds=kinds, seed=seed, solvable=False, tiles=tiles)
            verdict = kshisen.is_solvable(board.grid)
            assert kshisen.is_solvable_rust(board.grid) == verdict, board.code
            stuck += not verdict.solvable
    assert 0 < stuck < 24  # both verdicts exercised

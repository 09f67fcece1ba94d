"""Undo and redo of changes of every size, on both cores: the pure-Python core writes a change
of more than 256 cells back in one numpy assignment (_pycore/history.py, `_BULK`) and smaller
ones cell by cell, so both ways are taken here, around the threshold and far past it."""

from __future__ import annotations

import numpy as np
import pytest

import llk

SIZES = [(2, 3), (8, 16), (16, 16), (16, 17), (17, 17), (30, 30), (60, 70)]


def changed(board: llk.Board) -> int:
    """How many cells the last change rewrote."""
    return len(board.history[-1].changes)


@pytest.mark.parametrize("change", ["shuffle", "mirror"])
def test_undo_and_redo_put_back_every_cell_whatever_the_change_s_size(
    backend: str, change: str
) -> None:
    sizes = []
    for rows, cols in SIZES:
        rng = np.random.default_rng(rows * 100 + cols)
        grid = rng.integers(1, 7, size=(rows, cols))
        grid[rng.random((rows, cols)) < 0.2] = 0
        board = llk.Board(grid, backend=backend)
        if change == "shuffle":
            board.shuffle(seed=rows + cols)
        else:
            board.mirror("h")
        before, after = grid.astype(np.uint16), board.grid.copy()
        sizes.append(changed(board))
        board.undo()
        assert np.array_equal(board.grid, before), (rows, cols)
        board.redo()
        assert np.array_equal(board.grid, after), (rows, cols)
        board.undo()
        assert np.array_equal(board.grid, before), (rows, cols)
        # The board still plays as its grid says (the pure core's bitsets follow the grid).
        assert board == llk.Board(before, backend=backend)
        assert board.moves() == llk.Board(before, backend=backend).moves()
    # Both ways of writing back were taken.
    assert min(sizes) < 256 < max(sizes), sizes

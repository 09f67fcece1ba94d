"""The history of the pure-Python core (llk._pycore, docs/engine.md): every change undone and redone
exactly, a new change dropping the redo stack, refused changes recording nothing, copies.
"""

from __future__ import annotations

import numpy as np
import pytest

from llk._pycore import Board
from llk._pycore.grid import Grid
from llk.errors import IllegalMove
from tests.engine.helpers import MODES, made, make, obstacles_status, random_grid

# The pure-Python core itself, whatever the default backend.
pytestmark = pytest.mark.names_its_backends


def random_action(board: Board, rng: np.random.Generator, step: int) -> bool:
    """One random change (remove, shuffle, mirror, obstacles, solvable re-deal); whether one
    was made."""
    action = int(rng.integers(0, 5))
    if action == 0:
        moves = board.moves()
        if not len(moves):
            return False
        board.remove(*moves[int(rng.integers(0, len(moves)))].tolist())
        return True
    if action == 1:
        return made(lambda: board.shuffle(step))
    if action == 2:
        board.mirror("hv"[step % 2])
        return True
    if action == 3:
        return made(lambda: board.add_obstacles(int(rng.integers(0, 3)), step))
    try:
        board.shuffle_solvable(step)
    except IllegalMove:
        return False
    return True


def test_every_change_undoes_and_redoes_exactly() -> None:
    rng = np.random.default_rng(11)
    for case in range(250):
        grid, border = random_grid(rng)
        board = Board(grid, border, MODES[case % len(MODES)])
        states = [board.grid()]
        for step in range(12):
            before = board.undo_len
            if random_action(board, rng, step):
                states.append(board.grid())
                assert (board.undo_len, board.redo_len) == (before + 1, 0)
            else:
                assert board.undo_len == before
        last = board.grid()
        for want in reversed(states[:-1]):
            assert made(board.undo)
            assert np.array_equal(board.grid(), want), case
            assert board.remaining == np.count_nonzero(want)
        assert not made(board.undo)
        assert board.redo_len == len(states) - 1
        for want in states[1:]:
            assert made(board.redo)
            assert np.array_equal(board.grid(), want), case
        assert not made(board.redo)
        assert np.array_equal(board.grid(), last)
        # The bitsets follow every undo and redo.
        fresh = Grid(board.grid(), border)
        assert (board._grid.row_bits, board._grid.col_bits) == (fresh.row_bits, fresh.col_bits)


def test_a_new_change_drops_the_redo_stack() -> None:
    board = make([[1, 1, 2, 2]])
    board.remove(0, 0, 0, 1)
    name, args, removal, changes = board.undo()
    assert (name, args, removal) == ("remove", ((0, 0), (0, 1)), (0, 1, ((0, 0), (0, 1)), ()))
    assert np.frombuffer(changes, np.int64).tolist() == [0, 0, 1, 0, 0, 1, 1, 0]
    assert (board.undo_len, board.redo_len) == (0, 1)
    board.mirror("h")
    assert (board.undo_len, board.redo_len) == (1, 0)
    assert board.grid().tolist() == [[2, 2, 1, 1]]
    assert board.entry(0)[:2] == ("mirror", ("h",))
    assert not made(board.redo)


def test_failed_changes_record_nothing_and_empty_ones_do() -> None:
    board = make([[1, 0, 2]])
    assert not made(lambda: board.shuffle(1))
    assert not made(lambda: board.remove(0, 0, 0, 2))
    assert obstacles_status(board, 2, 0) == 2
    with pytest.raises(IllegalMove):
        board.shuffle_solvable(0)
    assert board.undo_len == 0
    # A change that happens to rewrite nothing is still one entry (as in Rust).
    board = make([[1, 2, 1]])
    board.mirror("h")
    assert (board.undo_len, board.grid().tolist()) == (1, [[1, 2, 1]])
    assert made(board.undo) and board.grid().tolist() == [[1, 2, 1]]


def test_copies_carry_their_own_history() -> None:
    board = make([[1, 1, 2, 2]], gravity="left")
    board.remove(0, 0, 0, 1)
    twin = board.copy()
    assert (twin.gravity, twin.undo_len) == ("left", 1)
    assert made(twin.undo) and twin.grid().tolist() == [[1, 1, 2, 2]]
    assert board.grid().tolist() == [[2, 2, 0, 0]] and board.undo_len == 1
    board.undo()
    assert board.redo_len == 1 and twin.redo_len == 1
    twin.mirror("v")
    assert board.redo_len == 1 and made(board.redo)

"""The gravity of the pure-Python core (llk._pycore, docs/engine.md "Gravity"): settle() against
the cell-by-cell walk, removals with their slides, and the modes by name.
"""

from __future__ import annotations

import numpy as np
import pytest

from llk._pycore import gravity as gravity_module
from llk._pycore.grid import Grid
from llk._pycore.history import revert
from llk.errors import BoardError
from tests.engine.helpers import MODES, Rows, make, random_grid
from tests.engine.reference import ref_settle

# The pure-Python core itself, whatever the default backend.
pytestmark = pytest.mark.names_its_backends


def settled(rows: Rows, gravity: str, removed: list) -> tuple[Rows, list]:
    """settle() on a grid; its changes must revert it exactly."""
    grid = Grid(np.array(rows, dtype=np.uint16), True)
    changes: list = []
    slides = gravity_module.settle(grid, gravity, removed, changes)
    after = grid.kinds.tolist()
    revert(grid, changes)
    assert grid.kinds.tolist() == rows
    assert grid.row_bits == Grid(np.array(rows, dtype=np.uint16), True).row_bits
    return after, slides


def test_down_compacts_the_touched_columns_only() -> None:
    after, slides = settled([[1, 2, 3], [0, 0, 4], [5, 0, 0]], "down", [(1, 0), (2, 2)])
    assert after == [[0, 2, 0], [1, 0, 3], [5, 0, 4]]
    assert slides == [((0, 0), (1, 0)), ((0, 2), (1, 2)), ((1, 2), (2, 2))]


def test_every_direction_and_split() -> None:
    row = [[1, 0, 2, 0, 3]]
    assert settled(row, "left", [(0, 1)])[0] == [[1, 2, 3, 0, 0]]
    assert settled(row, "right", [(0, 1)])[0] == [[0, 0, 1, 2, 3]]
    # The odd middle column 2 never moves; each half compacts outward.
    row = [[0, 1, 2, 4, 0]]
    assert settled(row, "split-h", [(0, 0), (0, 4)])[0] == [[1, 0, 2, 0, 4]]
    assert settled(row, "split-h", [(0, 2)]) == (row, [])
    column = [[0], [1], [0], [2]]
    assert settled(column, "up", [(0, 0)])[0] == [[1], [2], [0], [0]]
    assert settled(column, "split-v", [(2, 0)])[0] == [[0], [1], [0], [2]]
    assert settled(column, "split-v", [(0, 0)])[0] == [[1], [0], [0], [2]]
    assert settled(column, "none", [(0, 0)]) == (column, [])
    # An odd middle row never moves either.
    column = [[0], [7], [5], [0], [0]]
    assert settled(column, "split-v", [(0, 0), (4, 0)])[0] == [[7], [0], [5], [0], [0]]
    assert settled(column, "split-v", [(2, 0)])[1] == []


def test_remove_slides_under_gravity() -> None:
    board = make([[2, 3, 7], [1, 0, 0], [1, 5, 7]], gravity="down")
    removal = board.remove(1, 0, 2, 0)[2]
    assert removal == (0, 1, ((1, 0), (2, 0)), (((0, 0), (2, 0)),))
    # Column 1 was not touched, so its hole stays.
    assert board.grid().tolist() == [[0, 3, 7], [0, 0, 0], [2, 5, 7]]
    board = make([[1, 3, 8, 4, 1]], gravity="split-h")
    removal = board.remove(0, 0, 0, 4)[2]
    assert removal is not None and removal[3] == (((0, 1), (0, 0)), ((0, 3), (0, 4)))
    assert board.grid().tolist() == [[3, 0, 8, 0, 4]]
    # Cols 0..2 | 3 | 4..6: only the left half is touched, the right keeps its hole.
    board = make([[2, 0, 1, 1, 0, 3, 9]], gravity="split-h")
    assert board.remove(0, 2, 0, 3)[2] == (0, 1, ((0, 2), (0, 3)), ())
    assert board.grid().tolist() == [[2, 0, 0, 0, 0, 3, 9]]


def test_slides_are_sorted_by_start_whatever_the_order_of_work() -> None:
    board = make([[5, 6], [1, 1], [0, 0]], gravity="down")
    # Column 1 (the first cell named) is compacted first, but slides come sorted.
    removal = board.remove(1, 1, 1, 0)[2]
    assert removal is not None
    assert removal[3] == (((0, 0), (2, 0)), ((0, 1), (2, 1)))
    assert board._history.done[-1].changes == [
        (3, 1, 0),
        (2, 1, 0),
        (5, 0, 6),
        (1, 6, 0),
        (4, 0, 5),
        (0, 5, 0),
    ]


def test_settle_matches_the_cell_by_cell_walk() -> None:
    rng = np.random.default_rng(21)
    for case in range(1500):
        grid, _ = random_grid(rng, max_side=8)
        rows, cols = grid.shape
        gravity = MODES[case % len(MODES)]
        removed = [
            (int(rng.integers(0, rows)), int(rng.integers(0, cols)))
            for _ in range(int(rng.integers(1, 3)))
        ]
        kinds = grid.tolist()
        want_writes, want_slides = ref_settle(kinds, gravity, removed)
        pygrid = Grid(grid.copy(), True)
        changes: list = []
        slides = gravity_module.settle(pygrid, gravity, removed, changes)
        assert (changes, slides) == (want_writes, want_slides), (case, gravity, grid, removed)
        assert pygrid.kinds.tolist() == kinds
        fresh = Grid(np.array(kinds, dtype=np.uint16), True)
        assert (pygrid.row_bits, pygrid.col_bits) == (fresh.row_bits, fresh.col_bits)
        assert pygrid.remaining == fresh.remaining


def test_unknown_gravity_is_refused() -> None:
    with pytest.raises(BoardError, match='unknown gravity mode "sideways"'):
        make([[1, 1]], gravity="sideways")
    for mode in MODES:
        assert make([[1, 1]], gravity=mode).gravity == mode

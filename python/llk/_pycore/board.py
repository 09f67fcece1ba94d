"""The pure-Python board object that the public facade wraps: the twin of rust/src/board.rs
with the Python surface of rust/src/bindings.rs (``llk._core.Board``), value for value.

Inputs are trusted: the facade has already checked shapes, kinds and coordinates. The few
checks the Rust class makes itself (gravity name, board size, cells, mirror axis) are made
here too, with the same exceptions and messages.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import index
from typing import Any

import numpy as np

from ..errors import BoardError
from . import deal as deal_module
from . import scan
from .gravity import MODES, Slide, settle
from .grid import Grid
from .history import Change, History, diff, write
from .path import Path, best_path
from .rng import SplitMix64
from .shuffle import DONE
from .shuffle import shuffle as shuffle_kinds
from .solve import solve as solve_board

# The largest board the engine accepts, in cells (rust/src/grid.rs, MAX_CELLS).
MAX_CELLS = 1 << 24

Removal = tuple[int, int, tuple[tuple[int, int], ...], tuple[Slide, ...]]


def _debug_str(text: str) -> str:
    """``text`` quoted as Rust's ``{:?}`` prints a string, for messages shared with Rust."""
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}
    body = "".join(
        escapes.get(ch, ch if ch.isprintable() else f"\\u{{{ord(ch):x}}}") for ch in text
    )
    return f'"{body}"'


def _moves_array(moves: list[tuple[int, int]], cols: int) -> np.ndarray:
    """Moves ``(a, c)`` (cell indices) as an int64 array of rows ``(r1, c1, r2, c2)``."""
    pairs = np.array(moves, dtype=np.int64).reshape(-1, 2)
    rows, columns = np.divmod(pairs, cols)
    return np.stack([rows[:, 0], columns[:, 0], rows[:, 1], columns[:, 1]], axis=1)


class Board:
    """A LianLianKan board: tile kinds (0 = empty), whether a border ring surrounds it, where
    tiles slide after a removal, and the history of its changes."""

    __slots__ = ("_gravity", "_grid", "_history")

    def __init__(self, grid: np.ndarray, border: bool, gravity: str = "none") -> None:
        if gravity not in MODES:
            raise BoardError(f"unknown gravity mode {_debug_str(str(gravity))}")
        kinds = np.array(grid, dtype=np.uint16, order="C", copy=True)
        rows, cols = kinds.shape
        if rows == 0 or cols == 0:
            raise BoardError(
                f"grid is empty ({rows}x{cols}): a board needs at least one row and one column"
            )
        if rows * cols > MAX_CELLS:
            raise BoardError(
                f"grid is too large ({rows}x{cols} = {rows * cols} cells): "
                f"at most {MAX_CELLS} cells"
            )
        self._grid = Grid(kinds, bool(border))
        self._gravity = gravity
        self._history = History()

    # What the board is.

    @property
    def rows(self) -> int:
        return self._grid.rows

    @property
    def cols(self) -> int:
        return self._grid.cols

    @property
    def border(self) -> bool:
        return self._grid.border

    @property
    def remaining(self) -> int:
        return self._grid.remaining

    @property
    def gravity(self) -> str:
        return self._gravity

    @property
    def undo_len(self) -> int:
        return self._history.undo_len

    @property
    def redo_len(self) -> int:
        return self._history.redo_len

    def grid(self) -> np.ndarray:
        return self._grid.kinds.copy()

    def _cell(self, r: int, c: int) -> tuple[int, int]:
        """``(r, c)`` as plain ints; ``BoardError`` when it is not on the board."""
        r, c = index(r), index(c)
        rows, cols = self._grid.rows, self._grid.cols
        if not (0 <= r < rows and 0 <= c < cols):
            raise BoardError(f"cell ({r}, {c}) is outside the {rows}x{cols} board")
        return r, c

    def get(self, r: int, c: int) -> int:
        r, c = self._cell(r, c)
        return int(self._grid.flat[r * self._grid.cols + c])

    # Links.

    def path(self, r1: int, c1: int, r2: int, c2: int) -> Path | None:
        """The best path between two tiles of one kind, or None when they do not link."""
        (r1, c1), (r2, c2) = self._cell(r1, c1), self._cell(r2, c2)
        if r1 == r2 and c1 == c2:
            return None
        kinds = self._grid.kinds
        kind = kinds[r1, c1]
        if kind == 0 or kinds[r2, c2] != kind:
            return None
        return best_path(self._grid, r1, c1, r2, c2)

    def remove(self, r1: int, c1: int, r2: int, c2: int) -> Removal | None:
        """Remove the two tiles when they link and let tiles slide (one history entry);
        return ``(turns, length, corners, slides)``. None, nothing changed, otherwise."""
        (r1, c1), (r2, c2) = self._cell(r1, c1), self._cell(r2, c2)
        found = self.path(r1, c1, r2, c2)
        if found is None:
            return None
        grid, cols = self._grid, self._grid.cols
        changes: list[Change] = []
        write(grid, changes, r1 * cols + c1, 0)
        write(grid, changes, r2 * cols + c2, 0)
        slides = settle(grid, self._gravity, [(r1, c1), (r2, c2)], changes)
        self._history.record(changes)
        turns, length, corners = found
        return turns, length, corners, tuple(slides)

    # Scans.

    def hint(self) -> tuple[int, int, int, int] | None:
        return scan.hint(self._grid)

    def moves(self) -> np.ndarray:
        return scan.moves(self._grid)

    def move_count(self) -> int:
        return scan.move_count(self._grid)

    def is_deadlocked(self) -> bool:
        return self._grid.remaining > 0 and not scan.has_move(self._grid)

    # Changes, each recorded as one history entry.

    def _recorded(self, change: Callable[[Grid], Any]) -> Any:
        """Run ``change`` on the grid; when it returns (raises nothing), record the cells it
        rewrote, in index order, as one history entry (even when none changed)."""
        before = self._grid.flat.copy()
        done = change(self._grid)
        self._history.record(diff(before, self._grid.flat))
        return done

    def shuffle(self, seed: int) -> int:
        """Re-deal the kinds (positions stay); 0 done, 1 no kind twice, 2 no cells can link.
        Recorded when done; nothing changes otherwise."""
        before = self._grid.flat.copy()
        status = shuffle_kinds(self._grid, seed)
        if status == DONE:
            self._history.record(diff(before, self._grid.flat))
        return status

    def shuffle_solvable(self, seed: int) -> np.ndarray:
        """Re-deal the kinds, positions kept, into a board with a known solution, returned.
        ``IllegalMove`` (nothing changed) when a kind has an odd number of tiles."""
        gravity = self._gravity
        solution = self._recorded(lambda g: deal_module.redeal_solvable(g, gravity, seed))
        return _moves_array(solution, self._grid.cols)

    def mirror(self, axis: str) -> None:
        """Flip every cell: axis "h" swaps left and right, "v" top and bottom."""
        if axis not in ("h", "v"):
            raise BoardError(f"mirror axis must be 'h' or 'v', not {_debug_str(str(axis))}")

        def flip(g: Grid) -> None:
            g.kinds[...] = g.kinds[:, ::-1] if axis == "h" else g.kinds[::-1, :]
            g.reload()

        self._recorded(flip)

    def add_obstacles(self, pairs: int, seed: int) -> int:
        """Add ``pairs`` pairs of kinds already on the board into empty cells: 0 done
        (recorded), 1 no kinds on the board, 2 fewer than ``2 * pairs`` empty cells."""
        flat = self._grid.flat
        kinds = np.unique(flat[flat != 0]).tolist()
        if not kinds:
            return 1
        empty = np.flatnonzero(flat == 0).tolist()
        if len(empty) < 2 * pairs:
            return 2
        rng = SplitMix64(seed)

        def place(g: Grid) -> None:
            for i in range(pairs):
                kind = kinds[rng.below(len(kinds))]
                for j in (2 * i, 2 * i + 1):
                    pick = j + rng.below(len(empty) - j)
                    empty[j], empty[pick] = empty[pick], empty[j]
                    g.set(empty[j], kind)

        self._recorded(place)
        return 0

    def undo(self) -> bool:
        return self._history.undo(self._grid)

    def redo(self) -> bool:
        return self._history.redo(self._grid)

    # Deals and the solver.

    def deal(self, pair_kinds: np.ndarray, seed: int, solvable: bool) -> np.ndarray | None:
        """Deal one pair of each listed kind over the occupied cells; the history starts empty.
        Return the solution when ``solvable``. ``BoardError`` when the pairs do not fill the
        tile cells."""
        solution = deal_module.deal(self._grid, self._gravity, pair_kinds, seed, bool(solvable))
        self._history.clear()
        return None if solution is None else _moves_array(solution, self._grid.cols)

    def solve(self, budget: int) -> tuple[str, np.ndarray, int]:
        """``(status, moves, states)``: status "solved", "unsolvable" or "unknown"."""
        status, moves, states = solve_board(self._grid, self._gravity, budget)
        return status, _moves_array(moves, self._grid.cols), states

    def copy(self) -> Board:
        clone = Board.__new__(Board)
        clone._grid = self._grid.copy()
        clone._gravity = self._gravity
        clone._history = self._history.copy()
        return clone

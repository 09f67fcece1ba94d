"""The pure-Python board object that the public facade wraps: the twin of rust/src/board.rs
with the Python surface of rust/src/bindings.rs (``llk._core.Board``), value for value.

The facade has already checked shapes, kinds and coordinates. What the Rust class checks
itself (the grid's array, numbers, flags, gravity name, board size, cells, mirror axis) is
checked here too, with the same exceptions and messages (args.py), for a caller that reaches
the core directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import errors as E
from .._limits import DEFAULT_MEMORY_MB, MAX_CELLS, Gravity
from . import changes, density, near, scan, slide
from .args import core_coord, core_flag, core_grid, core_int, core_time_limit, debug_str
from .changes import moves_array
from .gravity import MODES, settle
from .grid import Grid
from .history import Change, Entry, History, as_rows, write
from .miss import near_miss
from .path import Path, best_path
from .slide_solve import solve as solve_slide
from .solve import solve as solve_board

# `(turns, length, corners, slides[, pushed])`: the pushed tiles after a slide link.
Removal = tuple[Any, ...]
# An entry as `entry` hands it over: `(name, args, removal or None, changes)`.
CoreEntry = tuple[Any, ...]


class Board:
    """A LianLianKan board: tile kinds (0 = empty), whether a border ring surrounds it, where
    tiles slide after a removal, the rule variants, and the history of its changes."""

    __slots__ = ("_frozen", "_gravity", "_grid", "_history", "_slide")

    def __init__(
        self,
        grid: npt.NDArray[np.uint16],
        border: bool,
        gravity: Gravity | None = None,
        chinese: bool | None = None,
        slide: bool | None = None,
    ) -> None:
        kinds = np.array(core_grid(grid), order="C", copy=True)
        border = core_flag("border", border)
        chinese = False if chinese is None else core_flag("chinese", chinese)
        slide = False if slide is None else core_flag("slide", slide)
        name = "none" if gravity is None else str(gravity)
        if name not in MODES:
            raise E.GRAVITY_UNKNOWN(value=debug_str(name))
        rows, cols = kinds.shape
        if rows == 0 or cols == 0:
            raise E.GRID_EMPTY(rows=rows, cols=cols)
        if rows * cols > MAX_CELLS:
            raise E.GRID_TOO_LARGE(rows=rows, cols=cols, cells=rows * cols, limit=MAX_CELLS)
        self._grid = Grid(kinds, border, chinese)
        self._gravity = name
        self._history = History()
        self._slide = slide
        self._frozen = False

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
    def chinese(self) -> bool:
        return self._grid.faces is not None

    @property
    def slide(self) -> bool:
        return self._slide

    @property
    def remaining(self) -> int:
        return self._grid.remaining

    @property
    def gravity(self) -> Gravity:
        return self._gravity

    @property
    def frozen(self) -> bool:
        return self._frozen

    @property
    def undo_len(self) -> int:
        return self._history.undo_len

    @property
    def redo_len(self) -> int:
        return self._history.redo_len

    def grid(self) -> npt.NDArray[np.uint16]:
        faces = self._grid.face_flat.reshape(self._grid.rows, self._grid.cols)
        kinds: npt.NDArray[np.uint16] = faces.copy()
        return kinds

    def _cell(self, r: int, c: int) -> tuple[int, int]:
        """``(r, c)`` as plain ints; ``BoardError`` when it is not on the board."""
        r, c = core_coord(r), core_coord(c)
        rows, cols = self._grid.rows, self._grid.cols
        if not (0 <= r < rows and 0 <= c < cols):
            raise E.CELL_OFF_BOARD(r=r, c=c, rows=rows, cols=cols)
        return r, c

    def get(self, r: int, c: int) -> int:
        r, c = self._cell(r, c)
        return int(self._grid.face_flat[r * self._grid.cols + c])

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
        if self._slide:
            found = slide.best_link(self._grid, (r1, c1), (r2, c2))
            return None if found is None else slide.as_raw(found[0], None, found[1])
        return best_path(self._grid, r1, c1, r2, c2)

    def near_miss(self, r1: int, c1: int, r2: int, c2: int) -> Path | None:
        """``(3, length, corners)`` of the best three-turn path joining two tiles of one kind
        that do not link, or None (not such a pair, a pair that links, or blocked even for
        three turns)."""
        (r1, c1), (r2, c2) = self._cell(r1, c1), self._cell(r2, c2)
        if (r1, c1) == (r2, c2):
            return None
        kinds = self._grid.kinds
        kind = kinds[r1, c1]
        if (
            self._slide
            or kind == 0
            or kinds[r2, c2] != kind
            or best_path(self._grid, r1, c1, r2, c2)
        ):
            return None
        return near_miss(self._grid, r1, c1, r2, c2)

    def remove(self, r1: int, c1: int, r2: int, c2: int) -> CoreEntry:
        """Remove the two tiles when they link and let tiles slide (one history entry);
        return the entry, as ``entry`` does. Refused, nothing changed, with ``IllegalMove``
        saying why otherwise."""
        self._changeable()
        (r1, c1), (r2, c2) = self._cell(r1, c1), self._cell(r2, c2)
        found = self.path(r1, c1, r2, c2)
        if found is None:
            raise self._why_not((r1, c1), (r2, c2))
        grid, cols = self._grid, self._grid.cols
        written: list[Change] = []
        if self._slide:
            done = slide.remove(grid, self._gravity, (r1, c1), (r2, c2), written)
            assert done is not None
            removal: Removal = slide.as_raw(done[0], tuple(done[2]), done[1])
        else:
            write(grid, written, r1 * cols + c1, 0)
            write(grid, written, r2 * cols + c2, 0)
            slides = settle(grid, self._gravity, [(r1, c1), (r2, c2)], written)
            turns, length, corners = found
            removal = (turns, length, corners, tuple(slides))
        entry = Entry("remove", ((r1, c1), (r2, c2)), removal, written)
        self._history.record(entry)
        return self._entry_tuple(entry)

    def _changeable(self) -> None:
        """``IllegalMove`` for a snapshot, which refuses every change."""
        if self._frozen:
            raise E.SNAPSHOT_CHANGE()

    def _why_not(self, a: tuple[int, int], c: tuple[int, int]) -> BaseException:
        # Keys decide (the match groups), faces are what the message names.
        ka, kc = self.get(*a), self.get(*c)
        if a == c:
            return E.REMOVE_ITSELF(a=a)
        if ka == 0 or kc == 0:
            return E.REMOVE_EMPTY(cell=a if ka == 0 else c)
        if self._grid.kinds[a] != self._grid.kinds[c]:
            return E.REMOVE_KINDS(a=a, c=c, ka=ka, kc=kc)
        return E.REMOVE_NO_PATH(a=a, c=c)

    # Scans.

    # Under the slide variant: slide.py's pair-by-pair scan.

    def hint(self) -> tuple[int, int, int, int] | None:
        return slide.hint(self._grid) if self._slide else scan.hint(self._grid)

    def moves(self) -> np.ndarray:
        return slide.moves(self._grid) if self._slide else scan.moves(self._grid)

    def hints_near(self, r: int, c: int, count: int) -> np.ndarray:
        cell, count = self._cell(r, c), core_int("count", count)
        if self._slide:
            return slide.hints_near(self._grid, cell, count)
        return near.hints_near(self._grid, cell, count)

    def move_density(self, block: int) -> np.ndarray:
        block = core_int("block", block, 1)
        if self._slide:
            return slide.move_density(self._grid, block)
        return density.move_density(self._grid, block)

    def move_count(self) -> int:
        return len(slide.move_list(self._grid)) if self._slide else scan.move_count(self._grid)

    def is_deadlocked(self) -> bool:
        if self._slide:
            return self._grid.remaining > 0 and not slide.move_list(self._grid)
        return self._grid.remaining > 0 and not scan.has_move(self._grid)

    # Changes besides a removal (changes.py), each returning the entry it recorded.

    def shuffle(self, seed: int) -> CoreEntry:
        """Re-deal the kinds (positions stay) until a move exists; recorded."""
        self._changeable()
        return self._entry_tuple(changes.shuffle(self._grid, self._history, seed, self._slide))

    def shuffle_solvable(self, seed: int) -> tuple[np.ndarray, CoreEntry]:
        """Re-deal into a board with a known solution: the solution and the entry."""
        self._changeable()
        grid, gravity = self._grid, self._gravity
        solution, entry = changes.shuffle_solvable(grid, self._history, gravity, seed)
        return solution, self._entry_tuple(entry)

    def mirror(self, axis: str) -> CoreEntry:
        """Flip every cell: axis "h" swaps left and right, "v" top and bottom."""
        self._changeable()
        return self._entry_tuple(changes.mirror(self._grid, self._history, axis))

    def add_obstacles(self, pairs: int, seed: int) -> CoreEntry:
        """Add ``pairs`` pairs of kinds already on the board into empty cells (recorded)."""
        self._changeable()
        return self._entry_tuple(changes.add_obstacles(self._grid, self._history, pairs, seed))

    def deal(
        self,
        pair_kinds: np.ndarray,
        seed: int,
        solvable: bool,
        version: int | None = None,
        groups: bool | None = None,
    ) -> np.ndarray | None:
        """Deal one pair of each listed kind over the occupied cells (changes.deal); the
        history starts empty. The solution when ``solvable``."""
        self._changeable()
        board = self._grid, self._history, self._gravity, self._slide
        return changes.deal(*board, pair_kinds, seed, solvable, version, groups)

    # History.

    def _entry_tuple(self, entry: Entry) -> tuple[Any, ...]:
        return entry.name, entry.args, entry.removal, as_rows(entry.changes, self._grid.cols)

    def entry(self, index: int) -> tuple[Any, ...]:
        """The ``index``-th entry that ``undo`` can take back (0 the oldest), as
        ``(name, args, removal or None, changes)``, changes as rows (row, col, old, new)."""
        index = core_int("index", index)
        done = self._history.done
        if index >= len(done):
            raise IndexError(
                f"history entry {index} out of range: the history has {len(done)} entries"
            )
        return self._entry_tuple(done[index])

    def history_removals(self) -> np.ndarray:
        """Every removal that ``undo`` can take back, as rows (position, r1, c1, r2, c2): an
        int64 array of shape (n, 5)."""
        rows = [
            (position, *entry.args[0], *entry.args[1])
            for position, entry in enumerate(self._history.done)
            if entry.name == "remove"
        ]
        return np.array(rows, dtype=np.int64).reshape(-1, 5)

    def undo(self) -> tuple[Any, ...]:
        """Take back the last change and return its entry."""
        self._changeable()
        entry = self._history.undo(self._grid)
        if entry is None:
            raise E.NOTHING_TO_UNDO()
        return self._entry_tuple(entry)

    def redo(self) -> tuple[Any, ...]:
        """Do the last undone change again and return its entry."""
        self._changeable()
        entry = self._history.redo(self._grid)
        if entry is None:
            raise E.NOTHING_TO_REDO()
        return self._entry_tuple(entry)

    # The solver.

    def solve(
        self,
        budget: int,
        memory_mb: int | None = None,
        cancel: Callable[[], object] | None = None,
        time_limit: float | None = None,
    ) -> tuple[str, np.ndarray, int]:
        """``(status, moves, states)``: status "solved", "unsolvable", "unknown" (the budget
        ran out) or "timed out" (``time_limit`` seconds passed first); the table of dead states
        sized by ``memory_mb`` as in the Rust core. ``cancel`` is called every few states; what
        it raises stops the search."""
        budget = core_int("budget", budget)
        memory_mb = DEFAULT_MEMORY_MB if memory_mb is None else core_int("memory_mb", memory_mb)
        seconds = core_time_limit(time_limit)
        if self._slide:
            status, moves, states = solve_slide(
                self._grid, self._gravity, budget, memory_mb, cancel, seconds
            )
        else:
            status, moves, states = solve_board(
                self._grid, self._gravity, budget, memory_mb, cancel, seconds
            )
        return status, moves_array(moves, self._grid.cols), states

    def copy(self) -> Board:
        clone = Board.__new__(Board)
        clone._grid = self._grid.copy()
        clone._gravity = self._gravity
        clone._history = self._history.copy()
        clone._slide = self._slide
        clone._frozen = self._frozen
        return clone

    def snapshot(self) -> Board:
        """The board as it is now, without its history, refusing every change (the Rust
        core shares its grid; this core, the slow one, copies it)."""
        clone = Board.__new__(Board)
        clone._grid, clone._gravity, clone._slide = self._grid.copy(), self._gravity, self._slide
        clone._history, clone._frozen = History(), True
        return clone

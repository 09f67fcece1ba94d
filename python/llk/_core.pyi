"""Stub of the Rust extension module `llk._core` (rust/src/bindings.rs).

Private: `llk.Board` wraps `Board` and checks every argument before it gets here. The
pure-Python core, `llk._pycore.Board`, has this very interface and gives the same values.

Moves and solutions are int64 arrays of shape (n, 4), one row `(r1, c1, r2, c2)` per move
with `(r1, c1) < (r2, c2)` in row-major order at the time the move is made.
"""

from collections.abc import Callable
from typing import Protocol, final, type_check_only

import numpy as np
import numpy.typing as npt

from llk._limits import Gravity

# The module's own __all__ (PyO3 writes it): stubtest checks that the two agree.
__all__ = [
    "BUILD_PROFILE",
    "MAX_CELLS",
    "Board",
    "__version__",
    "classic",
]

__version__: str
BUILD_PROFILE: str
MAX_CELLS: int
"""The largest board, in cells (python/llk/_limits.py holds the same)."""

_Cell = tuple[int, int]
_Slide = tuple[_Cell, _Cell]
_Removal = tuple[int, int, tuple[_Cell, ...], tuple[_Slide, ...]]
# A history entry: (name, args, removal or None, changes), changes the bytes of a native-endian
# int64 array of rows (row, col, old kind, new kind) in the order written.
_Entry = tuple[str, tuple[object, ...], _Removal | None, bytes]

@final
class Board:
    def __new__(
        cls,
        grid: npt.NDArray[np.uint16],
        border: bool,
        gravity: Gravity | None = None,
        chinese: bool | None = None,
        slide: bool | None = None,
    ) -> Board:
        """`gravity`: "none" (also when None), "down", "up", "left", "right", "split-h" or
        "split-v"; `chinese` and `slide` the rule variants (False when None); `BoardError` for
        another name, an empty or too large grid, or arguments of another type
        (bindings/args.rs)."""
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def border(self) -> bool: ...
    @property
    def chinese(self) -> bool: ...
    @property
    def slide(self) -> bool: ...
    @property
    def remaining(self) -> int: ...
    @property
    def gravity(self) -> Gravity: ...
    @property
    def frozen(self) -> bool:
        """Whether this is a snapshot (`snapshot`), which refuses every change."""
    @property
    def undo_len(self) -> int:
        """History entries that `undo` can take back."""
    @property
    def redo_len(self) -> int:
        """Undone entries that `redo` can bring back."""
    def grid(self) -> npt.NDArray[np.uint16]:
        """A copy of the kinds, shape (rows, cols)."""
    def get(self, r: int, c: int) -> int:
        """The kind at a cell; `BoardError` for a cell off the board."""
    def path(self, r1: int, c1: int, r2: int, c2: int) -> tuple[int, int, tuple[_Cell, ...]] | None:
        """(turns, length, corners) of the best path, or None when the cells do not link."""
    def near_miss(
        self, r1: int, c1: int, r2: int, c2: int
    ) -> tuple[int, int, tuple[_Cell, ...]] | None:
        """(3, length, corners) of the best three-turn path joining two tiles of one kind that
        do not link, or None: not such a pair (the same cell, an empty cell, two kinds), a pair
        that links (`path` has it), or a pair that three turns cannot join either."""
    def remove(self, r1: int, c1: int, r2: int, c2: int) -> _Entry:
        """Removes a linking pair and lets tiles slide under the board's gravity (one history
        entry) and returns the entry, as `entry` would: its removal is (turns, length, corners,
        slides), slides `(from, to)` sorted by `from`. `IllegalMove` saying why, board
        unchanged, when the cells do not link (or on a snapshot)."""
    def hint(self) -> tuple[int, int, int, int] | None: ...
    def moves(self) -> npt.NDArray[np.int64]: ...
    def hints_near(self, r: int, c: int, count: int) -> npt.NDArray[np.int64]:
        """The first `count` linking pairs in order of distance to (r, c), as rows
        (r1, c1, r2, c2)."""
    def move_density(self, block: int) -> npt.NDArray[np.uint32]:
        """Per block x block cells, the tiles that have a partner."""
    def move_count(self) -> int: ...
    def is_deadlocked(self) -> bool: ...
    def shuffle(self, seed: int) -> _Entry:
        """Re-deals the kinds, positions kept, until a move exists; returns the history entry
        it recorded. `IllegalMove` (board unchanged, nothing recorded) when no kind has two
        tiles or no two cells can ever link."""
    def shuffle_solvable(self, seed: int) -> tuple[npt.NDArray[np.int64], _Entry]:
        """Re-deals the kinds, positions kept, into a board with a known solution: returns the
        solution and the history entry it recorded. `IllegalMove` (nothing changed) when a
        kind has an odd number of tiles."""
    def mirror(self, axis: str) -> _Entry:
        """Flips every cell, "h" left and right, "v" top and bottom; returns the history entry
        it recorded. `BoardError` for another axis."""
    def add_obstacles(self, pairs: int, seed: int) -> _Entry:
        """Adds `pairs` pairs of kinds already on the board into empty cells; returns the
        history entry it recorded. `IllegalMove` when there are no kinds on the board or fewer
        than `2 * pairs` empty cells."""
    def entry(self, index: int) -> _Entry:
        """The `index`-th entry `undo` can take back, 0 the oldest; `IndexError` past them."""
    def history_removals(self) -> npt.NDArray[np.int64]:
        """Every removal `undo` can take back, as rows (position, r1, c1, r2, c2), shape (n, 5)."""
    def undo(self) -> _Entry:
        """Takes back the last history entry and returns it; `IllegalMove` when there is none."""
    def redo(self) -> _Entry:
        """Brings back the last undone entry and returns it; `IllegalMove` when there is none."""
    def deal(
        self,
        pair_kinds: npt.NDArray[np.uint16],
        seed: int,
        solvable: bool,
        version: int | None = None,
        groups: bool | None = None,
    ) -> npt.NDArray[np.int64] | None:
        """Deals two tiles of each listed kind over the occupied cells by the rules of deal
        `version` (1 or 2; 2 when not given) and clears the history; the solution when
        `solvable`, else None. `groups` (Chinese style): the pairs listed as 35 and 39 stand
        for the flower and season groups, whose tiles then get the group's four faces in turn
        (row-major). `BoardError` when the pairs do not fill the occupied cells or the version
        is unknown."""
    def solve(
        self,
        budget: int,
        memory_mb: int | None = None,
        cancel: Callable[[], object] | None = None,
        time_limit: float | None = None,
    ) -> tuple[str, npt.NDArray[np.int64], int]:
        """(status, moves, states): "solved" (moves clear the board), "unsolvable",
        "unknown" (the budget of expanded states ran out) or "timed out" (`time_limit`
        seconds, an int or float above 0 and finite, passed first; None: no limit; else
        `BoardError`), keeping within `memory_mb` MiB;
        the board is not changed (`memory_mb` 256 when not given). `BoardError` for
        `memory_mb` outside 1..2**20, `MemoryError` when the machine refuses memory.
        `cancel` is called every 50 ms with the GIL held; what it raises stops the search and
        is raised here."""
    def copy(self) -> Board:
        """An independent copy, history included (it shares the grid until either changes);
        a snapshot's copy is a snapshot."""
    def snapshot(self) -> Board:
        """The board as it is now, without its history, refusing every change with
        `IllegalMove` (`frozen`): it shares the grid until this board changes, so taking it
        costs no copy."""

# `llk._core.classic` (rust/src/bindings/classic.rs): the classic algorithm of the tutorials
# (rust/src/classic.rs), which `llk bench` measures the engine against; not the engine. A plain
# grid, and for each pair of tiles of one kind the 0-, 1- and 2-corner line-scan test. Typed here
# as a protocol, since a stub of its own would need a `_core/` stub package, and that folder
# would make `import llk._core` succeed, as a namespace package, where the extension is not built.

@type_check_only
class _Classic(Protocol):
    def hint(self, grid: npt.NDArray[np.uint16], border: bool) -> tuple[int, int, int, int] | None:
        """The first linking pair met pairing each tile with each later tile of its kind, in
        row-major order, as (r1, c1, r2, c2); None when no pair links."""
    def move_count(self, grid: npt.NDArray[np.uint16], border: bool) -> int:
        """How many pairs link, every pair of tiles of one kind tested."""
    def path_exists(
        self, grid: npt.NDArray[np.uint16], border: bool, r1: int, c1: int, r2: int, c2: int
    ) -> bool:
        """Do the tiles at (r1, c1) and (r2, c2) link? `BoardError` for a cell off the board."""
    def kshisen_check(
        self, grid: npt.NDArray[np.uint16]
    ) -> tuple[list[tuple[int, int, int, int]], int]:
        """KShisen's greedy solvability check (rust/src/kshisen.rs): the pairs it removes, in
        order, as (r1, c1, r2, c2), and the tiles it leaves (0: it calls the deal solvable)."""

classic: _Classic

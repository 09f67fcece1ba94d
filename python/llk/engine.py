"""The engine facade: picks a backend and gives both one API, `Board` and `Path`.

`LLK_BACKEND` chooses at import: `auto` (the default) takes the Rust core when it is built and
the pure-Python core otherwise, `rust` insists on the Rust core, `python` forces the twin. Each
`Board` may also name its backend. Arguments are checked here, once for both cores, so both
raise the same exceptions with the same messages; the cores do the work.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from types import ModuleType
from typing import Any, NamedTuple, NoReturn

import numpy as np

from . import _input, _pycore
from .errors import BoardError, IllegalMove

Cell = tuple[int, int]
Pair = tuple[Cell, Cell]

BACKENDS = ("rust", "python")
GRAVITY_MODES = _input.GRAVITY_MODES


def _import_rust() -> ModuleType | None:
    try:
        from . import _core
    except ImportError:
        return None
    return _core


_rust = _import_rust()


def _is_the_llk_command() -> bool:
    """Is this process the `llk` command (the script, or `python -m llk`)?"""
    if os.path.basename(sys.argv[0] if sys.argv else "") in ("llk", "llk.exe", "llk-script.py"):
        return True
    # `python -m llk` imports the package while sys.argv[0] is still "-m"; the module's name is
    # only in sys.orig_argv, as "-m llk" or "-mllk".
    if sys.argv[:1] != ["-m"]:
        return False
    argv = [*getattr(sys, "orig_argv", []), ""]
    at = next((i for i, arg in enumerate(argv) if arg.startswith("-m")), None)
    if at is None:
        return False
    module = argv[at + 1] if argv[at] == "-m" else argv[at][2:]
    return module == "llk" or module.startswith("llk.")


def _refuse(message: str) -> NoReturn:
    """Fails the import of llk with `message`. In the `llk` command, the command's own way
    instead: one line on stderr and exit status 2, as for its other usage errors, rather than
    an import traceback."""
    if _is_the_llk_command():
        sys.stderr.write(f"llk: error: {message}\n")
        raise SystemExit(2)
    raise ImportError(message)


def _choose_backend() -> str:
    wanted = os.environ.get("LLK_BACKEND", "auto").strip().lower() or "auto"
    if wanted not in ("auto", *BACKENDS):
        _refuse(
            "LLK_BACKEND must be 'auto', 'rust' or 'python', "
            f"not {_input.show(os.environ['LLK_BACKEND'])}"
        )
    if wanted == "rust" and _rust is None:
        _refuse(
            "LLK_BACKEND=rust but the Rust extension llk._core is not built: "
            "install llk with `pip install .` (needs a Rust toolchain) or use LLK_BACKEND=python"
        )
    if wanted == "python" or _rust is None:
        return "python"
    return "rust"


BACKEND: str = _choose_backend()


def rust_available() -> bool:
    """Is the Rust extension built and importable?"""
    return _rust is not None


def _core_class(backend: str | None) -> tuple[str, Any]:
    # Types first: `==` on a numpy array compares every cell, which for a broadcast view of a
    # trillion cells is a trillion comparisons.
    name = BACKEND if backend is None else backend if isinstance(backend, str) else ""
    if name == "python":
        return name, _pycore.Board
    if name == "rust":
        if _rust is None:
            raise ImportError("the Rust backend is not built (llk._core is missing)")
        return name, _rust.Board
    raise ValueError(f"backend must be None, 'rust' or 'python', not {_input.show(backend)}")


@dataclass(frozen=True)
class Path:
    """A linking path: its corners from the first cell to the second (cells on the ring have
    row or column -1, `rows` or `cols`), its number of turns (0..2) and its length in unit
    steps. A path returned by `Board.remove` also lists the tiles that slid after the removal
    under the board's gravity, as `(from, to)` pairs sorted by `from`."""

    corners: tuple[Cell, ...]
    turns: int
    length: int
    slides: tuple[tuple[Cell, Cell], ...] = ()

    def cells(self) -> Iterator[Cell]:
        """Every cell the path passes through, endpoints included, in order."""
        yield self.corners[0]
        for (r0, c0), (r1, c1) in pairwise(self.corners):
            dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
            r, c = r0, c0
            while (r, c) != (r1, c1):
                r, c = r + dr, c + dc
                yield r, c


def _path(raw: tuple | None) -> Path | None:
    if raw is None:
        return None
    if len(raw) == 4:
        turns, length, corners, slides = raw
        return Path(tuple(corners), turns, length, tuple(slides))
    turns, length, corners = raw
    return Path(tuple(corners), turns, length)


class Hint(tuple):
    """A hinted pair `(a, c)`, which also says whether it is *safe*: the solver proved that the
    board can still be cleared after it."""

    safe: bool

    def __new__(cls, a: Cell, c: Cell, safe: bool = False) -> Hint:
        hint = super().__new__(cls, (a, c))
        hint.safe = safe
        return hint

    def __repr__(self) -> str:
        return f"Hint({self[0]}, {self[1]}, safe={self.safe})"


class Action(NamedTuple):
    """One entry of a board's history: what was done (`remove`, `shuffle`, `mirror`,
    `obstacles`) and with which arguments."""

    name: str
    args: tuple


def _pairs(array: np.ndarray) -> list[Pair]:
    return [((r1, c1), (r2, c2)) for r1, c1, r2, c2 in array.tolist()]


class Board:
    """A LianLianKan board: a grid of kinds (0 empty, 1..65535 a tile) and the rules on it.

    `grid` is nested sequences or a 2-D numpy array of any integer dtype. With `border` (the
    default) paths may run through an empty ring one cell wide around the board. `gravity`
    says where tiles slide after a removal (see `GRAVITY_MODES`). `backend` is None (follow
    `llk.BACKEND`), "rust" or "python".
    """

    __slots__ = ("_backend", "_code", "_core", "_done", "_solution", "_undone")

    def __init__(
        self,
        grid: Any,
        *,
        border: bool = True,
        gravity: str = "none",
        backend: str | None = None,
    ) -> None:
        backend, core_class = _core_class(backend)
        border = _input.as_flag("border", border)
        core = core_class(_input.as_grid(grid), border, _input.as_gravity(gravity))
        self._init(backend, core)

    def _init(self, backend: str, core: Any) -> None:
        self._backend, self._core = backend, core
        self._done: list[Action] = []
        self._undone: list[Action] = []
        self._solution: list[Pair] | None = None
        self._code: str | None = None

    @classmethod
    def _wrap(cls, backend: str, core: Any) -> Board:
        board = cls.__new__(cls)
        board._init(backend, core)
        return board

    # What the board is.

    @property
    def rows(self) -> int:
        return self._core.rows

    @property
    def cols(self) -> int:
        return self._core.cols

    @property
    def border(self) -> bool:
        return self._core.border

    @property
    def gravity(self) -> str:
        return self._core.gravity

    @property
    def backend(self) -> str:
        return self._backend

    @property
    def grid(self) -> np.ndarray:
        """A copy of the kinds, shape (rows, cols), dtype uint16."""
        return self._core.grid()

    @property
    def remaining(self) -> int:
        """Tiles left."""
        return self._core.remaining

    @property
    def solution(self) -> list[Pair] | None:
        """For a board from a solvable deal (or re-dealt by `shuffle(seed, solvable=True)`): the
        moves that clear it as it was then, under its gravity. None otherwise."""
        return None if self._solution is None else list(self._solution)

    @property
    def code(self) -> str | None:
        """The share code of the deal this board came from (`Board.from_code` deals it again,
        on either backend), or None for a board built from a grid."""
        return self._code

    @classmethod
    def from_code(cls, code: str, *, backend: str | None = None) -> Board:
        """Deals the board a share code names (see `Board.code`)."""
        from .deals import deal_from_code

        return deal_from_code(code, backend=backend)

    def _cell(self, cell: Any) -> Cell:
        return _input.as_cell(cell, self._core.rows, self._core.cols)

    def __getitem__(self, cell: Any) -> int:
        r, c = self._cell(cell)
        return self._core.get(r, c)

    # Links.

    def path(self, a: Any, c: Any) -> Path | None:
        """The best path linking `a` and `c` (fewest turns, then fewest steps, then the smallest
        corners; see docs/engine.md), or None when they do not link."""
        (r1, c1), (r2, c2) = self._cell(a), self._cell(c)
        return _path(self._core.path(r1, c1, r2, c2))

    def can_link(self, a: Any, c: Any) -> bool:
        return self.path(a, c) is not None

    def remove(self, a: Any, c: Any) -> Path:
        """Removes the pair and returns its path, with the slides its gravity caused;
        `IllegalMove` (board unchanged) when the two cells do not link."""
        (r1, c1), (r2, c2) = self._cell(a), self._cell(c)
        raw = self._core.remove(r1, c1, r2, c2)
        if raw is None:
            raise IllegalMove(self._why_not((r1, c1), (r2, c2)))
        self._did(Action("remove", ((r1, c1), (r2, c2))))
        return _path(raw)  # type: ignore[return-value]

    def _why_not(self, a: Cell, c: Cell) -> str:
        ka, kc = self._core.get(*a), self._core.get(*c)
        if a == c:
            return f"cannot remove {a} with itself"
        if ka == 0 or kc == 0:
            return f"cell {a if ka == 0 else c} is empty"
        if ka != kc:
            return f"cells {a} and {c} hold different kinds ({ka} and {kc})"
        return f"no path with at most two turns links {a} and {c}"

    # Scans.

    def hint(self, *, safe: bool = False, budget: int = 100_000) -> Hint | None:
        """One linkable pair, or None. Plain: the smallest in row-major order (`moves()[0]`).
        With `safe`, the first move of a solution the solver finds within `budget` states, so
        the board can still be cleared after it; when the solver cannot tell (or the board
        cannot be cleared), the plain hint with `.safe` False."""
        budget = _input.as_count("budget", budget)
        if _input.as_flag("safe", safe):
            found = self.solve(budget=budget)
            if found.status == "solved":
                return Hint(*found.moves[0], safe=True)
        h = self._core.hint()
        return None if h is None else Hint((h[0], h[1]), (h[2], h[3]))

    def moves(self) -> list[Pair]:
        """Every linkable pair `(a, c)` with `a < c`, sorted."""
        return _pairs(self._core.moves())

    def move_count(self) -> int:
        return self._core.move_count()

    def is_deadlocked(self) -> bool:
        """Tiles remain and no pair links."""
        return self._core.is_deadlocked()

    def is_cleared(self) -> bool:
        return self._core.remaining == 0

    def solve(self, *, budget: int = 1_000_000) -> Solution:
        """Searches for moves that clear the board (see `llk.solve`)."""
        status, moves, states = self._core.solve(_input.as_count("budget", budget))
        return Solution(status, tuple(_pairs(moves)), states)

    # Changes, each recorded in the history.

    def shuffle(self, seed: int, *, solvable: bool = False) -> None:
        """Re-deals the remaining kinds over the occupied cells (positions kept); the same seed
        gives the same board on both backends. Plain: until a move exists, `IllegalMove` (board
        unchanged) when no arrangement can have one. With `solvable`, into a board with a
        solution (kept in `solution`), `IllegalMove` when a kind has an odd number of tiles."""
        seed = _input.as_seed(seed)
        if _input.as_flag("solvable", solvable):
            self._solution = _pairs(self._core.shuffle_solvable(seed))
        else:
            status = self._core.shuffle(seed)
            if status == 1:
                raise IllegalMove(
                    "cannot shuffle into a board with a move: no kind has two tiles left"
                )
            if status == 2:
                raise IllegalMove(
                    "cannot shuffle into a board with a move: no two occupied cells can ever link"
                )
        self._did(Action("shuffle", (seed, solvable)))

    def mirror(self, axis: str = "h") -> None:
        """The mirror prop: flips every cell across the board's middle, left and right with
        axis "h", top and bottom with "v"."""
        if not (isinstance(axis, str) and axis in ("h", "v")):
            raise BoardError(f"mirror axis must be 'h' or 'v', not {_input.show(axis)}")
        self._core.mirror(axis)
        self._did(Action("mirror", (axis,)))

    def add_obstacles(self, pairs: int, seed: int) -> None:
        """The obstacle prop: adds `pairs` new pairs of kinds already on the board into empty
        cells (docs/engine.md says which). `IllegalMove` when there is no room or no kind."""
        pairs = _input.as_count("pairs", pairs, minimum=1)
        status = self._core.add_obstacles(pairs, _input.as_seed(seed))
        if status == 1:
            raise IllegalMove("cannot add obstacles: no tiles on the board to copy kinds from")
        if status == 2:
            empty = self.rows * self.cols - self.remaining
            raise IllegalMove(
                f"cannot add {pairs} pairs of obstacles: {2 * pairs} cells needed, {empty} empty"
            )
        self._did(Action("obstacles", (pairs, seed)))

    def _did(self, action: Action) -> None:
        self._done.append(action)
        self._undone.clear()

    # History.

    @property
    def history(self) -> list[Action]:
        """What was done to the board since it was made, oldest first (undone changes left out)."""
        return list(self._done)

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def undo(self) -> Action:
        """Undoes the last change exactly and returns it; `IllegalMove` when there is none."""
        if not self._done or not self._core.undo():
            raise IllegalMove("nothing to undo")
        self._undone.append(self._done.pop())
        return self._undone[-1]

    def redo(self) -> Action:
        """Redoes the last undone change and returns it; `IllegalMove` when there is none."""
        if not self._undone or not self._core.redo():
            raise IllegalMove("nothing to redo")
        self._done.append(self._undone.pop())
        return self._done[-1]

    def copy(self) -> Board:
        """An independent copy, history, solution and code included."""
        twin = Board._wrap(self._backend, self._core.copy())
        twin._done, twin._undone = list(self._done), list(self._undone)
        twin._solution, twin._code = self._solution, self._code
        return twin

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self.copy()

    # Value semantics: two boards are equal when they hold the same kinds under the same rules
    # (border, gravity), whichever backend holds them.

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self.border == other.border
            and self.gravity == other.gravity
            and np.array_equal(self.grid, other.grid)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        gravity = "" if self.gravity == "none" else f" gravity={self.gravity}"
        return (
            f"<llk.Board {self.rows}x{self.cols} border={self.border}{gravity} "
            f"remaining={self.remaining} backend={self._backend}>"
        )

    def __str__(self) -> str:
        grid = self._core.grid()
        width = len(str(int(grid.max())))
        return "\n".join(
            " ".join(("." if k == 0 else str(k)).rjust(width) for k in row) for row in grid.tolist()
        )


class Solution(NamedTuple):
    """What the solver found: `status` ("solved", "unsolvable", or "unknown" when the budget of
    states ran out), `moves` that clear the board when solved, `states` expanded."""

    status: str
    moves: tuple[Pair, ...]
    states: int


__all__ = [
    "BACKEND",
    "BACKENDS",
    "GRAVITY_MODES",
    "Action",
    "Board",
    "BoardError",
    "Hint",
    "IllegalMove",
    "Path",
    "Solution",
    "rust_available",
]

"""The engine facade: one API, `Board`, over whichever core runs (its value types are
values.py's).

Arguments are checked here, once for both cores (`_input`), so both raise the same exceptions
with the same messages (errors.py); the cores do the work. Which core runs is `_backend`'s
choice. The core's history is the board's only history: `history`, `undo` and `redo` read it
from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, cast
from weakref import WeakSet

import numpy as np
import numpy.typing as npt

from . import _input, _pickling
from . import errors as E
from ._backend import BACKEND, BACKENDS, core_class, rust_available
from ._limits import DEFAULT_MEMORY_MB, safe_hint_budget
from ._types import (
    BackendName,
    Cancel,
    Cell,
    CellLike,
    CoreBoard,
    Gravity,
    Pair,
    SolveStatus,
)
from .codes import DealSpec, parse_code
from .errors import BoardError, IllegalMove
from .values import Action, Hint, History, Path, Solution, _action, _Moves, _pairs, _path

GRAVITY_MODES = _input.GRAVITY_MODES


class Board:
    """A LianLianKan board: a grid of kinds (0 empty, 1..65535 a tile) and the rules on it.

    `grid` is nested sequences or a 2-D numpy array of any integer dtype. With `border` (the
    default) paths may run through an empty ring one cell wide around the board. `gravity`
    says where tiles slide after a removal (see `GRAVITY_MODES`). `chinese` and `slide` are the
    rule variants (docs/engine.md, "Rule variants"): flowers and seasons match within their
    group; tiles can slide. `backend` is None (follow `llk.BACKEND`), "rust" or "python".
    """

    __slots__ = ("_backend", "_code", "_core", "_rules", "_shape", "_solution", "_views")

    def __init__(
        self,
        grid: npt.ArrayLike,
        *,
        border: bool = True,
        gravity: Gravity = "none",
        chinese: bool = False,
        slide: bool = False,
        backend: BackendName | None = None,
    ) -> None:
        name, core = core_class(backend)
        border = _input.as_flag("border", border)
        variants = _input.as_flag("chinese", chinese), _input.as_flag("slide", slide)
        kinds = _input.as_grid(grid)
        _input.check_slide_size(kinds.shape[0], kinds.shape[1], variants[1])
        self._adopt(name, core(kinds, border, _input.as_gravity(gravity), *variants))

    def _adopt(
        self,
        backend: BackendName,
        core: CoreBoard,
        solution: _Moves | None = None,
        code: str | None = None,
    ) -> None:
        self._backend, self._core = backend, core
        # A board's shape never changes (the mirror keeps it): read from the core once, not at
        # every cell a call checks.
        self._shape: tuple[int, int] = (core.rows, core.cols)
        # Nor do its rules, nor whether it is a snapshot: read once, not at every click.
        self._rules = (core.border, core.gravity, core.chinese, core.slide, core.frozen)
        # The histories handed out (`history`), which keep an entry before `undo` drops it.
        self._views: WeakSet[History] = WeakSet()
        # Never changed once set (a new solution replaces it), so copies share it: a million
        # tile board's solution is half a million pairs.
        self._solution: _Moves | None = solution
        self._code: str | None = code

    @classmethod
    def _from_core(
        cls,
        core: CoreBoard,
        backend: BackendName,
        solution: _Moves | None = None,
        code: str | None = None,
    ) -> Board:
        """The one way to make a Board around a core the caller built itself (a deal, a copy,
        the bench's boards): `core` is an `llk._core.Board` or `llk._pycore.Board` of
        `backend`, `solution` the moves that clear it, `code` the share code it was dealt by.

        Returns:
            The board.
        """
        board = cls.__new__(cls)
        board._adopt(backend, core, solution, code)
        return board

    @classmethod
    def _dealt(cls, spec: DealSpec, backend: BackendName | None = None) -> Board:
        """The board `spec` describes, dealt by the core of `backend`.

        Returns:
            The board, with its solution (a solvable deal) and share code.
        """
        name, core_type = core_class(backend)
        core = core_type(spec.mask(), spec.border, spec.gravity, spec.chinese, spec.slide)
        solution = core.deal(spec.pair_kinds(), spec.seed, spec.solvable, spec.version, spec.groups)
        moves = None if solution is None else _Moves(solution)
        return cls._from_core(core, name, moves, spec.code())

    # What the board is.

    @property
    def rows(self) -> int:
        """Rows of the board (the ring not counted)."""
        return self._shape[0]

    @property
    def cols(self) -> int:
        """Columns of the board (the ring not counted)."""
        return self._shape[1]

    @property
    def border(self) -> bool:
        """Whether paths may run through the empty ring one cell wide around the board."""
        return self._rules[0]

    @property
    def gravity(self) -> Gravity:
        """Where tiles slide after a removal: one of `GRAVITY_MODES` ("none" for no gravity)."""
        return self._rules[1]

    @property
    def chinese(self) -> bool:
        """Chinese style: kinds 35..38 (flowers) match one another, and so do 39..42 (seasons)."""
        return self._rules[2]

    @property
    def slide(self) -> bool:
        """Tiles can slide (KShisen's TilesCanSlide; docs/engine.md, "Rule variants")."""
        return self._rules[3]

    @property
    def frozen(self) -> bool:
        """Whether this board is a `snapshot`, which refuses every change."""
        return self._rules[4]

    @property
    def backend(self) -> BackendName:
        """The core this board runs on: "rust" or "python"."""
        return self._backend

    @property
    def grid(self) -> npt.NDArray[np.uint16]:
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
        return None if self._solution is None else list(self._solution.pairs())

    @property
    def code(self) -> str | None:
        """The share code of the deal this board came from (`Board.from_code` deals it again,
        on either backend), or None for a board built from a grid."""
        return self._code

    @classmethod
    def from_code(cls, code: str, *, backend: BackendName | None = None) -> Board:
        """Deals the board a share code names (see `Board.code`).

        Args:
            code: A share code, `llk2.6x14.21.42.none.-.sb` (or an `llk1.` one).
            backend: The core ("rust" or "python"; None: `llk.BACKEND`).

        Returns:
            The board the code was made from, on either backend.

        Raises:
            BoardError: Not a share code; the message says which part is wrong.
        """
        return cls._dealt(parse_code(code), backend)

    def _cell(self, cell: Any) -> Cell:
        return _input.as_cell(cell, *self._shape)

    def __getitem__(self, cell: CellLike) -> int:
        r, c = self._cell(cell)
        return self._core.get(r, c)

    # Links.

    def path(self, a: CellLike, c: CellLike) -> Path | None:
        """The best path linking `a` and `c` (fewest turns, then fewest steps, then the smallest
        corners; see docs/engine.md), or None when they do not link.

        Args:
            a: One cell.
            c: The other.

        Returns:
            The path, or None.

        Raises:
            BoardError: A cell that is not a `(row, col)` pair on the board.
        """
        (r1, c1), (r2, c2) = self._cell(a), self._cell(c)
        return _path(self._core.path(r1, c1, r2, c2))

    def near_miss(self, a: CellLike, c: CellLike) -> Path | None:
        """Why a pair of one kind does not link: the best path joining `a` and `c` with exactly
        three turns (fewest steps, then the smallest corners read from the smaller cell, as
        `path`; docs/engine.md), or None when three turns cannot join them either ("blocked").
        None too when they are not two tiles of one kind, or when they link (`path` has the
        path).

        Args:
            a: One cell.
            c: The other.

        Returns:
            The three-turn path, or None.

        Raises:
            BoardError: A cell that is not a `(row, col)` pair on the board.
        """
        (r1, c1), (r2, c2) = self._cell(a), self._cell(c)
        return _path(self._core.near_miss(r1, c1, r2, c2))

    def can_link(self, a: CellLike, c: CellLike) -> bool:
        """Whether the two cells link (`path(a, c)` is not None).

        Args:
            a: One cell.
            c: The other.

        Returns:
            True when they link.

        Raises:
            BoardError: A cell that is not a `(row, col)` pair on the board.
        """
        return self.path(a, c) is not None

    def remove(self, a: CellLike, c: CellLike) -> Path:
        """Removes the pair and returns its path, with the slides its gravity caused.

        Args:
            a: One tile of the pair.
            c: The other.

        Returns:
            The pair's path, its `slides` and (tiles that slide) `pushed` filled in.

        Raises:
            BoardError: A cell that is not a `(row, col)` pair on the board.
            IllegalMove: The two cells do not link (the board is unchanged), or the board is
                a snapshot.
        """
        return cast(Path, self.remove_action(a, c).path)  # a removal's entry has its path

    def remove_action(self, a: CellLike, c: CellLike) -> Action:
        """Removes the pair as `remove` does and returns the Action recorded.

        Args:
            a: One tile of the pair.
            c: The other.

        Returns:
            The history's new entry: its path in `.path`, the cells written in `.changes`.

        Raises:
            BoardError: A cell that is not a `(row, col)` pair on the board.
            IllegalMove: The two cells do not link, or the board is a snapshot.
        """
        (r1, c1), (r2, c2) = self._cell(a), self._cell(c)
        return _action(self._core.remove(r1, c1, r2, c2))

    # Scans.

    def hint(
        self,
        *,
        safe: bool = False,
        budget: int | None = None,
        memory_mb: int = DEFAULT_MEMORY_MB,
        near: CellLike | None = None,
        cancel: Cancel | None = None,
        time_limit: float | None = None,
    ) -> Hint | None:
        """One linkable pair, or None. Plain: the smallest in row-major order (`moves()[0]`);
        with `near=(r, c)`, the pair nearest that cell (`hints_near(near, 1)`). With `safe`,
        the first move of a solution the solver finds within `budget` states, `memory_mb`
        MiB and `time_limit` seconds, so the board can still be cleared after it; when the
        solver cannot tell (or the board cannot be cleared), the plain (or near) hint with
        `.safe` False. `budget` None: 100,000 states and one per move a solution makes (tiles
        left / 2), enough on any size (`_limits.safe_hint_budget`).

        Args:
            safe: Ask the solver for a move after which the board can still be cleared.
            budget: The solver's states for a safe hint (None: as above).
            memory_mb: About how much memory the solver keeps, in MiB.
            near: A cell: the pair nearest it rather than the first.
            cancel: Stops a safe hint's search, as in `llk.solve`.
            time_limit: Seconds for a safe hint's search (None: no limit).

        Returns:
            The pair, `.safe` True when the solver vouched for it; None when no pair links.

        Raises:
            BoardError: A bad budget, memory limit, time limit or cell.
            TypeError: `cancel` is neither an Event nor a callable.
            Cancelled: `cancel` said stop.
        """
        if budget is None:
            budget = safe_hint_budget(self._core.remaining)
        budget = _input.as_count("budget", budget)
        memory_mb = _input.as_memory_mb(memory_mb)
        seconds = _input.as_time_limit(time_limit)
        _input.as_cancel(cancel)
        cell = None if near is None else self._cell(near)
        if _input.as_flag("safe", safe):
            hook = _input.as_cancel(cancel)
            status, moves, _states = self._core.solve(budget, memory_mb, hook, seconds)
            if status == "solved" and len(moves):
                # The first move only: a million-tile solution's pairs, built in Python, held
                # the GIL (and so the game's frames) for a third of a second.
                return Hint(*_pairs(moves[:1])[0], safe=True)
        if cell is not None:
            pairs = self.hints_near(cell, 1)
            return Hint(*pairs[0]) if pairs else None
        h = self._core.hint()
        return None if h is None else Hint((h[0], h[1]), (h[2], h[3]))

    def hints_near(self, cell: CellLike, count: int) -> list[Pair]:
        """The first `count` linkable pairs in order of distance to `cell`: the Chebyshev
        distance of the pair's nearer tile, then row-major order (docs/engine.md). The game's
        "next hint outward" is the next entry of a longer list.

        Args:
            cell: The cell to measure from.
            count: How many pairs at most.

        Returns:
            The pairs `(a, c)`, nearest first.

        Raises:
            BoardError: A cell not on the board, or a count that is not an int of 0 or more.
        """
        r, c = self._cell(cell)
        return _pairs(self._core.hints_near(r, c, _input.as_count("count", count)))

    def move_density(self, block: int) -> npt.NDArray[np.uint32]:
        """Per `block x block` cells, how many of its tiles link with at least one other tile:
        for a minimap.

        Args:
            block: The side of a block, in cells (1 or more).

        Returns:
            A uint32 array of shape (ceil(rows / block), ceil(cols / block)).

        Raises:
            BoardError: A block that is not an int of 1 or more.
        """
        return self._core.move_density(_input.as_count("block", block, minimum=1))

    def moves(self) -> list[Pair]:
        """Every linkable pair.

        Returns:
            The pairs `(a, c)` with `a < c`, sorted.
        """
        return _pairs(self._core.moves())

    def move_count(self) -> int:
        """How many pairs link, without building the list.

        Returns:
            `len(moves())`.
        """
        return self._core.move_count()

    def is_deadlocked(self) -> bool:
        """Whether the board is stuck.

        Returns:
            True when tiles remain and no pair links.
        """
        return self._core.is_deadlocked()

    def is_cleared(self) -> bool:
        """Whether the board is cleared.

        Returns:
            True when no tiles remain.
        """
        return self._core.remaining == 0

    def solve(
        self,
        *,
        budget: int = 1_000_000,
        memory_mb: int = DEFAULT_MEMORY_MB,
        cancel: Cancel | None = None,
        time_limit: float | None = None,
    ) -> Solution:
        """Searches for moves that clear the board (see `llk.solve`).

        Args:
            budget: The most states the search expands.
            memory_mb: About how much memory the search keeps, in MiB.
            cancel: A `threading.Event` or a callable of no arguments that says stop.
            time_limit: Seconds after which the verdict is "unknown" (None: no limit).

        Returns:
            The verdict, as `llk.solve` gives it.

        Raises:
            BoardError: A bad budget, memory limit or time limit.
            TypeError: `cancel` is neither an Event nor a callable.
            Cancelled: `cancel` said stop.
        """
        budget = _input.as_count("budget", budget)
        memory_mb = _input.as_memory_mb(memory_mb)
        seconds = _input.as_time_limit(time_limit)
        hook = _input.as_cancel(cancel)
        status, moves, states = self._core.solve(budget, memory_mb, hook, seconds)
        if status == "timed out":  # the cores' word for it; the facade's verdict is "unknown"
            return Solution("unknown", (), states, "time limit")
        if status == "unknown":
            return Solution("unknown", (), states, "budget")
        return Solution(cast(SolveStatus, status), tuple(_pairs(moves)), states)

    # Changes, each recorded in the history; each returns the Action it recorded.

    def shuffle(self, seed: int, *, solvable: bool = False) -> Action:
        """Re-deals the remaining kinds over the occupied cells (positions kept); the same seed
        gives the same board on both backends. Plain: until a move exists. With `solvable`,
        into a board with a solution (kept in `solution`).

        Args:
            seed: The PRNG's seed.
            solvable: Re-deal into a board with a solution.

        Returns:
            The history's new entry.

        Raises:
            BoardError: A seed that is not an int in range, or `solvable` not a bool.
            IllegalMove: No arrangement has a move; with `solvable`, a kind with an odd number
                of tiles, or none solvable (tiles that slide). The board is unchanged.
        """
        seed = _input.as_seed(seed)
        if not _input.as_flag("solvable", solvable):
            return _action(self._core.shuffle(seed))
        solution, entry = self._core.shuffle_solvable(seed)
        self._solution = _Moves(solution)
        return _action(entry)

    def mirror(self, axis: Literal["h", "v"] = "h") -> Action:
        """The mirror prop: flips every cell across the board's middle.

        Args:
            axis: "h" swaps left and right, "v" top and bottom.

        Returns:
            The history's new entry.

        Raises:
            BoardError: Any other axis.
            IllegalMove: The board is a snapshot.
        """  # noqa: DOC501 (errors.MIRROR_AXIS makes a BoardError: ruff cannot tell)
        if not (isinstance(axis, str) and axis in ("h", "v")):
            raise E.MIRROR_AXIS(value=_input.show(axis))
        return _action(self._core.mirror(axis))

    def add_obstacles(self, pairs: int, seed: int) -> Action:
        """The obstacle prop: adds `pairs` new pairs of kinds already on the board into empty
        cells (docs/engine.md says which).

        Args:
            pairs: How many pairs to add (1 or more).
            seed: The PRNG's seed, which picks the cells and kinds.

        Returns:
            The history's new entry.

        Raises:
            BoardError: A count or seed that is not an int in range.
            IllegalMove: No room or no kind on the board.
        """
        pairs = _input.as_count("pairs", pairs, minimum=1)
        return _action(self._core.add_obstacles(pairs, _input.as_seed(seed)))

    def apply(self, action: Action | Sequence[Any]) -> Action:
        """Does a change of some board's history again, from its name and arguments (an
        `Action`, or the pair `(name, args)` as a save keeps it), and returns the new entry.
        A removal returns its Action too; its path is in `.path`.

        Args:
            action: An `Action`, or `(name, args)`.

        Returns:
            The history's new entry.

        Raises:
            BoardError: Not a change of a board's history, or its arguments are bad.
            IllegalMove: The change cannot be made on this board.
        """  # noqa: DOC501 (errors.ACTION_* make BoardErrors: ruff cannot tell)
        if not (isinstance(action, (tuple, list)) and len(action) == 2):
            raise E.ACTION_PAIR(value=_input.show(action))
        name, args = action
        if not isinstance(args, (tuple, list)):
            raise E.ACTION_UNKNOWN(value=_input.show(action))
        if name == "remove" and len(args) == 2:
            return self.remove_action(*args)
        if name == "shuffle" and len(args) == 2:
            return self.shuffle(args[0], solvable=args[1])
        if name == "mirror" and len(args) == 1:
            return self.mirror(*args)
        if name == "obstacles" and len(args) == 2:
            return self.add_obstacles(*args)
        raise E.ACTION_UNKNOWN(value=_input.show(action))

    # History: the core's, read from there.

    @property
    def history(self) -> History:
        """What was done to the board since it was made, oldest first (undone changes left
        out): a `History`, the board's history as it is now, its entries read when asked for."""
        view = History(self._core, self._core.undo_len)
        self._views.add(view)
        return view

    def history_in_bulk(self) -> tuple[npt.NDArray[np.int64], list[tuple[int, Action]]]:
        """The history as `history` has it, for saving a long game without an Action per
        removal: the removals as an int64 array of rows (position, r1, c1, r2, c2), and the
        other actions (shuffles, mirrors, obstacles) with their positions, oldest first.

        Returns:
            (removals, [(position, action), ...]).
        """
        removals, rest = _pickling.split_history(self._core)
        return removals, [(i, _action(self._core.entry(i))) for i in rest]

    @property
    def can_undo(self) -> bool:
        """Whether `undo` has a change to take back."""
        return self._core.undo_len > 0

    @property
    def can_redo(self) -> bool:
        """Whether `redo` has an undone change to do again (a new change clears them)."""
        return self._core.redo_len > 0

    def undo(self) -> Action:
        """Undoes the last change exactly.

        Returns:
            The entry taken back.

        Raises:
            IllegalMove: Nothing to undo.
        """
        action = _action(self._core.undo())
        for view in self._views:
            view._keep(self._core.undo_len, action)  # the histories read before keep it
        return action

    def redo(self) -> Action:
        """Redoes the last undone change.

        Returns:
            The entry done again.

        Raises:
            IllegalMove: Nothing to redo.
        """
        return _action(self._core.redo())

    def copy(self) -> Board:
        """An independent copy, history, solution and code included.

        Returns:
            The copy, on this board's backend.
        """
        return Board._from_core(self._core.copy(), self._backend, self._solution, self._code)

    __copy__ = copy

    def snapshot(self) -> Board:
        """The board as it is now, for another thread to answer from: it answers every query
        as this board does now and refuses every change (`IllegalMove`); no history, `frozen`.
        The Rust core shares the grid until this board changes, so taking it copies nothing.

        Returns:
            The frozen board.
        """
        return Board._from_core(self._core.snapshot(), self._backend, self._solution, self._code)

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as plain data any core reads: the grid before the first change of the
        history, the rules, the history (undone changes included) as removals and other
        actions, how many are undone, the solution and the share code (docs/engine.md,
        "Pickling, copies and equality"); the variants last, so older pickles still load.

        Returns:
            `(_unpickle, data)`.
        """
        core = self._core
        grid, removals, others, undone = _pickling.history_data(core)
        solution = None if self._solution is None else self._solution.array()
        data = (grid, core.border, core.gravity, removals, others, undone, solution, self._code)
        return _unpickle, (self._backend, *data, core.chinese, core.slide, *[True][: self.frozen])

    # Value semantics: two boards are equal when they hold the same kinds under the same rules
    # (border, gravity, variants), whichever backend holds them.

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self.border == other.border
            and self.gravity == other.gravity
            and (self.chinese, self.slide) == (other.chinese, other.slide)
            and np.array_equal(self.grid, other.grid)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        gravity = "" if self.gravity == "none" else f" gravity={self.gravity}"
        gravity += " chinese=True" * self.chinese + " slide=True" * self.slide
        gravity += " frozen=True" * self.frozen
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


def _unpickle(backend: BackendName | None, *data: Any) -> Board:
    """`Board.__reduce__`'s board again (`_pickling.unpickled`; pickles name this function).

    Returns:
        The board the pickle was made of.
    """
    board: Board = _pickling.unpickled(Board, backend, *data)
    return board


__all__ = [
    "BACKEND",
    "BACKENDS",
    "GRAVITY_MODES",
    "Action",
    "Board",
    "BoardError",
    "Hint",
    "History",
    "IllegalMove",
    "Path",
    "Solution",
    "rust_available",
]

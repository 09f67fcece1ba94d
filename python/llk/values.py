"""The engine's value types: what `Board`'s methods answer (`Path`, `Hint`, `Action`,
`Solution`), and how each is built from a core's plain tuples and arrays. Both cores answer in
the same shapes, so these are the same whichever core runs.
"""

from __future__ import annotations

import gc
import operator
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, NamedTuple, SupportsIndex, overload

import numpy as np
import numpy.typing as npt

from ._types import (
    Cell,
    CoreBoard,
    Entry,
    Pair,
    RawPath,
    Removal,
    SolveStatus,
    UnknownReason,
)


@dataclass(frozen=True, repr=False)
class Path:
    """A linking path: its corners from the first cell to the second (cells on the ring have
    row or column -1, `rows` or `cols`), its number of turns (0..2; 3 for `Board.near_miss`,
    which joins a pair that does not link) and its length in unit steps. A path returned by
    `Board.remove` also lists the tiles that slid after the removal under the board's gravity,
    as `(from, to)` pairs sorted by `from`."""

    corners: tuple[Cell, ...]
    """The start cell, each turning cell, the end cell (2 to 4 cells; 5 for a near miss)."""
    turns: int
    """Turns along the path: 0, 1 or 2 (3 for `Board.near_miss`)."""
    length: int
    """Unit steps along the path."""
    slides: tuple[tuple[Cell, Cell], ...] = ()
    """For `Board.remove` under gravity: each tile that slid, as `(from, to)`, sorted by `from`."""
    pushed: tuple[tuple[Cell, Cell], ...] = ()
    """Under the slide variant: the tiles the link pushed before the removal, as `(from, to)`,
    ordered from the moving endpoint outward; empty without a push (docs/engine.md, "Rule
    variants")."""

    def __repr__(self) -> str:
        # `pushed` only when there is a push: classic paths read as they always did.
        pushed = f", pushed={self.pushed!r}" if self.pushed else ""
        return (
            f"Path(corners={self.corners!r}, turns={self.turns!r}, length={self.length!r}, "
            f"slides={self.slides!r}{pushed})"
        )

    def cells(self) -> Iterator[Cell]:
        """Every cell the path passes through, endpoints included, in order.

        Yields:
            The cells, from the first endpoint to the other.
        """
        yield self.corners[0]
        for (r0, c0), (r1, c1) in pairwise(self.corners):
            dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
            r, c = r0, c0
            while (r, c) != (r1, c1):
                r, c = r + dr, c + dc
                yield r, c


@overload
def _path(raw: None) -> None: ...
@overload
def _path(raw: RawPath | Removal) -> Path: ...
@overload
def _path(raw: RawPath | Removal | None) -> Path | None: ...
def _path(raw: RawPath | Removal | None) -> Path | None:
    """A core's `(turns, length, corners[, slides])` as a Path.

    Returns:
        The Path, or None for no path.
    """
    if raw is None:
        return None
    if len(raw) == 5:
        turns, length, corners, slides, pushed = raw
        return Path(tuple(corners), turns, length, tuple(slides), tuple(pushed))
    if len(raw) == 4:
        turns, length, corners, slides = raw
        return Path(tuple(corners), turns, length, tuple(slides))
    turns, length, corners = raw
    return Path(tuple(corners), turns, length)


class Hint(tuple[Cell, Cell]):
    """A hinted pair `(a, c)`, which also says whether it is *safe*: the solver proved that the
    board can still be cleared after it."""

    safe: bool
    """Whether the solver proved that the board can still be cleared after this pair."""

    def __new__(cls, a: Cell, c: Cell, safe: bool = False) -> Hint:
        hint = super().__new__(cls, (a, c))
        hint.safe = safe
        return hint

    def __repr__(self) -> str:
        return f"Hint({self[0]}, {self[1]}, safe={self.safe})"

    def __reduce__(self) -> tuple[type[Hint], tuple[Cell, Cell, bool]]:
        # pickle and copy would call `Hint.__new__` with the pair alone, as for a tuple.
        return Hint, (self[0], self[1], self.safe)


class Action(tuple[str, tuple[Any, ...]]):
    """One entry of a board's history: what was done (`name`: "remove", "shuffle", "mirror" or
    "obstacles") and with which arguments (`args`: what `Board.apply` needs to do it again).
    It compares and unpacks as the pair `(name, args)`.

    `path` is a removal's `Path`, with its slides (None for the other changes); `changes` the
    cells the change rewrote, an int64 array of rows `(row, col, old kind, new kind)` in the
    order written: after `undo` the cells hold the old kinds, after `redo` the new ones."""

    path: Path | None
    """A removal's `Path`, with its slides; None for the other changes."""
    _changes: npt.NDArray[np.int64] | bytes

    def __new__(
        cls,
        name: str,
        args: tuple[Any, ...],
        path: Path | None = None,
        changes: npt.NDArray[np.int64] | bytes | None = None,
    ) -> Action:
        action = super().__new__(cls, (name, args))
        action.path = path
        # A core hands the changes over as the bytes of the int64 array: the array is made on
        # first use, so an undo whose changes nobody reads costs no numpy array.
        action._changes = b"" if changes is None else changes
        return action

    @property
    def changes(self) -> npt.NDArray[np.int64]:
        """The cells the change rewrote: a read-only int64 array of rows
        `(row, col, old kind, new kind)`, in the order written."""
        changes = self._changes
        if not isinstance(changes, np.ndarray):
            changes = np.frombuffer(changes, dtype=np.int64).reshape(-1, 4)
        else:
            changes = changes.view()
        changes.flags.writeable = False
        self._changes = changes
        return changes

    @property
    def name(self) -> str:
        """What was done: "remove", "shuffle", "mirror" or "obstacles"."""
        return self[0]

    @property
    def args(self) -> tuple[Any, ...]:
        """The arguments that do it again with `Board.apply`."""
        return self[1]

    def __repr__(self) -> str:
        return f"Action(name={self.name!r}, args={self.args!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Action, (self.name, self.args, self.path, np.array(self.changes))


def _action(raw: Entry) -> Action:
    """A core's history entry `(name, args, removal or None, changes)` as an Action.

    Returns:
        The Action.
    """
    name, args, removal, changes = raw
    # The name interned: the Rust core makes a new str each time, so a list of its Actions
    # pickled longer than the Python core's (whose names are literals).
    return Action(sys.intern(name), tuple(args), _path(removal), changes)


class History(Sequence[Action]):
    """`Board.history`: the board's history as it was when read, oldest first, each entry an
    `Action`, read from the core when asked for (a long game's history is not built whole at
    each read). A snapshot, as the list it replaces was: changes made to the board afterwards
    do not show in it (read `board.history` again for them); an entry that an `undo` takes
    out of the board is kept here first.

    It indexes (negative too; a slice is a list), iterates and compares equal to a list or
    tuple of the same Actions; it is hashable, pickles and copies as its Actions, and its repr
    is a list's."""

    __slots__ = ("__weakref__", "_core", "_kept", "_len")

    def __init__(
        self, core: CoreBoard | None, length: int, kept: dict[int, Action] | None = None
    ) -> None:
        self._core, self._len = core, length
        self._kept: dict[int, Action] = {} if kept is None else kept

    def _keep(self, position: int, action: Action) -> None:
        """The board's `undo` took the entry at `position` out: kept if this history has it."""
        if position < self._len:
            self._kept.setdefault(position, action)

    def _at(self, i: int) -> Action:
        kept = self._kept.get(i)
        if kept is not None or self._core is None:
            assert kept is not None
            return kept
        return _action(self._core.entry(i))

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: SupportsIndex) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(self._len))]
        i = operator.index(index)
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("history index out of range")
        return self._at(i)

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._len):
            yield self._at(i)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (History, list, tuple)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(list(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return _history, (list(self),)

    def __copy__(self) -> History:
        return self  # it never changes

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self


def _history(actions: list[Action]) -> History:
    """A pickled `History` again, its Actions held (no board behind it).

    Returns:
        The History.
    """
    return History(None, len(actions), dict(enumerate(actions)))


def _pairs(array: npt.NDArray[np.int64]) -> list[Pair]:
    # A million-tile board's solution is half a million pairs: the garbage collector, run every
    # few hundred new tuples, walked them as they came, two thirds of the time (0.9 s of 1.4 s).
    # Tuples of ints make no cycles, so it can wait.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return [((r1, c1), (r2, c2)) for r1, c1, r2, c2 in array.tolist()]
    finally:
        if collecting:
            gc.enable()


class _Moves:
    """A list of moves kept as the core's (n, 4) array until it is first read as pairs: a
    million-tile deal's solution is half a million pairs, and building them (with the garbage
    collector walking them as they come) cost more than the deal itself, at every start-up."""

    __slots__ = ("_array", "_pairs")

    def __init__(self, array: npt.NDArray[np.int64]) -> None:
        self._array: npt.NDArray[np.int64] | None = array
        self._pairs: list[Pair] | None = None

    def array(self) -> np.ndarray:
        """The moves as the core gave them.

        Returns:
            An int64 array of rows (r1, c1, r2, c2).
        """
        if self._array is not None:
            return self._array
        return np.array(self._pairs, dtype=np.int64).reshape(-1, 4)

    def pairs(self) -> list[Pair]:
        if self._pairs is None:
            assert self._array is not None
            self._pairs, self._array = _pairs(self._array), None
        return self._pairs


class Solution(NamedTuple):
    """What the solver found: `status` ("solved", "unsolvable", or "unknown" when the budget of
    states ran out or the time limit was reached: `reason` says which), `moves` that clear the
    board when solved, `states` expanded."""

    status: SolveStatus
    """"solved", "unsolvable" (proved), or "unknown" (the search stopped first)."""
    moves: tuple[Pair, ...]
    """When solved, the pairs that clear the board, in order; else empty."""
    states: int
    """States the solver expanded."""
    reason: UnknownReason | None = None
    """Why the status is "unknown": "budget" (the budget of states ran out) or "time limit"
    (the time limit was reached); None when solved or unsolvable."""

"""The engine's types, the contract its annotations state: a cell, the literal values of its
strings (re-exported from `llk`), and `CoreBoard`, the interface that both cores' Board
classes meet (`llk._core.Board` and `llk._pycore.Board`; tests/engine/test_types.py checks
both, at run time and with mypy).

The literals list the same values as the tuples the code checks against (`GRAVITY_MODES`,
`BACKENDS`, the solver's statuses and labels): tests/engine/test_types.py keeps them in step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from threading import Event
from typing import Any, Literal, Protocol, TypeAlias

import numpy as np
import numpy.typing as npt

from ._limits import Gravity

__all__ = [
    "BackendName",
    "Cancel",
    "Cell",
    "CellLike",
    "CoreBoard",
    "CoreBoardClass",
    "Gravity",
    "Pair",
    "RatingLabel",
    "SolveStatus",
    "TileMix",
]

Cell: TypeAlias = tuple[int, int]
"""A cell as `(row, col)`; on the border ring row or column is -1, `rows` or `cols`."""
CellLike: TypeAlias = Sequence[int | np.integer[Any]] | npt.NDArray[np.integer[Any]]
"""What the board's methods take as a cell (`_input.as_cell` checks it at run time): `(row, col)`
as a tuple or list of two ints (numpy's too), or a 1-D numpy integer array of two, such as a row
of `np.argwhere(grid)`. The methods answer with `Cell` tuples."""
Pair: TypeAlias = tuple[Cell, Cell]
"""Two cells, a move `(a, c)`."""

BackendName: TypeAlias = Literal["rust", "python"]
"""A core (`llk.BACKENDS`)."""
SolveStatus: TypeAlias = Literal["solved", "unsolvable", "unknown"]
"""The solver's verdict (`Solution.status`, `Difficulty.status`)."""
UnknownReason: TypeAlias = Literal["budget", "time limit"]
"""Why the solver's verdict is "unknown" (`Solution.reason`, `Difficulty.reason`): the budget of
states ran out, or the time limit was reached."""
TileMix: TypeAlias = Literal["even", "kshisen"]
"""How a deal shares its tiles out over the kinds (`llk.deal(tiles=...)`, codes.TILE_MIXES)."""
RatingLabel: TypeAlias = Literal["easy", "normal", "hard", "expert", "unsolvable", "unknown"]
"""`Difficulty.label`: how hard a solved board is, or the status of one that was not solved."""

Cancel: TypeAlias = Event | Callable[[], object]
"""A solver's cancel hook: a `threading.Event` (stop once set) or a callable of no arguments
(stop once it returns true)."""

# What the cores exchange with the facade (rust/src/bindings.rs, python/llk/_core.pyi).
Slide: TypeAlias = tuple[Cell, Cell]
RawPath: TypeAlias = (
    tuple[int, int, tuple[Cell, ...]]
    | tuple[int, int, tuple[Cell, ...], tuple[Slide, ...], tuple[Slide, ...]]
)
"""(turns, length, corners)."""
Removal: TypeAlias = (
    tuple[int, int, tuple[Cell, ...], tuple[Slide, ...]]
    | tuple[int, int, tuple[Cell, ...], tuple[Slide, ...], tuple[Slide, ...]]
)
"""(turns, length, corners, slides)."""
Entry: TypeAlias = tuple[str, tuple[object, ...], Removal | None, bytes]
"""A history entry: (name, args, removal or None, changes as the bytes of an int64 array)."""
Moves: TypeAlias = npt.NDArray[np.int64]
"""Moves as rows (r1, c1, r2, c2)."""


class CoreBoard(Protocol):
    """A core's board, as the facade (engine.py) uses it. Every argument has been checked
    before it gets here. The solver's status is a plain string at this level (the facade
    narrows it to `SolveStatus`)."""

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
    def frozen(self) -> bool: ...
    @property
    def undo_len(self) -> int: ...
    @property
    def redo_len(self) -> int: ...
    def grid(self) -> npt.NDArray[np.uint16]: ...
    def get(self, r: int, c: int) -> int: ...
    def path(self, r1: int, c1: int, r2: int, c2: int) -> RawPath | None: ...
    def near_miss(self, r1: int, c1: int, r2: int, c2: int) -> RawPath | None: ...
    def remove(self, r1: int, c1: int, r2: int, c2: int) -> Entry: ...
    def hint(self) -> tuple[int, int, int, int] | None: ...
    def moves(self) -> Moves: ...
    def hints_near(self, r: int, c: int, count: int) -> Moves: ...
    def move_density(self, block: int) -> npt.NDArray[np.uint32]: ...
    def move_count(self) -> int: ...
    def is_deadlocked(self) -> bool: ...
    def shuffle(self, seed: int) -> Entry: ...
    def shuffle_solvable(self, seed: int) -> tuple[Moves, Entry]: ...
    def mirror(self, axis: str) -> Entry: ...
    def add_obstacles(self, pairs: int, seed: int) -> Entry: ...
    def entry(self, index: int) -> Entry: ...
    def history_removals(self) -> npt.NDArray[np.int64]: ...
    def undo(self) -> Entry: ...
    def redo(self) -> Entry: ...
    def deal(
        self,
        pair_kinds: npt.NDArray[np.uint16],
        seed: int,
        solvable: bool,
        version: int | None = ...,
        groups: bool | None = ...,
    ) -> Moves | None: ...
    def solve(
        self,
        budget: int,
        memory_mb: int | None = ...,
        cancel: Callable[[], object] | None = None,
        time_limit: float | None = None,
    ) -> tuple[str, Moves, int]: ...
    def copy(self) -> CoreBoard: ...
    def snapshot(self) -> CoreBoard: ...


CoreBoardClass: TypeAlias = Callable[[npt.NDArray[np.uint16], bool, Gravity, bool, bool], CoreBoard]
"""A core's Board class, as the facade calls it: `(grid, border, gravity, chinese, slide)`."""

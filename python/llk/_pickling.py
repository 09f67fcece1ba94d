"""A board's history as plain data any core reads, for pickles (engine.py's `__reduce__` and
`_unpickle`) and saves (`Board.history_in_bulk`), and that history replayed on a new board
(docs/engine.md, "Pickling, copies and equality"). Kept apart from the facade, which only
names what a pickle holds."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from ._backend import BACKENDS, rust_available
from ._types import BackendName, CoreBoard, Gravity
from .values import _Moves


def split_history(core: CoreBoard) -> tuple[np.ndarray, list[int]]:
    """The removals `undo` can take back, as rows (position, r1, c1, r2, c2), and the
    positions of the other entries, oldest first."""
    removals = core.history_removals()
    rest = np.setdiff1d(np.arange(core.undo_len), removals[:, 0], assume_unique=True)
    return removals, rest.tolist()


def history_data(board: CoreBoard) -> tuple[np.ndarray, np.ndarray, list[tuple[int, Any]], int]:
    """`(grid, removals, others, undone)`: the grid before the first change of the history,
    the history (undone changes included) as removals (rows position, r1, c1, r2, c2) and the
    other actions with their positions, and how many are undone. `board` is left as it was."""
    core = board.copy()
    undone = core.redo_len
    for _ in range(undone):
        core.redo()
    removals, rest = split_history(core)
    # Names interned: the Rust core makes a new str each time, so pickles came out longer.
    others = [(i, (sys.intern(e[0]), e[1])) for i in rest for e in [core.entry(i)]]
    while core.undo_len:
        core.undo()
    return core.grid(), removals, others, undone


def replay(
    core: CoreBoard,
    apply: Callable[[Any], object],
    removals: np.ndarray,
    others: list[tuple[int, Any]],
    undone: int,
) -> None:
    """`history_data`'s history done again on a new board's `core` (`apply` does the other
    actions, as `Board.apply`), then the last `undone` changes undone."""
    placed, moves = dict(others), iter(removals[:, 1:].tolist())
    for i in range(len(removals) + len(placed)):
        if i in placed:
            apply(placed[i])
        else:
            core.remove(*next(moves))
    for _ in range(undone):
        core.undo()


def unpickled(
    board_class: Any,
    backend: BackendName | None,
    grid: np.ndarray,
    border: bool,
    gravity: Gravity,
    removals: np.ndarray,
    others: list[tuple[int, Any]],
    undone: int,
    solution: np.ndarray | None,
    code: str | None,
    chinese: bool = False,
    slide: bool = False,
    frozen: bool = False,
) -> Any:
    """`Board.__reduce__`'s board again (`board_class` is `llk.Board`): on `backend` when this
    install has it, else on `llk.BACKEND`, its history replayed (docs/engine.md, "Pickling,
    copies and equality"); a snapshot's (`frozen`, last, so older pickles still load) is a
    snapshot again."""
    if backend not in BACKENDS or (backend == "rust" and not rust_available()):
        backend = None
    variants = {"chinese": chinese, "slide": slide}
    board = board_class(grid, border=border, gravity=gravity, **variants, backend=backend)
    replay(board._core, board.apply, removals, others, undone)
    board._solution = None if solution is None else _Moves(solution)
    board._code = code
    return board.snapshot() if frozen else board

"""What changes a pure-Python board besides a removal: shuffles, the mirror, added obstacles
(each recorded as one history entry) and deals; the twin of those parts of rust/src/board.rs,
split from board.py to keep each room one concern. Plain functions over the board's grid and
history (as board.rs calls `shuffle::shuffle`), which ``Board``'s methods (board.py) call after
their checks; each recorded change returns the entry it recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import errors as E
from .._limits import Gravity
from . import deal as deal_module
from .args import core_flag, core_int, debug_str
from .grid import Grid
from .history import Entry, History, diff
from .rng import SplitMix64
from .shuffle import shuffle as shuffle_kinds
from .slide_solve import deal_solvable


def moves_array(moves: list[tuple[int, int]], cols: int) -> np.ndarray:
    """Moves ``(a, c)`` (cell indices) as an int64 array of rows ``(r1, c1, r2, c2)``."""
    pairs = np.array(moves, dtype=np.int64).reshape(-1, 2)
    rows, columns = np.divmod(pairs, cols)
    return np.stack([rows[:, 0], columns[:, 0], rows[:, 1], columns[:, 1]], axis=1)


def recorded(
    grid: Grid, history: History, name: str, args: tuple[Any, ...], change: Callable[[Grid], Any]
) -> tuple[Any, Entry]:
    """Run ``change`` on the grid; when it returns (raises nothing), record the cells it
    rewrote, in index order, as one history entry (even when none changed). Returns what
    ``change`` returned and the entry."""
    before = grid.face_flat.copy()
    done = change(grid)
    entry = Entry(name, args, None, diff(before, grid.face_flat))
    history.record(entry)
    return done, entry


def shuffle(grid: Grid, history: History, seed: int, slide: bool) -> Entry:
    """Re-deal the kinds (positions stay) until a move exists; recorded. Refused, nothing
    changed, when no arrangement has a move."""
    seed = core_int("seed", seed)
    change: Callable[[Grid], Any] = lambda g: shuffle_kinds(g, seed, slide)  # noqa: E731
    return recorded(grid, history, "shuffle", (seed, False), change)[1]


def shuffle_solvable(
    grid: Grid, history: History, gravity: Gravity, seed: int
) -> tuple[np.ndarray, Entry]:
    """Re-deal the kinds, positions kept, into a board with a known solution: the solution and
    the entry recorded. ``IllegalMove`` (nothing changed) when a kind has an odd number of
    tiles. The same under the slide rules: the positional game's every step is a plain link
    of at most one turn, which clears the board under those rules too."""
    seed = core_int("seed", seed)

    def change(g: Grid) -> Any:
        return deal_module.redeal_solvable(g, gravity, seed)

    solution, entry = recorded(grid, history, "shuffle", (seed, True), change)
    return moves_array(solution, grid.cols), entry


def mirror(grid: Grid, history: History, axis: str) -> Entry:
    """Flip every cell: axis "h" swaps left and right, "v" top and bottom."""
    axis = str(axis)
    if axis not in ("h", "v"):
        raise E.MIRROR_AXIS(value=debug_str(axis))

    def flip(g: Grid) -> None:
        faces = g.face_flat.reshape(g.rows, g.cols)
        g.put(slice(None), (faces[:, ::-1] if axis == "h" else faces[::-1, :]).ravel())
        g.reload()

    return recorded(grid, history, "mirror", (axis,), flip)[1]


def add_obstacles(grid: Grid, history: History, pairs: int, seed: int) -> Entry:
    """Add ``pairs`` pairs of kinds already on the board into empty cells (recorded).
    Refused when there are no kinds on the board or fewer than ``2 * pairs`` empty cells."""
    pairs, seed = core_int("pairs", pairs), core_int("seed", seed)
    flat = grid.face_flat
    kinds = np.unique(flat[flat != 0]).tolist()
    if not kinds:
        raise E.OBSTACLES_NO_KINDS()
    empty = np.flatnonzero(flat == 0).tolist()
    if len(empty) < 2 * pairs:
        raise E.OBSTACLES_NO_ROOM(pairs=pairs, cells=2 * pairs, empty=len(empty))
    rng = SplitMix64(seed)

    def place(g: Grid) -> None:
        for i in range(pairs):
            kind = kinds[rng.below(len(kinds))]
            for j in (2 * i, 2 * i + 1):
                pick = j + rng.below(len(empty) - j)
                empty[j], empty[pick] = empty[pick], empty[j]
                g.set(empty[j], kind)

    return recorded(grid, history, "obstacles", (pairs, seed), place)[1]


def deal(
    grid: Grid,
    history: History,
    gravity: Gravity,
    slide: bool,
    pair_kinds: np.ndarray,
    seed: int,
    solvable: bool,
    version: int | None = None,
    groups: bool | None = None,
) -> np.ndarray | None:
    """Deal one pair of each listed kind over the occupied cells by the rules of deal
    ``version``; the history starts empty. Return the solution when ``solvable``.
    ``groups`` (Chinese style): the pairs listed as 35 and 39 stand for the flower and
    season groups, whose faces are then dealt in turn. ``BoardError`` when the pairs do
    not fill the tile cells or the version is unknown."""
    seed, solvable = core_int("seed", seed), core_flag("solvable", solvable)
    version = 2 if version is None else core_int("version", version)
    groups = False if groups is None else core_flag("groups", groups)
    # Versions before 3 dealt a solvable slide board by random deals the solver checked; version
    # 3 builds it by the positional game of plain links (docs/engine.md, "Tiles that slide").
    if slide and solvable and version < deal_module.SLIDE_BUILT:
        if grid.remaining != 2 * len(pair_kinds):
            raise E.DEAL_PAIR_COUNT(tiles=grid.remaining, pairs=len(pair_kinds))

        def redeal(s: int) -> None:
            deal_module.deal(grid, gravity, pair_kinds, s, False, version)

        solution: list[tuple[int, int]] | None = deal_solvable(grid, gravity, redeal, seed)
    else:
        solution = deal_module.deal(grid, gravity, pair_kinds, seed, solvable, version)
    if groups:
        deal_module.paint_groups(grid)
    history.clear()
    return None if solution is None else moves_array(solution, grid.cols)

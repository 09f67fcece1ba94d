"""What changes a pure-Python board besides a removal: shuffles, the mirror, added obstacles
(each recorded as one history entry) and deals; the twin of those parts of rust/src/board.rs,
split from board.py (``Board`` inherits them) to keep each room one concern.
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


class BoardChanges:
    """The recorded changes and the deals of ``Board`` (board.py), which holds the state."""

    __slots__ = ()
    _grid: Grid
    _gravity: Gravity
    _history: History
    _slide: bool

    # Changes, each recorded as one history entry.

    def _recorded(self, name: str, args: tuple[Any, ...], change: Callable[[Grid], Any]) -> Any:
        """Run ``change`` on the grid; when it returns (raises nothing), record the cells it
        rewrote, in index order, as one history entry (even when none changed)."""
        before = self._grid.face_flat.copy()
        done = change(self._grid)
        self._history.record(Entry(name, args, None, diff(before, self._grid.face_flat)))
        return done

    def shuffle(self, seed: int) -> None:
        """Re-deal the kinds (positions stay) until a move exists; recorded. Refused, nothing
        changed, when no arrangement has a move."""
        seed = core_int("seed", seed)
        self._recorded("shuffle", (seed, False), lambda g: shuffle_kinds(g, seed, self._slide))

    def shuffle_solvable(self, seed: int) -> np.ndarray:
        """Re-deal the kinds, positions kept, into a board with a known solution, returned.
        ``IllegalMove`` (nothing changed) when a kind has an odd number of tiles."""
        seed = core_int("seed", seed)
        gravity = self._gravity
        if self._slide:
            deal_module.check_even(self._grid)
            solution = self._recorded(
                "shuffle",
                (seed, True),
                lambda g: deal_solvable(g, gravity, lambda s: shuffle_kinds(g, s, True), seed),
            )
            return moves_array(solution, self._grid.cols)
        solution = self._recorded(
            "shuffle", (seed, True), lambda g: deal_module.redeal_solvable(g, gravity, seed)
        )
        return moves_array(solution, self._grid.cols)

    def mirror(self, axis: str) -> None:
        """Flip every cell: axis "h" swaps left and right, "v" top and bottom."""
        axis = str(axis)
        if axis not in ("h", "v"):
            raise E.MIRROR_AXIS(value=debug_str(axis))

        def flip(g: Grid) -> None:
            faces = g.face_flat.reshape(g.rows, g.cols)
            g.put(slice(None), (faces[:, ::-1] if axis == "h" else faces[::-1, :]).ravel())
            g.reload()

        self._recorded("mirror", (axis,), flip)

    def add_obstacles(self, pairs: int, seed: int) -> None:
        """Add ``pairs`` pairs of kinds already on the board into empty cells (recorded).
        Refused when there are no kinds on the board or fewer than ``2 * pairs`` empty cells."""
        pairs, seed = core_int("pairs", pairs), core_int("seed", seed)
        flat = self._grid.face_flat
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

        self._recorded("obstacles", (pairs, seed), place)

    # Deals and the solver.

    def deal(
        self,
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
        grid, gravity = self._grid, self._gravity
        if self._slide and solvable:
            if grid.remaining != 2 * len(pair_kinds):
                raise E.DEAL_PAIR_COUNT(tiles=grid.remaining, pairs=len(pair_kinds))

            def redeal(s: int) -> None:
                deal_module.deal(grid, gravity, pair_kinds, s, False, version)

            solution: list[tuple[int, int]] | None = deal_solvable(grid, gravity, redeal, seed)
        else:
            solution = deal_module.deal(grid, gravity, pair_kinds, seed, solvable, version)
        if groups:
            deal_module.paint_groups(self._grid)
        self._history.clear()
        return None if solution is None else moves_array(solution, self._grid.cols)

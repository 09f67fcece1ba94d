"""Re-dealing the kinds of a stuck board, exactly as docs/engine.md prescribes.

Tiles keep their positions; only the kinds move between them, so the occupancy bitsets of
the grid stay valid throughout.
"""

from __future__ import annotations

import numpy as np

from .. import errors as E
from . import slide as slide_rules
from .grid import Grid
from .rng import SplitMix64
from .scan import has_move, positional_hint

_ATTEMPTS = 64


def shuffle(grid: Grid, seed: int, slide: bool = False) -> None:
    """Re-deal the kinds so that the board has a move (or has no tiles).

    Refused with ``IllegalMove``, the board left unchanged, when no deal can have a move: no
    kind has two tiles, or no two occupied cells can ever link.
    """
    # The faces move; which of them pair is the keys' business (docs/engine.md, "Rule
    # variants"): on a classic board the two are the same array.
    flat, faces = grid.flat, grid.face_flat
    occupied = np.flatnonzero(flat)
    if occupied.size == 0:
        return
    original = faces[occupied].copy()
    repeated = np.flatnonzero(np.bincount(flat[occupied]) >= 2)
    if repeated.size == 0:
        # No deal can have a move; skipping the futile attempts changes nothing visible.
        raise E.SHUFFLE_NO_KIND_TWICE()

    rng = SplitMix64(seed)
    deal = original.tolist()
    last = len(deal) - 1
    for _ in range(_ATTEMPTS):
        # Fisher-Yates for i = n-1 .. 1 with j = below(i + 1); the draws do not depend on
        # the swaps, so they are taken in one vectorised batch.
        targets = rng.below_each(np.arange(last + 1, 1, -1)).tolist()
        for i, j in zip(range(last, 0, -1), targets, strict=True):
            deal[i], deal[j] = deal[j], deal[i]
        grid.put(occupied, deal)
        if (slide_rules.hint(grid) is not None) if slide else has_move(grid):
            return

    pair = slide_rules.positional_hint(grid) if slide else positional_hint(grid)
    if pair is None:
        # Cannot happen with two or more tiles (the closest two always link), but the
        # contract defines the outcome.
        grid.put(occupied, original)
        raise E.SHUFFLE_NO_LINK()
    kind = int(repeated[0])
    r1, c1, r2, c2 = pair
    first, second = r1 * grid.cols + c1, r2 * grid.cols + c2
    if flat[first] != kind:
        holder = int(np.flatnonzero(flat == kind)[0])
        grid.put([first, holder], [faces[holder], faces[first]])
    if flat[second] != kind:
        holders = np.flatnonzero(flat == kind)
        holder = int(holders[holders != first][0])
        grid.put([second, holder], [faces[holder], faces[second]])

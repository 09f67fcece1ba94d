"""Deals: `llk.deal` fills a layout with kinds, at random or with a solution built in
(docs/engine.md, "Deals"); the deal's share code (codes.py) lets anyone deal it again, on
either backend."""

from __future__ import annotations

from ._types import BackendName, Gravity, TileMix
from .codes import LATEST_DEAL_VERSION, DealSpec, pair_kinds
from .engine import Board
from .layout import Layout

__all__ = ["deal", "pair_kinds"]


def deal(
    rows: int,
    cols: int,
    *,
    kinds: int,
    seed: int,
    layout: Layout | str | None = None,
    solvable: bool = True,
    gravity: Gravity = "none",
    border: bool = True,
    backend: BackendName | None = None,
    version: int = LATEST_DEAL_VERSION,
    tiles: TileMix = "even",
    chinese: bool = False,
    slide: bool = False,
) -> Board:
    """A new board: every tile cell of `layout` (every cell without one) filled with `kinds`
    kinds, each an even number of times, counts differing by at most 2. With `solvable`, the
    board comes with `solution`, moves that clear it under its gravity. The same arguments give
    the same board on both backends; `board.code` names them. `version` picks the deal's rules
    (docs/engine.md, "Deals"): 2, the latest, or 1, the solvable deals of llk before it.

    `tiles` says how many tiles each kind gets: "even" (as above), or "kshisen", as KShisen
    deals them: four tiles a kind in turn, round and round the `kinds` kinds (KShisen has 42),
    so that on its big boards some kinds have 8 or 12 tiles (docs/api.md, "Tile mixes").

    `chinese` and `slide` deal a board under those rule variants (docs/engine.md, "Rule
    variants"); its code carries them.

    Args:
        rows: The board's rows.
        cols: The board's columns.
        kinds: How many kinds of tile to deal.
        seed: The PRNG's seed: the same seed deals the same board.
        layout: A `Layout`, a built-in layout's name, or None for every cell.
        solvable: Deal with a certificate (`board.solution`) rather than at random.
        gravity: Where tiles slide after a removal.
        border: Whether paths may run on the ring around the board.
        backend: The core ("rust" or "python"; None: `llk.BACKEND`).
        version: The deal's rules, 1 or 2.
        tiles: The tile mix, "even" or "kshisen".
        chinese: Chinese style: flowers match flowers, seasons match seasons.
        slide: KShisen's tiles that slide.

    Returns:
        The new board, its `code` naming these arguments.

    Raises:
        BoardError: An argument out of range or of the wrong type, or tiles and kinds that
            do not fit the layout; the message names it.
        IllegalMove: No solvable board found under the slide rules.
    """
    spec = DealSpec.checked(
        rows,
        cols,
        kinds=kinds,
        seed=seed,
        layout=layout,
        solvable=solvable,
        gravity=gravity,
        border=border,
        version=version,
        tiles=tiles,
        chinese=chinese,
        slide=slide,
    )
    return Board._dealt(spec, backend)

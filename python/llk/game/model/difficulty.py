"""Difficulty for a free game: easy, normal, hard or expert picks the kinds and the deal by its
rating (`llk.rate`, python/llk/solver.py).

`llk.rate` walks a solution and, at each step, asks the solver about every other move there:
the share of moves that lead into a dead end (`dead_end_share`) is what makes a board hard.
A deal dealt solvable (`solvable=True`) almost never has one: its tiles come in the order of a
positional game that leaves every pair free. A random deal has them. So:

- easy: a deal dealt solvable, 8 tiles a kind (twice as many partners to choose from);
- normal: a deal dealt solvable, 4 tiles a kind, no dead end;
- hard: a random deal the solver clears, dead ends on 2% to 8% of the moves;
- expert: a random deal the solver clears, dead ends on 8% of the moves or more.

Easy and normal deals are taken as dealt. For hard and expert, seeds are tried from the
game's seed on until a deal falls in its band (the nearest of
`TRIES` when none does). Rating takes up to half a second a deal, so boards above
`RATE_MAX_TILES` are not rated: there the difficulty sets the kinds alone and the deal stays
solvable. README.md ("Difficulty") gives the measured difference and scripts/measure_difficulty.py
measures it again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import llk

from ..i18n import N_, _

if TYPE_CHECKING:
    from .config import GameConfig

LEVELS = ("easy", "normal", "hard", "expert")
# name -> (tiles a kind, dealt solvable, dead-end share band)
RULES: dict[str, tuple[int, bool, tuple[float, float]]] = {
    "easy": (8, True, (0.0, 0.0)),
    "normal": (4, True, (0.0, 0.02)),
    "hard": (4, False, (0.02, 0.08)),
    "expert": (4, False, (0.08, 1.0)),
}
RATE_MAX_TILES = 200
TRIES = 60
RATE_BUDGET, PROBE_BUDGET = 50_000, 1_000  # llk.rate's, kept small: a deal rates in < 0.5 s


PICKING = {
    "easy": N_("Picking an easy deal"),
    "normal": N_("Picking a normal deal"),
    "hard": N_("Picking a hard deal"),
    "expert": N_("Picking an expert deal"),
}


def picking_label(level: str) -> str:
    """What the progress screen says while a deal of `level` is picked: "Picking an expert
    deal", "Picking a hard deal"."""
    return _(PICKING[level])


def kinds_for(level: str, tiles: int, max_kinds: int) -> int:
    per_kind = RULES[level][0]
    return max(1, min(max_kinds, tiles // per_kind))


def _tiles(config: GameConfig) -> int:
    if config.layout:
        layout = llk.Layout.named(config.layout)
        if (layout.rows, layout.cols) == (config.rows, config.cols):
            return layout.tiles
    return config.rows * config.cols


def _miss(share: float, band: tuple[float, float]) -> float:
    low, high = band
    return max(low - share, share - high, 0.0)


def pick(config: GameConfig, max_kinds: int) -> tuple[GameConfig, llk.Board]:
    """The deal for `config.difficulty` with at most `max_kinds` kinds, and the config that
    deals it again at once (its share code). Runs for up to seconds: call it off the GUI
    thread. (`GameConfig.picked` is the way in: this module does not import the config.)"""
    level = config.difficulty
    if level not in RULES:
        raise ValueError(f"difficulty must be one of {', '.join(LEVELS)}, not {level!r}")
    tiles = _tiles(config)
    _rules, solvable, band = RULES[level]
    base = replace(
        config,
        difficulty="any",
        code=None,
        kinds=kinds_for(level, tiles, max_kinds),
        solvable=solvable or tiles > RATE_MAX_TILES,
    )
    if base.solvable:
        # Dealt solvable: no dead end to look for (scripts/measure_difficulty.py finds none).
        board = base.deal()
        return replace(config, kinds=base.kinds, code=board.code), board
    best: tuple[float, int, llk.Board] | None = None
    for seed in range(config.seed, config.seed + TRIES):
        board = replace(base, seed=seed).deal()
        rating = llk.rate(board, budget=RATE_BUDGET, probe_budget=PROBE_BUDGET)
        if rating.status != "solved":
            continue
        miss = _miss(rating.dead_end_share, band)
        if best is None or miss < best[0]:
            best = (miss, seed, board)
        if miss == 0.0:
            break
    # Not one of the tries cleared: a deal dealt solvable instead.
    if best is None:
        seed, board = config.seed, replace(base, solvable=True).deal()
    else:
        _rating, seed, board = best
    # The seed found, so that the next game (seed + 1) looks further on, not at it again.
    return replace(config, seed=seed, kinds=base.kinds, code=board.code), board

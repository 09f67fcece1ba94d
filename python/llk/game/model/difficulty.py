"""Difficulty for a free game: easy, normal, hard or expert picks the kinds and the deal by its
rating (`llk.rate`, python/llk/solver.py).

`llk.rate` walks a solution and, at each step, asks the solver about every other move there:
the share of moves that lead into a dead end (`dead_end_share`) is what makes a board hard.
A deal dealt solvable (`solvable=True`) almost never has one: its tiles come in the order of a
positional game that leaves every pair free. A random deal has them. So:

- easy: a deal dealt solvable, 8 tiles a kind (twice as many partners to choose from);
- normal: a deal dealt solvable, 4 tiles a kind, (almost) no dead end;
- hard: a random deal the solver clears, dead ends on 2% (inclusive) to 8% of the moves;
- expert: a random deal the solver clears, dead ends on 8% of the moves or more.

These are llk.rate's labels too: the bands are the engine's (`llk.RATING_BANDS`), so the
deal picked for a level is rated that level.

Easy and normal deals are taken as dealt. Hard and expert deals come from a table of seeds
rated when it was made (assets/difficulty/rated-seeds.json, written by
scripts/make_rated_seeds.py for every board the menu and `llk play` offer up to
`RATE_MAX_TILES` tiles, each gravity): the game's seed chooses among the key's seeds, so the
deal is at once. A board the table lacks (a custom size), or a table made with other budgets
or bands, falls back to the search: seeds are tried from the game's seed on until a deal
falls in its band (the nearest of `TRIES` when none does). A key the table lists as rated in
vain deals the level below at once (`LEVEL_BELOW`): no search finds it a deal in its band.
Rating takes up to half a second a deal, so boards above `RATE_MAX_TILES` are not rated: there
the difficulty sets the kinds alone and the deal stays solvable. docs/difficulty.md gives the
measured difference and the pick times; scripts/measure_difficulty.py measures them again.
"""

from __future__ import annotations

import functools
import json
from dataclasses import replace
from typing import TYPE_CHECKING

import llk
from llk import EASY_TILES_A_KIND, RATING_BANDS, RATING_LEVELS
from llk import in_rating_band as in_band

from ..assets import asset_text
from ..i18n import N_, _

if TYPE_CHECKING:
    from .config import GameConfig

LEVELS = RATING_LEVELS  # the game's difficulties are the engine's labels

# name -> (tiles a kind, dealt solvable, dead-end share band): the bands and the easy level's
# tiles a kind are the engine's scale (llk/solver.py), so llk.rate labels a deal picked here
# by the level it was picked for.
RULES: dict[str, tuple[int, bool, tuple[float, float]]] = {
    "easy": (EASY_TILES_A_KIND, True, RATING_BANDS["easy"]),
    "normal": (4, True, RATING_BANDS["normal"]),
    "hard": (4, False, RATING_BANDS["hard"]),
    "expert": (4, False, RATING_BANDS["expert"]),
}
RATE_MAX_TILES = 200
TRIES = 60
# A key the table lists as "unfound" was rated in vain over every seed its maker tried: a
# search would rate on for nothing (up to a minute on a spiral under gravity). Its pick is the
# next level down instead, at once: an expert board deals one of the key's hard seeds, a hard
# one a deal dealt solvable (as normal), and docs/difficulty.md says which boards these are.
LEVEL_BELOW = {"expert": "hard", "hard": "normal"}
RATE_BUDGET, PROBE_BUDGET = 50_000, 1_000  # llk.rate's, kept small: a deal rates in < 0.5 s
RATED = ("hard", "expert")  # the levels whose deals are rated (the others are dealt solvable)
# The table of rated seeds (assets/difficulty/rated-seeds.json, scripts/make_rated_seeds.py);
# its version changes with the meaning of its keys or seeds.
TABLE = ("difficulty", "rated-seeds.json")
TABLE_VERSION = 1


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


def _layout(config: GameConfig) -> llk.Layout | None:
    """The layout a config deals on (one made for another size is not used: the full board)."""
    if config.layout:
        layout = llk.Layout.named(config.layout)
        if (layout.rows, layout.cols) == (config.rows, config.cols):
            return layout
    return None


def _tiles(config: GameConfig) -> int:
    layout = _layout(config)
    return layout.tiles if layout else config.rows * config.cols


def table_key(config: GameConfig, level: str) -> str:
    """The table's key of the random deals `pick` rates for `level` from `config` (its kinds
    already `kinds_for` the level): "6x14 - none k21 hard", "14x16 heart down k37 expert"."""
    layout = _layout(config)
    shape = layout.name if layout else "-"
    return f"{config.rows}x{config.cols} {shape} {config.gravity} k{config.kinds} {level}"


def table_header() -> dict[str, object]:
    """What a table must have been made with to be used: this code's version, budgets, bands."""
    return {
        "version": TABLE_VERSION,
        "rate_budget": RATE_BUDGET,
        "probe_budget": PROBE_BUDGET,
        "bands": {level: list(RATING_BANDS[level]) for level in RATED},
    }


@functools.cache
def _table() -> dict[str, object]:
    """The shipped table as read, or {} when it is missing, unreadable, or was made with another
    version, budgets or bands."""
    try:
        raw = json.loads(asset_text(*TABLE))
    except (OSError, ValueError):
        return {}
    header = table_header()
    if not isinstance(raw, dict) or any(raw.get(k) != v for k, v in header.items()):
        return {}
    return raw


def unfound_keys() -> frozenset[str]:
    """The keys the table's maker rated in vain (its "unfound")."""
    unfound = _table().get("unfound")
    return frozenset(unfound) if isinstance(unfound, dict) else frozenset()


def rated_seeds() -> dict[str, list[int]]:
    """The shipped table: key -> the seeds whose deals fall in the key's band. Empty when the
    file is missing, unreadable, or was made with another version, budgets or bands (then
    `pick` searches, as it does for a key the table lacks)."""
    seeds = _table().get("seeds")
    return seeds if isinstance(seeds, dict) else {}


def _miss(share: float, level: str) -> float:
    """0 for a share in `level`'s band (as llk.rate labels it), else how far it is off."""
    if in_band(share, level):
        return 0.0
    low, high = RATING_BANDS[level]
    return max(low - share, share - high, 1e-9)


def base_for(config: GameConfig, max_kinds: int) -> GameConfig:
    """What `pick` deals from for `config.difficulty`: its kinds, dealt solvable or at random
    (to be rated), any difficulty and code dropped."""
    level = config.difficulty
    if level not in RULES:
        raise ValueError(f"difficulty must be one of {', '.join(LEVELS)}, not {level!r}")
    tiles = _tiles(config)
    return replace(
        config,
        difficulty="any",
        code=None,
        kinds=kinds_for(level, tiles, max_kinds),
        solvable=RULES[level][1] or tiles > RATE_MAX_TILES,
    )


def pick(config: GameConfig, max_kinds: int) -> tuple[GameConfig, llk.Board]:
    """The deal for `config.difficulty` with at most `max_kinds` kinds, and the config that
    deals it again at once (its share code). Runs for up to seconds: call it off the GUI
    thread. (`GameConfig.picked` is the way in: this module does not import the config.)"""
    level = config.difficulty
    base = base_for(config, max_kinds)
    if base.solvable:
        # Dealt solvable: no dead end to look for (scripts/measure_difficulty.py finds none).
        board = base.deal()
        return replace(config, kinds=base.kinds, code=board.code), board
    key = table_key(base, level)
    seeds = rated_seeds().get(key)
    if seeds:
        # Rated when the table was made: the game's seed chooses one, so that the next game
        # (seed + 1) deals the next. The seed stays the game's; the code deals this one again.
        board = replace(base, seed=seeds[config.seed % len(seeds)]).deal()
        return replace(config, kinds=base.kinds, code=board.code), board
    best: tuple[float, int, llk.Board] | None = None
    if key in unfound_keys():
        below = rated_seeds().get(table_key(base, LEVEL_BELOW[level]))
        if below:
            board = replace(base, seed=below[config.seed % len(below)]).deal()
        else:
            board = replace(base, solvable=True).deal()
        return replace(config, kinds=base.kinds, code=board.code), board
    for seed in range(config.seed, config.seed + TRIES):
        board = replace(base, seed=seed).deal()
        rating = llk.rate(board, budget=RATE_BUDGET, probe_budget=PROBE_BUDGET)
        if rating.status != "solved":
            continue
        miss = _miss(rating.dead_end_share, level)
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

"""The saved game's fields, written once: `SavedGame` names each field with its type and, beside
it, what a value read from a file may be (`Annotated[type, check]`). model/saved.py writes and
reads a save as a `SavedGame` (mypy holds each key and value to it), and store/checks.py
refuses a save whose fields fail `CHECKS`, drawn from the same annotations: a field without a
check is refused at import (`checks_of`).

The checks are the shape, so that nothing a save says (damaged, or crafted) can stop the game
when it is restored: the right JSON types, numbers finite and in range. Whether the board is a
legal one is the engine's to say then. A field is checked when present: a save from before it
has none, and restore reads its default.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Annotated, Any, TypedDict, get_type_hints

import numpy as np

import llk

Check = Callable[[Any], bool]

COUNT_MAX = 2**53  # beyond any game's, and exact as a float


def is_number(value: Any) -> bool:
    """A JSON number, finite (`json` reads NaN and Infinity, and ints of any size)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def is_count(value: Any) -> bool:
    """An int a game counts with (JSON may write 3.0 for 3; a bool is no count)."""
    if not is_number(value) or not 0 <= value <= COUNT_MAX:
        return False
    return isinstance(value, int) or value.is_integer()


def is_amount(value: Any) -> bool:
    """A number of seconds: finite, not negative."""
    return is_number(value) and 0 <= value <= COUNT_MAX


def is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def is_str(value: Any) -> bool:
    return isinstance(value, str)


def is_str_or_none(value: Any) -> bool:
    return isinstance(value, str | None)


def is_list(value: Any) -> bool:
    return isinstance(value, list)


# The save's config (model/config.py's GameConfig): the fields that are checked, the rules.
_CONFIG_CHECKS: dict[str, Check] = {"chinese": is_bool, "slide": is_bool, "tiles": is_str}


def is_config(value: Any) -> bool:
    """A table whose rule variants are bools and whose tile mix is a str, when present."""
    if not isinstance(value, dict):
        return False
    return all(check(value[k]) for k, check in _CONFIG_CHECKS.items() if k in value)


def is_grid(value: Any) -> bool:
    """A grid of int rows, or the uint16 array `savefile.decode` reads a binary grid into: two
    dimensions, a cell at least."""
    if isinstance(value, np.ndarray):
        cells = value.dtype.kind == "u" and value.dtype.itemsize == 2
        return cells and value.ndim == 2 and value.size > 0
    if not (isinstance(value, list) and value and all(isinstance(row, list) for row in value)):
        return False
    return all(type(v) is int for row in value for v in row)


def is_spent(value: Any) -> bool:
    """The assists spent: a table of counts."""
    return isinstance(value, dict) and all(is_count(v) for v in value.values())


def is_tally(row: Any) -> bool:
    """[score, combo, time of the last pair or None] (score.Tally)."""
    if not (isinstance(row, list) and len(row) == 3):
        return False
    score, combo, last = row
    return is_count(score) and is_count(combo) and (last is None or is_amount(last))


def is_tallies(value: Any) -> bool:
    return isinstance(value, list) and all(is_tally(row) for row in value)


class SavedGame(TypedDict, total=False):
    """A saved game, as `Game.to_save` writes it (every field) and `Game.from_save` reads it
    (a field missing from an older save has its default there)."""

    id: Annotated[str | None, is_str_or_none]  # which game (store/saves.py); None: before ids
    config: Annotated[dict[str, Any], is_config]  # the GameConfig, as a table
    code: Annotated[str | None, is_str_or_none]  # the deal's share code; None: from a grid
    # [name, args] entries, or (compact, for savefile.py) a saved.Log
    history: Annotated[Any, is_list]
    grid: Annotated[Any, is_grid]  # rows of kinds, or (compact) the board's array
    border: Annotated[bool, is_bool]
    gravity: Annotated[llk.Gravity, is_str]  # the engine refuses another
    chinese: Annotated[bool, is_bool]  # the rule variants (none before them: classic)
    slide: Annotated[bool, is_bool]
    score: Annotated[int, is_count]
    tallies: Annotated[list[list[Any]], is_tallies]  # [score, combo, last pair's time]
    position: Annotated[int, is_count]
    autoplayed: Annotated[bool, is_bool]
    elapsed: Annotated[float, is_amount]
    hints_left: Annotated[int, is_count]
    shuffles_left: Annotated[int, is_count]
    obstacles_left: Annotated[int, is_count]
    assisted: Annotated[bool, is_bool]
    tiles_at_start: Annotated[int, is_count]
    extra_seconds: Annotated[float, is_amount]
    spent: Annotated[dict[str, int], is_spent]
    remaining: Annotated[int, is_count]  # for the menu's "Continue", without a count


def checks_of(schema: type) -> dict[str, Check]:
    """Each field of `schema` (a TypedDict of `Annotated[type, check]` fields) and its check;
    TypeError for a field without one."""
    checks = {}
    for name, hint in get_type_hints(schema, include_extras=True).items():
        found = [m for m in getattr(hint, "__metadata__", ()) if callable(m)]
        if len(found) != 1:
            raise TypeError(f"the save's field {name!r} has no check (Annotated[type, check])")
        checks[name] = found[0]
    return checks


CHECKS = checks_of(SavedGame)

"""What a saved game may hold, field by field: the right JSON types, numbers finite and in range,
so that nothing a save says (damaged, or crafted) can stop the game when it is restored. Whether
the board is a legal one is the engine's to say then; the checks here are the shape."""

from __future__ import annotations

from typing import Any

import numpy as np

from .files import is_number

# Fields of the save (model/saved.py) and what each must be when present.
_KINDS: dict[str, Any] = {
    "config": dict,
    "history": list,
    "border": bool,
    "gravity": str,
    "chinese": bool,
    "slide": bool,
    "assisted": bool,
    "autoplayed": bool,
    "code": (str, type(None)),
    "id": (str, type(None)),
}
# Fields of the save's config (model/config.py's GameConfig) that are checked: the rules.
_CONFIG_KINDS: dict[str, Any] = {"chinese": bool, "slide": bool, "tiles": str}
_AMOUNTS = ("elapsed", "extra_seconds")  # finite, not negative
_COUNTS = (
    "score",
    "hints_left",
    "shuffles_left",
    "obstacles_left",
    "tiles_at_start",
    "remaining",
    "position",
)
_COUNT_MAX = 2**53  # beyond any game's, and exact as a float


def _is_count(value: Any) -> bool:
    """An int a game counts with (JSON may write 3.0 for 3; a bool is no count)."""
    if not is_number(value) or not 0 <= value <= _COUNT_MAX:
        return False
    return isinstance(value, int) or value.is_integer()


def _is_amount(value: Any) -> bool:
    return is_number(value) and 0 <= value <= _COUNT_MAX


def _is_tally(row: Any) -> bool:
    """[score, combo, time of the last pair or None] (score.Tally)."""
    if not (isinstance(row, list) and len(row) == 3):
        return False
    score, combo, last = row
    return _is_count(score) and _is_count(combo) and (last is None or _is_amount(last))


def has_field_types(data: dict[str, Any]) -> bool:
    """The fields of a saved game other than its grid, when present, of the right types and in
    range: a number finite, the rule variants bools (in the config too), a count a whole
    number not below 0, the assists spent a table of counts, the tallies rows of numbers."""
    if not all(isinstance(data[k], t) for k, t in _KINDS.items() if k in data):
        return False
    config = data.get("config", {})
    if not all(isinstance(config[k], t) for k, t in _CONFIG_KINDS.items() if k in config):
        return False
    if not all(_is_count(data[k]) for k in _COUNTS if k in data):
        return False
    if not all(_is_amount(data[k]) for k in _AMOUNTS if k in data):
        return False
    spent = data.get("spent", {})
    if not (isinstance(spent, dict) and all(_is_count(v) for v in spent.values())):
        return False
    tallies = data.get("tallies", [])
    return isinstance(tallies, list) and all(_is_tally(row) for row in tallies)


def is_saved_game(data: Any) -> bool:
    """The shape of a saved game (model/saved.py): a grid of int rows (or the uint16 array
    `savefile.decode` reads a binary grid into), and its other fields (`has_field_types`)."""
    if not isinstance(data, dict):
        return False
    grid = data.get("grid")
    if isinstance(grid, np.ndarray):
        cells = grid.dtype.kind == "u" and grid.dtype.itemsize == 2
        return cells and grid.ndim == 2 and grid.size > 0 and has_field_types(data)
    if not (isinstance(grid, list) and grid and all(isinstance(row, list) for row in grid)):
        return False
    if not all(type(v) is int for row in grid for v in row):
        return False
    return has_field_types(data)

"""What a saved game read from a file may hold: each field passes its check, as the save's one
description says it (model/save_fields.py, `SavedGame` and its `CHECKS`), so that nothing a
save says (damaged, or crafted) can stop the game when it is restored. Whether the board is a
legal one is the engine's to say then; the checks here are the shape."""

from __future__ import annotations

from typing import Any

from ..model.save_fields import CHECKS


def has_field_types(data: dict[str, Any]) -> bool:
    """The fields of a saved game (or of the summary `savefile.peek` reads, without its grid),
    when present, of the right types and in range: a number finite, the rule variants bools
    (in the config too), a count a whole number not below 0, the assists spent a table of
    counts, the tallies rows of numbers, the grid int rows or a uint16 array. A field the save
    does not describe is let through (an older or newer llk's)."""
    return all(check(data[name]) for name, check in CHECKS.items() if name in data)


def is_saved_game(data: Any) -> bool:
    """The shape of a saved game (model/save_fields.py): a grid of int rows (or the uint16
    array `savefile.decode` reads a binary grid into), and its other fields
    (`has_field_types`)."""
    return isinstance(data, dict) and "grid" in data and has_field_types(data)

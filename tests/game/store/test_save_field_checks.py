"""The store's checks of a save read from a file (store/checks.py) are the save's one
description (model/save_fields.py): each field the save describes is refused when its check
refuses it, in a whole save and in the summary the menu peeks at; a field it does not describe
is let through (issue 37)."""

from __future__ import annotations

import pytest

from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.model.save_fields import CHECKS
from llk.game.store.checks import has_field_types, is_saved_game

GOOD = Game(GameConfig(rows=4, cols=6, kinds=4, seed=5)).to_save()


def bad_value(name: str) -> object:
    """A JSON value the field's check refuses."""
    return next(v for v in ("x", -1, [1.5], {"a": "b"}) if not CHECKS[name](v))


def test_a_new_games_save_and_its_summary_pass_and_other_fields_go_through() -> None:
    assert is_saved_game(GOOD) and is_saved_game({**GOOD, "generation": "any"})
    summary = {k: v for k, v in GOOD.items() if k not in ("grid", "history")}
    assert has_field_types({**summary, "rows": 4, "cols": 6})


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_a_field_its_check_refuses_is_no_saved_game(name: str) -> None:
    assert not is_saved_game({**GOOD, name: bad_value(name)})
    if name != "grid":  # the summary has none (savefile.peek)
        assert not has_field_types({"rows": 4, "cols": 6, name: bad_value(name)})

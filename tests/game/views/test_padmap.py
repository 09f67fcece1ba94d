"""The gamepad's button map (views/padmap.py): every control asks for what the play screen
has, the help shows its line, and the docs' table (docs/playing.md, "Gamepad") is the map's."""

from __future__ import annotations

import re
from pathlib import Path

import arcade

from llk.game.views.covers import HelpView
from llk.game.views.gamepad import DEAD_ZONE, REPEAT_DELAY, REPEAT_EVERY, TRIGGER_ON
from llk.game.views.padmap import BUTTONS, MOTIONS, help_line, play_actions, rows
from llk.game.views.text import measured

from ..helpers import key, start

PLAYING = Path(__file__).resolve().parents[3] / "docs" / "playing.md"


def gamepad_section() -> str:
    text = PLAYING.read_text(encoding="utf-8")
    return text.split("### Gamepad\n", 1)[1].split("\n### ", 1)[0]


def test_every_control_asks_for_an_action_the_play_screen_has(window):
    view = start(window)
    asked = play_actions()
    assert asked, "the map asks for nothing"
    assert [a for a in asked if a not in view.actions] == []


def test_no_control_is_mapped_twice():
    for table in (MOTIONS, BUTTONS):
        controls = [row.control for row in table]
        assert len(set(controls)) == len(controls)


def test_the_help_shows_the_gamepads_line(window):
    view = start(window)
    key(window, arcade.key.F1)
    assert isinstance(window.current_view, HelpView) and window.current_view.under is view
    with measured() as drawn:
        window.current_view.on_draw()
    assert help_line() in [d.text for d in drawn]
    assert help_line().startswith("Gamepad: A select, B undo, X hint")


def test_the_docs_table_is_the_button_map():
    section = gamepad_section()
    table = [
        tuple(cell.strip() for cell in line.strip("|").split("|"))
        for line in section.splitlines()
        if line.startswith("| ") and not line.startswith(("| Control", "| ---"))
    ]
    assert table == [(name, playing, elsewhere or "-") for name, playing, elsewhere in rows()]


def test_the_docs_give_the_dead_zone_the_repeats_and_the_triggers_as_they_are():
    prose = " ".join(gamepad_section().split())
    assert DEAD_ZONE == 0.5 and "past half way" in prose
    assert f"repeats after {REPEAT_DELAY:g} s" in prose
    assert f"{round(1 / REPEAT_EVERY)} times a second" in prose.replace("ten", "10")
    assert re.search(rf"pulled past {round(TRIGGER_ON * 100)}%", prose)

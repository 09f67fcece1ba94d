"""The HUD lays its texts out only when they change, and a changed line once (issue 42,
item 2): its stats line changes every second (the clock) and after every move."""

from __future__ import annotations

import arcade

from ..helpers import frame, start
from .test_popups import Counted, LaidOut


def test_a_changed_stats_line_is_laid_out_once(window, monkeypatch):
    view = start(window)
    frame(window)
    layouts = LaidOut(monkeypatch)
    made = Counted(monkeypatch, arcade.Text, "__init__")
    before = view.hud.stats.text
    view.game.tick(1.0)  # the clock's next second
    view.hud.draw(view.game, view.moves, None, view.mode)
    assert view.hud.stats.text != before
    # Not a text of its own to be measured for fitting, nor one layout per change of its
    # words, font and size.
    assert (made.calls, layouts.calls) == (0, 1)
    view.hud.draw(view.game, view.moves, None, view.mode)
    assert (made.calls, layouts.calls) == (0, 1)  # nothing changed: nothing laid out

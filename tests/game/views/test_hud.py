"""The HUD lays its texts out only when they change, and a changed line once (issue 42,
item 2): its stats line changes every second (the clock) and after every move."""

from __future__ import annotations

import arcade
import pytest

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


@pytest.mark.parametrize(("size", "width"), [(10, 400), (10, 450), (10.5, 350), (22.5, 776)])
def test_a_line_too_wide_is_shrunk_until_it_fits_its_room(window, size, width):
    """Shrunk to its room in as many steps as it takes: a text's width is not proportional to
    its size (at 200% on 800x600, one proportional step left "Gravity none" cut at the
    window's edge: 805 pixels in a room of 776)."""
    view = start(window)
    line = "Tiles 84   Moves 31   Time 0:00   Score 0   Hints 5   Shuffles 3   Gravity none"
    text = arcade.Text("", 0, 0)
    view.hud._place(text, line, size, 10, 300, width)
    assert text.text == line and text.content_width <= width
    assert text.font_size >= size * 0.5  # shrunk to fit, not to nothing

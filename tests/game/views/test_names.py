"""Issue 24, names in any script, played with real text, key and mouse events: a name in
Chinese is typed, kept and drawn with its own glyphs; Esc and a click keep the score too; the
first score a player enters in any mode asks for a name."""

from __future__ import annotations

import arcade
import numpy as np
import pytest

from llk.game.model import journey
from llk.game.views.level_done import LevelDoneView
from llk.game.views.text import label, measured
from llk.game.views.win import NameEntryView, WinView

from ..helpers import click, click_at, frame, key, settle, start, text


def win_a_game(window):
    view = start(window)
    for a, c in view.game.board.solution:
        click(window, a)
        click(window, c)
    settle(window, 1.0)
    entry = window.current_view
    assert isinstance(entry, NameEntryView)
    return entry


def drawn(text_: str) -> np.ndarray:
    """The pixels of `text_` drawn alone, white on black, in a small framebuffer."""
    window = arcade.get_window()
    ctx = window.ctx
    fb = ctx.framebuffer(color_attachments=[ctx.texture((64, 64), components=4)])
    with fb.activate():
        fb.clear(color=(0, 0, 0, 255))
        label(text_, 8, 16, (255, 255, 255), 28).draw()
        data = np.frombuffer(fb.read(components=4), dtype=np.uint8).reshape(64, 64, 4)
    fb.color_attachments[0].delete()
    return data[..., 0].copy()


def test_a_name_in_chinese_is_typed_kept_and_drawn(window):
    window.settings.player_name = ""
    entry = win_a_game(window)
    entry.name = ""
    text(window, "名字")
    text(window, "\x07")  # a control character is no letter
    assert entry.name == "名字"
    key(window, arcade.key.ENTER)
    assert isinstance(window.current_view, WinView)
    (table,) = window.storage.load_scores().values()
    assert table[0]["name"] == "名字" and window.settings.player_name == "名字"
    # Drawn with the glyphs themselves: two characters look different (missing glyphs would
    # be the same box twice), and the scores screen shows the name.
    first, second = drawn("名"), drawn("字")
    assert first.any() and second.any() and not np.array_equal(first, second)
    window.show_scores()
    with measured() as texts:
        frame(window)
    assert any("名字" in t.text for t in texts)


@pytest.mark.parametrize("how", ["escape", "click"])
def test_esc_or_a_click_keeps_the_score(window, how):
    entry = win_a_game(window)
    entry.name = "Ada"
    if how == "escape":
        key(window, arcade.key.ESCAPE)
    else:
        click_at(window, 40, 40)
    assert isinstance(window.current_view, WinView)
    (table,) = window.storage.load_scores().values()
    assert table[0]["name"] == "Ada"


def test_the_first_score_of_a_journey_level_asks_for_a_name(window):
    window.settings.player_name = ""  # a new player
    window.start_game(journey.level(1).config())
    play = window.current_view
    settle(window, 0.5)
    for a, c in journey.level(1).solution:
        play.game.tick(1.0)
        click(window, a)
        click(window, c)
        settle(window, 0.5)
    entry = window.current_view
    assert isinstance(entry, NameEntryView)
    entry.name = ""
    text(window, "李白")
    key(window, arcade.key.ENTER)
    done = window.current_view
    assert isinstance(done, LevelDoneView) and done.stars == 3 and done.place == 1
    assert window.storage.load_scores()["journey 1"][0]["name"] == "李白"

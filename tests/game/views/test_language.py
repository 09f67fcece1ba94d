"""The game in Simplified Chinese, switched in the settings with real keys: the Language row
changes every word of the next frame, without a restart, is kept in settings.json, and the next
screens speak it too; with no Chinese font the game stays in English and says so."""

from __future__ import annotations

import re

import arcade

from llk.game import i18n
from llk.game.store.storage import Storage
from llk.game.views import text as text_module
from llk.game.views.text import measured

from ..helpers import frame, key

HAN = re.compile("[\u4e00-\u9fff]")


def drawn_words(window) -> list[str]:
    with measured() as drawn:
        window.current_view.on_draw()
    return [d.text for d in drawn]


def choose_language(window, name: str) -> None:
    """Steps the settings' Language row with the Right key until it shows `name`."""
    view = window.current_view
    view.options.focus = view.options.rows.index(view.language)
    for _ in range(len(view.language.values)):
        if view.language.value == name:
            return
        key(window, arcade.key.RIGHT)
        frame(window)
    raise AssertionError(f"no language {name!r} in the row")


def test_the_language_row_switches_every_word_at_once_and_is_kept(window):
    window.show_settings()
    frame(window)
    assert "Settings" in drawn_words(window)
    choose_language(window, "zh_CN")
    words = drawn_words(window)
    assert "设置" in words and "语言" in words and "Settings" not in words
    assert Storage(window.storage.root).load_settings().language == "zh_CN"
    # The next screens are in Chinese too: the menu, and a game's HUD.
    key(window, arcade.key.ESCAPE)
    frame(window)
    menu = drawn_words(window)
    assert "新游戏" in menu and "退出" in menu
    # Every word of the menu is Chinese but names, codes, numbers and the game's own name.
    english = [w for w in menu if re.search("[a-z]{3}", w) and not HAN.search(w)]
    assert english == ["llk", "<  KShisen 14x6  >"]
    window.show_settings()
    choose_language(window, "en")
    assert "Settings" in drawn_words(window)
    assert i18n.language() == "en"


def test_auto_follows_the_system_and_a_missing_font_keeps_english(window, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "zh_CN")
    window.show_settings()
    choose_language(window, "auto")
    assert "设置" in drawn_words(window)
    monkeypatch.setattr(text_module, "has_cjk_font", lambda: False)
    choose_language(window, "zh_CN")
    words = drawn_words(window)
    assert "Settings" in words and text_module.NO_CJK_FONT in words
    choose_language(window, "en")
    assert text_module.NO_CJK_FONT not in drawn_words(window)

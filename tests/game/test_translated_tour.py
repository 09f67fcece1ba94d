"""Issue 38, item 2: every word a screen draws in Chinese comes from the catalog. Every screen
and state of the tour (game/tour.py: among them the level failed, the help over a slide game
with gravity and over a journey level and the daily puzzle) is drawn in a real window in
zh_CN, and every text drawn is read, whoever draws it (arcade.Text.draw is watched, not only
the texts the screens note for the layout tests): a word of Latin letters fails the test
unless it is a name, a code or a key (ALLOWED says which, and why each).
"""

# ruff: noqa: RUF001  (the Chinese samples' punctuation is full-width, as the catalog's)

from __future__ import annotations

import re
from collections.abc import Callable

import arcade
import pytest

from llk.game.model import daily
from llk.game.tour import PLAYERS, every_screen
from llk.game.views.padmap import BUTTONS
from llk.game.views.text import use_language

HAN = re.compile("[\u4e00-\u9fff]")
LATIN_WORD = re.compile("[A-Za-z]+")
ALONE = r"(?<![A-Za-z]){}(?![A-Za-z])"  # not a piece of a longer word

# What may stay in Latin letters in the Chinese game, each for its reason.
ALLOWED = [
    # A share code (llk.Board.code): a player types it back in as it is.
    r"llk\d+\.[0-9]+x[0-9]+\.[A-Za-z0-9.\-]+",
    # The daily result line's tag: the store finds the day's line in daily-results.txt by it,
    # whatever the language the line was written in (model/daily.py).
    re.escape(daily.RESULT_TAG),
    # The game's own name (the menu's title, the command).
    ALONE.format("llk"),
    # KDE's game, whose boards the presets copy and whose tile mix the menu offers: a name.
    ALONE.format("KShisen"),
    # The times sign: sizes (9x16), the combo (x3), the scale (1x), rows x cols.
    ALONE.format("x"),
    # Keys, by the names printed on the keyboard (views/keymap.py's key_name).
    ALONE.format("(?:Esc|Enter|Space|Home|Tab|Shift|Ctrl|F1|[A-Z])"),
    # A gamepad's buttons, by the names printed on the pad (views/padmap.py: the help's line).
    *(ALONE.format(re.escape(row.name)) for row in BUTTONS),
    # The names the players typed (tour.PLAYERS).
    *(ALONE.format(re.escape(name)) for name in PLAYERS),
]


def latin_words(text: str, allowed: list[str]) -> list[str]:
    """The words of Latin letters in `text` that none of the `allowed` patterns covers."""
    for pattern in allowed:
        text = re.sub(pattern, " ", text)
    return LATIN_WORD.findall(text)


@pytest.fixture
def chinese(window):
    window.settings.language = "zh_CN"
    assert use_language("zh_CN") is None, "no Chinese font here: fonts-noto-cjk"
    yield window
    window.settings.language = "en"
    use_language("en")


def drawn_texts(monkeypatch) -> Callable[[], list[str]]:
    """Every arcade.Text drawn from now on; the function returned takes them out."""
    texts: list[str] = []
    draw = arcade.Text.draw

    def watched(self: arcade.Text) -> None:
        texts.append(self.text)
        draw(self)

    monkeypatch.setattr(arcade.Text, "draw", watched)

    def taken() -> list[str]:
        out = list(texts)
        texts.clear()
        return out

    return taken


SCREENS = {  # issue 38, item 5: each of these screens translates
    "level-failed", "level-done", "daily-done", "win", "game-over", "name-entry", "scores",
    "settings", "journey", "help", "help-slide", "help-journey", "help-daily", "pause",
    "progress", "question", "frame-times",
}  # fmt: skip


def test_every_word_every_screen_draws_in_chinese_is_the_catalogs(chinese, monkeypatch):
    window = chinese
    # A file of the player's data directory is named by its path, so that it can be found.
    allowed = [*ALLOWED, re.escape(str(window.storage.root)) + r"/[\w.\-]+"]
    taken = drawn_texts(monkeypatch)
    english, screens = {}, {}
    for name in every_screen(window):
        view = window.current_view
        view.on_update(1 / 60)
        taken()
        view.on_draw()
        screens[name] = texts = [t for t in taken() if t.strip()]
        left = {t: words for t in texts if (words := latin_words(t, allowed))}
        if left:
            english[name] = left
    assert set(screens) >= SCREENS, sorted(SCREENS - set(screens))
    # Each screen drew its words, and in Chinese: the check read something.
    assert [n for n, texts in screens.items() if not any(map(HAN.search, texts))] == []
    assert english == {}


def test_the_check_sees_english_and_lets_names_codes_and_keys_be():
    kept = [
        "棋盘 llk2.6x14.21.3.none.-.sb    F1 / ? 帮助",
        "方向键：移动光标    Shift/Ctrl+方向键：平移",
        " 1. Ada Lovelace 0     12345   10:00   2026-12-01 20:15",
        "连击 x3   <  KShisen 14x6  >   自定义尺寸（行 x 列）",
        "llk daily 2026-12-01 llk2.9x16.36.20261201.up.-.sb: 用时 4:12 通关，72 步，无辅助",
        "Y 或 Enter：是      N 或 Esc：否",
    ]
    assert [latin_words(text, ALLOWED) for text in kept] == [[]] * len(kept)
    assert latin_words("Score 2232   Time left 2:41", ALLOWED) == ["Score", "Time", "left"]
    assert latin_words("得分 70（assisted）", ALLOWED) == ["assisted"]
    assert latin_words("Tiles left 48", ALLOWED) == ["Tiles", "left"]
    assert latin_words("Ada Lovelacey, llkx, Escape", ALLOWED) == [
        "Ada",
        "Lovelacey",
        "llkx",
        "Escape",
    ]
    assert latin_words("llk weekly", ALLOWED) == ["weekly"]


def test_the_menu_s_notes_on_damaged_files_draw_in_chinese(chinese, monkeypatch):
    """The store's notes (a file set aside, and why) are drawn on the menu: in Chinese too, but
    for the files' names, which the player looks for in the data directory."""
    from llk.game.store import savefile
    from llk.game.store.files import write_atomically
    from llk.game.store.saves import LEGACY_SAVE_FILE
    from llk.game.store.scores import SCORES_FILE

    window = chinese
    root = window.storage.root
    write_atomically(root / LEGACY_SAVE_FILE, savefile.encode({"grid": "none"}))  # no game
    write_atomically(root / SCORES_FILE, "[1, 2, 3]")  # not a table of scores
    window.storage.load_scores()
    taken = drawn_texts(monkeypatch)
    window.show_menu()
    menu = window.current_view
    menu.on_update(1 / 60)
    menu.on_draw()
    texts = taken()
    assert len(menu.problems) == 2, menu.problems
    noted = [t for t in texts if any(problem in t for problem in menu.problems)]
    assert len(noted) == 2 and all(map(HAN.search, noted)), texts
    files = r"(?<![\w.])(?:saved-game\.llk|scores\.json)(?:\.corrupt-\d+)?"
    assert {t: words for t in noted if (words := latin_words(t, [files, *ALLOWED]))} == {}

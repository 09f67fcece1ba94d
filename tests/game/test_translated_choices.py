"""Issue 38, item 2, past the tour: every choice a player can make on the menu and the
settings, every table of high scores those choices file a game under, and the journey's map
with every level open, drawn in zh_CN in a real window and held to the catalog as the tour is
(test_translated_tour.py: a Latin word fails unless it is a name, a code or a key). The tour
shows each screen once, as it opens (the menu on KShisen 14x6); here real keys go through each
row and each of its values (Left/Right, as a player does), the custom size's typed mistakes,
the journey's locked level and its shop, and every page of the scores. Nothing is dealt: a
choice changes the menu only. Each state is also held to the window, as the layout tests hold
the tour (test_layouts.py), so that the longer Chinese names fit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import arcade
import pytest

from llk.game.model import daily, journey
from llk.game.model.config import category_of
from llk.game.store.scores import ASSISTED
from llk.game.views.menu import MenuView
from llk.game.views.text import measured

from .helpers import key, text
from .test_layouts import problems
from .test_translated_tour import ALLOWED, HAN, chinese, drawn_texts, latin_words  # noqa: F401

# The settings' language row is left alone: its every value is a language the screen then
# speaks (English is drawn in English, as it must be).
UNTURNED = {"Language"}
WHEN = "2026-12-01 20:15"


@dataclass(frozen=True)
class Undealt:
    """What the score tables read of a board (config.DealtRules) for a game not dealt: the
    menu's choice decides its tile mix and rules (no share code)."""

    chinese: bool = False
    slide: bool = False
    code: str | None = None


class Looker:
    """Draws the screen shown, as a frame does, and keeps what it drew: the words in Latin
    letters the allowed patterns do not cover, the texts off the window or their box, and the
    categories of the menu's every choice (for the score tables)."""

    def __init__(self, window: arcade.Window, taken: Callable[[], list[str]]) -> None:
        self.window, self.taken = window, taken
        self.allowed = [*ALLOWED, re.escape(str(window.storage.root)) + r"/[\w.\-]+"]
        self.english: dict[str, dict[str, list[str]]] = {}
        self.misplaced: dict[str, list[str]] = {}
        self.chinese_states: list[str] = []
        self.seen: list[str] = []
        self.categories: set[str] = set()

    def __call__(self, state: str) -> None:
        view = self.window.current_view
        view.on_update(1 / 60)
        self.taken()
        with measured() as drawn:
            view.on_draw()
        texts = [t for t in self.taken() if t.strip()]
        self.seen.append(state)
        if any(map(HAN.search, texts)):
            self.chinese_states.append(state)
        left = {t: words for t in texts if (words := latin_words(t, self.allowed))}
        if left:
            self.english[state] = left
        found = problems([[d.text, d.extent, d.box] for d in drawn], *self.window.get_size())
        if found:
            self.misplaced[state] = found
        if isinstance(view, MenuView):
            self.note_category(view)

    def note_category(self, menu: MenuView) -> None:
        """The table a game of the menu's choice would count in (when it is a game at all)."""
        try:
            config = menu.config()
        except ValueError:  # a custom size mistyped, a difficulty with Chinese style: refused
            return
        rules = Undealt(chinese=config.chinese, slide=config.slide)
        self.categories.add(category_of(config, config.rows, config.cols, config.gravity, rules))


def turn_every_row(window: arcade.Window, look: Looker, screen: str) -> None:
    """Goes down the rows of the screen shown (Down), and through every value of each (Right,
    round to the value it had); looks at each state."""
    options = window.current_view.options
    options.focus = 0
    for _row in options.rows:
        row = options.rows[options.focus]
        look(f"{screen}: {row.label}")
        if row.values and row.label not in UNTURNED:
            for _value in row.values:
                key(window, arcade.key.RIGHT)
                look(f"{screen}: {row.label} = {row.value}")
        key(window, arcade.key.DOWN)


def focus_row(window: arcade.Window, label: str) -> None:
    """Up or Down to the row named `label`, as a player goes."""
    options = window.current_view.options
    while options.rows[options.focus].label != label:
        key(window, arcade.key.DOWN)


def mistype_the_custom_size(window: arcade.Window, look: Looker) -> None:
    """The custom board chosen, each mistake the menu refuses typed in and started: its
    note."""
    menu = window.current_view
    menu.choice.board.index = menu.choice.board.values.index("custom (rows x cols)")
    for typed in ("7x7", "2000x2", "x"):
        focus_row(window, "Custom size (rows x cols)")
        for _char in menu.choice.custom_size.text:
            key(window, arcade.key.BACKSPACE)
        text(window, typed)
        focus_row(window, "New game")
        key(window, arcade.key.ENTER)
        assert menu.error, typed
        look(f"menu: custom size {typed}")
        key(window, arcade.key.DOWN)  # a key: the note goes


def walk_the_journey(window: arcade.Window, look: Looker) -> None:
    """The journey's map from the menu: a locked level asked for and a power-up too dear
    (nothing cleared), then every level cleared (each open, its gravity said) and one
    bought."""
    focus_row(window, "Journey: 30 levels, stars and power-ups")
    key(window, arcade.key.ENTER)
    key(window, arcade.key.RIGHT)  # level 2, locked
    key(window, arcade.key.ENTER)
    look("journey: locked")
    key(window, arcade.key.KEY_1)
    look("journey: too dear")
    progress = journey.Progress(stars={level.number: 3 for level in journey.levels()})
    window.storage.save_journey(progress)
    key(window, arcade.key.ESCAPE)
    window.show_journey()
    key(window, arcade.key.KEY_1)
    look("journey: all open, bought")
    key(window, arcade.key.ESCAPE)


def page_the_scores(window: arcade.Window, look: Looker, categories: set[str]) -> None:
    """A score in each table: every category the menu's choices make, each once more for its
    assisted games, a journey level's and a day's; each page shown (Right)."""
    tables = {*categories, *(c + ASSISTED for c in categories), "journey 7"}
    tables.add(daily.config_for(daily.today()).mode.replace(":", " "))
    for table in tables:
        entry = {"name": "Ada Lovelace", "score": 100, "seconds": 60.0, "when": WHEN}
        window.storage.add_score(table, entry)
    focus_row(window, "High scores")
    key(window, arcade.key.ENTER)
    for page in range(len(tables)):
        look(f"scores {page + 1}")
        key(window, arcade.key.RIGHT)
    key(window, arcade.key.ESCAPE)


# One renderer: these screens draw no board.
@pytest.mark.parametrize("window", ["grid"], indirect=True)
def test_every_choice_and_what_it_leads_to_draws_in_chinese(chinese, monkeypatch):  # noqa: F811
    window = chinese
    look = Looker(window, drawn_texts(monkeypatch))
    window.show_menu()
    turn_every_row(window, look, "menu")
    mistype_the_custom_size(window, look)
    walk_the_journey(window, look)
    page_the_scores(window, look, look.categories)
    focus_row(window, "Settings")
    key(window, arcade.key.ENTER)
    turn_every_row(window, look, "settings")
    # The walk saw what it set out to: each board and shape, each page, each a Chinese screen.
    menu = MenuView(window.services)
    assert len(look.categories) >= len(menu.choice.board.values), sorted(look.categories)
    # Only what is drawn is translated: a Chinese menu's heart game is filed under the same
    # table as an English one's (the scores file's key), whose title the scores translate.
    assert "13x18 heart gravity=none relaxed" in look.categories
    assert [state for state in look.seen if state not in look.chinese_states] == []
    assert look.english == {}
    assert look.misplaced == {}

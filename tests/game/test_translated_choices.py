"""Issue 38, item 2, past the tour: every choice a player can make on the menu and the
settings, every table of high scores those choices file a game under, and the journey's map
with every level open, drawn in zh_CN in a real window and held to the catalog as the tour is
(test_translated_tour.py: a Latin word fails unless it is a name, a code or a key). The tour
shows each screen once, as it opens (the menu on KShisen 14x6); here real keys go through each
row and each of its values (Left/Right, as a player does), start the choices that deal no game
(a custom size mistyped, more kinds than pairs, a share code that is none), ask the journey
for a locked level and its shop, and page through the scores. Nothing is dealt: a choice
changes the menu only. Each state is also held to the window, as the layout tests hold the
tour (test_layouts.py), so that the longer Chinese names fit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import arcade
import pytest

import llk
from llk.game.model import daily, journey
from llk.game.model.config import GameConfig, category_of
from llk.game.store.scores import ASSISTED
from llk.game.views.menu import CODE_EXAMPLE, MenuView
from llk.game.views.text import measured

from .helpers import finish_task, key, link, start, text
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


def leave_a_game_of_each_kind(window: arcade.Window) -> None:
    """A free game with every rule variant, a journey level and the daily puzzle, each a pair
    in and left for the menu (Esc): each saved, each the menu's Continue row."""
    free = GameConfig.preset("KShisen 14x6", seed=3, tiles="kshisen", chinese=True, slide=True)
    for config in (free, journey.level(1).config(), daily.config_for(daily.today())):
        view = start(window, config)
        link(window, view, view.game.board.solution[0])
        key(window, arcade.key.ESCAPE)
        window.storage.wait_for_saves()
    assert len(window.storage.saved_games()) == 3


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


def retype(window: arcade.Window, label: str, typed: str) -> None:
    """The text row named `label` emptied (Backspace) and `typed` in its place."""
    focus_row(window, label)
    options = window.current_view.options
    for _char in options.rows[options.focus].text:
        key(window, arcade.key.BACKSPACE)
    text(window, typed)


def start_refused(window: arcade.Window, look: Looker, state: str) -> None:
    """A new game started (Enter) on a choice that deals none: the menu's note, looked at."""
    focus_row(window, "New game")
    key(window, arcade.key.ENTER)
    finish_task(window)  # a share code is read on a worker
    menu = window.current_view
    assert isinstance(menu, MenuView) and menu.error, state
    look(f"menu: {state}")
    key(window, arcade.key.DOWN)  # a key: the note goes


def start_what_cannot_be_dealt(window: arcade.Window, look: Looker) -> None:
    """Each kind of choice the menu cannot deal, started: the custom size's mistakes (the
    custom board is the last: Left from the first), more kinds than the board has pairs, and
    a share code that is none."""
    focus_row(window, "Board")
    while window.current_view.choice.board.value != "custom (rows x cols)":
        key(window, arcade.key.LEFT)
    for typed in ("7x7", "2001x2", "x"):
        retype(window, "Custom size (rows x cols)", typed)
        start_refused(window, look, f"custom size {typed}")
    retype(window, "Custom size (rows x cols)", "2x2")
    focus_row(window, "Kinds")
    key(window, arcade.key.LEFT)  # from auto round to the most
    start_refused(window, look, "48 kinds on 2x2")
    focus_row(window, "Kinds")
    key(window, arcade.key.RIGHT)  # auto again
    retype(window, "Share code (wins over the above)", "llk9")
    start_refused(window, look, "share code llk9")
    retype(window, "Share code (wins over the above)", "")


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
    """A score in each table: every category the menu's choices make, a table of assisted
    games (one: its title is the same words and one more), a journey level's and a day's;
    each page shown (Right)."""
    tables = {*categories, min(categories) + ASSISTED, "journey 7"}
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
    leave_a_game_of_each_kind(window)
    window.show_menu()
    turn_every_row(window, look, "menu")
    start_what_cannot_be_dealt(window, look)
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


def test_the_refused_codes_example_is_a_code_that_deals():
    board = llk.Board.from_code(CODE_EXAMPLE)
    assert (board.rows, board.cols, board.code) == (6, 14, CODE_EXAMPLE)

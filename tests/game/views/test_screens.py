"""Menu, settings and scores screens, with real events."""

from __future__ import annotations

import arcade

from llk.game.store.settings import Settings
from llk.game.store.storage import Storage
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView
from llk.game.views.scores import ScoresView
from llk.game.views.settings import SettingsView

from ..helpers import finish_task, frame, key, menu_at_new_game, task_of


def test_menu_starts_a_game_with_the_chosen_options(window):
    window.show_menu()
    menu = window.current_view
    assert isinstance(menu, MenuView)
    menu.options.focus = menu.options.rows.index(menu.choice.gravity)
    key(window, arcade.key.RIGHT)  # gravity: down
    menu.options.focus = menu.options.rows.index(menu.choice.seed)
    key(window, arcade.key.BACKSPACE)
    for _ in range(6):
        key(window, arcade.key.BACKSPACE)
    menu.on_text("77")
    frame(window)
    menu.options.focus = 0
    key(window, arcade.key.ENTER)
    finish_task(window)
    view = window.current_view
    assert isinstance(view, PlayView)
    assert view.game.board.gravity == "down" and view.game.config.seed == 77


def test_menu_deals_a_share_code(window):
    window.show_menu()
    menu = window.current_view
    menu.choice.code.text = "llk1.6x14.21.42.none.-.sb"
    menu.new_game()
    finish_task(window)
    assert window.current_view.game.board == llk_board("llk1.6x14.21.42.none.-.sb")


def test_an_odd_custom_size_is_refused_with_its_tiles_counted_in_the_right_number(window):
    for size, said in [("1x1", "1x1 is 1 tile, an odd"), ("3x5", "3x5 is 15 tiles, an odd")]:
        menu = menu_at_new_game(window, size)
        key(window, arcade.key.ENTER)
        assert said in (menu.error or ""), menu.error
        assert task_of(window) is None and window.current_view is menu


def llk_board(code):
    import llk

    return llk.Board.from_code(code)


def test_settings_change_and_persist(window):
    window.show_settings()
    view = window.current_view
    assert isinstance(view, SettingsView)
    view.options.focus = view.options.rows.index(view.colour_blind)
    key(window, arcade.key.RIGHT)  # colour-blind-safe on
    frame(window)
    assert window.settings.colour_blind_safe
    assert Storage(window.storage.root).load_settings().colour_blind_safe


def test_scores_view_draws(window):
    window.storage.add_score("6x14 full", {"score": 120, "seconds": 60})
    window.show_scores()
    assert isinstance(window.current_view, ScoresView)
    frame(window)


def test_the_score_tables_page_in_reading_order(window):
    # Numbers in a table's name read as numbers: journey level 2 comes before level 10.
    for name in ("journey 10", "12x24 full", "journey 2", "9x16 full"):
        window.storage.add_score(name, {"score": 100, "seconds": 60})
    window.show_scores()
    view = window.current_view
    seen = []
    for _ in range(4):
        seen.append(view.categories[view.page])
        key(window, arcade.key.RIGHT)
        frame(window)
    assert seen == ["9x16 full", "12x24 full", "journey 2", "journey 10"]


def test_a_saved_game_that_cannot_be_restored_is_kept_aside(window):
    """A save that reads as JSON but holds a kind the engine refuses: the menu says so and keeps
    the file (moved aside), it does not delete the player's game."""
    storage = window.storage
    window.start_game(_config())
    view = window.current_view
    saved = view.game.to_save()
    saved["grid"][0][0] = 70000
    saved.pop("code", None)
    storage.save_game(saved)
    window.show_menu()
    menu = window.current_view
    menu.continue_game("free")
    finish_task(window)
    assert isinstance(window.current_view, MenuView) and "could not be restored" in menu.error
    root = storage.root
    assert not (root / "saved-free.llk").exists()
    assert (root / "saved-free.llk.corrupt-1").exists()


def _config():
    from llk.game.model.config import GameConfig

    return GameConfig.preset("KShisen 14x6", seed=2)


class RecordedScreens:
    """A Screens that notes where the view wanted to go, instead of going there."""

    def __init__(self):
        self.went: list[str] = []
        self.shown = None  # the last view shown

    def show_menu(self):
        self.went.append("menu")

    def show_scores(self):
        self.went.append("scores")

    def show_settings(self):
        self.went.append("settings")

    def start_game(self, config, board=None):
        self.went.append(f"game seed={config.seed}")

    def continue_game(self, saved):
        self.went.append("continue")

    def play(self, game):
        self.went.append("play")

    def show_view(self, view):
        self.went.append(type(view).__name__)
        self.shown = view

    def close(self):
        self.went.append("close")


def test_a_play_view_needs_its_services_only(session_window, tmp_path):
    """Built from a Services, not from the window: the view saves through the storage it was
    given and leaves through the screens it was given."""
    from llk.game.board.theme import Theme
    from llk.game.model.config import GameConfig
    from llk.game.model.game import Game
    from llk.game.views.services import Services
    from llk.game.views.sound import Sound

    settings = Settings(sound=False)
    screens = RecordedScreens()
    services = Services(
        Storage(tmp_path), settings, Theme(settings), Sound(settings), "sprites", screens
    )
    view = PlayView(services, Game(GameConfig.preset("KShisen 14x6", seed=3)))
    try:
        a, c = view.game.board.solution[0]
        view.click(a)
        view.click(c)
        view.on_key_press(arcade.key.ESCAPE, 0)
        assert screens.went == ["menu"]
        services.storage.wait_for_saves()  # the menu's save is written on a worker
        assert Storage(tmp_path).load_game("free")["score"] == view.game.score > 0
        view.on_key_press(arcade.key.N, 0)
        assert screens.went == ["menu", "QuestionView"] and screens.shown.under is view
        screens.shown.on_key_press(arcade.key.Y, 0)  # yes, a new game: this one is given up
        assert screens.went == ["menu", "QuestionView", "PlayView", "game seed=4"]
        assert Storage(tmp_path).load_game("free") is None
        assert Storage(tmp_path).load_stats()["played"] == 1
    finally:
        view.on_hide_view()

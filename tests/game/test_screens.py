"""Menu, settings, storage and the `llk play` command line."""

from __future__ import annotations

import os
import subprocess
import sys

import arcade

from llk.game.store.settings import Settings
from llk.game.store.storage import Storage
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView
from llk.game.views.scores import ScoresView
from llk.game.views.settings import SettingsView

from .helpers import finish_task, frame, key


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


def test_corrupt_files_are_set_aside(tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    (tmp_path / "scores.json").write_text("[1, 2]")
    storage = Storage(tmp_path)
    assert storage.load_settings() == Settings()
    assert storage.load_scores() == {}
    assert (tmp_path / "settings.json.corrupt-1").exists()
    assert (tmp_path / "scores.json.corrupt-1").exists()
    assert len(storage.problems) == 2
    storage.save_settings(Settings(sound=False))
    assert not Storage(tmp_path).load_settings().sound
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_scores_rank_and_keep_ten(tmp_path):
    storage = Storage(tmp_path)
    places = [storage.add_score("x", {"score": s}) for s in range(12)]
    assert places[-1] == 1 and storage.add_score("x", {"score": -1}) is None
    assert len(storage.load_scores()["x"]) == 10


def test_llk_cli_registers_play_without_importing_arcade():
    code = (
        "import sys, llk.cli as c; a = c.build_parser().parse_args(['play', '--size', '6x14']);"
        "from llk.game.cli import config_from_args; print(config_from_args(a).cols);"
        "assert 'arcade' not in sys.modules"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "14"


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


def test_play_kinds_outside_the_faces_is_refused():
    import llk
    import llk.cli
    from llk.game.cli import config_from_args

    for kinds in ("0", "49", "-3"):
        args = llk.cli.build_parser().parse_args(["play", "--size", "6x14", "--kinds", kinds])
        try:
            config_from_args(args)
        except llk.BoardError as error:
            assert "--kinds must be in 1..48" in str(error)
        else:
            raise AssertionError(f"--kinds {kinds} was accepted")


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


def test_old_scores_files_load_with_assisted_games_moved_apart(tmp_path):
    """Before assisted games had their own table they were marked in the category's table."""
    import json

    old = {
        "6x14 full gravity=none relaxed": [
            {"score": 900, "seconds": 50, "assisted": True, "when": "2026-11-01 10:00"},
            {"score": 400, "seconds": 90, "assisted": False, "when": "2026-11-02 10:00"},
            {"score": 300, "seconds": 80, "when": "2026-11-03 10:00"},
        ]
    }
    (tmp_path / "scores.json").write_text(json.dumps(old))
    storage = Storage(tmp_path)
    scores = storage.load_scores()
    assert [e["score"] for e in scores["6x14 full gravity=none relaxed"]] == [400, 300]
    assert [e["score"] for e in scores["6x14 full gravity=none relaxed (assisted)"]] == [900]
    assert not storage.problems
    # The next score is written in the new shape, the old entries kept.
    table = "6x14 full gravity=none relaxed"
    assert storage.place_for(table, 350, 70) == 2
    assert storage.add_score(table, {"name": "Ada", "score": 350, "seconds": 70}) == 2
    again = json.loads((tmp_path / "scores.json").read_text())
    assert [e["score"] for e in again[table]] == [400, 350, 300]
    assert len(again[table + " (assisted)"]) == 1


def test_statistics_count_streaks_and_best_times(tmp_path):
    storage = Storage(tmp_path)
    for won, seconds in [(True, 80.0), (True, 60.0), (False, None), (True, 70.0)]:
        storage.record_game("6x14", won=won, seconds=seconds)
    stats = Storage(tmp_path).load_stats()
    assert (stats["played"], stats["won"], stats["streak"], stats["best_streak"]) == (4, 3, 1, 2)
    assert stats["best_times"] == {"6x14": 60.0}
    (tmp_path / "statistics.json").write_text('{"played": -1}')
    bad = Storage(tmp_path)
    assert bad.load_stats()["played"] == 0 and bad.problems

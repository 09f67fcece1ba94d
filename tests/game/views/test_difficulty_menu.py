"""Issue 16, the difficulty in the game: chosen in the menu, named on the progress screen, and the
next rated deal picked on a worker when the player plays again (model/test_difficulty.py
holds the picks themselves)."""

from __future__ import annotations

import arcade

from llk.game.model.config import GameConfig
from llk.game.views.play import PlayView

from ..helpers import finish_task, frame, key, task_of

SMALL = GameConfig(rows=6, cols=8, kinds=12, seed=1)


def test_the_menu_offers_the_difficulty_and_deals_on_a_worker(window):
    window.show_menu()
    menu = window.current_view
    frame(window)
    menu.options.focus = menu.options.rows.index(menu.choice.difficulty)
    key(window, arcade.key.RIGHT)
    key(window, arcade.key.RIGHT)  # any -> easy -> normal
    assert menu.choice.difficulty.value == "normal"
    menu.options.focus = 0  # "New game"
    key(window, arcade.key.ENTER)
    assert task_of(window) is not None  # the pick runs on a worker, the menu keeps drawing
    finish_task(window)
    play = window.current_view
    assert isinstance(play, PlayView) and play.game.config.difficulty == "normal"
    assert play.game.category.endswith(" normal")  # a table apart from other difficulties
    assert window.settings.last_game["difficulty"] == "normal"


def test_the_progress_screen_names_the_level_in_plain_english(window):
    """Issue 24, item 15: it said "Picking a expert deal"."""
    window.show_menu()
    menu = window.current_view
    frame(window)
    menu.options.focus = menu.options.rows.index(menu.choice.difficulty)
    for _ in range(4):  # any -> easy -> normal -> hard -> expert
        key(window, arcade.key.RIGHT)
    assert menu.choice.difficulty.value == "expert"
    menu.options.focus = 0  # "New game"
    key(window, arcade.key.ENTER)
    task = task_of(window)
    assert task is not None and task.label == "Picking an expert deal"
    key(window, arcade.key.ESCAPE)  # cancelled: its answer is dropped
    assert task_of(window) is None


def test_play_again_after_a_win_picks_the_next_rated_deal_on_a_worker(window):
    from llk.game.model.game import Game
    from llk.game.views.win import WinView

    # Normal, not hard: the worker's path is the same, and rating deals in Python takes seconds.
    config, board = GameConfig(**{**SMALL.__dict__, "difficulty": "normal"}).picked()
    window.show_view(WinView(window.services, Game(config, board), None))
    key(window, arcade.key.ENTER)
    view = window.screen
    assert isinstance(view, WinView) and task_of(window) is not None
    assert task_of(window).wait(60)
    frame(window)
    play = window.current_view
    assert isinstance(play, PlayView)
    assert play.game.config.seed > config.seed and play.game.config.difficulty == "normal"
    assert play.game.board.code.endswith(".sb") and play.game.board.code != board.code

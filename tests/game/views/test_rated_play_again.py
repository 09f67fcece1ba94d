"""Issue 24: a rated game played again (after a win, or N) starts from the config the table
picked (model/test_rated_seeds.py holds the table of rated seeds)."""

from __future__ import annotations

from dataclasses import replace

import arcade
import pytest

from llk.game.model import difficulty
from llk.game.model.config import GameConfig
from llk.game.views.play import PlayView

from ..helpers import finish_task, key, start, task_of


@pytest.fixture(autouse=True)
def fresh_table():
    difficulty._table.cache_clear()
    yield
    difficulty._table.cache_clear()


def no_rating(*args, **kwargs):
    raise AssertionError("llk.rate was called: the pick searched instead of using the table")


def test_play_again_after_a_win_starts_from_the_config_picked(window, monkeypatch):
    from llk.game.model.game import Game
    from llk.game.views.win import WinView

    monkeypatch.setattr(difficulty.llk, "rate", no_rating)
    config, board = GameConfig.preset("KShisen 14x6", seed=4, difficulty="expert").picked()
    window.show_view(WinView(window.services, Game(config, board), None))
    key(window, arcade.key.ENTER)
    finish_task(window)
    play = window.current_view
    assert isinstance(play, PlayView)
    picked = replace(config, seed=5, code=None).picked()[0]
    assert play.game.config == picked and play.game.board.code == picked.code != board.code


def test_n_in_a_rated_game_starts_from_the_config_picked(window, monkeypatch):
    monkeypatch.setattr(difficulty.llk, "rate", no_rating)
    config, board = GameConfig.preset("KShisen 14x6", seed=7, difficulty="hard").picked()
    play = start(window, config, board)
    key(window, arcade.key.N)
    finish_task(window)
    assert task_of(window) is None
    following = window.current_view
    assert isinstance(following, PlayView) and following is not play
    assert following.game.config.seed == 8 and following.game.config.code is not None
    assert following.game.board.code == following.game.config.code != board.code

"""The play screen asks before it loses a game (issue 13, fair play): destructive keys, Esc
twice, a deadlock with no shuffle left; with real events."""

from __future__ import annotations

import arcade
import pytest

import llk
from llk.game.model.config import GameConfig
from llk.game.views.menu import MenuView
from llk.game.views.win import GameOverView

from ..helpers import asking, finish_task, frame, key, link, settle, start


@pytest.mark.parametrize("symbol", [arcade.key.R, arcade.key.N, arcade.key.A])
def test_destructive_keys_ask_during_a_game(window, symbol):
    view = start(window)
    link(window, view, view.game.board.solution[0])
    key(window, symbol)
    assert asking(window, view)
    frame(window)
    key(window, arcade.key.N)
    assert window.current_view is view
    assert not view.game.autoplayed and view.game.board.remaining == 82
    key(window, symbol)
    key(window, arcade.key.Y)
    if symbol == arcade.key.A:
        finish_task(window)  # the plan; the game is the solver's from its first move
        settle(window, 1.0)
        assert view.game.autoplayed
    else:
        assert window.current_view is not view


def test_escape_twice_asks_before_quitting(window):
    start(window)
    key(window, arcade.key.ESCAPE)
    menu = window.current_view
    assert isinstance(menu, MenuView)
    key(window, arcade.key.ESCAPE)
    assert asking(window, menu)
    frame(window)
    key(window, arcade.key.N)
    assert window.current_view is menu


DEADLOCK = [[1, 2, 3, 4], [2, 1, 4, 3]]


@pytest.mark.parametrize("extra", [False, True])
def test_a_deadlock_with_no_shuffle_left(window, extra):
    window.settings.extra_shuffles = extra
    view = start(window, GameConfig(rows=2, cols=4, kinds=4), llk.Board(DEADLOCK))
    view.game.shuffles_left = 0
    settle(window, 2.0)
    if extra:
        assert window.current_view is view and not view.game.board.is_deadlocked()
        assert view.game.assisted and view.game.shuffles_left == 0
    else:
        over = window.current_view
        assert isinstance(over, GameOverView) and "no shuffles left" in over.reason

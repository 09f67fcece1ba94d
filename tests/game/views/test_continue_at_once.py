"""Issue 24, fast hand-overs, on the play screen: a big saved game continued from the menu plays
at once, and undo waits for its history (model/test_history_to_come.py holds HistoryToCome).
The tests lower DEFER_CELLS so that a small board takes the big board's way."""

from __future__ import annotations

import arcade
import pytest

from llk.game.model import saved
from llk.game.model.config import GameConfig
from llk.game.views.play import PlayView

from ..helpers import frame, key, start
from .test_save_slots import click_row, link_pairs, to_menu

CONFIG = GameConfig(rows=8, cols=10, kinds=10, seed=4)


@pytest.fixture
def deferred(monkeypatch):
    monkeypatch.setattr(saved, "DEFER_CELLS", 0)


def test_continue_plays_at_once_and_undo_waits_for_the_history(window, deferred):
    view = start(window, CONFIG)
    link_pairs(window, view, view.game.board.solution[:4])
    before = view.game.board.grid.tolist()
    menu = to_menu(window)
    click_row(window, menu, "Continue: free game")
    task = window.current_view.task
    assert task.wait(30)
    frame(window)
    play = window.current_view
    assert isinstance(play, PlayView) and play.game.history_to_come is not None
    key(window, arcade.key.Z)  # undo, before the history came
    assert play.notice == "Undo is on its way: the saved moves are being restored"
    assert play.game.board.grid.tolist() == before
    for _ in range(200):
        frame(window)
        if play.game.history_to_come is None:
            break
        play.history_to_come.task.wait(5)
    assert play.game.history_to_come is None
    key(window, arcade.key.Z)
    assert play.game.board.grid.tolist() != before and play.game.position == 3

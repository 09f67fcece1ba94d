"""Issue 24: KShisen's own regressions as tests, with real events (a click on a pair while its
path is drawn, the clock after undo and when the game is stuck, restart's clock), and a
score's deal played again from the high-score table."""

from __future__ import annotations

import arcade

import llk
from llk.game.model.config import GameConfig
from llk.game.views.play import PlayView
from llk.game.views.scores import ScoresView
from llk.game.views.win import GameOverView, NameEntryView

from ..helpers import click, frame, key, settle, start


def test_a_click_on_a_pair_still_being_drawn_is_not_acted_on(window):
    view = start(window)
    (a, c), (a2, _) = view.game.board.solution[:2]
    click(window, a)
    click(window, c)
    assert view.board_view.animating and view.board_view.path is not None  # still drawn
    click(window, a)  # where the pair fades: nothing there to select
    assert view.game.selected is None and view.game.board[a] == 0
    click(window, a2)  # a tile is a tile, drawn path or not
    assert view.game.selected == a2


def test_the_clock_runs_on_after_undo(window):
    view = start(window)
    a, c = view.game.board.solution[0]
    click(window, a)
    click(window, c)
    frame(window, 0.25)
    before = view.game.elapsed
    key(window, arcade.key.Z)
    for _ in range(4):
        frame(window, 0.25)
    assert view.game.elapsed == before + 1.0


def test_the_clock_stops_when_the_game_is_stuck(window):
    # Deadlocked, no shuffle left, and the settings say a stuck game is over (KShisen's rule).
    board = llk.Board([[1, 2, 3, 4], [2, 1, 4, 3]])
    view = start(window, GameConfig(rows=2, cols=4, kinds=4), board)
    view.game.shuffles_left = 0
    settle(window, 2.0)
    over = window.current_view
    assert isinstance(over, GameOverView) and "no shuffles left" in over.reason
    stopped = view.game.elapsed
    for _ in range(4):
        frame(window, 0.25)
    assert view.game.elapsed == stopped


def test_restart_starts_the_clock_again(window):
    view = start(window)
    a, c = view.game.board.solution[0]
    click(window, a)
    click(window, c)
    for _ in range(8):
        frame(window, 0.25)
    assert view.game.elapsed >= 2.0
    key(window, arcade.key.R)
    key(window, arcade.key.Y)  # in progress: asked first
    again = window.current_view
    assert isinstance(again, PlayView) and again is not view
    assert again.game.elapsed == 0.0 and again.game.board.code == view.game.board.code


def test_a_scores_deal_is_played_again_from_its_row(window):
    view = start(window, GameConfig.preset("KShisen 14x6", seed=8))
    for a, c in view.game.board.solution:
        click(window, a)
        click(window, c)
    settle(window, 1.0)
    assert isinstance(window.current_view, NameEntryView)
    key(window, arcade.key.ENTER)
    window.show_scores()
    scores = window.current_view
    assert isinstance(scores, ScoresView)
    frame(window)
    key(window, arcade.key.ENTER)  # the first row's deal
    again = window.current_view
    assert isinstance(again, PlayView) and again.game.board.code == view.game.board.code
    assert again.game.board.remaining == 84

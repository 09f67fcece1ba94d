"""Issue 24, scores and modes, played with real events: auto-play cancelled before its first
move costs nothing, the daily puzzle counts its first attempt only, a take-back in a journey
level costs time on its clock, and a free game's obstacles are limited."""

from __future__ import annotations

import datetime as dt
import threading

import arcade

import llk
from llk.game.model import daily, journey
from llk.game.model.config import OBSTACLES, GameConfig
from llk.game.store.progress import DAILY_RESULTS_FILE
from llk.game.views.daily_done import DailyDoneView
from llk.game.views.play import PlayView
from llk.game.views.win import NameEntryView

from ..helpers import click, finish_task, frame, key, settle, start, task_of


def link(window, pairs) -> None:
    for a, c in pairs:
        click(window, a)
        click(window, c)
        settle(window, 0.5)


def test_esc_while_the_solver_plans_leaves_the_game_as_it_was(window, monkeypatch):
    go = threading.Event()
    solve = llk.solve

    def held(board, **options):  # a plan that takes as long as the test likes
        go.wait(10)
        return solve(board, **options)

    monkeypatch.setattr(llk, "solve", held)
    view = start(window)
    solution = view.game.board.solution
    link(window, solution[:1])
    key(window, arcade.key.A)
    key(window, arcade.key.Y)  # yes, let the solver play: it plans on a worker
    task = task_of(window)
    assert task is not None
    key(window, arcade.key.ESCAPE)  # ... and no, before its first move
    go.set()
    task.wait(30)
    settle(window, 1.0)
    game = view.game
    assert not game.autoplayed and not game.assisted and view.rules.autoplayer is None
    link(window, solution[1:])  # played out by the player: a score that enters the table
    assert isinstance(window.current_view, NameEntryView) and game.score > 0


def play_out(window) -> None:
    view = window.current_view
    assert isinstance(view, PlayView)
    settle(window, 0.5)
    link(window, view.game.board.solution)


def test_the_daily_counts_its_first_attempt_and_a_replay_is_practice(window, tmp_path):
    day = dt.date(2026, 12, 1)
    window.start_game(daily.config_for(day))
    play_out(window)
    done = window.current_view
    assert isinstance(done, DailyDoneView) and done.path is not None and done.place == 1
    lines = (tmp_path / DAILY_RESULTS_FILE).read_text().splitlines()
    assert len(lines) == 1 and "cleared" in lines[0] and "unassisted" in lines[0]
    # Again, the board now known: practice, said so, its line not kept, no table entry.
    window.start_game(daily.config_for(day))
    replay = window.current_view
    assert replay.mode.title == "Daily 2026-12-01 (practice)"
    play_out(window)
    done = window.current_view
    assert isinstance(done, DailyDoneView) and done.path is None and done.place is None
    assert (tmp_path / DAILY_RESULTS_FILE).read_text().splitlines() == lines
    assert len(window.storage.load_scores()["daily 2026-12-01"]) == 1


def test_restarting_the_days_attempt_ends_it(window, tmp_path):
    day = dt.date(2026, 12, 2)
    window.start_game(daily.config_for(day))
    view = window.current_view
    settle(window, 0.5)
    link(window, view.game.board.solution[:2])
    key(window, arcade.key.R)
    key(window, arcade.key.Y)  # restart: the day's attempt ends here, stopped
    lines = (tmp_path / DAILY_RESULTS_FILE).read_text().splitlines()
    assert len(lines) == 1 and "stopped at" in lines[0]
    assert window.current_view.mode.title.endswith("(practice)")


def test_choosing_the_days_puzzle_again_continues_its_saved_attempt(window, tmp_path):
    # The day's one counted attempt (issue 38): Esc saves it; the menu's daily row used to
    # offer to replace it with a fresh, uncounted attempt, without limit.
    window.show_menu()
    menu = window.current_view
    frame(window)
    row = next(i for i, r in enumerate(menu.options.rows) if r.label.startswith("Daily"))
    menu.options.focus = row
    key(window, arcade.key.ENTER)
    finish_task(window)
    play = window.current_view
    assert isinstance(play, PlayView) and play.mode.title == f"Daily {daily.today()}"
    settle(window, 0.5)
    link(window, play.game.board.solution[:2])
    play.game.tick(30.0)
    key(window, arcade.key.ESCAPE)  # to the menu: the game is saved
    menu = window.current_view
    frame(window)
    menu.options.focus = next(
        i for i, r in enumerate(menu.options.rows) if r.label.startswith("Daily")
    )
    key(window, arcade.key.ENTER)
    finish_task(window)
    again = window.current_view
    assert isinstance(again, PlayView) and again is not play  # no question: the same attempt
    assert again.game.board.remaining == play.game.board.remaining == 144 - 4
    assert again.game.elapsed >= 30.0 and again.game.save_id == play.game.save_id
    assert again.mode.title == f"Daily {daily.today()}"  # still the counted attempt
    assert not (tmp_path / DAILY_RESULTS_FILE).exists()


def test_a_take_back_in_a_journey_level_costs_time_on_its_clock(window):
    window.start_game(journey.level(1).config())
    view = window.current_view
    settle(window, 0.5)
    link(window, journey.level(1).solution[:2])
    before = view.game.time_left
    key(window, arcade.key.Z)
    assert view.game.time_left == before - journey.UNDO_SECONDS
    assert view.notice == "Undo: 10 s off the clock"
    key(window, arcade.key.Y)  # redo: the pair again, the time stays spent
    assert view.game.time_left == before - journey.UNDO_SECONDS


def test_a_free_games_obstacles_are_limited(window):
    view = start(window, GameConfig.preset("KShisen 24x12", seed=2))
    link(window, view.game.board.solution[:20])  # room for the obstacles
    for _ in range(OBSTACLES):
        tiles = view.game.board.remaining
        key(window, arcade.key.O)
        assert view.game.board.remaining == tiles + 4, view.notice
    tiles, limit = view.game.board.remaining, view.game.tiles_at_start
    key(window, arcade.key.O)
    frame(window)
    assert view.notice == f"No obstacles left ({OBSTACLES} a game)"
    assert (view.game.board.remaining, view.game.tiles_at_start) == (tiles, limit)

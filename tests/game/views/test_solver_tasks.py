"""The solver in the game, on a board big enough that it runs for seconds: a safe hint and an
auto-play plan run on a worker thread while the window keeps drawing, and Esc stops the solver
itself (its `cancel` event), not just the wait for its answer.

The size caps of the safe hint and the plan (solver_reach.MAX_TILES) are lifted here, so that the
solver really runs on a 1000x1000 board with gravity (60x60 on the pure-Python core): the test is of
the machinery, whatever the caps say. Without gravity the caps stay: the game's own safe hint on a
million tiles arrives while the window draws.
"""

from __future__ import annotations

import functools
import threading
import time

import arcade
import numpy as np
import pytest

import llk
from llk.game.model import assists, config, solver_reach
from llk.game.model.assists import AutoPlayer
from llk.game.model.config import GameConfig
from llk.game.views.play import PlayView

from ..helpers import frame, key, settle, task_of

# The pure-Python core deals and searches a 200x200 board far slower, and its search holds the
# GIL between its polls, so frames come slower too: a 60x60 board tests the same machinery.
# The Rust core dives to a solution of a 200x200 deal in a fraction of a second (docs/engine.md,
# "The dive"); with gravity a 1000x1000 one takes seconds.
N = 1000 if llk.BACKEND == "rust" else 60


# A random deal of 8 tiles a kind (as many kinds as a board holds on 1000x1000): the solver
# works on it past the frames timed, on either core. A solvable deal no longer does: the dive
# clears 60x60 with gravity in a third of a second on the pure-Python core, and 1000x1000 in
# about one on the Rust core.
KINDS = min(N * N // 8, 65_535)


@functools.cache
def dealt_with_gravity() -> llk.Board:
    return llk.deal(N, N, kinds=KINDS, seed=7, gravity="down", solvable=False)


@pytest.fixture
def big(window, monkeypatch) -> PlayView:
    if window.renderer == "sprites" and N * N > 40_000:
        # The sprite renderer draws at most 200x200, where the dive now ends in a fraction of a
        # second; the worker-thread machinery is the renderer's own on the grid renderer.
        pytest.skip("the sprite renderer draws at most 40,000 cells")
    monkeypatch.setattr(solver_reach, "MAX_TILES", dict.fromkeys(solver_reach.MAX_TILES, 10**9))
    # Budgets the solver cannot spend in the test's time on either core: it runs until Esc.
    monkeypatch.setattr(assists, "SAFE_HINT_BUDGET", 10**12)
    monkeypatch.setattr(AutoPlayer, "BUDGET", 10**12)
    board = dealt_with_gravity().copy()
    window.start_game(GameConfig(rows=N, cols=N, kinds=KINDS, gravity="down"), board)
    view = window.current_view
    assert isinstance(view, PlayView)
    settle(window, 0.5)
    frame(window)  # the board's first picture, a one-time cost, before the frames timed
    return view


def frames_while_the_solver_runs(window, view, seconds: float = 0.6) -> list[float]:
    """Draws frames for a while (three at least), each timed; the worker is still busy at the
    end."""
    times: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(times) < 3:
        t = time.perf_counter()
        frame(window)
        times.append(time.perf_counter() - t)
    assert task_of(window) is not None and not task_of(window).done, "the solver ended on its own"
    return times


def cancelled_for_good(window, task) -> None:
    """Esc: the view forgets the task, and the solver itself gives up soon after."""
    key(window, arcade.key.ESCAPE)
    assert task.stop is not None and task.stop.is_set()
    assert task.wait(20), "the solver ran on after Esc"
    with pytest.raises(llk.Cancelled):
        task.result()


def test_a_safe_hint_on_a_big_board_keeps_the_window_drawing_and_esc_stops_it(window, big):
    view = big
    grid = view.game.board.grid.copy()
    key(window, arcade.key.H)
    task = task_of(window)
    assert task is not None and task.stop is not None
    times = frames_while_the_solver_runs(window, view)
    assert len(times) >= 3  # drawn while the solver ran (their speed: llk bench --frames)
    cancelled_for_good(window, task)
    assert task_of(window) is None and view.game.hints_left == config.HINTS
    assert view.board_view.hint is None
    assert np.array_equal(view.game.board.grid, grid)


def test_auto_play_on_a_big_board_keeps_the_window_drawing_and_esc_stops_it(window, big):
    view = big
    remaining = view.game.board.remaining
    key(window, arcade.key.A)
    key(window, arcade.key.Y)
    task = task_of(window)
    assert task is not None and task.stop is not None
    solver = [t for t in threading.enumerate() if t.name.startswith("llk-task")]
    assert solver and threading.main_thread() not in solver
    times = frames_while_the_solver_runs(window, view)
    assert len(times) >= 3
    cancelled_for_good(window, task)
    assert task_of(window) is None and view.rules.autoplayer is None
    for _ in range(3):
        frame(window, 0.5)
    assert view.game.board.remaining == remaining


@pytest.fixture
def big_without_gravity(window) -> PlayView:
    # The caps as the game has them: the Rust core's safe hint dives on any board it deals
    # without gravity, the pure-Python core's up to 40x40.
    n = 1000 if llk.BACKEND == "rust" else 40
    if window.renderer == "sprites" and n * n > 40_000:
        pytest.skip("the sprite renderer draws at most 40,000 cells")
    board = llk.deal(n, n, kinds=48, seed=3)
    window.start_game(GameConfig(rows=n, cols=n, kinds=48), board)
    view = window.current_view
    assert isinstance(view, PlayView)
    settle(window, 0.5)
    frame(window)  # the board's first picture, a one-time cost, before the frames timed
    return view


def test_the_safe_hint_on_the_biggest_board_arrives_while_the_window_draws(
    window, big_without_gravity
):
    view = big_without_gravity
    board = view.game.board
    centre = view.board_view.view_centre()
    key(window, arcade.key.H)
    task = task_of(window)
    assert task is not None
    times: list[float] = []
    end = time.perf_counter() + 60
    while task_of(window) is not None and time.perf_counter() < end:
        t = time.perf_counter()
        frame(window)
        times.append(time.perf_counter() - t)
    assert task_of(window) is None, "no hint in a minute"
    assert times  # drawn while the solver worked (their speed: llk bench --frames)
    hint = view.board_view.hint
    assert hint is not None and view.game.hints_left == config.HINTS - 1
    a, c = hint
    # The pair nearest the view's centre, and the solver says the board can be cleared after it.
    assert min(max(abs(r - centre[0]), abs(q - centre[1])) for r, q in (a, c)) < 3
    after = board.copy()
    after.remove(a, c)
    budget = solver_reach.budget(after, assists.SAFE_HINT_BUDGET)
    assert after.solve(budget=budget).status == "solved"

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
import re
import threading
import time

import arcade
import numpy as np
import pytest

import llk
from llk.game.model import assists, config, solver_reach
from llk.game.model.assists import AutoPlayer
from llk.game.model.config import GameConfig
from llk.game.views import covers
from llk.game.views.play import PlayView
from llk.game.views.tasks import QUIET_SECONDS

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


@pytest.fixture
def boxes(monkeypatch) -> list[tuple[str, float]]:
    """The progress boxes drawn (covers.draw_progress): each one's text and the seconds its bar
    sweeps for, as they are drawn."""
    drawn: list[tuple[str, float]] = []
    draw = covers.draw_progress

    def drawing(window, room, text: str, seconds: float) -> None:
        drawn.append((text, seconds))
        draw(window, room, text, seconds)

    monkeypatch.setattr(covers, "draw_progress", drawing)
    return drawn


# One frame while a task ran: its seconds before the frame, the boxes the frame drew, its
# seconds after (None when the work was done by then: its box may have gone).
Shown = tuple[float, list[tuple[str, float]], float | None]


def one_frame(window, task, boxes: list[tuple[str, float]]) -> Shown:
    before = task.seconds
    boxes.clear()
    frame(window)
    return before, list(boxes), None if task.done else task.seconds


def check_the_box(task, shown: list[Shown]) -> None:
    """What each frame showed of the task: no box before it has run QUIET_SECONDS (it would only
    flicker), and from then on one box a frame, naming the task and the seconds it had run when
    that frame was drawn, in step with the clock."""
    last = -1.0
    for before, drawn, after in shown:
        if after is None:  # the work ended within the frame: its box may be gone already
            if not drawn:
                continue
            after = task.seconds
        if after < QUIET_SECONDS:
            assert drawn == [], f"a box after {after:.3f} s"
        if before < QUIET_SECONDS:
            continue
        assert len(drawn) == 1, f"{len(drawn)} boxes in a frame at {before:.2f} s"
        text, seconds = drawn[0]
        assert before <= seconds <= after and seconds > last
        said = re.fullmatch(re.escape(task.label) + r"  (\d+\.\d) s   \(Esc cancels\)", text)
        assert said is not None, text
        assert before - 0.05 <= float(said[1]) <= after + 0.05, (text, before, after)
        last = seconds


def frames_while_the_solver_runs(window, task, boxes, count: int = 3) -> None:
    """Draws frames until `count` of them are past QUIET_SECONDS (a minute at most), checking
    that each shows the task's progress as it stands; the solver is still busy at the end."""
    shown: list[Shown] = []
    end = time.perf_counter() + 60
    while sum(before >= QUIET_SECONDS for before, _, _ in shown) < count:
        assert time.perf_counter() < end, f"{len(shown)} frames in a minute"
        shown.append(one_frame(window, task, boxes))
    assert task_of(window) is task and not task.done, "the solver ended on its own"
    check_the_box(task, shown)


def cancelled_for_good(window, task) -> None:
    """Esc: the view forgets the task, and the solver itself gives up soon after."""
    key(window, arcade.key.ESCAPE)
    assert task.stop is not None and task.stop.is_set()
    assert task.wait(20), "the solver ran on after Esc"
    with pytest.raises(llk.Cancelled):
        task.result()
    task.join(5)  # the worker's thread itself ends, not just its answer
    assert not task.alive and not any(t.name.startswith("llk-task") for t in threading.enumerate())


def test_a_safe_hint_on_a_big_board_keeps_the_window_drawing_and_esc_stops_it(window, big, boxes):
    view = big
    grid = view.game.board.grid.copy()
    key(window, arcade.key.H)
    task = task_of(window)
    assert task is not None and task.stop is not None
    frames_while_the_solver_runs(window, task, boxes)  # their speed: llk bench --frames
    cancelled_for_good(window, task)
    assert task_of(window) is None and view.game.hints_left == config.HINTS
    assert view.board_view.hint is None
    assert np.array_equal(view.game.board.grid, grid)


def test_auto_play_on_a_big_board_keeps_the_window_drawing_and_esc_stops_it(window, big, boxes):
    view = big
    remaining = view.game.board.remaining
    key(window, arcade.key.A)
    key(window, arcade.key.Y)
    task = task_of(window)
    assert task is not None and task.stop is not None
    solver = [t for t in threading.enumerate() if t.name.startswith("llk-task")]
    assert solver and threading.main_thread() not in solver
    frames_while_the_solver_runs(window, task, boxes)
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
    window, big_without_gravity, boxes
):
    view = big_without_gravity
    board = view.game.board
    centre = view.board_view.view_centre()
    key(window, arcade.key.H)
    task = task_of(window)
    assert task is not None
    shown: list[Shown] = []
    end = time.perf_counter() + 60
    while task_of(window) is not None and time.perf_counter() < end:
        assert view.board_view.hint is None  # the answer comes through a frame, once done
        shown.append(one_frame(window, task, boxes))
    assert task_of(window) is None, "no hint in a minute"
    # The solver worked while frames were drawn, each showing its progress (their speed: llk
    # bench --frames): every frame but the last, which took its answer.
    assert len(shown) >= 2, "the hint was ready before a whole frame was drawn"
    check_the_box(task, shown[:-1])
    hint = view.board_view.hint
    assert hint is not None and view.game.hints_left == config.HINTS - 1
    a, c = hint
    # The pair nearest the view's centre, and the solver says the board can be cleared after it.
    assert min(max(abs(r - centre[0]), abs(q - centre[1])) for r, q in (a, c)) < 3
    after = board.copy()
    after.remove(a, c)
    budget = solver_reach.budget(after, assists.SAFE_HINT_BUDGET)
    assert after.solve(budget=budget).status == "solved"

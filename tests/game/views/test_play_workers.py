"""The play screen's long work runs on workers, off the frame loop (issue 13, fair play): a
million-tile shuffle and save, auto-play's plan, a huge deal; an answer for an older board is
dropped."""

from __future__ import annotations

import threading

import arcade
import numpy as np
import pytest

import llk
from llk.game.model.config import GameConfig
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView

from ..helpers import finish_task, frame, key, menu_at_new_game, start, task_of


def big_board(n: int, seed: int = 5) -> llk.Board:
    """An n x n board of 48 kinds, each an even number of times (a solvable shuffle exists),
    built from its grid at once: a deal of a million tiles takes seconds."""
    kinds = (np.arange(n * n) // 2) % 48 + 1
    grid = np.random.default_rng(seed).permutation(kinds).reshape(n, n).astype(np.uint16)
    return llk.Board(grid)


def test_a_million_tile_shuffle_runs_off_the_frame_loop(window):
    if window.renderer == "sprites":
        pytest.skip("the sprite renderer stops at 40,000 cells")
    # The pure-Python core shuffles a million tiles in minutes; 300x300 takes it about 2 s,
    # as long as the Rust core's million (1.9 s): the same test of the frame loop.
    n = 1000 if llk.BACKEND == "rust" else 300
    view = start(window, GameConfig(rows=n, cols=n, kinds=48), big_board(n))
    # The board's first picture is drawn before S, as in play: it renders the whole view into
    # the cache once (0.1 s on llvmpipe here, over 1 s on CI's two shared cores while the
    # shuffle's thread runs beside it), and that is the start of a game, not the shuffle.
    frame(window)
    game = view.game
    grid = game.board.grid
    key(window, arcade.key.S)
    # The shuffle is on its worker, not done when the key returns; and the window draws while
    # it runs. (How fast those frames are is llk bench --frames' "hand-over: shuffle".)
    task = task_of(window)
    assert task is not None and not task.done
    drawn_meanwhile = 0
    while not task.done and drawn_meanwhile < 3:
        frame(window)
        drawn_meanwhile += 1
    assert drawn_meanwhile
    key(window, arcade.key.ESCAPE)  # cancelled: the answer, when it comes, is dropped
    assert task_of(window) is None and game.shuffles_left == 3
    assert np.array_equal(game.board.grid, grid)
    key(window, arcade.key.S)
    finish_task(window)
    assert game.shuffles_left == 2 and not np.array_equal(game.board.grid, grid)
    assert np.array_equal(view.board_view.shown, game.board.grid)


def test_leaving_a_million_tile_game_for_the_menu_saves_it_off_the_frame_loop(window, monkeypatch):
    if window.renderer == "sprites":
        pytest.skip("the sprite renderer stops at 40,000 cells")
    # Esc to the menu wrote the save on the frame loop: 1.2-1.8 s on this board (20,000
    # removals). The pure-Python core's 300x300 is the same test at its own size.
    n = 1000 if llk.BACKEND == "rust" else 300
    board = llk.deal(n, n, kinds=48, seed=3)
    for a, c in board.solution[: n * 20]:
        board.remove(a, c)
    view = start(window, GameConfig(rows=n, cols=n, kinds=48), board)
    history = [tuple(action) for action in board.history]
    storage = window.storage
    write, writers = storage._write_save, []

    def write_and_tell(data):
        writers.append(threading.current_thread())
        return write(data)

    monkeypatch.setattr(storage, "_write_save", write_and_tell)
    key(window, arcade.key.ESCAPE)
    frame(window)
    menu = window.current_view
    assert isinstance(menu, MenuView)
    # The menu says which game it would continue, from the save being written or its header.
    left = f"{n}x{n}, {n * n - n * 40} tiles left"
    assert left in menu.options.rows[0].label
    window.storage.wait_for_saves()
    # Written once, on the save's worker: the frame loop never waited for it (it took
    # 1.2-1.8 s on the frame loop once).
    assert len(writers) == 1 and writers[0] is not threading.main_thread()
    # Read back from the file's header:
    assert left in MenuView(window.services).options.rows[0].label
    menu.continue_game("free")
    finish_task(window)
    restored = window.current_view
    assert isinstance(restored, PlayView) and restored is not view
    # Played at once from its grid; its history follows from a worker (test_history_to_come).
    while restored.game.history_to_come is not None:
        frame(window)  # starts the worker's round, or takes its answer in
        if restored.history_to_come.task is not None:
            assert restored.history_to_come.task.wait(60)
    assert restored.game.board == board
    assert [tuple(action) for action in restored.game.board.history] == history


def test_an_answer_for_an_older_board_is_dropped(window):
    view = start(window)
    game = view.game
    grid = game.board.grid
    key(window, arcade.key.S)
    game.changed()  # the board moved on before the worker answered
    finish_task(window)
    assert game.shuffles_left == 3 and np.array_equal(game.board.grid, grid)


def test_auto_play_plans_on_a_worker_and_esc_cancels(window, monkeypatch):
    # The solver held until the test lets it go: a plan that takes as long as it likes.
    go, threads = threading.Event(), []
    solve = llk.solve

    def slow(board, **options):
        threads.append(threading.current_thread())
        go.wait(10)
        return solve(board, **options)

    monkeypatch.setattr(llk, "solve", slow)
    view = start(window, GameConfig.preset("KShisen 24x12", seed=4, gravity="down"))
    key(window, arcade.key.A)
    key(window, arcade.key.Y)
    task = task_of(window)
    assert task is not None
    frame(window)
    frame(window)  # the window draws and answers meanwhile
    assert threads and threads[0] is not threading.main_thread()
    key(window, arcade.key.ESCAPE)
    assert task_of(window) is None and view.rules.autoplayer is None
    go.set()
    task.wait(30)
    remaining = view.game.board.remaining
    for _ in range(5):
        frame(window, 0.5)
    assert view.rules.autoplayer is None and view.game.board.remaining == remaining


def test_a_huge_deal_from_the_menu_runs_on_a_worker(window):
    if window.renderer == "sprites":
        pytest.skip("the sprite renderer stops at 40,000 cells")
    menu = menu_at_new_game(window, "400x400")
    key(window, arcade.key.ENTER)
    assert window.screen is menu and task_of(window) is not None
    key(window, arcade.key.ESCAPE)
    assert task_of(window) is None
    frame(window)
    assert window.current_view is menu
    key(window, arcade.key.ENTER)
    finish_task(window)
    view = window.current_view
    assert isinstance(view, PlayView) and view.game.board.rows == 400

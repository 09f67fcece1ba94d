"""Issue 13, fair play: each fault found by playing, driven with real events (press, drag,
release, keys, focus) through the window's event dispatch into the real views."""

from __future__ import annotations

import threading

import arcade
import numpy as np
import pytest

import llk
from llk.game.board.theme import TILE_W
from llk.game.board.view import MIN_MARKER
from llk.game.model.config import GameConfig
from llk.game.model.score import POINTS_PER_PAIR
from llk.game.store.files import write_atomically
from llk.game.store.saves import slot_file
from llk.game.views.covers import PauseView
from llk.game.views.hud import hud_height
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView
from llk.game.views.win import GameOverView

from ..helpers import (
    asking,
    click,
    click_at,
    dispatch,
    drag,
    finish_task,
    frame,
    key,
    palette,
    pixel,
    settle,
    start,
    task_of,
    text,
)

COVER = (10, 10, 16)  # the colour over the board under every cover (views/covers.py)

SAVE_FILE = slot_file("free")  # the save a free game writes


def link(window, view, pair) -> None:
    click(window, pair[0])
    click(window, pair[1])


def big_board(n: int, seed: int = 5) -> llk.Board:
    """An n x n board of 48 kinds, each an even number of times (a solvable shuffle exists),
    built from its grid at once: a deal of a million tiles takes seconds."""
    kinds = (np.arange(n * n) // 2) % 48 + 1
    grid = np.random.default_rng(seed).permutation(kinds).reshape(n, n).astype(np.uint16)
    return llk.Board(grid)


# 1. A drag pans and never selects; a click may wobble a few pixels.


def test_a_drag_from_a_tile_pans_and_never_links(window):
    view = start(window)
    board, bv = view.game.board, view.board_view
    a, c = board.solution[0]
    click(window, a)
    before = bv.camera.position
    x, y = bv.screen_of(c)
    drag(window, (x, y), (x + 90, y - 40))
    assert board.remaining == 84 and view.game.selected == a
    # The board moved with the pointer, the first pixels of the drag included.
    after = bv.camera.position
    zoom = bv.camera.zoom
    assert after[0] == pytest.approx(before[0] - 90 / zoom)
    assert after[1] == pytest.approx(before[1] + 40 / zoom)
    # A press and release that wobble 3 pixels are still a click.
    x, y = bv.screen_of(c)
    drag(window, (x, y), (x + 3, y - 2))
    assert board.remaining == 82


def test_a_press_without_release_does_nothing(window):
    view = start(window)
    x, y = view.board_view.screen_of((0, 0))
    dispatch(window, "on_mouse_press", round(x), round(y), arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.game.selected is None


# 2. Undo takes back the score, the combo and the counters; redo gives them back.


def test_undo_and_link_again_cannot_farm_points(window):
    view = start(window)
    game = view.game
    pair = game.board.solution[0]
    link(window, view, pair)
    once = game.score
    assert once == POINTS_PER_PAIR
    for _ in range(20):
        key(window, arcade.key.Z)
        assert game.score == 0 and game.combo == 0
        link(window, view, pair)
    assert game.score == once and game.board.remaining == 82


def test_undo_and_redo_restore_score_and_combo_exactly(window):
    view = start(window)
    game = view.game
    tallies = [(game.score, game.combo)]
    for pair in game.board.solution[:4]:
        link(window, view, pair)
        frame(window, 0.5)  # quick pairs: the combo grows
        tallies.append((game.score, game.combo))
    assert tallies[-1][1] == 3
    for want in reversed(tallies[:-1]):
        key(window, arcade.key.Z, arcade.key.MOD_CTRL)
        assert (game.score, game.combo) == want
    for want in tallies[1:]:
        key(window, arcade.key.Y)
        assert (game.score, game.combo) == want
    # Saved and restored, the tallies come back with the history.
    key(window, arcade.key.ESCAPE)
    window.current_view.continue_game("free")
    finish_task(window)
    restored = window.current_view.game
    assert (restored.score, restored.combo) == tallies[-1]
    restored.undo()
    assert (restored.score, restored.combo) == tallies[-2]


# 3. Auto-play scores nothing (test_play.test_auto_play_finishes_the_game); assisted games go
# to a table of their own.


def test_an_assisted_win_is_ranked_apart(window):
    view = start(window)
    key(window, arcade.key.H)
    finish_task(window)
    assert view.game.assisted
    for pair in view.game.board.solution:
        link(window, view, pair)
        frame(window, 0.5)
    settle(window, 1.0)
    key(window, arcade.key.ENTER)  # the name entry: the default name
    scores = window.storage.load_scores()
    (table,) = scores
    assert table == view.game.category + " (assisted)" and scores[table][0]["assisted"]


# 4. Every cover hides the board, swallows clicks and stops the clock.


@pytest.mark.parametrize("opened_by", ["help", "pause", "confirm"])
def test_overlays_hide_the_board_swallow_clicks_and_stop_the_clock(window, opened_by):
    view = start(window)
    link(window, view, view.game.board.solution[0])  # in progress: R asks first
    settle(window)
    opener = {"help": arcade.key.F1, "pause": arcade.key.P, "confirm": arcade.key.R}[opened_by]
    key(window, opener)
    assert window.current_view.under is view
    elapsed = view.game.elapsed
    frame(window, 0.2)
    frame(window, 0.2)
    assert view.game.elapsed == elapsed
    image = arcade.get_image().convert("RGB")
    # The outer columns of tiles (and every other) are covered: no pixel of a tile's face.
    bv = view.board_view
    for cell in ((0, 0), (5, 13), (2, 0), (3, 13)):
        x, y = bv.screen_of(cell)
        assert pixel(window, x - TILE_W * bv.camera.zoom / 3, y) == COVER, cell
    assert image.size[0] > 0
    a = (0, 0) if view.game.board[0, 0] else view.game.board.solution[1][0]
    click(window, a)
    assert view.game.selected is None
    if opened_by == "confirm":
        assert asking(window, view)  # a click does not answer a question
        key(window, arcade.key.N)
    assert window.current_view is view
    click(window, a)
    assert view.game.selected == a


# 5. Markers show at every zoom.


@pytest.mark.parametrize("zoom", [0.1, None])
def test_markers_show_when_zoomed_far_out(window, zoom):
    view = start(window, GameConfig.preset("big 100x100", seed=2))
    bv = view.board_view
    if zoom is not None:
        bv.camera.zoom = zoom
    assert bv.camera.zoom < 0.11 and TILE_W * bv.camera.zoom < MIN_MARKER
    cell = (50, 50)
    kind = view.game.board[cell]
    same = next(
        cell
        for cell in zip(*np.nonzero(view.game.board.grid == kind), strict=True)
        if bv.in_view(cell) and abs(cell[0] - 50) + abs(cell[1] - 50) > 4
    )
    frame(window)
    before = np.asarray(arcade.get_image().convert("RGB"))
    click(window, cell, arcade.MOUSE_BUTTON_RIGHT)
    frame(window)
    after = np.asarray(arcade.get_image().convert("RGB"))
    assert bv.highlight_kind == kind
    x, y = bv.screen_of(same)
    assert pixel(window, x, y) == palette(window).kind_highlight
    assert np.count_nonzero(np.any(before != after, axis=2)) > 100
    # This far out a mouse click zooms in (test_big_board.py): select as the keyboard does,
    # once the right click's count of the kind has gone from the middle of the screen.
    settle(window, 1.5)
    view.click(cell)
    frame(window)
    w = MIN_MARKER
    x, y = bv.screen_of(cell)
    assert pixel(window, x - w / 2 + 1, y) == palette(window).selection


# 6. The hint is taken near the view, and the view goes to it; the cursor stays in view.


def zoom_in_at(view, cell, zoom=1.0) -> None:
    bv = view.board_view
    bv.camera.zoom = zoom
    bv.camera.position = bv.centre_of(cell)


def test_the_hint_is_near_what_the_player_sees(window):
    view = start(window, GameConfig.preset("big 100x100", seed=2))
    zoom_in_at(view, (80, 80))
    key(window, arcade.key.H)
    finish_task(window)
    hint = view.board_view.hint
    assert hint is not None and all(view.board_view.in_view(cell) for cell in hint)
    assert all(abs(r - 80) < 6 and abs(c - 80) < 8 for r, c in hint)
    assert view.notice is None  # no "not proved safe": nothing a player must decode


def test_the_view_goes_to_an_off_screen_hint(window):
    grid = np.zeros((30, 30), dtype=np.uint16)
    grid[0, 0] = grid[0, 1] = 7
    view = start(window, GameConfig(rows=30, cols=30, kinds=1), llk.Board(grid))
    zoom_in_at(view, (25, 25))
    assert not view.board_view.in_view((0, 0))
    key(window, arcade.key.H)
    finish_task(window)
    settle(window, 1.0)  # the camera glides there
    bv = view.board_view
    assert bv.hint == ((0, 0), (0, 1)) and bv.in_view((0, 0)) and bv.in_view((0, 1))


def test_the_keyboard_cursor_keeps_itself_in_view(window):
    view = start(window, GameConfig.preset("big 50x50", seed=2))
    zoom_in_at(view, (25, 25), zoom=1.5)
    bv = view.board_view
    for symbol in [arcade.key.RIGHT] * 30 + [arcade.key.DOWN] * 30 + [arcade.key.LEFT] * 50:
        key(window, symbol)
        assert bv.in_view(bv.cursor), bv.cursor
    assert bv.cursor[1] < 10


# 7. The HUD takes its clicks.


def test_clicks_on_the_hud_never_reach_the_board(window):
    view = start(window, GameConfig.preset("big 50x50", seed=2))
    bv = view.board_view
    bv.camera.zoom = 1.0
    y = window.height - hud_height(window) / 2
    under = bv.cell_at_screen(300, y)
    assert under is not None and view.game.board[under]
    click_at(window, 300, y)
    assert view.game.selected is None


def test_after_a_resize_the_hud_still_takes_its_clicks_and_tiles_theirs(window):
    view = start(window)
    window.set_size(700, 500)
    dispatch(window, "on_resize", 700, 500)
    bv = view.board_view
    assert bv.in_view((0, 0)) and bv.in_view((5, 13))  # fitted to the new window
    bv.camera.zoom *= 3  # tiles under the HUD again
    bv.camera.position = bv.centre_of((2, 5))
    under = bv.cell_at_screen(350, window.height - hud_height(window) / 2)
    assert under is not None and view.game.board[under]
    click_at(window, 350, window.height - hud_height(window) / 2)
    assert view.game.selected is None
    cell = bv.cell_at_screen(350, window.height / 2)
    click(window, cell)
    assert view.game.selected == cell


# 10. Destructive keys ask first; Esc twice does not quit.


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


# 11. The deadlock re-arrange costs a shuffle; with none left, KShisen's rule or an assist.


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


# 12. Long work runs on a worker: the window draws and answers, Esc cancels, stale is dropped.


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


def test_a_game_whose_save_fails_on_the_way_to_the_menu_is_told_and_still_continues(
    window, tmp_path, monkeypatch
):
    view = start(window)
    solution = view.game.board.solution
    link(window, view, solution[0])
    key(window, arcade.key.ESCAPE)
    window.storage.wait_for_saves()
    older = (tmp_path / SAVE_FILE).read_bytes()
    window.current_view.continue_game("free")
    finish_task(window)
    view = window.current_view
    assert isinstance(view, PlayView)
    for pair in solution[1:4]:
        link(window, view, pair)
    remaining, history = view.game.board.remaining, view.game.board.history

    def disk_full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("llk.game.store.saves.write_atomically", disk_full)
    key(window, arcade.key.ESCAPE)
    menu = window.current_view
    assert isinstance(menu, MenuView)
    window.storage.wait_for_saves()
    frame(window)
    assert any("No space left on device" in note for note in menu.problems)
    assert (tmp_path / SAVE_FILE).read_bytes() == older
    assert f"{remaining} tiles left" in menu.options.rows[0].label
    key(window, arcade.key.DOWN)  # read: the next key puts the note away
    assert menu.problems == [] and menu.options.focus == 1
    key(window, arcade.key.UP)
    menu.continue_game("free")
    finish_task(window)
    restored = window.current_view
    assert isinstance(restored, PlayView) and restored.game.board.remaining == remaining
    assert restored.game.board.history == history


def test_closing_the_window_when_the_save_fails_asks_in_the_menu_before_the_game_is_lost(
    window, tmp_path, monkeypatch
):
    closed = []
    monkeypatch.setattr(arcade.Window, "on_close", lambda self: closed.append("on_close"))
    monkeypatch.setattr(window, "close", lambda: closed.append("close"))
    view = start(window)
    for pair in view.game.board.solution[:3]:
        link(window, view, pair)
    remaining = view.game.board.remaining

    def disk_full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("llk.game.store.saves.write_atomically", disk_full)
    window.on_close()  # the window's close button
    menu = window.screen
    assert closed == [] and isinstance(menu, MenuView) and asking(window, menu)
    assert menu.quit_loses_game and not (tmp_path / SAVE_FILE).exists()
    frame(window)
    shot = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    shot.save(tmp_path / "close-asks.png")
    # The question's dark box over the menu (dark across its middle), and the failure told at
    # the foot.
    middle = [max(shot.getpixel((x, window.height // 2))) for x in range(312, 712, 4)]
    assert sorted(middle)[len(middle) // 2] < 12
    assert any("No space left on device" in note for note in menu.problems)
    key(window, arcade.key.N)  # no: the game is still there to continue
    assert closed == [] and f"{remaining} tiles left" in menu.options.rows[0].label
    # Room again: the next close writes the kept game and closes.
    monkeypatch.setattr("llk.game.store.saves.write_atomically", write_atomically)
    window.on_close()
    assert closed == ["on_close"] and (tmp_path / SAVE_FILE).exists()
    assert MenuView(window.services).saved["free"]["remaining"] == remaining
    # Full again, and quit from the menu by Esc: the question says so, and yes quits.
    monkeypatch.setattr("llk.game.store.saves.write_atomically", disk_full)
    menu.continue_game("free")
    finish_task(window)
    view = window.current_view
    link(window, view, view.game.board.solution[0])
    key(window, arcade.key.ESCAPE)
    window.storage.wait_for_saves()
    key(window, arcade.key.ESCAPE)
    menu = window.screen
    assert asking(window, menu) and menu.quit_loses_game
    key(window, arcade.key.Y)
    assert closed == ["on_close", "close"]


def test_yes_to_quit_waits_for_the_save_and_asks_again_when_it_failed(window, monkeypatch):
    closed = []
    monkeypatch.setattr(window, "close", lambda: closed.append("close"))
    view = start(window)
    link(window, view, view.game.board.solution[0])
    release = threading.Event()

    def slow_and_full(path, text):
        release.wait(10)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("llk.game.store.saves.write_atomically", slow_and_full)
    key(window, arcade.key.ESCAPE)  # to the menu, the game saved on a worker
    key(window, arcade.key.ESCAPE)  # the question comes at once: that save may yet succeed
    menu = window.screen
    assert isinstance(menu, MenuView) and asking(window, menu) and not menu.quit_loses_game
    frame(window)
    release.set()
    key(window, arcade.key.Y)  # yes waits for the save, which failed: it asks again
    assert closed == [] and asking(window, menu) and menu.quit_loses_game
    frame(window)
    key(window, arcade.key.Y)
    assert closed == ["close"]


def test_a_save_damaged_past_its_header_is_refused_when_restored_and_set_aside(window, tmp_path):
    view = start(window)
    a, c = view.game.board.solution[0]
    link(window, view, (a, c))
    key(window, arcade.key.ESCAPE)
    window.storage.wait_for_saves()
    path = tmp_path / SAVE_FILE
    raw = bytearray(path.read_bytes())
    raw[-6:] = bytes(6)  # the removals and the checksum: the header still reads
    path.write_bytes(bytes(raw))
    menu = MenuView(window.services)
    window.show_view(menu)
    assert menu.options.rows[0].label.startswith("Continue: free game, 6x14")
    menu.continue_game("free")
    finish_task(window)
    assert window.current_view is menu and "could not be restored" in (menu.error or "")
    assert not path.exists() and (tmp_path / f"{SAVE_FILE}.corrupt-1").exists()


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
    assert task_of(window) is None and view.autoplayer is None
    go.set()
    task.wait(30)
    remaining = view.game.board.remaining
    for _ in range(5):
        frame(window, 0.5)
    assert view.autoplayer is None and view.game.board.remaining == remaining


def menu_at_new_game(window, size: str):
    """The menu, a custom board of `size` chosen, "New game" in focus; Enter deals it."""
    window.show_menu()
    menu = window.current_view
    menu.choice.board.index = menu.choice.board.values.index("custom (rows x cols)")
    menu.choice.custom_size.text = size
    menu.options.focus = menu.options.rows.index(menu.choice.board) - 1  # "New game"
    return menu


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


# 13. Losing the window pauses the game.


@pytest.mark.parametrize("event", ["on_deactivate", "on_hide"])
def test_losing_the_window_pauses(window, event):
    view = start(window)
    dispatch(window, event)
    assert isinstance(window.current_view, PauseView)
    frame(window, 0.2)
    assert view.game.elapsed < 0.6


@pytest.mark.parametrize("event", ["on_deactivate", "on_hide"])
def test_a_game_dealt_while_the_window_was_away_starts_paused(window, event):
    # The menu's deal runs on a worker; the player switches away meanwhile. The menu has no
    # pause of its own: the game it starts must begin paused, and nothing may raise.
    menu_at_new_game(window, "150x150")
    key(window, arcade.key.ENTER)
    assert task_of(window) is not None
    dispatch(window, event)
    finish_task(window)
    assert isinstance(window.current_view, PauseView)
    view = window.current_view.under
    assert isinstance(view, PlayView) and view.game.board.rows == 150
    frame(window, 0.5)
    assert view.game.elapsed == 0.0


# 14. The menu remembers, starts at KShisen's 14x6, takes a custom size and says which game
# "Continue" continues.


def test_the_menu_remembers_and_names_the_saved_game(window):
    window.show_menu()
    menu = window.current_view
    assert menu.config().rows == 6 and menu.config().cols == 14  # KShisen's first board
    menu.choice.board.index = menu.choice.board.values.index("custom (rows x cols)")
    menu.choice.custom_size.text = ""
    menu.options.focus = menu.options.rows.index(menu.choice.custom_size)
    text(window, "8x12")
    menu.choice.kinds.index = menu.choice.kinds.values.index(16)
    menu.choice.gravity.index = menu.choice.gravity.values.index("down")
    menu.options.focus = menu.options.rows.index(menu.choice.board) - 1
    key(window, arcade.key.ENTER)
    finish_task(window)
    view = window.current_view
    board = view.game.board
    assert (board.rows, board.cols, board.gravity) == (8, 12, "down")
    assert len(np.unique(board.grid[board.grid > 0])) == 16
    link(window, view, board.solution[0])
    frame(window, 2.0)
    key(window, arcade.key.ESCAPE)
    menu = window.current_view
    assert menu.options.rows[0].label == "Continue: free game, 8x12, 94 tiles left, 0:00"
    again = menu.config()
    assert (again.rows, again.cols, again.kinds, again.gravity) == (8, 12, 16, "down")
    menu.choice.custom_size.text = "5000x5000"
    menu.options.focus = 1  # "New game", below "Continue"
    key(window, arcade.key.ENTER)
    assert "at most 1000x1000" in menu.error and task_of(window) is None


# High scores: the name, per table; statistics.


def test_name_entry_defaults_to_the_last_name_and_statistics_count(window):
    window.settings.player_name = ""  # a new player
    for round_ in range(2):
        view = start(window)
        for pair in view.game.board.solution:
            link(window, view, pair)
            frame(window, 0.5)
        settle(window, 1.0)
        entry = window.current_view
        assert entry.name == ("" if round_ == 0 else "Ada")
        if round_ == 0:
            text(window, "Ada")
        key(window, arcade.key.ENTER)
    (table,) = window.storage.load_scores().values()
    assert [e["name"] for e in table] == ["Ada", "Ada"]
    start(window, GameConfig.preset("KShisen 14x6", seed=3, time_mode="countdown"))
    window.current_view.game.elapsed = 1e9
    frame(window)
    stats = window.storage.load_stats()
    assert (stats["played"], stats["won"], stats["streak"], stats["best_streak"]) == (3, 2, 0, 2)
    window.show_scores()
    lines = window.current_view.statistics_lines()
    assert lines[0] == "Games played 3   won 2   win rate 67%"
    frame(window)

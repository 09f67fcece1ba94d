"""The play screen's saves when they fail (issue 13, fair play), with real events: a failed save
is told and the game continues, closing or quitting asks again, a damaged save is set aside,
and the menu names the saved game."""

from __future__ import annotations

import threading

import arcade
import numpy as np

from llk.game.store.files import write_atomically
from llk.game.store.saves import slot_file
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView

from ..helpers import asking, finish_task, frame, key, link, start, task_of, text

SAVE_FILE = slot_file("free")  # the save a free game writes


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
    assert "at most 2000x2000" in menu.error and task_of(window) is None

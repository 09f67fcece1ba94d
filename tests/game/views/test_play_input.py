"""The play screen's input, with real events (press, drag, release, keys, focus) through the
window's event dispatch (issue 13, fair play): a drag pans and never links, overlays and the HUD
keep clicks off the board, the view follows hints and the cursor, focus pauses."""

from __future__ import annotations

import arcade
import numpy as np
import pytest

import llk
from llk.game.board.theme import TILE_W
from llk.game.board.view import MIN_MARKER
from llk.game.model.config import GameConfig
from llk.game.views.covers import PauseView
from llk.game.views.hud import hud_height
from llk.game.views.play import PlayView

from ..helpers import (
    asking,
    click,
    click_at,
    dispatch,
    drag,
    finish_task,
    frame,
    key,
    link,
    menu_at_new_game,
    palette,
    pixel,
    settle,
    start,
    task_of,
)

COVER = (10, 10, 16)  # the colour over the board under every cover (views/covers.py)


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

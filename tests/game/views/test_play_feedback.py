"""Issue 24, a board that tells, played with real events: a resize keeps the player's place,
the HUD shows the gravity and a steady move count, notices sit in the HUD and combo pop-ups
keep off the pair just linked and its path, and a refused pair says why."""

from __future__ import annotations

import arcade
import numpy as np
import pytest

import llk
from llk.game.board.theme import TILE_H, TILE_W
from llk.game.model.config import GameConfig
from llk.game.views.hud import hud_height

from ..helpers import click, dispatch, frame, image_point, key, palette, pixel, settle, start


def test_a_resize_keeps_the_middle_and_the_zoom(window):
    view = start(window, GameConfig.preset("KShisen 24x12", seed=2))
    bv = view.board_view
    for _ in range(6):
        dispatch(window, "on_mouse_scroll", 300, 300, 0, 1)  # zoomed in at a corner
    zoom, centre = bv.camera.zoom, bv.view_centre()
    dispatch(window, "on_resize", window.width, window.height)
    assert bv.camera.zoom == zoom
    assert bv.view_centre() == pytest.approx(centre, abs=1e-6)


@pytest.mark.parametrize(("gravity", "arrow"), [("none", "none"), ("down", "\u2193")])
def test_the_hud_shows_the_gravity(window, gravity, arrow):
    view = start(window, GameConfig.preset("KShisen 14x6", seed=3, gravity=gravity))
    frame(window)
    assert f"Gravity {arrow}" in view.hud.stats.text


def test_the_move_count_stays_while_the_next_is_worked_out(window):
    view = start(window)
    frame(window)
    assert view.moves is not None
    a, c = view.game.board.solution[0]
    click(window, a)
    click(window, c)
    frame(window)  # the new count may not be in yet: the last one stays, never "?"
    assert "Moves ?" not in view.hud.stats.text
    settle(window, 0.5)
    frame(window)
    assert f"Moves {view.game.board.move_count()}" in view.hud.stats.text


def test_a_notice_sits_in_the_hud_not_over_the_board(window):
    view = start(window)
    key(window, arcade.key.Y)  # nothing to redo: a notice
    frame(window)
    notice = view.hud.notice
    assert notice.text == "Nothing to redo"
    assert notice.bottom >= window.height - hud_height(window) - 1  # a pixel of rounding


def test_a_combo_pop_up_keeps_off_the_pair_and_its_path(window):
    # 26x14, seed 4: pairs whose paths run across the board, linked within the combo's time.
    view = start(window, GameConfig.preset("KShisen 26x14", seed=4))
    bv = view.board_view
    checked = 0
    for a, c in view.game.board.solution[:12]:
        path = view.game.board.path(a, c)
        click(window, a)
        click(window, c)
        frame(window, 0.05)
        if not view.popups.shown:
            continue
        label = view.popups.shown[-1].label
        points = [bv.screen_of(cell) for cell in (a, c, *path.corners)]
        half = bv.tile_pixels / 2
        xs, ys = zip(*points, strict=True)
        pair = (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
        box = (label.left, label.bottom, label.right, label.top)
        apart = box[2] <= pair[0] or box[0] >= pair[2] or box[3] <= pair[1] or box[1] >= pair[3]
        assert apart, (box, pair)
        assert box[3] <= window.height - hud_height(window)
        checked += 1
    assert checked >= 5


def half_board() -> list[list[int]]:
    """6x12: the left four columns empty, the rest side by side pairs (any links)."""
    return [[0] * 4 + [1 + (r * 4 + j) % 12 for j in range(4) for _ in range(2)] for r in range(6)]


def popup_changes(window, view) -> np.ndarray:
    """The pixels that the pop-ups change in the frame drawn now (it is drawn again without
    them, nothing else moving)."""
    with_popup = np.asarray(arcade.get_image().convert("RGB")).astype(int)
    shown, view.popups.shown = view.popups.shown, []
    frame(window, 0.0)
    view.popups.shown = shown
    without = np.asarray(arcade.get_image().convert("RGB"))
    changed: np.ndarray = np.any(with_popup != without, axis=2)
    return changed


def test_a_combo_pop_up_over_tiles_is_its_letters_not_a_box(window):
    """A board full of tiles: wherever the pop-up goes it passes over some; only its letters
    and their dark ring change pixels there, not a box that hid the tiles under it whole."""
    full = [[1 + (r * 6 + j) % 12 for j in range(6) for _ in range(2)] for r in range(6)]
    view = start(window, GameConfig(rows=6, cols=12, kinds=12), llk.Board(full))
    click(window, (0, 0))
    click(window, (0, 1))
    frame(window, 0.05)
    click(window, (3, 6))
    click(window, (3, 7))
    frame(window, 0.1)
    changed = popup_changes(window, view)
    label = view.popups.shown[0].label
    x0, y0 = image_point(window, label.left, label.top)
    x1, y1 = image_point(window, label.right, label.bottom)
    share = changed[y0:y1, x0:x1].mean()
    assert 0.1 < share < 0.6, share


def test_a_combo_pop_up_passes_over_no_tile_where_it_can(window):
    """A pair linked in the middle of tiles, with the left of the board empty: the pop-up
    rises there, and no pixel of a tile changes for it (its box above the pair hid three rows
    of tiles for most of a second)."""
    view = start(window, GameConfig(rows=6, cols=12, kinds=12), llk.Board(half_board()))
    bv, board = view.board_view, view.game.board
    click(window, (0, 10))
    click(window, (0, 11))
    frame(window, 0.05)
    click(window, (3, 4))
    click(window, (3, 5))  # within the combo's time: its pop-up
    assert [p.label.text for p in view.popups.shown] == ["Combo x1  +15"]
    for _ in range(3):
        frame(window, 0.1)  # risen a little, well before it fades
        changed = popup_changes(window, view)
        assert np.count_nonzero(changed) > 500  # the words show
        w, h = bv.tile_pixels, bv.tile_pixels * TILE_H / TILE_W
        for cell in zip(*np.nonzero(board.grid), strict=True):
            x, y = bv.screen_of(cell)
            x0, y0 = image_point(window, x - w / 2, y + h / 2)
            x1, y1 = image_point(window, x + w / 2, y - h / 2)
            assert not changed[y0:y1, x0:x1].any(), cell


# A pair of 1s that three turns join (round the outer ring) and a pair of 2s that are blocked.
MISSES = [[3, 0, 1, 3], [2, 3, 3, 2], [3, 0, 3, 1]]


def test_a_refused_pair_says_why_and_shows_the_nearest_miss(window):
    view = start(window, GameConfig(rows=3, cols=4, kinds=3), llk.Board(MISSES))
    bv, miss = view.board_view, palette(window).miss
    corner = bv.screen_of((-1, 4))  # the miss's turn on the ring, where no tile is drawn
    frame(window)
    assert pixel(window, *corner) != miss
    click(window, (0, 2))
    click(window, (2, 3))
    frame(window)
    assert view.game.selected == (2, 3) and view.hud.notice.text == "Needs 3 turns: 2 at most"
    assert bv.miss == view.game.board.near_miss((0, 2), (2, 3)) and bv.miss.turns == 3
    assert pixel(window, *corner) == miss
    settle(window, 2.0)  # the miss fades
    frame(window)
    assert bv.miss is None and pixel(window, *corner) != miss

    click(window, (1, 0))
    click(window, (1, 3))
    frame(window)
    assert view.hud.notice.text == "Blocked: no way through" and bv.miss is None


def test_the_next_click_takes_the_miss_away(window):
    view = start(window, GameConfig(rows=3, cols=4, kinds=3), llk.Board(MISSES))
    click(window, (0, 2))
    click(window, (2, 3))
    assert view.board_view.miss is not None
    click(window, (1, 1))
    assert view.board_view.miss is None

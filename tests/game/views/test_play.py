"""The play screen driven by real events in the session's headless window."""

from __future__ import annotations

import json

import arcade
import numpy as np
import pytest

import llk
from llk.game.board.theme import TILE_H, TILE_W
from llk.game.board.view import FADE_SECONDS
from llk.game.model.config import GameConfig
from llk.game.views.covers import HelpView, PauseView
from llk.game.views.play import PlayView
from llk.game.views.win import GameOverView, NameEntryView, WinView

from ..helpers import (
    KSHISEN,
    click,
    finish_task,
    frame,
    image_point,
    key,
    palette,
    pixel,
    settle,
    start,
    text,
)


def outline_point(view, cell):
    """A screen point on the left edge of a tile, where outlines are drawn."""
    x, y = view.board_view.screen_of(cell)
    return x - TILE_W / 2 * view.board_view.camera.zoom + 1, y


def test_click_selects_and_second_click_deselects(window):
    view = start(window)
    cell = (0, 0)
    click(window, cell)
    assert view.game.selected == cell
    frame(window)
    assert pixel(window, *outline_point(view, cell)) == palette(window).selection
    click(window, cell)
    assert view.game.selected is None


def test_click_on_a_tile_that_does_not_link_moves_the_selection(window):
    view = start(window)
    board = view.game.board
    a = (0, 0)
    other = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if (r, c) != a and not board.can_link(a, (r, c))
    )
    click(window, a)
    click(window, other)
    assert view.game.selected == other
    assert board.remaining == 84


def test_linking_pair_draws_its_path_and_fades(window):
    view = start(window)
    board = view.game.board
    # A move whose path has a corner, so there is a segment between two cells to look at.
    a, c = next(m for m in board.moves() if board.path(*m).turns >= 1)
    path = board.path(a, c)
    click(window, a)
    click(window, c)
    assert board.remaining == 82 and view.game.score > 0
    frame(window, FADE_SECONDS / 3)
    assert view.board_view.path == path and len(view.board_view.fading) == 2
    (r0, c0), (r1, c1) = path.corners[0], path.corners[1]
    bv = view.board_view
    mid = bv.camera.project(((bv.x(c0) + bv.x(c1)) / 2, (bv.y(r0) + bv.y(r1)) / 2))
    assert pixel(window, mid[0], mid[1]) == palette(window).path
    settle(window)
    assert view.board_view.path is None and not view.board_view.fading
    assert bv.drawn_at(a) is None and bv.drawn_at(c) is None
    frame(window)
    for cell in (a, c):
        assert pixel(window, *bv.screen_of(cell)) == palette(window).background


def test_gravity_slides_the_tiles_down(window):
    view = start(window, GameConfig.preset("KShisen 14x6", seed=5, gravity="down"))
    board, bv = view.game.board, view.board_view
    a, c = board.solution[0]
    click(window, a)
    click(window, c)
    slid_from, slid_to = ((0, 9), (1, 9))
    assert slid_to in bv.sliding
    # During the fade the slid tile still stands where it came from ...
    frame(window, 0.01)
    assert tuple(bv.drawn_at(slid_to)) == (bv.x(slid_from[1]), bv.y(slid_from[0]))
    settle(window)
    # ... and ends in its new cell, the tiles showing the engine's grid.
    assert tuple(bv.drawn_at(slid_to)) == (bv.x(9), bv.y(1))
    assert bv.drawn_at(slid_from) is None
    assert np.array_equal(bv.shown, board.grid)


def test_hint_shows_a_pair_and_its_path(window):
    view = start(window)
    key(window, arcade.key.H)
    finish_task(window)
    hint = view.board_view.hint
    assert hint is not None and view.game.board.can_link(*hint)
    assert view.game.hints_left == 4 and view.game.assisted
    frame(window)
    assert pixel(window, *outline_point(view, hint[0])) == palette(window).hint


def test_deadlocked_board_is_rearranged_automatically(window):
    board = llk.Board([[1, 2, 3, 4], [2, 1, 4, 3]])
    view = start(window, GameConfig(rows=2, cols=4, kinds=4), board)
    before = sorted(board.grid.ravel().tolist())
    view.poll_facts(wait=True)
    assert view.rearrange_in is not None and "re-arranging" in view.notice
    settle(window, 2.0)
    board = view.game.board  # the re-arrange was made on a copy, which the game took over
    assert not board.is_deadlocked() and board.solution is not None
    assert sorted(board.grid.ravel().tolist()) == before
    assert np.array_equal(view.board_view.shown, board.grid)
    assert view.game.shuffles_left == 2  # it cost a shuffle


def test_stale_deadlock_verdicts_are_dropped(window):
    board = llk.Board([[1, 2, 3, 4], [2, 1, 4, 3]])
    view = start(window, GameConfig(rows=2, cols=4, kinds=4), board)
    view.rearrange_in = view.moves = None  # what the start's verdict said: forgotten
    view.facts.request(board, view.game.version)
    view.game.changed()  # the board moved on before the answer came
    view.poll_facts(wait=True)
    assert view.rearrange_in is None and view.moves is None


def test_undo_and_redo(window):
    view = start(window)
    board = view.game.board
    before = board.grid
    a, c = board.solution[0]
    click(window, a)
    click(window, c)
    after = board.grid
    key(window, arcade.key.Z, arcade.key.MOD_CTRL)
    assert np.array_equal(board.grid, before) and view.board_view.drawn_at(a) is not None
    key(window, arcade.key.Y)
    assert np.array_equal(board.grid, after) and view.board_view.drawn_at(a) is None
    assert view.game.assisted


def test_pause_hides_the_board(window):
    view = start(window)
    key(window, arcade.key.P)
    frame(window, 5.0)
    assert isinstance(window.current_view, PauseView) and view.game.elapsed < 1.0
    image = arcade.get_image().convert("RGB")
    x, y = view.board_view.screen_of((3, 3))
    assert pixel(window, x, y) == (10, 10, 16)
    # Nothing of any tile shows: the screen under the words is the plain pause colour.
    lower = image.crop((0, image.height // 2 + 120, image.width, image.height))
    assert lower.getcolors() == [(lower.width * lower.height, (10, 10, 16))]
    key(window, arcade.key.P)
    assert window.current_view is view


def test_right_click_highlights_every_tile_of_a_kind(window):
    view = start(window)
    board, bv = view.game.board, view.board_view
    kind = board[0, 0]
    same = [cell for cell in np.ndindex(board.rows, board.cols) if board[cell] == kind]
    other = next(cell for cell in np.ndindex(board.rows, board.cols) if board[cell] != kind)
    frame(window)
    before = arcade.get_image().convert("RGB")
    click(window, (0, 0), arcade.MOUSE_BUTTON_RIGHT)
    assert bv.highlight_kind == kind and view.game.selected is None
    frame(window)
    after = arcade.get_image().convert("RGB")
    # Every tile of the kind is tinted (its paper face turns the highlight's yellow), no other.
    for cell in same:
        x, y = bv.screen_of(cell)
        corner = image_point(window, x - 20, y + 25)
        assert before.getpixel(corner) != after.getpixel(corner), cell
    x, y = bv.screen_of(other)
    assert before.getpixel(image_point(window, x - 20, y + 25)) == after.getpixel(
        image_point(window, x - 20, y + 25)
    )


def test_keyboard_cursor_selects(window):
    view = start(window)
    key(window, arcade.key.RIGHT)  # the cursor appears in the middle of the view
    r, c = view.board_view.cursor
    assert view.board_view.in_view((r, c))
    key(window, arcade.key.RIGHT)
    key(window, arcade.key.DOWN)
    assert view.board_view.cursor == (r + 1, c + 1)
    key(window, arcade.key.SPACE)
    assert view.game.selected == (r + 1, c + 1)


def test_zoom_and_pan_keep_clicks_on_the_right_tile(window):
    view = start(window, GameConfig.preset("big 50x50", seed=2))
    bv = view.board_view
    zoom = bv.camera.zoom
    target = (20, 30)
    x, y = bv.screen_of(target)
    view.on_mouse_scroll(round(x), round(y), 0, 5)
    assert bv.camera.zoom > zoom
    # The tile under the pointer stays under it.
    assert bv.cell_at_screen(round(x), round(y)) == target
    view.on_mouse_drag(500, 300, 120, -80, arcade.MOUSE_BUTTON_LEFT, 0)
    key(window, arcade.key.LEFT, arcade.key.MOD_SHIFT)
    click(window, target)
    assert view.game.selected == target
    frame(window)
    assert pixel(window, *outline_point(view, target)) == palette(window).selection
    key(window, arcade.key.HOME)
    assert bv.camera.zoom == pytest.approx(zoom)


def test_whole_game_to_the_win_screen_and_high_score(window):
    view = start(window)
    for a, c in view.game.board.solution:
        click(window, a)
        click(window, c)
        frame(window, 0.5)
    settle(window, 1.0)
    assert isinstance(window.current_view, NameEntryView)
    text(window, "Ada")
    key(window, arcade.key.ENTER)
    assert isinstance(window.current_view, WinView)
    assert window.current_view.place == 1
    frame(window)
    scores = json.loads((window.storage.root / "scores.json").read_text())
    (entry,) = next(iter(scores.values()))
    assert entry["score"] == view.game.score and not entry["assisted"]


def test_auto_play_finishes_the_game(window):
    view = start(window)
    key(window, arcade.key.A)
    key(window, arcade.key.Y)  # yes: the solver plays, the game scores nothing
    finish_task(window)
    for _ in range(400):
        view.on_update(0.5)
        if not isinstance(window.current_view, PlayView):
            break
    assert isinstance(window.current_view, WinView)
    assert window.current_view.game.assisted and window.current_view.game.score == 0
    assert window.current_view.place is None and window.storage.load_scores() == {}


def test_countdown_runs_out_to_game_over(window):
    view = start(window, GameConfig.preset("KShisen 14x6", seed=3, time_mode="countdown"))
    limit = view.game.time_limit
    view.game.elapsed = limit - 1.0
    frame(window, 10_000)  # one frame after a suspend counts a quarter of a second, no more
    assert isinstance(window.current_view, PlayView)
    assert view.game.elapsed == pytest.approx(limit - 0.75)
    for _ in range(4):
        frame(window, 10_000)
    over = window.current_view
    assert isinstance(over, GameOverView)
    assert over.game.elapsed == limit and "Time 4:12" in over.lines()


def test_game_is_saved_on_leaving_and_continued(window):
    view = start(window)
    a, c = view.game.board.solution[0]
    click(window, a)
    click(window, c)
    key(window, arcade.key.ESCAPE)
    saved = window.storage.load_game("free")
    assert saved is not None
    menu = window.current_view
    menu.continue_game("free")
    finish_task(window)
    resumed = window.current_view
    assert isinstance(resumed, PlayView)
    assert np.array_equal(resumed.game.board.grid, view.game.board.grid)
    assert resumed.game.score == view.game.score and resumed.game.board.can_undo
    assert TILE_H > 0


def test_shuffle_mirror_restart_new_and_help_keys(window):
    view = start(window)
    board = view.game.board
    before = board.grid
    key(window, arcade.key.S)
    finish_task(window)
    board = view.game.board
    assert view.game.shuffles_left == 2
    assert sorted(board.grid.ravel()) == sorted(before.ravel())
    settle(window)
    assert np.array_equal(view.board_view.shown, board.grid)
    shuffled = board.grid
    key(window, arcade.key.M)
    assert np.array_equal(board.grid, shuffled[:, ::-1])
    assert np.array_equal(view.board_view.shown, board.grid)
    key(window, arcade.key.F1)
    assert isinstance(window.current_view, HelpView)
    frame(window)
    key(window, arcade.key.H)  # any key closes the help first
    assert window.current_view is view and view.board_view.hint is None
    key(window, arcade.key.R)
    key(window, arcade.key.Y)  # the game was in progress: asked first
    restarted = window.current_view
    assert restarted is not view and restarted.game.board.code == board.code
    key(window, arcade.key.N)
    assert window.current_view.game.config.seed == KSHISEN.seed + 1


def test_every_key_of_the_table_has_its_command_and_its_line_in_the_help(window):
    from llk.game.model.game_help import game_help
    from llk.game.views.keymap import PLAY_KEYS, actions, help_lines, key_rows

    view = start(window)
    assert sorted(view.actions) == sorted(actions())
    about = game_help(view.mode)
    helped = "\n".join(help_lines(about) + [what for _keys, what in key_rows(about)])
    for _, _, what in PLAY_KEYS:
        assert what in helped

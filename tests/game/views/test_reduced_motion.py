"""Reduced motion with real events (issue 39, item 4): the settings row saves it and a game
follows it; a linked pair is there whole or gone, never half-faded, its path shown from the
first frame; H brings an off-screen hint into view in one frame; a combo pop-up stands still."""

from __future__ import annotations

import arcade
import numpy as np

import llk
from llk.game.board.theme import TILE_H
from llk.game.model import journey
from llk.game.model.config import GameConfig
from llk.game.store.storage import Storage
from llk.game.views.level_done import FIRST_STAR, STAR_RADIUS, LevelDoneView

from ..helpers import click, finish_task, frame, key, palette, pixel, start

FRAMES = 40  # 1/60 s each: past the fade (0.3 s) and the path's linger


def reduce_motion(window) -> None:
    window.settings.reduced_motion = "on"


def board(rows: int, cols: int, pairs: list[tuple[tuple[int, int], tuple[int, int]]]):
    grid = np.zeros((rows, cols), dtype=np.uint16)
    for kind, (a, c) in enumerate(pairs, start=1):
        grid[a] = grid[c] = kind
    return llk.Board(grid)


def test_the_settings_row_saves_it_and_a_game_follows_it(window):
    window.show_settings()
    view = window.current_view
    view.options.focus = view.options.rows.index(view.reduced_motion)
    assert view.reduced_motion.value == "off"
    key(window, arcade.key.LEFT)  # off -> on
    frame(window)
    assert window.settings.reduced_motion == "on"
    assert Storage(window.storage.root).load_settings().reduced_motion == "on"
    play = start(window, GameConfig(rows=4, cols=6, kinds=3))
    assert play.board_view.motion.reduced and play.popups.motion.reduced


def corner_patch(window, view, cell) -> np.ndarray:
    """The pixels of a cell's upper-left quarter, off the path through its centre."""
    bv = view.board_view
    x, y = bv.screen_of(cell)
    half_w, half_h = bv.tile_pixels / 2, TILE_H * bv.camera.zoom / 2
    image = np.asarray(arcade.get_image().convert("RGB"), dtype=np.int32)
    scale = window.get_framebuffer_size()[1] / window.height
    top = image.shape[0] - (y + half_h * 0.8) * scale
    left = (x - half_w * 0.8) * scale
    size = half_h * 0.5 * scale
    return image[int(top) : int(top + size), int(left) : int(left + size)]


def test_a_linked_pair_is_there_or_gone_never_half_faded(window):
    reduce_motion(window)
    a, c = (1, 1), (1, 2)
    view = start(
        window, GameConfig(rows=4, cols=6, kinds=2), board(4, 6, [(a, c), ((3, 0), (3, 5))])
    )
    frame(window)
    there = corner_patch(window, view, a)
    click(window, a)
    click(window, c)
    frame(window)
    (xa, ya), (xc, yc) = view.board_view.screen_of(a), view.board_view.screen_of(c)
    assert (
        pixel(window, (xa + xc) / 2, (ya + yc) / 2) == palette(window).path
    )  # the path, from the first frame
    patches = [corner_patch(window, view, a)]
    for _ in range(FRAMES):
        frame(window)
        patches.append(corner_patch(window, view, a))
    gone = patches[-1]
    assert np.abs(there - gone).mean() > 20  # the tile did go
    # Whole in the first frame (the grid renderer's face and the copy, a sprite, differ a
    # little at the edges).
    assert np.abs(patches[0] - there).mean() < 15
    for i, patch in enumerate(patches):
        whole, none = np.abs(patch - patches[0]).max(), np.abs(patch - gone).max()
        assert min(whole, none) <= 2, f"frame {i}: half-faded"
    assert view.board_view.path is None  # and the path is gone too


def test_h_brings_an_off_screen_hint_into_view_in_one_frame(window):
    reduce_motion(window)
    view = start(window, GameConfig(rows=30, cols=30, kinds=1), board(30, 30, [((0, 0), (0, 1))]))
    bv = view.board_view
    bv.camera.zoom, bv.camera.position = 1.0, bv.centre_of((25, 25))
    assert not bv.in_view((0, 0))
    key(window, arcade.key.H)
    finish_task(window)  # the hint's answer taken, in one frame's update
    frame(window)
    assert bv.hint == ((0, 0), (0, 1)) and bv.in_view((0, 0)) and bv.in_view((0, 1))
    assert bv.glide is None
    x, y = bv.screen_of((0, 0))
    assert pixel(window, x - bv.tile_pixels / 2, y) == palette(window).hint  # its outline
    there = tuple(bv.camera.position)
    frame(window)
    assert tuple(bv.camera.position) == there  # nothing left to glide


def test_a_combo_pop_up_stands_still_and_whole_until_it_goes(window):
    reduce_motion(window)
    pairs = [((0, 0), (0, 1)), ((2, 0), (2, 1)), ((3, 4), (3, 5))]
    view = start(window, GameConfig(rows=4, cols=6, kinds=3), board(4, 6, pairs))
    for pair in pairs[:2]:
        click(window, pair[0])
        click(window, pair[1])
    assert view.popups.shown, "the second pair in a row makes a combo"
    accent = np.array(window.theme.palette.accent)

    def letters() -> np.ndarray:
        """Where the pop-up's letters are drawn whole (in its colour, not faded)."""
        image = np.asarray(arcade.get_image().convert("RGB"), dtype=np.int32)
        return np.all(image == accent, axis=2)

    drawn = []
    while view.popups.shown:
        frame(window, 0.1)
        drawn.append(letters())
    assert len(drawn) >= 8 and drawn[0].sum() > 50  # its 0.9 s, at 0.1 s a frame
    for i, shown in enumerate(drawn[:-1]):
        assert np.array_equal(shown, drawn[0]), f"{i / 10 + 0.1:.1f} s in: it moved or faded"
    assert not drawn[-1][drawn[0]].any()  # then gone


def test_falling_tiles_are_in_their_cells_at_once_and_a_re_deal_is_there(window):
    reduce_motion(window)
    # Gravity down: the pair at the foot of column 0 goes, the tile above it falls two rows.
    grid = np.zeros((4, 6), dtype=np.uint16)
    grid[3, 0] = grid[3, 1] = 1
    grid[2, 0] = grid[2, 5] = 2
    grid[1, 3] = grid[0, 4] = 3
    config = GameConfig(rows=4, cols=6, kinds=3, gravity="down")
    view = start(window, config, llk.Board(grid, gravity="down"))
    bv = view.board_view
    click(window, (3, 0))
    click(window, (3, 1))
    assert view.game.board.grid[3, 0] == 2  # it fell
    start_at, end_at = bv.centre_of((2, 0)), bv.centre_of((3, 0))
    seen = []
    for _ in range(FRAMES):
        frame(window)
        seen.append(bv.drawn_at((3, 0)))
    assert all(at in (start_at, end_at) for at in seen), "drawn on its way"
    assert seen[-1] == end_at
    key(window, arcade.key.S)  # a shuffle: the new deal drawn whole in the first frame
    finish_task(window)
    assert bv.tiles.alpha == 1.0 and not bv.animating


def test_a_levels_stars_come_whole_not_grown(window):
    reduce_motion(window)
    window.start_game(journey.level(1).config())
    done = LevelDoneView(window.services, window.current_view.game, journey.level(1), 3, True, 1)
    window.show_view(done)
    frame(window, FIRST_STAR + 0.01)  # the first star's first frame
    assert done.shown == 1
    x, y = done.star_centres()[0]
    # Near its tip: inside the whole star, outside the one it grows from (0.4 of it).
    assert pixel(window, x, y + STAR_RADIUS * 0.8) == window.theme.palette.accent

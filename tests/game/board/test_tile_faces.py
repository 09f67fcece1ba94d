"""The looks of the board: every tile set tells every kind apart, full size and far out, through
the real renderers, and empty cells show the background (the settings that switch them are
views/test_look_settings.py)."""

from __future__ import annotations

import itertools
import json

import arcade
import numpy as np
import pytest

import llk
from llk.game.assets import asset_path
from llk.game.board.grid_tiles import FLAT_BELOW_PX
from llk.game.board.group_marks import MARKS, mark_box, marked_face
from llk.game.board.theme import FACES, TILE_H, TILE_W
from llk.game.model.config import GameConfig
from llk.game.store.settings import TILE_SETS

from ..helpers import click, image_point, settle
from ..views.test_play import start
from .test_renderers import assert_shows_face, rest, screen_patch, zoom_one

VARIANTS = ("vivid", "cb-safe")


# The smallest OKLab distance between two kinds' far-out colours (scripts/lod_colours.py
# reaches 0.114 and, under the worst of the simulated colour-vision deficiencies, 0.047).
MIN_DISTANCE = {"vivid": 0.10, "cb-safe": 0.04}


def oklab(rgb) -> np.ndarray:
    c = np.asarray(rgb, dtype=np.float64) / 255
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    lms = (
        lin
        @ np.array(
            [
                [0.4122214708, 0.5363325363, 0.0514459929],
                [0.2119034982, 0.6806995451, 0.1073969566],
                [0.0883024619, 0.2817188376, 0.6299787005],
            ]
        ).T
    )
    return (
        np.cbrt(lms)
        @ np.array(
            [
                [0.2104542553, 0.7936177850, -0.0040720468],
                [1.9779984951, -2.4285922050, 0.4505937099],
                [0.0259040371, 0.7827717662, -0.8086757660],
            ]
        ).T
    )


def use(window, **settings) -> None:
    window.settings.__dict__.update(settings)


def every_kind_board() -> llk.Board:
    """8 x 12: each of the 48 kinds twice."""
    return llk.Board(np.tile(np.arange(1, FACES + 1, dtype=np.uint16), 2).reshape(8, 12))


@pytest.mark.parametrize(("tile_set", "variant"), list(itertools.product(TILE_SETS, VARIANTS)))
def test_every_set_has_48_different_faces_and_far_out_colours(tile_set, variant):
    folder = asset_path("tiles", tile_set, variant)
    faces = [np.asarray(arcade.load_image(folder / f"{i + 1:02d}.png")) for i in range(FACES)]
    assert len({face.tobytes() for face in faces}) == FACES
    colours = json.loads((folder / "colours.json").read_text())["colours"]
    assert len({tuple(c) for c in colours}) == FACES
    lab = oklab(colours)
    distances = np.linalg.norm(lab[:, None] - lab[None], axis=-1) + np.eye(FACES) * 9
    assert distances.min() >= MIN_DISTANCE[variant]
    # A kind's far-out colour is the colour its face is filled with, not a colour of its own.
    for face, colour in zip(faces, colours, strict=True):
        assert (np.abs(face[..., :3].astype(int) - colour).max(axis=-1) <= 2).sum() >= 20


# A sprite's mean difference from its face at zoom 1, at most: the Mahjong faces' strokes have
# more edges than the pictures (measured: worst 11.8 against pictures' 7.8, while the nearest
# other face stays 33 away against 26).
SPRITE_LIMIT = {"pictures": 8.0, "mahjong": 13.0}


@pytest.mark.parametrize("tile_set", ["pictures", "mahjong"])
def test_figures_at_full_size_through_the_renderer(window, tile_set):
    use(window, tile_set=tile_set)
    board = every_kind_board()
    view = start(window, GameConfig(rows=8, cols=12, kinds=FACES), board)
    zoom_one(view)
    rest(window)
    patches = {}
    for r, c in itertools.product(range(8), range(12)):
        if r < 4:  # one of each kind
            assert_shows_face(window, view, (r, c), int(board[r, c]), SPRITE_LIMIT[tile_set])
            patches[int(board[r, c])] = screen_patch(window, view, (r, c)).tobytes()
    assert len(set(patches.values())) == FACES


def test_a_new_game_and_a_tile_set_round_trip_reuse_the_faces_made_once(window):
    if window.renderer == "sprites":
        pytest.skip("the face array is the grid renderer's")
    use(window, tile_set="pictures")
    first = start(window, GameConfig(rows=8, cols=12, kinds=FACES), every_kind_board())
    array = first.board_view.tiles.faces
    use(window, tile_set="night")
    start(window, GameConfig(rows=8, cols=12, kinds=FACES), every_kind_board())
    use(window, tile_set="pictures")
    board = every_kind_board()
    view = start(window, GameConfig(rows=8, cols=12, kinds=FACES), board)
    # The first game's array, not deleted when that game ended, still draws every face.
    assert view.board_view.tiles.faces is array
    zoom_one(view)
    rest(window)
    for r, c in itertools.product(range(4), range(12)):
        assert_shows_face(window, view, (r, c), int(board[r, c]))


def test_a_board_seen_far_out_draws_without_the_faces_until_it_is_zoomed_in(window):
    if window.renderer == "sprites":
        pytest.skip("the face array is the grid renderer's")
    kinds = np.tile(np.arange(1, FACES + 1, dtype=np.uint16), 300 * 300 // FACES + 1)
    board = llk.Board(kinds[: 300 * 300].reshape(300, 300))
    view = start(window, GameConfig(rows=300, cols=300, kinds=FACES), board)
    # Fit to the window, a tile is a few pixels: flat colours, and no faces made for them.
    assert view.board_view.tiles.faces is None
    zoom_one(view)
    rest(window)
    assert view.board_view.tiles.faces is window.theme.face_array(window.ctx)
    r, c = view.board_view.cell_at_screen(window.width / 2, window.height / 2)
    assert_shows_face(window, view, (r, c), int(board.grid[r, c]))


def test_pictures_far_out_show_48_colours_through_the_grid_renderer(window):
    if window.renderer == "sprites":
        pytest.skip("the level of detail rule is the grid renderer's")
    use(window, tile_set="pictures")
    board = every_kind_board()
    view = start(window, GameConfig(rows=8, cols=12, kinds=FACES), board)
    view.board_view.camera.zoom = 6 / TILE_W  # tiles of 6 pixels: flat colours
    rest(window)
    image = arcade.get_image().convert("RGB")
    want = window.theme.kind_colours()
    seen = {}
    for r, c in itertools.product(range(8), range(12)):
        x, y = view.board_view.screen_of((r, c))
        got = image.getpixel(image_point(window, x, y))
        kind = int(board[r, c])
        assert max(abs(g - w) for g, w in zip(got, want[kind - 1], strict=True)) <= 3, (r, c)
        seen.setdefault(kind, got)
    assert len(set(seen.values())) == FACES


def pixels() -> np.ndarray:
    return np.asarray(arcade.get_image().convert("RGB"), dtype=np.int32)


def test_empty_cells_show_the_background(window):
    use(window, background="waves")
    board = every_kind_board()
    view = start(window, GameConfig(rows=8, cols=12, kinds=FACES), board)
    zoom_one(view)
    click(window, (0, 0))
    click(window, (4, 0))  # kind 1 twice, linked round the left edge
    settle(window)
    assert view.game.board[0, 0] == 0
    rest(window)
    shown = pixels()
    h = shown.shape[0]
    drawn = window.theme.background_framebuffer(window)
    backdrop = np.frombuffer(drawn.read(components=3), dtype=np.uint8).reshape(h, -1, 3)[::-1]
    x, y = image_point(window, *view.board_view.screen_of((0, 0)))
    patch = (slice(y - 10, y + 10), slice(x - 10, x + 10))
    assert np.abs(shown[patch] - backdrop[patch].astype(np.int32)).max() <= 1
    assert backdrop[patch].std() > 1  # a picture, not a flat colour


# Chinese style's groups on a set that does not draw them (board/group_marks.py): two flowers,
# two seasons and two plain pairs, equal neighbours (no deadlock notice over the board).
GROUPS_BOARD = np.array([[35, 36, 1, 1], [39, 40, 2, 2]], dtype=np.uint16)
GROUP_MARK = {35: "flower", 36: "flower", 39: "leaf", 40: "leaf"}  # the flowers', the seasons'


def on_background(window, face) -> np.ndarray:
    """A face image over the plain background, as a tile of it looks at zoom 1."""
    rgba = np.asarray(face.convert("RGBA"), dtype=np.float64)
    alpha = rgba[..., 3:] / 255
    background = np.array(window.theme.palette.background, dtype=np.float64)
    return rgba[..., :3] * alpha + background * (1 - alpha)


def test_chinese_style_marks_its_groups_on_a_chosen_set_at_zoom_one(window):
    use(window, tile_set="pictures", tile_set_chosen=True)
    board = llk.Board(GROUPS_BOARD, chinese=True)
    view = start(window, GameConfig(rows=2, cols=4, kinds=FACES), board)
    zoom_one(view)
    rest(window)
    folder = asset_path("tiles", "pictures", "vivid")
    for (r, c), kind in np.ndenumerate(GROUPS_BOARD):
        plain = arcade.load_image(folder / f"{kind:02d}.png")
        looks = {None: plain} | {mark: marked_face(plain, mark) for mark in MARKS}
        patch = screen_patch(window, view, (r, c))
        distance = {
            mark: np.abs(patch - on_background(window, f)).mean() for mark, f in looks.items()
        }
        # Each tile is drawn with its group's mark (a plain tile with none), nearest of the three.
        assert min(distance, key=distance.__getitem__) == GROUP_MARK.get(int(kind)), (
            kind,
            distance,
        )


def corner_pixels(window, view, zoom: float) -> dict[tuple[tuple[int, int], str], np.ndarray]:
    """At `zoom`, the screen pixels about where each tile's marks are drawn: its two top
    corners, by cell and mark."""
    bv = view.board_view
    bv.camera.zoom = zoom
    bv.camera.position = (bv.camera.viewport_width // 2, bv.camera.viewport_height // 2)
    rest(window)
    image = pixels()
    reach = max(1, round(4 * zoom))
    found = {}
    for cell in itertools.product(range(2), range(4)):
        sx, sy = bv.screen_of(cell)
        for mark in MARKS:
            left, top, right, bottom = mark_box(mark)
            fx, fy = (left + right) / 2 - TILE_W / 2, TILE_H / 2 - (top + bottom) / 2
            x, y = image_point(window, sx + fx * zoom, sy + fy * zoom)
            found[cell, mark] = image[y - reach : y + reach + 1, x - reach : x + reach + 1]
    return found


# Tiles of 40, 24 and 16 pixels (faces from their mipmaps), and of 6 (the grid renderer's flat
# colours: there the marks go with the faces).
ZOOMS = (40 / TILE_W, 24 / TILE_W, 16 / TILE_W, 6 / TILE_W)


def test_the_group_marks_show_wherever_faces_are_drawn(window):
    use(window, tile_set="night", tile_set_chosen=True)
    config = GameConfig(rows=2, cols=4, kinds=FACES)
    marked_view = start(window, config, llk.Board(GROUPS_BOARD, chinese=True))
    marked = [corner_pixels(window, marked_view, zoom) for zoom in ZOOMS]
    plain_view = start(window, config, llk.Board(GROUPS_BOARD))  # classic rules: no marks
    plain = [corner_pixels(window, plain_view, zoom) for zoom in ZOOMS]
    for zoom, with_marks, without in zip(ZOOMS, marked, plain, strict=True):
        flat = window.renderer == "grid" and zoom * TILE_W < FLAT_BELOW_PX
        for (cell, mark), seen in with_marks.items():
            difference = np.abs(seen - without[cell, mark]).mean()
            carries = GROUP_MARK.get(int(GROUPS_BOARD[cell])) == mark and not flat
            assert (difference > 12) == carries, (zoom, cell, mark, difference)

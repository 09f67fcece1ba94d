"""The board's two renderers, read back pixel by pixel: the grid renderer (one shader over a
texture of the kinds) and the sprite renderer (a sprite per cell). Each test runs with both
(the `window` fixture), unless it is about one of them only."""

from __future__ import annotations

import arcade
import numpy as np
import pytest

import llk
from llk.game.board.theme import FACES, TILE_H, TILE_W
from llk.game.model.config import GameConfig
from llk.game.views.play import READABLE_PX

from ..helpers import click, click_at, frame, image_point, settle
from ..views.test_play import palette, start


def rest(window) -> None:
    """Two frames: the first after a camera move is drawn at half resolution (the grid
    renderer's motion frames), the second at rest, sharp."""
    frame(window)
    frame(window)


def face_on_background(window, kind: int) -> np.ndarray:
    """What a tile of `kind` should look like at zoom 1: its face over the background."""
    face = window.theme.face(kind).image.convert("RGBA")
    rgba = np.asarray(face, dtype=np.float64)
    alpha = rgba[..., 3:] / 255
    background = np.array(palette(window).background, dtype=np.float64)
    return rgba[..., :3] * alpha + background * (1 - alpha)


def screen_patch(window, view, cell) -> np.ndarray:
    """The screen pixels of `cell`'s tile (TILE_H x TILE_W at zoom 1)."""
    bv = view.board_view
    x, y = bv.screen_of(cell)
    left, top = image_point(window, round(x - TILE_W / 2), round(y + TILE_H / 2))
    image = np.asarray(arcade.get_image().convert("RGB"), dtype=np.float64)
    return image[top + 1 : top + 1 + TILE_H, left : left + TILE_W]


def assert_shows_face(window, view, cell, kind: int, sprite_limit: float = 8.0) -> None:
    """The tile drawn at `cell` is `kind`'s face: nearest to it of all the faces, and (the grid
    renderer samples each texel exactly at zoom 1) equal to it; a sprite within `sprite_limit`
    (its sampling blurs each edge a little: a face of many strokes differs more)."""
    patch = screen_patch(window, view, cell)
    distances = [np.abs(patch - face_on_background(window, k)).mean() for k in range(1, FACES + 1)]
    assert int(np.argmin(distances)) == (kind - 1) % FACES, (cell, kind)
    limit = 1.0 if view.board_view.renderer == "grid" else sprite_limit
    assert distances[(kind - 1) % FACES] < limit, (cell, kind, distances[(kind - 1) % FACES])


def zoom_one(view) -> None:
    """Zoom 1, with the board's world origin on a whole pixel: every texel on one pixel."""
    bv = view.board_view
    bv.camera.zoom = 1.0
    width, height = bv.camera.viewport_width, bv.camera.viewport_height
    bv.camera.position = (width // 2 + TILE_W // 2, height // 2 + TILE_H // 2)


def test_each_cell_shows_its_kinds_face(window):
    # Kinds past the 48 faces reuse them (kind 49 looks like kind 1), empty cells show nothing;
    # equal neighbours, so that no deadlock notice covers the board.
    grid = np.repeat(np.arange(31, 61, dtype=np.uint16), 2).reshape(6, 10)
    grid[2, 2:4] = grid[4, 6:8] = 0
    view = start(window, GameConfig(rows=6, cols=10, kinds=60), llk.Board(grid))
    zoom_one(view)
    rest(window)
    bv = view.board_view
    shown = [
        (r, c) for r in range(6) for c in range(10) if bv.cell_at_screen(*bv.screen_of((r, c)))
    ]
    assert len(shown) >= 30
    for cell in shown:
        patch = screen_patch(window, view, cell)
        kind = int(grid[cell])
        if kind == 0:
            assert np.all(patch == palette(window).background), cell
            continue
        assert_shows_face(window, view, cell, kind)


def test_the_grid_renderer_matches_the_sprite_renderer(window):
    """The same board and camera, drawn by each renderer: the same picture, up to filtering
    (the two place texels up to half a pixel apart, so edges differ pixel by pixel): compared
    in blocks of 8x8 pixels, every block is alike."""
    if window.renderer == "sprites":
        pytest.skip("one run compares both renderers")
    images = {}
    board = llk.deal(8, 12, kinds=24, seed=7)
    for renderer in ("sprites", "grid"):
        window.renderer = renderer
        view = start(window, GameConfig(rows=8, cols=12, kinds=24, seed=7), board.copy())
        view.board_view.camera.zoom = 0.83
        rest(window)
        images[renderer] = np.asarray(arcade.get_image().convert("RGB"), dtype=np.int16)
        view.on_hide_view()
    height, width, _ = images["grid"].shape
    blocks = {
        name: image[: height // 8 * 8, : width // 8 * 8]
        .reshape(height // 8, 8, width // 8, 8, 3)
        .mean(axis=(1, 3))
        for name, image in images.items()
    }
    difference = np.abs(blocks["grid"] - blocks["sprites"]).max(axis=-1)
    assert difference.max() < 40 and (difference < 16).mean() > 0.97 and difference.mean() < 4
    # And the board is really there: most blocks differ from the background.
    background = np.array(palette(window).background)
    assert (np.abs(blocks["grid"] - background).max(axis=-1) > 30).mean() > 0.3


def test_removal_and_slide_update_the_picture(window):
    view = start(window, GameConfig.preset("KShisen 14x6", seed=5, gravity="down"))
    board, bv = view.game.board, view.board_view
    zoom_one(view)
    rest(window)
    a, c = board.solution[0]
    slid_from, slid_to = (0, 9), (1, 9)
    kind_slid = board[slid_from]
    click(window, a)
    click(window, c)
    settle(window)
    rest(window)
    background = palette(window).background
    for cell in (a, c, slid_from):
        if bv.cell_at_screen(*bv.screen_of(cell)) == cell and board[cell] == 0:
            assert np.all(screen_patch(window, view, cell) == background), cell
    assert board[slid_to] == kind_slid
    assert_shows_face(window, view, slid_to, kind_slid)


@pytest.mark.parametrize("zoom", [0.03, 0.12, 0.4, 1.0, 2.5])
def test_clicks_find_the_cell_drawn_under_them(window, zoom):
    rows, cols = (40, 40) if window.renderer == "sprites" else (200, 300)
    board = llk.deal(rows, cols, kinds=48, seed=2)
    view = start(window, GameConfig(rows=rows, cols=cols, kinds=48), board)
    view.minimap.visible = False  # its corner would take the clicks
    bv = view.board_view
    bv.camera.zoom = zoom
    bv.camera.position = (bv.x(cols * 0.3), bv.y(rows * 0.6))
    rest(window)
    image = arcade.get_image().convert("RGB")
    width, height = window.get_size()
    rng = np.random.default_rng(int(zoom * 100))
    # Points in the part of the window the board covers (below the HUD).
    (left, top), (right, bottom) = bv.screen_of((0, 0)), bv.screen_of((rows - 1, cols - 1))
    left, right = max(2, min(left, right)), min(width - 2, max(left, right))
    bottom, top = max(2, min(top, bottom)), min(height - 60, max(top, bottom))
    checked = 0
    for _ in range(2000):
        cell = bv.cell_at_screen(rng.uniform(left, right), rng.uniform(bottom, top))
        if cell is None:
            continue
        sx, sy = bv.screen_of(cell)
        if not (2 <= sx < width - 2 and 2 <= sy < height - 60):
            continue
        # Anywhere inside the tile maps back to it; the click selects it.
        dx, dy = rng.uniform(-0.45, 0.45, size=2) * (TILE_W * zoom, TILE_H * zoom)
        assert bv.cell_at_screen(sx + dx, sy + dy) == cell
        if bv.tile_pixels >= READABLE_PX:  # smaller, a click zooms in (test_big_board.py)
            view.game.clear_selection()
            click_at(window, sx, sy)
            assert view.game.selected == bv.cell_at_screen(round(sx), round(sy)) == cell
        # And the pixel there is that cell's tile: its kind's colour when tiles are flat.
        drawn = image.getpixel(image_point(window, sx, sy))
        if bv.renderer == "grid" and TILE_W * zoom < 8:
            want = window.theme.kind_colours()[(board[cell] - 1) % FACES]
            if TILE_W * zoom >= 3:
                assert max(abs(g - w) for g, w in zip(drawn, want, strict=True)) <= 3, cell
        else:
            assert drawn != palette(window).background, cell
        checked += 1
        if checked == 25:
            break
    assert checked == 25


def test_far_out_tiles_show_their_kinds_colour(window):
    if window.renderer == "sprites":
        pytest.skip("the level of detail rule is the grid renderer's")
    board = llk.deal(100, 100, kinds=48, seed=4)
    view = start(window, GameConfig(rows=100, cols=100, kinds=48), board)
    bv = view.board_view
    bv.camera.zoom = 5 / TILE_W  # tiles of 5 pixels: flat colours with a pixel of gap
    rest(window)
    image = arcade.get_image().convert("RGB")
    seen = set()
    for r in range(0, 100, 7):
        for c in range(0, 100, 7):
            x, y = bv.screen_of((r, c))
            if not (0 <= x < window.width and 0 <= y < window.height - 60):
                continue
            want = window.theme.kind_colours()[(board[r, c] - 1) % FACES]
            got = image.getpixel(image_point(window, x, y))
            assert max(abs(g - w) for g, w in zip(got, want, strict=True)) <= 3, (r, c)
            seen.add(got)
    assert len(seen) >= 6  # the kinds' colours tell them apart


def test_a_million_tiles(window):
    if window.renderer == "sprites":
        pytest.skip("the sprite renderer stops at 40,000 cells")
    grid = np.random.default_rng(5).integers(1, 49, size=(1000, 1000), dtype=np.uint16)
    grid[500, 500:502] = 17  # a pair that links: neighbours
    board = llk.Board(grid)
    view = start(window, GameConfig(rows=1000, cols=1000, kinds=48), board)
    bv = view.board_view
    assert bv.renderer == "grid" and bv.camera.zoom < 0.02
    frame(window)
    # Zoomed in on the pair: their faces, then the background once they are removed.
    bv.camera.zoom = 1.0
    bv.camera.position = (bv.x(500.5), bv.y(500))
    rest(window)
    for cell in ((500, 500), (500, 501)):
        assert_shows_face(window, view, cell, 17)
    click(window, (500, 500))
    click(window, (500, 501))
    assert board.remaining == 999_998
    settle(window)
    rest(window)
    for cell in ((500, 500), (500, 501)):
        assert np.all(screen_patch(window, view, cell) == palette(window).background)


def test_boards_wider_than_a_texture(window):
    """A board wider than the GPU's largest texture: sprites when it is small enough (auto),
    else a clear error, never a GL failure."""
    from llk.game.board.view import BoardView

    largest = window.ctx.info.MAX_TEXTURE_SIZE
    board = llk.Board(np.ones((1, largest + 2), dtype=np.uint16))
    if window.renderer == "grid":
        with pytest.raises(llk.BoardError, match=f"at most {largest} cells a side"):
            BoardView(board, window.theme, renderer="grid")
        if largest + 2 <= 40_000:
            assert BoardView(board, window.theme, renderer="auto").renderer == "sprites"
    else:
        too_many = llk.Board(np.ones((300, 300), dtype=np.uint16))
        with pytest.raises(ValueError, match="at most 40000 cells"):
            BoardView(too_many, window.theme, renderer="sprites")


def test_auto_draws_small_boards_with_sprites_and_big_ones_with_the_grid(window):
    from llk.game.board.view import AUTO_SPRITES_MAX, BoardView

    small = llk.Board(np.ones((16, 30), dtype=np.uint16))
    big = llk.Board(np.ones((32, 32), dtype=np.uint16))
    assert 16 * 30 <= AUTO_SPRITES_MAX < 32 * 32
    assert BoardView(small, window.theme, renderer="auto").renderer == "sprites"
    assert BoardView(big, window.theme, renderer="auto").renderer == "grid"


def test_both_renderers_are_tile_layers(window):
    if window.renderer == "sprites":
        pytest.skip("one run checks both renderers")
    from llk.game.board.tile_layer import TileLayer
    from llk.game.board.view import make_tiles

    for renderer in ("grid", "sprites"):
        layer = make_tiles(renderer, 4, 6, window.theme, lambda cell: (0.0, 0.0))
        assert isinstance(layer, TileLayer), renderer
        layer.release()


def test_the_shaders_ship_in_the_package_with_the_defines_they_are_built_with():
    """arcade's `defines` only rewrites #define lines the source already has: a define renamed
    on one side would build the same program three times, without a word."""
    from llk.game.assets import shader_source
    from llk.game.board.grid_tiles import SHADER_MODES

    fragment = shader_source("grid_tiles.frag.glsl").splitlines()
    for name in (*SHADER_MODES, "FACES"):
        assert any(line.startswith(f"#define {name} ") for line in fragment), name
    assert shader_source("grid_tiles.vert.glsl").startswith("#version 330")

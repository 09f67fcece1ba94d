"""The minimap: the whole board at a glance in a corner of the play screen.

Each texel is a few blocks of cells a side, at least TEXEL_PX pixels on screen: dark where
they are cleared, grey by how many tiles are left, and warm (grey-amber to yellow) by how many
of those tiles have a partner now, ranked against the other texels, which is where the moves
are (`Board.move_density`); every other tenth of the board a shade darker, a checkerboard to
tell one part of a board that looks the same all over from another. The view is a rectangle
on it, ringed in dark and never under VIEW_MIN_PX; a click or a drag there moves the camera.
The same density, block by block, is the board's heat map (the "where to look" view, W): the
grid renderer gets it with each picture.

The counts come from off the frame: after a move, the game's board facts (model/facts.py) are
worked out on a worker thread, the tiles and the density per block among them; the frame that
receives them colours the texels (a few numpy operations over at most 250 x 250 blocks),
uploads the image into a small texture and draws one quad. The shaders are the files
shaders/minimap.*.glsl.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import arcade
import numpy as np
from arcade.gl import geometry

from ..assets import shader_source
from ..model.facts import Facts, block_for
from ..phases import HUD, UPLOADS, phase
from .theme import TILE_H, TILE_W

if TYPE_CHECKING:
    import llk

    from .view import BoardView

SIDE_PX = 220  # the minimap is drawn at most this many pixels a side
MARGIN_PX = 10
SHOWN_FROM_CELLS = 10_000  # boards this big start with the minimap shown
TEXEL_PX = 4  # a texel of the picture is at least this many pixels a side
VIEW_MIN_PX = 8  # the view's rectangle is never smaller than this a side
SECTORS = 10  # the checkerboard of sectors: this many a side
SECTOR_SHADE = 0.86  # the dark squares' brightness


def picture(facts: Facts) -> tuple[np.ndarray, np.ndarray]:
    """The minimap's RGBA image, row 0 at the top, a texel for `pooling(...)` blocks a side:
    cleared texels dark, texels with tiles grey by how full they are, warm by the share of
    their tiles that have a partner, and every other tenth of the board a shade darker (a
    checkerboard of sectors, to tell where the view is on a board that looks the same all
    over); and the warmth per block (not pooled) as uint8 (0 no tile with a partner .. 255 the
    busiest block), the heat map's values."""
    block_heat = warmth(facts.linked.astype(np.float32), facts.tiles)
    k = pooling(*facts.tiles.shape)
    tiles, linked = pooled(facts.tiles, k), pooled(facts.linked.astype(np.float32), k)
    full = np.minimum(tiles / (facts.block * facts.block * k * k), 1.0)
    heat = warmth(linked, tiles)
    warm = heat * 0.85  # linear: the middling blocks grey-amber, the busiest yellow
    grey = np.where(tiles > 0, 60 + 110 * full, 18)
    shade = np.where(sectors(*tiles.shape), 1.0, SECTOR_SHADE)
    image = np.empty((*tiles.shape, 4), dtype=np.uint8)
    image[..., 0] = np.clip((grey * (1 - warm) + 255 * warm) * shade, 0, 255)
    image[..., 1] = np.clip((grey * (1 - warm) + (120 + 110 * heat) * warm) * shade, 0, 255)
    image[..., 2] = np.clip((grey * (1 - warm) + 30 * warm) * shade, 0, 255)
    image[..., 3] = 235
    return image, np.round(np.sqrt(block_heat) * 255).astype(np.uint8)


def pooling(block_rows: int, block_cols: int) -> int:
    """Blocks a texel side: a texel is at least TEXEL_PX pixels on screen. A texel smaller
    than a pixel (a 1000x1000 board has 250 blocks a side in 220 pixels) drew the blocks'
    ranks as a fine grain, which reads as one flat colour."""
    return max(1, math.ceil(max(block_rows, block_cols) * TEXEL_PX / SIDE_PX))


def pooled(counts: np.ndarray, k: int) -> np.ndarray:
    """Sums of `counts` over k x k blocks (the last row and column of texels may hold fewer:
    past the board there is nothing to count)."""
    if k == 1:
        return counts
    rows, cols = counts.shape
    padded = np.zeros((-(-rows // k) * k, -(-cols // k) * k), dtype=counts.dtype)
    padded[:rows, :cols] = counts
    sums: np.ndarray = padded.reshape(rows // k + (rows % k > 0), k, -1, k).sum(axis=(1, 3))
    return sums


def sectors(rows: int, cols: int) -> np.ndarray:
    """True on the light squares of a SECTORS x SECTORS checkerboard over `rows` x `cols`."""
    r = np.arange(rows) * SECTORS // max(rows, 1)
    c = np.arange(cols) * SECTORS // max(cols, 1)
    light: np.ndarray = (r[:, None] + c[None, :]) % 2 == 0
    return light


def warmth(linked: np.ndarray, tiles: np.ndarray) -> np.ndarray:
    """Each block's heat, 0 .. 1: how many of its tiles have a partner, ranked against the
    other blocks with tiles (from their 5th percentile to their 95th), so that where the
    moves are reads at every stage: on a fresh board, where every block has many (against the
    busiest block the map was one flat orange), the richer blocks still stand out, and later
    the few places that have moves. No tile with a partner is always cold."""
    held = linked[tiles > 0]
    if held.size == 0 or float(held.max()) == 0.0:
        return np.zeros_like(linked)
    low, high = np.percentile(held, [5, 95])
    if high <= low:  # every block alike: warm wherever there are moves
        return np.where(linked > 0, 1.0, 0.0).astype(np.float32)
    ranked = np.clip((linked - low) / (high - low), 0.0, 1.0)
    # Never colder than a block with a move deserves: a little warmth for any move at all.
    return np.where(linked > 0, np.maximum(ranked, 0.1), 0.0).astype(np.float32)


class Minimap:
    def __init__(self, board_view: BoardView, board: llk.Board) -> None:
        """The picture comes with the first facts shown (`show`)."""
        self.board_view = board_view
        self.rows, self.cols = board.rows, board.cols
        self.block = block_for(self.rows, self.cols)
        self.visible = self.rows * self.cols >= SHOWN_FROM_CELLS
        self.ctx = arcade.get_window().ctx
        self.program = self.ctx.program(
            vertex_shader=shader_source("minimap.vert.glsl"),
            fragment_shader=shader_source("minimap.frag.glsl"),
        )
        br, bc = -(-self.rows // self.block), -(-self.cols // self.block)
        k = pooling(br, bc)
        self.texture = self.ctx.texture(
            (-(-bc // k), -(-br // k)), components=4, filter=(self.ctx.NEAREST, self.ctx.NEAREST)
        )
        self._quad: tuple[tuple[float, ...], arcade.gl.Geometry] | None = None
        self.updates = 0  # pictures uploaded (the tests wait for one)

    # The picture.

    def show(self, facts: Facts) -> None:
        """Shows the board's facts: the picture, and the heat map's values for the grid
        renderer (blocks of the same size)."""
        with phase(HUD):
            image, heat = picture(facts)
            # GL's first texture row is the bottom one.
            with phase(UPLOADS):
                self.texture.write(np.ascontiguousarray(image[::-1]).tobytes())
            self.board_view.tiles.set_heat(heat, self.block)
        self.updates += 1

    def close(self) -> None:
        self.texture.delete()

    # Where it is on the screen.

    def rect(self) -> tuple[float, float, float, float]:
        """(left, bottom, width, height) in screen pixels: the bottom-right corner."""
        window = arcade.get_window()
        scale = SIDE_PX / max(self.rows, self.cols)
        width, height = self.cols * scale, self.rows * scale
        return window.width - MARGIN_PX - width, MARGIN_PX, width, height

    def contains(self, x: float, y: float) -> bool:
        left, bottom, width, height = self.rect()
        return self.visible and left <= x <= left + width and bottom <= y <= bottom + height

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        """The board cell under a screen point of the minimap (clamped to the board)."""
        left, bottom, width, height = self.rect()
        col = int((x - left) / width * self.cols)
        row = int((bottom + height - y) / height * self.rows)
        return min(max(row, 0), self.rows - 1), min(max(col, 0), self.cols - 1)

    def look_at(self, x: float, y: float) -> None:
        """A click or drag on the minimap: the camera goes there at once."""
        self.board_view.look_at(self.board_view.centre_of(self.cell_at(x, y)), glide=False)

    # Drawing.

    def draw(self) -> None:
        if not self.visible:
            return
        window = arcade.get_window()
        left, bottom, width, height = self.rect()
        key = (left, bottom, width, height, window.width, window.height)
        if self._quad is None or self._quad[0] != key:
            # Normalised device coordinates: the quad only changes with the window.
            cx = (left + width / 2) / window.width * 2 - 1
            cy = (bottom + height / 2) / window.height * 2 - 1
            size = (width / window.width * 2, height / window.height * 2)
            self._quad = (key, geometry.quad_2d(size=size, pos=(cx, cy)))
        self.texture.use(0)
        self.program["map"] = 0
        self._quad[1].render(self.program)
        arcade.draw_lbwh_rectangle_outline(left, bottom, width, height, (200, 200, 200), 1)
        self._draw_view(left, bottom, width, height)

    def _draw_view(self, left: float, bottom: float, width: float, height: float) -> None:
        camera = self.board_view.camera
        x0, y0 = camera.unproject((0, 0))[:2]
        x1, y1 = camera.unproject((camera.viewport_width, camera.viewport_height))[:2]
        rows, cols = self.rows, self.cols
        # World to board fractions (the ring is one cell beyond each edge).
        fx0, fx1 = (x0 / TILE_W - 1) / cols, (x1 / TILE_W - 1) / cols
        fy0, fy1 = 1 - (rows + 1 - y0 / TILE_H) / rows, 1 - (rows + 1 - y1 / TILE_H) / rows
        fx0, fx1 = max(0.0, min(1.0, fx0)), max(0.0, min(1.0, fx1))
        fy0, fy1 = max(0.0, min(1.0, fy0)), max(0.0, min(1.0, fy1))
        # Never smaller than VIEW_MIN_PX, and ringed in dark, so that it shows on any colour.
        w, h = max(VIEW_MIN_PX, (fx1 - fx0) * width), max(VIEW_MIN_PX, (fy1 - fy0) * height)
        x = left + (fx0 + fx1) / 2 * width - w / 2
        y = bottom + (fy0 + fy1) / 2 * height - h / 2
        arcade.draw_lbwh_rectangle_outline(x - 2, y - 2, w + 4, h + 4, (10, 20, 30), 2)
        arcade.draw_lbwh_rectangle_outline(x, y, w, h, (80, 220, 255), 2)

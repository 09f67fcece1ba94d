"""The minimap: the whole board at a glance in a corner of the play screen.

Each texel is a block of cells: dark where the block is cleared, grey by how many tiles are
left in it, and warm (orange to yellow) by how many of those tiles have a partner now, which is
where the moves are (`Board.move_density`). The view is a rectangle on it; a click or a drag
there moves the camera. The same density, block by block, is the board's heat map (the "where
to look" view, W): the grid renderer gets it with each picture.

The picture is made off the frame: after a move, a worker thread builds a board from a copy of
the grid (the engine's scan releases the GIL), counts the tiles and the density per block and
builds the image; the frame loop only uploads the finished image (a few hundred kilobytes) into
a small texture and draws one quad. Like the deadlock watcher, only the latest request waits:
a move every frame never queues a backlog.
"""

from __future__ import annotations

import math
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

import arcade
import numpy as np
from arcade.gl import geometry

import llk

from .grid_tiles import GridTiles
from .theme import TILE_H, TILE_W

if TYPE_CHECKING:
    from .board_view import BoardView

TEXELS = 250  # the minimap's texture is at most this many blocks a side
SIDE_PX = 220  # and drawn at most this many pixels a side
MARGIN_PX = 10
SHOWN_FROM_CELLS = 10_000  # boards this big start with the minimap shown

_VERTEX = """
#version 330
in vec2 in_vert;
in vec2 in_uv;
out vec2 uv;
void main() {
    gl_Position = vec4(in_vert, 0.0, 1.0);
    uv = in_uv;
}
"""
_FRAGMENT = """
#version 330
uniform sampler2D map;
in vec2 uv;
out vec4 colour;
void main() {
    colour = texture(map, uv);
}
"""


def block_for(rows: int, cols: int) -> int:
    """Cells per block side so that the minimap has at most TEXELS blocks a side."""
    return max(1, math.ceil(max(rows, cols) / TEXELS))


def picture(
    grid: np.ndarray, border: bool, backend: str, block: int
) -> tuple[np.ndarray, np.ndarray]:
    """The minimap's RGBA image, row 0 at the top: cleared blocks dark, blocks with tiles grey
    by how full they are, warm by the share of their tiles that have a partner; and that
    warmth per block as uint8 (0 no tile with a partner .. 255 the busiest block), the heat
    map's values."""
    rows, cols = grid.shape
    board = llk.Board(grid, border=border, backend=backend)
    linked = board.move_density(block).astype(np.float32)
    br, bc = linked.shape
    padded = np.zeros((br * block, bc * block), dtype=bool)
    padded[:rows, :cols] = grid != 0
    tiles = padded.reshape(br, block, bc, block).sum(axis=(1, 3), dtype=np.float32)
    full = np.minimum(tiles / (block * block), 1.0)
    # The heat is the share of a block's cells whose tile has a partner, against the busiest
    # block: early on moves are everywhere and the map is evenly warm, later the few places
    # that still have moves stand out.
    heat = linked / max(float(linked.max()), 1.0)
    warm = np.sqrt(heat) * 0.9
    grey = np.where(tiles > 0, 60 + 110 * full, 18)
    image = np.empty((br, bc, 4), dtype=np.uint8)
    image[..., 0] = np.clip(grey * (1 - warm) + 255 * warm, 0, 255)
    image[..., 1] = np.clip(grey * (1 - warm) + (120 + 110 * heat) * warm, 0, 255)
    image[..., 2] = np.clip(grey * (1 - warm) + 30 * warm, 0, 255)
    image[..., 3] = 235
    return image, np.round(np.sqrt(heat) * 255).astype(np.uint8)


class Minimap:
    def __init__(self, board_view: BoardView, board: llk.Board) -> None:
        """The picture comes with the first `request`."""
        self.board_view = board_view
        self.rows, self.cols = board.rows, board.cols
        self.block = block_for(self.rows, self.cols)
        self.visible = self.rows * self.cols >= SHOWN_FROM_CELLS
        self.ctx = arcade.get_window().ctx
        self.program = self.ctx.program(vertex_shader=_VERTEX, fragment_shader=_FRAGMENT)
        br, bc = -(-self.rows // self.block), -(-self.cols // self.block)
        self.texture = self.ctx.texture(
            (bc, br), components=4, filter=(self.ctx.NEAREST, self.ctx.NEAREST)
        )
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llk-minimap")
        self._running: Future[tuple[np.ndarray, np.ndarray]] | None = None
        self._wanted: llk.Board | None = None
        self._quad: tuple[tuple[float, ...], arcade.gl.Geometry] | None = None
        self.updates = 0  # pictures uploaded (the tests wait for one)

    # The picture, off the frame.

    def request(self, board: llk.Board) -> None:
        """The board changed: a new picture is due (the latest request wins)."""
        self._wanted = board
        self._start()

    def _start(self) -> None:
        if self._running is None and self._wanted is not None:
            board, self._wanted = self._wanted, None
            self._running = self._pool.submit(
                picture, board.grid, board.border, board.backend, self.block
            )

    def poll(self, wait: bool = False) -> None:
        """Uploads a finished picture (`wait`: waits for the one being made)."""
        if self._running is None or not (wait or self._running.done()):
            return
        image, heat = self._running.result()
        self._running = None
        # GL's first texture row is the bottom one.
        self.texture.write(np.ascontiguousarray(image[::-1]).tobytes())
        tiles = self.board_view.tiles
        if isinstance(tiles, GridTiles):
            tiles.set_heat(heat, self.block)
        self.updates += 1
        self._start()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
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
        self.poll()  # hidden too: the heat map shows the same density
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
        arcade.draw_lbwh_rectangle_outline(
            left + fx0 * width,
            bottom + fy0 * height,
            max(2.0, (fx1 - fx0) * width),
            max(2.0, (fy1 - fy0) * height),
            (80, 220, 255),
            2,
        )

"""The grid renderer's picture, kept between frames: while the camera rests a frame is one
copy of the board as last drawn, and a move redraws only its cells' boxes; while the camera
moves the board is drawn at half resolution (a quarter of the pixels to shade) and scaled up.
docs/rendering.md has the measurements.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import arcade
from pyglet import gl

from .backdrop import blit
from .theme import TILE_H, TILE_W, Theme

if TYPE_CHECKING:
    from arcade.gl.backends.opengl.framebuffer import OpenGLFramebuffer

Cell = tuple[int, int]
# The board's cells on screen (GridTiles._visible_rect): the clip rect in normalised device
# coordinates, and the tile rect (x0, y0, x1, y1) in tile units; None when none are.
VisibleRect = tuple[tuple[float, ...], tuple[float, float, float, float]] | None
# What the picture draws with: (camera, clip rect, tile rect, scale) into the bound framebuffer.
Render = Callable[..., None]

DIRTY_CELLS_MAX = 4096  # more changed cells than this: redraw the whole cache
DIRTY_BOXES_MAX = 16  # more boxes than this: one box around them all
MOTION_SCALE = 2  # while the camera moves the board is drawn at 1/2 resolution


class Picture:
    """The board's picture at window size, for a board of `rows` (the dirty boxes' geometry);
    `render` draws the board's visible cells into the bound framebuffer."""

    def __init__(self, rows: int, theme: Theme, render: Render) -> None:
        self.rows, self.theme, self.render = rows, theme, render
        self.ctx = arcade.get_window().ctx
        # The board as last drawn, at window size: frames where neither the camera nor the
        # board moved are one copy, and a move redraws only its cells.
        self.cache: arcade.gl.Framebuffer | None = None
        self.key: tuple[object, ...] | None = None  # what the cache shows; None: redraw whole
        self._last_camera_key: tuple[object, ...] | None = None  # the camera's, last frame
        self.motion: arcade.gl.Framebuffer | None = None  # the picture while the camera moves
        self.dirty: set[Cell] = set()  # cells whose texels changed since the last frame

    def draw(
        self, camera: arcade.camera.Camera2D, rect: VisibleRect, key: tuple[object, ...]
    ) -> None:
        """Paints the whole window: the background and the board, whose cells on screen are
        `rect` (GridTiles._visible_rect) and whose look is `key` (a new key: redrawn whole).

        While the camera moves, every frame is new: the board is drawn at half the window's
        resolution and scaled up, each pixel doubled; it is sharp again in the first frame the
        camera rests (the very first frame is drawn so too). Then the board is drawn into the
        cache, and each frame is a copy of the cache, after drawing into it only the cells that
        changed."""
        window = arcade.get_window()
        camera_key = (
            camera.zoom,
            tuple(camera.position),
            tuple(camera.viewport),
            window.get_framebuffer_size(),
        )
        # The first frame is drawn as a moving one, at half resolution: a new board's first
        # frame already has the play screen to build, and a whole picture of a big board at
        # full resolution took 25-35 ms more (`llk bench --frames`, hand-over: start). The
        # picture is sharp from the next frame on.
        moving = self._last_camera_key != camera_key
        self._last_camera_key = camera_key
        if moving:
            self.key = None
            self._draw_in_motion(camera, rect)
        else:
            self._refresh_cache(camera, rect, (*camera_key, *key))
            assert self.cache is not None  # _refresh_cache made it
            self._copy(self.cache, self.ctx.active_framebuffer)
        self.dirty = set()

    def _draw_in_motion(self, camera: arcade.camera.Camera2D, rect: VisibleRect) -> None:
        width, height = arcade.get_window().get_framebuffer_size()
        size = ((width + 1) // MOTION_SCALE, (height + 1) // MOTION_SCALE)
        self.motion = self._framebuffer(self.motion, size)
        # The background at the motion frame's own size (made once): a copy, not a scaling.
        backdrop = self.theme.background_framebuffer(arcade.get_window(), size)
        blit(backdrop, self.motion, (0, 0, *size), (0, 0, *size), linear=False)
        with self.motion.activate():
            if rect is not None:
                self.render(camera, *rect, scale=1 / MOTION_SCALE)
        self._copy(self.motion, self.ctx.active_framebuffer, (width, height))

    def _framebuffer(
        self, framebuffer: arcade.gl.Framebuffer | None, size: tuple[int, int]
    ) -> arcade.gl.Framebuffer:
        """`framebuffer` when it has this size, else a new one (the old one freed)."""
        if framebuffer is not None and framebuffer.size == size:
            return framebuffer
        if framebuffer is not None:
            framebuffer.color_attachments[0].delete()
        return self.ctx.framebuffer(color_attachments=[self.ctx.texture(size, components=4)])

    def _copy(
        self,
        source: arcade.gl.Framebuffer,
        target: arcade.gl.Framebuffer,
        size: tuple[int, int] | None = None,
    ) -> None:
        """Copies (scaling, when `size` differs) a framebuffer onto another."""
        width, height = source.size
        to_w, to_h = size or (width, height)
        # The OpenGL backend's framebuffers (the game's only backend) have their GL name.
        read, draw = cast("OpenGLFramebuffer", source), cast("OpenGLFramebuffer", target)
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, read.glo)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, draw.glo)
        gl.glBlitFramebuffer(
            0,
            0,
            width,
            height,
            0,
            0,
            to_w,
            to_h,
            gl.GL_COLOR_BUFFER_BIT,
            # Nearest even when scaling: llvmpipe's linear upscale of the moving frame cost
            # more than drawing it (interleaved zoom-pan runs, 1000x1000: median 26.7 ms
            # linear, 19.5 ms nearest); a moving picture's 2x2 pixels do not show.
            gl.GL_NEAREST,
        )
        target.use(force=True)  # arcade's idea of the bound framebuffer, true again

    def _refresh_cache(
        self, camera: arcade.camera.Camera2D, rect: VisibleRect, key: tuple[object, ...]
    ) -> None:
        size = arcade.get_window().get_framebuffer_size()
        if self.cache is None or self.cache.size != size:
            self.cache = self._framebuffer(self.cache, size)
            self.key = None
        backdrop = self.theme.background_framebuffer(arcade.get_window())
        with self.cache.activate() as cache:
            if key != self.key or len(self.dirty) > DIRTY_CELLS_MAX:
                blit(backdrop, cache, (0, 0, *size), (0, 0, *size), linear=False)
                if rect is not None:
                    self.render(camera, *rect)
            elif self.dirty and rect is not None:
                for box in self._dirty_boxes(camera, size):
                    x, y, w, h = box
                    blit(backdrop, cache, (x, y, x + w, y + h), (x, y, x + w, y + h), False)
                    cache.scissor = box
                    self.render(camera, *rect)
                cache.scissor = None
        self.key = key

    def _dirty_boxes(
        self, camera: arcade.camera.Camera2D, size: tuple[int, int]
    ) -> list[tuple[int, int, int, int]]:
        """Screen boxes (x, y, w, h) around the changed cells: one per cell, or one around them
        all when they are many (a column that slid)."""
        boxes = []
        for r, c in self.dirty:
            x0, y0, *_ = camera.project(((c + 1) * TILE_W, (self.rows - r) * TILE_H))
            x1, y1, *_ = camera.project(((c + 2) * TILE_W, (self.rows - r + 1) * TILE_H))
            boxes.append((int(x0) - 1, int(y0) - 1, int(x1) + 2, int(y1) + 2))
        if len(boxes) > DIRTY_BOXES_MAX:
            boxes = [
                (
                    min(b[0] for b in boxes),
                    min(b[1] for b in boxes),
                    max(b[2] for b in boxes),
                    max(b[3] for b in boxes),
                )
            ]
        clipped = []
        for x0, y0, x1, y1 in boxes:
            x0, y0, x1, y1 = max(0, x0), max(0, y0), min(size[0], x1), min(size[1], y1)
            if x0 < x1 and y0 < y1:
                clipped.append((x0, y0, x1 - x0, y1 - y0))
        return clipped

    def release(self) -> None:
        for framebuffer in (self.cache, self.motion):
            if framebuffer is not None:
                framebuffer.color_attachments[0].delete()
        self.cache = self.motion = None

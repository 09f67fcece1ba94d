"""The background behind the board and the menus: a picture of assets/backgrounds, drawn by
scripts/make_assets.py, or "plain" (the palette's flat colour), chosen in the settings.

It is drawn at the window's size once (scaled to cover the window, keeping its aspect, with a
linear blit) into a framebuffer of its own, and kept there until the window's size or the
choice changes. A frame then costs one copy of that framebuffer (a blit, no shader), and the
grid renderer reads it as a texture, texel for pixel, under empty cells.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import arcade
import numpy as np
from PIL import Image
from pyglet import gl

from ..assets import asset_image
from ..store.settings import BACKGROUNDS

if TYPE_CHECKING:
    from arcade.gl.backends.opengl.framebuffer import OpenGLFramebuffer

PLAIN = "plain"
Colour = tuple[int, int, int]


def blit(
    source: arcade.gl.Framebuffer,
    target: arcade.gl.Framebuffer,
    src: tuple[int, int, int, int],
    dst: tuple[int, int, int, int],
    linear: bool,
) -> None:
    """Copies the box `src` (x0, y0, x1, y1) of one framebuffer into the box `dst` of another,
    scaling when they differ. The framebuffer bound before stays bound."""
    active = target.ctx.active_framebuffer
    # The OpenGL backend's framebuffers (the game's only backend) have their GL name.
    read, draw = cast("OpenGLFramebuffer", source), cast("OpenGLFramebuffer", target)
    gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, read.glo)
    gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, draw.glo)
    gl.glBlitFramebuffer(
        *src, *dst, gl.GL_COLOR_BUFFER_BIT, gl.GL_LINEAR if linear else gl.GL_NEAREST
    )
    active.use(force=True)  # arcade's idea of the bound framebuffer, true again


def cover(image_size: tuple[int, int], size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The box of an image that, scaled up or down, covers `size` exactly: the middle of the
    image, cropped to the window's aspect."""
    iw, ih = image_size
    w, h = size
    scale = max(w / iw, h / ih)
    cw, ch = min(iw, round(w / scale)), min(ih, round(h / scale))
    x0, y0 = (iw - cw) // 2, (ih - ch) // 2
    return x0, y0, x0 + cw, y0 + ch


class Backdrop:
    """The chosen background at window size (and at the grid renderer's half size while the
    camera moves), made on demand and cached."""

    KEPT = 4  # drawn sizes kept: the window's and the half-size motion frame's, and a spare

    def __init__(self) -> None:
        self._pictures: dict[str, tuple[arcade.gl.Framebuffer, tuple[int, int]]] = {}
        self._drawn: dict[tuple[str, tuple[int, int], Colour | None], arcade.gl.Framebuffer] = {}

    def _picture(
        self, ctx: arcade.ArcadeContext, name: str
    ) -> tuple[arcade.gl.Framebuffer, tuple[int, int]]:
        """The background's image on the GPU (a framebuffer, so it can be blitted)."""
        if name not in self._pictures:
            image = asset_image("backgrounds", f"{name}.png")
            # GL's rows run bottom to top.
            data = np.asarray(image.transpose(Image.Transpose.FLIP_TOP_BOTTOM)).tobytes()
            texture = ctx.texture(image.size, components=4, data=data)
            self._pictures[name] = (ctx.framebuffer(color_attachments=[texture]), image.size)
        return self._pictures[name]

    def framebuffer(
        self, ctx: arcade.ArcadeContext, name: str, size: tuple[int, int], plain: Colour
    ) -> arcade.gl.Framebuffer:
        """The background `name` drawn at `size` (framebuffer pixels); "plain" is `plain`."""
        if name not in BACKGROUNDS:
            raise ValueError(f"no background {name!r}: one of {', '.join(BACKGROUNDS)}")
        key = (name, size, plain if name == PLAIN else None)
        drawn = self._drawn.get(key)
        if drawn is None:
            if len(self._drawn) >= self.KEPT:
                oldest = next(iter(self._drawn))
                self._drawn.pop(oldest).color_attachments[0].delete()
            drawn = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
            if name == PLAIN:
                drawn.clear(color=plain)
            else:
                picture, image_size = self._picture(ctx, name)
                blit(picture, drawn, cover(image_size, size), (0, 0, *size), linear=True)
            self._drawn[key] = drawn
        return drawn

    def paint(self, window: arcade.Window, name: str, plain: Colour) -> None:
        """Paints the background over the whole window: one copy."""
        size = window.get_framebuffer_size()
        drawn = self.framebuffer(window.ctx, name, size, plain)
        blit(drawn, window.ctx.screen, (0, 0, *size), (0, 0, *size), linear=False)

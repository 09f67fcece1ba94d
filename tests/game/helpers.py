"""Driving the play view as a player would: clicks at a tile's screen position, keys, frames."""

from __future__ import annotations

import arcade


def frame(window, dt: float = 1 / 60) -> None:
    """One frame: update, draw, and the pixels are ready for arcade.get_image()."""
    window.current_view.on_update(dt)
    window.current_view.on_draw()
    window.ctx.finish()


def settle(window, seconds: float = 2.0) -> None:
    """Runs the animations (and a pending deadlock check) to their end with big steps."""
    view = window.current_view
    if hasattr(view, "poll_deadlock"):
        view.poll_deadlock(wait=True)
    for _ in range(int(seconds / 0.25)):
        window.current_view.on_update(0.25)


def click(window, cell, button=arcade.MOUSE_BUTTON_LEFT) -> None:
    view = window.current_view
    x, y = view.board_view.screen_of(cell)
    view.on_mouse_press(round(x), round(y), button, 0)


def key(window, symbol: int, modifiers: int = 0) -> None:
    window.current_view.on_key_press(symbol, modifiers)


def image_point(window, x: float, y: float) -> tuple[int, int]:
    """Screen point (x, y) (origin bottom-left, like arcade's) in arcade.get_image()'s pixels
    (origin top-left; the framebuffer may differ from the window's size)."""
    scale = window.get_framebuffer_size()[1] / window.height
    return int(x * scale), int(window.get_framebuffer_size()[1] - 1 - y * scale)


def pixel(window, x: float, y: float) -> tuple[int, int, int]:
    """The colour at screen point (x, y) (origin bottom-left, like arcade's)."""
    return arcade.get_image().getpixel(image_point(window, x, y))[:3]

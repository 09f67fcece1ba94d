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


def pixel(window, x: float, y: float) -> tuple[int, int, int]:
    """The colour at screen point (x, y) (origin bottom-left, like arcade's)."""
    image = arcade.get_image()
    scale = image.height / window.height  # framebuffer may differ from window size
    return image.getpixel((int(x * scale), int(image.height - 1 - y * scale)))[:3]

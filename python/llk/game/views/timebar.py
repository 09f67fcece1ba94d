"""The time bar of a countdown (every journey level): a bar in the HUD that empties as the
time runs out, with marks where the stars drop (journey.py: 3 stars from half the time left,
2 from a quarter). Its colours are the palette's, so it fits any background."""

from __future__ import annotations

import arcade

from ..board.theme import Palette
from ..model.journey import THREE_STARS, TWO_STARS

BAR_HEIGHT = 12


def bar_colour(share: float, palette: Palette) -> tuple[int, int, int]:
    """The accent while three stars are in reach, the hint colour for two, the path's below."""
    if share >= THREE_STARS:
        return palette.accent
    return palette.hint if share >= TWO_STARS else palette.path


def draw_time_bar(
    left: float, right: float, y: float, time_left: float, time_limit: float, palette: Palette
) -> None:
    """The bar from `left` to `right`, centred on `y` (screen pixels)."""
    share = max(0.0, min(1.0, time_left / time_limit)) if time_limit > 0 else 0.0
    bottom, top = y - BAR_HEIGHT / 2, y + BAR_HEIGHT / 2
    arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, (0, 0, 0, 200))
    inner = right - left - 4
    if share > 0:
        arcade.draw_lrbt_rectangle_filled(
            left + 2, left + 2 + inner * share, bottom + 2, top - 2, bar_colour(share, palette)
        )
    for mark in (THREE_STARS, TWO_STARS):
        x = left + 2 + inner * mark
        arcade.draw_lrbt_rectangle_filled(x - 1, x + 1, bottom - 2, top + 2, palette.text)

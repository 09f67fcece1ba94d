"""The time bar of a countdown (every journey level): a bar in the HUD that empties as the
time runs out, with marks where the stars drop (journey.py: 3 stars from half the time left,
2 from a quarter). Its three colours are the palette's most distinct ones (blue, yellow and red
in the colour-blind-safe palette too), so that the number of stars in reach reads at a glance
on any background."""

from __future__ import annotations

import arcade

from ..board.theme import Palette, Theme
from ..model.journey import THREE_STARS, TWO_STARS

BAR_HEIGHT = 12  # at the design size


def bar_colour(share: float, palette: Palette) -> tuple[int, int, int]:
    """The selection's colour while three stars are in reach, the hint's for two, the path's
    below."""
    if share >= THREE_STARS:
        return palette.selection
    return palette.hint if share >= TWO_STARS else palette.path


def draw_time_bar(
    left: float,
    right: float,
    y: float,
    time_left: float | None,
    time_limit: float,
    theme: Theme,
    scale: float = 1.0,
) -> None:
    """The bar from `left` to `right`, centred on `y` (screen pixels)."""
    palette = theme.palette
    left_s = time_left or 0.0
    share = max(0.0, min(1.0, left_s / time_limit)) if time_limit > 0 else 0.0
    half = BAR_HEIGHT * scale / 2
    bottom, top = y - half, y + half
    arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, (0, 0, 0, 200))
    edge = 2 * scale
    inner = right - left - 2 * edge
    if share > 0:
        arcade.draw_lrbt_rectangle_filled(
            left + edge, left + edge + inner * share, bottom + edge, top - edge,
            bar_colour(share, palette),
        )  # fmt: skip
    for mark in (THREE_STARS, TWO_STARS):
        x = left + edge + inner * mark
        arcade.draw_lrbt_rectangle_filled(
            x - scale, x + scale, bottom - edge, top + edge, palette.text
        )

"""The overlays of the play screen (pause, help, a confirmation), in screen coordinates. Under
any of them the board is not drawn: `draw_pause` covers the window whole."""

from __future__ import annotations

import arcade

from ..keymap import help_lines
from .text import draw_label


def draw_pause(window: arcade.Window, paused: bool = True) -> None:
    """The cover under every overlay; with `paused`, the words that say so."""
    arcade.draw_lbwh_rectangle_filled(0, 0, window.width, window.height, (10, 10, 16, 255))
    if not paused:
        return
    draw_label(
        "Paused",
        window.width / 2,
        window.height / 2 + 20,
        (240, 240, 240),
        40,
        anchor_x="center",
        bold=True,
    )
    draw_label(
        "P or a click to resume",
        window.width / 2,
        window.height / 2 - 30,
        (200, 200, 200),
        16,
        anchor_x="center",
    )


def draw_help(window: arcade.Window) -> None:
    lines = help_lines()
    height, width = 70 + 22 * len(lines), 760
    left, bottom = window.width / 2 - width / 2, window.height / 2 - height / 2
    arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, (0, 0, 0, 245))
    draw_label(
        "Keys and mouse (any key closes)",
        left + 20,
        bottom + height - 28,
        (255, 210, 90),
        15,
        bold=True,
    )
    for i, line in enumerate(lines):
        draw_label(
            line,
            left + 20,
            bottom + height - 56 - 22 * i,
            (235, 235, 235),
            13,
            font_name=("Courier New", "DejaVu Sans Mono", "monospace"),
        )


def draw_confirm(window: arcade.Window, question: str) -> None:
    width, height = 760, 120
    left, bottom = window.width / 2 - width / 2, window.height / 2 - height / 2
    arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, (0, 0, 0, 245))
    draw_label(
        question, window.width / 2, bottom + 74, (255, 210, 90), 18, anchor_x="center", bold=True
    )
    draw_label(
        "Y or Enter: yes      N or Esc: no",
        window.width / 2,
        bottom + 30,
        (220, 220, 220),
        15,
        anchor_x="center",
    )

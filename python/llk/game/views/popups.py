"""Combo pop-ups: a few words that rise from just above where a pair went, and fade, drawn in
screen coordinates over the board (the HUD's camera), so zoom and pan never move them. A
pop-up keeps off the linked pair and its path: it starts above the highest point of both (or
below the lowest, when the top of the board area is too near), and moves away from them."""

from __future__ import annotations

from dataclasses import dataclass

import arcade

from ..i18n import _
from ..model.score import COMBO_BONUS, COMBO_CAP, POINTS_PER_PAIR
from .text import Box, note, with_font_for

POPUP_SECONDS = 0.9
RISE_PX = 60  # how far a pop-up moves over its life (design pixels)
SIZE = 22  # points, at the design size
KEPT = 8  # a burst of pairs never piles up more than this


@dataclass
class Popup:
    label: arcade.Text
    x: float
    y: float
    rise: float  # + up, - down: away from the path
    age: float = 0.0


def combo_text(combo: int) -> str:
    """What a pair of combo step `combo` (1 and up) says: the step and the points it made."""
    points = POINTS_PER_PAIR + COMBO_BONUS * min(combo, COMBO_CAP)
    return _("Combo x{combo}  +{points}").format(combo=combo, points=points)


class Popups:
    def __init__(self, colour: tuple[int, int, int]) -> None:
        self.colour = colour
        self.shown: list[Popup] = []

    def add(self, text: str, clear_of: Box, room: Box, scale: float = 1.0) -> None:
        """A pop-up saying `text`, clear of `clear_of` (the pair and its path, screen pixels:
        left, bottom, right, top), within `room` (the board's part of the window): above the
        path where it fits, else below it, else beside it, moving away from it."""
        style = with_font_for(text, {"anchor_x": "center", "anchor_y": "center", "bold": True})
        label = arcade.Text(text, 0, 0, self.colour, SIZE * scale, **style)
        left, bottom, right, top = clear_of
        r_left, r_bottom, r_right, r_top = room
        half_h = label.content_height / 2 + 4 * scale
        half_w = label.content_width / 2 + 10 * scale
        gap, rise = 10 * scale, RISE_PX * scale
        x = min(max((left + right) / 2, r_left + half_w), r_right - half_w)
        if top + gap + 2 * half_h + rise <= r_top:
            popup = Popup(label, x, top + gap + half_h, rise)
        elif bottom - gap - 2 * half_h - rise >= r_bottom:
            popup = Popup(label, x, bottom - gap - half_h, -rise)
        else:  # a path from the top of the board to its foot: beside it, where there is room
            room_right = r_right - right > left - r_left
            side = right + gap + half_w if room_right else left - gap - half_w
            side = min(max(side, r_left + half_w), r_right - half_w)
            y = min(max((bottom + top) / 2, r_bottom + half_h), r_top - half_h - rise)
            popup = Popup(label, side, y, rise)
        self.shown.append(popup)
        del self.shown[:-KEPT]

    def update(self, dt: float) -> None:
        for popup in self.shown:
            popup.age += dt
        self.shown = [p for p in self.shown if p.age < POPUP_SECONDS]

    def draw(self) -> None:
        for popup in self.shown:
            t = popup.age / POPUP_SECONDS
            label = popup.label
            label.position = (popup.x, popup.y + popup.rise * t)
            alpha = int(255 * (1 - t * t))
            label.color = (*self.colour, alpha)
            w, h = label.content_width / 2 + 10, label.content_height / 2 + 4
            x, y = label.position[0], label.position[1]
            arcade.draw_lrbt_rectangle_filled(x - w, x + w, y - h, y + h, (0, 0, 0, alpha * 2 // 3))
            label.draw()
            note(label)

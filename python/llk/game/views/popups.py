"""Combo pop-ups: a few words that rise from where a pair went and fade, drawn in screen
coordinates over the board (the HUD's camera), so zoom and pan never move them."""

from __future__ import annotations

from dataclasses import dataclass

import arcade

from ..model.score import COMBO_BONUS, COMBO_CAP, POINTS_PER_PAIR

POPUP_SECONDS = 0.9
RISE_PX = 60  # how far a pop-up rises over its life
KEPT = 8  # a burst of pairs never piles up more than this


@dataclass
class Popup:
    label: arcade.Text
    x: float
    y: float
    age: float = 0.0


def combo_text(combo: int) -> str:
    """What a pair of combo step `combo` (1 and up) says: the step and the points it made."""
    return f"Combo x{combo}  +{POINTS_PER_PAIR + COMBO_BONUS * min(combo, COMBO_CAP)}"


class Popups:
    def __init__(self, colour: tuple[int, int, int]) -> None:
        self.colour = colour
        self.shown: list[Popup] = []

    def add(self, text: str, x: float, y: float) -> None:
        size = 22
        label = arcade.Text(
            text, x, y, self.colour, size, anchor_x="center", anchor_y="center", bold=True
        )
        self.shown.append(Popup(label, x, y))
        del self.shown[:-KEPT]

    def update(self, dt: float) -> None:
        for popup in self.shown:
            popup.age += dt
        self.shown = [p for p in self.shown if p.age < POPUP_SECONDS]

    def draw(self) -> None:
        for popup in self.shown:
            t = popup.age / POPUP_SECONDS
            label = popup.label
            label.position = (popup.x, popup.y + RISE_PX * t)
            alpha = int(255 * (1 - t * t))
            label.color = (*self.colour, alpha)
            w, h = label.content_width / 2 + 10, label.content_height / 2 + 4
            x, y = label.position[0], label.position[1]
            arcade.draw_lrbt_rectangle_filled(x - w, x + w, y - h, y + h, (0, 0, 0, alpha * 2 // 3))
            label.draw()

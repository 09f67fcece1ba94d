"""Combo pop-ups: a few words that rise from just beside where a pair went, and fade, drawn in
screen coordinates over the board (the HUD's camera), so zoom and pan never move them. A
pop-up keeps off the linked pair and its path (above the highest point of both, below the
lowest, or beside them), and of those places takes the one that passes over the fewest tiles:
the player is busy with them. It has no box, only its letters ringed in dark to read on any
tile: a box hid every tile it passed over for most of a second."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import arcade

from ..i18n import _
from ..model.motion import FULL_MOTION, Motion
from ..model.score import COMBO_BONUS, COMBO_CAP, POINTS_PER_PAIR
from .text import Box, note, text_scale, with_font_for

POPUP_SECONDS = 0.9
RISE_PX = 60  # how far a pop-up moves over its life (design pixels)
SIZE = 22  # points, at the design size
KEPT = 8  # a burst of pairs never piles up more than this
SHADOW = (20, 16, 10)  # the dark round the letters
RING = ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, 1), (-1, 1), (1, -1))  # its offsets
Place = tuple[float, float, float]  # x, y, rise


@dataclass
class Popup:
    label: arcade.Text
    shadow: arcade.Text  # the same words in dark, drawn round the label
    x: float
    y: float
    rise: float  # + up, - down: away from the path
    age: float = 0.0

    def swept(self) -> Box:
        """The screen box its words pass over in their life: left, bottom, right, top."""
        half_w, half_h = self.label.content_width / 2, self.label.content_height / 2
        low, high = min(self.y, self.y + self.rise), max(self.y, self.y + self.rise)
        return self.x - half_w, low - half_h, self.x + half_w, high + half_h


def combo_text(combo: int) -> str:
    """What a pair of combo step `combo` (1 and up) says: the step and the points it made."""
    points = POINTS_PER_PAIR + COMBO_BONUS * min(combo, COMBO_CAP)
    return _("Combo x{combo}  +{points}").format(combo=combo, points=points)


class Popups:
    def __init__(self, colour: tuple[int, int, int], motion: Motion = FULL_MOTION) -> None:
        self.colour, self.motion = colour, motion  # reduced motion: still and whole, then gone
        self.shown: list[Popup] = []

    def add(
        self,
        text: str,
        clear_of: Box,
        room: Box,
        scale: float = 1.0,
        tiles_under: Callable[[Box], int] = lambda box: 0,
    ) -> None:
        """A pop-up saying `text`, clear of `clear_of` (the pair and its path, screen pixels:
        left, bottom, right, top), within `room` (the board's part of the window), moving away
        from it: of the places above, below and beside it that fit, the first that passes over
        the fewest tiles (`tiles_under` counts them in a screen box)."""
        style = with_font_for(text, {"anchor_x": "center", "anchor_y": "center", "bold": True})
        size = SIZE * scale * text_scale()
        label = arcade.Text(text, 0, 0, self.colour, size, **style)
        shadow = arcade.Text(text, 0, 0, SHADOW, size, **style)
        places = _places(label, clear_of, room, scale)
        x, y, rise = min(places, key=lambda p: tiles_under(Popup(label, shadow, *p).swept()))
        self.shown.append(Popup(label, shadow, x, y, rise))
        del self.shown[:-KEPT]

    def update(self, dt: float) -> None:
        for popup in self.shown:
            popup.age += dt
        self.shown = [p for p in self.shown if p.age < POPUP_SECONDS]

    def draw(self) -> None:
        for popup in self.shown:
            t = popup.age / POPUP_SECONDS
            alpha = int(255 * self.motion.opacity(1 - t * t))
            x, y = popup.x, popup.y + popup.rise * self.motion.risen(t)
            popup.shadow.color = (*SHADOW, alpha * 3 // 4)
            for dx, dy in RING:
                popup.shadow.position = (x + dx, y + dy)
                popup.shadow.draw()
            label = popup.label
            label.position = (x, y)
            label.color = (*self.colour, alpha)
            label.draw()
            note(label)


def _places(label: arcade.Text, clear_of: Box, room: Box, scale: float) -> list[Place]:
    """Where a pop-up may start, in the order of preference, (x, y, rise): above the path
    where it fits, below it, beside it where there is room (the first of these always)."""
    left, bottom, right, top = clear_of
    r_left, r_bottom, r_right, r_top = room
    half_h = label.content_height / 2 + 4 * scale
    half_w = label.content_width / 2 + 10 * scale
    gap, rise = 10 * scale, RISE_PX * scale
    x = min(max((left + right) / 2, r_left + half_w), r_right - half_w)
    places = []
    if top + gap + 2 * half_h + rise <= r_top:
        places.append((x, top + gap + half_h, rise))
    if bottom - gap - 2 * half_h - rise >= r_bottom:
        places.append((x, bottom - gap - half_h, -rise))
    # Beside it (a path from the top of the board to its foot has no other place).
    y = min(max((bottom + top) / 2, r_bottom + half_h), r_top - half_h - rise)
    on_the_right = right + gap + half_w
    on_the_left = left - gap - half_w
    sides = [on_the_right, on_the_left]
    if r_right - right <= left - r_left:
        sides.reverse()  # the side with more room first
    fit = [side for side in sides if r_left + half_w <= side <= r_right - half_w]
    places += [(side, y, rise) for side in fit]
    if not places:
        side = min(max(sides[0], r_left + half_w), r_right - half_w)
        places.append((side, y, rise))
    return places

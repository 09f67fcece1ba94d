"""Combo pop-ups: a few words that rise from just beside where a pair went, and fade, drawn in
screen coordinates over the board (the HUD's camera), so zoom and pan never move them. A
pop-up keeps off the linked pair and its path (above the highest point of both, below the
lowest, or beside them), and of those places takes the one that passes over the fewest tiles:
the player is busy with them. It has no box, only its letters ringed in dark to read on any
tile: a box hid every tile it passed over for most of a second.

All the pop-ups' texts are in two pyglet batches, their dark rings in one and their letters in
the other: a frame draws the rings' batch once per offset of the ring (the view moved by it) and
the letters' once, nine draws however many pop-ups there are (each text drawn on its own was
nine draws a pop-up). A text is laid out once, when its pop-up comes; a frame only moves and
fades it."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import arcade
import pyglet
from pyglet.math import Mat4, Vec3

from ..i18n import _
from ..model.motion import FULL_MOTION, Motion
from ..model.score import COMBO_BONUS, COMBO_CAP, POINTS_PER_PAIR
from .text import Box, note, text_scale, with_font_for

POPUP_SECONDS = 0.9
RISE_PX = 60  # how far a pop-up moves over its life (design pixels)
SIZE = 22  # points, at the design size
# A burst of pairs never piles up more than this: nobody reads eight pop-ups at once, the newest
# say what the older ones did, and each one kept is laid out, moved and faded every frame (a
# pair linked every frame, at 60 frames a second, would pile up 54 of them).
KEPT = 8
SHADOW = (20, 16, 10)  # the dark round the letters
SPARE = 16  # texts of gone pop-ups kept for their words' next time
PARKED = (-10_000, -10_000)  # where a spare text waits: off every screen (drawn, no pixel)
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
        self.rings = pyglet.graphics.Batch()  # every pop-up's shadow, drawn once per RING
        self.letters = pyglet.graphics.Batch()  # every pop-up's label, over them
        # The texts of gone pop-ups, by their words and size, parked off the screen in the
        # batches, for the next pop-up that says the same (a chain's first steps come back).
        self.spare: OrderedDict[tuple[str, float], tuple[arcade.Text, arcade.Text]] = OrderedDict()

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
        label, shadow = self._texts(text, SIZE * scale * text_scale())
        places = _places(label, clear_of, room, scale)
        x, y, rise = min(places, key=lambda p: tiles_under(Popup(label, shadow, *p).swept()))
        self.shown.append(Popup(label, shadow, x, y, rise))
        self._keep(self.shown[-KEPT:])

    def _texts(self, text: str, size: float) -> tuple[arcade.Text, arcade.Text]:
        """The label and shadow saying `text`: a gone pop-up's where one said it, else new
        (laid out: a millisecond or more each)."""
        spare = self.spare.pop((text, size), None)
        if spare is not None:
            return spare
        style = with_font_for(text, {"anchor_x": "center", "anchor_y": "center", "bold": True})
        label = arcade.Text(text, 0, 0, self.colour, size, batch=self.letters, **style)
        shadow = arcade.Text(text, 0, 0, SHADOW, size, batch=self.rings, **style)
        return label, shadow

    def update(self, dt: float) -> None:
        for popup in self.shown:
            popup.age += dt
        self._keep([p for p in self.shown if p.age < POPUP_SECONDS])

    def _keep(self, kept: list[Popup]) -> None:
        """Only `kept` shown from now: the others' texts are parked as spares, the oldest
        spares leave the batches."""
        staying = {id(popup) for popup in kept}
        for popup in self.shown:
            if id(popup) not in staying:
                for text in (popup.label, popup.shadow):
                    text.position = PARKED
                key = (popup.label.text, popup.label.font_size)
                _delete(self.spare.pop(key, ()))  # the same words twice: one kept
                self.spare[key] = (popup.label, popup.shadow)
        while len(self.spare) > SPARE:
            _delete(self.spare.popitem(last=False)[1])
        self.shown = kept

    def draw(self) -> None:
        """Every pop-up, in the camera active now (the HUD's: screen pixels)."""
        if not self.shown:
            return
        for popup in self.shown:
            t = popup.age / POPUP_SECONDS
            alpha = int(255 * self.motion.opacity(1 - t * t))
            x, y = popup.x, popup.y + popup.rise * self.motion.risen(t)
            _set(popup.shadow, (x, y), (*SHADOW, alpha * 3 // 4))
            _set(popup.label, (x, y), (*self.colour, alpha))
        ctx = arcade.get_window().ctx
        view = ctx.view_matrix
        try:
            for dx, dy in RING:
                ctx.view_matrix = view @ Mat4.from_translation(Vec3(dx, dy, 0))
                self.rings.draw()
        finally:
            ctx.view_matrix = view
        self.letters.draw()
        for popup in self.shown:
            note(popup.label)


def _delete(texts: tuple[arcade.Text, ...]) -> None:
    """Takes `texts` out of their batch (pyglet keeps a text's vertices there until then)."""
    for text in texts:
        text.label.delete()


def _set(
    text: arcade.Text, position: tuple[float, float], colour: tuple[int, int, int, int]
) -> None:
    """Moves and colours `text` where that changes anything (each is a pass over its vertices;
    a pop-up standing still, reduced motion, changes neither)."""
    if text.position != position:
        text.position = position
    if tuple(text.label.color) != colour:
        text.color = colour


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

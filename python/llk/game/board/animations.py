"""The board view's animations: each a small object that `update(dt)` moves on and that says
when it is done; `finish()` jumps to its end (a new move, an undo). None of them touches the
board: the tile layer already shows the engine's board, and an animation only draws a tile
away from its cell, or a fading copy of one, for a moment.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import arcade

from ..model.motion import FULL_MOTION, Motion
from .tile_layer import Slides, TileLayer


class Animation(Protocol):
    def update(self, dt: float) -> bool:
        """Moves on by `dt` seconds; True once done (and then ended)."""
        ...

    def finish(self) -> None:
        """Ends at once, leaving what the end leaves."""
        ...


class Fade:
    """A removed pair's copies (`ghosts`) fade out, after `delay` seconds (a slide link's
    push) in which they stay; at the end they are cleared. With motion reduced they stay whole
    for the fade's time instead."""

    def __init__(
        self,
        ghosts: arcade.SpriteList[arcade.Sprite],
        seconds: float,
        delay: float = 0.0,
        motion: Motion = FULL_MOTION,
    ) -> None:
        self.ghosts, self.seconds, self.left, self.delay = ghosts, seconds, seconds, delay
        self.motion = motion

    def update(self, dt: float) -> bool:
        if self.delay > 0:  # what of `dt` is left after the delay fades
            self.delay, dt = max(0.0, self.delay - dt), max(0.0, dt - self.delay)
            if self.delay > 0:
                return False
        self.left = max(0.0, self.left - dt)
        alpha = int(255 * self.motion.opacity(self.left / self.seconds))
        for ghost in self.ghosts:
            ghost.alpha = alpha
        if self.left == 0:
            self.ghosts.clear()
        return self.left == 0

    def finish(self) -> None:
        self.left = 0.0
        self.ghosts.clear()


class Slide:
    """Tiles slide under gravity from where they were to their cells, easing out, after
    `delay` seconds (the pair's fade) in which they stay where they were. Before all that, for
    `push_seconds`, the tiles a slide link pushes (`pushes`, by the cell each ends in: from
    where it stood to where the push leaves it, the start of its slide in `slides`) move."""

    def __init__(
        self,
        tiles: TileLayer,
        slides: Slides,
        delay: float,
        seconds: float,
        pushes: Slides | None = None,
        push_seconds: float = 0.0,
    ) -> None:
        self.tiles, self.slides, self.pushes = tiles, slides, pushes or {}
        self.delay, self.seconds, self.done = delay, seconds, 0.0
        self.push_seconds, self.pushed = push_seconds, 0.0 if self.pushes else 1.0
        starts = {cell: self.pushes.get(cell, ends)[0] for cell, ends in slides.items()}
        tiles.begin_slides({cell: (start, slides[cell][1]) for cell, start in starts.items()})

    def update(self, dt: float) -> bool:
        if self.pushed < 1.0:  # each phase hands what is left of `dt` to the next
            left = (1.0 - self.pushed) * self.push_seconds
            if dt >= left:
                self.pushed, dt = 1.0, dt - left
            else:
                self.pushed, dt = self.pushed + dt / self.push_seconds, 0.0
            for cell, ((x0, y0), (x1, y1)) in self.pushes.items():
                t = self.pushed
                self.tiles.move_slide(cell, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
            if self.pushed < 1.0:
                return False
        if self.delay > 0:
            self.delay, dt = max(0.0, self.delay - dt), max(0.0, dt - self.delay)
            if self.delay > 0:
                return False
        # No time (motion reduced): the tiles jump to their cells.
        self.done = min(1.0, self.done + dt / self.seconds) if self.seconds > 0 else 1.0
        t = 1 - (1 - self.done) ** 2  # ease out
        for cell, ((x0, y0), (x1, y1)) in self.slides.items():
            self.tiles.move_slide(cell, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
        if self.done >= 1.0:
            self.tiles.end_slides()
            return True
        return False

    def finish(self) -> None:
        self.tiles.end_slides()


class FadeIn:
    """After a re-deal (a shuffle) every tile fades in."""

    def __init__(self, tiles: TileLayer, seconds: float) -> None:
        self.tiles, self.seconds, self.left = tiles, seconds, seconds
        tiles.alpha = 0.0

    def update(self, dt: float) -> bool:
        self.left = max(0.0, self.left - dt)
        self.tiles.alpha = 1 - self.left / self.seconds
        return self.left == 0

    def finish(self) -> None:
        self.left = 0.0
        self.tiles.alpha = 1.0


class Linger:
    """An overlay (a drawn path, a hint) stays `seconds`, then `end` takes it away."""

    def __init__(self, seconds: float, end: Callable[[], None]) -> None:
        self.left, self.end = seconds, end

    def update(self, dt: float) -> bool:
        self.left = max(0.0, self.left - dt)
        if self.left == 0:
            self.end()
        return self.left == 0

    def finish(self) -> None:
        self.left = 0.0
        self.end()

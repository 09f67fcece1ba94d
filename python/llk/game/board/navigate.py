"""Finding one's way on a big board: hints near the view, one ring further out at each press,
and the camera's glide to a spot off the screen.

The engine answers "which pairs are nearest this cell" (`Board.hints_near`); this module keeps
what the play screen needs between two presses of H: the cell the hints were asked about and
how far down the list the player has gone. A hint that is off the screen brings the camera to
it with a short glide (an animation object, `update(dt) -> done`) instead of a jump, so the
player sees which way it went.
"""

from __future__ import annotations

from arcade.camera import Camera2D

import llk

Cell = tuple[int, int]
Pair = tuple[Cell, Cell]

GLIDE_SECONDS = 0.45


class HintsOutward:
    """The hints shown since the last paid one: the cell they are near and the pairs shown.
    The next one outward is the first pair of `hints_near` not shown yet (the paid hint may
    be a safe one the solver chose, not the nearest)."""

    def __init__(self) -> None:
        self.near: Cell | None = None
        self.shown: list[Pair] = []
        self.version: int | None = None

    def start(self, near: Cell, version: int, shown: Pair) -> None:
        self.near, self.shown, self.version = near, [shown], version

    def move_to(self, near: Cell) -> None:
        """The player looks elsewhere now (panned away from the hint): the walk outward goes
        on from `near`, the pairs already shown left out."""
        self.near = near

    def next(self, board: llk.Board, version: int) -> Pair | None:
        """The next pair outward from where the last paid hint was asked, or None when the
        board changed since (a new hint is due) or there is none further out."""
        if self.near is None or version != self.version:
            return None
        pairs = board.hints_near(self.near, len(self.shown) + 1)
        fresh = [p for p in pairs if p not in self.shown]
        if not fresh:
            return None
        self.shown.append(fresh[0])
        return fresh[0]


class Glide:
    """Moves a camera to `target` (world units) along a smooth curve."""

    def __init__(self, camera: Camera2D, target: tuple[float, float], seconds: float) -> None:
        self.camera = camera
        self.start = tuple(camera.position)
        self.target = target
        self.seconds = max(seconds, 1e-6)
        self.t = 0.0

    def update(self, dt: float) -> bool:
        self.t = min(self.seconds, self.t + dt)
        s = self.t / self.seconds
        s = s * s * (3 - 2 * s)  # eased at both ends
        (x0, y0), (x1, y1) = self.start, self.target
        self.camera.position = (x0 + (x1 - x0) * s, y0 + (y1 - y0) * s)
        return self.t >= self.seconds

    def finish(self) -> None:
        self.update(self.seconds)

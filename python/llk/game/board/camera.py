"""The board's geometry and camera: where each cell is in the world and on the screen, and the
camera's moves (fit, zoom at the pointer, pan, keep the cursor in view, glide to a hint).

World coordinates: cell (row, col) is centred at ((col + 1.5) * TILE_W, (rows - row + 0.5) *
TILE_H); rows -1 and `rows` and columns -1 and `cols` are the outer ring, also on screen. The
HUD covers the window's top `hud_height` pixels: "the view" is what is below it.
"""

from __future__ import annotations

import math

from arcade.camera import Camera2D

from ..model.motion import FULL_MOTION
from .navigate import GLIDE_SECONDS, Glide
from .theme import TILE_H, TILE_W

Cell = tuple[int, int]
Point = tuple[float, float]

VIEW_MARGIN = 0.5  # tiles kept between the cursor and the edge of the view
MIN_ZOOM, MAX_ZOOM = 0.005, 4.0  # 0.005: a 1000x1000 board fits a window with room to spare


class BoardCamera:
    def __init__(self, rows: int, cols: int, hud_height: float = 0) -> None:
        self.rows, self.cols = rows, cols
        self.hud_height = hud_height
        self.camera = Camera2D()
        self.speed = 1.0  # the animation speed of the settings: glides are this much faster
        self.glide: Glide | None = None
        self.motion = FULL_MOTION  # the settings' reduced motion: glides are jumps

    # Geometry.

    def x(self, col: float) -> float:
        return (col + 1.5) * TILE_W

    def y(self, row: float) -> float:
        return (self.rows - row + 0.5) * TILE_H

    def centre_of(self, cell: Cell) -> tuple[float, float]:
        return self.x(cell[1]), self.y(cell[0])

    @property
    def world_size(self) -> tuple[float, float]:
        return (self.cols + 2) * TILE_W, (self.rows + 2) * TILE_H

    def cell_at_world(self, wx: float, wy: float) -> Cell | None:
        col = math.floor(wx / TILE_W) - 1
        row = self.rows - math.floor(wy / TILE_H)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def cell_at_screen(self, sx: float, sy: float) -> Cell | None:
        world = self.camera.unproject((sx, sy))
        return self.cell_at_world(world[0], world[1])

    def screen_of(self, cell: Cell) -> tuple[float, float]:
        """Where a cell's centre is on the screen (the tests click there)."""
        point = self.camera.project((self.x(cell[1]), self.y(cell[0])))
        return point[0], point[1]

    def visible_world(self) -> tuple[float, float, float, float]:
        """The part of the world the player sees (below the HUD): left, bottom, right, top."""
        width, height = self.camera.viewport_width, self.camera.viewport_height
        left, bottom = self.camera.unproject((0, 0))[:2]
        right, top = self.camera.unproject((width, height - self.hud_height))[:2]
        return left, bottom, right, top

    def view_centre(self) -> tuple[float, float]:
        """The middle of what the player sees, in cells (row, col), fractional."""
        left, bottom, right, top = self.visible_world()
        wx, wy = (left + right) / 2, (bottom + top) / 2
        return self.rows + 0.5 - wy / TILE_H, wx / TILE_W - 1.5

    def cell_near_centre(self) -> Cell:
        row, col = self.view_centre()
        return (min(max(round(row), 0), self.rows - 1), min(max(round(col), 0), self.cols - 1))

    def in_view(self, cell: Cell, margin: float = 0.0) -> bool:
        left, bottom, right, top = self.visible_world()
        x, y = self.centre_of(cell)
        mx, my = (0.5 + margin) * TILE_W, (0.5 + margin) * TILE_H
        return left + mx <= x <= right - mx and bottom + my <= y <= top - my

    def keep_in_view(self, cell: Cell) -> None:
        """Pans the least that brings `cell` (the keyboard cursor) into view, margin included."""
        if self.in_view(cell, VIEW_MARGIN):
            return
        left, bottom, right, top = self.visible_world()
        x, y = self.centre_of(cell)
        mx, my = (0.5 + VIEW_MARGIN) * TILE_W, (0.5 + VIEW_MARGIN) * TILE_H
        px, py = self.camera.position
        if right - left > 2 * mx:
            px += min(0.0, x - mx - left) + max(0.0, x + mx - right)
        else:
            px += x - (left + right) / 2
        if top - bottom > 2 * my:
            py += min(0.0, y - my - bottom) + max(0.0, y + my - top)
        else:
            py += y - (bottom + top) / 2
        self.camera.position = (px, py)

    def bring_into_view(self, cells: tuple[Cell, ...]) -> None:
        """Centres the view on `cells` (a hint) when one of them is off-screen, gliding."""
        if all(self.in_view(cell) for cell in cells):
            return
        xs, ys = zip(*(self.centre_of(cell) for cell in cells), strict=True)
        left, bottom, right, top = self.visible_world()
        px, py = self.camera.position
        # The view's middle is above the camera's centre by half the HUD.
        dx = (min(xs) + max(xs)) / 2 - (left + right) / 2
        dy = (min(ys) + max(ys)) / 2 - (bottom + top) / 2
        # A glide, not a jump, so that the player sees which way the hint is.
        self._move_to((px + dx, py + dy), glide=True)

    # The camera.

    def fit(self) -> None:
        """Zooms so that the whole board with its ring fits below the HUD, centred."""
        self.camera.match_window()
        width, height = self.camera.viewport_width, self.camera.viewport_height
        world_w, world_h = self.world_size
        zoom = min(width / world_w, (height - self.hud_height) / world_h)
        self.camera.zoom = max(MIN_ZOOM, min(MAX_ZOOM, zoom))
        self.camera.position = (world_w / 2, world_h / 2 + self.hud_height / 2 / self.camera.zoom)

    def follow_window(self, hud_height: float) -> None:
        """After the window's size (or the HUD's) changed: the camera fills the window again,
        the middle of what the player sees and the zoom as they were."""
        left, bottom, right, top = self.visible_world()
        self.hud_height = hud_height
        self.camera.match_window()
        self.look_at(((left + right) / 2, (bottom + top) / 2), glide=False)

    def zoom_at(self, sx: float, sy: float, factor: float) -> None:
        """Zooms by `factor`, keeping the world point under (sx, sy) where it is."""
        self.glide = None  # the player steers now
        before = self.camera.unproject((sx, sy))
        self.camera.zoom = max(MIN_ZOOM, min(MAX_ZOOM, self.camera.zoom * factor))
        after = self.camera.unproject((sx, sy))
        px, py = self.camera.position
        self.camera.position = (px + before[0] - after[0], py + before[1] - after[1])

    @property
    def tile_pixels(self) -> float:
        """How wide a tile is on the screen now."""
        return TILE_W * self.camera.zoom

    def look_at(self, world: Point, glide: bool = True) -> None:
        """Centres the view (below the HUD) on a world point: a short glide, or at once."""
        self._move_to((world[0], world[1] + self.hud_height / 2 / self.camera.zoom), glide)

    def _move_to(self, target: Point, glide: bool) -> None:
        """The camera to `target`: a glide, or at once (asked so, or with motion reduced)."""
        seconds = self.motion.seconds(GLIDE_SECONDS / self.speed) if glide else 0.0
        if seconds > 0:
            self.glide = Glide(self.camera, target, seconds)
        else:
            self.glide = None
            self.camera.position = target

    def pan(self, dx_screen: float, dy_screen: float) -> None:
        """Moves the board by a screen distance (a drag moves it with the pointer)."""
        self.glide = None
        px, py = self.camera.position
        zoom = self.camera.zoom
        self.camera.position = (px - dx_screen / zoom, py - dy_screen / zoom)

"""Draws the board: a tile layer (the grid renderer, or one sprite per cell), its own
Camera2D, and the overlays (selection, cursor, hint, path) drawn on top.

The tile layer always shows the engine's board as it is now: the view hands it the cells each
outcome of the game model changed, and no others. The animations (animations.py) only move
tiles away from their cells for a moment (a slide) or draw a fading copy of a removed pair on a
second, tiny SpriteList. So a click during an animation already meets the real board.

Two tile layers draw the same picture, behind one Protocol (tile_layer.py): `GridTiles`
(grid_tiles.py: one shader over a texture of the kinds, the same cost for any board size) and
`SpriteTiles` (sprite_tiles.py: a sprite per cell, for boards up to SPRITE_MAX_CELLS).
`renderer="auto"` picks sprites for small boards (up to AUTO_SPRITES_MAX cells), the grid
renderer for the rest.

World coordinates: cell (row, col) is centred at ((col + 1.5) * TILE_W, (rows - row + 0.5) *
TILE_H); rows -1 and `rows` and columns -1 and `cols` are the outer ring, also on screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import arcade
import numpy as np
from arcade.camera import Camera2D

import llk

from .animations import Animation, Fade, FadeIn, Linger, Slide
from .grid_tiles import GridTiles
from .model import Cells, Linked
from .navigate import GLIDE_SECONDS, Glide
from .sprite_tiles import SPRITE_MAX_CELLS, SpriteTiles
from .theme import TILE_H, TILE_W, Theme
from .tile_layer import TileLayer

Cell = tuple[int, int]
Point = tuple[float, float]

RENDERERS = ("auto", "grid", "sprites")
AUTO_SPRITES_MAX = 1000  # cells: KShisen's boards (30x16 and smaller) and the shapes up to 14x14
FADE_SECONDS = 0.3
SLIDE_SECONDS = 0.18
SHUFFLE_SECONDS = 0.45
PATH_LINGER = 0.15  # the path stays a little after the pair has faded
HINT_SECONDS = 3.0
# Markers (selection, hint, cursor, the right click's kind) are never drawn smaller than this
# many screen pixels across, so that they show at every zoom (a 100x100 board fits the window
# at zoom 0.096, where a tile is six pixels wide).
MIN_MARKER = 14
HIGHLIGHT_MARKERS_MAX = 50_000  # beyond this many on screen the kind's own tint has to do
VIEW_MARGIN = 0.5  # tiles kept between the cursor and the edge of the view
MIN_ZOOM, MAX_ZOOM = 0.005, 4.0  # 0.005: a 1000x1000 board fits a window with room to spare


def make_tiles(
    renderer: str, rows: int, cols: int, theme: Theme, centre_of: Callable[[Cell], Point]
) -> TileLayer:
    """The tile layer `renderer` names. "auto": sprites up to AUTO_SPRITES_MAX cells (there
    they are as fast, and faster while zooming: `llk bench --frames --renderers grid,sprites`),
    the grid renderer above, and sprites again for a board wider or taller than the GPU's
    largest texture when it is small enough."""
    if renderer not in RENDERERS:
        raise ValueError(f"renderer must be one of {', '.join(RENDERERS)}, not {renderer!r}")
    if renderer == "sprites" or (renderer == "auto" and rows * cols <= AUTO_SPRITES_MAX):
        return SpriteTiles(rows, cols, theme, centre_of)
    largest = arcade.get_window().ctx.info.MAX_TEXTURE_SIZE
    if max(rows, cols) > largest:
        if renderer == "auto" and rows * cols <= SPRITE_MAX_CELLS:
            return SpriteTiles(rows, cols, theme, centre_of)
        raise llk.BoardError(
            f"a {rows}x{cols} board cannot be drawn: this GPU's textures hold at most "
            f"{largest} cells a side (and sprites {SPRITE_MAX_CELLS} cells in all)"
        )
    return GridTiles(rows, cols, theme, centre_of)


class BoardView:
    def __init__(
        self,
        board: llk.Board,
        theme: Theme,
        hud_height: float = 0,
        renderer: str = "auto",
    ) -> None:
        self.theme = theme
        self.hud_height = hud_height
        self.camera = Camera2D()
        self.screen_camera = Camera2D()  # the markers are drawn in screen pixels
        self.rows, self.cols = board.rows, board.cols
        self.tiles: TileLayer = make_tiles(renderer, self.rows, self.cols, theme, self.centre_of)
        self.renderer = "sprites" if isinstance(self.tiles, SpriteTiles) else "grid"
        self.fading = arcade.SpriteList()
        self.speed = 1.0
        # Overlays; the selection is the game model's, handed to `draw`.
        self.cursor: Cell | None = None
        self.hint: tuple[Cell, Cell] | None = None
        self.hint_path: llk.Path | None = None
        self.hint_linger: Linger | None = None
        self.path: llk.Path | None = None
        self.path_linger: Linger | None = None
        self.moving: list[Animation] = []
        self.glide: Glide | None = None
        self.sync(board.grid)
        self.fit()

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
        self.glide = Glide(self.camera, (px + dx, py + dy), GLIDE_SECONDS / self.speed)

    # The camera.

    def fit(self) -> None:
        """Zooms so that the whole board with its ring fits below the HUD, centred."""
        self.camera.match_window()
        width, height = self.camera.viewport_width, self.camera.viewport_height
        world_w, world_h = self.world_size
        zoom = min(width / world_w, (height - self.hud_height) / world_h)
        self.camera.zoom = max(MIN_ZOOM, min(MAX_ZOOM, zoom))
        self.camera.position = (world_w / 2, world_h / 2 + self.hud_height / 2 / self.camera.zoom)

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
        target = (world[0], world[1] + self.hud_height / 2 / self.camera.zoom)
        if glide:
            self.glide = Glide(self.camera, target, GLIDE_SECONDS / self.speed)
        else:
            self.glide = None
            self.camera.position = target

    def pan(self, dx_screen: float, dy_screen: float) -> None:
        """Moves the board by a screen distance (a drag moves it with the pointer)."""
        self.glide = None
        px, py = self.camera.position
        zoom = self.camera.zoom
        self.camera.position = (px - dx_screen / zoom, py - dy_screen / zoom)

    # Keeping the tiles in step with the board.

    @property
    def shown(self) -> np.ndarray:
        """The kinds the tile layer shows (the engine's board after the last sync)."""
        return self.tiles.shown

    def sync(self, grid: np.ndarray) -> None:
        """Shows `grid`, touching only the cells that changed since the last sync (a diff over
        the whole board: for the start, not for moves)."""
        self.tiles.sync(grid)

    def show_cells(self, cells: Cells) -> None:
        """Shows the kinds of the cells an outcome changed and no others: a move costs the
        cells it changed."""
        self.tiles.show(cells)

    def drawn_at(self, cell: Cell) -> tuple[float, float] | None:
        """Where the tile of `cell` is drawn now (world units; away from the cell's centre
        while it slides), None when the cell shows no tile."""
        return self.tiles.drawn_at(cell)

    def retexture(self) -> None:
        """After a change of tile set or palette: every tile again."""
        self.tiles.retexture()

    @property
    def highlight_kind(self) -> int | None:
        return self.tiles.highlight_kind

    def set_highlight_kind(self, kind: int | None) -> None:
        """Tints every tile of `kind` (KShisen's right click); None clears it."""
        self.tiles.set_highlight_kind(kind)

    @property
    def paints_window(self) -> bool:
        """The grid renderer paints every pixel (background included): no clear needed."""
        return self.renderer == "grid"

    def release(self) -> None:
        self.tiles.release()

    # Animations: the pair's fade, the slides and the fade-in after a re-deal run in
    # `moving` (the tiles are on their way while any runs); the path and the hint linger.

    def show_removal(self, linked: Linked) -> None:
        """The pair at the path's ends fades out along the drawn path, then the slides run.
        Only the cells the removal changed are touched: the pair and the slides' ends."""
        self.finish_animations()
        path = linked.path
        for cell in (linked.a, linked.c):
            x, y = self.centre_of(cell)
            ghost = arcade.Sprite(self.theme.face(linked.kind), center_x=x, center_y=y)
            self.fading.append(ghost)
        duration = FADE_SECONDS / self.speed
        self.moving.append(Fade(self.fading, duration))
        self.path = path
        self.path_linger = Linger(duration + PATH_LINGER / self.speed, self._drop_path)
        self.show_cells(linked.cells)
        if path.slides:
            slides = {to: (self.centre_of(frm), self.centre_of(to)) for frm, to in path.slides}
            self.moving.append(Slide(self.tiles, slides, duration, SLIDE_SECONDS / self.speed))

    def show_rearrange(self, cells: Cells) -> None:
        """A re-deal (shuffle): the new board fades in."""
        self.finish_animations()
        self.show_cells(cells)
        self.moving.append(FadeIn(self.tiles, SHUFFLE_SECONDS / self.speed))

    def show_hint(self, pair: tuple[Cell, Cell], path: llk.Path | None) -> None:
        self.hint, self.hint_path = pair, path
        self.hint_linger = Linger(HINT_SECONDS, self._drop_hint)

    def _drop_path(self) -> None:
        self.path = self.path_linger = None

    def _drop_hint(self) -> None:
        self.hint = self.hint_path = self.hint_linger = None

    @property
    def animating(self) -> bool:
        return bool(self.moving)

    @property
    def sliding(self) -> set[Cell]:
        """The cells whose tiles are on their way to them."""
        return {cell for a in self.moving if isinstance(a, Slide) for cell in a.slides}

    def update(self, dt: float) -> None:
        self.moving = [a for a in self.moving if not a.update(dt)]
        if self.glide is not None and self.glide.update(dt):
            self.glide = None
        for linger in (self.path_linger, self.hint_linger):
            if linger is not None:
                linger.update(dt)

    def finish_animations(self) -> None:
        for animation in self.moving:
            animation.finish()
        self.moving = []

    def clear_overlays(self) -> None:
        self.path = self.path_linger = None
        self.hint = self.hint_path = self.hint_linger = None

    # Drawing.

    def draw(self, selected: Cell | None = None) -> None:
        palette = self.theme.palette
        with self.camera.activate():
            self.tiles.draw(self.camera)
            self.fading.draw()
            if self.hint is not None and self.hint_path is not None:
                self._draw_path(self.hint_path, palette.hint)
            if self.path is not None:
                self._draw_path(self.path, palette.path)
        self.screen_camera.match_window()
        with self.screen_camera.activate():
            if self.highlight_kind is not None and TILE_W * self.camera.zoom < MIN_MARKER:
                self._highlight_markers(self.highlight_kind, palette.kind_highlight)
            if self.hint is not None:
                for cell in self.hint:
                    self._outline(cell, palette.hint, 5)
            if selected is not None:
                self._outline(selected, palette.selection, 6, fill=True)
            if self.cursor is not None:
                self._outline(self.cursor, palette.cursor, 3)

    def _line_width(self, width: float) -> float:
        # Thick enough to see when zoomed far out: at least 3 screen pixels.
        return max(width, 3 / self.camera.zoom)

    def _marker_size(self) -> tuple[float, float]:
        zoom = self.camera.zoom
        return max(TILE_W * zoom, MIN_MARKER), max(TILE_H * zoom, MIN_MARKER * TILE_H / TILE_W)

    def _outline(
        self, cell: Cell, colour: tuple[int, int, int], width: float, fill: bool = False
    ) -> None:
        # In screen pixels: the tile's own box, or MIN_MARKER across when the tile is smaller.
        x, y = self.screen_of(cell)
        w, h = self._marker_size()
        left, bottom = x - w / 2, y - h / 2
        if fill:
            arcade.draw_lbwh_rectangle_filled(left, bottom, w, h, (*colour, 90))
        line = max(width * self.camera.zoom, 3.0)
        arcade.draw_lbwh_rectangle_outline(left, bottom, w, h, colour, line)

    def _highlight_markers(self, kind: int, colour: tuple[int, int, int]) -> None:
        """Far out the tint of a few pixels is lost: a dot of MIN_MARKER / 2 pixels on every
        tile of the kind that is on screen (cells off screen are not even looked at)."""
        left, bottom, right, top = self.visible_world()
        c0 = max(0, math.floor(left / TILE_W) - 1)
        c1 = min(self.cols, math.ceil(right / TILE_W))
        r0 = max(0, self.rows - math.ceil(top / TILE_H))
        r1 = min(self.rows, self.rows - math.floor(bottom / TILE_H) + 1)
        if r0 >= r1 or c0 >= c1:
            return
        rows, cols = np.nonzero(self.shown[r0:r1, c0:c1] == kind)
        if len(rows) == 0 or len(rows) > HIGHLIGHT_MARKERS_MAX:
            return
        zoom = self.camera.zoom
        px, py = self.camera.position
        width, height = self.camera.viewport_width, self.camera.viewport_height
        xs = ((cols + c0 + 1.5) * TILE_W - px) * zoom + width / 2
        ys = ((self.rows - (rows + r0) + 0.5) * TILE_H - py) * zoom + height / 2
        arcade.draw_points(list(zip(xs.tolist(), ys.tolist(), strict=True)), colour, MIN_MARKER / 2)

    def _draw_path(self, path: llk.Path, colour: tuple[int, int, int]) -> None:
        points = [(self.x(c), self.y(r)) for r, c in path.corners]
        arcade.draw_line_strip(points, colour, self._line_width(8))
        for point in points:
            arcade.draw_circle_filled(point[0], point[1], self._line_width(8) / 2, colour)

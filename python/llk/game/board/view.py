"""Draws the board: a tile layer (the grid renderer, or one sprite per cell), its own
Camera2D, and the overlays (selection, cursor, hint, path, a refused pair's nearest miss)
drawn on top.

The tile layer always shows the engine's board as it is now: the view hands it the cells each
outcome of the game model changed, and no others. The animations (animations.py) only move
tiles away from their cells for a moment (a slide) or draw a fading copy of a removed pair on a
second, tiny SpriteList. So a click during an animation already meets the real board.

Two tile layers draw the same picture, behind one Protocol (tile_layer.py): `GridTiles`
(grid_tiles.py: one shader over a texture of the kinds, the same cost for any board size) and
`SpriteTiles` (sprite_tiles.py: a sprite per cell, for boards up to SPRITE_MAX_CELLS).
`renderer="auto"` picks sprites for small boards (up to AUTO_SPRITES_MAX cells), the grid
renderer for the rest. Where cells are, and the camera's moves, are camera.py's.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import arcade
import numpy as np
from arcade.camera import Camera2D

import llk

from ..i18n import _
from ..model.outcomes import Cells, Linked
from .animations import Animation, Fade, FadeIn, Linger, Slide
from .camera import BoardCamera
from .grid_tiles import GridTiles
from .sprite_tiles import SPRITE_MAX_CELLS, SpriteTiles
from .theme import TILE_H, TILE_W, Theme
from .tile_layer import TileLayer

Cell = tuple[int, int]
Point = tuple[float, float]

RENDERERS = ("auto", "grid", "sprites")
AUTO_SPRITES_MAX = 1000  # cells: KShisen's boards (30x16 and smaller) and the shapes up to 14x14
FADE_SECONDS = 0.3
SLIDE_SECONDS = 0.18
PUSH_SECONDS = 0.2  # a slide link's push, before the pair fades
SHUFFLE_SECONDS = 0.45
PATH_LINGER = 0.15  # the path stays a little after the pair has faded
HINT_SECONDS = 3.0
MISS_SECONDS = 1.5  # a refused pair's nearest miss
MISS_DASH = 14.0  # screen pixels: a dash and its gap
MISS_DASHES_MAX = 2000  # beyond this many on a path (zoomed far out) it is drawn solid
# Markers (selection, hint, cursor, the right click's kind) are never drawn smaller than this
# many screen pixels across, so that they show at every zoom (a 100x100 board fits the window
# at zoom 0.096, where a tile is six pixels wide).
MIN_MARKER = 14
MARKED_SHARE = 0.12  # the most of the view the kind's dots may cover together
MIN_MARKER_DOT = 2.0  # pixels: a dot smaller than this is not seen
# Beyond this many tiles of the kind on screen a dot on each is a speckle over the whole board
# (a fitted 1000x1000 board: 40,000 of a kind and its match, the board changed evenly): only
# the NEAREST_MARKED nearest the tile clicked are marked then, each by a ring MIN_MARKER across.
DOTS_MAX = 400
NEAREST_MARKED = 12


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
            _(
                "a {size} board cannot be drawn: this GPU's textures hold at most "
                "{largest} cells a side (and sprites {cells} cells in all)"
            ).format(size=f"{rows}x{cols}", largest=largest, cells=SPRITE_MAX_CELLS)
        )
    return GridTiles(rows, cols, theme, centre_of)


class BoardView(BoardCamera):
    def __init__(
        self,
        board: llk.Board,
        theme: Theme,
        hud_height: float = 0,
        renderer: str = "auto",
    ) -> None:
        super().__init__(board.rows, board.cols, hud_height)
        self.theme = theme
        self.screen_camera = Camera2D()  # the markers are drawn in screen pixels
        self.tiles: TileLayer = make_tiles(renderer, self.rows, self.cols, theme, self.centre_of)
        self.highlight_kinds: frozenset[int] = frozenset()  # marked: a kind and its matches
        self.highlight_near: Cell | None = None  # the tile right-clicked: the nearest marked
        self._highlight_kind: int | None = None
        # What the markers found last, by what they depend on: a million cells looked at and
        # the rings placed again only when the view, the kinds or the board change.
        self._marked: tuple[tuple[object, ...], tuple[np.ndarray, np.ndarray]] | None = None
        self._rings: tuple[tuple[object, ...], list[Point]] | None = None
        self.renderer = "sprites" if isinstance(self.tiles, SpriteTiles) else "grid"
        self.fading: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        # Overlays; the selection is the game model's, handed to `draw`.
        self.cursor: Cell | None = None
        self.hint: tuple[Cell, Cell] | None = None
        self.hint_path: llk.Path | None = None
        self.hint_linger: Linger | None = None
        self.path: llk.Path | None = None
        self.path_linger: Linger | None = None
        self.miss: llk.Path | None = None
        self.miss_linger: Linger | None = None
        self.moving: list[Animation] = []
        self.sync(board.grid)
        self.fit()

    # Keeping the tiles in step with the board.

    @property
    def shown(self) -> np.ndarray:
        """The kinds the tile layer shows (the engine's board after the last sync)."""
        return self.tiles.shown

    def sync(self, grid: np.ndarray) -> None:
        """Shows `grid`, touching only the cells that changed since the last sync (a diff over
        the whole board: for the start, not for moves)."""
        self._marked = self._rings = None
        self.tiles.sync(grid)

    def show_cells(self, cells: Cells) -> None:
        """Shows the kinds of the cells an outcome changed and no others: a move costs the
        cells it changed."""
        self._marked = self._rings = None
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
        return self._highlight_kind

    def set_highlight_kind(
        self, kind: int | None, matching: frozenset[int] = frozenset(), near: Cell | None = None
    ) -> None:
        """Marks every tile of `kind` and of the kinds `matching` it (KShisen's right click),
        `near` the tile clicked; None clears it. Tiles wide enough to see are tinted; below
        MIN_MARKER pixels markers do it instead (`_highlight_markers`)."""
        self._highlight_kind, self.highlight_near = kind, near
        self.highlight_kinds = frozenset() if kind is None else matching | {kind}
        self._tint_highlight()

    def _tint_highlight(self) -> None:
        # The tint only where a tile is big enough for it to read: far out it would change a
        # few pixels of every tile of the kind, all over the board, and tell nothing.
        kind = self._highlight_kind if self.tile_pixels >= MIN_MARKER else None
        if self.tiles.highlight_kind != kind:
            self.tiles.set_highlight_kind(kind, self.highlight_kinds - {kind})

    @property
    def paints_window(self) -> bool:
        """The grid renderer paints every pixel (background included): no clear needed."""
        return self.renderer == "grid"

    def release(self) -> None:
        self.tiles.release()

    # Animations: the pair's fade, the slides and the fade-in after a re-deal run in
    # `moving` (the tiles are on their way while any runs); the path and the hint linger.

    def show_removal(self, linked: Linked) -> None:
        """A slide link's push first (the tiles in the way move along), then the pair at the
        path's ends fades out along the drawn path, then the slides run. Only the cells the
        removal changed are touched: the pair, the push's and the slides' ends."""
        self.finish_animations()
        path = linked.path
        for cell, kind in ((linked.a, linked.kind), (linked.c, linked.c_kind or linked.kind)):
            x, y = self.centre_of(cell)
            self.fading.append(arcade.Sprite(self.theme.face(kind), center_x=x, center_y=y))
        duration = FADE_SECONDS / self.speed
        push = self.motion.seconds(PUSH_SECONDS / self.speed) if path.pushed else 0.0
        self.moving.append(Fade(self.fading, duration, push, self.motion))
        self.path = path
        self.path_linger = Linger(push + duration + PATH_LINGER / self.speed, self._drop_path)
        self.show_cells(linked.cells)
        if path.slides or path.pushed:
            centre, pushed = self.centre_of, {to for _frm, to in path.pushed}
            slides = {to: (centre(frm), centre(to)) for frm, to in path.slides if frm not in pushed}
            falls, pushes = dict(path.slides), {}
            for frm, to in path.pushed:  # a pushed tile may then fall: by the cell it ends in
                end = falls.get(to, to)
                slides[end], pushes[end] = (centre(to), centre(end)), (centre(frm), centre(to))
            seconds = self.motion.seconds(SLIDE_SECONDS / self.speed)
            self.moving.append(Slide(self.tiles, slides, duration, seconds, pushes, push))

    def show_rearrange(self, cells: Cells) -> None:
        """A re-deal (shuffle): the new board fades in (is there at once, motion reduced)."""
        self.finish_animations()
        self.show_cells(cells)
        if not self.motion.reduced:
            self.moving.append(FadeIn(self.tiles, SHUFFLE_SECONDS / self.speed))

    def show_hint(self, pair: tuple[Cell, Cell], path: llk.Path | None) -> None:
        self.hint, self.hint_path = pair, path
        self.hint_linger = Linger(HINT_SECONDS, self._drop_hint)

    def show_miss(self, path: llk.Path | None) -> None:
        """A refused pair's nearest miss (three turns), dashed, for MISS_SECONDS; None clears
        the one shown."""
        self.miss = path
        self.miss_linger = None if path is None else Linger(MISS_SECONDS, self._drop_miss)

    def _drop_miss(self) -> None:
        self.miss = self.miss_linger = None

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
        for linger in (self.path_linger, self.hint_linger, self.miss_linger):
            if linger is not None:
                linger.update(dt)

    def finish_animations(self) -> None:
        for animation in self.moving:
            animation.finish()
        self.moving = []

    def clear_overlays(self) -> None:
        self.path = self.path_linger = None
        self.miss = self.miss_linger = None
        self.hint = self.hint_path = self.hint_linger = None

    # Drawing.

    def draw(self, selected: Cell | None = None) -> None:
        palette = self.theme.palette
        if self.highlight_kind is not None:
            self._tint_highlight()  # the zoom may have crossed MIN_MARKER
        with self.camera.activate():
            self.tiles.draw(self.camera)
            self.fading.draw()
            if self.hint is not None and self.hint_path is not None:
                self._draw_path(self.hint_path, palette.hint)
            if self.path is not None:
                self._draw_path(self.path, palette.path)
            if self.miss is not None:
                self._draw_dashed(self.miss, palette.miss)
        self.screen_camera.match_window()
        with self.screen_camera.activate():
            if self.highlight_kind is not None and self.tile_pixels < MIN_MARKER:
                self._highlight_markers(palette.kind_highlight)
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
        palette = self.theme.palette
        line = max(width * self.camera.zoom, 3.0) * palette.line_scale
        if palette.halo is not None:  # centred on the same box: a dark rim each side
            arcade.draw_lbwh_rectangle_outline(left, bottom, w, h, palette.halo, line * 2)
        arcade.draw_lbwh_rectangle_outline(left, bottom, w, h, colour, line)

    def marked_on_screen(self) -> tuple[np.ndarray, np.ndarray]:
        """The cells (rows, cols) of the marked kinds that are on screen (cells off screen are
        not even looked at)."""
        left, bottom, right, top = self.visible_world()
        c0 = max(0, math.floor(left / TILE_W) - 1)
        c1 = min(self.cols, math.ceil(right / TILE_W))
        r0 = max(0, self.rows - math.ceil(top / TILE_H))
        r1 = min(self.rows, self.rows - math.floor(bottom / TILE_H) + 1)
        if r0 >= r1 or c0 >= c1 or not self.highlight_kinds:
            return np.empty(0, np.intp), np.empty(0, np.intp)
        key = (self.highlight_kinds, r0, r1, c0, c1)
        if self._marked is None or self._marked[0] != key:
            rows, cols = np.nonzero(np.isin(self.shown[r0:r1, c0:c1], list(self.highlight_kinds)))
            self._marked = key, (rows + r0, cols + c0)
        return self._marked[1]

    def tiles_within(self, box: tuple[float, float, float, float]) -> int:
        """How many tiles a screen box (left, bottom, right, top) covers, in part or whole."""
        x0, y0 = self.camera.unproject((box[0], box[1]))[:2]
        x1, y1 = self.camera.unproject((box[2], box[3]))[:2]
        c0, c1 = max(0, math.floor(x0 / TILE_W) - 1), min(self.cols, math.floor(x1 / TILE_W))
        r0 = max(0, self.rows - math.floor(y1 / TILE_H))
        r1 = min(self.rows, self.rows - math.floor(y0 / TILE_H) + 1)
        if r0 >= r1 or c0 >= c1:
            return 0
        return int(np.count_nonzero(self.shown[r0:r1, c0:c1]))

    def marks_nearest(self) -> bool:
        """Are so many tiles of the marked kinds on screen that only the nearest are marked?"""
        return len(self.marked_on_screen()[0]) > DOTS_MAX

    def _highlight_markers(self, colour: tuple[int, int, int]) -> None:
        """Far out the tint of a few pixels is lost: a dot on every tile of the kind on screen,
        MIN_MARKER / 2 pixels across, or smaller when together they would cover more than
        MARKED_SHARE of the view. Beyond DOTS_MAX of them a dot each is a speckle over the
        whole board: a ring MIN_MARKER across around the NEAREST_MARKED nearest the tile
        clicked (the middle of the view when none was), where the player can zoom in."""
        rows, cols = self.marked_on_screen()
        if len(rows) > DOTS_MAX:
            camera = self.camera
            # (A change of the board drops both: the same view's key holds other cells then.)
            marked = self._marked[0] if self._marked is not None else None
            key = (marked, self.highlight_near, tuple(camera.position), camera.zoom)
            if self._rings is None or self._rings[0] != key:
                self._rings = key, self._nearest_apart(rows, cols)
            for x, y in self._rings[1]:
                arcade.draw_circle_outline(x, y, MIN_MARKER / 2 + 1, colour, 3)
        elif len(rows):
            left, bottom, right, top = self.visible_world()
            zoom = self.camera.zoom
            seen = (right - left) * (top - bottom) * zoom * zoom  # the view's area, pixels
            size = min(MIN_MARKER / 2, math.sqrt(MARKED_SHARE * seen / len(rows)))
            arcade.draw_points(self._on_screen(rows, cols), colour, max(MIN_MARKER_DOT, size))

    def _nearest_apart(self, rows: np.ndarray, cols: np.ndarray) -> list[Point]:
        """The screen points of the NEAREST_MARKED cells nearest the tile clicked (the middle
        of the view when none was) that are a marker apart: far out the nearest dozen lie
        within a pixel or two of it, and their rings made one blot."""
        r, c = self.highlight_near or self.cell_near_centre()
        distance = (rows - r) ** 2 + (cols - c) ** 2
        some = min(len(distance), NEAREST_MARKED * 400) - 1
        candidates = np.argpartition(distance, some)[: some + 1]
        candidates = candidates[np.argsort(distance[candidates], kind="stable")]
        kept: list[Point] = []
        for x, y in self._on_screen(rows[candidates], cols[candidates]):
            if all(math.dist((x, y), point) >= MIN_MARKER for point in kept):
                kept.append((x, y))
                if len(kept) == NEAREST_MARKED:
                    break
        return kept

    def _on_screen(self, rows: np.ndarray, cols: np.ndarray) -> list[Point]:
        """The screen points of cells' centres (the camera's projection, for many at once)."""
        zoom = self.camera.zoom
        px, py = self.camera.position
        width, height = self.camera.viewport_width, self.camera.viewport_height
        xs = ((cols + 1.5) * TILE_W - px) * zoom + width / 2
        ys = ((self.rows - rows + 0.5) * TILE_H - py) * zoom + height / 2
        return list(zip(xs.tolist(), ys.tolist(), strict=True))

    def _draw_path(self, path: llk.Path, colour: tuple[int, int, int]) -> None:
        points = [(self.x(c), self.y(r)) for r, c in path.corners]
        palette = self.theme.palette
        width = self._line_width(8) * palette.line_scale
        strokes = [(palette.halo, width * 2)] if palette.halo is not None else []
        for stroke, stroke_width in [*strokes, (colour, width)]:
            arcade.draw_line_strip(points, stroke, stroke_width)
            for point in points:
                arcade.draw_circle_filled(point[0], point[1], stroke_width / 2, stroke)

    def _draw_dashed(self, path: llk.Path, colour: tuple[int, int, int]) -> None:
        """A path that is not a link: dashes of MISS_DASH / 2 screen pixels at any zoom (solid
        when zoomed so far out that there would be more than MISS_DASHES_MAX), its corners
        dotted."""
        width = self._line_width(5)
        points = [(self.x(c), self.y(r)) for r, c in path.corners]
        period = MISS_DASH / self.camera.zoom  # world units
        length = sum(math.dist(p, q) for p, q in itertools.pairwise(points))
        if length / period > MISS_DASHES_MAX:
            arcade.draw_line_strip(points, colour, width)
        else:
            dashes: list[Point] = []
            for (x0, y0), (x1, y1) in itertools.pairwise(points):
                leg = math.dist((x0, y0), (x1, y1))
                if leg == 0:
                    continue
                for k in range(math.ceil(leg / period)):
                    t0, t1 = k * period / leg, min(1.0, (k + 0.5) * period / leg)
                    dashes += [(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0)]
                    dashes += [(x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)]
            arcade.draw_lines(dashes, colour, width)
        for x, y in points:
            arcade.draw_circle_filled(x, y, width, colour)

"""The grid renderer: draws the whole board from the grid itself, at any size.

The kinds live in a texture with one 16-bit texel per cell (R16UI). One quad over the board's
visible cells runs a fragment shader that finds each pixel's cell, reads its kind and samples
that kind's face from a texture array of the 48 faces. So a frame costs the same for 1,000
tiles as for a million, and a change of the board writes only the texels that changed (a
removed pair: two texels).

Level of detail: the faces carry mipmaps, and the level is picked from the zoom (one level for
the whole frame, so no seams at cell edges where derivatives jump). Below FACES_ABOVE_PX screen
pixels a tile, a face is a blur, so the shader blends to the kind's own colour (the tile set's
colours.json: 48 colours spread apart in OKLab, one a kind), and below FLAT_BELOW_PX draws that
colour alone, with a pixel of gap between tiles: readable where the tiles are a few pixels,
calm where they are less than one. Empty cells show the background (backdrop.py), read texel
for pixel from its window-sized copy.

The picture is kept between frames while the camera rests and drawn at half resolution while
it moves (grid_cache.py). Tiles that slide (gravity) are hidden in the texture for the moment
of the slide and drawn as a few moving sprites on top; when the slide ends their texels are
written.

The shaders are files of the package, shaders/grid_tiles.vert.glsl and .frag.glsl (read through
game/assets.py, so a wheel carries them); the fragment shader's builds differ in their #define
values.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import arcade
import numpy as np
from arcade.gl import geometry

from ..assets import shader_source
from ..model.outcomes import Cells
from ..phases import UPLOADS, phase
from .grid_cache import Picture, VisibleRect
from .theme import FACES, TILE_H, TILE_W, Theme
from .tile_layer import Slides

Cell = tuple[int, int]

FLAT_BELOW_PX, FACES_ABOVE_PX = 8.0, 14.0  # tile width on screen: flat colours .. faces
FULL_WRITE_SHARE = 0.05  # above this share of changed cells, one write of the whole texture

SHADER_MODES = ("FLAT", "FACES_ONLY", "BOTH", "HEAT")

# The shader builds, compiled once for each GL context: a new game's play screen takes them
# from here instead of compiling four programs in the frame that hands over to it.
_programs: dict[int, tuple[arcade.ArcadeContext, dict[str, arcade.gl.Program]]] = {}


def programs_for(ctx: arcade.ArcadeContext) -> dict[str, arcade.gl.Program]:
    """The grid shader's builds (one a mode of SHADER_MODES) for `ctx`, compiled at the first
    call. Kept for as long as the context (a closed window's are let go with the next one)."""
    held = _programs.get(id(ctx))
    if held is not None and held[0] is ctx:
        return held[1]
    _programs.clear()  # another window's context: its programs go with it
    vertex = shader_source("grid_tiles.vert.glsl")
    fragment = shader_source("grid_tiles.frag.glsl")
    # arcade's `defines` rewrites the values of the source's own #define lines.
    built = {
        mode: ctx.program(
            vertex_shader=vertex, fragment_shader=fragment, defines={mode: "1", "FACES": str(FACES)}
        )
        for mode in SHADER_MODES
    }
    _programs[id(ctx)] = (ctx, built)
    return built


HIGHLIGHTS = 4  # kinds tinted at once: a kind and those it matches (Chinese style: a group of 4)


class GridTiles:
    """The tiles of a rows x cols board drawn by one shader from a kinds texture."""

    def __init__(
        self,
        rows: int,
        cols: int,
        theme: Theme,
        centre_of: Callable[[Cell], tuple[float, float]],
    ) -> None:
        self.rows, self.cols = rows, cols
        self.theme = theme
        self.centre_of = centre_of
        self.ctx = arcade.get_window().ctx
        self.programs = programs_for(self.ctx)
        self.quad = geometry.quad_2d_fs()
        # Unwritten until the first sync writes the whole board in one upload.
        self.kinds = self.ctx.texture(
            (cols, rows), components=1, dtype="u2", filter=(self.ctx.NEAREST, self.ctx.NEAREST)
        )
        self.shown = np.zeros((rows, cols), dtype=np.uint16)
        self._written = False
        self.faces: arcade.gl.TextureArray | None = None
        self.kind_colours: list[tuple[int, int, int]] = []
        self.highlight_kind: int | None = None
        self.highlight_kinds: tuple[int, ...] = ()  # tinted: the kind and those it matches
        # The "where to look" view: below FACES_ABOVE_PX a tile is coloured by the move
        # density of its block (the board's facts, model/facts.py) instead of its kind.
        self.draws_heat = True
        self.heat_on = False
        self.heat: arcade.gl.Texture2D | None = None
        self.heat_block = 1
        self._heat_version = 0
        self.alpha = 1.0
        self.moving: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # sliding tiles
        self.moving_at: dict[Cell, arcade.Sprite] = {}
        self.picture = Picture(rows, theme, self._render)
        self.retexture()

    # Textures.

    def retexture(self) -> None:
        """Loads the faces of the current tile set and palette (and their colours)."""
        # The faces' array is fetched at the first frame that shows a face: a big board starts
        # far out, in flat colours, and its first frame needs only the kinds' colours (on a
        # software GL the array's first mipmaps cost ~70 ms of start-up, the faces' PNGs ~30).
        self.faces = None
        self.kind_colours = self.theme.kind_colours()
        self.picture.key = None
        self._colour_uniform = [v / 255 for colour in self.kind_colours for v in colour]
        for cell, sprite in self.moving_at.items():
            sprite.texture = self.theme.face(int(self.shown[cell]) or 1)

    # Keeping the texture in step with the board.

    def show(self, cells: Cells) -> None:
        """Writes the kinds of the cells an outcome changed: texel by texel, or the whole
        texture when many changed."""
        rows, cols, kinds = cells
        with phase(UPLOADS):
            if len(rows) > FULL_WRITE_SHARE * self.shown.size:
                self.shown[rows, cols] = kinds
                self.kinds.write(np.ascontiguousarray(self.shown).tobytes())
                self.picture.key = None
                return
            for r, c, kind in zip(rows.tolist(), cols.tolist(), kinds.tolist(), strict=True):
                self.shown[r, c] = kind
                self._write_texel(r, c, kind)

    def sync(self, grid: np.ndarray) -> None:
        """Shows `grid`, writing only the texels that changed (or all, when many did)."""
        changed = grid != self.shown
        if not self._written or np.count_nonzero(changed) > FULL_WRITE_SHARE * grid.size:
            # (Counted, not listed: a new board's million cells are one upload.)
            self._written = True
            self.shown = grid.astype(np.uint16, copy=True)
            self.kinds.write(self.shown.tobytes())
            self.picture.key = None
        else:
            rows, cols = np.nonzero(changed)
            for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
                self.shown[r, c] = grid[r, c]
                self._write_texel(r, c, int(grid[r, c]))

    def _write_texel(self, r: int, c: int, kind: int) -> None:
        self.picture.dirty.add((r, c))
        self.kinds.write(np.array([kind], dtype=np.uint16).tobytes(), viewport=(c, r, 1, 1))

    def set_highlight_kind(self, kind: int | None, matching: frozenset[int] = frozenset()) -> None:
        self.highlight_kind = kind
        kinds = () if kind is None else (kind, *sorted(matching - {kind}))
        self.highlight_kinds = kinds[:HIGHLIGHTS]

    def set_heat(self, heat: np.ndarray, block: int) -> None:
        """The heat map's values: uint8, one per `block x block` cells, row 0 at the top."""
        rows, cols = heat.shape
        if self.heat is None or self.heat.size != (cols, rows):
            if self.heat is not None:
                self.heat.delete()
            self.heat = self.ctx.texture(
                (cols, rows), components=1, dtype="f1", filter=(self.ctx.NEAREST, self.ctx.NEAREST)
            )
        with phase(UPLOADS):
            self.heat.write(np.ascontiguousarray(heat, dtype=np.uint8).tobytes())
        self.heat_block = block
        self._heat_version += 1

    # Slides: the cells at the slides' ends are hidden until the tiles arrive.

    def begin_slides(self, slides: Slides) -> None:
        self.end_slides()
        for cell, (start, _) in slides.items():
            kind = int(self.shown[cell])
            if not kind:
                continue
            sprite = arcade.Sprite(self.theme.face(kind), center_x=start[0], center_y=start[1])
            self.moving.append(sprite)
            self.moving_at[cell] = sprite
            self._write_texel(cell[0], cell[1], 0)

    def move_slide(self, cell: Cell, position: tuple[float, float]) -> None:
        sprite = self.moving_at.get(cell)
        if sprite is not None:
            sprite.position = position

    def drawn_at(self, cell: Cell) -> tuple[float, float] | None:
        """Where the tile of `cell` is drawn (world units), None when the cell shows none."""
        sprite = self.moving_at.get(cell)
        if sprite is not None:
            return sprite.position
        return self.centre_of(cell) if self.shown[cell] else None

    def end_slides(self) -> None:
        for cell in self.moving_at:
            self._write_texel(cell[0], cell[1], int(self.shown[cell]))
        self.moving.clear()
        self.moving_at = {}

    # Drawing.

    def draw(self, camera: arcade.camera.Camera2D) -> None:
        """Paints the whole window: the background and the board (grid_cache.py keeps the
        picture between frames), and the tiles sliding on top."""
        # New heat values redraw the whole cache only while the heat map is drawn: else a
        # move's new minimap picture must not cost more than the move's own cells.
        ratio = arcade.get_window().get_pixel_ratio()
        shown = self.heat_on and TILE_W * camera.zoom * ratio < FACES_ABOVE_PX
        heat = (shown, self._heat_version if shown else 0)
        background = self.theme.background
        key = (self.alpha, self.highlight_kinds, self.theme.palette, heat, background)
        self.picture.draw(camera, self._visible_rect(camera), key)
        if self.moving:
            self.moving.alpha = int(255 * self.alpha)
            self.moving.draw()

    def _visible_rect(self, camera: arcade.camera.Camera2D) -> VisibleRect:
        """The board's cells on screen as (clip rect, tile rect), or None when none are."""
        left, bottom = camera.viewport_left, camera.viewport_bottom
        width, height = camera.viewport_width, camera.viewport_height
        # The board's cells span tile units x in [1, cols + 1], y in [1, rows + 1].
        corner_a = camera.unproject((left, bottom))
        corner_b = camera.unproject((left + width, bottom + height))
        x0 = max(1.0, corner_a[0] / TILE_W)
        y0 = max(1.0, corner_a[1] / TILE_H)
        x1 = min(self.cols + 1.0, corner_b[0] / TILE_W)
        y1 = min(self.rows + 1.0, corner_b[1] / TILE_H)
        if x0 >= x1 or y0 >= y1:
            return None
        # A hair inside the board, so that edge pixels never read past the last cell.
        eps = 1e-4
        x0, y0, x1, y1 = x0 + eps, y0 + eps, x1 - eps, y1 - eps
        clip = []
        for x, y in ((x0, y0), (x1, y1)):
            sx, sy, *_ = camera.project((x * TILE_W, y * TILE_H))
            clip += [2 * (sx - left) / width - 1, 2 * (sy - bottom) / height - 1]
        return tuple(clip), (x0, y0, x1, y1)

    def _render(
        self,
        camera: arcade.camera.Camera2D,
        clip_rect: tuple[float, ...],
        tile_rect: tuple[float, float, float, float],
        scale: float = 1.0,
    ) -> None:
        """Draws the board's visible cells into the bound framebuffer, which is the window's
        size times `scale`."""
        ratio = arcade.get_window().get_pixel_ratio()  # framebuffer pixels per window pixel
        tile_pixels = TILE_W * camera.zoom * ratio * scale
        span = FACES_ABOVE_PX - FLAT_BELOW_PX
        flat_mix = min(1.0, max(0.0, (FACES_ABOVE_PX - tile_pixels) / span))
        mode = "FLAT" if flat_mix >= 1.0 else "FACES_ONLY" if flat_mix <= 0.0 else "BOTH"
        if self.heat_on and self.heat is not None and flat_mix > 0.0:
            mode = "HEAT"
        program = self.programs[mode]
        uniforms = {
            "clip_rect": clip_rect,
            "tile_rect": tile_rect,
            "rows": self.rows,
            "face_lod": max(0.0, float(np.log2(TILE_W / tile_pixels))),
            "flat_mix": flat_mix,
            "tile_pixels": tile_pixels,
            "highlight": (*self.highlight_kinds, *[-1] * (HIGHLIGHTS - len(self.highlight_kinds))),
            "highlight_tint": tuple(v / 255 for v in self.theme.palette.kind_highlight),
            "alpha": self.alpha,
            "kind_colours": self._colour_uniform,
            "kinds": 0,
            "faces": 1,
            "backdrop": 2,
            "heat": 3,
            "heat_block": self.heat_block,
        }
        for name, value in uniforms.items():
            with contextlib.suppress(KeyError):  # the GLSL compiler drops what a build ignores
                program[name] = value
        self.kinds.use(0)
        if mode in ("FACES_ONLY", "BOTH"):
            if self.faces is None:
                self.faces = self.theme.face_array(self.ctx)
            self.faces.use(1)
        # The background at the size of the framebuffer drawn into, so a texel is a pixel.
        size = self.ctx.active_framebuffer.size
        backdrop = self.theme.background_framebuffer(arcade.get_window(), size)
        backdrop.color_attachments[0].use(2)
        if mode == "HEAT":
            assert self.heat is not None  # the heat mode is drawn only with its texture
            self.heat.use(3)
        blending = self.ctx.is_enabled(self.ctx.BLEND)
        self.ctx.disable(self.ctx.BLEND)
        self.quad.render(program)
        if blending:
            self.ctx.enable(self.ctx.BLEND)

    def release(self) -> None:
        """Frees the GL textures (a board of a million cells holds a few MB)."""
        self.picture.release()
        # The faces are the theme's, shared with the next game.
        for texture in (self.kinds, self.heat):
            if texture is not None:
                texture.delete()

"""The sprite renderer: one SpriteList with a sprite per cell and an index from cell to sprite.

Arcade's own way, kept for comparison (the tests check the grid renderer against it) and as the
choice for anyone who wants it (`llk play --renderer sprites`). It costs a sprite per cell to
build and to draw, so it is only offered up to SPRITE_MAX_CELLS.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
import numpy as np

from ..model.outcomes import Cells
from ..phases import UPLOADS, phase
from .theme import Theme
from .tile_layer import Slides

Cell = tuple[int, int]

SPRITE_MAX_CELLS = 40_000


class SpriteTiles:
    def __init__(
        self,
        rows: int,
        cols: int,
        theme: Theme,
        centre_of: Callable[[Cell], tuple[float, float]],
    ) -> None:
        if rows * cols > SPRITE_MAX_CELLS:
            raise ValueError(
                f"the sprite renderer draws at most {SPRITE_MAX_CELLS} cells, "
                f"not {rows}x{cols}: use the grid renderer"
            )
        self.theme = theme
        self.centre_of = centre_of
        self.tiles: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList(capacity=rows * cols)
        self.sprite_at: dict[Cell, arcade.Sprite] = {}
        self.shown = np.zeros((rows, cols), dtype=np.uint16)
        self.highlight_kind: int | None = None
        self.highlight_kinds: frozenset[int] = frozenset()  # the kind and those it matches
        self.sliding: Slides = {}
        self.draws_heat = False  # a small board's tiles are read, not their heat
        self.heat_on = False
        for r in range(rows):
            for c in range(cols):
                x, y = centre_of((r, c))
                sprite = arcade.Sprite(theme.face(1), center_x=x, center_y=y)
                sprite.visible = False
                self.sprite_at[(r, c)] = sprite
                self.tiles.append(sprite)

    @property
    def alpha(self) -> float:
        return self.tiles.alpha / 255

    @alpha.setter
    def alpha(self, value: float) -> None:
        self.tiles.alpha = int(255 * value)

    def set_heat(self, heat: np.ndarray, block: int) -> None:
        """No heat map here (`draws_heat`): nothing to keep."""

    def show(self, cells: Cells) -> None:
        rows, cols, kinds = cells
        for r, c, kind in zip(rows.tolist(), cols.tolist(), kinds.tolist(), strict=True):
            self.shown[r, c] = kind
            sprite = self.sprite_at[(r, c)]
            if kind:
                sprite.texture = self.theme.face(kind)
                sprite.color = self._tint(kind)
            sprite.visible = kind != 0

    def sync(self, grid: np.ndarray) -> None:
        rows, cols = np.nonzero(grid != self.shown)
        self.show(Cells(rows, cols, grid[rows, cols]))

    def retexture(self) -> None:
        grid = self.shown
        self.shown = np.zeros_like(grid)
        self.sync(grid)

    def _tint(self, kind: int) -> tuple[int, int, int, int]:
        if kind in self.highlight_kinds:
            return (*self.theme.palette.kind_highlight, 255)
        return (255, 255, 255, 255)

    def set_highlight_kind(self, kind: int | None, matching: frozenset[int] = frozenset()) -> None:
        old, self.highlight_kind = self.highlight_kinds, kind
        self.highlight_kinds = frozenset() if kind is None else matching | {kind}
        for wanted in old | self.highlight_kinds:
            for r, c in zip(*np.nonzero(self.shown == wanted), strict=True):
                self.sprite_at[(int(r), int(c))].color = self._tint(int(wanted))

    # Slides: the sprite of the cell a tile slides to travels from where it came from.

    def begin_slides(self, slides: Slides) -> None:
        self.end_slides()
        self.sliding = slides
        for cell, (start, _) in slides.items():
            self.sprite_at[cell].position = start

    def move_slide(self, cell: Cell, position: tuple[float, float]) -> None:
        self.sprite_at[cell].position = position

    def drawn_at(self, cell: Cell) -> tuple[float, float] | None:
        """Where the tile of `cell` is drawn (world units), None when the cell shows none."""
        sprite = self.sprite_at[cell]
        return sprite.position if sprite.visible else None

    def end_slides(self) -> None:
        for cell in self.sliding:
            self.sprite_at[cell].position = self.centre_of(cell)
        self.sliding = {}

    def draw(self, camera: arcade.camera.Camera2D) -> None:
        # Arcade writes a sprite attribute's whole buffer (every sprite's) when any sprite's
        # changed: a removal uploads the buffers of all cells, not two (docs/rendering.md).
        with phase(UPLOADS):
            self.tiles.write_sprite_buffers_to_gpu()
        self.tiles.draw(pixelated=camera.zoom < 0.5)

    def release(self) -> None:
        self.tiles.clear()

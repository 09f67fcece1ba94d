"""What the board view asks of a tile layer. Two layers draw the same picture: `GridTiles`
(grid_tiles.py: one shader over a texture of the kinds, the same cost for any board size) and
`SpriteTiles` (sprite_tiles.py: a sprite per cell, for small boards). `BoardView` holds one
behind this Protocol, as arcade's cameras share `camera/types.py`'s.

A layer shows kinds, not a board: the view tells it which cells changed (`show`), and only
at the start or after a change of tile set does it hand over a whole grid (`sync`).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np
from arcade.camera import Camera2D

from ..model.outcomes import Cells

Cell = tuple[int, int]
Point = tuple[float, float]
# A tile sliding under gravity: the cell it slides to -> (from, to) in world units.
Slides = dict[Cell, tuple[Point, Point]]


@runtime_checkable
class TileLayer(Protocol):
    @property
    def shown(self) -> np.ndarray:
        """The kinds shown, shape (rows, cols)."""
        ...

    @property
    def highlight_kind(self) -> int | None: ...

    alpha: float
    """The opacity of every tile (the fade-in after a re-deal), 0 .. 1."""

    draws_heat: bool
    """Whether this layer draws the heat map (the grid renderer does; sprites do not)."""

    heat_on: bool
    """The heat map is asked for: zoomed out, tiles coloured by their block's moves."""

    def set_heat(self, heat: np.ndarray, block: int) -> None:
        """The heat map's values: uint8, one per `block x block` cells, row 0 at the top
        (a layer that draws no heat map keeps none)."""
        ...

    def show(self, cells: Cells) -> None:
        """Shows the kinds of the cells an outcome changed (each cell once)."""
        ...

    def sync(self, grid: np.ndarray) -> None:
        """Shows `grid`, touching the cells that differ from what is shown (a diff over the
        whole board: for the start, not for moves)."""
        ...

    def retexture(self) -> None:
        """After a change of tile set or palette: every tile again."""
        ...

    def set_highlight_kind(self, kind: int | None, matching: frozenset[int] = frozenset()) -> None:
        """Tints every tile of `kind` and of the kinds `matching` it (Chinese style's flowers,
        as the engine says); None clears it."""
        ...

    def begin_slides(self, slides: Slides) -> None:
        """The tiles at the slides' ends are drawn at their starts until `end_slides`."""
        ...

    def move_slide(self, cell: Cell, position: Point) -> None: ...

    def end_slides(self) -> None: ...

    def drawn_at(self, cell: Cell) -> Point | None:
        """Where the tile of `cell` is drawn (world units), None when the cell shows none."""
        ...

    def draw(self, camera: Camera2D) -> None: ...

    def release(self) -> None:
        """Frees what the layer holds on the GPU."""
        ...

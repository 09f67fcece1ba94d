"""A frame's uploads follow what changed: a removal on a million-tile board writes the two
texels of its pair to the grid renderer's kinds texture, never the board."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from llk.game.model.config import GameConfig

from ..helpers import click, frame, settle
from ..views.test_play import start


class CountingTexture:
    """The kinds texture, with every write's bytes and viewport noted."""

    def __init__(self, texture) -> None:
        self.texture = texture
        self.writes: list[tuple[int, object]] = []

    def write(self, data, level: int = 0, viewport=None) -> None:
        self.writes.append((len(data), viewport))
        self.texture.write(data, level=level, viewport=viewport)

    def __getattr__(self, name: str):
        return getattr(self.texture, name)


def test_a_removal_uploads_its_two_cells_not_the_board(window):
    if window.renderer == "sprites":
        pytest.skip("the sprite renderer stops at 40,000 cells")
    grid = np.random.default_rng(5).integers(1, 49, size=(1000, 1000), dtype=np.uint16)
    grid[500, 500:502] = 17  # a pair that links: neighbours
    view = start(window, GameConfig(rows=1000, cols=1000, kinds=48), llk.Board(grid))
    bv = view.board_view
    bv.camera.zoom = 1.0  # tiles big enough to click (further out a click zooms in)
    bv.camera.position = (bv.x(500.5), bv.y(500))
    frame(window)
    frame(window)
    tiles = bv.tiles
    counting = CountingTexture(tiles.kinds)
    tiles.kinds = counting
    click(window, (500, 500))
    click(window, (500, 501))
    settle(window)
    frame(window)
    # A texel is a cell's kind in 16 bits: two cells, two bytes each, each its own 1x1 write.
    assert sorted(counting.writes) == [(2, (500, 500, 1, 1)), (2, (501, 500, 1, 1))]
    assert not view.game.board[(500, 500)] and not view.game.board[(500, 501)]

"""Where the moves are: per block of cells, how many tiles have a partner (the twin of
rust/src/scan/density.rs), read off the move list."""

from __future__ import annotations

import numpy as np

from . import scan
from .grid import Grid


def move_density(grid: Grid, block: int) -> np.ndarray:
    """Counts, shape (ceil(rows / block), ceil(cols / block)), uint32, of the tiles in each
    block that link with at least one other tile."""
    rows, cols = grid.rows, grid.cols
    br, bc = -(-rows // block), -(-cols // block)
    linked = np.zeros((br * block, bc * block), dtype=np.uint32)
    moves = scan.moves(grid)
    linked[moves[:, 0], moves[:, 1]] = 1
    linked[moves[:, 2], moves[:, 3]] = 1
    counts: np.ndarray = linked.reshape(br, block, bc, block).sum(axis=(1, 3), dtype=np.uint32)
    return counts

"""The pure-Python board object that the public facade wraps.

Inputs are trusted: the facade has already checked shapes, kinds and coordinates.
"""

from __future__ import annotations

import numpy as np

from . import scan
from .grid import Grid
from .path import Path, best_path
from .shuffle import shuffle as shuffle_kinds


class Board:
    """A LianLianKan board: tile kinds (0 = empty) and whether a border ring surrounds it."""

    __slots__ = ("_grid", "_remaining")

    def __init__(self, grid: np.ndarray, border: bool) -> None:
        kinds = np.array(grid, dtype=np.uint16, order="C", copy=True)
        self._grid = Grid(kinds, bool(border))
        self._remaining = int(np.count_nonzero(kinds))

    @property
    def rows(self) -> int:
        return self._grid.rows

    @property
    def cols(self) -> int:
        return self._grid.cols

    @property
    def border(self) -> bool:
        return self._grid.border

    @property
    def remaining(self) -> int:
        return self._remaining

    def grid(self) -> np.ndarray:
        return self._grid.kinds.copy()

    def get(self, r: int, c: int) -> int:
        return int(self._grid.kinds[r, c])

    def path(self, r1: int, c1: int, r2: int, c2: int) -> Path | None:
        """The best path between two tiles of one kind, or None when they do not link."""
        if r1 == r2 and c1 == c2:
            return None
        kinds = self._grid.kinds
        kind = kinds[r1, c1]
        if kind == 0 or kinds[r2, c2] != kind:
            return None
        return best_path(self._grid, r1, c1, r2, c2)

    def remove(self, r1: int, c1: int, r2: int, c2: int) -> Path | None:
        """Remove the two tiles when they link and return their path; else None, no change."""
        found = self.path(r1, c1, r2, c2)
        if found is not None:
            self._grid.clear_cell(r1, c1)
            self._grid.clear_cell(r2, c2)
            self._remaining -= 2
        return found

    def hint(self) -> tuple[int, int, int, int] | None:
        return scan.hint(self._grid)

    def moves(self) -> np.ndarray:
        return scan.moves(self._grid)

    def move_count(self) -> int:
        return scan.move_count(self._grid)

    def is_deadlocked(self) -> bool:
        return self._remaining > 0 and not scan.has_move(self._grid)

    def shuffle(self, seed: int) -> int:
        """Re-deal the kinds (positions stay); 0 done, 1 no kind twice, 2 no cells can link."""
        return shuffle_kinds(self._grid, seed)

    def copy(self) -> Board:
        clone = Board.__new__(Board)
        clone._grid = self._grid.copy()
        clone._remaining = self._remaining
        return clone

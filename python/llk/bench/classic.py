"""The classic algorithm of the LianLianKan tutorials, in plain Python: `llk bench` measures the
engine against it (and against rust/src/classic.rs, the same algorithm in Rust).

A plain grid of kinds (lists of ints; no bitsets, no corridors, no numpy), and for each pair
of tiles of one kind the 0-, 1- and 2-corner line-scan test, each line walked cell by cell:

- 0 corners: the two tiles share a row or a column and every cell between is empty;
- 1 corner: one of the two cells that square the pair off is empty and both legs are clear;
- 2 corners: walk from the first tile in each of the four directions, cell by cell, while the
  cells are empty (into the ring around the board when there is one); the pair links when the
  second tile is reached from one of those cells with at most one corner.

`hint` pairs each tile, in row-major order, with each later tile of its kind and returns the
first pair that links: the smallest linking pair, as the engine's hint. `move_count` tests every
such pair. The answers are the engine's; only the cost differs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Cell = tuple[int, int]

_DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class ClassicBoard:
    """A board as the tutorials keep it: `kinds[r][c]`, 0 for an empty cell."""

    def __init__(self, grid: Any, border: bool = True) -> None:
        rows = grid.tolist() if hasattr(grid, "tolist") else grid
        self.kinds: list[list[int]] = [[int(k) for k in row] for row in rows]
        self.rows = len(self.kinds)
        self.cols = len(self.kinds[0])
        self.border = bool(border)

    def passable(self, r: int, c: int) -> bool:
        """An empty board cell, or a ring cell when there is a ring."""
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return self.kinds[r][c] == 0
        return self.border and -1 <= r <= self.rows and -1 <= c <= self.cols

    def line_clear(self, a: Cell, b: Cell) -> bool:
        """Are the cells strictly between `a` and `b` (one row or column) all passable?"""
        (r1, c1), (r2, c2) = a, b
        dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
        r, c = r1 + dr, c1 + dc
        while (r, c) != (r2, c2):
            if not self.passable(r, c):
                return False
            r, c = r + dr, c + dc
        return True

    def zero_corners(self, a: Cell, b: Cell) -> bool:
        return (a[0] == b[0] or a[1] == b[1]) and self.line_clear(a, b)

    def one_corner(self, a: Cell, b: Cell) -> bool:
        for corner in ((a[0], b[1]), (b[0], a[1])):
            if (
                corner != a
                and corner != b
                and self.passable(*corner)
                and self.line_clear(a, corner)
                and self.line_clear(corner, b)
            ):
                return True
        return False

    def two_corners(self, a: Cell, b: Cell) -> bool:
        for dr, dc in _DIRECTIONS:
            r, c = a[0] + dr, a[1] + dc
            while self.passable(r, c):
                if self.zero_corners((r, c), b) or self.one_corner((r, c), b):
                    return True
                r, c = r + dr, c + dc
        return False

    def can_link(self, a: Cell, b: Cell) -> bool:
        """Do the tiles at cells `a` and `b` link?"""
        if a == b:
            return False
        kind = self.kinds[a[0]][a[1]]
        if kind == 0 or kind != self.kinds[b[0]][b[1]]:
            return False
        return self.zero_corners(a, b) or self.one_corner(a, b) or self.two_corners(a, b)

    def same_kind_pairs(self) -> Iterator[tuple[Cell, Cell]]:
        """Every pair `(a, b)`, `a < b`, of tiles of one kind, in row-major order of `a`, then
        of `b`."""
        by_kind: dict[int, list[Cell]] = {}
        for r, row in enumerate(self.kinds):
            for c, kind in enumerate(row):
                if kind:
                    by_kind.setdefault(kind, []).append((r, c))
        seen: dict[int, int] = {}
        for r, row in enumerate(self.kinds):
            for c, kind in enumerate(row):
                if kind:
                    tiles = by_kind[kind]
                    i = seen[kind] = seen.get(kind, -1) + 1
                    for b in tiles[i + 1 :]:
                        yield (r, c), b

    def hint(self) -> tuple[Cell, Cell] | None:
        """The first linking pair met: the smallest in row-major order."""
        for a, b in self.same_kind_pairs():
            if self.can_link(a, b):
                return a, b
        return None

    def move_count(self) -> int:
        return sum(1 for a, b in self.same_kind_pairs() if self.can_link(a, b))

    def remove(self, a: Cell, b: Cell) -> bool:
        """Empties both cells when they link; says whether they did."""
        if not self.can_link(a, b):
            return False
        self.kinds[a[0]][a[1]] = self.kinds[b[0]][b[1]] = 0
        return True

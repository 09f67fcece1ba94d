"""KShisen's "is this deal solvable?" check, ported to plain Python for `llk bench --solver`'s
race, and the Rust port of the same rule (rust/src/kshisen.rs, `is_solvable_rust`), which the
race times against llk's solver.

From KDE/kshisen src/board.cpp (`Board::isSolvable`, `pathFoundBetweenMatchingTiles`,
`findPath`, `findSimplePath`, `canMakePath`; read at commit 45cdfac6 of 2026-08-12). KShisen
calls it on every new game with "Solvable games only" and re-deals the tiles it leaves until it
says yes (up to 200 times). The check is greedy:

1. Scan the board column by column (x outer, y inner: KShisen's `field(x, y)` loops), and for
   each tile whose kind has failed fewer than 4 times as the first tile of this scan (KShisen's
   `done` counts), scan the board again in the same order for a tile that matches it and that
   a path of at most three segments (two corners) reaches, through empty cells and the one-cell
   outline round the board. The first such pair found is removed.
2. Repeat from a fresh scan until no pair is found. The deal is "solvable" when the board is
   empty, "stuck" otherwise. It never undoes a removal: one line of play, no search.

What it ignores: gravity (it removes the pair and never calls `applyGravity`, so with gravity on
its verdict is about the game without gravity), and, since the race deals without slides, the
slide rule (with "tiles can slide" KShisen's `findPath` keeps only the paths of one corner and
lets a tile slide into line; this port has the slide rule off). Kinds match when equal: KShisen's
Chinese style (any flower matches any flower) is not ported, and llk's deals in the race have
none. KShisen's `done` cap only matters when a kind has more than four tiles (its own mix of 42
kinds on the big boards); it is kept.

The path test is KShisen's, in its order (the straight line, then the corner at (x2, y1), then
the one at (x1, y2), then from each empty cell met walking right, down, left and up from the
first tile, the same simple test); the count of paths it returns is only ever compared with 0,
so the port stops at the first path, which changes no verdict and no pair removed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# KShisen's (x, y) walk from the first tile, in its order: dx {1, 0, -1, 0}, dy {0, 1, 0, -1}.
_STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
# KShisen stops trying a kind as the first tile after this many failures in one scan.
_TRIES_A_KIND = 4

Pos = tuple[int, int]  # (x, y): column, row, as KShisen writes them


@dataclass(frozen=True)
class Verdict:
    """The check's answer: whether it cleared the board, and the pairs it removed, in order,
    each as ((r1, c1), (r2, c2)) in llk's row, column terms."""

    solvable: bool
    removed: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    left: int


class KShisenField:
    """A board as KShisen keeps it: `field(x, y)`, 0 (KShisen's EMPTY) for an empty cell, and
    an outline one cell wide round it that is always empty."""

    def __init__(self, grid: Any) -> None:
        rows = grid.tolist() if hasattr(grid, "tolist") else grid
        kinds = [[int(k) for k in row] for row in rows]
        self.y_tiles = len(kinds)
        self.x_tiles = len(kinds[0]) if kinds else 0
        # cells[x][y], column-major as KShisen scans.
        self.cells = [[kinds[y][x] for y in range(self.y_tiles)] for x in range(self.x_tiles)]

    def field(self, x: int, y: int) -> int:
        if 0 <= x < self.x_tiles and 0 <= y < self.y_tiles:
            return self.cells[x][y]
        return 0  # the outline

    def in_outline(self, x: int, y: int) -> bool:
        """KShisen's `isValidPosWithOutline`."""
        return -1 <= x <= self.x_tiles and -1 <= y <= self.y_tiles

    def can_make_path(self, a: Pos, b: Pos) -> bool:
        """KShisen's `canMakePath`: one straight segment with every cell strictly between empty
        (False when `a` and `b` share neither a column nor a row)."""
        (x1, y1), (x2, y2) = a, b
        if x1 == x2:
            return all(self.field(x1, y) == 0 for y in range(min(y1, y2) + 1, max(y1, y2)))
        if y1 == y2:
            return all(self.field(x, y1) == 0 for x in range(min(x1, x2) + 1, max(x1, x2)))
        return False

    def find_simple_path(self, a: Pos, b: Pos) -> bool:
        """KShisen's `findSimplePath` without slides: a straight line, or one corner at
        (x2, y1) (route A) or at (x1, y2) (route B), the corner cell empty."""
        if self.can_make_path(a, b):
            return True
        (x1, y1), (x2, y2) = a, b
        if x1 == x2 or y1 == y2:
            return False
        for corner in ((x2, y1), (x1, y2)):
            if (
                self.field(*corner) == 0
                and self.can_make_path(a, corner)
                and self.can_make_path(corner, b)
            ):
                return True
        return False

    def find_path(self, a: Pos, b: Pos) -> bool:
        """KShisen's `findPath` without slides: a simple path, or one from an empty cell met
        walking from `a` right, down, left, then up (into the outline, not past it)."""
        if self.find_simple_path(a, b):
            return True
        for dx, dy in _STEPS:
            x, y = a[0] + dx, a[1] + dy
            while self.in_outline(x, y) and self.field(x, y) == 0:
                if self.find_simple_path((x, y), b):
                    return True
                x, y = x + dx, y + dy
        return False

    def first_pair(self) -> tuple[Pos, Pos] | None:
        """KShisen's `pathFoundBetweenMatchingTiles`: the first pair its two column-major scans
        meet that a path links, or None. The inner scan visits only the tiles of the first
        tile's kind, in the same order: KShisen's visits every cell but skips the others."""
        by_kind: dict[int, list[Pos]] = {}
        for x, column in enumerate(self.cells):
            for y, kind in enumerate(column):
                if kind:
                    by_kind.setdefault(kind, []).append((x, y))
        done: dict[int, int] = {}
        for x, column in enumerate(self.cells):
            for y, kind in enumerate(column):
                if not kind or done.get(kind, 0) == _TRIES_A_KIND:
                    continue
                for other in by_kind[kind]:
                    if other != (x, y) and self.find_path((x, y), other):
                        return (x, y), other
                done[kind] = done.get(kind, 0) + 1
        return None

    def remove(self, a: Pos, b: Pos) -> None:
        self.cells[a[0]][a[1]] = 0
        self.cells[b[0]][b[1]] = 0

    def left(self) -> int:
        return sum(1 for column in self.cells for kind in column if kind)


def is_solvable(grid: Any) -> Verdict:
    """KShisen's `isSolvable` on a grid of kinds (rows of ints or a 2-D array, 0 empty): removes
    the first linking pair its scan finds until none is left, without gravity or slides."""
    board = KShisenField(grid)
    removed = []
    while (pair := board.first_pair()) is not None:
        a, b = pair
        board.remove(a, b)
        removed.append(((a[1], a[0]), (b[1], b[0])))
    left = board.left()
    return Verdict(left == 0, tuple(removed), left)


def is_solvable_rust(grid: Any) -> Verdict:
    """The same check by the Rust port (rust/src/kshisen.rs, in the extension built with the
    `classic` feature, as `llk bench`'s contenders are); `ImportError` without it."""
    import numpy as np

    from .. import _backend

    if _backend.RUST is None:
        raise ImportError("the Rust core is not built: KShisen's check runs in Python only")
    kinds = np.ascontiguousarray(grid, dtype=np.uint16)
    removed, left = _backend.RUST.classic.kshisen_check(kinds)
    pairs = tuple(((r1, c1), (r2, c2)) for r1, c1, r2, c2 in removed)
    return Verdict(left == 0, pairs, left)

"""The slide variant (KShisen's TilesCanSlide; docs/engine.md, "Tiles slide"), the twin of
rust/src/slide.rs: links of at most one turn, plus one-turn links whose first leg is cleared by
pushing the run of tiles in its way into the gap behind it; the push as cell writes; the scans
(every linking pair) under the variant, read pair by pair.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import numpy as np

from .gravity import Slide, settle
from .grid import Grid
from .history import Change, write
from .path import Cell, Path

Pushed = tuple[tuple[Cell, Cell], ...]


def _clear(grid: Grid, x: Cell, y: Cell) -> bool:
    """Whether the cells strictly between two aligned cells are all empty."""
    if x[0] == y[0]:
        return grid.row_clear(x[0], x[1], y[1])
    return grid.col_clear(x[1], x[0], y[0])


def _path(corners: tuple[Cell, ...]) -> Path:
    length = sum(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p, q in pairwise(corners))
    return len(corners) - 2, length, corners


def push(grid: Grid, m: Cell, q: Cell) -> Pushed | None:
    """The push that clears the leg from ``m`` to the corner ``q`` (aligned, distinct), or None
    when there is no slide: the cell next to ``m`` is empty, the run reaches the edge, or its
    gap is shorter than the leg."""
    dr, dc = (q[0] > m[0]) - (q[0] < m[0]), (q[1] > m[1]) - (q[1] < m[1])
    d = abs(q[0] - m[0]) + abs(q[1] - m[1])
    rows, cols, flat = grid.rows, grid.cols, grid.flat

    def on(k: int) -> bool:
        r, c = m[0] + dr * k, m[1] + dc * k
        return 0 <= r < rows and 0 <= c < cols

    def tile(k: int) -> bool:
        return on(k) and bool(flat[(m[0] + dr * k) * cols + m[1] + dc * k])

    if not tile(1):
        return None
    run = 1
    while tile(run + 1):
        run += 1
    gap = 0
    while on(run + 1 + gap) and not tile(run + 1 + gap):
        gap += 1
    if gap < d:
        return None
    at = [(m[0] + dr * k, m[1] + dc * k) for k in range(run + d + 1)]
    return tuple((at[k], at[k + d]) for k in range(1, run + 1))


def best_link(grid: Grid, a: Cell, c: Cell) -> tuple[Path, Pushed] | None:
    """The best link of two cells on the board under the variant with its push (empty for a
    plain link), or None when they do not link."""
    if a == c:
        return None
    kind = grid.kinds[a]
    if kind == 0 or grid.kinds[c] != kind:
        return None
    if c < a:
        found = best_link(grid, c, a)
        if found is None:
            return None
        (turns, length, corners), pushed = found
        return (turns, length, corners[::-1]), pushed
    if a[0] == c[0] or a[1] == c[1]:
        return (_path((a, c)), ()) if _clear(grid, a, c) else None
    corners = ((a[0], c[1]), (c[0], a[1]))
    for q in corners:
        if grid.kinds[q] == 0 and _clear(grid, a, q) and _clear(grid, q, c):
            return _path((a, q, c)), ()
    for q in corners:
        for m, o in ((a, c), (c, a)):
            if _clear(grid, q, o):
                moved = push(grid, m, q)
                if moved is not None:
                    return _path((a, q, c)), moved
    return None


def apply_push(grid: Grid, pushed: Pushed, changes: list[Change]) -> list[Cell]:
    """Do the push: the cells from the mover outward each get their new kind (written in that
    order, noted in ``changes``). Return every cell it wrote, from the mover outward: gravity
    then settles each of their segments, so a tile pushed over a gap falls too."""
    if not pushed:
        return []
    m1, to = pushed[0]
    dr, dc = (to[0] > m1[0]) - (to[0] < m1[0]), (to[1] > m1[1]) - (to[1] < m1[1])
    d = abs(to[0] - m1[0]) + abs(to[1] - m1[1])
    faces = grid.face_flat
    kinds = [int(faces[f[0] * grid.cols + f[1]]) for f, _ in pushed]
    run = len(pushed)
    written = []
    for k in range(run + d):
        cell = (m1[0] + dr * k, m1[1] + dc * k)
        new = 0 if k < d else kinds[k - d]
        written.append(cell)
        write(grid, changes, cell[0] * grid.cols + cell[1], new)
    return written


def move_list(grid: Grid) -> list[tuple[int, int]]:
    """Every linking pair ``(a, c)``, ``a < c`` (cell indices), sorted."""
    flat, cols = grid.flat, grid.cols
    tiles = np.flatnonzero(flat).tolist()
    out = []
    for n, i in enumerate(tiles):
        for j in tiles[n + 1 :]:
            if flat[i] == flat[j] and best_link(grid, divmod(i, cols), divmod(j, cols)):
                out.append((i, j))
    return out


def moves(grid: Grid) -> np.ndarray:
    """Every linking pair as rows ``(r1, c1, r2, c2)``, sorted."""
    cols = grid.cols
    rows = [(a // cols, a % cols, c // cols, c % cols) for a, c in move_list(grid)]
    return np.array(rows, dtype=np.int64).reshape(-1, 4)


def hint(grid: Grid) -> tuple[int, int, int, int] | None:
    found = move_list(grid)
    if not found:
        return None
    (a, c), cols = found[0], grid.cols
    return a // cols, a % cols, c // cols, c % cols


def hints_near(grid: Grid, near: tuple[int, int], count: int) -> np.ndarray:
    """The near hint's definition (distance of the nearer tile, then the pair) on the moves."""
    found = moves(grid)
    pr, pc = near
    da = np.maximum(np.abs(found[:, 0] - pr), np.abs(found[:, 1] - pc))
    dc = np.maximum(np.abs(found[:, 2] - pr), np.abs(found[:, 3] - pc))
    order = np.argsort(np.minimum(da, dc), kind="stable")
    return found[order[:count]]


def move_density(grid: Grid, block: int) -> np.ndarray:
    """Per block, the tiles with a partner under the variant."""
    br, bc = -(-grid.rows // block), -(-grid.cols // block)
    linked = np.zeros((br * block, bc * block), dtype=np.uint32)
    found = moves(grid)
    linked[found[:, 0], found[:, 1]] = 1
    linked[found[:, 2], found[:, 3]] = 1
    counts: np.ndarray = linked.reshape(br, block, bc, block).sum(axis=(1, 3), dtype=np.uint32)
    return counts


def positional_hint(grid: Grid) -> tuple[int, int, int, int] | None:
    """Two occupied cells that would link if they held one kind (a link reads occupancy alone,
    pushes too)."""
    return hint(Grid((grid.kinds != 0).astype(np.uint16), grid.border))


def remove(
    grid: Grid, gravity: str, a: Cell, c: Cell, changes: list[Change]
) -> tuple[Path, Pushed, list[Slide]] | None:
    """Remove a pair linking under the variant: the push, the pair, then gravity on the
    segments of the pair and of every cell the push wrote; None (nothing changed) when they do
    not link."""
    found = best_link(grid, a, c)
    if found is None:
        return None
    path, pushed = found
    settled = [a, c, *apply_push(grid, pushed, changes)]
    write(grid, changes, a[0] * grid.cols + a[1], 0)
    write(grid, changes, c[0] * grid.cols + c[1], 0)
    return path, pushed, settle(grid, gravity, settled, changes)


def as_raw(path: Path, slides: tuple[Slide, ...] | None, pushed: Pushed) -> tuple[Any, ...]:
    """What the core hands the facade, as rust/src/bindings.rs's path_tuple: ``(turns,
    length, corners[, slides])``, and ``(turns, length, corners, slides, pushed)`` after a push."""
    turns, length, corners = path
    raw: tuple[Any, ...] = (turns, length, corners)
    if slides is not None or pushed:
        raw += (slides or (),)
    if pushed:
        raw += (pushed,)
    return raw

"""The linkable pairs nearest a cell, in order of distance (docs/engine.md, "Hints near a cell").

The twin of rust/src/scan/near.rs, the same search: ring by ring out from the cell, each tile on
a ring asked for its partners by following every path of at most two turns out of it; past a
budget of rays, the move list sorted by distance instead (the same answer).
"""

from __future__ import annotations

import numpy as np

from . import scan
from .grid import Grid

_DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def hints_near(grid: Grid, near: tuple[int, int], count: int) -> np.ndarray:
    """The first `count` linkable pairs as rows (r1, c1, r2, c2), ordered by (Chebyshev
    distance of the pair's nearer tile to `near`, first tile, second tile)."""
    if count == 0 or grid.remaining < 2:
        return np.zeros((0, 4), dtype=np.int64)
    found = _outward(grid, near, count, 64 * (grid.rows + grid.cols) + 1024)
    if found is None:
        return _by_distance(grid, near, count)
    cols = grid.cols
    return np.array(
        [(a // cols, a % cols, c // cols, c % cols) for a, c in found], dtype=np.int64
    ).reshape(-1, 4)


def _by_distance(grid: Grid, near: tuple[int, int], count: int) -> np.ndarray:
    moves = scan.moves(grid)
    pr, pc = near
    da = np.maximum(np.abs(moves[:, 0] - pr), np.abs(moves[:, 1] - pc))
    dc = np.maximum(np.abs(moves[:, 2] - pr), np.abs(moves[:, 3] - pc))
    # moves() is sorted by (a, c) already, so a stable sort by distance keeps that as tie-break.
    order = np.argsort(np.minimum(da, dc), kind="stable")
    return moves[order[:count]]


def _outward(
    grid: Grid, near: tuple[int, int], count: int, budget: int
) -> list[tuple[int, int]] | None:
    rows, cols = grid.rows, grid.cols
    pr, pc = near
    last = max(pr, rows - 1 - pr, pc, cols - 1 - pc)
    out: list[tuple[int, int]] = []

    def distance(t: int) -> int:
        return max(abs(t // cols - pr), abs(t % cols - pc))

    for d in range(last + 1):
        pairs = []
        for t in _ring_tiles(grid, near, d):
            found, rays = partners(grid, t)
            budget -= rays
            if budget < 0:
                return None
            for q in found:
                dq = distance(q)
                # A partner nearer the cell was paired on its own ring, one on this ring from
                # the smaller tile of the two.
                if dq > d or (dq == d and q > t):
                    pairs.append((min(t, q), max(t, q)))
        out.extend(sorted(pairs))
        if len(out) >= count:
            return out[:count]
    return out


def _set_bits(bits: int, lo: int, hi: int) -> list[int]:
    """The set positions of `bits` in lo..=hi."""
    window = (bits >> lo) & ((1 << (hi - lo + 1)) - 1)
    out = []
    while window:
        low = window & -window
        out.append(lo + low.bit_length() - 1)
        window ^= low
    return out


def _ring_tiles(grid: Grid, near: tuple[int, int], d: int) -> list[int]:
    rows, cols = grid.rows, grid.cols
    pr, pc = near
    c0, c1 = max(pc - d, 0), min(pc + d, cols - 1)
    out: list[int] = []
    for r in [pr - d] if d == 0 else [pr - d, pr + d]:
        if 0 <= r < rows:
            out.extend(r * cols + c for c in _set_bits(grid.row_bits[r], c0, c1))
    if d > 0:
        r0, r1 = max(pr - d + 1, 0), min(pr + d - 1, rows - 1)
        for c in (pc - d, pc + d):
            if 0 <= c < cols and r0 <= r1:
                out.extend(r * cols + c for r in _set_bits(grid.col_bits[c], r0, r1))
    return out


def partners(grid: Grid, t: int) -> tuple[list[int], int]:
    """The tiles that link with tile `t` (a row-major index), sorted, and the rays cast: every
    path of at most two turns is a leg out of `t` through empty cells, from any of its cells a
    perpendicular leg, from any of those a leg parallel to the first (either way)."""
    cols = grid.cols
    sr, sc = divmod(t, cols)
    kind = int(grid.flat[t])
    found: set[int] = set()
    rays = 0

    def hit(cell: tuple[int, int] | None) -> None:
        if cell is not None:
            q = cell[0] * cols + cell[1]
            if q != t and int(grid.flat[q]) == kind:
                found.add(q)

    for d1 in _DIRS:
        n1, end = _ray(grid, sr, sc, d1)
        rays += 1
        hit(end)
        for i in range(1, n1 + 1):
            xr, xc = sr + i * d1[0], sc + i * d1[1]
            for d2 in ((d1[1], d1[0]), (-d1[1], -d1[0])):
                n2, end = _ray(grid, xr, xc, d2)
                rays += 1
                hit(end)
                for j in range(1, n2 + 1):
                    yr, yc = xr + j * d2[0], xc + j * d2[1]
                    for d3 in (d1, (-d1[0], -d1[1])):
                        rays += 1
                        hit(_ray(grid, yr, yc, d3)[1])
    return sorted(found), rays


def _ray(
    grid: Grid, r: int, c: int, direction: tuple[int, int]
) -> tuple[int, tuple[int, int] | None]:
    """From (r, c), on the board or its ring, in `direction`: the empty cells before the first
    tile or the ring's edge, and that tile if any."""
    b = int(grid.border)
    if direction[0] == 0:
        line, pos, lines, length, bits, step = (
            r,
            c,
            grid.rows,
            grid.cols,
            grid.row_bits,
            direction[1],
        )
    else:
        line, pos, lines, length, bits, step = (
            c,
            r,
            grid.cols,
            grid.rows,
            grid.col_bits,
            direction[0],
        )
    on_line = 0 <= line < lines

    def at(p: int) -> tuple[int, int]:
        return (r, p) if direction[0] == 0 else (p, c)

    if step > 0:
        if on_line and pos + 1 < length:
            rest = bits[line] >> (pos + 1)
            if rest:
                p = pos + 1 + (rest & -rest).bit_length() - 1
                return p - pos - 1, at(p)
        return length - 1 + b - pos, None
    if on_line and pos > 0:
        low = bits[line] & ((1 << min(pos, length)) - 1)
        if low:
            p = low.bit_length() - 1
            return pos - p - 1, at(p)
    return pos + b, None

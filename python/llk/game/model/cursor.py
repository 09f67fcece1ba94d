"""The keyboard's cursor on the board: where an arrow, the same-kind key and the hint key take
it. Pure rules over the board's kinds (a (rows, cols) array, 0 for an empty cell); the play
screen keeps the cursor, asks here where it goes, and draws it.

An arrow goes to the next tile that way, never to an empty cell:

1. the nearest tile further along the cursor's own row (Left, Right) or column (Up, Down);
2. none there: the nearest tile in the half-plane beyond the cursor (every column right of it
   for Right), by steps (rows apart + columns apart); a tie goes to the tile nearer along the
   arrow, then to the upper one (for Up and Down: the one further left);
3. no tile at all that way: the cursor stays.

The same-kind key goes to the next tile, in reading order (row by row, left to right, from the
last cell round to the first), that links with the tile under the cursor (its own kind, or in
Chinese style its flower or season group). The hint key goes to a hinted pair's first tile,
or to its other one when the cursor is on one of them.

Each press looks at a few rows or columns at a time from the cursor outward and stops once
nothing further can be nearer; the start, far from every tile, asks each row once whether it
holds one. On a 1000x1000 board an arrow takes about 0.01 ms when tiles are near and about
1 ms with two tiles left, K 0.03 ms and 2-4 ms, the start 0.5 ms at most (measured on the
shared 2-core machine, numpy 2; the board's kinds are copied from the engine once a version,
0.2 ms on the Rust core).
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np
import numpy.typing as npt

Cell = tuple[int, int]
Grid = npt.NDArray[np.integer]

WAYS: dict[str, Cell] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
BLOCK = 64  # rows or columns looked at in one numpy call, going outward


def _on(grid: Grid, cell: Cell) -> None:
    rows, cols = grid.shape
    r, c = cell
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(f"cell {cell} is not on a {rows}x{cols} board")


def step(grid: Grid, cell: Cell, way: str) -> Cell:
    """Where an arrow (`way`: up, down, left or right) takes the cursor from `cell`: the next
    tile that way (rules 1-3 of the module's docstring); `cell` itself when there is none."""
    if way not in WAYS:
        raise ValueError(f"no such way {way!r}: one of {', '.join(WAYS)}")
    _on(grid, cell)
    dr, dc = WAYS[way]
    # Worked along axis 1: Left and Right on the grid, Up and Down on its transpose.
    lines = grid if dr == 0 else grid.T
    across, along = cell if dr == 0 else (cell[1], cell[0])
    sign = dc or dr
    index = _along_line(lines[across], along, sign)
    found = (across, index) if index is not None else _beyond(lines, across, along, sign)
    if found is None:
        return cell
    a, b = found
    return (a, b) if dr == 0 else (b, a)


def _along_line(line: Grid, along: int, sign: int) -> int | None:
    """Rule 1: the index of the nearest tile of the cursor's own line past `along` that way."""
    ahead = line[along + 1 :] if sign > 0 else line[:along][::-1]
    chunk = BLOCK * BLOCK
    for start in range(0, ahead.size, chunk):
        hit = np.flatnonzero(ahead[start : start + chunk])
        if hit.size:
            return along + sign * (start + int(hit[0]) + 1)
    return None


def _beyond(lines: Grid, across: int, along: int, sign: int) -> Cell | None:
    """Rule 2: the nearest tile (by steps) in the lines past `along` that way, ties to the
    nearer line, then the smaller index across; lines taken BLOCK at a time, and no further
    once a line's distance alone is as long as the best found."""
    count = lines.shape[1]
    best: tuple[int, int, int] | None = None  # (steps, lines away, across index)
    distance = 1
    while 0 <= along + sign * distance < count:
        if best is not None and distance >= best[0]:
            break
        near = along + sign * distance
        far = min(count - 1, near + BLOCK - 1) if sign > 0 else max(0, near - BLOCK + 1)
        block = lines[:, near : far + 1] if sign > 0 else lines[:, far : near + 1][:, ::-1]
        for j in np.flatnonzero(block.any(axis=0)):
            away = distance + int(j)
            if best is not None and away >= best[0]:
                break
            tiles = np.flatnonzero(block[:, j])
            k = int(np.searchsorted(tiles, across))
            for x in tiles[max(0, k - 1) : k + 1]:
                candidate = (away + abs(int(x) - across), away, int(x))
                if best is None or candidate < best:
                    best = candidate
        distance += block.shape[1]
    if best is None:
        return None
    _steps, away, x = best
    return x, along + sign * away


def nearest_tile(grid: Grid, cell: Cell) -> Cell | None:
    """The tile nearest `cell` by steps (itself when it holds one); a tie to the upper, then
    the left one. None on an empty board. Where the cursor starts."""
    _on(grid, cell)
    r, c = cell
    for reach in (4, 16, 64):
        # A square around the cell first: only what is within `reach` steps is sure to be
        # nearest (past the square's side may lie a tile nearer than its corner).
        top, left = max(0, r - reach), max(0, c - reach)
        ys, xs = np.nonzero(grid[top : r + reach + 1, left : c + reach + 1])
        if ys.size:
            ys, xs = ys + top, xs + left
            steps = np.abs(ys - r) + np.abs(xs - c)
            first = int(np.lexsort((xs, ys, steps))[0])
            if steps[first] <= reach:
                return int(ys[first]), int(xs[first])
    return _nearest_by_rows(grid, cell)


def _nearest_by_rows(grid: Grid, cell: Cell) -> Cell | None:
    """`nearest_tile` far from any tile: the rows that hold one, nearest first, each asked for
    its tile nearest the column, until a row is further than the best found."""
    r, c = cell
    rows = np.flatnonzero(grid.any(axis=1))
    best: tuple[int, int, int] | None = None  # (steps, row, col)
    for y in rows[np.lexsort((rows, np.abs(rows - r)))]:
        if best is not None and abs(int(y) - r) > best[0]:
            break
        tiles = np.flatnonzero(grid[y])
        k = int(np.searchsorted(tiles, c))
        for x in tiles[max(0, k - 1) : k + 1]:
            candidate = (abs(int(y) - r) + abs(int(x) - c), int(y), int(x))
            if best is None or candidate < best:
                best = candidate
    return None if best is None else (best[1], best[2])


def next_of_kind(grid: Grid, cell: Cell, kinds: Collection[int]) -> Cell | None:
    """The next tile after `cell` in reading order, round from the last cell to the first,
    whose kind is one of `kinds`; not `cell` itself. None when no other tile has one."""
    _on(grid, cell)
    wanted = np.array(sorted(k for k in kinds if k > 0), dtype=np.int64)
    if not wanted.size:
        return None
    flat = grid.reshape(-1)
    here = cell[0] * grid.shape[1] + cell[1]
    chunk = BLOCK * BLOCK
    for start, end in ((here + 1, flat.size), (0, here)):
        for lo in range(start, end, chunk):
            hit = np.flatnonzero(_member(flat[lo : min(end, lo + chunk)], wanted))
            if hit.size:
                row, col = divmod(lo + int(hit[0]), grid.shape[1])
                return row, col
    return None


def _member(cells: Grid, wanted: np.ndarray) -> npt.NDArray[np.bool_]:
    # A kind and its group are a few kinds: one comparison each is some twenty times faster
    # than np.isin's sort on a big stretch of board.
    mask: npt.NDArray[np.bool_] = np.equal(cells, wanted[0])
    for kind in wanted[1:]:
        mask |= cells == kind
    return mask


def to_hint(pair: tuple[Cell, Cell], cursor: Cell | None) -> Cell:
    """Where the hint key takes the cursor: the hinted pair's first tile, or its other one
    when the cursor is on one of the pair."""
    first, second = pair
    return second if cursor == first else first

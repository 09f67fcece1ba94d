"""Slow, obviously correct references for the engine rules in docs/engine.md.

Nothing here is clever: a best path is found by trying every polyline with up to two
corners in the (extended) grid and walking it cell by cell (a near miss: every polyline
with three), moves are every same-kind pair
tried that way, and the shuffle is the documented recipe step by step with the documented
generator. Meant for boards up to about 7 x 7.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from typing import Any

Cell = tuple[int, int]
Path = tuple[int, int, tuple[Cell, ...]]
Rows = list[list[int]]


def _extended_cells(rows: int, cols: int, border: bool) -> list[Cell]:
    """Every cell a path may use: the board, plus the one-cell ring when there is a border."""
    ring = 1 if border else 0
    return [(r, c) for r in range(-ring, rows + ring) for c in range(-ring, cols + ring)]


def _walk(corners: list[Cell]) -> list[Cell] | None:
    """Cells visited along ``corners`` with unit steps, or None if the polyline is invalid.

    Valid means: consecutive corners differ in exactly one coordinate, and at every inner
    corner the direction turns by 90 degrees (one segment horizontal, the other vertical).
    """
    for before, after in pairwise(corners):
        if (before[0] == after[0]) == (before[1] == after[1]):
            return None
    for before, corner, after in zip(corners, corners[1:], corners[2:], strict=False):
        incoming_horizontal = before[0] == corner[0]
        outgoing_horizontal = corner[0] == after[0]
        if incoming_horizontal == outgoing_horizontal:
            return None
    cells = [corners[0]]
    for target in corners[1:]:
        r, c = cells[-1]
        step_r = (target[0] > r) - (target[0] < r)
        step_c = (target[1] > c) - (target[1] < c)
        while (r, c) != target:
            r, c = r + step_r, c + step_c
            cells.append((r, c))
    return cells


def ref_best_path(kinds: list[list[int]], border: bool, a: Cell, b: Cell) -> Path | None:
    """The best path from ``a`` to ``b`` by brute force, or None when they do not link."""
    rows, cols = len(kinds), len(kinds[0])
    if a == b:
        return None
    kind = kinds[a[0]][a[1]]
    if kind == 0 or kinds[b[0]][b[1]] != kind:
        return None
    open_cells = sorted(
        (r, c)
        for r, c in _extended_cells(rows, cols, border)
        if not (0 <= r < rows and 0 <= c < cols) or kinds[r][c] == 0
    )

    def in_line(cell: Cell, other: Cell) -> bool:
        return (cell[0] == other[0]) != (cell[1] == other[1])

    start, end = min(a, b), max(a, b)
    # Corners are inner cells, so they must be open; a corner not in line with its
    # neighbour along the polyline could never form a valid segment, so it is not tried.
    first_corners = [p for p in open_cells if in_line(p, start)]
    last_corners = [q for q in open_cells if in_line(q, end)]
    middles: list[tuple[Cell, ...]] = [()]
    middles += [(p,) for p in first_corners]
    middles += [(p, q) for p in first_corners for q in last_corners]
    open_set = set(open_cells)
    best: tuple[int, int, list[Cell]] | None = None
    for middle in middles:
        corners = [start, *middle, end]
        cells = _walk(corners)
        if cells is None or len(set(cells)) != len(cells):
            continue
        if not all(cell in open_set for cell in cells[1:-1]):
            continue
        candidate = (len(corners) - 2, len(cells) - 1, corners)
        if best is None or candidate < best:
            best = candidate
    if best is None:
        return None
    turns, length, corners = best
    if a != start:
        corners = corners[::-1]
    return turns, length, tuple(corners)


def ref_near_miss(kinds: list[list[int]], border: bool, a: Cell, b: Cell) -> Path | None:
    """The best path with exactly three turns from ``a`` to ``b`` by brute force, or None: when
    they are not two tiles of one kind, when they link, or when no such path exists."""
    if a == b or ref_best_path(kinds, border, a, b) is not None:
        return None
    kind = kinds[a[0]][a[1]]
    if kind == 0 or kinds[b[0]][b[1]] != kind:
        return None
    rows, cols = len(kinds), len(kinds[0])
    open_set = {
        (r, c)
        for r, c in _extended_cells(rows, cols, border)
        if not (0 <= r < rows and 0 <= c < cols) or kinds[r][c] == 0
    }
    start, end = min(a, b), max(a, b)
    # Every polyline with three corners: the first leg along the start's row, or its column.
    best: tuple[int, list[Cell]] | None = None
    for x in range(-1, cols + 1):
        for y in range(-1, rows + 1):
            for middle in (
                [(start[0], x), (y, x), (y, end[1])],
                [(y, start[1]), (y, x), (end[0], x)],
            ):
                if not all(corner in open_set for corner in middle):
                    continue  # the corners are inner cells: a quick look before the walk
                corners = [start, *middle, end]
                cells = _walk(corners)
                if cells is None or len(set(cells)) != len(cells):
                    continue
                if not all(cell in open_set for cell in cells[1:-1]):
                    continue
                candidate = (len(cells) - 1, corners)
                if best is None or candidate < best:
                    best = candidate
    if best is None:
        return None
    length, corners = best
    if a != start:
        corners = corners[::-1]
    return 3, length, tuple(corners)


def ref_moves(kinds: list[list[int]], border: bool) -> list[tuple[int, int, int, int]]:
    """Every linkable pair ``(r1, c1, r2, c2)`` with ``(r1, c1) < (r2, c2)``, sorted."""
    rows, cols = len(kinds), len(kinds[0])
    cells = [(r, c) for r in range(rows) for c in range(cols) if kinds[r][c]]
    found = []
    for index, a in enumerate(cells):
        for b in cells[index + 1 :]:
            if kinds[a[0]][a[1]] == kinds[b[0]][b[1]] and ref_best_path(kinds, border, a, b):
                found.append((*a, *b))
    return sorted(found)


class RefSplitMix64:
    """SplitMix64 transcribed from docs/engine.md, one draw at a time."""

    def __init__(self, seed: int) -> None:
        self.state = seed % 2**64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) % 2**64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        m = self.next() * n
        if m % 2**64 < n:
            t = (2**64 - n) % n
            while m % 2**64 < t:
                m = self.next() * n
        return m >> 64


def _has_move(kinds: list[list[int]], border: bool) -> bool:
    return bool(ref_moves(kinds, border))


def _smallest_positional_pair(
    kinds: list[list[int]], border: bool
) -> tuple[int, int, int, int] | None:
    one_kind = [[1 if kind else 0 for kind in row] for row in kinds]
    pairs = ref_moves(one_kind, border)
    return pairs[0] if pairs else None


def ref_shuffle(
    kinds: list[list[int]],
    border: bool,
    seed: int,
    has_move: Callable[[list[list[int]], bool], bool] = _has_move,
    positional_pair: Callable[
        [list[list[int]], bool], tuple[int, int, int, int] | None
    ] = _smallest_positional_pair,
) -> tuple[int, list[list[int]], bool]:
    """``(status, kinds after, whether step 3 ran)`` of ``shuffle(seed)`` per the docs.

    ``has_move`` and ``positional_pair`` default to the brute-force answers; a test on a
    board too large for those may pass answers it can see directly.
    """
    cols = len(kinds[0])
    board = [list(row) for row in kinds]
    cells = [(r, c) for r in range(len(board)) for c in range(cols) if board[r][c]]
    if not cells:
        return 0, board, False
    deal = [board[r][c] for r, c in cells]
    rng = RefSplitMix64(seed)
    for _ in range(64):
        for i in range(len(deal) - 1, 0, -1):
            j = rng.below(i + 1)
            deal[i], deal[j] = deal[j], deal[i]
        for (r, c), kind in zip(cells, deal, strict=True):
            board[r][c] = kind
        if has_move(board, border):
            return 0, board, False
    repeated = sorted(kind for kind, count in Counter(deal).items() if count >= 2)
    pair = positional_pair(board, border)
    if not repeated:
        return 1, [list(row) for row in kinds], True
    if pair is None:
        return 2, [list(row) for row in kinds], True
    kind = repeated[0]
    p, q = (pair[0], pair[1]), (pair[2], pair[3])

    def holders() -> list[tuple[int, int]]:
        return [cell for cell in cells if board[cell[0]][cell[1]] == kind]

    if board[p[0]][p[1]] != kind:
        h = holders()[0]
        board[p[0]][p[1]], board[h[0]][h[1]] = board[h[0]][h[1]], board[p[0]][p[1]]
    if board[q[0]][q[1]] != kind:
        h = next(cell for cell in holders() if cell != p)
        board[q[0]][q[1]], board[h[0]][h[1]] = board[h[0]][h[1]], board[q[0]][q[1]]
    return 0, board, True


# The slide variant (docs/engine.md, "Tiles slide"), written from the rule the slow way: every
# candidate link of a pair (straight, each corner plain, each corner with each mover) is tried by
# walking it cell by cell, a push simulated one unit step at a time on a copy (the run's tiles
# move together; each step needs the cell ahead of the run on the board and empty), and the best
# is the smallest by (turns, pushed or not, corners from the smaller endpoint, mover not the
# smaller endpoint).

SlideLink = tuple[Path, tuple[tuple[Cell, Cell], ...]]


def _empty_between(kinds: list[list[int]], x: Cell, y: Cell) -> bool:
    dr, dc = (y[0] > x[0]) - (y[0] < x[0]), (y[1] > x[1]) - (y[1] < x[1])
    r, c = x[0] + dr, x[1] + dc
    while (r, c) != y:
        if kinds[r][c]:
            return False
        r, c = r + dr, c + dc
    return True


def _simulated_push(
    kinds: list[list[int]], m: Cell, q: Cell
) -> tuple[tuple[Cell, Cell], ...] | None:
    rows, cols = len(kinds), len(kinds[0])
    dr, dc = (q[0] > m[0]) - (q[0] < m[0]), (q[1] > m[1]) - (q[1] < m[1])
    run = []
    r, c = m[0] + dr, m[1] + dc
    while 0 <= r < rows and 0 <= c < cols and kinds[r][c]:
        run.append((r, c))
        r, c = r + dr, c + dc
    if not run:
        return None
    copy = [row[:] for row in kinds]
    where = list(run)
    while copy[q[0]][q[1]] or not _empty_between(copy, m, q):
        lead = (where[-1][0] + dr, where[-1][1] + dc)
        if not (0 <= lead[0] < rows and 0 <= lead[1] < cols) or copy[lead[0]][lead[1]]:
            return None
        for i in reversed(range(len(where))):
            (r, c), to = where[i], (where[i][0] + dr, where[i][1] + dc)
            copy[to[0]][to[1]], copy[r][c] = copy[r][c], 0
            where[i] = to
    return tuple(zip(run, where, strict=True))


def ref_slide_link(kinds: list[list[int]], a: Cell, c: Cell) -> SlideLink | None:
    rows, cols = len(kinds), len(kinds[0])
    inside = all(0 <= x[0] < rows and 0 <= x[1] < cols for x in (a, c))
    if a == c or not inside or not kinds[a[0]][a[1]] or kinds[a[0]][a[1]] != kinds[c[0]][c[1]]:
        return None
    lo, hi = min(a, c), max(a, c)
    found: list[tuple[tuple[int, int, tuple[Cell, ...], int], SlideLink]] = []
    if (a[0] == c[0] or a[1] == c[1]) and _empty_between(kinds, a, c):
        found.append(((0, 0, (lo, hi), 0), ((0, _dist(a, c), (a, c)), ())))
    if a[0] != c[0] and a[1] != c[1]:
        for q in ((a[0], c[1]), (c[0], a[1])):
            path = (1, _dist(a, q) + _dist(q, c), (a, q, c))
            if (
                not kinds[q[0]][q[1]]
                and _empty_between(kinds, a, q)
                and _empty_between(kinds, q, c)
            ):
                found.append(((1, 0, (lo, q, hi), 0), (path, ())))
            for m, o in ((a, c), (c, a)):
                pushed = _simulated_push(kinds, m, q) if _empty_between(kinds, q, o) else None
                if pushed:
                    found.append(((1, 1, (lo, q, hi), int(m != lo)), (path, pushed)))
    return min(found)[1] if found else None


def _dist(x: Cell, y: Cell) -> int:
    return abs(x[0] - y[0]) + abs(x[1] - y[1])


def ref_segment(gravity: str, rows: int, cols: int, r: int, c: int) -> tuple[Any, list] | None:
    """The segment of (r, c) from the end its tiles slide toward, cell by cell (docs table)."""
    half_rows, half_cols = rows // 2, cols // 2
    column = [(y, c) for y in range(rows)]
    row = [(r, x) for x in range(cols)]
    if gravity == "down":
        return ("column", c), column[::-1]
    if gravity == "up":
        return ("column", c), column
    if gravity == "left":
        return ("row", r), row
    if gravity == "right":
        return ("row", r), row[::-1]
    if gravity == "split-h":
        if c < half_cols:
            return ("left", r), row[:half_cols]
        if c >= cols - half_cols:
            return ("right", r), row[cols - half_cols :][::-1]
    if gravity == "split-v":
        if r < half_rows:
            return ("top", c), column[:half_rows]
        if r >= rows - half_rows:
            return ("bottom", c), column[rows - half_rows :][::-1]
    return None


def ref_settle(kinds: Rows, gravity: str, removed: list) -> tuple[list, list]:
    """Compacts every touched segment cell by cell, as rust/src/gravity.rs walks them; returns
    the writes (index, old, new) and the slides sorted by their start. ``kinds`` is updated."""
    rows, cols = len(kinds), len(kinds[0])
    writes: list[tuple[int, int, int]] = []
    slides = []
    done = []
    for r, c in removed:
        found = ref_segment(gravity, rows, cols, r, c)
        if found is None or found[0] in done:
            continue
        done.append(found[0])
        cells = found[1]
        dest = 0
        for i, (y, x) in enumerate(cells):
            kind = kinds[y][x]
            if kind == 0:
                continue
            if i != dest:
                ty, tx = cells[dest]
                writes.append((ty * cols + tx, kinds[ty][tx], kind))
                kinds[ty][tx] = kind
                writes.append((y * cols + x, kind, 0))
                kinds[y][x] = 0
                slides.append(((y, x), (ty, tx)))
            dest += 1
    return writes, sorted(slides)

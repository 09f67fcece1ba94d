"""The best linking path between two tiles, exactly as docs/engine.md defines it.

The finder never walks cells: every "is this stretch empty?" question is one mask-and-shift
on a row or column bitset of the grid, so a query costs ``O(rows + cols)`` bit operations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import reduce
from itertools import islice
from operator import or_

from .grid import Grid

Cell = tuple[int, int]
Path = tuple[int, int, tuple[Cell, ...]]

# Candidate middle positions tried one by one before switching to a single sweep: OR-ing the
# bitsets of every crossed line marks all blocked positions at once, which beats testing a
# long run of candidates that mostly fail (sparse boards, far-apart tiles).
_TRY_EACH_LIMIT = 12
# Roughly how many line bitsets can be OR-ed in the time one candidate test takes.
_LINES_PER_CANDIDATE = 6


def best_path(grid: Grid, r1: int, c1: int, r2: int, c2: int) -> Path | None:
    """``(turns, length, corners)`` of the best path from ``(r1, c1)`` to ``(r2, c2)``.

    Both cells must hold tiles and differ; their kinds are not compared, so the same call
    answers "could these two cells link?". ``corners`` runs from the first cell to the second.
    """
    swapped = (r1, c1) > (r2, c2)
    if swapped:
        r1, c1, r2, c2 = r2, c2, r1, c1
    found = _best_from_smaller(grid, r1, c1, r2, c2)
    if found is None or not swapped:
        return found
    turns, length, corners = found
    return turns, length, corners[::-1]


def _best_from_smaller(grid: Grid, ar: int, ac: int, br: int, bc: int) -> Path | None:
    """The best path from ``a`` to ``b`` when ``a < b`` in row-major order."""
    if ar == br:
        if grid.row_clear(ar, ac, bc):
            return 0, bc - ac, ((ar, ac), (br, bc))
    elif ac == bc:
        if grid.col_clear(ac, ar, br):
            return 0, br - ar, ((ar, ac), (br, bc))
    else:
        manhattan = br - ar + abs(bc - ac)
        if grid.is_empty(ar, bc) and grid.row_clear(ar, ac, bc) and grid.col_clear(bc, ar, br):
            return 1, manhattan, ((ar, ac), (ar, bc), (br, bc))
        if grid.is_empty(br, ac) and grid.col_clear(ac, ar, br) and grid.row_clear(br, ac, bc):
            return 1, manhattan, ((ar, ac), (br, ac), (br, bc))

    via_column = _best_vertical_middle(grid, ar, ac, br, bc) if ar != br else None
    via_row = _best_horizontal_middle(grid, ar, ac, br, bc) if ac != bc else None
    if via_column is None:
        return via_row
    if via_row is None:
        return via_column
    # On equal length the smaller first corner decides; the two families never share one.
    if (via_column[1], via_column[2][1]) <= (via_row[1], via_row[2][1]):
        return via_column
    return via_row


def _candidates(low: int, high: int, p: int, q: int) -> Iterator[int]:
    """Middle-segment positions in ``[low, high]`` in the documented order, minus ``p``, ``q``.

    First every position between ``p`` and ``q`` ascending (all of minimal length), then
    outwards one step at a time, the smaller side first: exactly length-then-corner order.
    """
    near, far = (p, q) if p < q else (q, p)
    for x in range(max(low, near), min(high, far) + 1):
        if x != p and x != q:
            yield x
    step = 1
    while True:
        below, above = near - step, far + step
        below_fits, above_fits = below >= low, above <= high
        if not (below_fits or above_fits):
            return
        if below_fits:
            yield below
        if above_fits:
            yield above
        step += 1


def _first_clear(
    low: int,
    high: int,
    p: int,
    q: int,
    is_clear: Callable[[int], bool],
    crossing_lines: Callable[[], list[int]],
    crossing_count: int,
) -> int | None:
    """The first candidate middle position (``_candidates`` order) whose segment is clear.

    ``is_clear`` tests one position; ``crossing_lines`` gives the bitsets of the
    ``crossing_count`` lines the middle segment crosses (bit ``x``: position ``x`` blocked).
    """
    candidates = _candidates(low, high, p, q)
    for position in islice(candidates, _TRY_EACH_LIMIT):
        if is_clear(position):
            return position
    untried = high - low + 1 - _TRY_EACH_LIMIT
    # One OR per crossed line is several times cheaper than one test per candidate.
    if crossing_count >= _LINES_PER_CANDIDATE * untried:
        for position in candidates:
            if is_clear(position):
                return position
        return None
    if next(candidates, None) is None:
        return None
    return _first_open(low, high, p, q, reduce(or_, crossing_lines(), 0))


def _first_open(low: int, high: int, p: int, q: int, blocked: int) -> int | None:
    """What ``_candidates`` would yield first among positions not set in ``blocked``."""
    # Position x is bit x + 1, so that the ring position -1 gets a bit too; the ring is
    # never blocked.
    open_bits = ~(blocked << 1) & ~((1 << (p + 1)) | (1 << (q + 1)))

    def within(first: int, last: int) -> int:
        if first > last:
            return 0
        return open_bits & (((1 << (last - first + 1)) - 1) << (first + 1))

    near, far = (p, q) if p < q else (q, p)
    inside = within(max(low, near), min(high, far))
    if inside:
        return (inside & -inside).bit_length() - 2
    before, after = within(low, near - 1), within(far + 1, high)
    closest_before = before.bit_length() - 2 if before else None
    closest_after = (after & -after).bit_length() - 2 if after else None
    if closest_before is None:
        return closest_after
    if closest_after is None or near - closest_before <= closest_after - far:
        return closest_before
    return closest_after


def _best_vertical_middle(grid: Grid, ar: int, ac: int, br: int, bc: int) -> Path | None:
    """Best H-V-H path: along row ``ar`` to column ``x``, down it, along row ``br``."""
    low = max(grid.left_end(ar, ac), grid.left_end(br, bc))
    high = min(grid.right_end(ar, ac), grid.right_end(br, bc))
    if low > high:
        return None
    x = _first_clear(
        low,
        high,
        ac,
        bc,
        lambda column: grid.col_clear(column, ar, br),
        lambda: grid.row_bits[ar + 1 : br],
        br - ar - 1,
    )
    if x is None:
        return None
    length = br - ar + abs(ac - x) + abs(x - bc)
    return 2, length, ((ar, ac), (ar, x), (br, x), (br, bc))


def _best_horizontal_middle(grid: Grid, ar: int, ac: int, br: int, bc: int) -> Path | None:
    """Best V-H-V path: along column ``ac`` to row ``y``, across it, along column ``bc``."""
    low = max(grid.up_end(ar, ac), grid.up_end(br, bc))
    high = min(grid.down_end(ar, ac), grid.down_end(br, bc))
    if low > high:
        return None
    left, right = (ac, bc) if ac < bc else (bc, ac)
    y = _first_clear(
        low,
        high,
        ar,
        br,
        lambda row: grid.row_clear(row, ac, bc),
        lambda: grid.col_bits[left + 1 : right],
        right - left - 1,
    )
    if y is None:
        return None
    length = abs(ac - bc) + abs(ar - y) + abs(y - br)
    return 2, length, ((ar, ac), (y, ac), (y, bc), (br, bc))

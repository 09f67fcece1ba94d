"""The near miss (miss.rs): for two tiles of one kind that do not link, the best path that
joins them with exactly three turns, in the path's order (docs/engine.md).

A three-turn path is a leg from ``a`` along its line to ``(al, s)``, a leg across to
``(t, s)``, a leg along line ``t`` to ``(t, bp)`` and one across to ``b``; lines are rows, or
columns for the other family. The positions ``s`` the first leg reaches are one int's bits;
sweeping ``t`` away from ``a``'s line, one AND with each line's bitset keeps those whose leg
across is still clear, and at each ``t`` that ``b`` reaches across the best of them within
``b``'s run along ``t`` is a mask and a bit scan. The same sweep as the Rust core's, without
its chunks: an int holds any number of positions.
"""

from __future__ import annotations

from .grid import Grid

Cell = tuple[int, int]
Path = tuple[int, int, tuple[Cell, ...]]
# (length, s, t): within a family, the corners compare as (s, t) do.
Key = tuple[int, int, int]


def near_miss(grid: Grid, r1: int, c1: int, r2: int, c2: int) -> Path | None:
    """``(3, length, corners)`` of the best three-turn path from ``(r1, c1)`` to ``(r2, c2)``,
    two tiles of one kind that do not link (the caller checks), or None when there is none."""
    swapped = (r1, c1) > (r2, c2)
    a, b = ((r2, c2), (r1, c1)) if swapped else ((r1, c1), (r2, c2))
    found = [
        family
        for family in (_Frame(grid, False).best(a, b), _Frame(grid, True).best(a, b))
        if family is not None
    ]
    if not found:
        return None
    # Equal lengths: the second corner decides ((ar, s) against (y, ac): never equal).
    length, corners = min(found)
    if swapped:
        corners = corners[::-1]
    return 3, length, corners


def _span(low: int, high: int) -> int:
    """Bits for positions ``low..=high`` (position ``p`` is bit ``p + 1``: the ring's ``-1``
    has one too); 0 when the range is empty."""
    if low > high:
        return 0
    return ((1 << (high - low + 1)) - 1) << (low + 1)


def _lowest(bits: int) -> int:
    return (bits & -bits).bit_length() - 2


def _nearest(reach: int, low: int, high: int, near: int, far: int) -> int | None:
    """The position of ``reach`` in ``low..=high`` nearest ``near..=far`` (every position there
    is as near), the smaller one among equals."""
    inside = reach & _span(max(low, near), min(high, far))
    if inside:
        return _lowest(inside)
    below = reach & _span(low, min(high, near - 1))
    above = reach & _span(max(low, far + 1), high)
    if not above:
        return below.bit_length() - 2 if below else None
    if not below:
        return _lowest(above)
    below_at, above_at = below.bit_length() - 2, _lowest(above)
    return below_at if near - below_at <= above_at - far else above_at


class _Frame:
    """The board as lines and positions along them: rows and columns, or, transposed, columns
    and rows. A path's first and third legs run along lines, its second and fourth across."""

    __slots__ = ("grid", "line_bits", "lines", "positions", "transposed")

    def __init__(self, grid: Grid, transposed: bool) -> None:
        self.grid, self.transposed = grid, transposed
        shape = (grid.cols, grid.rows) if transposed else (grid.rows, grid.cols)
        self.lines, self.positions = shape
        self.line_bits = grid.col_bits if transposed else grid.row_bits

    def swap(self, line: int, position: int) -> Cell:
        """A frame's ``(line, position)`` as a cell, and a cell as ``(line, position)``."""
        return (position, line) if self.transposed else (line, position)

    def along(self, line: int, position: int) -> tuple[int, int]:
        """The ends of the empty run along ``line`` through ``position`` (on the board), the
        position itself not counted; a ring line is empty end to end."""
        grid = self.grid
        if not 0 <= line < self.lines:
            return -1, self.positions
        if self.transposed:
            return grid.up_end(position, line), grid.down_end(position, line)
        return grid.left_end(line, position), grid.right_end(line, position)

    def across(self, line: int, position: int) -> tuple[int, int]:
        """The ends of the empty run across the lines through the cell at ``(line, position)``."""
        grid = self.grid
        if self.transposed:
            return grid.left_end(position, line), grid.right_end(position, line)
        return grid.up_end(line, position), grid.down_end(line, position)

    def best(self, a: Cell, b: Cell) -> tuple[int, tuple[Cell, ...]] | None:
        """``(length, corners)`` of this family's best path ``a, (al, s), (t, s), (t, bp), b``."""
        (al, ap), (bl, bp) = self.swap(*a), self.swap(*b)
        # The lines the third leg may take: b's reach across, but b's own line (on a board in
        # play, often nothing is left: then there is no path of this family).
        t_low, t_high = self.across(bl, bp)
        t_low, t_high = t_low + (t_low == bl), t_high - (t_high == bl)
        if t_low > t_high:
            return None
        low, high = self.along(al, ap)
        # The first leg is a leg: not a's own position (which would only make the set live
        # longer: a path from it would be a link of two turns, and there is none).
        start = _span(low, high) & ~(1 << (ap + 1))
        if not start:
            return None
        best: Key | None = None
        for step, stop in ((-1, t_low - 1), (1, t_high + 1)):
            best = self._sweep(start, (al, ap), (bl, bp), step, stop, (t_low, t_high), best)
        if best is None:
            return None
        length, s, t = best
        return length, (a, self.swap(al, s), self.swap(t, s), self.swap(t, bp), b)

    def _sweep(
        self,
        reach: int,
        a: tuple[int, int],
        b: tuple[int, int],
        step: int,
        stop: int,
        t_range: tuple[int, int],
        best: Key | None,
    ) -> Key | None:
        """Lines ``t`` from ``al + step`` to ``stop`` (exclusive): ``reach`` keeps the positions
        whose leg across from line ``al`` to ``t`` is clear; at each ``t`` in ``t_range``, the
        best of them within ``b``'s run along ``t`` is a candidate. Stops when ``reach`` is
        empty or no further line can be as short as ``best``."""
        (al, ap), (bl, bp) = a, b
        t_low, t_high = t_range
        near, far = min(ap, bp), max(ap, bp)
        line_bits, lines = self.line_bits, self.lines
        for t in range(al + step, stop, step):
            # The legs across never get shorter as t moves away; those along are >= far - near.
            across = abs(al - t) + abs(t - bl)
            if best is not None and across + far - near > best[0]:
                break
            if 0 <= t < lines:
                reach &= ~(line_bits[t] << 1)
                if not reach:
                    break
            if t != bl and t_low <= t <= t_high:
                left, right = self.along(t, bp)
                s = _nearest(reach, left, right, near, far)
                if s is not None:
                    key = (across + abs(ap - s) + abs(s - bp), s, t)
                    if best is None or key < best:
                        best = key
        return best

"""Gravity: after a removal, the tiles of each segment that lost a tile slide toward its end.

The twin of rust/src/gravity.rs (docs/engine.md, "Gravity"). A segment is a stretch of one row
or column; compacting it keeps its tiles' order. Instead of walking every cell of a segment,
a segment is a strided view of the kinds and its tiles are found with numpy: tiles before the
first hole (counted from the end tiles slide toward) never move, and only the tiles past it are
written. The writes are the very ones rust/src/gravity.rs makes, in the same order.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .._limits import GRAVITY_MODES
from .grid import Grid
from .history import Change, write

NONE = "none"
MODES = GRAVITY_MODES

Cell = tuple[int, int]
Slide = tuple[Cell, Cell]

# A segment: (key naming it, along a row?, line, first position, last position, toward the
# first position?). Positions are columns along a row, rows along a column, first <= last.
_Segment = tuple[tuple[int, int], bool, int, int, int, bool]


def _segment(gravity: str, rows: int, cols: int, r: int, c: int) -> _Segment | None:
    """The segment holding ``(r, c)``; None where tiles do not slide."""
    half_rows, half_cols = rows // 2, cols // 2
    if gravity == "down":
        return (0, c), False, c, 0, rows - 1, False
    if gravity == "up":
        return (0, c), False, c, 0, rows - 1, True
    if gravity == "left":
        return (1, r), True, r, 0, cols - 1, True
    if gravity == "right":
        return (1, r), True, r, 0, cols - 1, False
    if gravity == "split-h":
        if c < half_cols:
            return (2, r), True, r, 0, half_cols - 1, True
        if c >= cols - half_cols:
            return (3, r), True, r, cols - half_cols, cols - 1, False
        return None
    if gravity == "split-v":
        if r < half_rows:
            return (2, c), False, c, 0, half_rows - 1, True
        if r >= rows - half_rows:
            return (3, c), False, c, rows - half_rows, rows - 1, False
        return None
    return None


def at_back(grid: Grid, gravity: str, index: int, allowed: tuple[int, ...]) -> bool:
    """Does the tile at ``index`` sit at the back of a settled segment, behind it only tiles of
    ``allowed``? Its segment is compact (no tile behind an empty cell) and every tile farther
    from the end tiles slide toward is one of ``allowed``; true for a tile of no segment, which
    never moves (rust/src/gravity.rs, ``at_back``; docs/engine.md, "Safe moves with
    gravity")."""
    cols = grid.cols
    segment = _segment(gravity, grid.rows, cols, *divmod(index, cols))
    if segment is None:
        return True
    _, along_row, line, first, last, toward_first = segment
    # Walked from the back, so that a tile with others behind it (most) is turned down at once.
    positions = range(last, first - 1, -1) if toward_first else range(first, last + 1)
    flat = grid.flat
    seen_tile = False
    for position in positions:
        cell = line * cols + position if along_row else position * cols + line
        if flat[cell] == 0:
            if seen_tile:
                return False  # a tile behind a hole: not settled
            continue
        seen_tile = True
        if cell == index:
            ahead = (
                range(position - 1, first - 1, -1)
                if toward_first
                else range(position + 1, last + 1)
            )
            at: Callable[[int], int] = (
                (lambda p: line * cols + p) if along_row else (lambda p: p * cols + line)
            )
            return all(flat[at(p)] != 0 for p in ahead)
        if cell not in allowed:
            return False
    return True


def plan(grid: Grid, gravity: str, removed: list[Cell]) -> tuple[np.ndarray, np.ndarray]:
    """The moves that compact every segment holding one of the ``removed`` cells, as int64
    arrays ``(from, to)`` of row-major cell indices, in the order rust/src/gravity.rs makes
    them. Nothing is written.

    Segments are disjoint, so planning them all from the current kinds is the same as
    compacting them one after the other. Walking a segment from the end its tiles slide
    toward, the tiles before the first hole stay; each later tile moves to the next free
    position.
    """
    sources: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    if gravity != NONE:
        rows, cols, flat = grid.rows, grid.cols, grid.flat
        done: list[tuple[int, int]] = []
        for r, c in removed:
            segment = _segment(gravity, rows, cols, r, c)
            if segment is None:
                continue
            key, along_row, line, first, last, toward_first = segment
            if key in done:
                continue
            done.append(key)
            step = 1 if along_row else cols
            start = line * cols + first if along_row else first * cols + line
            length = last - first + 1
            forward = flat[start : start + step * (length - 1) + 1 : step]
            walk = forward if toward_first else forward[::-1]
            tiles = np.flatnonzero(walk)
            # tiles[i] >= i, with equality exactly for the tiles before the first hole.
            staying = int(np.count_nonzero(tiles == np.arange(tiles.size)))
            if staying == tiles.size:
                continue
            moving = tiles[staying:]
            free = np.arange(staying, tiles.size)
            if not toward_first:
                moving, free = length - 1 - moving, length - 1 - free
            sources.append(start + moving * step)
            targets.append(start + free * step)
    if not sources:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    return np.concatenate(sources), np.concatenate(targets)


def settle(grid: Grid, gravity: str, removed: list[Cell], changes: list[Change]) -> list[Slide]:
    """Compact every segment that holds one of the ``removed`` cells, noting each rewritten cell
    in ``changes`` (each mover: its target written, then its start emptied). Return the slides
    ``(from, to)`` sorted by ``from``."""
    sources, targets = plan(grid, gravity, removed)
    if not sources.size:
        return []
    # The faces move (the keys follow them: `Grid.set`).
    flat, cols = grid.face_flat, grid.cols
    moves = list(zip(sources.tolist(), targets.tolist(), strict=True))
    for frm, to in moves:
        write(grid, changes, to, int(flat[frm]))
        write(grid, changes, frm, 0)
    slides = [(divmod(frm, cols), divmod(to, cols)) for frm, to in moves]
    slides.sort()
    return slides

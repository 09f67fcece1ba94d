"""The solver's first-solution phase on big boards (docs/engine.md, "Solver", "The dive").

The twin of rust/src/solve/dive.rs: a greedy dive that asks each state for one move, found by
a short local search from a tile near the last removal, with a sweep of the cells under it; a
dive that clears the board is a valid solution, one that gets stuck proves nothing. The same
constants and the same order as the Rust core, so both give the same moves and states.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .grid import Grid
from .history import Change
from .near import _DIRS, _ray
from .path import best_path

Move = tuple[int, int]

DIVE_MIN_TILES = 1 << 12
DIVE_MIN_TILES_GRAVITY = 1 << 8  # with gravity (rust/src/solve/dive.rs says why)
PARTNER_RAYS = 64
BACKOFFS = (16, 128, 1024, 8192, 65536)
COMPLETE_BACKOFF_MAX = 1024
COMPLETE_MAX_CELLS = 1 << 16
BACKOFF_STATES_PER_MOVE = 16
PAIRWISE_MAX_TILES = 256
ENDGAME_TILES = 2048
# Dive moves between two polls: fewer than the Rust twin's 256, since a move costs far more
# here (a 300x300 board's 256 moves took 85 ms, a time limit's overshoot).
MOVES_PER_POLL = 16


# A tile's facing for the dive (rust/src/solve/dive.rs, `Facing`): the board turned so that its
# gravity points down. Each gives the board's directions of the facing's up, down, left and
# right; across each of them, the two a path turns to, as places in that list.
_FACING_DIRS = {
    "down": _DIRS,
    "up": ((1, 0), (-1, 0), (0, -1), (0, 1)),
    "left": ((0, 1), (0, -1), (-1, 0), (1, 0)),
    "right": ((0, -1), (0, 1), (-1, 0), (1, 0)),
}
_ACROSS = ((2, 3), (3, 2), (0, 1), (1, 0))


def facing(gravity: str, grid: Grid, index: int) -> str:
    """The facing of the tile at `index`: a split's halves each have their own."""
    rows, cols = grid.rows, grid.cols
    r, c = divmod(index, cols)
    if gravity in ("up", "left", "right"):
        return gravity
    if gravity == "split-h" and c < cols // 2:
        return "left"
    if gravity == "split-h" and c >= cols - cols // 2:
        return "right"
    if gravity == "split-v" and r < rows // 2:
        return "up"
    return "down"  # no gravity, down, a split's bottom half and its middle line


def _facing_key(face: str, grid: Grid, index: int) -> int:
    """Where the cell comes in the facing's row-major order (its index for down)."""
    rows, cols = grid.rows, grid.cols
    r, c = divmod(index, cols)
    if face == "up":
        return (rows - 1 - r) * cols + c
    if face == "left":
        return (cols - 1 - c) * rows + r
    if face == "right":
        return c * rows + r
    return index


def first_partner(grid: Grid, t: int, face: str = "down") -> int | None:
    """The first tile of `t`'s kind a path of at most two turns joins to `t`: straight paths
    first, then one turn, then two (each level in the order of the facing's directions, nearer
    cells first), giving up after `PARTNER_RAYS` rays of the turning levels."""
    dirs = _FACING_DIRS[face]
    cols, flat = grid.cols, grid.flat
    sr, sc = divmod(t, cols)
    kind = int(flat[t])

    def partner(end: tuple[int, int] | None) -> int | None:
        if end is None:
            return None
        q = end[0] * cols + end[1]
        return q if int(flat[q]) == kind else None

    legs = []
    for d1 in dirs:
        length, end = _ray(grid, sr, sc, d1)
        q = partner(end)
        if q is not None:
            return q
        legs.append(length)
    rays = 0
    for turns in (1, 2):
        for n, (d1, leg) in enumerate(zip(dirs, legs, strict=True)):
            for i in range(1, leg + 1):
                xr, xc = sr + i * d1[0], sc + i * d1[1]
                for d2 in (dirs[_ACROSS[n][0]], dirs[_ACROSS[n][1]]):
                    length2, end = _ray(grid, xr, xc, d2)
                    rays += 1
                    if turns == 1:
                        q = partner(end)
                        if q is not None:
                            return q
                    else:
                        for j in range(1, length2 + 1):
                            yr, yc = xr + j * d2[0], xc + j * d2[1]
                            for d3 in (d1, (-d1[0], -d1[1])):
                                rays += 1
                                q = partner(_ray(grid, yr, yc, d3)[1])
                                if q is not None:
                                    return q
                            if rays >= PARTNER_RAYS:
                                return None
                    if rays >= PARTNER_RAYS:
                        return None
    return None


def first_linked_tile(grid: Grid, t: int) -> int | None:
    """The first tile of `t`'s kind, in index order, that a path joins to `t`: the test of every
    pair the local search may give up on in wide empty regions."""
    cols, flat = grid.cols, grid.flat
    ra, ca = divmod(t, cols)
    q: int
    for q in np.flatnonzero(flat == flat[t]).tolist():
        if q != t and best_path(grid, ra, ca, *divmod(q, cols)) is not None:
            return q
    return None


class Sweep:
    """The order of the dive's sweep (rust/src/solve/dive.rs, `Sweep`): lines of cells, each
    read in index order (rows, or columns when tiles slide sideways), taken so that the backs
    of the gravity's segments come first: rows from the top with gravity down (and without),
    from the bottom with gravity up, columns from the right with gravity left, from the left
    with gravity right, and for a split its middle line, then the halves' lines from the
    middle outward."""

    def __init__(self, grid: Grid, gravity: str) -> None:
        rows, cols = grid.rows, grid.cols

        def split(n: int) -> list[int]:
            half = n // 2
            middle = [half] if n % 2 else []
            return middle + [x for p in reversed(range(half)) for x in (p, n - 1 - p)]

        lines = {
            "up": (False, list(reversed(range(rows)))),
            "split-v": (False, split(rows)),
            "right": (True, list(range(cols))),
            "left": (True, list(reversed(range(cols)))),
            "split-h": (True, split(cols)),
        }
        self.vertical, self.lines = lines.get(gravity, (False, list(range(rows))))
        self.len = rows if self.vertical else cols

    def next_tile(self, grid: Grid, start: int) -> tuple[int, int] | None:
        """The first tile at place `start` of the sweep or after, and its place."""
        bits_of = grid.col_bits if self.vertical else grid.row_bits
        first, offset = divmod(start, self.len)
        for k in range(first, len(self.lines)):
            line = self.lines[k]
            skip = offset if k == first else 0
            bits = bits_of[line] >> skip
            if bits:
                p = (bits & -bits).bit_length() - 1 + skip
                cell = p * grid.cols + line if self.vertical else line * grid.cols + p
                return cell, k * self.len + p
        return None


def linked_pairs(grid: Grid) -> list[Move]:
    """Every linking pair ``(a, c)``, ``a < c``, sorted (what the scan lists), by a path test
    per pair of tiles of a kind: cheap on a big board with few tiles left."""
    cols = grid.cols
    by_kind: dict[int, list[int]] = {}
    for i in grid.flat.nonzero()[0].tolist():
        by_kind.setdefault(int(grid.flat[i]), []).append(i)
    pairs = []
    for tiles in by_kind.values():
        for n, a in enumerate(tiles):
            ra, ca = divmod(a, cols)
            for c in tiles[n + 1 :]:
                if best_path(grid, ra, ca, *divmod(c, cols)) is not None:
                    pairs.append((a, c))
    pairs.sort()
    return pairs


def dive(
    grid: Grid,
    gravity: str,
    make: Callable[[Move], list[Change]],
    room: Callable[[], bool],
    poll: Callable[[], object],
) -> tuple[str, list[list[Change]]]:
    """The dive from the current state: a stack of tiles to ask over a sweep of the cells in
    the order of `Sweep`, round and round, jumping over empty cells. The tile asked is removed
    with its first partner as its facing reads (on a board of at most `ENDGAME_TILES` tiles,
    else with the first tile of its kind it links to) by `make`, which counts a state and
    returns the changes, and the tiles the removal touched go on the stack (a tile from the
    stack is asked only if pushed since it was last asked). Stuck when the sweep has gone round
    every cell since the last move. `room()` says whether the budget allows another state.
    Returns ("solved" | "unknown" | "stuck", the changes of each move made)."""
    made: list[list[Change]] = []
    ask: list[int] = []
    flat = grid.flat
    cells = len(flat)
    sweep = Sweep(grid, gravity)
    cursor = idle = 0
    moves = 0
    # The cells pushed since they were last asked: the copies of a tile under its latest push
    # would ask again what its last answer already said.
    fresh: set[int] = set()
    while True:
        if grid.remaining == 0:
            return "solved", made
        if ask:
            t = ask.pop()
            if t not in fresh:
                continue
            fresh.discard(t)
        else:
            found = sweep.next_tile(grid, cursor)
            if found is not None:
                t, at = found
                skipped = at - cursor
            else:
                found = sweep.next_tile(grid, 0)
                if found is None:
                    return "stuck", made
                t, at = found
                skipped = at + cells - cursor
            if idle + skipped >= cells:
                return "stuck", made
            idle += skipped + 1
            cursor = (at + 1) % cells
            fresh.discard(t)
        if not flat[t]:
            continue
        q = first_partner(grid, t, facing(gravity, grid, t))
        if q is None and grid.remaining <= ENDGAME_TILES:
            q = first_linked_tile(grid, t)
        if q is None:
            continue
        if not room():
            return "unknown", made
        if moves % MOVES_PER_POLL == 0:
            poll()
        moves += 1
        a, c = min(t, q), max(t, q)
        changes = make((a, c))
        made.append(changes)
        idle = 0
        if grid.remaining == 0:
            return "solved", made
        start = len(ask)
        _touched(grid, gravity, changes, (a, c), ask)
        fresh.update(ask[start:])


def _touched(grid: Grid, gravity: str, changes: list[Change], move: Move, ask: list[int]) -> None:
    """Pushes the tiles whose lines a move changed: the cells the move gave a new tile (the
    kind there now is a tile's and not the one before the move), in the order of their facings
    (index order with gravity down), then the first tile in each of the facing's directions,
    last first, from each emptied cell (the later in facing order first)."""
    # Read off the board and the kinds before the move, not off the changes, which each core
    # writes in its own order and with its own repeats: a cell's first change holds its kind
    # before the move.
    flat = grid.flat
    before: dict[int, int] = {}
    for index, old, _ in changes:
        before.setdefault(index, old)

    def key(t: int) -> tuple[int, int]:
        return _facing_key(facing(gravity, grid, t), grid, t), t

    ask.extend(sorted((i for i in before if flat[i] and flat[i] != before[i]), key=key))
    cols = grid.cols
    a, c = move if key(move[0]) < key(move[1]) else (move[1], move[0])
    for t in (c, a):
        r, q = divmod(t, cols)
        for d in reversed(_FACING_DIRS[facing(gravity, grid, t)]):
            end = _ray(grid, r, q, d)[1]
            if end is not None:
                ask.append(end[0] * cols + end[1])

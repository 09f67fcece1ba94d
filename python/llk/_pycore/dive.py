"""The solver's first-solution phase on big boards (docs/engine.md, "Solver", "The dive").

The twin of rust/src/solve/dive.rs: a greedy dive that asks each state for one move, found by
a short local search from a tile near the last removal, with a sweep of the cells under it; a
dive that clears the board is a valid solution, one that gets stuck proves nothing. The same
constants and the same order as the Rust core, so both give the same moves and states.
"""

from __future__ import annotations

from collections.abc import Callable

from .grid import Grid
from .near import _DIRS, _ray
from .path import best_path

Move = tuple[int, int]

DIVE_MIN_TILES = 1 << 12
PARTNER_RAYS = 64
BACKOFFS = (16, 128, 1024)
BACKOFF_STATES_PER_MOVE = 16
PAIRWISE_MAX_TILES = 256
MOVES_PER_POLL = 256


def first_partner(grid: Grid, t: int) -> int | None:
    """The first tile of `t`'s kind a path of at most two turns joins to `t`: straight paths
    first, then one turn, then two (each level in the order of the directions, nearer cells
    first), giving up after `PARTNER_RAYS` rays of the turning levels."""
    cols, flat = grid.cols, grid.flat
    sr, sc = divmod(t, cols)
    kind = int(flat[t])

    def partner(end: tuple[int, int] | None) -> int | None:
        if end is None:
            return None
        q = end[0] * cols + end[1]
        return q if int(flat[q]) == kind else None

    legs = []
    for d1 in _DIRS:
        length, end = _ray(grid, sr, sc, d1)
        q = partner(end)
        if q is not None:
            return q
        legs.append(length)
    rays = 0
    for turns in (1, 2):
        for d1, leg in zip(_DIRS, legs, strict=True):
            for i in range(1, leg + 1):
                xr, xc = sr + i * d1[0], sc + i * d1[1]
                for d2 in ((d1[1], d1[0]), (-d1[1], -d1[0])):
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
    make: Callable[[Move], list],
    room: Callable[[], bool],
    poll: Callable[[], object],
) -> tuple[str, list[list]]:
    """The dive from the current state: a stack of tiles to ask over a sweep of the cells in
    index order, round and round. The tile asked is removed with its first partner (`make`,
    which counts a state and returns the changes), and the tiles the removal touched go on
    the stack. `room()` says whether the budget allows another state. Returns ("solved" |
    "unknown" | "stuck", the changes of each move made)."""
    made: list[list] = []
    ask: list[int] = []
    flat = grid.flat
    cells = len(flat)
    cursor = idle = 0
    pair: int | None = None
    moves = 0
    while True:
        if grid.remaining == 0:
            return "solved", made
        if ask:
            t = ask.pop()
        elif idle < cells:
            t = cursor
            cursor = (cursor + 1) % cells
            idle += 1
        else:
            found = linked_pairs(grid)[:1] if grid.remaining <= PAIRWISE_MAX_TILES else []
            if not found:
                return "stuck", made
            t, pair = found[0]
        if not flat[t]:
            continue
        q = pair if pair is not None else first_partner(grid, t)
        pair = None
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
        _touched(grid, changes, (a, c), ask)


def _touched(grid: Grid, changes: list, move: Move, ask: list[int]) -> None:
    """Pushes the tiles whose lines a move changed: the cells its changes wrote a tile to (the
    tiles gravity moved), then the first tile in each direction from each emptied cell."""
    # The cores note a slide's changes in different orders: the cells that hold a tile now, in
    # the order of their index, once each.
    flat = grid.flat
    ask.extend(sorted({index for index, _, _ in changes if flat[index]}))
    cols = grid.cols
    for t in (move[1], move[0]):
        r, c = divmod(t, cols)
        for d in reversed(_DIRS):
            end = _ray(grid, r, c, d)[1]
            if end is not None:
                ask.append(end[0] * cols + end[1])

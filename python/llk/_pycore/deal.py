"""Deals: kinds over the tile cells, at random or with a solution built in.

The twin of rust/src/deal/ (docs/engine.md, "Deals"). A solvable deal plays a *positional
game* first (which cells empty in which order, kinds unknown) and then gives each removed pair a
kind, so it cannot fail and needs no retry. Every draw from the PRNG is taken in the very order
the Rust core takes it, so a seed gives the same board on both backends.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors as E
from . import scan
from .gravity import plan
from .grid import Grid
from .rng import SplitMix64

# A solution: the moves that clear a board, as pairs of cell indices at the time each is made.
Solution = list[tuple[int, int]]

# How many random tiles the positional game tries before it takes the smallest linkable pair.
TRIES = 32

# The positional games a solvable deal can play (docs/engine.md, "Deals"): 1, a try's partners
# are every cell linking with at most one turn; 2, the nearest tile in each direction, the
# one-turn partners only for a tile with none in line; 3, version 2's game, which a solvable
# deal under the slide rules plays too (versions 1 and 2 drew those at random and kept the
# first the solver cleared). Share codes name their version.
VERSIONS = (1, 2, 3)
LATEST_VERSION = 3
# The first version whose solvable deals under the slide rules are built by the positional game.
SLIDE_BUILT = 3


def fisher_yates(items: list[Any], rng: SplitMix64) -> None:
    """For ``i`` from ``n-1`` down to 1: swap ``items[i]`` with ``items[below(i + 1)]``."""
    # The draws do not depend on the swaps, so they are taken in one vectorised batch.
    targets = rng.below_each(np.arange(len(items), 1, -1)).tolist()
    for i, j in zip(range(len(items) - 1, 0, -1), targets, strict=True):
        items[i], items[j] = items[j], items[i]


def _write(grid: Grid, cells: list[int], kinds: list[int]) -> None:
    """Write kinds over cells; the bitsets are rebuilt only if a cell was emptied."""
    grid.put(cells, kinds)
    if 0 in kinds:
        grid.reload()


def deal(
    grid: Grid,
    gravity: str,
    pair_kinds: Any,
    seed: int,
    solvable: bool,
    version: int = LATEST_VERSION,
) -> Solution | None:
    """Deal ``pair_kinds`` (one entry per pair) over the occupied cells of ``grid`` by the
    rules of deal ``version``; the solution when ``solvable``. ``BoardError`` (grid unchanged)
    when the pairs do not fill the tile cells or the version is unknown."""
    if version not in VERSIONS:
        raise E.DEAL_VERSION(version=version)
    cells = np.flatnonzero(grid.flat).tolist()
    if len(cells) != 2 * len(pair_kinds):
        raise E.DEAL_PAIR_COUNT(pairs=len(pair_kinds), tiles=len(cells))
    rng = SplitMix64(seed)
    pair_kinds = np.asarray(pair_kinds, dtype=np.int64).ravel().tolist()
    fisher_yates(pair_kinds, rng)
    if not solvable:
        tiles = [k for k in pair_kinds for _ in range(2)]
        fisher_yates(tiles, rng)
        _write(grid, cells, tiles)
        return None
    pairs, solution = positional_game(grid, gravity, cells, rng, version)
    kinds = [0] * len(cells)
    for (p, q), kind in zip(pairs, pair_kinds, strict=True):
        kinds[p] = kinds[q] = kind
    _write(grid, cells, kinds)
    return solution


def redeal_solvable(grid: Grid, gravity: str, seed: int) -> Solution:
    """Re-deal the kinds on the board over its occupied cells (positions kept) with a solution,
    by version 1's positional game, as shuffles always have.

    ``IllegalMove`` (grid unchanged) when a kind has an odd number of tiles: the smallest such.
    """
    count = check_even(grid)
    pair_kinds = np.repeat(np.arange(count.size), count // 2).tolist()
    # Chinese style: the kinds above are the match keys; each group's faces, sorted, go back
    # onto its tiles in row-major order (docs/engine.md, "Rule variants").
    faces = [] if grid.faces is None else [
        (key, np.sort(grid.faces[grid.flat == key]).tolist()) for key in GROUPS
    ]  # fmt: skip
    solution = deal(grid, gravity, pair_kinds, seed, solvable=True, version=1)
    for key, group in faces:
        _paint(grid, key, group)
    return solution if solution is not None else []


def check_even(grid: Grid) -> np.ndarray:
    """The count of each kind; ``IllegalMove`` for the smallest kind with an odd count."""
    tiles = grid.flat[grid.flat != 0]
    count = np.bincount(tiles) if tiles.size else np.zeros(1, dtype=np.int64)
    odd = np.flatnonzero(count % 2 == 1)
    if odd.size:
        kind = int(odd[0])
        raise E.DEAL_ODD_KIND(kind=kind, count=int(count[kind]))
    return count


# The keys of Chinese style's match groups: the flowers' and the seasons'.
GROUPS = (35, 39)


def paint_groups(grid: Grid) -> None:
    """Chinese style's deal (docs/engine.md, "Rule variants"): the tiles dealt as a group's
    key (35 the flowers, 39 the seasons), in row-major order, get the group's four faces in
    turn. Keys stay as they were, so a solution of the deal still clears it. Nothing on a
    classic grid."""
    if grid.faces is not None:
        for key in GROUPS:
            _paint(grid, key, list(range(key, key + 4)))


def _paint(grid: Grid, key: int, faces: list[int]) -> None:
    """The tiles of key ``key``, in row-major order, get ``faces`` in turn."""
    tiles = np.flatnonzero(grid.flat == key)
    if tiles.size:
        grid.put(tiles, np.resize(np.array(faces, dtype=np.uint16), tiles.size))


def positional_game(
    grid: Grid, gravity: str, cells: list[int], rng: SplitMix64, version: int
) -> tuple[list[tuple[int, int]], Solution]:
    """Play the positional game on ``cells`` (the occupied cells of ``grid``, row-major).

    Return, step by step, the two tiles removed (numbered by their index in ``cells``) and the
    move made.
    """
    occupancy = (grid.kinds != 0).astype(np.uint16)
    sim = Grid(occupancy, grid.border)
    cols = sim.cols
    # tile_at[cell]: the number of the tile there (-1: none); cell_of[tile]: where it is.
    tile_at = np.full(sim.flat.size, -1, dtype=np.int64)
    tile_at[cells] = np.arange(len(cells))
    cell_of = np.array(cells, dtype=np.int64)
    alive = list(range(len(cells)))
    slot = list(range(len(cells)))
    pairs: list[tuple[int, int]] = []
    solution: Solution = []
    below = rng.below
    for _ in range(len(cells) // 2):
        pick = None
        for _ in range(TRIES):
            p = int(cell_of[alive[below(len(alive))]])
            partners = straight_partners(sim, p) if version >= 2 else []
            if not partners:
                partners = positional_partners(sim, p)
            if partners:
                pick = (p, partners[below(len(partners))])
                break
        if pick is None:
            # Two tiles at the smallest distance always link, so the scan always finds a pair.
            found = scan.hint(sim)
            assert found is not None, "two or more tiles always have a linkable pair"
            r1, c1, r2, c2 = found
            pick = (r1 * cols + c1, r2 * cols + c2)
        p, q = pick
        tp, tq = int(tile_at[p]), int(tile_at[q])
        pairs.append((tp, tq))
        solution.append((min(p, q), max(p, q)))
        sim.set(p, 0)
        sim.set(q, 0)
        tile_at[p] = tile_at[q] = -1
        sources, targets = plan(sim, gravity, [divmod(p, cols), divmod(q, cols)])
        if sources.size:
            # Every tile is kind 1 here, so only the cells whose occupancy changes are written.
            starts, ends = set(sources.tolist()), set(targets.tolist())
            for index in ends - starts:
                sim.set(index, 1)
            for index in starts - ends:
                sim.set(index, 0)
            # Tiles carry their numbers along (all read before any is written: one tile's
            # target can be another's start).
            moved = tile_at[sources]
            tile_at[sources] = -1
            tile_at[targets] = moved
            cell_of[moved] = targets
        for t in (tp, tq):
            hole = slot[t]
            last = alive.pop()
            if last != t:
                alive[hole] = last
                slot[last] = hole
    return pairs, solution


def straight_partners(grid: Grid, p: int) -> list[int]:
    """The nearest occupied cell to ``p`` up, left, right and down (so in row-major order):
    the tiles that link to ``p`` in a straight line, whatever the kinds."""
    cols = grid.cols
    r, c = divmod(p, cols)
    found = []
    column, row = grid.col_bits[c], grid.row_bits[r]
    above = column & ((1 << r) - 1)
    if above:
        found.append((above.bit_length() - 1) * cols + c)
    before = row & ((1 << c) - 1)
    if before:
        found.append(r * cols + before.bit_length() - 1)
    after = row >> (c + 1)
    if after:
        found.append(r * cols + c + (after & -after).bit_length())
    below = column >> (r + 1)
    if below:
        found.append((r + (below & -below).bit_length()) * cols + c)
    return found


def positional_partners(grid: Grid, p: int) -> list[int]:
    """The occupied cells that link to ``p`` with at most one turn, whatever the kinds: the
    nearest tile each way, and from each empty board cell of those runs the nearest tile each
    way across. Sorted, without repeats."""
    cols, rows = grid.cols, grid.rows
    r, c = divmod(p, cols)
    row_bits, col_bits = grid.row_bits, grid.col_bits
    found: set[int] = set()

    def across_column(x: int) -> None:
        # Nearest tiles above and below row r in column x.
        line = col_bits[x]
        above = line & ((1 << r) - 1)
        if above:
            found.add((above.bit_length() - 1) * cols + x)
        below = line >> (r + 1)
        if below:
            found.add((r + (below & -below).bit_length()) * cols + x)

    def across_row(y: int) -> None:
        # Nearest tiles left and right of column c in row y.
        line = row_bits[y]
        before = line & ((1 << c) - 1)
        if before:
            found.add(y * cols + before.bit_length() - 1)
        after = line >> (c + 1)
        if after:
            found.add(y * cols + c + (after & -after).bit_length())

    line = row_bits[r]
    before = line & ((1 << c) - 1)
    start = 0
    if before:
        left = before.bit_length() - 1
        found.add(r * cols + left)
        start = left + 1
    for x in range(start, c):
        across_column(x)
    after = line >> (c + 1)
    stop = cols
    if after:
        right = c + (after & -after).bit_length()
        found.add(r * cols + right)
        stop = right
    for x in range(c + 1, stop):
        across_column(x)

    line = col_bits[c]
    before = line & ((1 << r) - 1)
    start = 0
    if before:
        up = before.bit_length() - 1
        found.add(up * cols + c)
        start = up + 1
    for y in range(start, r):
        across_row(y)
    after = line >> (r + 1)
    stop = rows
    if after:
        down = r + (after & -after).bit_length()
        found.add(down * cols + c)
        stop = down
    for y in range(r + 1, stop):
        across_row(y)
    return sorted(found)

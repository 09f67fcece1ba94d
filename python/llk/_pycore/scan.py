"""The corridor scan behind has_move, hint, moves and move_count (docs/engine.md).

Two tiles of one kind link exactly when they are 4-neighbours or members of one corridor (a
maximal straight run of empty cells). So instead of testing pairs, the scan labels every
corridor of the board, lists its member tiles, and groups the members by (corridor, kind):
every two tiles of one group link. All of it is whole-array numpy work.

Corridors stacked exactly on top of each other (same span, consecutive lines) are grouped as
one: together they are an empty rectangle, any two of whose members link as well, and their
side tiles are the same. Without that, an open area would list the same pairs once per line.

Layout: the board is padded with a ring of walls (never members), inside which sits, with a
border, the ring of always-empty cells. Cells are then named by their flat index in the
padded array; that index keeps row-major order, so comparing indices compares cells.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .grid import Grid

# Sorting memberships by one combined int64 key is much faster than a lexsort, but the key
# (corridor, kind, cell) only fits while its range stays below this.
_KEY_LIMIT = 1 << 63
# Pairs expanded per batch in moves(): distinct pairs can be few while the same pair shows up
# in many corridors, so deduplicating as we go keeps memory bounded.
_PAIR_BATCH = 1 << 22

Move = tuple[int, int, int, int]


@dataclass(frozen=True)
class _Padded:
    """A board in the padded layout the scan works on."""

    kinds: np.ndarray  # (height, width) uint16, 0 for empty cells and walls
    empty: np.ndarray  # (height, width) bool, True on empty board and ring cells
    pad: int  # offset of board cell (0, 0) along each axis
    rows: int
    cols: int

    @property
    def width(self) -> int:
        width: int = self.kinds.shape[1]
        return width

    @property
    def size(self) -> int:
        return self.kinds.size

    @property
    def cell_bits(self) -> int:
        """Bits that hold any flat cell index; cell fields of sort keys and pair codes."""
        return (self.size - 1).bit_length()

    @property
    def board_kinds(self) -> np.ndarray:
        """View of the board part of ``kinds``."""
        return self.kinds[self.pad : self.pad + self.rows, self.pad : self.pad + self.cols]

    def to_board(self, flat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Board (row, col) arrays of padded flat indices."""
        rows, cols = np.divmod(flat, self.width)
        return rows - self.pad, cols - self.pad


def _pad(grid: Grid, one_kind: bool) -> _Padded:
    """The padded layout of ``grid``; with ``one_kind`` every tile counts as kind 1."""
    pad = 2 if grid.border else 1
    height, width = grid.rows + 2 * pad, grid.cols + 2 * pad
    kinds = np.zeros((height, width), dtype=np.uint16)
    kinds[pad : pad + grid.rows, pad : pad + grid.cols] = (
        (grid.kinds != 0) if one_kind else grid.kinds
    )
    empty = kinds == 0
    empty[0, :] = empty[-1, :] = empty[:, 0] = empty[:, -1] = False
    return _Padded(kinds, empty, pad, grid.rows, grid.cols)


@dataclass(frozen=True)
class _Runs:
    """The maximal runs of empty cells along the rows of some layout: its corridors."""

    cells: np.ndarray  # every empty cell, flat index, in row-major order of that layout
    run: np.ndarray  # the run (corridor id, from 0) each of those cells belongs to
    first: np.ndarray  # first cell of each run
    last: np.ndarray  # last cell of each run


def _runs_along_rows(empty: np.ndarray) -> _Runs:
    """Corridors along the rows of ``empty``, whose outermost ring must be walls."""
    cells = np.flatnonzero(empty)
    starts = np.empty(cells.size, dtype=bool)
    starts[:1] = True
    # Walls close every row, so flat neighbours that are both empty share a row and a run.
    np.not_equal(cells[1:], cells[:-1] + 1, out=starts[1:])
    ends = np.empty_like(starts)
    ends[:-1] = starts[1:]
    ends[-1:] = True
    return _Runs(cells, np.cumsum(starts) - 1, cells[starts], cells[ends])


def _stack_roots(runs: _Runs, empty: np.ndarray) -> np.ndarray:
    """For each run, the topmost run of its stack (runs with one span on consecutive rows)."""
    width = empty.shape[1]
    ids = np.arange(runs.first.size)
    run_starting_at = np.full(empty.size, -1, dtype=np.int64)
    run_starting_at[runs.first] = ids
    above = run_starting_at[runs.first - width]
    stacked = above >= 0
    stacked[stacked] = runs.last[above[stacked]] == runs.last[stacked] - width
    root = np.where(stacked, above, ids)
    # Pointer jumping: each pass doubles how far up the stack a run has looked.
    while True:
        next_root = root[root]
        if np.array_equal(next_root, root):
            return root
        root = next_root


Memberships = tuple[np.ndarray, np.ndarray, np.ndarray]  # corridor ids, member cells, kinds


def _memberships(padded: _Padded) -> list[Memberships]:
    """Memberships of the horizontal, then of the vertical corridors (stacks merged).

    Cells are padded flat indices, corridor ids of the two directions are disjoint, and a
    tile may be listed several times for one stack. The side tiles of a horizontal corridor
    are, cell by cell, the end tiles of the vertical corridor through that cell (and the
    other way round), so labelling the runs of both directions is all the geometry needed.
    """
    height, width = padded.kinds.shape
    horizontal = _runs_along_rows(padded.empty)
    empty_transposed = np.ascontiguousarray(padded.empty.T)
    transposed = _runs_along_rows(empty_transposed)

    def from_transposed(flat: np.ndarray) -> np.ndarray:
        rows_t, cols_t = np.divmod(flat, height)
        cells: np.ndarray = cols_t * width + rows_t
        return cells

    vertical = _Runs(
        from_transposed(transposed.cells),
        transposed.run,
        from_transposed(transposed.first),
        from_transposed(transposed.last),
    )
    # The horizontal corridor of every empty cell, listed in the vertical scan's cell order.
    horizontal_run_of = np.empty(padded.size, dtype=np.int64)
    horizontal_run_of[horizontal.cells] = horizontal.run
    horizontal_run = horizontal_run_of[vertical.cells]
    horizontal_group = _stack_roots(horizontal, padded.empty)
    vertical_group = _stack_roots(transposed, empty_transposed) + horizontal_group.size
    by_cell_h = horizontal_group[horizontal_run]
    by_cell_v = vertical_group[vertical.run]

    along_rows = (
        np.concatenate([horizontal_group, horizontal_group, by_cell_h, by_cell_h]),
        np.concatenate(
            [
                horizontal.first - 1,
                horizontal.last + 1,
                vertical.first[vertical.run] - width,
                vertical.last[vertical.run] + width,
            ]
        ),
    )
    along_cols = (
        np.concatenate([vertical_group, vertical_group, by_cell_v, by_cell_v]),
        np.concatenate(
            [
                vertical.first - width,
                vertical.last + width,
                horizontal.first[horizontal_run] - 1,
                horizontal.last[horizontal_run] + 1,
            ]
        ),
    )
    flat_kinds = padded.kinds.ravel()
    found = []
    for corridor, member in (along_rows, along_cols):
        kind = flat_kinds[member]
        is_tile = kind != 0
        found.append((corridor[is_tile], member[is_tile], kind[is_tile]))
    return found


def _grouped(memberships: Memberships, padded: _Padded) -> tuple[np.ndarray, np.ndarray]:
    """Distinct memberships sorted by (corridor, kind, cell), as (group label, cell) arrays.

    Equal labels mean the same corridor and kind; cells ascend within a label.
    """
    corridor, member, kind = memberships
    if member.size == 0:
        return corridor, member
    kind_range = int(kind.max()) + 1
    bits = padded.cell_bits
    if ((int(corridor.max()) + 1) * kind_range) << bits < _KEY_LIMIT:
        key = _sorted_distinct((corridor * kind_range + kind) << bits | member)
        return key >> bits, key & ((1 << bits) - 1)
    order = np.lexsort((member, kind, corridor))
    corridor, kind, member = corridor[order], kind[order], member[order]
    group_changes = (corridor[1:] != corridor[:-1]) | (kind[1:] != kind[:-1])
    keep = np.ones(order.size, dtype=bool)
    keep[1:] = group_changes | (member[1:] != member[:-1])
    group = np.zeros(order.size, dtype=np.int64)
    np.cumsum(group_changes, out=group[1:])
    return group[keep], member[keep]


def _sorted_distinct(values: np.ndarray) -> np.ndarray:
    """``values`` sorted with repeats dropped (np.unique, minus its slower hashing path)."""
    values = np.sort(values)
    keep = np.empty(values.size, dtype=bool)
    keep[:1] = True
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]


def _pair_codes(first: np.ndarray, second: np.ndarray, padded: _Padded) -> np.ndarray:
    """One int64 per pair of cells, ordered like the pairs: ``first << cell_bits | second``.

    Two cell fields fit in 63 bits for padded boards of up to ``2**31`` cells.
    """
    codes: np.ndarray = first << padded.cell_bits | second
    return codes


def _neighbour_pairs(padded: _Padded) -> np.ndarray:
    """Codes of the equal, non-empty 4-neighbours ``a < b``, ascending."""
    kinds = padded.board_kinds
    horizontal = (kinds[:, :-1] == kinds[:, 1:]) & (kinds[:, :-1] != 0)
    vertical = (kinds[:-1] == kinds[1:]) & (kinds[:-1] != 0)
    rows_h, cols_h = np.nonzero(horizontal)
    rows_v, cols_v = np.nonzero(vertical)
    left = (rows_h + padded.pad) * padded.width + cols_h + padded.pad
    top = (rows_v + padded.pad) * padded.width + cols_v + padded.pad
    codes = np.concatenate(
        [_pair_codes(left, left + 1, padded), _pair_codes(top, top + padded.width, padded)]
    )
    codes.sort()
    return codes


def _has_equal_neighbours(kinds: np.ndarray) -> bool:
    if ((kinds[:, :-1] == kinds[:, 1:]) & (kinds[:, :-1] != 0)).any():
        return True
    return bool(((kinds[:-1] == kinds[1:]) & (kinds[:-1] != 0)).any())


def has_move(grid: Grid) -> bool:
    """Whether any two tiles of the board link."""
    if _has_equal_neighbours(grid.kinds):
        return True
    padded = _pad(grid, one_kind=False)
    for memberships in _memberships(padded):
        group, _ = _grouped(memberships, padded)
        if (group[1:] == group[:-1]).any():
            return True
    return False


def _smallest_pair(grid: Grid, one_kind: bool) -> Move | None:
    padded = _pad(grid, one_kind)
    neighbours = _neighbour_pairs(padded)
    candidates = [int(neighbours[0])] if neighbours.size else []
    for memberships in _memberships(padded):
        group, cell = _grouped(memberships, padded)
        # Every two members of a group link and the smallest pair of a group is its first
        # two cells, so the smallest consecutive pair within a group is the overall smallest.
        same = group[1:] == group[:-1]
        if same.any():
            candidates.append(int(_pair_codes(cell[:-1][same], cell[1:][same], padded).min()))
    if not candidates:
        return None
    moves = _decode(np.array([min(candidates)]), padded)
    r1, c1, r2, c2 = (int(value) for value in moves[0])
    return r1, c1, r2, c2


def hint(grid: Grid) -> Move | None:
    """The smallest linkable pair ``(r1, c1, r2, c2)`` in row-major order, or None."""
    return _smallest_pair(grid, one_kind=False)


def positional_hint(grid: Grid) -> Move | None:
    """The smallest pair of tiles that would link if they held the same kind, or None."""
    return _smallest_pair(grid, one_kind=True)


def _group_pairs(group: np.ndarray, cell: np.ndarray, padded: _Padded) -> list[np.ndarray]:
    """Sorted distinct codes of all pairs within each group, one array per batch of groups."""
    boundaries = np.flatnonzero(group[1:] != group[:-1]) + 1
    run_start = np.concatenate([[0], boundaries])
    run_size = np.diff(np.concatenate([run_start, [group.size]]))
    shared = run_size >= 2
    run_start, run_size = run_start[shared], run_size[shared]
    cumulative = np.cumsum(run_size * (run_size - 1) // 2)
    batches = []
    first = 0
    while first < run_size.size:
        done = int(cumulative[first - 1]) if first else 0
        last = int(np.searchsorted(cumulative, done + _PAIR_BATCH, side="right"))
        last = max(last, first + 1)
        left, right = _pairs_within_runs(run_start[first:last], run_size[first:last])
        batches.append(_sorted_distinct(_pair_codes(cell[left], cell[right], padded)))
        first = last
    return batches


def _pairs_within_runs(
    run_start: np.ndarray, run_size: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Positions ``(i, j)``, ``i < j``, of every pair inside each run ``[start, start+size)``."""
    # Element k of a run of size g is the left side of g - 1 - k pairs, whose right sides are
    # the elements after it, in order.
    run_of_element = np.repeat(np.arange(run_size.size), run_size)
    element_start = np.cumsum(run_size) - run_size
    rank = np.arange(run_of_element.size) - element_start[run_of_element]
    position = run_start[run_of_element] + rank
    later = run_size[run_of_element] - 1 - rank
    left = np.repeat(position, later)
    pair_start = np.cumsum(later) - later
    right = left + 1 + (np.arange(left.size) - np.repeat(pair_start, later))
    return left, right


def _move_codes(grid: Grid) -> tuple[np.ndarray, _Padded]:
    """Sorted distinct codes of every linkable pair."""
    padded = _pad(grid, one_kind=False)
    parts = [_neighbour_pairs(padded)]
    for memberships in _memberships(padded):
        group, cell = _grouped(memberships, padded)
        parts.extend(_group_pairs(group, cell, padded))
    return _sorted_distinct(np.concatenate(parts)), padded


def _decode(codes: np.ndarray, padded: _Padded) -> np.ndarray:
    """Pair codes back to ``(r1, c1, r2, c2)`` rows in board coordinates."""
    first_rows, first_cols = padded.to_board(codes >> padded.cell_bits)
    second_rows, second_cols = padded.to_board(codes & ((1 << padded.cell_bits) - 1))
    return np.stack([first_rows, first_cols, second_rows, second_cols], axis=1).astype(np.int64)


def moves(grid: Grid) -> np.ndarray:
    """Every linkable pair as rows ``(r1, c1, r2, c2)``, ``(r1, c1) < (r2, c2)``, sorted."""
    codes, padded = _move_codes(grid)
    return _decode(codes, padded)


def move_count(grid: Grid) -> int:
    """How many linkable pairs there are."""
    codes, _ = _move_codes(grid)
    return int(codes.size)

"""Undo and redo: the twin of rust/src/history.rs. The board's history is the only record of
what was done to it: each entry says what the change was (its name and the arguments that would
do it again, and for a removal its path and slides) and lists the cells it rewrote.

A change is ``(index, old, new)`` with ``index`` the cell's row-major index; an entry's changes
are in the order they were made. Changes found by comparing the whole board before and after
(shuffles, props) are kept as one int64 array of such rows: a shuffle of a million tiles would
otherwise be a million tuples.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .grid import Grid

Change = tuple[int, int, int]

# Above this many changes an entry is written back in one numpy assignment and the bitsets are
# rebuilt, instead of cell by cell: rebuilding costs about as much as a few hundred writes.
_BULK = 256


def write(grid: Grid, changes: list[Change], index: int, kind: int) -> None:
    """Write a kind through the grid and note the change (nothing when it is already there)."""
    old = grid.set(index, kind)
    if old != kind:
        changes.append((index, old, kind))


def revert(grid: Grid, changes: list[Change]) -> None:
    """Put back what a list of changes rewrote, last change first."""
    for index, old, _ in reversed(changes):
        grid.set(index, old)


def diff(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The changes that turn the flat kinds ``before`` into ``after``, in index order, as an
    int64 array of rows ``(index, old, new)`` (each index once)."""
    changed = np.flatnonzero(before != after)
    return np.stack(
        [changed, before[changed].astype(np.int64), after[changed].astype(np.int64)], axis=1
    )


class Entry(NamedTuple):
    """One change of the board: ``name`` ("remove", "shuffle", "mirror", "obstacles"), the
    ``args`` that would do it again, a removal's ``(turns, length, corners, slides)`` (None for
    the others) and the cells it rewrote."""

    name: str
    args: tuple[Any, ...]
    removal: tuple[Any, ...] | None
    changes: list[Change] | np.ndarray


def _put(grid: Grid, changes: list[Change] | np.ndarray, column: int, backwards: bool) -> None:
    """Write column ``column`` (1: old kinds, 2: new ones) of ``changes`` back into the grid."""
    if isinstance(changes, np.ndarray) and len(changes) > _BULK:
        # Whole-board diffs name each cell once, so the order of the writes does not matter.
        grid.put(changes[:, 0], changes[:, column])
        grid.reload()
        return
    rows = changes.tolist() if isinstance(changes, np.ndarray) else changes
    for change in reversed(rows) if backwards else rows:
        grid.set(change[0], change[column])


def as_rows(changes: list[Change] | np.ndarray, cols: int) -> bytes:
    """An entry's changes as the cores hand them over: the bytes of a native-endian int64
    array of rows ``(row, col, old, new)`` (as rust/src/bindings.rs does)."""
    flat = np.asarray(changes, dtype=np.int64).reshape(-1, 3)
    rows, columns = np.divmod(flat[:, 0], cols)
    return np.stack([rows, columns, flat[:, 1], flat[:, 2]], axis=1).tobytes()


class History:
    """The entries done (oldest first) and those undone (most recently undone last)."""

    __slots__ = ("done", "undone")

    def __init__(self) -> None:
        self.done: list[Entry] = []
        self.undone: list[Entry] = []

    def copy(self) -> History:
        clone = History()
        # Entries are never mutated once recorded, so sharing them is safe.
        clone.done = list(self.done)
        clone.undone = list(self.undone)
        return clone

    def record(self, entry: Entry) -> None:
        """Note a change that was just made; what could have been redone is gone."""
        self.undone.clear()
        self.done.append(entry)

    def undo(self, grid: Grid) -> Entry | None:
        """Take back the last entry done and return it; None when there is none."""
        if not self.done:
            return None
        entry = self.done.pop()
        _put(grid, entry.changes, 1, backwards=True)
        self.undone.append(entry)
        return entry

    def redo(self, grid: Grid) -> Entry | None:
        """Bring back the last entry undone and return it; None when there is none."""
        if not self.undone:
            return None
        entry = self.undone.pop()
        _put(grid, entry.changes, 2, backwards=False)
        self.done.append(entry)
        return entry

    def clear(self) -> None:
        self.done.clear()
        self.undone.clear()

    @property
    def undo_len(self) -> int:
        return len(self.done)

    @property
    def redo_len(self) -> int:
        return len(self.undone)

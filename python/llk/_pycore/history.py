"""Undo and redo: every change to a board is the list of cells it rewrote, old and new kinds.

The twin of rust/src/history.rs. A change is ``(index, old, new)`` with ``index`` the cell's
row-major index; an entry is the list of changes one action made, in the order it made them.
"""

from __future__ import annotations

import numpy as np

from .grid import Grid

Change = tuple[int, int, int]


def write(grid: Grid, changes: list[Change], index: int, kind: int) -> None:
    """Write a kind through the grid and note the change (nothing when it is already there)."""
    old = grid.set(index, kind)
    if old != kind:
        changes.append((index, old, kind))


def revert(grid: Grid, changes: list[Change]) -> None:
    """Put back what a list of changes rewrote, last change first."""
    for index, old, _ in reversed(changes):
        grid.set(index, old)


def diff(before: np.ndarray, after: np.ndarray) -> list[Change]:
    """The changes that turn the flat kinds ``before`` into ``after``, in index order."""
    changed = np.flatnonzero(before != after)
    return list(
        zip(changed.tolist(), before[changed].tolist(), after[changed].tolist(), strict=True)
    )


class History:
    """The changes done (oldest first) and those undone (most recently undone last)."""

    __slots__ = ("done", "undone")

    def __init__(self) -> None:
        self.done: list[list[Change]] = []
        self.undone: list[list[Change]] = []

    def copy(self) -> History:
        clone = History()
        # Entries are never mutated once recorded, so sharing them is safe.
        clone.done = list(self.done)
        clone.undone = list(self.undone)
        return clone

    def record(self, changes: list[Change]) -> None:
        """Note a change that was just made; what could have been redone is gone."""
        self.undone.clear()
        self.done.append(changes)

    def undo(self, grid: Grid) -> bool:
        if not self.done:
            return False
        changes = self.done.pop()
        revert(grid, changes)
        self.undone.append(changes)
        return True

    def redo(self, grid: Grid) -> bool:
        if not self.undone:
            return False
        changes = self.undone.pop()
        for index, _, new in changes:
            grid.set(index, new)
        self.done.append(changes)
        return True

    def clear(self) -> None:
        self.done.clear()
        self.undone.clear()

    @property
    def undo_len(self) -> int:
        return len(self.done)

    @property
    def redo_len(self) -> int:
        return len(self.undone)

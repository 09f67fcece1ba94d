"""The boards of one size and seed that `llk bench`'s cases share: each family's grid and what
the cases need of it (core objects, moves, hint, query pairs, the classic board and the count
of pairs the classic algorithm tests), each made once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from .. import _backend, engine
from .._types import CoreBoard
from . import families
from .classic import ClassicBoard

# Query pairs drawn per board for the path and remove benchmarks.
PAIRS = 1000

T = TypeVar("T")


class Boards:
    """One size of board for one seed: each family's grid, and what the cases need of it,
    made once and shared (the cases that change a board put it back)."""

    def __init__(self, rows: int, cols: int, seed: int) -> None:
        self.rows, self.cols, self.seed = rows, cols, seed
        self._cache: dict[tuple[object, ...], Any] = {}

    def _once(self, key: tuple[object, ...], make: Callable[[], T]) -> T:
        if key not in self._cache:
            self._cache[key] = make()
        made: T = self._cache[key]
        return made

    def grid(self, family: str) -> np.ndarray:
        return self._once(("grid", family), lambda: families.grid(family, *self.size, self.seed))

    @property
    def size(self) -> tuple[int, int]:
        return self.rows, self.cols

    def core(self, family: str, backend: str) -> CoreBoard:
        """The backend's core object for the family's board (`llk._core.Board` or
        `llk._pycore.Board`)."""

        def make() -> CoreBoard:
            _, core_class = _backend.core_class(backend)
            grid, border = self.grid(family).copy(), families.border(family)
            return core_class(grid, border, "none", False, False)

        return self._once(("core", family, backend), make)

    def fastest_core(self, family: str) -> CoreBoard:
        return self.core(family, "rust" if engine.rust_available() else "python")

    def moves(self, family: str) -> np.ndarray:
        return self._once(("moves", family), lambda: self.fastest_core(family).moves())

    def hint(self, family: str) -> tuple[int, int, int, int] | None:
        return self._once(("hint", family), lambda: self.fastest_core(family).hint())

    def pairs(self, family: str, linking: bool) -> list[tuple[int, int, int, int]]:
        def make() -> list[tuple[int, int, int, int]]:
            if linking:
                return families.sample_moves(self.moves(family), PAIRS, self.seed)
            return families.same_kind_pairs(self.grid(family), PAIRS, self.seed)

        return self._once(("pairs", family, linking), make)

    def refused_pairs(self, family: str) -> list[tuple[int, int, int, int]]:
        """The random same-kind pairs (`pairs(family, False)`) that do not link: the clicks
        the game refuses, and asks the near miss of."""

        def make() -> list[tuple[int, int, int, int]]:
            path = self.fastest_core(family).path
            return [pair for pair in self.pairs(family, False) if path(*pair) is None]

        return self._once(("refused", family), make)

    def classic(self, family: str) -> ClassicBoard:
        return self._once(
            ("classic", family),
            lambda: ClassicBoard(self.grid(family), families.border(family)),
        )

    def classic_tests(self, family: str, op: str) -> int:
        """How many pairs the classic algorithm tests for `op` on the family's board: every
        pair of tiles of one kind for the move count (and when no pair links), else those
        up to the first pair that links (the smallest, which the engine's hint gives)."""
        return self._once(("tests", family, op), lambda: _classic_tests(self, family, op))


def _classic_tests(boards: Boards, family: str, op: str) -> int:
    flat = boards.grid(family).ravel()
    tiles = np.flatnonzero(flat)
    kinds = flat[tiles].astype(np.int64)
    # Each tile's rank among the tiles of its kind, in row-major order.
    order = np.argsort(kinds, kind="stable")
    sorted_kinds = kinds[order]
    rank = np.empty(tiles.size, dtype=np.int64)
    rank[order] = np.arange(tiles.size) - np.searchsorted(sorted_kinds, sorted_kinds, "left")
    later = np.bincount(kinds)[kinds] - rank - 1
    hint = boards.hint(family)
    if op == "move_count" or hint is None:
        return int(later.sum())
    cols = boards.cols
    a, b = hint[0] * cols + hint[1], hint[2] * cols + hint[3]
    ia, ib = np.searchsorted(tiles, [a, b])
    return int(later[:ia].sum() + rank[ib] - rank[ia])

"""Boards and checks for the pure-Python core's tests (tests/engine/test_pycore_*.py) and for
the cores' parity on them (tests/parity/test_core_game.py).

Random boards come from numpy generators with fixed seeds, so every run checks the same cases.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from llk import errors
from llk._pycore import Board
from llk._pycore import gravity as gravity_module
from llk.errors import IllegalMove

MODES = gravity_module.MODES
Rows = list[list[int]]


def make(rows: Rows, border: bool = True, gravity: str = "none") -> Board:
    return Board(np.array(rows, dtype=np.uint16), border, gravity)


def random_grid(
    rng: np.random.Generator, max_side: int = 7, kinds: int | None = None
) -> tuple[np.ndarray, bool]:
    """A small random board: sides 1..max_side, some density, few kinds; and a border flag."""
    rows, cols = (int(x) for x in rng.integers(1, max_side + 1, size=2))
    density = float(rng.choice([0.2, 0.5, 0.8, 1.0]))
    kinds = int(rng.integers(1, 5)) if kinds is None else kinds
    tiles = rng.integers(1, kinds + 1, size=(rows, cols))
    grid = np.where(rng.random((rows, cols)) < density, tiles, 0).astype(np.uint16)
    return grid, bool(rng.integers(0, 2))


def even_tiles(grid: np.ndarray) -> np.ndarray:
    """``grid`` with its first tile emptied when it has an odd number of tiles."""
    grid = grid.copy()
    occupied = np.flatnonzero(grid)
    if occupied.size % 2:
        grid.reshape(-1)[occupied[0]] = 0
    return grid


def spread_pairs(rng: np.random.Generator, grid: np.ndarray, kinds: int) -> np.ndarray:
    """Kinds ``1..kinds`` in pairs at random over the tiles of ``grid`` (an even number)."""
    grid = grid.copy()
    flat = grid.reshape(-1)
    occupied = np.flatnonzero(flat)
    pairs = occupied.size // 2
    values = np.repeat(1 + np.arange(pairs) % max(kinds, 1), 2)
    flat[occupied] = rng.permutation(values)
    return grid


def made(change: Callable[[], object]) -> bool:
    """Whether a core change went through: the cores refuse one with IllegalMove, the board
    unchanged."""
    try:
        change()
    except IllegalMove:
        return False
    return True


def obstacles_status(board: Board, pairs: int, seed: int) -> int:
    """0 added, 1 no kinds on the board, 2 no room (by the error table's wording)."""
    try:
        board.add_obstacles(pairs, seed)
    except IllegalMove as refused:
        return 1 if str(refused) == errors.OBSTACLES_NO_KINDS.text() else 2
    return 0


def replay(board: Board, solution: np.ndarray) -> bool:
    """Whether the moves link one after the other (same kinds) and clear a copy of ``board``."""
    board = board.copy()
    for r1, c1, r2, c2 in solution.tolist():
        move = (r1, c1, r2, c2)
        if board.get(r1, c1) != board.get(r2, c2) or not made(lambda m=move: board.remove(*m)):
            return False
    return board.remaining == 0


def clearable(board: Board, seen: set[bytes]) -> bool:
    """Exhaustive: can some order of removals clear the board?"""
    if board.remaining == 0:
        return True
    key = board.grid().tobytes()
    if key in seen:
        return False
    seen.add(key)
    for r1, c1, r2, c2 in board.moves().tolist():
        following = board.copy()
        following.remove(r1, c1, r2, c2)
        if clearable(following, seen):
            return True
    return False


def solver_cases(seed: int, count: int) -> Iterator[tuple[int, Board]]:
    """Small, fairly full boards (at most 16 tiles, mostly without a border), kinds of two
    tiles without a border and four with one, spread at random, so that both verdicts are
    common; every third one with gravity."""
    rng = np.random.default_rng(seed)
    for case in range(count):
        rows, cols = (int(x) for x in rng.integers(2, 6, size=2))
        border = bool(rng.random() < 0.25)
        low = max(2, rows * cols * 2 // 3)
        tiles = min(int(rng.integers(low, rows * cols + 1)), 16)
        flat = np.zeros(rows * cols, dtype=np.uint16)
        flat[rng.choice(rows * cols, tiles, replace=False)] = 1
        grid = even_tiles(flat.reshape(rows, cols))
        pairs = np.count_nonzero(grid) // 2
        kinds = max(pairs // 2 if border else pairs, 1)
        gravity = MODES[case // 3 % len(MODES)] if case % 3 == 0 else "none"
        yield case, Board(spread_pairs(rng, grid, kinds), border, gravity)

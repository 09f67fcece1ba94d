"""The solver's safe moves with gravity (docs/engine.md, "Safe moves with gravity") in the
pure-Python core: `at_back`, the move it allows, and that no safe move ever turns a clearable
state into one that cannot be cleared, on every state reachable from small boards in every
gravity mode. rust/src/solve/tests.rs checks the Rust core the same way; the parity tests check
that both find the same moves and count the same states."""

from __future__ import annotations

import numpy as np
import pytest

from llk._pycore import Board
from llk._pycore import gravity as gravity_module
from llk._pycore import solve as solve_module
from llk._pycore.grid import Grid
from tests.engine.helpers import clearable, even_tiles, spread_pairs

# The pure-Python core itself, whatever the default backend.
pytestmark = pytest.mark.names_its_backends

GRAVITIES = [mode for mode in gravity_module.MODES if mode != "none"]


def test_at_the_back_of_a_settled_segment() -> None:
    # Columns under gravity down, index = row * 3 + col:  . 2 . / 1 3 . / 4 5 6
    g = Grid(np.array([[0, 2, 0], [1, 3, 0], [4, 5, 6]], dtype=np.uint16), True)

    def back(i: int, allowed: tuple[int, ...]) -> bool:
        return gravity_module.at_back(g, "down", i, allowed)

    assert back(3, (3,)) and back(1, (1,)) and back(8, (8,))
    assert not back(4, (4,)) and back(4, (4, 1)) and not back(7, (7, 4)) and back(7, (7, 4, 1))
    # Behind a hole the segment is not settled: nothing in it is at the back.
    holes = Grid(np.array([[1], [0], [2]], dtype=np.uint16), True)
    assert not gravity_module.at_back(holes, "down", 0, (0,))
    assert not gravity_module.at_back(holes, "down", 2, (2, 0))
    assert not gravity_module.at_back(holes, "up", 0, (0, 2))
    row = Grid(np.array([[1, 2, 3]], dtype=np.uint16), True)
    assert gravity_module.at_back(row, "left", 2, (2,))
    assert not gravity_module.at_back(row, "left", 1, (1,))
    assert gravity_module.at_back(row, "right", 0, (0,))
    assert gravity_module.at_back(row, "split-h", 1, (1,))  # the middle column never slides
    assert gravity_module.at_back(row, "none", 1, (1,))


def test_a_pair_on_top_is_safe_and_one_under_another_tile_is_not() -> None:
    # Gravity down, a border: the two 1s top their columns; the 2s link, but a 1 sits on one of
    # them, and a removal under it would slide it.
    rows = [[1, 3, 0, 1], [2, 2, 4, 4], [3, 5, 5, 6], [6, 7, 7, 8]]
    g = Grid(np.array(rows, dtype=np.uint16), True)
    count = np.bincount(g.flat[g.flat != 0]).tolist()
    moves = solve_module._move_indices(g)
    assert (0, 3) in moves and (4, 5) in moves and (6, 7) in moves
    assert solve_module.first_safe_gravity(g, "down", count, moves) == (0, 3)
    without_ones = [m for m in moves if m != (0, 3)]
    assert solve_module.first_safe_gravity(g, "down", count, without_ones) is None
    # Under gravity left the 4s end the second row: safe. Under gravity up the 7s would be at
    # the back, but the third column has a hole at its end (not settled yet): nothing is safe.
    assert solve_module.first_safe_gravity(g, "left", count, moves) == (6, 7)
    assert solve_module.first_safe_gravity(g, "up", count, moves) is None


def boards(seed: int, count: int):
    """Small random boards in every gravity mode, kinds of two (no border) or four."""
    rng = np.random.default_rng(seed)
    for case in range(count):
        rows, cols = (int(x) for x in rng.integers(2, 5, size=2))
        border = bool(rng.random() < 0.3)
        flat = (rng.random(rows * cols) < 0.9).astype(np.uint16)
        grid = even_tiles(flat.reshape(rows, cols))
        pairs = np.count_nonzero(grid) // 2
        kinds = max(pairs // 2 if border else pairs, 1)
        yield Board(spread_pairs(rng, grid, kinds), border, GRAVITIES[case % len(GRAVITIES)])


def test_safe_moves_with_gravity_never_spoil_a_solution() -> None:
    fired = kept = 0
    for board in boards(5, 200):
        seen: set[bytes] = set()
        todo = [board]
        while todo and len(seen) < 60:
            b = todo.pop()
            key = b.grid().tobytes()
            if key in seen:
                continue
            seen.add(key)
            g = Grid(b.grid(), b.border)
            flat = g.flat[g.flat != 0]
            count = np.bincount(flat).tolist() if flat.size else [0]
            moves = solve_module._move_indices(g)
            safe = solve_module.first_safe_gravity(g, b.gravity, count, moves)
            if safe is not None:
                assert safe in moves
                after = b.copy()
                after.remove(*divmod(safe[0], g.cols), *divmod(safe[1], g.cols))
                before_ok = clearable(b, set())
                assert clearable(after, set()) == before_ok, (b.gravity, b.grid(), safe)
                fired += 1
                kept += before_ok
            for r1, c1, r2, c2 in b.moves().tolist():
                following = b.copy()
                following.remove(r1, c1, r2, c2)
                todo.append(following)
    assert fired > 300 and kept > 150 and fired - kept > 20, (fired, kept)

"""The game layer of both cores reached directly: when the Rust extension is built, the same calls
(removals under gravity, deals, the solver, props and history, refusals) on `llk._pycore.Board`
and `llk._core.Board`, compared value for value. The pure-Python core alone is checked in
tests/engine/test_pycore_*.py.

Random boards come from numpy generators with fixed seeds, so every run checks the same cases.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from llk._pycore import Board
from tests.both_cores import alike, arrays_shown
from tests.engine.helpers import MODES, even_tiles, random_grid, solver_cases

try:
    from llk._core import Board as RustBoard
except ImportError:  # pragma: no cover - depends on the build
    RustBoard = None

# Both cores by name, whatever the default backend.
pytestmark = pytest.mark.names_its_backends


needs_rust = pytest.mark.skipif(
    RustBoard is None,
    reason="the Rust extension llk._core is not importable (build it: maturin develop)",
)


# What a call did: its value (arrays as lists), or its exception's class (by name) and message.
HOW: dict[str, Any] = {"shown": arrays_shown, "by_name": True}


class Twins:
    """The same board on both cores; ``same`` runs one call on each and compares."""

    def __init__(self, grid: np.ndarray, border: bool, gravity: str) -> None:
        self.py = Board(grid, border, gravity)
        self.rust = RustBoard(grid, border, gravity)

    def same(self, call: Callable[[Any], Any]) -> Any:
        got = alike(call, (self.py, self.rust), **HOW)
        self.check_state()
        return got

    def check_state(self) -> None:
        py, rust = self.py, self.rust
        assert np.array_equal(py.grid(), rust.grid())
        assert (py.remaining, py.undo_len, py.redo_len, py.gravity, py.border) == (
            rust.remaining,
            rust.undo_len,
            rust.redo_len,
            rust.gravity,
            rust.border,
        )


@needs_rust
def test_parity_removals_with_slides_under_every_gravity() -> None:
    rng = np.random.default_rng(100)
    for case in range(700):
        grid, border = random_grid(rng, max_side=8)
        twins = Twins(grid, border, MODES[case % len(MODES)])
        while True:
            moves = twins.rust.moves()
            twins.same(lambda b: b.moves())
            if not len(moves):
                break
            r1, c1, r2, c2 = moves[int(rng.integers(0, len(moves)))].tolist()
            if rng.random() < 0.5:
                r1, c1, r2, c2 = r2, c2, r1, c1
            twins.same(lambda b, m=(r1, c1, r2, c2): b.remove(*m))
            if rng.random() < 0.1:
                # A pair that does not link: nothing happens on either side.
                twins.same(lambda b: b.remove(0, 0, 0, 0))


@needs_rust
def test_parity_deals() -> None:
    rng = np.random.default_rng(101)
    for case in range(700):
        grid, border = random_grid(rng, max_side=10)
        grid = even_tiles(grid)
        gravity = MODES[case % len(MODES)]
        pairs = np.count_nonzero(grid) // 2
        kinds = 1 + case % 7
        pair_kinds = np.array([1 + i % kinds for i in range(pairs)], dtype=np.uint16)
        seed = int(rng.integers(0, 2**63)) * 2 + case % 2
        twins = Twins(grid, border, gravity)
        solvable = bool(case % 3)
        twins.same(lambda b, s=seed, k=pair_kinds, f=solvable: b.deal(k, s, f))
        twins.same(lambda b, k=pair_kinds: b.deal(k[1:], 1, True))
    for rows, cols, gravity in [(16, 30, "none"), (16, 30, "down"), (40, 40, "split-h")]:
        grid = np.ones((rows, cols), dtype=np.uint16)
        pair_kinds = np.array([1 + i % 36 for i in range(rows * cols // 2)], dtype=np.uint16)
        for solvable in (True, False):
            twins = Twins(grid, True, gravity)
            twins.same(lambda b, k=pair_kinds, s=solvable: b.deal(k, 2024, s))


@needs_rust
def test_parity_solver() -> None:
    statuses: Counter[str] = Counter()
    for case, board in solver_cases(102, 500):
        twins = Twins(board.grid(), board.border, board.gravity)
        statuses[twins.same(lambda b: b.solve(10**9))[1][0]] += 1
        twins.same(lambda b, n=case % 5: b.solve(n))
    assert statuses["solved"] > 100 and statuses["unsolvable"] > 50, statuses
    # Bigger random deals, where the budget, the cuts and the dead set all matter.
    rng = np.random.default_rng(103)
    for case in range(40):
        gravity = "none" if case % 2 == 0 else MODES[1 + case // 2 % 6]
        kinds = int(rng.choice([8, 21, 42]))
        twins = Twins(np.ones((6, 14), dtype=np.uint16), bool(case % 3), gravity)
        pair_kinds = np.array([1 + i % kinds for i in range(42)], dtype=np.uint16)
        twins.same(lambda b, k=pair_kinds, s=case: b.deal(k, s, False))
        twins.same(lambda b: b.solve(1500))


@needs_rust
def test_parity_props_and_history() -> None:
    rng = np.random.default_rng(104)
    for case in range(250):
        grid, border = random_grid(rng, max_side=8)
        twins = Twins(grid, border, MODES[case % len(MODES)])
        for step in range(15):
            action = int(rng.integers(0, 8))
            seed = int(rng.integers(0, 2**64, dtype=np.uint64))
            if action == 0:
                moves = twins.rust.moves()
                if len(moves):
                    move = moves[int(rng.integers(0, len(moves)))].tolist()
                    twins.same(lambda b, m=move: b.remove(*m))
            elif action == 1:
                twins.same(lambda b, s=seed: b.shuffle(s))
            elif action == 2:
                twins.same(lambda b, a="hv"[step % 2]: b.mirror(a))
            elif action == 3:
                pairs = int(rng.integers(0, 4))
                twins.same(lambda b, s=seed, n=pairs: b.add_obstacles(n, s))
            elif action == 4:
                twins.same(lambda b, s=seed: b.shuffle_solvable(s))
            elif action == 5:
                twins.same(lambda b: b.undo())
            elif action == 6:
                twins.same(lambda b: b.redo())
            else:
                twins.same(lambda b: (b.hint(), b.move_count(), b.is_deadlocked()))
        # Copies are deep on both sides, history included.
        py_copy, rust_copy = twins.py.copy(), twins.rust.copy()
        while twins.rust.undo_len:
            twins.same(lambda b: b.undo())
        twins.same(lambda b: b.undo())  # nothing to undo, alike
        twins.py, twins.rust = py_copy, rust_copy
        twins.check_state()
        while twins.rust.undo_len:
            twins.same(lambda b: b.undo())
        while twins.rust.redo_len:
            twins.same(lambda b: b.redo())
        twins.same(lambda b: b.redo())
        for position in range(twins.rust.undo_len):
            twins.same(lambda b, i=position: b.entry(i))


@needs_rust
def test_parity_errors() -> None:
    def both(make_board: Callable[[Any], Any]) -> None:
        alike(make_board, (Board, RustBoard), **HOW)

    grid = np.array([[1, 1, 2]], dtype=np.uint16)
    both(lambda cls: cls(grid, True, 'side"ways'))
    both(lambda cls: cls(np.zeros((0, 3), dtype=np.uint16), True))
    both(lambda cls: cls(grid, True).mirror("x"))
    both(lambda cls: cls(grid, True).get(1, 0))
    both(lambda cls: cls(grid, True).get(0, -1))
    both(lambda cls: cls(grid, True).path(0, 0, 0, 3))
    both(lambda cls: cls(grid, True).near_miss(0, 0, 0, 3))
    both(lambda cls: cls(grid, True).near_miss(-1, 0, 0, 1))
    both(lambda cls: cls(grid, True).remove(-1, 0, 0, 1))
    both(lambda cls: cls(grid, True).shuffle_solvable(3))
    both(lambda cls: cls(grid, True).deal(np.array([1], dtype=np.uint16), 1, True))
    both(lambda cls: cls(grid, True).deal(np.array([1, 2], dtype=np.uint16), 1, False))
    both(lambda cls: cls(np.zeros((2, 2), dtype=np.uint16), True).shuffle(5).__class__)
    both(lambda cls: cls(np.zeros((2, 2), dtype=np.uint16), True).solve(0))
    for memory_mb in (0, 2**20 + 1):
        both(lambda cls, m=memory_mb: cls(grid, True).solve(10, m))
    # Every refusal of a change, worded once per language (rust/src/error.rs, llk/errors.py).
    blocked = np.array([[1, 2, 1], [3, 0, 3]], dtype=np.uint16)
    for move in [(0, 0, 0, 0), (0, 0, 1, 1), (1, 1, 0, 0), (0, 0, 0, 1), (0, 0, 0, 2)]:
        both(lambda cls, m=move: cls(blocked, False).remove(*m))
    both(lambda cls: cls(np.array([[1, 2], [3, 4]], dtype=np.uint16), False).shuffle(1))
    both(lambda cls: cls(np.array([[5, 0], [0, 0]], dtype=np.uint16), False).shuffle(1))
    both(lambda cls: cls(np.zeros((1, 4), dtype=np.uint16), True).add_obstacles(1, 0))
    both(lambda cls: cls(np.array([[1, 1, 0, 0]], dtype=np.uint16), True).add_obstacles(2, 0))
    both(lambda cls: cls(grid, True).undo())
    both(lambda cls: cls(grid, True).redo())
    both(lambda cls: cls(grid, True).entry(0))
    both(lambda cls: cls(np.ones((1, 3), dtype=np.uint16), True).shuffle_solvable(0))
    both(lambda cls: cls(np.ones((4097, 4096), dtype=np.uint16), True))


@needs_rust
def test_the_limits_are_the_same_in_both_languages() -> None:
    from llk import _core, _limits

    assert _core.MAX_CELLS == _limits.MAX_CELLS
    for name in _limits.GRAVITY_MODES:
        assert RustBoard(np.ones((1, 2), dtype=np.uint16), True, name).gravity == name


def test_both_cores_read_a_column_major_array_in_row_major_order() -> None:
    """The cores take arrays straight from callers too; memory order must not matter."""
    import llk
    from llk import _pycore

    grid = np.asfortranarray(np.arange(1, 13, dtype=np.uint16).reshape(3, 4))
    cores = [_pycore.Board]
    if llk.rust_available():
        from llk import _core

        cores.append(_core.Board)
    for core in cores:
        assert core(grid, True).grid().tolist() == grid.tolist()

"""One random game played on both backends at once (pyrsistent's pattern): removals with
gravity, shuffles (plain and solvable), mirrors, obstacles, undo and redo. After every step the
boards, histories and move lists must be identical, and so must any exception."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import llk
from tests.both_cores import alike
from tests.conftest import needs_both

cells = st.tuples(st.integers(0, 8), st.integers(0, 8))


class SameGameOnBothBackends(RuleBasedStateMachine):
    @initialize(
        rows=st.integers(1, 9),
        cols=st.integers(1, 9),
        kinds=st.integers(1, 6),
        density=st.sampled_from([0.4, 0.7, 1.0]),
        border=st.booleans(),
        seed=st.integers(0, 2**32),
    )
    def deal(self, rows: int, cols: int, kinds: int, density: float, border: bool, seed: int):
        rng = np.random.default_rng(seed)
        grid = np.where(
            rng.random((rows, cols)) < density, rng.integers(1, kinds + 1, (rows, cols)), 0
        )
        self.rust = llk.Board(grid, border=border, backend="rust")
        self.python = llk.Board(grid, border=border, backend="python")

    def both(self, call) -> tuple:
        return alike(call, (self.rust, self.python))

    @precondition(lambda self: self.rust.move_count() > 0)
    @rule(pick=st.integers(0, 10**6))
    def remove_a_linkable_pair(self, pick: int) -> None:
        moves = self.both(lambda b: b.moves())[1]
        a, c = moves[pick % len(moves)]
        self.both(lambda b: b.remove(a, c))

    @rule(a=cells, c=cells)
    def try_any_two_cells(self, a, c) -> None:
        self.both(lambda b: b.path(a, c))
        self.both(lambda b: b.near_miss(a, c))
        self.both(lambda b: b.remove(a, c))

    @rule(seed=st.integers(0, 2**64 - 1))
    def shuffle(self, seed: int) -> None:
        self.both(lambda b: b.shuffle(seed))

    @rule(seed=st.integers(0, 2**64 - 1))
    def shuffle_solvable(self, seed: int) -> None:
        self.both(lambda b: (b.shuffle(seed, solvable=True), b.solution))

    @rule(axis=st.sampled_from(["h", "v"]))
    def mirror(self, axis: str) -> None:
        self.both(lambda b: b.mirror(axis))

    @rule(pairs=st.integers(1, 3), seed=st.integers(0, 2**64 - 1))
    def add_obstacles(self, pairs: int, seed: int) -> None:
        self.both(lambda b: b.add_obstacles(pairs, seed))

    @rule()
    def undo(self) -> None:
        self.both(lambda b: b.undo())

    @rule()
    def redo(self) -> None:
        self.both(lambda b: b.redo())

    @rule()
    def hint(self) -> None:
        self.both(lambda b: b.hint())

    @rule()
    def solve(self) -> None:
        self.both(lambda b: b.solve(budget=300))

    @rule()
    def copy_and_continue_on_the_copy(self) -> None:
        self.rust, self.python = self.rust.copy(), self.python.copy()

    @invariant()
    def boards_agree(self) -> None:
        if not hasattr(self, "rust"):
            return
        assert self.rust == self.python
        assert self.rust.remaining == self.python.remaining
        assert self.rust.history == self.python.history
        assert (self.rust.can_undo, self.rust.can_redo) == (
            self.python.can_undo,
            self.python.can_redo,
        )
        assert self.both(lambda b: b.moves())[0] == "returned"
        assert self.both(lambda b: (b.is_deadlocked(), b.is_cleared(), b.move_count()))


SameGameOnBothBackends.TestCase.settings = settings(
    max_examples=200, stateful_step_count=40, deadline=None
)
TestSameGameOnBothBackends = pytest.mark.names_its_backends(
    needs_both(SameGameOnBothBackends.TestCase)
)

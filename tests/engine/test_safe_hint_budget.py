"""A safe hint's default budget grows with the board (issue 25, item 6a; docs/engine.md, "Safe
hints"): 100,000 states and one per move of a solution, on both cores. How long it takes on
1000x1000 is measured by scripts/measure_safe_hint.py, not here: the machine is shared."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

import llk
from llk._limits import safe_hint_budget


def test_the_default_budget_is_a_state_a_move_and_100_000_more() -> None:
    assert inspect.signature(llk.Board.hint).parameters["budget"].default is None
    assert safe_hint_budget(1_000_000) == 600_000  # a full 1000x1000 board
    assert safe_hint_budget(84) == 100_042  # a full 6x14 board
    assert safe_hint_budget(0) == 100_000


class Spy:
    """A core whose `solve` notes the budget it is given."""

    def __init__(self, core: Any) -> None:
        self.core, self.budgets = core, []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.core, name)

    def solve(self, budget: int, *rest: Any) -> Any:
        self.budgets.append(budget)
        return self.core.solve(budget, *rest)


def test_both_cores_get_the_budget_of_the_tiles_left(backend: str) -> None:
    board = llk.deal(12, 16, kinds=8, seed=5, backend=backend)
    board.remove(*board.solution[0])
    board._core = spy = Spy(board._core)
    assert board.hint(safe=True).safe
    assert board.hint(safe=True, near=(5, 5)).safe
    assert board.hint(safe=True, budget=7) is not None
    assert spy.budgets == [100_000 + 190 // 2, 100_000 + 190 // 2, 7]


def test_a_safe_hint_is_safe_where_the_old_flat_budget_fell_short() -> None:
    """A solvable 450x480 deal needs 108,000 states, more than the flat 100,000 of before (so
    the hint was the plain one, marked unsafe); the default now reaches. The Rust core only:
    the Python one spends seconds on a board 100 times smaller."""
    if not llk.rust_available():
        pytest.skip("the Rust extension is not built")
    board = llk.deal(450, 480, kinds=48, seed=1, backend="rust")
    assert not board.hint(safe=True, budget=100_000).safe
    hint = board.hint(safe=True)
    assert hint is not None and hint.safe
    assert board.solve(budget=safe_hint_budget(board.remaining)).status == "solved"

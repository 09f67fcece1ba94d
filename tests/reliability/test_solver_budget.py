"""The solver's budget bounds its work: with a tiny budget on a big board it comes back with
"unknown" (or a proof it could make within the budget), having expanded at most `budget` states,
on both backends alike, and leaves the board as it was. The same goes for the safe hint and the
rating, which are built on it.

Work is measured in states, never in seconds: the machine is shared. Relaxed play at the root
(docs/engine.md, "Solver") runs only on a budget of a state per tile, so with these budgets the
work is the states alone.
"""

from __future__ import annotations

import numpy as np
import pytest

import llk
from tests.conftest import needs_both

BUDGETS = [0, 1, 2, 9]

# name -> how to make the board on a backend, and whether it has a solution.
BOARDS = {
    "full 1000x1000, gravity down": (
        lambda b: llk.Board(
            np.random.default_rng(1).integers(1, 51, (1000, 1000)), gravity="down", backend=b
        ),
        None,
    ),
    "solvable 100x100, gravity down": (
        lambda b: llk.deal(100, 100, kinds=48, seed=5, gravity="down", backend=b),
        True,
    ),
    "solvable 60x60, no gravity": (
        lambda b: llk.deal(60, 60, kinds=50, seed=3, backend=b),
        True,
    ),
    "random 300x300 split-v": (
        lambda b: llk.deal(
            300, 300, kinds=22500, seed=1, solvable=False, gravity="split-v", backend=b
        ),
        None,
    ),
    "random 300x300, no gravity": (
        lambda b: llk.deal(300, 300, kinds=22500, seed=1, solvable=False, backend=b),
        None,
    ),
}


@pytest.fixture(scope="module")
def boards() -> dict:
    made: dict = {}

    def get(name: str, backend: str) -> llk.Board:
        if (name, backend) not in made:
            made[name, backend] = BOARDS[name][0](backend)
        return made[name, backend].copy()

    return get


@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize("name", list(BOARDS))
def test_a_tiny_budget_comes_back_within_it(backend, boards, name, budget) -> None:
    board = boards(name, backend)
    before = board.grid
    found = llk.solve(board, budget=budget)
    assert found.states <= budget
    assert found.status in ("unknown", "unsolvable") and found.moves == ()
    if budget == 0 or BOARDS[name][1]:
        # Too few states to clear thousands of tiles, and a solvable board has no proof
        # against it: the budget ran out.
        assert found.status == "unknown"
    assert np.array_equal(board.grid, before) and board.history == []


@pytest.mark.parametrize("name", list(BOARDS))
def test_the_safe_hint_and_the_rating_fall_back_within_a_tiny_budget(backend, boards, name):
    board = boards(name, backend)
    for budget in (0, 1):
        hint = board.hint(safe=True, budget=budget)
        assert hint == board.hint() and (hint is None or hint.safe is False)
    rated = llk.rate(board, budget=1, probe_budget=0)
    assert rated.status in ("unknown", "unsolvable") and rated.states <= 1
    assert rated.label == rated.status and rated.moves == 0


@needs_both
@pytest.mark.parametrize("name", list(BOARDS))
def test_both_backends_stop_at_the_same_state(boards, name) -> None:
    for budget in BUDGETS:
        rust, python = (llk.solve(boards(name, b), budget=budget) for b in llk.BACKENDS)
        assert rust == python


def test_a_growing_budget_only_ever_adds_states(backend, boards) -> None:
    board = boards("solvable 100x100, gravity down", backend)
    spent = [llk.solve(board, budget=budget).states for budget in (0, 1, 5, 20, 60)]
    assert spent == [0, 1, 5, 20, 60]

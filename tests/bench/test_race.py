"""`llk bench --solver`'s race (llk/bench/race.py) counts the disagreements between KShisen's
check and llk's exact solver as its docstring says."""

from __future__ import annotations

import pytest

import llk
from llk.bench import kshisen, race


@pytest.fixture
def always_clears(monkeypatch: pytest.MonkeyPatch) -> None:
    """KShisen's check replaced by one that calls every deal solvable."""
    verdict = kshisen.Verdict(True, (), 0)
    monkeypatch.setattr(kshisen, "is_solvable", lambda grid: verdict)
    monkeypatch.setattr(kshisen, "is_solvable_rust", lambda grid: verdict)
    monkeypatch.setattr(race, "RACE_DEALS", 3)


@pytest.mark.usefixtures("always_clears")
def test_a_deal_it_clears_that_the_solver_proves_unsolvable_is_counted_false() -> None:
    # Random 4-a-kind deals of 30x16 without gravity: llk's solver proves them unsolvable.
    row = race.run_cell(16, 30, "even", "none", llk.BACKEND, seed=1)
    assert (row.deals, row.unsolvable, row.greedy_clears) == (3, 3, 3)
    assert (row.greedy_false, row.greedy_missed, row.agree) == (3, 0, 0)


@pytest.mark.usefixtures("always_clears")
def test_a_deal_the_solver_leaves_unknown_is_neither_false_nor_agreed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Too few states to decide with gravity, on either core.
    monkeypatch.setattr(race, "RACE_BUDGET", 20)
    monkeypatch.setattr(race, "RACE_PYTHON_BUDGET", 20)
    row = race.run_cell(16, 30, "even", "down", llk.BACKEND, seed=1)
    assert row.unknown == 3 and row.budget == 20
    assert (row.greedy_false, row.greedy_missed, row.agree) == (0, 0, 0)


def test_a_deal_it_gets_stuck_on_that_the_solver_clears_is_counted_missed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stuck = kshisen.Verdict(False, (), 84)
    monkeypatch.setattr(kshisen, "is_solvable", lambda grid: stuck)
    monkeypatch.setattr(kshisen, "is_solvable_rust", lambda grid: stuck)
    monkeypatch.setattr(race, "RACE_DEALS", 3)
    # Random 4-a-kind deals of 14x6 are cleared by llk's solver (seeds 1-3).
    row = race.run_cell(6, 14, "even", "none", llk.BACKEND, seed=1)
    assert (row.solved, row.greedy_clears) == (3, 0)
    assert (row.greedy_false, row.greedy_missed, row.agree) == (0, 3, 0)


def test_a_stuck_verdict_on_a_deal_the_solver_leaves_unknown_is_not_agreement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stuck = kshisen.Verdict(False, (), 480)
    monkeypatch.setattr(kshisen, "is_solvable", lambda grid: stuck)
    monkeypatch.setattr(kshisen, "is_solvable_rust", lambda grid: stuck)
    monkeypatch.setattr(race, "RACE_DEALS", 3)
    monkeypatch.setattr(race, "RACE_BUDGET", 20)
    monkeypatch.setattr(race, "RACE_PYTHON_BUDGET", 20)
    row = race.run_cell(16, 30, "even", "down", llk.BACKEND, seed=1)
    assert row.unknown == 3 and (row.agree, row.greedy_missed) == (0, 0)


def test_the_pure_python_solver_gets_the_smaller_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(race, "RACE_DEALS", 1)
    monkeypatch.setattr(race, "RACE_BUDGET", 40)
    monkeypatch.setattr(race, "RACE_PYTHON_BUDGET", 30)
    row = race.run_cell(16, 30, "even", "down", "python", seed=1)
    assert (row.budget, row.unknown) == (30, 1)

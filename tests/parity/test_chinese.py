"""Chinese style on both cores (docs/engine.md, "Rule variants"): the same answers on random
boards of flowers, seasons and other kinds, in every gravity mode (paths, near misses, scans,
removals with their slides and history, shuffles, the solver), and the same deals."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from tests.both_cores import outcome
from tests.conftest import needs_both
from tests.engine.test_chinese import cases

pytestmark = [needs_both, pytest.mark.names_its_backends]


def pair(grid: np.ndarray, border: bool, gravity: str) -> tuple[llk.Board, llk.Board]:
    return tuple(  # type: ignore[return-value]
        llk.Board(grid, border=border, gravity=gravity, chinese=True, backend=b)
        for b in ("rust", "python")
    )


@pytest.mark.parametrize(("grid", "border", "gravity"), cases(11, 35, 7))
def test_both_cores_play_a_chinese_board_alike(
    grid: np.ndarray, border: bool, gravity: str
) -> None:
    rust, python = pair(grid, border, gravity)
    cells = [(r, c) for r in range(grid.shape[0]) for c in range(grid.shape[1])]
    for a in cells:
        for c in cells:
            assert rust.path(a, c) == python.path(a, c), (a, c)
            assert rust.near_miss(a, c) == python.near_miss(a, c), (a, c)
    assert rust.solve(budget=3_000) == python.solve(budget=3_000)
    for step in range(grid.size):
        assert rust.moves() == python.moves() and rust.move_count() == python.move_count()
        assert rust.hints_near((0, 0), 4) == python.hints_near((0, 0), 4)
        assert np.array_equal(rust.move_density(3), python.move_density(3))
        assert rust.is_deadlocked() == python.is_deadlocked()
        hint = rust.hint()
        assert hint == python.hint()
        if hint is None:
            done = [outcome(lambda b=b, s=step: b.shuffle(s)) for b in (rust, python)]
            assert done[0] == done[1] and rust == python
            if done[0][0] == "raised" or rust.remaining == 0:
                break
            continue
        assert rust.remove(*hint) == python.remove(*hint)
        assert rust == python and rust.history == python.history
    assert [a.changes.tolist() for a in rust.history] == [
        a.changes.tolist() for a in python.history
    ]
    if rust.remaining:
        solvable = [outcome(lambda b=b: b.shuffle(5, solvable=True)) for b in (rust, python)]
        assert solvable[0] == solvable[1] and rust == python
        assert rust.solution == python.solution


@pytest.mark.parametrize("gravity", ["none", "down", "left", "split-v"])
@pytest.mark.parametrize("tiles", ["even", "kshisen"])
@pytest.mark.parametrize("solvable", [False, True])
def test_both_cores_deal_the_same_chinese_boards(gravity: str, tiles: str, solvable: bool) -> None:
    for kinds, seed in ((42, 1), (42, 8), (44, 3), (30, 2)):
        rust, python = (
            llk.deal(12, 16, kinds=kinds, seed=seed, gravity=gravity, tiles=tiles,  # type: ignore[arg-type]
                     solvable=solvable, chinese=True, backend=b)
            for b in ("rust", "python")
        )  # fmt: skip
        assert np.array_equal(rust.grid, python.grid) and rust.solution == python.solution
        assert rust.code == python.code

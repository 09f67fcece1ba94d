"""The slide variant on both cores (docs/engine.md, "Tiles slide"): the same answers on random
boards in every gravity mode, with and without Chinese style (paths with their pushes, scans,
removals with their history, undo and redo, shuffles, the solver)."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from tests.both_cores import outcome
from tests.conftest import needs_both

pytestmark = [needs_both, pytest.mark.names_its_backends]

MODES = llk.GRAVITY_MODES


def cases(seed: int, count: int) -> list[tuple[np.ndarray, bool, str, bool]]:
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        rows, cols = (int(x) for x in rng.integers(2, 9, size=2))
        kinds = rng.choice([1, 2, 3, 35, 36, 38, 40], size=(rows, cols))
        full = rng.random((rows, cols)) < (0.5, 0.75, 0.9)[i % 3]
        grid = np.where(full, kinds, 0).astype(np.uint16)
        out.append((grid, i % 3 != 0, MODES[i % len(MODES)], i % 4 == 1))
    return out


@pytest.mark.parametrize(("grid", "border", "gravity", "chinese"), cases(28, 28))
def test_both_cores_play_a_sliding_board_alike(
    grid: np.ndarray, border: bool, gravity: str, chinese: bool
) -> None:
    rust, python = (
        llk.Board(grid, border=border, gravity=gravity, chinese=chinese, slide=True, backend=b)
        for b in ("rust", "python")
    )
    cells = [(r, c) for r in range(grid.shape[0]) for c in range(grid.shape[1])]
    for a in cells:
        for c in cells:
            assert rust.path(a, c) == python.path(a, c), (a, c)
            assert rust.near_miss(a, c) is None is python.near_miss(a, c)
    assert rust.solve(budget=2_000) == python.solve(budget=2_000)
    rng = np.random.default_rng(grid.size)
    grids = [rust.grid.copy()]
    for step in range(grid.size):
        moves = rust.moves()
        assert moves == python.moves() and rust.move_count() == python.move_count()
        assert rust.hint() == python.hint()
        assert rust.hints_near((1, 1), 5) == python.hints_near((1, 1), 5)
        assert np.array_equal(rust.move_density(2), python.move_density(2))
        assert rust.is_deadlocked() == python.is_deadlocked()
        if not moves:
            done = [outcome(lambda b=b, s=step: b.shuffle(s)) for b in (rust, python)]
            assert done[0] == done[1] and rust == python
            if done[0][0] == "raised" or rust.remaining == 0:
                break
            grids.append(rust.grid.copy())
            continue
        a, c = moves[int(rng.integers(len(moves)))]
        assert rust.remove(a, c) == python.remove(a, c)
        assert rust == python and rust.history == python.history
        grids.append(rust.grid.copy())
    assert [a.changes.tolist() for a in rust.history] == [
        a.changes.tolist() for a in python.history
    ]
    for want in reversed(grids[:-1]):
        rust.undo(), python.undo()
        assert np.array_equal(rust.grid, want) and np.array_equal(python.grid, want)
    for want in grids[1:]:
        rust.redo(), python.redo()
        assert np.array_equal(rust.grid, want) and np.array_equal(python.grid, want)


def test_pushes_were_exercised() -> None:
    pushed = 0
    for grid, border, gravity, chinese in cases(28, 28):
        b = llk.Board(grid, border=border, gravity=gravity, chinese=chinese, slide=True)
        pushed += sum(bool(b.path(a, c).pushed) for a, c in b.moves())  # type: ignore[union-attr]
    assert pushed > 20


@pytest.mark.parametrize("gravity", ["none", "down", "split-h"])
def test_both_cores_shuffle_a_sliding_board_into_the_same_solvable_one(gravity: str) -> None:
    rust, python = (
        llk.deal(16, 30, kinds=48, seed=4, gravity=gravity, chinese=True, slide=True, backend=b)  # type: ignore[arg-type]
        for b in ("rust", "python")
    )
    for board in (rust, python):
        for a, c in (board.solution or [])[:30]:
            board.remove(a, c)
        board.shuffle(9, solvable=True)
    assert rust == python and rust.solution == python.solution and rust.history == python.history


@pytest.mark.parametrize("version", [2, 3])
@pytest.mark.parametrize("gravity", ["none", "down", "up", "split-v"])
def test_both_cores_deal_the_same_solvable_sliding_boards(gravity: str, version: int) -> None:
    # Version 2 draws random deals the solver checks: Chinese style needs 42 kinds, so 84
    # tiles, slow in the pure-Python solver, dealt once. Version 3 builds them: KShisen's 30x16.
    boards = [(6, 6, 6, 1, False)] + [(7, 12, 42, 3, True)] * (gravity == "none" and version == 2)
    boards += [(16, 30, 42, 5, True), (16, 30, 42, 6, False)] * (version == 3)
    for rows, cols, kinds, seed, chinese in boards:
        rust, python = (
            llk.deal(rows, cols, kinds=kinds, seed=seed, gravity=gravity, solvable=True,  # type: ignore[arg-type]
                     chinese=chinese, slide=True, version=version, backend=b)
            for b in ("rust", "python")
        )  # fmt: skip
        assert np.array_equal(rust.grid, python.grid) and rust.solution == python.solution
        assert rust.code == python.code and "l" in rust.code.split(".")[-1]  # type: ignore[union-attr]
        assert llk.Board.from_code(rust.code) == rust  # type: ignore[arg-type]

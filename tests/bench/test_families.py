"""The seeded board families of `llk bench` are what they claim to be."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from llk._pycore.rng import SplitMix64
from llk.bench import families

SIZES = [(1, 1), (3, 5), (16, 16), (30, 16), (40, 64)]


def test_draws_are_splitmix64_outputs() -> None:
    for seed in (0, 1, 2**64 - 1, 123456789):
        rng = SplitMix64(seed)
        assert families.draws(seed, 50).tolist() == [rng.next() for _ in range(50)]


def test_uniform_stays_below_n() -> None:
    z = families.draws(5, 10_000)
    for n in (1, 3, 50, 65535):
        values = families.uniform(z, n)
        assert values.min() >= 0 and values.max() < n
    assert len(set(families.uniform(z, 50).tolist())) == 50


@pytest.mark.parametrize("family", list(families.FAMILIES))
def test_a_family_is_a_pure_function_of_size_and_seed(family: str) -> None:
    a = families.grid(family, 20, 30, seed=7)
    assert a.dtype == np.uint16 and a.shape == (20, 30)
    assert np.array_equal(a, families.grid(family, 20, 30, seed=7))
    assert not np.array_equal(a, families.grid(family, 20, 30, seed=8))


def test_full_boards_have_every_cell_and_fifty_kinds() -> None:
    g = families.grid("full", 100, 100, seed=1)
    assert g.min() >= 1 and g.max() <= families.KINDS
    assert len(np.unique(g)) == families.KINDS
    assert families.border("full")


@pytest.mark.parametrize("family", ["half", "unique"])
def test_half_boards_are_half_full(family: str) -> None:
    g = families.grid(family, 300, 300, seed=1)
    assert abs(np.count_nonzero(g) / g.size - 0.5) < 0.01
    # Rows and columns alike, not a stripe pattern.
    per_row = np.count_nonzero(g, axis=1) / g.shape[1]
    per_col = np.count_nonzero(g, axis=0) / g.shape[0]
    assert per_row.min() > 0.35 and per_row.max() < 0.65
    assert per_col.min() > 0.35 and per_col.max() < 0.65


@pytest.mark.parametrize(("rows", "cols"), [*SIZES, (255, 257)])
def test_unique_boards_have_no_kind_twice(rows: int, cols: int) -> None:
    g = families.grid("unique", rows, cols, seed=3)
    kinds = g[g != 0]
    assert len(np.unique(kinds)) == kinds.size
    assert not families.border("unique")


def test_bigger_unique_boards_repeat_kinds_only_far_apart() -> None:
    g = families.grid("unique", 600, 600, seed=1)
    rows, cols = np.nonzero(g)
    order = np.argsort(g[rows, cols], kind="stable")
    kinds, rows, cols = g[rows, cols][order], rows[order], cols[order]
    same = kinds[1:] == kinds[:-1]
    assert same.any()
    far = (np.abs(np.diff(rows)) >= 255) | (np.abs(np.diff(cols)) >= 257)
    assert far[same].all()


@pytest.mark.parametrize("family", ["unique", "deadlocked"])
@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_no_pair_links_on_the_pairless_families(family: str, rows: int, cols: int) -> None:
    g = families.grid(family, rows, cols, seed=2)
    board = llk.Board(g, border=families.border(family), backend="python")
    assert board.move_count() == 0
    assert board.is_deadlocked() == (board.remaining > 0)


def test_no_pair_links_where_unique_kinds_repeat() -> None:
    backend = "rust" if llk.rust_available() else "python"
    g = families.grid("unique", 300, 300, seed=1)
    assert llk.Board(g, border=False, backend=backend).is_deadlocked()


def test_deadlocked_boards_are_full_with_no_equal_neighbours() -> None:
    g = families.grid("deadlocked", 50, 60, seed=4)
    assert g.min() >= 1
    assert not (g[:, 1:] == g[:, :-1]).any() and not (g[1:] == g[:-1]).any()
    assert not families.border("deadlocked")


def test_full_and_half_boards_have_moves() -> None:
    for family in ("full", "half"):
        board = llk.Board(families.grid(family, 30, 16, seed=1), backend="python")
        assert board.move_count() > 0


def test_same_kind_pairs_are_of_one_kind() -> None:
    g = families.grid("half", 40, 50, seed=1)
    pairs = families.same_kind_pairs(g, 500, seed=9)
    assert len(pairs) == 500
    assert all(g[r1, c1] == g[r2, c2] != 0 for r1, c1, r2, c2 in pairs)
    assert pairs == families.same_kind_pairs(g, 500, seed=9)
    assert families.same_kind_pairs(np.zeros((3, 3), dtype=np.uint16), 5, seed=1) == []


def test_sampled_moves_come_from_the_move_list() -> None:
    board = llk.Board(families.grid("half", 20, 20, seed=1), backend="python")
    moves = board._core.moves()
    picked = families.sample_moves(moves, 100, seed=3)
    listed = {tuple(row) for row in moves.tolist()}
    assert len(picked) == 100 and all(p in listed for p in picked)
    assert families.sample_moves(moves[:0], 10, seed=3) == []


def test_an_unknown_family_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown board family"):
        families.grid("spiral", 4, 4, seed=1)

"""The classic algorithm (plain Python, and the same in Rust) gives the engine's answers."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from llk.bench import families
from llk.bench.classic import ClassicBoard
from tests.conftest import needs_both


def random_boards(count: int, seed: int):
    rng = np.random.default_rng(seed)
    for case in range(count):
        rows, cols = int(rng.integers(1, 9)), int(rng.integers(1, 9))
        density = [0.2, 0.5, 0.8, 1.0][case % 4]
        kinds = int(rng.integers(1, 5))
        grid = np.where(
            rng.random((rows, cols)) < density, rng.integers(1, kinds + 1, (rows, cols)), 0
        )
        yield grid.astype(np.uint16), case % 2 == 0


def test_classic_python_agrees_with_the_core(backend: str) -> None:
    links = 0
    for grid, border in random_boards(300, seed=1):
        board = llk.Board(grid, border=border, backend=backend)
        classic = ClassicBoard(grid, border)
        cells = [(r, c) for r in range(grid.shape[0]) for c in range(grid.shape[1])]
        for a in cells:
            for b in cells:
                want = board.can_link(a, b)
                assert classic.can_link(a, b) == want, (grid, border, a, b)
                links += want
        assert classic.move_count() == board.move_count()
        hint = board.hint()
        assert classic.hint() == (None if hint is None else tuple(hint))
    assert links > 2000


@pytest.mark.parametrize("family", list(families.FAMILIES))
def test_classic_python_on_the_families(family: str) -> None:
    grid = families.grid(family, 12, 14, seed=5)
    border = families.border(family)
    board = llk.Board(grid, border=border, backend="python")
    classic = ClassicBoard(grid, border)
    assert classic.move_count() == board.move_count()
    hint = board.hint()
    assert classic.hint() == (None if hint is None else tuple(hint))


def test_classic_remove_empties_a_linking_pair_only() -> None:
    classic = ClassicBoard(np.array([[1, 2, 1], [3, 2, 3]]), border=False)
    assert not classic.remove((0, 0), (0, 2))
    assert classic.remove((0, 1), (1, 1))
    assert classic.kinds == [[1, 0, 1], [3, 0, 3]]
    assert classic.hint() == ((0, 0), (0, 2))


@needs_both
def test_classic_rust_agrees_with_classic_python() -> None:
    from llk._core import classic as rust

    for grid, border in random_boards(300, seed=2):
        classic = ClassicBoard(grid, border)
        hint = classic.hint()
        flat = None if hint is None else (*hint[0], *hint[1])
        assert rust.hint(grid, border) == flat
        assert rust.move_count(grid, border) == classic.move_count()
        rows, cols = grid.shape
        for r1 in range(rows):
            for c1 in range(cols):
                r2, c2 = (r1 * 7 + 3) % rows, (c1 * 5 + 1) % cols
                want = classic.can_link((r1, c1), (r2, c2))
                assert rust.path_exists(grid, border, r1, c1, r2, c2) == want


@needs_both
def test_classic_rust_checks_its_cells_and_reads_any_layout() -> None:
    from llk._core import classic as rust

    grid = np.array([[1, 0, 1], [2, 3, 2]], dtype=np.uint16)
    with pytest.raises(llk.BoardError, match="outside"):
        rust.path_exists(grid, True, 0, 0, 2, 0)
    # A transposed (non-contiguous) view is read as the board it shows.
    assert rust.hint(grid.T, True) == rust.hint(np.ascontiguousarray(grid.T), True)
    assert rust.path_exists(grid, False, 0, 0, 0, 2)

"""The props of the pure-Python core (llk._pycore, docs/engine.md): the mirror, and obstacles
placed by the documented draws.
"""

from __future__ import annotations

import numpy as np
import pytest

from llk._pycore import Board
from llk._pycore.rng import SplitMix64
from llk.errors import BoardError
from tests.engine.helpers import make, obstacles_status, random_grid

# The pure-Python core itself, whatever the default backend.
pytestmark = pytest.mark.names_its_backends


def test_mirror_flips_every_cell() -> None:
    rng = np.random.default_rng(4)
    for _ in range(100):
        grid, border = random_grid(rng)
        board = Board(grid, border)
        board.mirror("h")
        assert np.array_equal(board.grid(), grid[:, ::-1])
        board.mirror("v")
        assert np.array_equal(board.grid(), grid[::-1, ::-1])
        assert board.remaining == np.count_nonzero(grid)
        assert board.move_count() == Board(grid[::-1, ::-1].copy(), border).move_count()
    with pytest.raises(BoardError, match="""mirror axis must be 'h' or 'v', not "d\""""):
        make([[1]]).mirror("d")


def test_obstacles_need_kinds_and_room() -> None:
    board = make([[1, 1, 0, 0]])
    assert obstacles_status(board, 2, 0) == 2
    assert obstacles_status(board, 1, 0) == 0
    assert board.grid().tolist() == [[1, 1, 1, 1]]
    assert obstacles_status(make([[0, 0]]), 1, 0) == 1
    assert obstacles_status(make([[0, 0]]), 0, 0) == 1


def test_obstacles_follow_the_documented_draws() -> None:
    rng = np.random.default_rng(5)
    for case in range(200):
        grid, border = random_grid(rng)
        board = Board(grid, border)
        pairs, seed = int(rng.integers(0, 4)), case * 977
        flat = grid.reshape(-1)
        kinds = sorted(set(flat.tolist()) - {0})
        empty = [i for i, k in enumerate(flat.tolist()) if k == 0]
        status = obstacles_status(board, pairs, seed)
        if not kinds:
            assert status == 1
            continue
        if len(empty) < 2 * pairs:
            assert status == 2 and np.array_equal(board.grid(), grid)
            continue
        assert status == 0
        want = flat.copy()
        draws = SplitMix64(seed)
        for i in range(pairs):
            kind = kinds[draws.below(len(kinds))]
            for j in (2 * i, 2 * i + 1):
                pick = j + draws.below(len(empty) - j)
                empty[j], empty[pick] = empty[pick], empty[j]
                want[empty[j]] = kind
        assert board.grid().reshape(-1).tolist() == want.tolist()
        assert board.remaining == np.count_nonzero(grid) + 2 * pairs

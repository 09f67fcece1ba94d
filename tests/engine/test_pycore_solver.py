"""The solver of the pure-Python core (llk._pycore, docs/engine.md "Solver"): the state keys' mix,
the dead table, verdicts against exhaustive search, the budget, and no recursion.
"""

from __future__ import annotations

import inspect
import sys
from collections import Counter

import numpy as np
import pytest

from llk._pycore import Board
from llk._pycore import table as table_module
from llk._pycore.grid import Grid
from llk._pycore.rng import GAMMA, MASK64, mix
from tests.engine.helpers import clearable, make, replay, solver_cases
from tests.engine.reference import RefSplitMix64

# The pure-Python core itself, whatever the default backend.
pytestmark = pytest.mark.names_its_backends


def test_mix_is_the_splitmix64_output_function_of_ints_and_arrays() -> None:
    states = [0, 1, 12345, MASK64 - 7, MASK64]
    want = [RefSplitMix64(state).next() for state in states]
    assert [mix((state + GAMMA) & MASK64) for state in states] == want
    words = np.array([(state + GAMMA) & MASK64 for state in states], dtype=np.uint64)
    before = words.copy()
    assert mix(words).tolist() == want
    assert (words == before).all(), "mix must not change the array it is given"
    grid = Grid(np.array([[0, 3], [7, 0]], dtype=np.uint16), True)
    high = mix(2 * 65536 + 7) ^ mix(65536 + 3)
    low = mix(2 * 65536 + 7 | 1 << 63) ^ mix(65536 + 3 | 1 << 63)
    assert table_module.state_key(grid) == high << 64 | low


def test_the_dead_table_forgets_as_the_rust_one_does() -> None:
    """The Rust table, fed the same keys, holds the same ones, by count and sum
    (rust/src/solve/table.rs, forgets_what_the_python_twin_forgets): at its limit, where each
    bucket holds its newest eight, and where it holds them all. Keys are 128 bits, made as a
    tile's is; the sums are of their top halves, which alone say where a key goes."""
    ways = table_module.WAYS

    def wide(x: int) -> int:
        return mix(x) << 64 | mix(x | 1 << 63)

    cases = [
        (512, 6000, 1, (4005, 11366006794260895109)),
        (1 << 16, 50_000, 3, (50_000, 17451951555561613904)),
    ]
    for buckets, count, step, want in cases:
        table = table_module.DeadTable(buckets * ways)
        keys = [wide(i * step) for i in range(1, count + 1)]
        for key in keys:
            table.add(key)
        held = [key for key in table.slots if key]
        assert (len(held), sum(key >> 64 for key in held) % 2**64) == want
        assert all(key in table for key in held) and keys[-1] in table
        # A key that shares its top half with a held one, not its bottom half, is not held.
        assert keys[-1] ^ 1 not in table
    # At the limit, a bucket (a key's top nine bits) holds the newest eight of its keys.
    model: dict[int, list[int]] = {}
    for key in [wide(i) for i in range(1, 6001)]:
        model.setdefault(key >> 119, []).append(key)
    table = table_module.DeadTable(512 * ways)
    for key in [wide(i) for i in range(1, 6001)]:
        table.add(key)
    assert sorted(key for key in table.slots if key) == sorted(
        k for b in model.values() for k in b[-ways:]
    )
    # Key 0 (an empty slot's mark) is held apart; a table below a bucket holds nothing.
    table.add(0)
    assert 0 in table
    tiny = table_module.DeadTable(ways - 1)
    tiny.add(5)
    assert 5 not in tiny
    assert [table_module.table_capacity(mb) for mb in (1, 3, 256)] == [32_768, 65_536, 1 << 23]


def test_verdicts_match_exhaustive_search_on_small_boards() -> None:
    verdicts: Counter[tuple[bool, str]] = Counter()
    for case, board in solver_cases(31, 900):
        status, moves, states = board.solve(10**9)
        want = clearable(board, set())
        assert status == ("solved" if want else "unsolvable"), (case, board.gravity, board.grid())
        assert moves.dtype == np.int64 and moves.shape[1:] == (4,)
        if status == "solved":
            assert replay(board, moves)
        else:
            assert moves.shape == (0, 4)
        assert states >= 1
        verdicts[board.gravity != "none", status] += 1
    assert verdicts[False, "solved"] > 300 and verdicts[False, "unsolvable"] > 60, verdicts
    assert verdicts[True, "solved"] > 100 and verdicts[True, "unsolvable"] > 15, verdicts


def test_the_budget_bounds_the_search() -> None:
    crossed = make([[1, 2], [2, 1]])
    assert crossed.solve(10**9)[0::2] == ("unsolvable", 1)
    assert crossed.solve(0)[0::2] == ("unknown", 0)
    assert make([[0, 0]]).solve(0)[0::2] == ("solved", 0)
    # One state per move on the way down, the cleared board costs none.
    board = make([[1, 1, 2, 2]])
    assert board.solve(2)[0::2] == ("solved", 2)
    assert board.solve(1)[0::2] == ("unknown", 1)
    for _, board in solver_cases(44, 60):
        status, _, states = board.solve(10**9)
        for budget in (0, 1, states // 2, states - 1):
            if budget < 0 or budget >= states:
                continue
            small = board.solve(budget)
            assert small[0] == "unknown" and small[2] == budget and small[1].shape == (0, 4)
        # Relaxed play runs only on a budget of a state per tile (docs/engine.md): below that, a
        # board it proved hopeless at once may be "unknown".
        allowed = [(status, states)] + [("unknown", states)] * (states < board.remaining)
        assert board.solve(states)[0::2] in allowed


def test_solve_leaves_the_board_alone() -> None:
    board = make([[1, 2, 1, 2], [3, 3, 0, 0]], gravity="down")
    board.mirror("v")
    before = board.grid()
    status, moves, _ = board.solve(1000)
    assert status == "solved" and replay(board, moves)
    assert np.array_equal(board.grid(), before) and board.undo_len == 1


def test_the_solver_handles_a_deep_search_without_recursion() -> None:
    # 600 moves deep, with far less stack than that allowed: the search must not recurse.
    board = Board(np.ones((30, 40), dtype=np.uint16), False)
    solution = board.deal(np.arange(1, 601, dtype=np.uint16), 1, True)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 100)
    try:
        status, moves, states = board.solve(2000)
    finally:
        sys.setrecursionlimit(limit)
    assert (status, states) == ("solved", 600) and replay(board, moves)
    assert solution is not None and replay(board, solution)

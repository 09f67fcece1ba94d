"""Every call that takes a cell takes it as numpy hands it over too (issue 25, item 6b): a 1-D
integer array of two, of any integer dtype, is the tuple of its two values; any other array is
refused with the very error of a bad tuple (docs/bad-input.md), on both cores."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import llk
from tests.both_cores import outcome

GRID = [[1, 2, 0, 1], [3, 0, 2, 3], [0, 4, 4, 0]]

# Every public call of a board that takes cells, by the name of the method, with two cells of
# GRID that link (a call of one cell takes the first).
CALLS: dict[str, Callable[[llk.Board, Any, Any], Any]] = {
    "__getitem__": lambda b, a, c: b[a],
    "path": lambda b, a, c: b.path(a, c),
    "near_miss": lambda b, a, c: b.near_miss(a, c),
    "can_link": lambda b, a, c: b.can_link(a, c),
    "remove": lambda b, a, c: (b.remove(a, c), b.grid.tolist(), b.history),
    "remove_action": lambda b, a, c: (b.remove_action(a, c), b.grid.tolist()),
    "apply": lambda b, a, c: (b.apply(("remove", (a, c))), b.grid.tolist()),
    "hint": lambda b, a, c: b.hint(near=a),
    "hints_near": lambda b, a, c: b.hints_near(a, 3),
}
A, C = (0, 0), (0, 3)
DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
# Arrays that are not cells, each with the tuple (or list) refused the same way.
NOT_CELLS = [
    (np.array([0, 0, 0]), (0, 0, 0)),
    (np.array([0]), (0,)),
    (np.array([[0, 0]]), [[0, 0]]),
    (np.array([0.0, 3.0]), (0.0, 3.0)),
    (np.array([True, False]), (True, False)),
    (np.array(["0", "3"]), ("0", "3")),
    (np.array([0, 3], dtype=object), None),  # an object array: even of ints, not a cell
    (np.array([0, 3], dtype="m8[s]"), (np.timedelta64(0, "s"), np.timedelta64(3, "s"))),
    (np.ma.masked_array([0, 3], mask=[1, 0]), None),
    (np.array(0), None),
]


def test_every_call_taking_a_cell_is_listed() -> None:
    takes = {
        name
        for name, method in inspect.getmembers(llk.Board, inspect.isfunction)
        if (name == "__getitem__" or not name.startswith("_"))
        and {"a", "c", "cell", "near"} & set(inspect.signature(method).parameters)
    }
    assert takes | {"apply"} == set(CALLS)


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_a_1d_integer_array_of_two_is_a_cell(backend: str, name: str, dtype: type) -> None:
    call = CALLS[name]
    by_tuple = call(llk.Board(GRID, backend=backend), A, C)
    arrays = (np.array(A, dtype=dtype), np.array(C, dtype=dtype))
    assert call(llk.Board(GRID, backend=backend), *arrays) == by_tuple
    # A view with a stride (every other value of a longer array) reads the same.
    strided = np.array([A[0], 9, A[1]], dtype=dtype)[::2]
    assert call(llk.Board(GRID, backend=backend), strided, arrays[1]) == by_tuple


@pytest.mark.parametrize("name", sorted(CALLS))
def test_an_array_off_the_board_is_refused_as_the_tuple_is(backend: str, name: str) -> None:
    board = llk.Board(GRID, backend=backend)
    refused = outcome(lambda: CALLS[name](board, np.array([3, 0]), C))
    assert refused == outcome(lambda: CALLS[name](board, (3, 0), C))
    assert refused == ("raised", llk.BoardError, "cell (3, 0) is outside the 3x4 board")


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("bad,as_tuple", NOT_CELLS, ids=lambda v: getattr(v, "dtype", "_"))
def test_other_arrays_are_refused_as_bad_tuples_are(
    backend: str, name: str, bad: np.ndarray, as_tuple: Any
) -> None:
    board = llk.Board(GRID, backend=backend)
    refused = outcome(lambda: CALLS[name](board, bad, C))
    assert refused[:2] == ("raised", llk.BoardError), refused
    assert refused[2].startswith("a cell is a (row, col) pair of ints, got ")
    assert refused[2].endswith(llk._input.show(bad))
    if as_tuple is not None:
        tupled = outcome(lambda: CALLS[name](board, as_tuple, C))
        assert tupled[:2] == refused[:2] and tupled[2].startswith(refused[2].split(" got ")[0])
    assert board.grid.tolist() == GRID and not board.history

"""Both cores, reached directly (llk._core.Board and llk._pycore.board.Board, past the
facade's checks in _input.py), refuse bad arguments alike: the same exception and the same
words (rust/src/bindings/args.rs, python/llk/_pycore/args.py), never PyO3's OverflowError or
TypeError, and never a panic. The facade's own refusals come first for a user (test_parity.py's
bad calls); these are the cores' contract with any other caller."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import llk
from tests import both_cores
from tests.both_cores import CORES, core_shown
from tests.conftest import needs_both

pytestmark = [needs_both, pytest.mark.names_its_backends]

GRID = np.array([[1, 2, 1], [3, 1, 3], [2, 3, 0]], dtype=np.uint16)
EXPECTED = (llk.BoardError, llk.IllegalMove, IndexError)


def outcome(call: Callable[[Any], Any], core: type) -> tuple:
    # A PanicException is a BaseException: caught, and named (it cannot be imported).
    return both_cores.outcome(
        lambda: call(core(GRID.copy(), False, "none")),
        shown=core_shown,
        catching=BaseException,
        by_name=True,
    )


BAD: list[tuple[str, Callable[[Any], Any]]] = [
    ("grid a list", lambda b: type(b)([[1, 1]], False, "none")),
    ("grid 1-D", lambda b: type(b)(np.ones(4, dtype=np.uint16), False, "none")),
    ("grid int64", lambda b: type(b)(np.ones((2, 2), dtype=np.int64), False, "none")),
    ("grid 3-D", lambda b: type(b)(np.ones((1, 2, 2), dtype=np.uint16), False, "none")),
    ("border an int", lambda b: type(b)(GRID, 1, "none")),
    ("border numpy's bool", lambda b: type(b)(GRID, np.True_, "none")),
    ("gravity an int", lambda b: type(b)(GRID, False, 5)),
    ("chinese an int", lambda b: type(b)(GRID, False, "none", 1)),
    ("slide numpy's bool", lambda b: type(b)(GRID, False, "none", False, np.True_)),
    ("slide a string", lambda b: type(b)(GRID, False, "none", None, "yes")),
    ("row too big", lambda b: b.path(2**64, 0, 0, 0)),
    ("row a float", lambda b: b.path(0.0, 0, 0, 0)),
    ("row a string", lambda b: b.get("0", 0)),
    ("row None", lambda b: b.near_miss(None, 0, 0, 0)),
    ("row off, negative", lambda b: b.remove(-1, 0, 0, 0)),
    ("count negative", lambda b: b.hints_near(0, 0, -1)),
    ("count a float", lambda b: b.hints_near(0, 0, 1.0)),
    ("block 0", lambda b: b.move_density(0)),
    ("block negative", lambda b: b.move_density(-4)),
    ("seed negative", lambda b: b.shuffle(-1)),
    ("seed 2**64", lambda b: b.shuffle(2**64)),
    ("seed a string", lambda b: b.shuffle_solvable("7")),
    ("pairs negative", lambda b: b.add_obstacles(-1, 3)),
    ("obstacle seed negative", lambda b: b.add_obstacles(1, -3)),
    ("axis an int", lambda b: b.mirror(1)),
    ("entry negative", lambda b: b.entry(-1)),
    ("entry past the end", lambda b: b.entry(2**70)),
    ("budget negative", lambda b: b.solve(-1)),
    ("budget a float", lambda b: b.solve(10.5)),
    ("memory 0", lambda b: b.solve(10, 0)),
    ("memory negative", lambda b: b.solve(10, -1)),
    ("time limit 0", lambda b: b.solve(10, None, None, 0)),
    ("time limit negative", lambda b: b.solve(10, None, None, -0.5)),
    ("time limit NaN", lambda b: b.solve(10, None, None, float("nan"))),
    ("time limit infinite", lambda b: b.solve(10, None, None, float("inf"))),
    ("time limit a bool", lambda b: b.solve(10, None, None, True)),
    ("time limit a string", lambda b: b.solve(10, None, None, "1")),
    ("time limit beyond a float", lambda b: b.solve(10, None, None, 10**400)),
    ("deal seed negative", lambda b: b.deal(np.array([1], dtype=np.uint16), -1, True)),
    ("deal flag an int", lambda b: b.deal(np.array([1], dtype=np.uint16), 1, 1)),
    ("deal version 0", lambda b: b.deal(np.array([1], dtype=np.uint16), 1, True, 0)),
]


@pytest.mark.parametrize("name,call", BAD, ids=[n for n, _ in BAD])
def test_bad_arguments_are_refused_alike_by_both_cores(name: str, call) -> None:
    rust, python = (outcome(call, core) for core in CORES)
    assert rust == python
    assert rust[0] == "raised" and rust[1] in {e.__name__ for e in EXPECTED}, rust


GOOD: list[tuple[str, Callable[[Any], Any]]] = [
    ("numpy ints as a cell", lambda b: b.path(np.int64(0), np.uint8(0), np.int32(1), 1)),
    ("bools as a cell", lambda b: b.get(True, False)),
    ("numpy ints as counts", lambda b: b.hints_near(0, 0, np.int64(2))),
    ("the biggest count", lambda b: b.hints_near(0, 0, 2**64 - 1)),
    ("the biggest seed", lambda b: (b.shuffle(2**64 - 1), b.grid())[1]),
    ("gravity and memory by default", lambda b: type(b)(GRID, True).solve(100)[0]),
    ("gravity None", lambda b: type(b)(GRID, True, None).gravity),
    ("time limit an int", lambda b: b.solve(100, None, None, 5)[0]),
    ("time limit beyond the clock", lambda b: b.solve(100, None, None, 1e300)[0]),
]


@pytest.mark.parametrize("name,call", GOOD, ids=[n for n, _ in GOOD])
def test_what_the_facade_may_hand_over_is_taken_alike(name: str, call) -> None:
    rust, python = (outcome(call, core) for core in CORES)
    assert rust == python and rust[0] == "returned", (rust, python)

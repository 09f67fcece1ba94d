"""`solve`, `rate` and the safe hint take a time limit (issue 41, item 3): past it the search
stops and the verdict is "unknown" with the reason "time limit", on both backends alike, and a
time limit that is not a number of seconds above 0 is refused with the same words by both.

How closely a search keeps to its limit is a timing target, measured in the benchmarks
(tests/bench/test_speed.py, `test_time_limit_overshoot`), not here on a shared machine: these
tests give searches that would run for minutes a fraction of a second, and ask only that they
come back, well within a loose bound, with the right verdict.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

import llk
from tests import both_cores
from tests.both_cores import BUILT
from tests.conftest import needs_both

# A search of millions of states under gravity: minutes on either core, were it not stopped
# (tests/reliability/test_solver_cancel.py's board).
HUGE = 10**12
LIMIT = 0.2
# What "comes back" means here: the limit and a generous allowance for a loaded machine.
NO_HANG = LIMIT + 2.0


def stubborn(backend: str) -> llk.Board:
    return llk.deal(16, 30, kinds=120, seed=1, gravity="down", solvable=False, backend=backend)


def timed(call):  # type: ignore[no-untyped-def]
    started = time.monotonic()
    value = call()
    return value, time.monotonic() - started


def test_a_long_solve_stops_at_its_time_limit_as_unknown(backend: str) -> None:
    board = stubborn(backend)
    before = board.grid.copy()
    found, took = timed(lambda: llk.solve(board, budget=HUGE, time_limit=LIMIT))
    assert (found.status, found.moves, found.reason) == ("unknown", (), "time limit")
    assert found.states > 0
    assert took < NO_HANG
    assert np.array_equal(board.grid, before)


def test_a_long_safe_hint_stops_at_its_time_limit_with_the_plain_hint(backend: str) -> None:
    board = stubborn(backend)
    hint, took = timed(lambda: board.hint(safe=True, budget=HUGE, time_limit=LIMIT))
    assert hint is not None and not hint.safe
    assert tuple(hint) == board.moves()[0]
    assert took < NO_HANG


def test_a_long_rating_stops_at_its_time_limit_as_unknown(backend: str) -> None:
    rating, took = timed(lambda: llk.rate(stubborn(backend), budget=HUGE, time_limit=LIMIT))
    assert (rating.status, rating.label, rating.reason) == ("unknown", "unknown", "time limit")
    assert took < NO_HANG + 1  # the deal too


def test_the_time_limit_bounds_the_whole_rating_not_only_its_first_solve(backend: str) -> None:
    # Solved in 18 ms (Rust) or 0.5 s (Python), rated in far more than 5 s: the time runs
    # out among the probes along the solution, and the rating is not finished.
    board = llk.deal(24, 24, kinds=72, seed=3, backend=backend)
    first = llk.solve(board)
    limit = 2.0
    rating, took = timed(lambda: llk.rate(board, time_limit=limit))
    assert first.status == "solved"
    assert (rating.status, rating.label, rating.reason) == ("unknown", "unknown", "time limit")
    assert rating.states > first.states  # probes ran before the time was up
    assert took < limit + 2.0


def test_a_search_done_in_time_answers_as_without_a_limit(backend: str) -> None:
    board = llk.deal(6, 14, kinds=21, seed=8, backend=backend)
    assert llk.solve(board, time_limit=60) == llk.solve(board)
    assert llk.solve(board, time_limit=60).reason is None
    assert llk.rate(board, time_limit=60.0) == llk.rate(board)
    assert board.hint(safe=True, time_limit=1e300) == board.hint(safe=True)


def test_a_budget_that_runs_out_says_so(backend: str) -> None:
    board = stubborn(backend)
    found = llk.solve(board, budget=5, time_limit=60)
    assert (found.status, found.states, found.reason) == ("unknown", 5, "budget")


BAD_LIMITS = [0, 0.0, -1, -0.5, math.nan, math.inf, -math.inf, True, "1", [1], 10**400, 1j]


@needs_both
@pytest.mark.names_its_backends
@pytest.mark.parametrize("value", BAD_LIMITS, ids=lambda v: repr(v)[:12])
def test_a_bad_time_limit_is_refused_alike_on_both_backends(value: object) -> None:
    calls = {
        "solve": lambda b: llk.solve(llk.deal(4, 4, kinds=2, seed=1, backend=b), time_limit=value),
        "rate": lambda b: llk.rate(llk.deal(4, 4, kinds=2, seed=1, backend=b), time_limit=value),
        "hint": lambda b: llk.deal(4, 4, kinds=2, seed=1, backend=b).hint(
            safe=True, time_limit=value
        ),
    }
    for call in calls.values():
        raised = both_cores.alike(call, BUILT, catching=Exception)
        assert raised[:2] == ("raised", llk.BoardError), raised
        assert raised[2].startswith(
            "time_limit must be a number of seconds above 0 and finite, or None, got "
        )
    with pytest.raises(ValueError, match=r"time_limit .* got 0$"):
        llk.solve(llk.deal(4, 4, kinds=2, seed=1), time_limit=0)

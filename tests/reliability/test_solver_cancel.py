"""The solver stops when its `cancel` hook says so, from another thread, on both backends: the
game's Esc drops a safe hint or an auto-play plan this way instead of leaving a search to run
on for seconds. A cancelled search raises `llk.Cancelled` and leaves the board as it was.

Nothing here is timed against a target (the machine is shared): the search is given a budget
it could not finish in minutes, and the test only asks that it comes back once the event is
set, well within the timeout.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

import llk

# A search of millions of states under gravity: minutes on either core, were it not stopped.
HUGE = 10**12


def stubborn(backend: str) -> llk.Board:
    return llk.deal(16, 30, kinds=120, seed=1, gravity="down", solvable=False, backend=backend)


def test_an_event_set_from_another_thread_stops_the_search(backend: str) -> None:
    board = stubborn(backend)
    before = board.grid.copy()
    event = threading.Event()
    result: list[BaseException | llk.Solution] = []

    def run() -> None:
        try:
            result.append(board.solve(budget=HUGE, cancel=event))
        except BaseException as error:  # handed to the test thread
            result.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(0.3)  # returns None whether or not the thread ended: ask it
    assert worker.is_alive(), "the search ended before it was cancelled"
    event.set()
    worker.join(30)
    assert not worker.is_alive(), "the search went on after its event was set"
    assert len(result) == 1 and isinstance(result[0], llk.Cancelled), result
    assert np.array_equal(board.grid, before)


def test_a_callable_hook_and_the_safe_hint(backend: str) -> None:
    board = stubborn(backend)
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] >= 3

    with pytest.raises(llk.Cancelled, match="the solver was cancelled"):
        llk.solve(board, budget=HUGE, cancel=stop)
    assert calls[0] == 3
    event = threading.Event()
    event.set()
    with pytest.raises(llk.Cancelled):
        board.hint(safe=True, budget=HUGE, cancel=event)
    # A hook that never says stop changes nothing: the same answer as without one.
    small = llk.deal(6, 6, kinds=9, seed=2, backend=backend)
    assert small.solve(budget=5000, cancel=lambda: False) == small.solve(budget=5000)
    assert small.hint(safe=True, cancel=threading.Event()) == small.hint(safe=True)


@pytest.mark.parametrize("bad", [3, "stop", object()])
def test_a_hook_that_is_neither_event_nor_callable_is_refused(backend: str, bad: object) -> None:
    board = llk.deal(4, 4, kinds=4, seed=1, backend=backend)
    with pytest.raises(TypeError, match=r"cancel must be None, a threading\.Event or a callable"):
        board.solve(cancel=bad)
    with pytest.raises(TypeError, match="cancel must be None"):
        board.hint(safe=True, cancel=bad)

"""One Rust board hammered from several threads, on the regular (GIL) build: what declaring the
extension free-threaded (`#[pymodule(gil_used = false)]`, README "Free-threaded Python") rests
on. The scans, the solver and the shuffles release the GIL, so even here readers run in
parallel inside Rust and a writer can meet them there; PyO3's borrow flag must then refuse the
overlapping call with RuntimeError, never let it see a half-changed board."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

import llk
from tests.conftest import RUST_MISSING, needs_both

THREADS = 6
ROUNDS = 40
READERS = 3


def hammer(workers: list[Callable[[], Any]]) -> list[BaseException]:
    """Runs each worker on a thread of its own, all started at once; their exceptions."""
    start = threading.Barrier(len(workers))
    errors: list[BaseException] = []

    def run(work: Callable[[], Any]) -> None:
        start.wait()
        try:
            work()
        except BaseException as error:  # reported by the test, not lost in the thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a thread hangs"
    return errors


def borrowed(error: RuntimeError) -> bool:
    """PyO3's refusal of a call that would overlap another one on the same board."""
    return "borrowed" in str(error).lower()


def snapshot(board: llk.Board) -> tuple:
    return (
        board.moves(),
        board.hint(),
        board.move_count(),
        board.is_deadlocked(),
        board.remaining,
        board.grid.tobytes(),
        board.path((0, 0), (board.rows - 1, board.cols - 1)),
    )


@pytest.mark.parametrize("core", ["rust", "python"])
def test_readers_on_one_board_all_see_the_same_answers(core: str) -> None:
    if core == "rust" and not llk.rust_available():
        pytest.skip(RUST_MISSING)
    board = llk.deal(16, 20, kinds=12, seed=5, solvable=False, backend=core)
    expected = snapshot(board)
    solved = board.solve(budget=500)
    seen: list[tuple] = []

    def read() -> None:
        for _ in range(ROUNDS if core == "rust" else 3):  # the Python core is slow
            seen.append(snapshot(board))
            assert board.solve(budget=500) == solved
            assert board.copy() == board

    assert hammer([read] * THREADS) == []
    assert seen and all(s == expected for s in seen)


@needs_both
def test_a_writer_among_readers_is_refused_or_seen_whole() -> None:
    """One thread plays a solvable deal out and undoes and redoes it; the others read. Every
    answer a reader gets is the answer of one of the boards the writer passes through, and
    every refused call is PyO3's borrow error, after which the board is unchanged."""
    board = llk.deal(12, 16, kinds=10, seed=9, backend="rust")
    moves = list(board.solution)
    # The boards the writer passes through, and what a reader may see on each.
    replay = board.copy()
    states = {replay.grid.tobytes(): (replay.moves(), replay.hint())}
    for a, c in moves:
        replay.remove(a, c)
        states[replay.grid.tobytes()] = (replay.moves(), replay.hint())
    refused = {"writer": 0, "reader": 0}
    lock = threading.Lock()
    done = threading.Event()

    def retry(who: str, call: Callable[[], Any]) -> Any:
        while True:
            try:
                return call()
            except RuntimeError as error:
                if not borrowed(error):
                    raise
                with lock:
                    refused[who] += 1
                time.sleep(0.0005)  # let the call in the way finish

    def write() -> None:
        try:
            # Two rounds at least; more until some call was refused, which shows the threads
            # did meet inside Rust (a bound keeps a machine where they never do from hanging).
            for rounds in range(500):
                if rounds >= 2 and refused["writer"] + refused["reader"] > 0:
                    break
                for a, c in moves:
                    retry("writer", lambda a=a, c=c: board.remove(a, c))
                for _ in moves:
                    retry("writer", board.undo)
                for _ in moves:
                    retry("writer", board.redo)
                for _ in moves:
                    retry("writer", board.undo)
        finally:
            done.set()

    def read() -> None:
        while not done.is_set():
            # One call reads the whole board: the kinds and the moves of the same instant
            # cannot be had in two calls while the writer runs, so each is checked alone.
            grid = retry("reader", lambda: board.grid.tobytes())
            assert grid in states, "a reader saw a board the writer never made"
            found = retry("reader", board.moves)
            assert found in [m for m, _ in states.values()], "moves of no board the writer made"
            hint = retry("reader", board.hint)
            assert hint in [h for _, h in states.values()]
            time.sleep(0.001)  # room for the writer: readers back to back would starve it

    assert hammer([write] + [read] * READERS) == []
    # Undone back to the start, with the history of every change the writer made.
    assert board.grid.tobytes() == llk.deal(12, 16, kinds=10, seed=9).grid.tobytes()
    assert board.history == [] and len(moves) > 0
    assert board.can_redo
    # The writer met the readers inside Rust (else this proved nothing about overlaps).
    assert refused["writer"] + refused["reader"] > 0, refused

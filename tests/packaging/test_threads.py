"""One board hammered from several threads, on the regular (GIL) build: what declaring the
extension free-threaded (`#[pymodule(gil_used = false)]`, README "Free-threaded Python") rests
on. The scans, the solver and the shuffles release the GIL, so even here readers run in
parallel inside Rust and a writer can meet them there; PyO3's borrow flag must then refuse the
overlapping call with RuntimeError, never let it see a half-changed board.

pytest-run-parallel runs each test body on several threads at once (`force_parallel_threads`),
started together by a barrier at each of its `iterations`; the fixtures are made once and shared
by the threads, so they all work on one board."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import llk
from tests.conftest import RUST_MISSING, needs_both

THREADS = 6
READERS = 3
WRITER_SECONDS = 60.0
# Each test names its cores: the second pass of scripts/test-all (LLK_BACKEND=python) leaves
# them out, as it would do the very same work.
pytestmark = pytest.mark.names_its_backends


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


@pytest.fixture(
    scope="module",
    params=[
        pytest.param("rust", marks=pytest.mark.iterations(40)),
        pytest.param("python", marks=pytest.mark.iterations(3)),  # the Python core is slow
    ],
)
def shared_board(request: pytest.FixtureRequest) -> tuple[llk.Board, tuple, Any]:
    """A board of the core, what a reader must see of it, and its solver's answer."""
    if request.param == "rust" and not llk.rust_available():
        pytest.skip(RUST_MISSING)
    board = llk.deal(16, 20, kinds=12, seed=5, solvable=False, backend=request.param)
    return board, snapshot(board), board.solve(budget=500)


@pytest.mark.force_parallel_threads(THREADS)
def test_readers_on_one_board_all_see_the_same_answers(
    shared_board: tuple[llk.Board, tuple, Any], num_parallel_threads: int
) -> None:
    assert num_parallel_threads == THREADS  # pytest-run-parallel runs this body on each
    board, expected, solved = shared_board
    assert snapshot(board) == expected
    assert board.solve(budget=500) == solved
    assert board.copy() == board


@dataclass
class Scene:
    """One writer and READERS readers on one Rust board, shared by their threads."""

    board: llk.Board
    moves: list
    # The boards the writer passes through (as bytes), and what a reader may see on each.
    states: dict
    refused: dict = field(default_factory=lambda: {"writer": 0, "reader": 0})
    lock: threading.Lock = field(default_factory=threading.Lock)
    done: threading.Event = field(default_factory=threading.Event)
    # Every thread waits here at its end, so the writer checks the board after the readers.
    finished: threading.Barrier = field(default_factory=lambda: threading.Barrier(READERS + 1))

    def retry(self, who: str, call: Callable[[], Any]) -> Any:
        while True:
            try:
                return call()
            except RuntimeError as error:
                if not borrowed(error):
                    raise
                with self.lock:
                    self.refused[who] += 1
                time.sleep(0.0005)  # let the call in the way finish

    def write(self) -> None:
        # Two rounds at least; more until some call was refused, which shows the threads did
        # meet inside Rust. A bound in time, not in rounds: on a loaded machine the readers may
        # not be scheduled for hundreds of rounds; it keeps one where they never meet from
        # hanging.
        deadline = time.monotonic() + WRITER_SECONDS
        rounds = 0
        while rounds < 2 or (
            self.refused["writer"] + self.refused["reader"] == 0 and time.monotonic() < deadline
        ):
            rounds += 1
            for a, c in self.moves:
                self.retry("writer", lambda a=a, c=c: self.board.remove(a, c))
            for _ in self.moves:
                self.retry("writer", self.board.undo)
            for _ in self.moves:
                self.retry("writer", self.board.redo)
            for _ in self.moves:
                self.retry("writer", self.board.undo)

    def read(self) -> None:
        while not self.done.is_set():
            # One call reads the whole board: the kinds and the moves of the same instant
            # cannot be had in two calls while the writer runs, so each is checked alone.
            grid = self.retry("reader", lambda: self.board.grid.tobytes())
            assert grid in self.states, "a reader saw a board the writer never made"
            found = self.retry("reader", self.board.moves)
            assert found in [m for m, _ in self.states.values()], "moves of no board made"
            hint = self.retry("reader", self.board.hint)
            assert hint in [h for _, h in self.states.values()]
            time.sleep(0.001)  # room for the writer: readers back to back would starve it


@pytest.fixture
def scene() -> Scene:
    board = llk.deal(12, 16, kinds=10, seed=9, backend="rust")
    moves = list(board.solution)
    replay = board.copy()
    states = {replay.grid.tobytes(): (replay.moves(), replay.hint())}
    for a, c in moves:
        replay.remove(a, c)
        states[replay.grid.tobytes()] = (replay.moves(), replay.hint())
    return Scene(board, moves, states)


@needs_both
@pytest.mark.force_parallel_threads(READERS + 1)
def test_a_writer_among_readers_is_refused_or_seen_whole(scene: Scene, thread_index: int) -> None:
    """Thread 0 plays a solvable deal out and undoes and redoes it; the others read. Every
    answer a reader gets is the answer of one of the boards the writer passes through, and
    every refused call is PyO3's borrow error, after which the board is unchanged."""
    try:
        if thread_index == 0:
            try:
                scene.write()
            finally:
                scene.done.set()
        else:
            scene.read()
    finally:
        scene.finished.wait(timeout=120)
    if thread_index == 0:
        board = scene.board
        # Undone back to the start, with the history of every change the writer made.
        assert board.grid.tobytes() == llk.deal(12, 16, kinds=10, seed=9).grid.tobytes()
        assert board.history == [] and len(scene.moves) > 0
        assert board.can_redo
        # The writer met the readers inside Rust (else this proved nothing about overlaps).
        assert scene.refused["writer"] + scene.refused["reader"] > 0, scene.refused

"""Deadlock watching and auto-play, off the frame loop.

`DeadlockWatcher` asks a copy of the board's grid for its moves on a worker thread after every
move (the Rust scan releases the GIL, so frames keep coming on big boards): the count for the
HUD, and from it the verdict (tiles left and no move: deadlocked). The copy is of the kinds
only, not of the history, which grows with the game. Each request is tagged with the
game's board version; an answer for an older version is dropped, since the board it describes
is gone.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np

import llk

from . import solver_reach


def _check(grid: np.ndarray, border: bool, gravity: str, backend: str) -> tuple[bool, int, float]:
    # The board is built here, on the worker, so that the frame that asks pays for the copy
    # of the grid only.
    started = time.perf_counter()
    board = llk.Board(grid, border=border, gravity=gravity, backend=backend)
    moves = board.move_count()
    return board.remaining > 0 and moves == 0, moves, time.perf_counter() - started


class DeadlockWatcher:
    """At most one scan runs at a time. A request made while one runs is remembered (only the
    latest: the board it names supersedes the others) and started, on a fresh copy of the
    board's grid, when the running one ends. So removing a pair every frame on a million-cell board
    never queues a backlog of scans: the answers keep up with the game, whatever its pace.

    After a scan of t seconds the worker rests t before the next one, so it takes at most half
    a core from the frames (llvmpipe draws them on the CPU); `wait` does not wait for that."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llk-deadlock")
        self._running: tuple[int, Future[tuple[bool, int, float]]] | None = None
        self._wanted: tuple[int, llk.Board] | None = None
        self._rest_until = 0.0
        self.move_count: int | None = None  # moves on the board of the last verdict

    def request(self, board: llk.Board, version: int) -> None:
        """Asks for a verdict on `board`, which is the game's board at `version`."""
        self._wanted = (version, board)
        self._start()

    def _start(self, now: bool = False) -> None:
        if self._running is None and self._wanted is not None:
            if not now and time.perf_counter() < self._rest_until:
                return  # resting: poll starts it later
            version, board = self._wanted
            self._wanted = None
            future = self._pool.submit(
                _check, board.grid, board.border, board.gravity, board.backend
            )
            self._running = (version, future)

    def poll(self, current_version: int, wait: bool = False) -> bool | None:
        """The verdict for `current_version` once known (True: deadlocked), else None. Stale
        answers are discarded. `wait`: block until the verdict for `current_version` is in
        (when one was requested)."""
        self._start(now=wait)
        while self._running is not None:
            version, future = self._running
            if not wait and not future.done():
                return None
            deadlocked, moves, seconds = future.result()
            self._running = None
            self._rest_until = time.perf_counter() + seconds
            self._start(now=wait)
            if version == current_version:
                self.move_count = moves
                return deadlocked
        return None

    @property
    def busy(self) -> bool:
        return self._running is not None or self._wanted is not None

    def close(self) -> None:
        self._wanted = None
        self._pool.shutdown(wait=False, cancel_futures=True)


Move = tuple[tuple[int, int], tuple[int, int]]


class AutoPlayer:
    """The solver plays the rest: a plan from `llk.solve` when it finds one within budget,
    else one hint at a time (a deadlock is then re-arranged like any other).

    The plan is made by `plan_work` on a worker thread (tasks.py), on a copy of the board, and
    Esc stops the solver (its cancel event). The solver is asked only where solver_reach says
    it answers in seconds; on a larger board auto-play goes hint by hint at once."""

    BUDGET = 200_000  # states beyond the tiles / 2 moves of a solution

    def __init__(self, plan: list[Move] | None = None) -> None:
        # A deque: a million-tile plan is half a million moves, taken from the front.
        self.plan: deque[Move] = deque(plan or [])

    @classmethod
    def plan_work(
        cls, board: llk.Board, stop: threading.Event | None = None
    ) -> Callable[[], list[Move]]:
        """The plan's work, for a worker thread, on a copy of `board`; `stop`, once set,
        cancels the solver (`llk.Cancelled`)."""
        board = board.copy()

        def work() -> list[Move]:
            if not solver_reach.asks_solver(board):
                return []
            budget = solver_reach.budget(board, cls.BUDGET)
            found = llk.solve(board, budget=budget, cancel=stop)
            return list(found.moves) if found.status == "solved" else []

        return work

    def next_move(self, board: llk.Board) -> tuple[tuple[int, int], tuple[int, int]] | None:
        while self.plan:
            a, c = self.plan.popleft()
            if board.can_link(a, c):
                return a, c
            self.plan.clear()  # the board changed under the plan: go on with hints
        return board.hint()

"""Deadlock watching and auto-play, off the frame loop.

`DeadlockWatcher` asks a copy of the board `is_deadlocked()` on a worker thread after every
move (the Rust scan releases the GIL, so frames keep coming on big boards). Each request is
tagged with the game's board version; an answer for an older version is dropped, since the
board it describes is gone.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

import llk


def _check(board: llk.Board) -> bool:
    return board.is_deadlocked()


class DeadlockWatcher:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llk-deadlock")
        self._pending: tuple[int, Future[bool]] | None = None

    def request(self, board: llk.Board, version: int) -> None:
        self._pending = (version, self._pool.submit(_check, board.copy()))

    def poll(self, current_version: int, wait: bool = False) -> bool | None:
        """The verdict for `current_version` once known (True: deadlocked), else None. Stale
        answers are discarded."""
        if self._pending is None:
            return None
        version, future = self._pending
        if version != current_version:
            self._pending = None
            return None
        if not wait and not future.done():
            return None
        self._pending = None
        return future.result()

    @property
    def busy(self) -> bool:
        return self._pending is not None

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class AutoPlayer:
    """The solver plays the rest: a plan from `llk.solve` when it finds one within budget,
    else one hint at a time (a deadlock is then re-arranged like any other)."""

    SOLVE_MAX_TILES = 1000
    BUDGET = 200_000

    def __init__(self, board: llk.Board) -> None:
        self.plan: list[tuple[tuple[int, int], tuple[int, int]]] = []
        if board.remaining <= self.SOLVE_MAX_TILES:
            found = llk.solve(board, budget=self.BUDGET)
            if found.status == "solved":
                self.plan = list(found.moves)

    def next_move(self, board: llk.Board) -> tuple[tuple[int, int], tuple[int, int]] | None:
        while self.plan:
            a, c = self.plan.pop(0)
            if board.can_link(a, c):
                return a, c
            self.plan.clear()  # the board changed under the plan: go on with hints
        return board.hint()

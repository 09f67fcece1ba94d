"""The solver's help: the hint (the pair nearest the view, proved safe where the solver answers
in seconds) and auto-play's plan. Both are work for a worker thread: each takes a copy of the
board, so that the frame loop may go on meanwhile, and a `stop` event that cancels the solver
(`llk.Cancelled`) when the player presses Esc.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

import llk

from . import solver_reach

Cell = tuple[int, int]
Move = tuple[Cell, Cell]

# The safe hint asks the solver whether the board can still be cleared after the pair, where
# solver_reach says it answers in seconds (on the Rust core, any board the game deals).
SAFE_HINT_BUDGET = 20_000  # states beyond the tiles / 2 moves of a solution
SAFE_HINT_TRIES = 4  # the nearest pairs tried before the solver's own first move
# The most seconds the solver is given for a hint (all its tries together) or auto-play's plan;
# past them the hint is the nearest pair, unproved, and auto-play goes hint by hint, as when
# the budget runs out. solver_reach's figures put the slowest answer the game asks for at 3.5 s
# a solve (Rust, a 1000x1000 deal after a move, where a hint makes two solves) and 1.4 s (the
# Python core at its 40x40 cap, where a hint makes up to five); 10 s leaves room for a busy
# machine, and a player kept waiting longer is better served by the nearest pair. Esc still
# ends the wait at once.
SOLVER_SECONDS = 10.0


def hint_work(
    board: llk.Board,
    near: tuple[float, float],
    stop: threading.Event | None = None,
    seconds: float = SOLVER_SECONDS,
) -> Callable[[], llk.Hint | None]:
    """The work of a hint: the pair nearest to `near` (a point in cells, the middle of what
    the player sees), proved safe by the solver where it answers in seconds (solver_reach):
    the nearest of the first few pairs after which the board can still be cleared, else the
    solver's own first move; the nearest pair, unproved, once `seconds` have passed."""
    board = board.copy()

    def work() -> llk.Hint | None:
        deadline = time.monotonic() + seconds
        # The nearest pairs come from the engine, which searches outward from the view's
        # cell (Board.hints_near) with the GIL released: listing and sorting every move
        # here held the GIL, and so the frame loop, for a second on a million tiles.
        row, col = (
            min(max(round(v), 0), n - 1)
            for v, n in zip(near, (board.rows, board.cols), strict=True)
        )
        if not solver_reach.asks_solver(board):
            return board.hint(near=(row, col))
        tries = 1 if board.remaining > solver_reach.FEW_TRIES_ABOVE else SAFE_HINT_TRIES
        nearest = board.hints_near((row, col), tries)
        if not nearest:
            return None
        budget = solver_reach.budget(board, SAFE_HINT_BUDGET)
        for a, c in nearest:
            after = board.copy()
            after.remove(a, c)
            # Whether the board can still be cleared after the pair: a safe hint of its
            # own, or nothing left to clear (the solver's first move only, not all of them).
            if after.is_cleared():
                return llk.Hint(a, c, safe=True)
            left = deadline - time.monotonic()
            if left <= 0:
                return llk.Hint(*nearest[0])
            proof = after.hint(safe=True, budget=budget, cancel=stop, time_limit=left)
            if proof is not None and proof.safe:
                return llk.Hint(a, c, safe=True)
        left = deadline - time.monotonic()
        if left <= 0:
            return llk.Hint(*nearest[0])
        found = board.hint(safe=True, budget=budget, cancel=stop, time_limit=left)
        return found if found is not None and found.safe else llk.Hint(*nearest[0])

    return work


class AutoPlayer:
    """The solver plays the rest: a plan from `llk.solve` when it finds one within budget,
    else one hint at a time (a deadlock is then re-arranged like any other).

    The plan is made by `plan_work` on a worker thread, on a copy of the board, and Esc stops
    the solver (its cancel event). The solver is asked only where solver_reach says it
    answers in seconds; on a larger board auto-play goes hint by hint at once."""

    BUDGET = 200_000  # states beyond the tiles / 2 moves of a solution

    def __init__(self, plan: list[Move] | None = None) -> None:
        # A deque: a million-tile plan is half a million moves, taken from the front.
        self.plan: deque[Move] = deque(plan or [])

    @classmethod
    def plan_work(
        cls,
        board: llk.Board,
        stop: threading.Event | None = None,
        seconds: float = SOLVER_SECONDS,
    ) -> Callable[[], list[Move]]:
        """The plan's work, for a worker thread, on a copy of `board`; `stop`, once set,
        cancels the solver (`llk.Cancelled`); no plan (hint by hint) when the solver has not
        found one within its budget or `seconds`."""
        board = board.copy()

        def work() -> list[Move]:
            if not solver_reach.asks_solver(board):
                return []
            budget = solver_reach.budget(board, cls.BUDGET)
            found = llk.solve(board, budget=budget, cancel=stop, time_limit=seconds)
            return list(found.moves) if found.status == "solved" else []

        return work

    def next_move(self, board: llk.Board) -> Move | None:
        while self.plan:
            a, c = self.plan.popleft()
            if board.can_link(a, c):
                return a, c
            self.plan.clear()  # the board changed under the plan: go on with hints
        return board.hint()

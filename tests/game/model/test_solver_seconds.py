"""The game's hint and auto-play plan give the solver a time limit (model/assists.py,
SOLVER_SECONDS; issue 41, item 3): past it the hint is the pair nearest the view, unproved, and
auto-play has no plan (it goes hint by hint), as when the solver's budget runs out.

On the pure-Python core, where a hint's few solves of 20,000 states and a plan's 200,000
states on this unsolvable gravity board take minutes; nothing here is timed against a target,
the work only has to come back well within a loose bound.
"""

from __future__ import annotations

import time

import llk
from llk.game.model import solver_reach
from llk.game.model.assists import AutoPlayer, hint_work

SECONDS = 0.3
NO_HANG = SECONDS + 3.0


def stubborn() -> llk.Board:
    board = llk.deal(16, 30, kinds=120, seed=1, gravity="down", solvable=False, backend="python")
    assert solver_reach.asks_solver(board)  # the game would ask the solver about it
    return board


def test_a_hint_past_its_seconds_is_the_nearest_pair_unproved() -> None:
    board = stubborn()
    started = time.monotonic()
    hint = hint_work(board, (8.0, 15.0), seconds=SECONDS)()
    assert time.monotonic() - started < NO_HANG
    assert hint is not None and not hint.safe
    assert tuple(hint) == board.hints_near((8, 15), 1)[0]


def test_a_plan_past_its_seconds_is_no_plan() -> None:
    started = time.monotonic()
    assert AutoPlayer.plan_work(stubborn(), seconds=SECONDS)() == []
    assert time.monotonic() - started < NO_HANG + 1  # the deal too

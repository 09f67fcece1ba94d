"""The solver under the slide variant, the twin of rust/src/slide_solve.rs: a plain depth-first
search over every linking pair (slide.py's pair-by-pair scan), each pair removed with its push
and gravity, with a table of the dead positions keyed by the whole grid (so a key follows pushed
tiles). None of the classic solver's cuts is used: none is proven under these rules. Exact when
it finishes; "unknown" when the budget of states or the table's memory ends it first.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .. import errors as E
from .._limits import DEFAULT_MEMORY_MB
from .grid import Grid
from .history import Change, revert
from .slide import move_list, remove
from .solve import TIMED_OUT, TimeUp, timed_poll


def solve(
    grid: Grid,
    gravity: str,
    budget: int,
    memory_mb: int,
    cancel: Callable[[], object] | None,
    time_limit: float | None = None,
) -> tuple[str, list[tuple[int, int]], int]:
    """``(status, moves, states)`` on a copy of the grid, as the Rust twin: "timed out" once
    ``time_limit`` seconds have passed at a poll (every 1024 states, as ``cancel``)."""
    poll = None if cancel is None and time_limit is None else timed_poll(cancel, time_limit)
    grid = grid.copy()
    dead: set[bytes] = set()
    dead_cap = max(1, (memory_mb << 20) // (2 * max(1, grid.rows * grid.cols) + 48))
    made: list[tuple[int, int]] = []
    states = 0
    out = False
    cols = grid.cols

    def clears() -> bool:
        nonlocal states, out
        if grid.remaining == 0:
            return True
        key = grid.flat.tobytes()
        if key in dead:
            return False
        if states >= budget:
            out = True
            return False
        if poll is not None and states % 1024 == 0:
            poll()
        states += 1
        for a, c in move_list(grid):
            changes: list[Change] = []
            remove(grid, gravity, divmod(a, cols), divmod(c, cols), changes)
            made.append((a, c))
            if clears():
                return True
            made.pop()
            revert(grid, changes)
            if out:
                return False
        if len(dead) < dead_cap:
            dead.add(key)
        return False

    try:
        if clears():
            return "solved", made, states
    except TimeUp:
        return TIMED_OUT, [], states
    return ("unknown" if out else "unsolvable"), [], states


# Random deals (or shuffles) tried for a solvable board under the slide variant, and the
# solver's states per attempt: rust/src/slide_solve.rs's.
DEAL_ATTEMPTS = 16
DEAL_BUDGET = 50_000


def deal_solvable(
    grid: Grid, gravity: str, redeal: Callable[[int], object], seed: int
) -> list[tuple[int, int]]:
    """A solvable deal under the slide variant as deal versions 1 and 2 made it (version 3
    builds it by the positional game, deal.py): up to ``DEAL_ATTEMPTS`` random deals, seeds
    ``seed``, ``seed + 1``, ..., each checked by the solver within ``DEAL_BUDGET`` states; the
    first solved stays with its solution. ``IllegalMove``, the grid put back, when none is
    solved."""
    before = grid.face_flat.copy()
    try:
        for attempt in range(DEAL_ATTEMPTS):
            redeal((seed + attempt) % (1 << 64))
            status, moves, _ = solve(grid, gravity, DEAL_BUDGET, DEFAULT_MEMORY_MB, None)
            if status == "solved":
                return moves
    except BaseException:
        _put_back(grid, before)
        raise
    _put_back(grid, before)
    raise E.SLIDE_UNSOLVED(attempts=DEAL_ATTEMPTS, budget=DEAL_BUDGET)


def _put_back(grid: Grid, faces: np.ndarray) -> None:
    for i, f in enumerate(faces.tolist()):
        grid.set(i, f)

"""The solver's public face: `llk.solve` and `llk.rate`.

The search itself lives in the cores (rust/src/solve/ and its Python twin) and follows
docs/engine.md, "Solver", so both backends find the very same solution in the same number of
states. `rate` is built on it here, the same for both.
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from . import _input
from ._limits import DEFAULT_MEMORY_MB
from ._types import Cancel, Pair, RatingLabel, SolveStatus, UnknownReason
from .engine import Board, Solution


def solve(
    board: Board,
    *,
    budget: int = 1_000_000,
    memory_mb: int = DEFAULT_MEMORY_MB,
    cancel: Cancel | None = None,
    time_limit: float | None = None,
) -> Solution:
    """Searches for a sequence of moves that clears `board` (under its gravity), expanding at
    most `budget` states and keeping within about `memory_mb` MiB (1 to 2**20; the table of
    dead states and the lists of moves it keeps; docs/engine.md, "Solver"). The status is
    "solved" (with `moves`), "unsolvable" (proved), or "unknown" when the budget ran out
    first (`reason` "budget") or `time_limit` seconds passed first (`reason` "time limit").
    `MemoryError` when the machine refuses memory within that limit. The board is not
    changed.

    `time_limit` (an int or float above 0 and finite; None, the default: no limit): the
    search reads the clock about every state, so it stops within 10% of the limit
    (docs/benchmarks.md, "Time limits"); a `BoardError` (a ValueError) names any other value.

    `cancel` stops the search from another thread: a `threading.Event` (stop once it is set)
    or a callable of no arguments (stop once it returns true), polled about every 50 ms (Rust)
    or every few states (Python); the search then raises `llk.Cancelled`. The game's Esc sets
    one to drop a safe hint or an auto-play plan.

    Args:
        board: The board to clear; it is not changed.
        budget: The most states the search expands.
        memory_mb: About how much memory the search keeps, in MiB (1 to 2**20).
        cancel: A `threading.Event` or a callable of no arguments that says stop.
        time_limit: Seconds after which the verdict is "unknown" (None: no limit).

    Returns:
        The verdict: `status`, the `moves` that clear the board when solved, the states
        expanded, and the `reason` of an "unknown".

    Raises:
        TypeError: `board` is not an `llk.Board`, or `cancel` neither an Event nor a callable.
        BoardError: A budget, memory limit or time limit that is not a valid number.
        Cancelled: `cancel` said stop.
        MemoryError: The machine refused memory within `memory_mb`.
    """
    if not isinstance(board, Board):
        raise TypeError(f"solve() needs an llk.Board, not {type(board).__name__}")
    return board.solve(budget=budget, memory_mb=memory_mb, cancel=cancel, time_limit=time_limit)


class Difficulty(NamedTuple):
    """How hard a board is, from the solver's point of view (see `rate`)."""

    status: SolveStatus
    """The solver's verdict on the whole board."""
    moves: int
    """Moves in the solution followed (0 unless solved)."""
    mean_choices: float
    """Moves available on average at each step of that solution."""
    dead_end_share: float
    """Of the moves available along the solution, the share after which the board can no
    longer be cleared."""
    unknown_share: float
    """Of those moves, the share the solver could not judge within its budget."""
    states: int
    """States the solver expanded in all."""
    score: int
    """0 (every move is safe) to 100 (nearly every move is a dead end)."""
    label: RatingLabel
    """"easy", "normal", "hard" or "expert" (`RATING_LEVELS`, by `RATING_BANDS`);
    "unsolvable" or "unknown" when not solved."""
    reason: UnknownReason | None = None
    """Why the status is "unknown": "budget" (the solver's budget ran out on the board) or
    "time limit" (the rating's time limit was reached); None otherwise."""


# The one difficulty scale: llk.rate's labels, and the game's difficulties (its
# model/difficulty.py reads them from here). Easy and normal share a band: no dead end to speak
# of; easy is the one with EASY_TILES_A_KIND tiles a kind or more (twice the partners to
# choose from).
RATING_LEVELS: tuple[RatingLabel, ...] = ("easy", "normal", "hard", "expert")
"""The labels `rate` gives a solved board, easiest first: the one difficulty scale (the game's
difficulties are these)."""
RATING_BANDS: dict[str, tuple[float, float]] = {
    "easy": (0.0, 0.02),
    "normal": (0.0, 0.02),
    "hard": (0.02, 0.08),
    "expert": (0.08, 1.0),
}
"""Each label of `RATING_LEVELS` -> the dead-end shares it takes, [low, high) (expert up to 1
inclusive): `Difficulty.dead_end_share` decides the label, with `EASY_TILES_A_KIND`."""
EASY_TILES_A_KIND = 8
"""A board of no dead ends to speak of is "easy" with this many tiles a kind on average or
more, else "normal"."""


def label_for(dead_end_share: float, tiles_a_kind: float) -> RatingLabel:
    """The label of a board cleared with `dead_end_share` that holds `tiles_a_kind` tiles of
    each kind on average: expert from 8% dead ends, hard from 2%, else easy with 8 tiles a
    kind or more and normal with fewer.

    Args:
        dead_end_share: The share of the moves along a solution that lead into a dead end.
        tiles_a_kind: The board's tiles for each kind on it, on average.

    Returns:
        "easy", "normal", "hard" or "expert".
    """
    if dead_end_share >= RATING_BANDS["expert"][0]:
        return "expert"
    if dead_end_share >= RATING_BANDS["hard"][0]:
        return "hard"
    return "easy" if tiles_a_kind >= EASY_TILES_A_KIND else "normal"


def in_rating_band(dead_end_share: float, level: str) -> bool:
    """Whether a dead-end share falls in `level`'s band of `RATING_BANDS` ([low, high),
    expert's closed).

    Args:
        dead_end_share: A `Difficulty.dead_end_share`, 0 to 1.
        level: A label of `RATING_LEVELS`.

    Returns:
        True when the share is in the level's band.

    Raises:
        KeyError: `level` is not a label of `RATING_BANDS`.
    """
    low, high = RATING_BANDS[level]
    return low <= dead_end_share < high or (level == "expert" and dead_end_share == high)


def tiles_a_kind(board: Board) -> float:
    """The tiles on `board` for each kind on it, on average.

    Args:
        board: Any board.

    Returns:
        Tiles divided by kinds, 0 on an empty board.
    """
    grid = board.grid
    tiles = grid[grid > 0]
    return tiles.size / len(np.unique(tiles)) if tiles.size else 0.0


class _Walk(NamedTuple):
    """What `rate`'s probes along a solution found: moves available, dead ends among them,
    moves left undecided, states, and whether the time limit ended the walk."""

    choices: int
    dead: int
    unknown: int
    states: int
    timed_out: bool


def _probe_walk(
    board: Board,
    moves: tuple[Pair, ...],
    probe_budget: int,
    memory_mb: int,
    deadline: float | None,
) -> _Walk:
    """Walks `moves` on a copy of `board`, probing each other move available at each step
    with `probe_budget` states, until `deadline` (a `time.monotonic` moment; None: none).

    Returns:
        What the probes found, and whether the deadline ended the walk.
    """
    walk = board.copy()
    choices = dead = unknown = states = 0
    for move in moves:
        for other in walk.moves():
            choices += 1
            if other == move:
                continue
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return _Walk(choices, dead, unknown, states, True)
            probe = walk.copy()
            probe.remove(*other)
            verdict = probe.solve(budget=probe_budget, memory_mb=memory_mb, time_limit=left)
            states += verdict.states
            if verdict.reason == "time limit":
                return _Walk(choices, dead, unknown, states, True)
            dead += verdict.status == "unsolvable"
            unknown += verdict.status == "unknown"
        walk.remove(*move)
    return _Walk(choices, dead, unknown, states, False)


def rate(
    board: Board,
    *,
    budget: int = 200_000,
    probe_budget: int = 2_000,
    memory_mb: int = DEFAULT_MEMORY_MB,
    time_limit: float | None = None,
) -> Difficulty:
    """Rates a board by walking a solution and, at each step, asking the solver about every
    other move available there (with `probe_budget` states each): the share of moves that lead
    into a dead end is what makes a board hard. A board where any move is fine is easy.

    `score = round(100 * dead_end_share)`; `label` (the game's difficulties, `label_for`):
    expert from 8% dead ends, hard from 2%, below that easy with 8 tiles a kind or more and
    normal with fewer. Costs about `moves x choices` small solves, each within `memory_mb`
    MiB.

    `time_limit` bounds the whole rating, in seconds (as `solve` takes it; None: no limit):
    once it has passed, the status and label are "unknown" with `reason` "time limit", even
    when a solution was found, since the rating is not finished.

    Args:
        board: The board to rate; it is not changed.
        budget: The most states of the search for the solution walked.
        probe_budget: The most states of each probe of another move.
        memory_mb: About how much memory each search keeps, in MiB.
        time_limit: Seconds for the whole rating (None: no limit).

    Returns:
        The rating: status, label, score, the dead-end share and what it was measured on.

    Raises:
        TypeError: `board` is not an `llk.Board`.
        BoardError: A budget, memory limit or time limit that is not a valid number.
    """
    if not isinstance(board, Board):
        raise TypeError(f"rate() needs an llk.Board, not {type(board).__name__}")
    budget = _input.as_count("budget", budget)
    probe_budget = _input.as_count("probe_budget", probe_budget)
    memory_mb = _input.as_memory_mb(memory_mb)
    seconds = _input.as_time_limit(time_limit)
    deadline = None if seconds is None else time.monotonic() + seconds
    found = solve(board, budget=budget, memory_mb=memory_mb, time_limit=seconds)
    if found.status != "solved":
        return Difficulty(
            found.status, 0, 0.0, 0.0, 0.0, found.states, 0, found.status, found.reason
        )
    walked = _probe_walk(board, found.moves, probe_budget, memory_mb, deadline)
    states = found.states + walked.states
    if walked.timed_out:
        return Difficulty("unknown", 0, 0.0, 0.0, 0.0, states, 0, "unknown", "time limit")
    choices, dead, unknown = walked.choices, walked.dead, walked.unknown
    per_kind = tiles_a_kind(board)
    share = dead / choices if choices else 0.0
    return Difficulty(
        "solved",
        len(found.moves),
        choices / len(found.moves) if found.moves else 0.0,
        share,
        unknown / choices if choices else 0.0,
        states,
        round(100 * share),
        label_for(share, per_kind),
    )

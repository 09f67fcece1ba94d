"""The solver's public face: `llk.solve` and `llk.rate`.

The search itself lives in the cores (rust/src/solve/ and its Python twin) and follows
docs/engine.md, "Solver", so both backends find the very same solution in the same number of
states. `rate` is built on it here, the same for both.
"""

from __future__ import annotations

from typing import NamedTuple

from . import _input
from ._limits import DEFAULT_MEMORY_MB
from ._types import Cancel, RatingLabel, SolveStatus
from .engine import Board, Solution


def solve(
    board: Board,
    *,
    budget: int = 1_000_000,
    memory_mb: int = DEFAULT_MEMORY_MB,
    cancel: Cancel | None = None,
) -> Solution:
    """Searches for a sequence of moves that clears `board` (under its gravity), expanding at
    most `budget` states and keeping within about `memory_mb` MiB (1 to 2**20; the table of
    dead states and the lists of moves it keeps; docs/engine.md, "Solver"). The status is
    "solved" (with `moves`), "unsolvable" (proved), or "unknown" when the budget ran out
    first. `MemoryError` when the machine refuses memory within that limit. The board is not
    changed.

    `cancel` stops the search from another thread: a `threading.Event` (stop once it is set)
    or a callable of no arguments (stop once it returns true), polled about every 50 ms (Rust)
    or every few states (Python); the search then raises `llk.Cancelled`. The game's Esc sets
    one to drop a safe hint or an auto-play plan."""
    if not isinstance(board, Board):
        raise TypeError(f"solve() needs an llk.Board, not {type(board).__name__}")
    return board.solve(budget=budget, memory_mb=memory_mb, cancel=cancel)


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
    """"easy", "medium", "hard" or "expert"; "unsolvable" or "unknown" when not solved."""


LABELS: tuple[tuple[float, RatingLabel], ...]
LABELS = ((0.05, "easy"), (0.15, "medium"), (0.30, "hard"), (1.01, "expert"))


def rate(
    board: Board,
    *,
    budget: int = 200_000,
    probe_budget: int = 2_000,
    memory_mb: int = DEFAULT_MEMORY_MB,
) -> Difficulty:
    """Rates a board by walking a solution and, at each step, asking the solver about every
    other move available there (with `probe_budget` states each): the share of moves that lead
    into a dead end is what makes a board hard. A board where any move is fine is easy.

    `score = round(100 * dead_end_share)`; labels: easy below 5%, medium below 15%, hard below
    30%, expert from there. Costs about `moves x choices` small solves, each within
    `memory_mb` MiB."""
    if not isinstance(board, Board):
        raise TypeError(f"rate() needs an llk.Board, not {type(board).__name__}")
    budget = _input.as_count("budget", budget)
    probe_budget = _input.as_count("probe_budget", probe_budget)
    memory_mb = _input.as_memory_mb(memory_mb)
    found = solve(board, budget=budget, memory_mb=memory_mb)
    states = found.states
    if found.status != "solved":
        return Difficulty(found.status, 0, 0.0, 0.0, 0.0, states, 0, found.status)
    walk = board.copy()
    choices = dead = unknown = 0
    for move in found.moves:
        for other in walk.moves():
            choices += 1
            if other == move:
                continue
            probe = walk.copy()
            probe.remove(*other)
            verdict = probe.solve(budget=probe_budget, memory_mb=memory_mb)
            states += verdict.states
            dead += verdict.status == "unsolvable"
            unknown += verdict.status == "unknown"
        walk.remove(*move)
    share = dead / choices if choices else 0.0
    label = next(name for limit, name in LABELS if share < limit)
    return Difficulty(
        "solved",
        len(found.moves),
        choices / len(found.moves) if found.moves else 0.0,
        share,
        unknown / choices if choices else 0.0,
        states,
        round(100 * share),
        label,
    )

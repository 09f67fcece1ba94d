"""How far the game asks the solver: one table for the safe hint and the auto-play
plan (both in assists.py), per core and gravity, with the figures that set it.

Both run on a worker thread and Esc stops the solver, but the player waits for the answer, so
the solver is asked only where it answers in seconds; beyond, the hint is the pair nearest the
view and auto-play goes hint by hint, at once.
"""

from __future__ import annotations

import llk

# (core, with gravity) -> the most tiles the solver is asked about.
# - Rust without gravity: big boards dive (docs/engine.md, "The dive"), one state a move; a
#   solvable 1000x1000 deal after a move was solved in 1.2-3.5 s (December 2026, a busy
#   2-core machine), so any board the game deals.
# - Rust with gravity: the dive settles slid columns by the bits and reads each mode as if its
#   gravity pointed down (docs/engine.md, "Facings"); it cleared a solvable 1000x1000 deal after
#   a move in 1.1-1.3 s in every mode (December 2026; gravity left had taken 4.3 s, and the
#   game's safe hint there 8.6 s): any board the game deals, as without gravity.
# - The pure-Python core spends far more a state and holds the GIL between its polls, so the
#   frames it shares the interpreter with slow it further: a solvable deal after a move took
#   0.7 s on 30x30, 1.4 s on 40x40 and 4.1 s on 50x50 alone, and the game's safe hint on 50x50
#   14-16 s while the window drew: up to 40x40, gravity or not.
MAX_TILES: dict[tuple[str, bool], int] = {
    ("rust", False): 1_000_000,
    ("rust", True): 1_000_000,
    ("python", False): 1_600,
    ("python", True): 1_600,
}
# Boards above this many tiles try only the pair nearest the view for a safe hint, not the
# nearest few: each try is a whole solve, seconds on a million tiles.
FEW_TRIES_ABOVE = 10_000


def asks_solver(board: llk.Board) -> bool:
    """Whether the game asks the solver about `board` (its tiles left, its core, its gravity)."""
    core = "rust" if board.backend == "rust" else "python"
    return board.remaining <= MAX_TILES[(core, board.gravity != "none")]


def budget(board: llk.Board, base: int) -> int:
    """`base` states beyond the tiles / 2 moves of a solution, each a state at least: a budget
    that can play out any board the solver is asked about."""
    return base + board.remaining // 2

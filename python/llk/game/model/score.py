"""The score rules, in one place (docs/playing.md, "Score, high scores and statistics", says them
in words). No board and no clock here: a pair's points follow from the tally before it, the time
it was linked and, for the last pair, how the game ended, so the same play scores the same.

A `Tally` is recorded with every entry of the board's history (model.py), which is what lets
undo and redo put the score back exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

POINTS_PER_PAIR = 10
COMBO_WINDOW = 3.0  # seconds between two pairs that keep a combo going
COMBO_BONUS = 5  # extra points per step of combo
COMBO_CAP = 10  # the bonus stops growing here
SECONDS_PER_TILE = 3.0  # countdown: time given per tile; relaxed: par time for the time bonus
COUNTDOWN_BONUS = 2  # points per second left on the countdown at the win
GRAVITY_BONUS = 1.5  # the score of a game with gravity is multiplied by this at the win


@dataclass(frozen=True)
class Tally:
    """The score's state after a history entry: what undo puts back and redo restores."""

    score: int = 0
    combo: int = 0
    last_pair_at: float | None = None


def after_pair(last: Tally, now: float) -> Tally:
    """The tally after a pair linked at `now` (seconds played)."""
    quick = last.last_pair_at is not None and now - last.last_pair_at <= COMBO_WINDOW
    combo = last.combo + 1 if quick else 0
    return Tally(last.score + POINTS_PER_PAIR + COMBO_BONUS * min(combo, COMBO_CAP), combo, now)


def time_bonus(tiles_at_start: int, elapsed: float, time_left: float | None) -> int:
    """At the win: countdown, points per second left; relaxed, the seconds under par."""
    if time_left is not None:
        return int(COUNTDOWN_BONUS * time_left)
    return max(0, int(tiles_at_start * SECONDS_PER_TILE - elapsed))


def at_win(tally: Tally, bonus: int, gravity: str) -> Tally:
    """The last pair's tally with the time bonus, and with gravity's multiplier."""
    score = tally.score + bonus
    if gravity != "none":
        score = int(score * GRAVITY_BONUS)
    return Tally(score, tally.combo, tally.last_pair_at)

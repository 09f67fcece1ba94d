"""The daily puzzle: one deal a calendar day, the same for every player, and its result as one
line of text to share.

The formula (docs/playing.md, "Daily puzzle"), so that anyone can deal the day's board without llk's
game: for the date YYYY-MM-DD, `seed = YYYYMMDD` (the date's digits as one number) and the
gravity is `llk.GRAVITY_MODES[date.toordinal() % 7]` (the seven modes in turn, day after day),
dealt as `llk.deal(9, 16, kinds=36, seed=seed, gravity=gravity, version=2)`: KShisen's 16x9,
dealt solvable, by deal version 2 (pinned: a later version of llk.deal must not change a
day's board). Its share code is the board's `code`, and the game deals from it.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any

import llk

from ..i18n import _
from .config import GameConfig
from .free import FreeMode, ModeStore

if TYPE_CHECKING:
    from .game import Game

DAILY_MODE = "daily"
ROWS, COLS, KINDS = 9, 16, 36
DEAL_VERSION = 2  # pinned, see above


def today() -> dt.date:
    return dt.date.today()  # the player's calendar day: a puzzle a day wherever they are


def seed_for(day: dt.date) -> int:
    return day.year * 10_000 + day.month * 100 + day.day


def gravity_for(day: dt.date) -> llk.Gravity:
    return llk.GRAVITY_MODES[day.toordinal() % len(llk.GRAVITY_MODES)]


def config_for(day: dt.date) -> GameConfig:
    return GameConfig(
        rows=ROWS,
        cols=COLS,
        kinds=KINDS,
        gravity=gravity_for(day),
        seed=seed_for(day),
        code=code_for(day),
        time_mode="relaxed",
        mode=f"{DAILY_MODE}:{day.isoformat()}",
    )


def code_for(day: dt.date) -> str:
    """The day's share code, without dealing the board (llk.codes' format)."""
    return f"llk{DEAL_VERSION}.{ROWS}x{COLS}.{KINDS}.{seed_for(day)}.{gravity_for(day)}.-.sb"


def day_of(config: GameConfig) -> dt.date | None:
    """The day a daily puzzle is for; None for another game."""
    if not config.mode.startswith(DAILY_MODE + ":"):
        return None
    return dt.date.fromisoformat(config.mode.split(":", 1)[1])


def result_line(
    day: dt.date, code: str, won: bool, seconds: float, moves: int, assisted: bool
) -> str:
    """The line to share: which day and board, cleared or not, the time, the pairs linked, and
    whether it was played unaided."""
    minutes, secs = divmod(int(seconds), 60)
    outcome = f"cleared in {minutes}:{secs:02d}" if won else f"stopped at {minutes}:{secs:02d}"
    help_ = "assisted" if assisted else "unassisted"
    return f"llk daily {day.isoformat()} {code}: {outcome}, {moves} moves, {help_}"


def continues_attempt(config: GameConfig, saved: dict[str, Any] | None) -> bool:
    """Whether a new game of `config` is a day's puzzle whose attempt `saved` (the summary of
    the save in its slot) already holds: the day has one counted attempt, so choosing its
    puzzle again continues the saved game rather than dealing a fresh attempt beside it."""
    if saved is None or day_of(config) is None:
        return False
    mode = saved.get("config", {}).get("mode") if isinstance(saved.get("config"), dict) else None
    return mode == config.mode


class DailyMode(FreeMode):
    """The daily puzzle: one deal, and its result as a line to share (views/endings.py copies
    it, the store keeps it). The day's first attempt that ends (won, lost, or given up with R)
    is the one that counts; the board is known after it, so every later one is practice: its
    line is not kept and its score enters no table."""

    name = DAILY_MODE
    one_deal = True

    def __init__(self, game: Game, day: dt.date, store: ModeStore) -> None:
        super().__init__(game)
        self.day, self.store = day, store
        self.practice = store.daily_result(day.isoformat()) is not None
        title = _("Daily {day} (practice)") if self.practice else _("Daily {day}")
        self.title = title.format(day=day.isoformat())

    def finish(self, won: bool) -> tuple[str, Path | None]:
        """The attempt ended: its line, and where it is kept (None for practice)."""
        line = self.result(won)
        if self.practice:
            return line, None
        self.practice = True  # the day's attempt is made: what follows is practice
        return line, self.store.keep_daily_result(line)

    def gave_up(self) -> None:
        self.finish(won=False)  # restarted: the day's attempt ends here, stopped

    def result(self, won: bool) -> str:
        """The game's line to share (`result_line`)."""
        game = self.game
        moves = sum(1 for action in game.board.history if action.name == "remove")
        return result_line(self.day, game.code or "", won, game.elapsed, moves, game.assisted)

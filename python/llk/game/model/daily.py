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

from ..i18n import N_, _, ngettext
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


# What the keys do in the daily puzzle, where it is not what they do in a free game (the help).
KEY_HELP = {
    "new": N_("no new deal: the day has one puzzle, R plays it again"),
    "hint": N_("hint: the pair nearest the view (the day's result says assisted)"),
}
ATTEMPT_KEY_HELP = {  # the day's attempt, not yet made: R ends it
    "restart": N_("restart (asks first): once begun, the day's attempt ends here"),
}
DAILY_HELP = N_("The daily puzzle: classic rules; the day's first attempt counts")
PRACTICE_HELP = N_("The daily puzzle, practice: the day's attempt is made, this one is not kept")

RESULT_TAG = "llk daily"  # a result line's first words, whatever the language: the store's key


def result_line(
    day: dt.date, code: str, won: bool, seconds: float, moves: int, assisted: bool
) -> str:
    """The line to share: which day and board, cleared or not, the time, the pairs linked, and
    whether it was played unaided. Its head (RESULT_TAG, the day, the code) is the same in
    every language, so that the day's line is found in the file whatever the language it was
    written in; what follows the colon is in the player's."""
    minutes, secs = divmod(int(seconds), 60)
    time = f"{minutes}:{secs:02d}"
    outcome = _("cleared in {time}") if won else _("stopped at {time}")
    said = [
        outcome.format(time=time),
        ngettext("{moves} move", "{moves} moves", moves).format(moves=moves),
        _("assisted") if assisted else _("unassisted"),
    ]
    return f"{RESULT_TAG} {day.isoformat()} {code}: {_(', ').join(said)}"


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

    def help_lines(self) -> list[str]:
        return [_(PRACTICE_HELP if self.practice else DAILY_HELP)]

    def key_help(self) -> dict[str, str]:
        said = KEY_HELP if self.practice else {**KEY_HELP, **ATTEMPT_KEY_HELP}
        return {action: _(what) for action, what in said.items()}

    def result(self, won: bool) -> str:
        """The game's line to share (`result_line`)."""
        game = self.game
        moves = sum(1 for action in game.board.history if action.name == "remove")
        return result_line(self.day, game.code or "", won, game.elapsed, moves, game.assisted)

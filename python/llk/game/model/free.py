"""A free game's rules, which the other modes (journey.py, daily.py) change: what the play
screen's HUD says of the mode, which props it allows, whether it has one deal only.

The play screen asks its mode and knows no mode's rules; the screens at the end of each mode
are views/endings.py's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..i18n import _
from .config import OBSTACLES
from .game_help import free_rules

if TYPE_CHECKING:
    from .game import Game
    from .journey import Progress


class ModeStore(Protocol):
    """Where the modes keep what outlives a game (the game's store, which the model does not
    import): the journey's progress, the daily puzzle's counted results."""

    def load_journey(self) -> Progress: ...

    def save_journey(self, progress: Progress) -> None: ...

    def daily_result(self, day: str) -> str | None:
        """The day's counted result line (YYYY-MM-DD), None before one."""
        ...

    def keep_daily_result(self, line: str) -> Path: ...


class FreeMode:
    """A free game: every prop as the settings allow, a new deal at will."""

    name = "free"
    title = ""  # the HUD's, top right
    status = ""  # the HUD's, right of the time bar
    one_deal = False  # N (a new deal, same settings) is refused: the mode has one deal

    def __init__(self, game: Game) -> None:
        self.game = game

    def allows(self, prop: str) -> bool:
        """Whether `prop` ("mirror", "obstacles") may be used now. The obstacles add tiles and
        par time, so that a board filled with them scored more: they are limited."""
        return prop != "obstacles" or self.game.obstacles_left > 0

    def refused(self, prop: str) -> str:
        """Why `prop` is refused (the play screen's notice); "" when it is not."""
        if prop != "obstacles":
            return ""
        return _("No obstacles left ({count} a game)").format(count=OBSTACLES)

    def took_back(self) -> str:
        """An undo was made: what it costs in this mode, said to the player ("" for nothing;
        a free game's undo marks it assisted, which the game does itself)."""
        return ""

    def gave_up(self) -> None:
        """The player left this game for another (R, N): what the mode keeps of it."""

    # The help (game_help.py): what this mode says of its rules and of the keys it changes.

    def help_lines(self) -> list[str]:
        """The help's lines on the rules this game plays by (after how a pair links)."""
        return free_rules(self.game)

    def key_help(self) -> dict[str, str]:
        """The words of the keys (views/keymap.py's actions) this mode changes: none."""
        return {}

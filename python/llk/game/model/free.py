"""A free game's rules, which the other modes (journey.py, daily.py) change: what the play
screen's HUD says of the mode, which props it allows, whether it has one deal only.

The play screen asks its mode and knows no mode's rules; the screens at the end of each mode
are views/endings.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


class FreeMode:
    """A free game: every prop as the settings allow, a new deal at will."""

    name = "free"
    title = ""  # the HUD's, top right
    status = ""  # the HUD's, right of the time bar
    one_deal = False  # N (a new deal, same settings) is refused: the mode has one deal

    def __init__(self, game: Game) -> None:
        self.game = game

    def allows(self, prop: str) -> bool:
        return True

    def refused(self, prop: str) -> str:
        """Why `prop` is refused (the play screen's notice); "" when it is not."""
        return ""

"""Which mode a game is (free, a journey level, the daily puzzle), from its config."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import daily, journey
from .free import FreeMode

if TYPE_CHECKING:
    from .game import Game
    from .journey import ProgressStore


def mode_for(game: Game, store: ProgressStore) -> FreeMode:
    """The mode's rules for `game`; `store` keeps a journey's progress (its power-ups)."""
    level = journey.level_of(game.config)
    if level is not None:
        return journey.JourneyMode(game, level, store)
    day = daily.day_of(game.config)
    if day is not None:
        return daily.DailyMode(game, day)
    return FreeMode(game)

"""Which mode a game is (free, a journey level, the daily puzzle), from its config."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import daily, journey
from .free import FreeMode

if TYPE_CHECKING:
    from .free import ModeStore
    from .game import Game


def mode_for(game: Game, store: ModeStore) -> FreeMode:
    """The mode's rules for `game`; `store` keeps what outlives it (a journey's progress, the
    daily's counted result)."""
    level = journey.level_of(game.config)
    if level is not None:
        return journey.JourneyMode(game, level, store)
    day = daily.day_of(game.config)
    if day is not None:
        return daily.DailyMode(game, day, store)
    return FreeMode(game)

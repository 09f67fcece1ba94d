"""The end of a game, by its mode: what is kept (the statistics, the scores, a journey's stars,
the daily result line) and which screen comes next. The play screen calls `show_ending` and
knows no mode's end; each mode has one function here, found by the mode's name."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .daily_done import DailyDoneView
from .level_done import LevelDoneView
from .win import GameOverView, NameEntryView, WinView, score_entry

if TYPE_CHECKING:
    from ..model.daily import DailyMode
    from ..model.free import FreeMode
    from ..model.game import Game
    from ..model.journey import JourneyMode
    from .services import Services


def show_ending(services: Services, game: Game, mode: FreeMode, won: bool, reason: str) -> None:
    """The game ended (won, or lost for `reason`): the save is dropped, the game counted in the
    statistics, and the mode's end screen shown."""
    storage = services.storage
    storage.drop_game(game.config.kind, game.save_id)  # its own save, no other game's
    # An auto-played game is neither a win nor a score: the solver played it.
    storage.record_game(
        game.category,
        won=won and not game.autoplayed,
        seconds=game.elapsed if won and not game.assisted else None,
    )
    ENDINGS[mode.name](services, game, mode, won, reason)


def free_ending(services: Services, game: Game, mode: FreeMode, won: bool, reason: str) -> None:
    """A free game: the game-over screen, or the win (with the name entry for a high score)."""
    screens, storage = services.screens, services.storage
    if not won:
        screens.show_view(GameOverView(services, game, reason))
        return
    services.sound.play("win")
    table = storage.table_name(game.category, game.assisted)
    if game.autoplayed or storage.place_for(table, game.score, game.elapsed) is None:
        screens.show_view(WinView(services, game, None))
    else:
        screens.show_view(NameEntryView(services, game, table))


def journey_ending(
    services: Services, game: Game, mode: JourneyMode, won: bool, reason: str
) -> None:
    """A journey level: its stars kept, its score in the level's table, the stars shown."""
    stars, best = mode.record(won)
    place = record_score(services, game) if stars else None
    view = LevelDoneView(services, game, mode.level, stars, best, place, reason)
    services.screens.show_view(view)


def daily_ending(services: Services, game: Game, mode: DailyMode, won: bool, reason: str) -> None:
    """The daily puzzle: its line to share, kept in the data directory, and its score; for a
    practice (the day's attempt made), neither."""
    line, path = mode.finish(won)
    place = record_score(services, game) if won and path is not None else None
    services.screens.show_view(DailyDoneView(services, game, line, path, won, place, reason))


ENDINGS: dict[str, Callable[..., None]] = {
    "free": free_ending,
    "journey": journey_ending,
    "daily": daily_ending,
}


def record_score(services: Services, game: Game) -> int | None:
    """The game's score in its own table (a journey level's, the day's), under the last name
    entered; its place, or None (an auto-played game has no score)."""
    if game.autoplayed:
        return None
    storage = services.storage
    table = storage.table_name(game.category, game.assisted)
    return storage.add_score(table, score_entry(game, services.settings.player_name or "-"))

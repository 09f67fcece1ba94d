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
    import arcade

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

    def done(place: int | None) -> LevelDoneView:
        return LevelDoneView(services, game, mode.level, stars, best, place, reason)

    if stars:
        keep_score(services, game, done)
    else:
        services.screens.show_view(done(None))


def daily_ending(services: Services, game: Game, mode: DailyMode, won: bool, reason: str) -> None:
    """The daily puzzle: its line to share, kept in the data directory, and its score; for a
    practice (the day's attempt made), neither."""
    line, path = mode.finish(won)

    def done(place: int | None) -> DailyDoneView:
        return DailyDoneView(services, game, line, path, won, place, reason)

    if won and path is not None:
        keep_score(services, game, done)
    else:
        services.screens.show_view(done(None))


ENDINGS: dict[str, Callable[..., None]] = {
    "free": free_ending,
    "journey": journey_ending,
    "daily": daily_ending,
}


def keep_score(services: Services, game: Game, then: Callable[[int | None], arcade.View]) -> None:
    """The game's score in its own table (a journey level's, the day's), under the last name
    entered, and `then` its place; the first score a player enters asks for a name first. An
    auto-played game has no score."""
    storage = services.storage
    table = storage.table_name(game.category, game.assisted)
    if game.autoplayed:
        services.screens.show_view(then(None))
    elif not services.settings.player_name and storage.place_for(table, game.score, game.elapsed):
        services.screens.show_view(NameEntryView(services, game, table, then))
    else:
        name = services.settings.player_name or "-"
        services.screens.show_view(then(storage.add_score(table, score_entry(game, name))))

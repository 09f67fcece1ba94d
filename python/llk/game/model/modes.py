"""What a game's mode changes on the play screen: a free game, a journey level or the daily
puzzle. The play view asks its mode which props it allows and which screen ends the game; the
rules themselves are journey.py's and daily.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import daily, journey

if TYPE_CHECKING:
    import arcade

    from .model import Game
    from .services import Services


class FreeMode:
    """A free game: every prop as the settings allow, the usual win and game-over screens."""

    title = ""  # the HUD's, top right
    status = ""  # the HUD's, right of the time bar

    def __init__(self, services: Services, game: Game) -> None:
        self.services, self.game = services, game

    def allows(self, prop: str) -> bool:
        return True

    def refused(self, prop: str) -> str:
        return ""

    def result_view(self, won: bool, reason: str) -> arcade.View | None:
        return None

    def record_score(self) -> int | None:
        """The game's score in its own table (journey level, daily), under the last name
        entered; its place, or None."""
        game, storage = self.game, self.services.storage
        if game.autoplayed:
            return None
        return storage.add_score(
            storage.table_name(game.category, game.assisted),
            {
                "name": self.services.settings.player_name or "-",
                "score": game.score,
                "seconds": round(game.elapsed, 1),
                "assisted": game.assisted,
                "code": game.board.code,
                "when": _now(),
            },
        )


class JourneyMode(FreeMode):
    """A journey level: hints and props come from the power-ups bought with stars (one
    re-arrange free), each one used is taken out of the stock at once and marks the game
    assisted; the end is the level-complete screen."""

    def __init__(self, services: Services, game: Game, level: journey.Level) -> None:
        super().__init__(services, game)
        self.level = level
        stock = services.storage.load_journey().power_ups
        self.stock = dict(stock)  # for the HUD: read once, kept in step by `spend`
        self.title = f"Level {level.number}"
        # The stock is the truth, for a new level and a continued one alike.
        free_left = max(0, journey.FREE_SHUFFLES - game.spent.get("shuffle", 0))
        game.hints_left = stock.get("hint", 0)
        game.shuffles_left = free_left + stock.get("shuffle", 0)
        game.on_spend = self.spend

    def spend(self, game: Game, prop: str) -> None:
        if prop == "shuffle" and game.spent["shuffle"] <= journey.FREE_SHUFFLES:
            return  # the level's own re-arrange
        storage = self.services.storage
        progress = storage.load_journey()
        progress.use(prop)
        storage.save_journey(progress)
        self.stock = dict(progress.power_ups)
        game.assisted = True

    @property
    def status(self) -> str:
        # Hints and re-arranges are counted in the HUD already; the props here.
        return f"mirror {self.stock.get('mirror', 0)}  obstacles {self.stock.get('obstacles', 0)}"

    def allows(self, prop: str) -> bool:
        return self.services.storage.load_journey().power_ups.get(prop, 0) > 0

    def refused(self, prop: str) -> str:
        return (
            f"No {journey.POWER_UP_NAMES[prop].split(' (')[0].lower()} power-up: buy one with stars"
        )

    def result_view(self, won: bool, reason: str) -> arcade.View | None:
        from .views.level_done import LevelDoneView

        game, storage = self.game, self.services.storage
        stars, best, place = 0, False, None
        if won and not game.autoplayed:
            stars = journey.stars_for(game.time_left or 0.0, game.time_limit or 0.0)
            progress = storage.load_journey()
            best = progress.record(self.level.number, stars)
            storage.save_journey(progress)
            place = self.record_score()
        return LevelDoneView(self.services, game, self.level, stars, best, place, reason)


class DailyMode(FreeMode):
    """The daily puzzle: its result as a line to share, copied and written to a file."""

    def __init__(self, services: Services, game: Game, day) -> None:
        super().__init__(services, game)
        self.day = day
        self.title = f"Daily {day.isoformat()}"

    def result_view(self, won: bool, reason: str) -> arcade.View | None:
        from .views.daily_done import DailyDoneView

        game = self.game
        moves = sum(1 for action in game.board.history if action.name == "remove")
        line = daily.result_line(
            self.day, game.board.code or "", won, game.elapsed, moves, game.assisted
        )
        place = self.record_score() if won else None
        path = daily.keep_result(self.services.storage.root, line)
        return DailyDoneView(self.services, game, line, path, won, place, reason)


def mode_for(services: Services, game: Game) -> FreeMode:
    level = journey.level_of(game.config)
    if level is not None:
        return JourneyMode(services, game, level)
    day = daily.day_of(game.config)
    if day is not None:
        return DailyMode(services, game, day)
    return FreeMode(services, game)


def _now() -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M")

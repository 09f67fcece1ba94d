"""The end of a game: the win screen (score, time, place in the high-score table) and the
game-over screen (countdown ran out, or no arrangement left)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from ..hud import clock
from ..model import Game
from .text import draw_label

if TYPE_CHECKING:
    from ..services import Services


class ResultView(arcade.View):
    title = ""
    colour = (255, 210, 90)

    def __init__(self, services: Services, game: Game) -> None:
        super().__init__()
        self.services = services
        self.game = game

    def lines(self) -> list[str]:
        g = self.game
        assisted = " (assisted)" if g.assisted else ""
        return [
            f"Score {g.score}{assisted}",
            f"Time {clock(g.elapsed)}",
            f"Board {g.board.code or 'custom'}",
        ]

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        draw_label(self.title, w / 2, h * 0.7, self.colour, 48, anchor_x="center", bold=True)
        for i, line in enumerate(self.lines()):
            draw_label(line, w / 2, h * 0.55 - 36 * i, (235, 235, 235), 20, anchor_x="center")
        draw_label(
            "Enter: play again (next seed)   R: same deal   Esc: menu",
            w / 2,
            h * 0.15,
            (190, 190, 190),
            14,
            anchor_x="center",
        )

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        from dataclasses import replace

        config, screens = self.game.config, self.services.screens
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.N):
            screens.start_game(replace(config, seed=config.seed + 1, code=None))
        elif symbol == arcade.key.R:
            screens.start_game(config)
        elif symbol == arcade.key.ESCAPE:
            screens.show_menu()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.services.screens.show_menu()


class WinView(ResultView):
    title = "Cleared!"

    def __init__(self, services: Services, game: Game, place: int | None) -> None:
        super().__init__(services, game)
        self.place = place

    def lines(self) -> list[str]:
        place = f"High-score place {self.place}" if self.place else "Not in the high scores"
        return [*super().lines(), place]


class GameOverView(ResultView):
    title = "Game over"
    colour = (255, 120, 100)

    def __init__(self, services: Services, game: Game, reason: str) -> None:
        super().__init__(services, game)
        self.reason = reason

    def lines(self) -> list[str]:
        return [self.reason, f"Tiles left {self.game.board.remaining}", *super().lines()]

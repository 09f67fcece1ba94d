"""The end of a game: the name entry for a new high score, the win screen (score, time, place
in the high-score table) and the game-over screen (countdown ran out, or no move left)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import arcade

from ..i18n import N_, _
from ..model import spoken
from ..model.difficulty import picking_label
from ..model.outcomes import Work
from ..store.scores import NAME_MAX
from .covers import Screen, run_work
from .hud import clock
from .scores import table_title
from .text import draw_fitted, draw_keys, draw_label, label, ui_scale
from .widgets import FOCUS_EDGE

if TYPE_CHECKING:
    from ..model.game import Game
    from .services import Services


def score_entry(game: Game, name: str) -> dict[str, Any]:
    """The game's row of a high-score table, under `name`."""
    return {
        "name": name,
        "score": game.score,
        "seconds": round(game.elapsed, 1),
        "assisted": game.assisted,
        "code": game.code,
        "when": time.strftime("%Y-%m-%d %H:%M"),
    }


class ResultView(Screen):
    title = ""
    colour = (255, 210, 90)

    def __init__(self, services: Services, game: Game) -> None:
        super().__init__(services)
        self.game = game

    def lines(self) -> list[str]:
        g = self.game
        score = (
            _("Score {score} (auto-played)")
            if g.autoplayed
            else _("Score {score} (assisted)")
            if g.assisted
            else _("Score {score}")
        )
        return [
            score.format(score=g.score),
            _("Time {time}").format(time=clock(g.elapsed)),
            _("Board {code}").format(code=g.code or _("custom")),
        ]

    def on_show_view(self) -> None:
        self.services.speech.say(spoken.screen(_(self.title), _(", ").join(self.lines())))

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        u, room = ui_scale(self.window), w - 20
        draw_fitted(
            _(self.title), w / 2, h * 0.7, self.colour, 48 * u, room, anchor_x="center", bold=True
        )
        for i, line in enumerate(self.lines()):
            y = h * 0.55 - 36 * u * i
            draw_fitted(line, w / 2, y, (235, 235, 235), 20 * u, room, 35 * u, anchor_x="center")
        draw_keys(_("Enter: play again (next seed)   R: same deal   Esc: menu"), w, h * 0.15, u)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        config, screens = self.game.config, self.services.screens
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.N):
            following = replace(config, seed=config.seed + 1, code=None)
            if following.difficulty == "any":
                screens.start_game(following)
            else:  # rated deals: picked on a worker, the screen keeps drawing; the game is
                # the config picked (its share code: R deals it again, not picks it again)
                picked = Work(
                    picking_label(following.difficulty),
                    following.picked,
                    version=0,
                    done=lambda found: screens.start_game(*found),
                )
                run_work(self, picked)
        elif symbol == arcade.key.R:
            screens.start_game(config)
        elif symbol == arcade.key.ESCAPE:
            screens.show_menu()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.services.screens.show_menu()


class NameEntryView(arcade.View):
    """A new high score: the player types a name in any script (the last one entered is the
    default); Enter, Esc or a click writes the score into `table` under it and shows what
    `then` makes of its place (by default the win screen)."""

    def __init__(
        self,
        services: Services,
        game: Game,
        table: str,
        then: Callable[[int | None], arcade.View] | None = None,
    ) -> None:
        super().__init__()
        self.services, self.game, self.table = services, game, table
        self.then = then or (lambda place: WinView(services, game, place))
        self.name = services.settings.player_name

    def on_show_view(self) -> None:
        said = spoken.row(_("Your name:").rstrip(":："), self.name)  # noqa: RUF001
        self.services.speech.say(spoken.screen(_("New high score!"), said))

    def on_text(self, text: str) -> None:
        # Any letter of any script (名字 too), and the marks names have; no control characters.
        typed = "".join(ch for ch in text if ch.isprintable())
        self.set_name((self.name + typed)[:NAME_MAX])

    def set_name(self, name: str) -> None:
        """The name as typed so far; what changed is said (spoken feedback echoes it)."""
        said = spoken.edited(self.name, name)
        self.name = name
        if said:
            self.services.speech.say(said)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.BACKSPACE:
            self.set_name(self.name[:-1])
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.ESCAPE):
            self.enter()  # Esc too: the score is never thrown away

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.enter()

    def enter(self) -> None:
        services, game = self.services, self.game
        name = self.name.strip() or "-"
        place = services.storage.add_score(self.table, score_entry(game, name))
        services.settings.player_name = name
        services.storage.save_settings(services.settings)
        services.screens.show_view(self.then(place))

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        u, room = ui_scale(self.window), w - 20
        gold = (255, 210, 90)
        draw_fitted(
            _("New high score!"), w / 2, h * 0.72, gold, 44 * u, room, anchor_x="center", bold=True
        )
        g = self.game
        said = _("Score {score}   Time {time}   {table}").format(
            score=g.score, time=clock(g.elapsed), table=table_title(self.table)
        )
        draw_fitted(said, w / 2, h * 0.6, (235, 235, 235), 18 * u, room, anchor_x="center")
        # "Your name:" and the field, side by side, centred together.
        your_name = _("Your name:")
        prompt = label(your_name, 0, 0, (220, 220, 220), 22 * u, anchor_y="center")
        field_w, field_h = 340 * u, 44 * u
        left = w / 2 - (prompt.content_width + 16 * u + field_w) / 2
        draw_label(your_name, left, h * 0.46, (220, 220, 220), 22 * u, anchor_y="center")
        field = left + prompt.content_width + 16 * u
        box = (field, h * 0.46 - field_h / 2, field_w, field_h)
        arcade.draw_lbwh_rectangle_filled(*box, (0, 0, 0, 160))
        # The field has the focus (the keys type into it): outlined as every focus is.
        arcade.draw_lbwh_rectangle_outline(*box, FOCUS_EDGE, max(1.0, 2 * u))
        cursor = "_" if int(time.perf_counter() * 2) % 2 == 0 else " "
        typed = self.name + cursor
        draw_fitted(
            typed,
            field + 10 * u,
            h * 0.46,
            (255, 255, 255),
            22 * u,
            field_w - 20 * u,
            anchor_y="center",
        )
        draw_keys(_("Type your name, Enter (or Esc, or a click) to keep the score"), w, h * 0.3, u)


class WinView(ResultView):
    title = N_("Cleared!")

    def __init__(self, services: Services, game: Game, place: int | None) -> None:
        super().__init__(services, game)
        self.place = place

    def lines(self) -> list[str]:
        place = (
            _("High-score place {place}").format(place=self.place)
            if self.place
            else _("Not in the high scores")
        )
        return [*super().lines(), place]


class GameOverView(ResultView):
    title = N_("Game over")
    colour = (255, 120, 100)

    def __init__(self, services: Services, game: Game, reason: str) -> None:
        super().__init__(services, game)
        self.reason = reason

    def lines(self) -> list[str]:
        tiles = _("Tiles left {tiles}").format(tiles=self.game.board.remaining)
        return [self.reason, tiles, *super().lines()]

"""The end of a journey level: cleared, its stars appear one by one (each with the star sound,
after the level's own), with the score, the time left and the best so far; or failed, with why.
Enter: the next level (or this one again, when failed); R: this level again; Esc or a click:
the journey's map."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import arcade

from ..i18n import _, ngettext
from ..model import spoken
from ..model.journey import level, levels
from ..model.motion import chosen_motion
from .hud import clock
from .text import draw_fitted, draw_keys, ui_scale

if TYPE_CHECKING:
    from ..model.game import Game
    from ..model.journey import Level
    from .services import Services

FIRST_STAR = 0.5  # seconds before the first star
STAR_GAP = 0.6  # seconds between two stars
STAR_GROW = 0.3  # seconds a star takes to grow to its size
STAR_RADIUS = 46
EMPTY_STAR = (70, 70, 80)


def star_points(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    """A five-pointed star's outline, point up."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(a), y + r * math.sin(a)))
    return points


def draw_star(x: float, y: float, radius: float, colour: arcade.types.RGBOrA255) -> None:
    if radius <= 0:
        return
    # Filled as a fan of triangles from the centre: the outline is not convex.
    points = star_points(x, y, radius)
    for i in range(10):
        arcade.draw_triangle_filled(x, y, *points[i], *points[(i + 1) % 10], colour)


class LevelDoneView(arcade.View):
    def __init__(
        self,
        services: Services,
        game: Game,
        level: Level,
        stars: int,
        best: bool,
        place: int | None,
        reason: str = "",
    ) -> None:
        super().__init__()
        self.services, self.game, self.level = services, game, level
        self.stars, self.best, self.place, self.reason = stars, best, place, reason
        self.age = 0.0
        self.shown = 0  # stars shown so far
        # Reduced motion: a star is there whole at its time, not grown.
        self.motion = chosen_motion(services.settings.reduced_motion)
        services.sound.play("level" if stars else "no-link")

    def star_time(self, i: int) -> float:
        return FIRST_STAR + i * STAR_GAP

    def on_update(self, delta_time: float) -> None:
        self.age += delta_time
        while self.shown < self.stars and self.age >= self.star_time(self.shown):
            self.shown += 1
            self.services.sound.play("star")

    def star_centres(self) -> list[tuple[float, float]]:
        w, h = self.window.width, self.window.height
        step = 2.6 * STAR_RADIUS * ui_scale(self.window)
        return [(w / 2 + (i - 1) * step, h * 0.56) for i in range(3)]

    def title(self) -> tuple[str, arcade.types.RGBOrA255]:
        """The screen's title and its colour: cleared (with stars), by the solver, or failed."""
        palette = self.services.theme.palette
        if self.stars:
            return _("Level {number} cleared!").format(number=self.level.number), palette.accent
        if self.game.autoplayed and self.game.is_won():
            said = _("Level {number}: the solver cleared it").format(number=self.level.number)
            return said, palette.text
        return _("Level failed"), palette.path

    def on_show_view(self) -> None:
        said = spoken.screen(self.title()[0], _(", ").join(self.lines(all_stars=True)))
        self.services.speech.say(said)

    def on_draw(self) -> None:
        palette = self.services.theme.palette
        self.clear(palette.background)
        w, h = self.window.width, self.window.height
        title, colour = self.title()
        u, room = ui_scale(self.window), w - 20
        draw_fitted(title, w / 2, h * 0.78, colour, 44 * u, room, anchor_x="center", bold=True)
        for i, (x, y) in enumerate(self.star_centres()):
            draw_star(x, y, STAR_RADIUS, EMPTY_STAR)
            if i < self.shown:
                grow = self.motion.grown(min(1.0, (self.age - self.star_time(i)) / STAR_GROW))
                draw_star(x, y, STAR_RADIUS * (0.4 + 0.6 * grow), palette.accent)
        lines = self.lines()
        for i, line in enumerate(lines):
            y = h * 0.36 - 30 * u * i
            draw_fitted(line, w / 2, y, palette.text, 18 * u, room, 29 * u, anchor_x="center")
        more = self.has_next()
        keys = (
            _("Enter: next level   R: this level again   Esc: the journey's map")
            if more
            else _("Enter: play again   R: this level again   Esc: the journey's map")
        )
        draw_keys(keys, w, h * 0.1, u)

    def lines(self, all_stars: bool = False) -> list[str]:
        """The lines under the stars; the stars' own once they are all out (`all_stars`: at
        once, for spoken feedback)."""
        g = self.game
        if g.autoplayed and g.is_won():
            return [_("Auto-played: no stars and no score; play it yourself to earn them")]
        if not self.stars:
            tiles = _("Tiles left {tiles}").format(tiles=g.board.remaining)
            return [self.reason or _("Time is up"), tiles]
        # Stars are earned by the player only: an auto-played level has none (above).
        score = (
            _("Score {score} (assisted)   Time left {time}")
            if g.assisted
            else _("Score {score}   Time left {time}")
        )
        lines = [score.format(score=g.score, time=clock(g.time_left or 0.0))]
        if self.shown == self.stars or all_stars:  # told once the stars are all out
            best = _("a new best for this level") if self.best else _("your best stays")
            place = _(", high-score place {place}").format(place=self.place) if self.place else ""
            stars = ngettext(
                "{stars} star: {best}{place}", "{stars} stars: {best}{place}", self.stars
            )
            lines.append(stars.format(stars=self.stars, best=best, place=place))
        return lines

    def has_next(self) -> bool:
        return bool(self.stars) and self.level.number < len(levels())

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        screens = self.services.screens
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.N):
            number = self.level.number + 1 if self.has_next() else self.level.number
            screens.start_game(level(number).config())
        elif symbol == arcade.key.R:
            screens.start_game(self.level.config())
        elif symbol in (arcade.key.ESCAPE, arcade.key.J):
            screens.show_journey()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.services.screens.show_journey()

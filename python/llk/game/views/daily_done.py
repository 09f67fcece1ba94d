"""The end of the daily puzzle: its result as one line of text and its score, the line put on
the clipboard where the window offers one and appended to a file in the data directory (the
screen says where). The day's first attempt counts; a later one is practice, said so, its line
not kept. C copies the line again; Esc, Enter or a click: the menu."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import arcade

from ..i18n import _
from ..model import spoken
from .text import draw_fitted, draw_keys, ui_scale

if TYPE_CHECKING:
    from ..model.game import Game
    from .services import Services


def copy_to_clipboard(window: arcade.Window, text: str) -> bool:
    """True when the window took the text onto the system clipboard (pyglet's; a headless
    window or a display without one says no)."""
    try:
        window.set_clipboard_text(text)
        taken: bool = window.get_clipboard_text() == text
        return taken
    except Exception:  # no clipboard here: the file keeps the line
        return False


class DailyDoneView(arcade.View):
    def __init__(
        self,
        services: Services,
        game: Game,
        line: str,
        path: Path | None,
        won: bool,
        place: int | None,
        reason: str = "",
    ) -> None:
        super().__init__()
        self.services, self.game, self.line, self.path = services, game, line, path
        self.won, self.place, self.reason = won, place, reason
        self.copied: bool | None = None  # not tried yet: the window is not ours until shown
        if won:
            services.sound.play("win")

    def on_show_view(self) -> None:
        self.copied = copy_to_clipboard(self.window, self.line)
        said = [self.reason, self.score()] if self.reason else [self.score()]
        self.services.speech.say(spoken.screen(self.title(), _(", ").join(said)))

    def title(self) -> str:
        return _("Daily puzzle cleared!") if self.won else _("Daily puzzle: game over")

    def score(self) -> str:
        """The score line: the score, assisted or not, and the day's high-score place."""
        score = _("Score {score} (assisted)") if self.game.assisted else _("Score {score}")
        score = score.format(score=self.game.score)
        if self.place:
            score += "   " + _("high-score place {place} of the day").format(place=self.place)
        return score

    def on_draw(self) -> None:
        palette = self.services.theme.palette
        self.clear(palette.background)
        w, h = self.window.width, self.window.height
        title = self.title()
        colour = palette.accent if self.won else palette.path
        u, room = ui_scale(self.window), w - 20
        draw_fitted(title, w / 2, h * 0.75, colour, 40 * u, room, anchor_x="center", bold=True)
        if self.reason:
            draw_fitted(self.reason, w / 2, h * 0.64, palette.text, 18 * u, room, anchor_x="center")
        band = 26 * u
        arcade.draw_lrbt_rectangle_filled(
            10, w - 10, h * 0.5 - band, h * 0.5 + band, (0, 0, 0, 170)
        )
        draw_fitted(
            self.line,
            w / 2,
            h * 0.5,
            (255, 255, 255),
            15 * u,
            w - 40,
            anchor_x="center",
            anchor_y="center",
        )
        where = _("Copied to the clipboard.") if self.copied else _("No clipboard here.")
        kept = (
            _("Saved in {path}").format(path=self.path)
            if self.path
            else _("Practice: not counted, not kept")
        )
        draw_fitted(
            f"{where} {kept}", w / 2, h * 0.38, palette.text, 13 * u, room, anchor_x="center"
        )
        draw_fitted(self.score(), w / 2, h * 0.31, palette.text, 16 * u, room, anchor_x="center")
        draw_keys(_("C: copy again   Esc or Enter: menu"), w, h * 0.12, u)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.C:
            self.copied = copy_to_clipboard(self.window, self.line)
        elif symbol in (arcade.key.ESCAPE, arcade.key.ENTER, arcade.key.RETURN):
            self.services.screens.show_menu()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.services.screens.show_menu()

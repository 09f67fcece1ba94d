"""What the play screen's HUD shows of a mode: the countdown's time bar, the mode's title (a
journey level's name) and status (its props in stock), and the combo pop-ups over the board.
All in screen pixels, through the HUD's camera."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .popups import Popups, combo_text
from .text import draw_label
from .timebar import draw_time_bar

if TYPE_CHECKING:
    import arcade
    from arcade.camera import Camera2D

    from ..board.theme import Theme
    from ..board.view import BoardView
    from ..model.free import FreeMode
    from ..model.game import Game
    from ..model.outcomes import Linked
    from .sound import Sound

STATUS_WIDTH = 178  # pixels kept right of the time bar for the mode's status


class ModeHud:
    def __init__(self, theme: Theme, sound: Sound, camera: Camera2D) -> None:
        self.theme, self.sound, self.camera = theme, sound, camera
        self.popups = Popups(theme.palette.accent)

    def linked(self, outcome: Linked, combo: int, board_view: BoardView) -> None:
        """A pair linked: with a combo going, its pop-up where the pair was, and its sound."""
        if not combo:
            return
        (x1, y1), (x2, y2) = board_view.screen_of(outcome.a), board_view.screen_of(outcome.c)
        self.popups.add(combo_text(combo), (x1 + x2) / 2, (y1 + y2) / 2)
        self.sound.play("combo")

    def update(self, dt: float) -> None:
        self.popups.update(dt)

    def draw(self, window: arcade.Window, game: Game, mode: FreeMode, covered: bool) -> None:
        palette = self.theme.palette
        w, h = window.width, window.height
        with self.camera.activate():
            right = w - 12
            if mode.status:
                draw_label(
                    mode.status,
                    right,
                    h - 44,
                    palette.text,
                    11,
                    anchor_x="right",
                    anchor_y="center",
                )
                right -= STATUS_WIDTH
            if game.time_limit:
                draw_time_bar(
                    max(400, w * 0.45), right, h - 44, game.time_left, game.time_limit, palette
                )
            if mode.title:
                draw_label(
                    mode.title,
                    w - 12,
                    h - 20,
                    palette.accent,
                    15,
                    anchor_x="right",
                    anchor_y="center",
                    bold=True,
                )
            if not covered:  # nothing of the board shows under an overlay
                self.popups.draw()

"""The heads-up display: a bar at the top with its own camera, so zooming and panning the board
never move it, scaled with the window (text.ui_scale). Its first line: the tiles, moves, time,
score, allowances and the gravity (an arrow), and on the right the mode's title (a journey
level); its second: the notice of the moment (or the board's code and the help key), and on
the right the countdown's time bar and the mode's status. Notices sit in the bar, never over
the board. Texts are arcade.Text objects whose strings change only when the values do.
"""

from __future__ import annotations

import arcade
from arcade.camera import Camera2D

from ..board.theme import Theme
from ..i18n import _
from ..model.free import FreeMode
from ..model.game import Game
from .frame_overlay import FrameOverlay
from .text import note, text_scale, ui_scale, with_font_for
from .timebar import draw_time_bar

DEFAULT_FONT = ("calibri", "arial")  # arcade.Text's own, for text that is not Chinese
HUD_HEIGHT = 56  # at the design size and text size: hud_height() is the window's
STATUS_WIDTH = 178  # kept right of the time bar for the mode's status (design pixels)
# Where the tiles slide after a removal: an arrow the player reads at a glance.
GRAVITY_ARROWS = {
    "none": "none",
    "down": "\u2193",
    "up": "\u2191",
    "left": "\u2190",
    "right": "\u2192",
    "split-h": "\u2190\u2192",
    "split-v": "\u2191\u2193",
}


def clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def hud_height(window: arcade.Window) -> float:
    """The HUD's bar: as tall as the window's scale and the text size make its two lines."""
    return HUD_HEIGHT * ui_scale(window) * text_scale()


class Hud:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.camera = Camera2D()
        palette = theme.palette
        self.stats = arcade.Text("", 0, 0, palette.text, 15, anchor_y="center")
        self.code = arcade.Text("", 0, 0, (200, 200, 200), 11, anchor_y="center")
        self.notice = arcade.Text("", 0, 0, palette.accent, 13, anchor_y="center", bold=True)
        self.title = arcade.Text("", 0, 0, palette.accent, 15, anchor_x="right", bold=True)
        self.status = arcade.Text("", 0, 0, palette.text, 11, anchor_x="right")
        self.frame_overlay = FrameOverlay()
        self.show_frame_times = False
        self.time_bar: tuple[float, float, float] | None = None  # left, right, y: last drawn
        self._asked: dict[int, tuple[str, float, float]] = {}  # by text: its last words, size

    def stats_text(self, game: Game, moves: int | None) -> str:
        time_part = (
            _("left {time}").format(time=clock(game.time_left))
            if game.time_left is not None
            else clock(game.elapsed)
        )
        combo = "  " + _("combo x{combo}").format(combo=game.combo) if game.combo else ""
        # The last count stays shown while the next is worked out: a number that flickers to
        # "?" after every move reads as noise.
        moves_text = "?" if moves is None else str(moves)
        helped = (
            "  " + _("(auto-played: no score)")
            if game.autoplayed
            else "  " + _("(assisted)")
            if game.assisted
            else ""
        )
        gravity = GRAVITY_ARROWS.get(game.board.gravity, game.board.gravity)
        if gravity == "none":
            gravity = _("none")
        said = _(
            "Tiles {tiles}   Moves {moves}   Time {time}   Score {score}{combo}   "
            "Hints {hints}   Shuffles {shuffles}   Gravity {gravity}"
        )
        return (
            said.format(
                tiles=game.board.remaining,
                moves=moves_text,
                time=time_part,
                score=game.score,
                combo=combo,
                hints=game.hints_left,
                shuffles=game.shuffles_left,
                gravity=gravity,
            )
            + helped
        )

    def draw(
        self, game: Game, moves: int | None, notice: str | None, mode: FreeMode | None = None
    ) -> None:
        self.camera.match_window()
        window = arcade.get_window()
        w, h = self.camera.viewport_width, self.camera.viewport_height
        u, t = ui_scale(window), text_scale()
        bar = hud_height(window)
        line1, line2, margin = h - 20 * u * t, h - 44 * u * t, 12 * u
        with self.camera.activate():
            ground = (0, 0, 0, self.theme.palette.hud_alpha)
            arcade.draw_lbwh_rectangle_filled(0, h - bar, w, bar, ground)
            right = w - margin
            if mode is not None and mode.title:
                self._place(self.title, _(mode.title), 15 * u, right, line1 - 7 * u * t)
                right = self.title.left - 2 * margin
            stats = self.stats_text(game, moves)  # new every second, and after every move
            self._place(self.stats, stats, 15 * u, margin, line1, right - margin)
            right = w - margin
            if mode is not None and mode.status:
                self._place(self.status, mode.status, 11 * u, right, line2 - 5 * u * t)
                right -= STATUS_WIDTH * u
            shown = self.notice if notice else self.code
            text = notice or _("Board {code}    F1 / ? help").format(code=game.code or _("custom"))
            size = 13 * u if notice else 11 * u
            time_bar = game.time_limit is not None
            room = (max(400 * u, w * 0.45) if time_bar else right) - 2 * margin
            self._place(shown, text, size, margin, line2, room)
            self.time_bar = None
            if game.time_limit:
                left = max(400 * u, w * 0.45, shown.right + margin)
                draw_time_bar(left, right, line2, game.time_left, game.time_limit, self.theme, u)
                self.time_bar = (left, right, line2)
            if self.show_frame_times:
                self.draw_frame_overlay(u)

    def draw_frame_overlay(self, u: float) -> None:
        """The frame-time overlay in the bottom right corner, in the HUD's camera; `u` the
        window's scale (text.ui_scale)."""
        margin = 12 * u
        self.frame_overlay.draw(self.camera.viewport_width - margin, margin, u, self._place)

    def _place(
        self, text: arcade.Text, words: str, size: float, x: float, y: float, width: float = 0
    ) -> None:
        """Draws `text` saying `words` at `size` points, at (x, y); with a `width`, at the
        smaller size at which it is at most that wide (text.fitted's, measured on `text`
        itself: a string that changes every frame is laid out once, not once more on its own
        to be measured). Laid out only when the words, size or width asked for change. At the
        settings' text size (text.text_scale)."""
        size *= text_scale()
        asked = (words, size, width)
        if self._asked.get(id(text)) != asked:
            self._asked[id(text)] = asked
            _lay_out(text, words, size)
            # A text's width is not quite proportional to its size (glyphs are hinted to whole
            # pixels, smaller ones relatively wider): measured again, a point smaller at least
            # each time, until it fits.
            for _ in range(4):
                if not width or text.content_width <= width or text.font_size <= 1:
                    break
                smaller = min(text.font_size - 1, text.font_size * width / text.content_width)
                _lay_out(text, words, max(1.0, smaller))
        text.position = (round(x), round(y))
        text.draw()
        note(text)


def _lay_out(text: arcade.Text, words: str, size: float) -> None:
    """`text` saying `words` at `size` (whole points: fractions cut glyphs off), in one layout
    (pyglet lays a text out again for each of its string, font and size changed alone)."""
    # Chinese in the system's font for it (text.with_font_for), else arcade's default.
    font = with_font_for(words, {}).get("font_name", DEFAULT_FONT)
    size = max(1, int(size))
    if text.text == words and text.font_name == font and text.font_size == size:
        return
    text.label.begin_update()
    try:
        text.text = words
        text.font_name = font
        text.font_size = size
    finally:
        text.label.end_update()

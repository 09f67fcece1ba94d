"""The heads-up display: a bar at the top with its own camera, so zooming and panning the board
never move it. Texts are arcade.Text objects whose strings change only when the values do."""

from __future__ import annotations

import statistics
from collections import deque

import arcade
from arcade.camera import Camera2D

from ..board.theme import Theme
from ..model.game import Game

HUD_HEIGHT = 56


def clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


class Hud:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.camera = Camera2D()
        colour = theme.palette.text
        self.stats = arcade.Text("", 12, 0, colour, 15, anchor_y="center")
        self.code = arcade.Text("", 12, 0, (200, 200, 200), 11, anchor_y="center")
        self.notice = arcade.Text(
            "", 0, 0, theme.palette.accent, 22, anchor_x="center", anchor_y="center", bold=True
        )
        self.frames = arcade.Text("", 0, 0, (255, 255, 0), 12, anchor_x="right")
        self.frame_ms: deque[float] = deque(maxlen=120)
        self.show_frame_times = False

    def draw(self, game: Game, moves: int | None, notice: str | None) -> None:
        self.camera.match_window()
        width, height = self.camera.viewport_width, self.camera.viewport_height
        with self.camera.activate():
            arcade.draw_lbwh_rectangle_filled(
                0, height - HUD_HEIGHT, width, HUD_HEIGHT, (0, 0, 0, 170)
            )
            time_part = (
                f"left {clock(game.time_left)}"
                if game.time_left is not None
                else clock(game.elapsed)
            )
            combo = f"  combo x{game.combo}" if game.combo else ""
            moves_text = "?" if moves is None else str(moves)
            assisted = (
                "  (auto-played: no score)"
                if game.autoplayed
                else "  (assisted)"
                if game.assisted
                else ""
            )
            self.stats.text = (
                f"Tiles {game.board.remaining}   Moves {moves_text}   Time {time_part}   "
                f"Score {game.score}{combo}   Hints {game.hints_left}   "
                f"Shuffles {game.shuffles_left}{assisted}"
            )
            self.stats.position = (12, height - 20)
            self.code.text = f"Board {game.board.code or 'custom'}    F1 / ? help"
            self.code.position = (12, height - 44)
            self.stats.draw()
            self.code.draw()
            if notice:
                self.notice.text = notice
                self.notice.position = (width / 2, (height - HUD_HEIGHT) / 2)
                pad_w, pad_h = self.notice.content_width / 2 + 20, 24
                arcade.draw_lrbt_rectangle_filled(
                    width / 2 - pad_w,
                    width / 2 + pad_w,
                    (height - HUD_HEIGHT) / 2 - pad_h,
                    (height - HUD_HEIGHT) / 2 + pad_h,
                    (0, 0, 0, 200),
                )
                self.notice.draw()
            if self.show_frame_times and self.frame_ms:
                ms = sorted(self.frame_ms)
                self.frames.text = (
                    f"frame median {statistics.median(ms):.1f} ms  "
                    f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms"
                )
                self.frames.position = (width - 12, 12)
                self.frames.draw()

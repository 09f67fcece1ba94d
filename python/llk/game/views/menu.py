"""The menu: new game options, continue, high scores, settings."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import arcade

import llk

from ..model import PRESETS, TIME_MODES, GameConfig
from .text import draw_label
from .widgets import OptionList, Row

if TYPE_CHECKING:
    from ..services import Services

SHAPES = [n for n in llk.Layout.names() if not n[0].isdigit() and n != "margin-14x14"]
BOARDS = list(PRESETS) + [f"shape {n}" for n in SHAPES]
KINDS = ["auto", 8, 12, 16, 21, 24, 32, 36, 42, 48]


class MenuView(arcade.View):
    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        screens, storage = services.screens, services.storage
        self.error: str | None = None
        saved = storage.load_game()
        self.saved = saved
        rows: list[Row] = []
        if saved is not None:
            rows.append(Row("Continue the saved game", action=self.continue_game))
        self.board = Row("Board", BOARDS)
        self.kinds = Row("Kinds", KINDS)
        self.gravity = Row("Gravity", llk.GRAVITY_MODES)
        self.time_mode = Row("Time", TIME_MODES)
        self.solvable = Row(
            "Solvable deals only", [True, False], show=lambda v: "yes" if v else "no"
        )
        self.seed = Row("Seed", text=str(random.randrange(1, 100_000)), allowed="0123456789")
        allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_~"
        self.code = Row("Share code (wins over the above)", text="", allowed=allowed)
        rows += [
            Row("New game", action=self.new_game),
            self.board,
            self.kinds,
            self.gravity,
            self.time_mode,
            self.solvable,
            self.seed,
            self.code,
            Row("High scores", action=screens.show_scores),
            Row("Settings", action=screens.show_settings),
            Row("Quit", action=screens.close),
        ]
        self.options = OptionList(rows, top=0.78)
        self.problems = list(storage.problems)
        storage.problems.clear()

    def config(self) -> GameConfig:
        name = str(self.board.value)
        if name.startswith("shape "):
            config = GameConfig.for_layout(name.removeprefix("shape "))
        else:
            config = GameConfig.preset(name)
        kinds = config.kinds if self.kinds.value == "auto" else int(self.kinds.value)
        return GameConfig(
            rows=config.rows,
            cols=config.cols,
            layout=config.layout,
            kinds=kinds,
            gravity=str(self.gravity.value),
            solvable=bool(self.solvable.value),
            seed=int(self.seed.text or 0),
            time_mode=str(self.time_mode.value),
            code=self.code.text.strip() or None,
        )

    def new_game(self) -> None:
        try:
            self.services.screens.start_game(self.config())
        except (llk.BoardError, llk.IllegalMove, ValueError) as error:
            self.error = str(error)

    def continue_game(self) -> None:
        try:
            self.services.screens.continue_game(self.saved)
        except (KeyError, TypeError, ValueError, llk.BoardError) as error:
            self.error = f"the saved game could not be restored: {error}"
            self.services.storage.set_aside_game(str(error))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.error = None
        if symbol == arcade.key.ESCAPE:
            self.services.screens.close()
        else:
            self.options.on_key(symbol)

    def on_text(self, text: str) -> None:
        self.options.on_text(text)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.error = None
        self.options.on_mouse(self.window, y, button)

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        draw_label("llk", w / 2, h * 0.9, (255, 210, 90), 44, anchor_x="center", bold=True)
        draw_label(
            "LianLianKan: link two equal tiles with at most two turns",
            w / 2,
            h * 0.9 - 34,
            (220, 220, 220),
            14,
            anchor_x="center",
        )
        self.options.draw(self.window)
        notes = ([self.error] if self.error else []) + self.problems
        for i, note in enumerate(notes[:3]):
            draw_label(note, w / 2, 40 + 22 * i, (255, 120, 100), 12, anchor_x="center")
        draw_label(
            "Up/Down choose, Left/Right change, Enter start, type a seed or code",
            w / 2,
            14,
            (170, 170, 170),
            11,
            anchor_x="center",
        )

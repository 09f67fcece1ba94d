"""The game window: owns storage, settings and theme, and switches between the views."""

from __future__ import annotations

import os
from typing import Any

import pyglet

# No sound device on a server or in CI: the silent driver keeps the game (and tests) going.
if os.environ.get("ARCADE_HEADLESS"):
    pyglet.options["audio"] = ("silent",)

import warnings

import arcade

# The menus and overlays draw a dozen lines with draw_text, which arcade warns about; the play
# screen, drawn every frame during play, uses Text objects.
warnings.filterwarnings("ignore", message="draw_text is an extremely slow", category=Warning)

from .model import Game, GameConfig  # noqa: E402
from .storage import Storage  # noqa: E402
from .theme import Theme  # noqa: E402

TITLE = "llk: LianLianKan"


class GameWindow(arcade.Window):
    def __init__(
        self,
        width: int = 1280,
        height: int = 800,
        storage: Storage | None = None,
        visible: bool = True,
        renderer: str | None = None,
    ) -> None:
        super().__init__(width, height, TITLE, resizable=True, antialiasing=False, visible=visible)
        # The board's tile layer: "auto" (sprites for small boards, else the grid renderer),
        # "grid" or "sprites"; LLK_RENDERER sets it for a run, `llk play --renderer` too.
        self.renderer = renderer or os.environ.get("LLK_RENDERER", "auto")
        self.storage = storage if storage is not None else Storage()
        self.settings = self.storage.load_settings()
        self.theme = Theme(self.settings)

    # Screens.

    def show_menu(self) -> None:
        from .views.menu import MenuView

        self.show_view(MenuView(self))

    def show_scores(self) -> None:
        from .views.scores import ScoresView

        self.show_view(ScoresView(self))

    def show_settings(self) -> None:
        from .views.settings import SettingsView

        self.show_view(SettingsView(self))

    def start_game(self, config: GameConfig, board: Any = None) -> None:
        self.play(Game(config, board))

    def continue_game(self, saved: dict[str, Any]) -> None:
        self.play(Game.from_save(saved))

    def play(self, game: Game) -> None:
        from .views.play import PlayView

        view = PlayView(self, game)
        self.show_view(view)

    def on_close(self) -> None:
        # The game in progress is saved on exit and offered on the next start.
        from .views.play import PlayView

        if isinstance(self.current_view, PlayView):
            self.current_view.save()
        super().on_close()


def run(config: GameConfig | None = None, board: Any = None, renderer: str | None = None) -> None:
    window = GameWindow(renderer=renderer)
    if config is None:
        window.show_menu()
    else:
        window.start_game(config, board)
    arcade.run()

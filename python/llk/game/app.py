"""The game window: it wires the layers. It owns the services (the store, the settings, the
board's theme, the sound, the renderer chosen) and switches between the views, to which it
hands the services, not itself."""

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

import llk  # noqa: E402

from .board.theme import Theme  # noqa: E402
from .i18n import _  # noqa: E402
from .model import daily  # noqa: E402
from .model.commands import give_up_saved  # noqa: E402
from .model.config import GameConfig  # noqa: E402
from .model.game import Game  # noqa: E402
from .store.settings import Settings, TileSet  # noqa: E402
from .store.storage import Storage  # noqa: E402
from .views import tasks  # noqa: E402
from .views.covers import Cover, Screen, ask  # noqa: E402
from .views.gamepad import Gamepads  # noqa: E402
from .views.journey import JourneyView  # noqa: E402
from .views.menu import MenuView, describe_save  # noqa: E402
from .views.play import PlayView  # noqa: E402
from .views.scores import ScoresView  # noqa: E402
from .views.services import Services  # noqa: E402
from .views.settings import SettingsView  # noqa: E402
from .views.sound import Sound  # noqa: E402
from .views.speech import Speech  # noqa: E402
from .views.text import use_language, use_text_scale  # noqa: E402
from .views.warm_up import warm_up  # noqa: E402

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
        storage = storage if storage is not None else Storage()
        settings = storage.load_settings()
        use_language(settings.language)  # the settings' language (or the system's) from here on
        use_text_scale(settings.text_scale)
        self.services = Services(
            storage=storage,
            settings=settings,
            theme=Theme(settings),
            sound=Sound(settings),
            renderer=renderer or os.environ.get("LLK_RENDERER", "auto"),
            screens=self,
            speech=Speech(settings),
        )
        self.services.speech.prepare()  # the voice made on its worker, when speech is on
        # The play screen's first frame drawn once, unseen, so that the first game's first
        # frame costs what any other's does (views/warm_up.py).
        warm_up(self.services)
        # The gamepads, those plugged in now and later (none on a headless machine).
        self.gamepads = Gamepads(self)
        self.gamepads.listen()

    # The services, as the window's own attributes too (the tests and the bench swap them).

    @property
    def storage(self) -> Storage:
        return self.services.storage

    @storage.setter
    def storage(self, storage: Storage) -> None:
        self.services.storage = storage

    @property
    def settings(self) -> Settings:
        return self.services.settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        # The theme and the sound follow the settings they were made with: these now.
        self.services.settings = self.services.theme.settings = settings
        self.services.sound.settings = settings
        self.services.speech.settings = settings
        use_language(settings.language)
        use_text_scale(settings.text_scale)

    @property
    def theme(self) -> Theme:
        return self.services.theme

    @property
    def sound(self) -> Sound:
        return self.services.sound

    @property
    def renderer(self) -> str:
        return self.services.renderer

    @renderer.setter
    def renderer(self, renderer: str) -> None:
        self.services.renderer = renderer

    def clear(
        self,
        color: arcade.types.RGBOrA255 | None = None,
        color_normalized: arcade.types.RGBANormalized | None = None,
        viewport: tuple[int, int, int, int] | None = None,
    ) -> None:
        """Every screen begins its frame with a clear: the chosen background is painted there,
        so the menus, the settings and the board all stand on it without each knowing."""
        super().clear(color=color, color_normalized=color_normalized, viewport=viewport)
        if viewport is None:
            self.services.theme.paint_background(self)

    def on_update(self, delta_time: float) -> None:
        # After the screen's own update: a gamepad's held direction repeats.
        self.gamepads.update(delta_time)

    # Screens.

    def show_menu(self) -> None:
        self.show_view(MenuView(self.services))

    def show_scores(self) -> None:
        self.show_view(ScoresView(self.services))

    def show_settings(self) -> None:
        self.show_view(SettingsView(self.services))

    def show_journey(self) -> None:
        self.show_view(JourneyView(self.services))

    def start_game(self, config: GameConfig, board: llk.Board | None = None) -> None:
        """Plays a new game of `config` (dealt `board`, when given). A kind of game keeps one
        save: when its slot holds one, the player is asked first, over the screen shown (or
        over the menu), and yes gives that game up (commands.give_up_saved) and removes it;
        a day's puzzle whose attempt is saved continues it (daily.continues_attempt: one
        counted attempt a day, however it is chosen)."""
        saved = self.storage.peek_game(config.kind)
        if saved is None:
            self.play(Game(config, board))
            return
        if daily.continues_attempt(config, saved):
            attempt = self.storage.load_game(config.kind)  # a 9x16 board: read at once
            if attempt is not None:
                self.continue_game(attempt)
            else:  # it could not be read, and was set aside (the menu says why)
                self.play(Game(config, board))
            return

        def replace() -> None:
            give_up_saved(saved, self.storage)  # counted as R or N would count it
            self.storage.drop_game(config.kind)
            self.play(Game(config, board))

        screen = self.screen
        if not isinstance(screen, Screen):
            self.show_menu()
            screen = self.screen
        assert isinstance(screen, Screen)
        question = _("Replace your saved game with a new one?")
        ask(screen, question, replace, detail=describe_save(saved), hides_under=False)

    def continue_game(self, saved: dict[str, Any]) -> None:
        self.play(Game.from_save(saved))

    def play(self, game: Game) -> None:
        self.show_view(PlayView(self.services, game))

    @property
    def screen(self) -> arcade.View | None:
        """The screen shown, under the covers over it (the pause, a question, a task's
        progress)."""
        view = self.current_view
        while isinstance(view, Cover):
            view = view.under
        return view

    def on_close(self) -> None:
        # The game in progress is saved on exit and offered on the next start.
        screen = self.screen
        if isinstance(screen, PlayView):
            screen.save()
        if not self.storage.save_kept_game():
            # Its save could not be written (a full disk): closing now would lose the game, so
            # the menu asks first, and "Continue" still restores it from memory meanwhile.
            if not isinstance(screen, MenuView):
                self.show_menu()
            menu = self.screen
            if isinstance(menu, MenuView):
                menu.quit()
            return
        super().on_close()

    def close(self) -> None:
        """The window goes (its close button, the menu's Quit): its workers first, so that
        none runs on into the interpreter's exit. The tasks are cancelled and waited for
        (tasks.stop_all, a bounded time), so is the play screen's board facts' scan, and a save
        being written is finished."""
        screen = self.screen
        if isinstance(screen, PlayView):
            screen.facts.close(wait=True)
        tasks.stop_all()
        self.storage.wait_for_saves()
        super().close()


def keep_run_options(window: GameWindow, tiles: TileSet | None, speak: bool) -> None:
    """`llk play`'s options that are settings, for this run and kept: `--tile-set` and
    `--speak` (spoken feedback on)."""
    if tiles is not None:
        window.settings.tile_set = tiles
        window.settings.tile_set_chosen = True
    if speak:
        window.settings.speech = True
        window.services.speech.prepare()
    if tiles is not None or speak:
        window.storage.save_settings(window.settings)


def run(
    config: GameConfig | None = None,
    board: Any = None,
    renderer: str | None = None,
    tiles: TileSet | None = None,
    speak: bool = False,
) -> None:
    window = GameWindow(renderer=renderer)
    keep_run_options(window, tiles, speak)
    window.sound.apply_music()
    if config is None:
        window.show_menu()
    else:
        window.start_game(config, board)
    arcade.run()

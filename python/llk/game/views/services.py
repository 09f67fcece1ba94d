"""What a screen is given: the few services it uses, not the window.

A view reads and writes the game's files (`storage`), follows the `settings`, draws with the
`theme`, plays the `sound`, builds its board with the `renderer` chosen, moves to another
screen through `screens` and says what happens through `speech` (when the player turned it
on). The game window is the one `Screens` the game has; a test can hand a view another, and
build it without a GameWindow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..store.settings import Settings
from .speech import Speech

if TYPE_CHECKING:
    import arcade

    import llk

    from ..board.theme import Theme
    from ..model.config import GameConfig
    from ..model.game import Game
    from ..store.storage import Storage
    from .sound import Sound


class Screens(Protocol):
    """Switching from one screen to another."""

    def show_menu(self) -> None: ...

    def show_scores(self) -> None: ...

    def show_settings(self) -> None: ...

    def show_journey(self) -> None:
        """The journey's map of levels."""
        ...

    def start_game(self, config: GameConfig, board: llk.Board | None = None) -> None: ...

    def continue_game(self, saved: dict[str, Any]) -> None: ...

    def play(self, game: Game) -> None:
        """Plays a game already made (a save restored on a worker thread)."""
        ...

    def show_view(self, view: arcade.View) -> None: ...

    def close(self) -> None:
        """Quits the game."""
        ...


@dataclass
class Services:
    storage: Storage
    settings: Settings
    theme: Theme
    sound: Sound
    renderer: str  # the board's tile layer: "auto", "grid" or "sprites"
    screens: Screens
    # Spoken feedback (speech.py): silent unless the settings turn it on.
    speech: Speech = field(default_factory=lambda: Speech(Settings()))

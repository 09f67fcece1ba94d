"""Every screen of the game, shown in turn in a window with what a player sees there (a game
under way, a full table of scores, a level's stars): for the screenshots at each window size
(`python -m llk.game.screenshots --every-screen --size 800x600`), for the layout tests,
which hold every text of every screen to the window and its box at every size, and for the
translation test, which holds every word drawn in Chinese to the catalog
(tests/game/test_translated_tour.py). The help is shown over each mode and over a slide game
with gravity, whose rules it words apart.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

from .i18n import _
from .model import daily, journey
from .model.config import GameConfig
from .views import covers, daily_done, level_done, win
from .views.tasks import Task

if TYPE_CHECKING:
    from .app import GameWindow
    from .views.menu import MenuView
    from .views.play import PlayView

DAY = dt.date(2026, 12, 1)
PLAYERS = ("Ada Lovelace", "Grace Hopper")  # the names the players typed (never translated)
WHEN = "2026-12-01 20:15"  # a score's date and time, as win.score_entry writes it


def every_screen(window: GameWindow) -> Iterator[str]:
    """Shows each screen in turn and yields its name; the caller draws it (and may look)."""
    window.show_menu()
    yield "menu"
    menu = cast("MenuView", window.current_view)
    menu.options.focus = menu.options.rows.index(menu.choice.chinese)  # its line about it
    yield "menu-rules"
    play(window)
    yield "play"
    cast("PlayView", window.current_view).do_frame_times()  # F: the frame-time overlay
    yield "frame-times"
    window.start_game(journey.level(7).config())
    yield "journey-level"
    cast("PlayView", window.current_view).do_help()
    yield "help-journey"
    with marked_tiles(window):
        play(window, chinese=True).do_help()  # the help at its longest: the badges' line too
        yield "help"
    window.start_game(GameConfig.preset("KShisen 14x6", seed=3, slide=True, gravity="split-v"))
    cast("PlayView", window.current_view).do_help()
    yield "help-slide"
    play(window).do_pause()
    yield "pause"
    covers.ask(play(window), _("Restart this deal? This game's progress is lost."), lambda: None)
    yield "question"
    view = play(window)
    held = threading.Event()
    task = Task(_("Looking for a hint"), lambda: held.wait(5))
    task.started -= 1.0  # as if it had run a second: its box shows
    covers.ProgressView(view, task, lambda _: None).show()
    yield "progress"
    held.set()
    window.show_journey()
    yield "journey"
    for i in range(10):
        entry = {"name": f"{PLAYERS[0]} {i}", "score": 12345 - i, "seconds": 600.5}
        window.storage.add_score("9x16 full gravity=none relaxed", {**entry, "when": WHEN})
    window.show_scores()
    yield "scores"
    window.show_settings()
    yield "settings"
    yield from endings(window)


def endings(window: GameWindow) -> Iterator[str]:
    """The screens at the end of a game: of a free one, a journey level (cleared and failed)
    and the daily puzzle (with the help over it, first)."""
    game = play(window).game
    window.show_view(win.NameEntryView(window.services, game, game.category))
    window.current_view.name = PLAYERS[1]
    yield "name-entry"
    window.show_view(win.WinView(window.services, play(window).game, 3))
    yield "win"
    window.show_view(win.GameOverView(window.services, play(window).game, _("Time is up")))
    yield "game-over"
    window.start_game(journey.level(7).config())
    done = level_done.LevelDoneView(
        window.services, window.current_view.game, journey.level(7), 3, True, 2
    )
    window.show_view(done)
    done.on_update(5.0)  # the stars all out
    yield "level-done"
    window.start_game(journey.level(7).config())
    failed = level_done.LevelDoneView(
        window.services, window.current_view.game, journey.level(7), 0, False, None, _("Time is up")
    )
    window.show_view(failed)
    yield "level-failed"
    window.start_game(daily.config_for(DAY))
    day = cast("PlayView", window.current_view)
    day.do_help()
    yield "help-daily"
    game = day.game
    line = daily.result_line(DAY, game.board.code or "", True, 252, 72, False)
    path = window.storage.root / "daily-results.txt"
    window.show_view(daily_done.DailyDoneView(window.services, game, line, path, True, 1))
    yield "daily-done"


@contextmanager
def marked_tiles(window: GameWindow) -> Iterator[None]:
    """Within: the picture tiles, chosen, so that a Chinese-style game marks its groups
    (board/group_marks.py); the settings as they were after."""
    settings = window.settings
    kept = settings.tile_set, settings.tile_set_chosen
    settings.tile_set, settings.tile_set_chosen = "pictures", True
    try:
        yield
    finally:
        settings.tile_set, settings.tile_set_chosen = kept


def play(window: GameWindow, chinese: bool = False) -> PlayView:
    """A KShisen 14x6 game (in Chinese style: its 42 kinds, flowers and seasons among them), a
    few pairs in: the play screen."""
    variant = {"chinese": True, "kinds": 42} if chinese else {}
    window.start_game(GameConfig.preset("KShisen 14x6", seed=3, **variant))
    view = cast("PlayView", window.current_view)
    for a, c in view.game.board.solution[:4]:  # type: ignore[index]  # a solvable deal
        view.click(a)
        view.click(c)
    view.board_view.finish_animations()
    view.poll_facts(wait=True)
    return view

"""Regenerates docs/screenshots/ (docs/playing.md shows them), or every screen at a window size:

    ARCADE_HEADLESS=1 python -m llk.game.screenshots [--out docs/screenshots]
    ARCADE_HEADLESS=1 python -m llk.game.screenshots --every-screen --size 800x600
    ARCADE_HEADLESS=1 python -m llk.game.screenshots --chinese  # the zh_CN pictures alone
    ARCADE_HEADLESS=1 python -m llk.game.screenshots --every-screen --chinese --size 3840x2160
    ARCADE_HEADLESS=1 python -m llk.game.screenshots --high-contrast --size 1920x1080

Runs in a hidden window with a throw-away data directory, so it never touches saved games; the
pictures are written by the store (store/files.py), like every file of the game.
Frame times are `llk bench --frames`'s job (llk/bench/frames.py).
"""

from __future__ import annotations

import argparse
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from .app import GameWindow
    from .store.settings import TileSet
    from .views.play import PlayView

Shot = Callable[[str], None]
"""Draws the current screen and writes it as `<name>.png`."""


def looks(window: GameWindow, shot: Shot) -> None:
    """The tile sets and backgrounds: the picture tiles in play, near and far, each background
    behind a game, the settings screen."""
    from .model.config import GameConfig

    def half_played(preset: str, seed: int, pairs: int) -> PlayView:
        window.start_game(GameConfig.preset(preset, seed=seed))
        view = cast("PlayView", window.current_view)
        for a, c in view.game.board.solution[:pairs]:  # type: ignore[index]  # a solvable deal
            view.on_update(2.5)
            view.click(a)
            view.click(c)
            view.board_view.finish_animations()
        for _ in range(8):  # the last path's linger ends
            view.on_update(0.25)
        return view

    settings = window.settings
    settings.tile_set, settings.background = "pictures", "wood"
    view = half_played("KShisen 16x9", 4, 12)
    board = view.game.board
    a, c = next(m for m in board.moves() if board.path(*m).turns == 2)
    view.click(a)
    view.click(c)
    view.on_update(0.05)
    shot("pictures-play")
    window.start_game(GameConfig.preset("big 100x100", seed=1))
    window.current_view.on_update(0.5)
    window.current_view.poll_facts(wait=True)  # the move count and the minimap, as in play
    shot("pictures-100x100")  # far out: each kind its own colour
    looks_of: tuple[tuple[str, TileSet], ...] = (
        ("felt", "paper"),
        ("wood", "pictures"),
        ("waves", "night"),
        ("dusk", "pictures"),
    )
    for background, tile_set in looks_of:
        settings.tile_set, settings.background = tile_set, background
        half_played("KShisen 14x6", 5, 14)
        shot(f"background-{background}")
    settings.tile_set, settings.background = "pictures", "dusk"
    window.show_settings()
    shot("settings")
    settings.tile_set, settings.background = "paper", "felt"
    high_contrast_shot(window, shot)


def high_contrast_shot(window: GameWindow, shot: Shot, name: str = "high-contrast") -> None:
    """A game in high contrast, chosen with the night tiles (drawn with paper's faces), a pair
    linked, the cursor on a tile: `name`.png."""
    from .model.config import GameConfig

    settings = window.settings
    settings.high_contrast, settings.tile_set = True, "night"
    window.start_game(GameConfig.preset("KShisen 14x6", seed=5))
    view = cast("PlayView", window.current_view)
    view.on_update(2.5)
    board = view.game.board
    a, c = next(m for m in board.moves() if board.path(*m).turns == 2)
    view.board_view.cursor = board.solution[-1][0]  # type: ignore[index]  # a solvable deal
    view.click(a)
    view.click(c)
    view.on_update(0.05)
    view.poll_facts(wait=True)  # the move count, as a moment later in play
    shot(name)
    settings.high_contrast, settings.tile_set = False, "paper"


def arguments() -> argparse.ArgumentParser:
    """The command's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument(
        "--every-screen",
        action="store_true",
        help="every screen of the game at --size instead (tour.py), into OUT/<size>/",
    )
    parser.add_argument("--size", default="1280x800", help="the window, WIDTHxHEIGHT")
    parser.add_argument(
        "--chinese",
        action="store_true",
        help="only the menu and a game in Chinese (zh_CN); with --every-screen, every screen "
        "in Chinese, into OUT/<size>-zh_CN/",
    )
    parser.add_argument(
        "--high-contrast",
        action="store_true",
        help="only a game in the high-contrast look, as high-contrast-<size>.png; with "
        "--every-screen, every screen in it, into OUT/<size>-high-contrast/",
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    """Writes docs/screenshots' pictures, or every screen at --size, or the Chinese ones or the
    high-contrast one alone."""
    args = arguments().parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    from .store.files import scratch_dir, write_atomically

    os.environ.setdefault("LLK_DATA_DIR", str(scratch_dir("llk-shots-")))
    import arcade

    from .app import GameWindow
    from .store.settings import Settings

    out = Path(args.out)
    window = GameWindow(width, height, visible=False)
    window.settings.__dict__.update(Settings(sound=False).__dict__)

    def shot(name: str) -> None:
        window.current_view.on_draw()
        png = io.BytesIO()
        arcade.get_image().convert("RGB").save(png, format="PNG")
        write_atomically(out / f"{name}.png", png.getvalue())

    if args.every_screen:
        from .tour import every_screen
        from .views.text import use_language

        suffix = ("-zh_CN" if args.chinese else "") + (
            "-high-contrast" if args.high_contrast else ""
        )
        out = out / f"{args.size}{suffix}"
        window.settings.high_contrast = args.high_contrast
        if args.chinese:
            window.settings.language = "zh_CN"
            use_language("zh_CN")
        for name in every_screen(window):
            window.current_view.on_update(1 / 60)
            shot(name)
    elif args.high_contrast:
        high_contrast_shot(window, shot, f"high-contrast-{width}x{height}")
    elif args.chinese:
        chinese_shots(window, shot)
    else:  # docs/screenshots' scenes: each begins where the one before it ended
        menu_shots(window, shot)
        play_shots(window, shot)
        huge_shots(window, shot)
        minimap_shots(window, shot)
        scores_shots(window, shot)
        journey_shots(window, shot)
        looks(window, shot)
        chinese_shots(window, shot)
    window.close()
    print(f"screenshots in {out}/")


def menu_shots(window: GameWindow, shot: Shot) -> None:
    """The menu, then with Chinese style on and its row in focus: its line at the foot."""
    window.show_menu()
    shot("menu")
    menu = window.current_view
    menu.choice.chinese.index = 1
    menu.options.focus = menu.options.rows.index(menu.choice.chinese)
    shot("menu-rules")


def play_shots(window: GameWindow, shot: Shot) -> None:
    """A game in progress, with a path drawn; a 100x100 board with its move count and minimap."""
    from .model.config import GameConfig

    window.start_game(GameConfig.preset("KShisen 16x9", seed=4))
    view = window.current_view
    board = view.game.board
    for a, c in board.solution[:12]:
        view.on_update(2.5)  # a player's pace, so the clock and combo look like a real game
        view.click(a)
        view.click(c)
        view.board_view.finish_animations()
    a, c = next(m for m in board.moves() if board.path(*m).turns == 2)
    view.click(a)
    view.click(c)
    view.on_update(0.05)
    shot("play-path")
    window.start_game(GameConfig.preset("big 100x100", seed=1))
    view = window.current_view
    view.on_update(0.5)
    view.poll_facts(wait=True)  # the move count and the minimap, as a moment later in play
    shot("big-100x100")


def huge_shots(window: GameWindow, shot: Shot) -> None:
    """A million tiles: the whole board, and zoomed in on its top-left corner after the pairs
    there that link have gone (minimap_shots goes on from there)."""
    from .model.config import GameConfig

    window.start_game(GameConfig.preset("huge 1000x1000", seed=1))
    view = window.current_view
    board = view.game.board
    view.on_update(0.5)
    view.poll_facts(wait=True)
    shot("huge-1000x1000")
    bv = view.board_view
    corner = [
        m for m in board.solution if max(m[0][0], m[1][0]) < 30 and max(m[0][1], m[1][1]) < 64
    ]
    for a, c in corner[:160]:
        if board.can_link(a, c):
            view.game.tick(5.0)
            view.click(a)
            view.click(c)
            bv.finish_animations()
    bv.camera.zoom = 0.32
    bv.camera.position = (bv.x(28), bv.y(12.5))
    pair = next(
        m
        for m in board.moves()
        if board.path(*m).turns == 2 and min(m[0][0], m[1][0]) >= 2 and max(*m[0], *m[1]) < 26
    )
    view.click(pair[0])
    view.click(pair[1])
    view.on_update(0.05)
    view.poll_facts(wait=True)
    view.on_draw()  # the first frame after the camera moved is the half-resolution one
    shot("huge-1000x1000-zoom")


def minimap_shots(window: GameWindow, shot: Shot) -> None:
    """Big-board play on huge_shots' million tiles, a third of them cleared: the minimap with
    the view's rectangle and where the moves are, the hint nearest the view, the same view as
    the "where to look" heat map (W), then a hint far off, once the camera has glided to it."""
    view = window.current_view
    bv = view.board_view
    board = view.game.board
    for a, c in board.solution[: len(board.solution) // 3]:
        if board.can_link(a, c):
            board.remove(a, c)
    bv.sync(board.grid)
    view.board_changed()
    bv.camera.zoom = 0.12
    bv.look_at(bv.centre_of((420, 610)), glide=False)
    view.do_hint()
    cover = window.current_view
    if cover is not view:
        cover.task.wait(60)
    for _ in range(40):
        window.current_view.on_update(1 / 30)
    view.poll_facts(wait=True)
    view.on_draw()
    shot("huge-minimap")
    # The same view as the "where to look" heat map (W): tiles by the moves near them.
    view.do_heat_map()
    view.notice = None
    view.on_draw()
    view.on_draw()
    shot("huge-heat-map")
    view.do_heat_map()
    view.notice = None
    bv.clear_overlays()
    bv.camera.zoom = 0.32
    bv.look_at(bv.centre_of((40, 40)), glide=False)
    view.show_hint(board.hints_near((900, 900), 1)[0])
    for _ in range(40):
        view.on_update(1 / 60)
    view.on_draw()
    shot("huge-far-hint")


def scores_shots(window: GameWindow, shot: Shot) -> None:
    """Three games won on KShisen's first board and one lost: the name entry of a new high
    score, the win screen, and the scores screen with its statistics."""
    from .model.config import GameConfig

    names = ["Grace", "Alan", "Ada"]
    for seed, pace in ((5, 3.5), (7, 3.0), (3, 2.5)):
        window.start_game(GameConfig.preset("KShisen 14x6", seed=seed))
        view = window.current_view
        for a, c in view.game.board.solution:
            view.game.tick(pace)
            view.click(a)
            view.click(c)
            view.board_view.finish_animations()
        view.on_update(0.1)
        entry = window.current_view
        entry.name = ""
        entry.on_text(names.pop(0))
        if not names:
            shot("name-entry")
        entry.enter()
    shot("win")
    window.start_game(GameConfig.preset("KShisen 14x6", seed=9, time_mode="countdown"))
    window.current_view.game.spend_time(1e9)
    window.current_view.on_update(0.1)
    window.show_scores()
    shot("scores")


def chinese_shots(window: GameWindow, shot: Shot) -> None:
    """The game in Simplified Chinese (the settings' language): the menu, and a game on the
    Mahjong tiles with a path drawn and a combo going."""
    from .model.config import GameConfig
    from .views.text import use_language

    settings = window.settings
    settings.language, settings.tile_set = "zh_CN", "mahjong"
    use_language("zh_CN")
    window.show_menu()
    shot("menu-zh_CN")
    window.start_game(GameConfig.preset("KShisen 16x9", seed=4))
    view = cast("PlayView", window.current_view)
    board = view.game.board
    for a, c in board.solution[:10]:  # type: ignore[index]  # a solvable deal
        view.on_update(2.5)
        view.click(a)
        view.click(c)
        view.board_view.finish_animations()
    for _ in range(8):  # the pop-ups so far fade: the last pair's alone shows
        view.on_update(0.25)
    a, c = next(m for m in board.moves() if board.path(*m).turns == 2)
    view.click(a)
    view.click(c)
    view.on_update(0.05)
    shot("play-zh_CN")
    settings.language, settings.tile_set = "auto", "paper"
    use_language("auto")


def journey_shots(window: GameWindow, shot: Shot) -> None:
    """The journey: a level in play with its time bar and a combo pop-up, the level-complete
    screen as its stars come, and the map after a few levels."""
    from .model import journey

    storage = window.storage
    storage.save_journey(journey.Progress(stars={1: 3, 2: 3, 3: 2, 4: 3, 5: 1, 6: 2}))
    level = journey.level(7)
    window.start_game(level.config())
    view = window.current_view
    for i, (a, c) in enumerate(level.solution[:14]):
        view.game.tick(0.8 if i >= 11 else 4.0)  # the last three quick: a combo
        view.on_update(0.25)
        view.click(a)
        view.click(c)
        view.board_view.finish_animations()
    view.on_update(0.3)
    shot("journey-play")
    for a, c in level.solution[14:]:
        view.game.tick(2.0)
        view.click(a)
        view.click(c)
        view.board_view.finish_animations()
    view.on_update(0.1)
    done = window.current_view
    done.on_update(1.25)  # two stars out, the second still growing
    shot("level-complete")
    window.show_journey()
    window.current_view.focus = 8
    shot("journey-map")

    # The daily puzzle of a fixed day, cleared: its line to share.
    import datetime

    from .model import daily

    window.start_game(daily.config_for(datetime.date(2026, 12, 1)))
    view = window.current_view
    for a, c in view.game.board.solution:
        view.game.tick(2.5)
        view.click(a)
        view.click(c)
        view.board_view.finish_animations()
    view.on_update(0.1)
    shot("daily-done")


if __name__ == "__main__":
    main()

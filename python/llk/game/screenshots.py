"""Regenerates docs/screenshots/ (the README shows them) and measures frame times:

    ARCADE_HEADLESS=1 python -m llk.game.screenshots [--out docs/screenshots] [--frames 100]

Runs in a hidden window with a throw-away data directory, so it never touches saved games.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path


def _frame(window, dt: float) -> float:
    started = time.perf_counter()
    window.current_view.on_update(dt)
    window.current_view.on_draw()
    window.ctx.finish()  # wait for the GPU (llvmpipe): the frame is really done
    return (time.perf_counter() - started) * 1000


def median_frame_ms(window, frames: int, restart=None) -> float:
    times = []
    for i in range(frames):
        if restart is not None and i % 10 == 0:
            restart()  # keep an animation running through the measurement
        times.append(_frame(window, 1 / 60))
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--frames", type=int, default=100)
    args = parser.parse_args(argv)
    os.environ.setdefault("LLK_DATA_DIR", tempfile.mkdtemp(prefix="llk-shots-"))
    import arcade

    from .app import GameWindow
    from .session import GameConfig
    from .storage import Settings

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    window = GameWindow(1280, 800, visible=False)
    window.settings.__dict__.update(Settings(sound=False).__dict__)

    def shot(name: str) -> None:
        window.current_view.on_draw()
        arcade.get_image().convert("RGB").save(out / f"{name}.png")

    window.show_menu()
    shot("menu")

    # A game in progress, with a path drawn.
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

    # Frame times: 30x16 with a path and a fade running.
    window.start_game(GameConfig.preset("KShisen 30x16", seed=1))
    view = window.current_view

    def link_next() -> None:
        move = view.game.board.hint()
        if move is not None:
            view.board_view.selected = move[0]
            view.click(move[1])

    ms_30x16 = median_frame_ms(window, args.frames, restart=link_next)

    window.start_game(GameConfig.preset("big 100x100", seed=1))
    view = window.current_view
    view.on_update(0.5)
    shot("big-100x100")
    ms_100 = median_frame_ms(window, args.frames)
    # And zoomed in around a tile, then a link with its animation.
    ms_100_link = median_frame_ms(window, args.frames, restart=link_next)

    window.start_game(GameConfig.preset("KShisen 14x6", seed=3))
    view = window.current_view
    for a, c in view.game.board.solution:
        view.game.tick(2.5)
        view.click(a)
        view.click(c)
        view.board_view.finish_animations()
    view.on_update(0.1)
    shot("win")
    window.close()
    print(f"screenshots in {out}/")
    print(f"median frame (update+draw+finish), {args.frames} frames, no MSAA:")
    print(f"  30x16 with path and fade running: {ms_30x16:.2f} ms")
    print(
        f"  100x100 idle: {ms_100:.2f} ms;  "
        f"100x100 linking with path and fade: {ms_100_link:.2f} ms"
    )


if __name__ == "__main__":
    main()

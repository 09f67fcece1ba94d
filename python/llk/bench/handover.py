"""`llk bench --frames`, scenario "hand-over": the frames around the three moments the game
hands a big board from one screen or thread to another, as a player meets them:

- start: New game in the menu; the deal on a worker under the progress screen, then the play
  screen and its first frames;
- shuffle: S in play; the shuffle on a worker on a copy of the board, then the new board
  taken over and shown;
- continue: a game with a shuffle in its history, left for the menu (saved), then Continue: the
  save read and the game restored on a worker, the play screen, and its history replayed on a
  worker while the game is played (model/saved.py).

Every frame from the command to AFTER_FRAMES frames after the hand-over is timed as frames.py
times one (input, update, draw, the GPU's work), while the worker runs beside it; the frames
are paced at 60 a second, as the game's loop runs them. The result
is the worst frame (the issue's limit: 50 ms) and the hand-over's time: for continue, from the
command to the first frame of the play screen (the limit: 0.5 s).

The hand-overs run on the process's default core (LLK_BACKEND): a restore deals and replays
on it, as the game does.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from .frames_report import FrameResult

if TYPE_CHECKING:
    import llk
    from llk import BackendName

    from ..game.app import GameWindow
    from ..game.model.config import GameConfig
    from ..game.views.menu import MenuView
    from ..game.views.play import PlayView
    from .frames import FrameBench

HANDOVER_SCENARIOS = ("hand-over: start", "hand-over: shuffle", "hand-over: continue")
AFTER_FRAMES = 30
WAIT_SECONDS = 300.0  # a hand-over that takes longer is reported as not done
PYTHON_MAX_CELLS = 250_000
TICK = 1 / 60
MOVES = 10  # pairs linked before the shuffle and after it, so that the save has both


def why_not_handovers(rows: int, cols: int, backend: BackendName) -> str | None:
    """Why the hand-overs of this case are not timed, or None."""
    import llk

    if backend != llk.BACKEND:
        return f"the hand-overs run on the default core ({llk.BACKEND}; LLK_BACKEND sets it)"
    if backend == "python" and rows * cols > PYTHON_MAX_CELLS:
        return f"the Python core replays a board over {PYTHON_MAX_CELLS:,} cells in minutes"
    return None


def run_handovers(
    bench: FrameBench, rows: int, cols: int, backend: BackendName, renderer: str, seed: int
) -> list[FrameResult]:
    """The three hand-overs of one board size, in the order a player meets them."""
    from ..game.views.play import PlayView

    window = bench.window
    window.renderer = renderer
    config = bench.config(rows, cols, seed)
    size = f"{rows}x{cols}"
    results = []

    def result(name: str, times: list[float], took: float) -> FrameResult:
        return FrameResult(
            f"hand-over: {name}",
            size,
            backend,
            renderer,
            len(times),
            statistics.median(times),
            max(times),
            worst_ms=max(times),
            handover_ms=took,
        )

    def playing() -> bool:
        return isinstance(window.current_view, PlayView)

    # start: the menu deals on a worker, as its New game does.
    window.storage.drop_game("free")  # no question about an earlier save
    window.show_menu()
    bench.frame(_nothing)
    menu = cast("MenuView", window.current_view)
    times, took = bench.hand_over(
        lambda: menu.run_task(
            "Dealing", lambda: bench.board(rows, cols, backend, seed), _start(window, config)
        ),
        playing,
    )
    results.append(result("start", times, took))

    # shuffle: S in play.
    import arcade

    view = cast("PlayView", window.current_view)
    _link_pairs(bench, view, MOVES)
    shuffles_left = view.game.shuffles_left
    times, took = bench.hand_over(
        lambda: view.on_key_press(arcade.key.S, 0),
        lambda: view.game.shuffles_left < shuffles_left and not view.covered,
    )
    results.append(result("shuffle", times, took))

    # continue: left for the menu (the save written), then Continue.
    _link_pairs(bench, view, MOVES)
    view.on_key_press(arcade.key.ESCAPE, 0)
    window.storage.wait_for_saves()
    window.show_menu()
    bench.frame(_nothing)
    menu = cast("MenuView", window.current_view)
    times, took = bench.hand_over(lambda: menu.continue_game("free"), playing)
    after, _ = bench.hand_over(
        _nothing,
        lambda: cast("PlayView", window.current_view).game.history_to_come is None,
        after=AFTER_FRAMES,
    )
    results.append(result("continue", times + after, took))
    # The continued game's save goes, so that the next game starts without a question.
    window.show_view(arcade.View())
    window.storage.drop_game("free")
    return results


def _start(window: GameWindow, config: GameConfig) -> Callable[[llk.Board], None]:
    return lambda board: window.start_game(config, board)


def _link_pairs(bench: FrameBench, view: PlayView, pairs: int) -> None:
    for _ in range(pairs):
        pair = view.game.board.hint()
        if pair is None:
            return
        view.game.clear_selection()

        def link(pair: tuple[tuple[int, int], tuple[int, int]] = pair) -> None:
            view.click(pair[0])
            view.click(pair[1])

        bench.frame(link)


def hand_over(
    frame: Callable[[Callable[[], object]], float],
    command: Callable[[], object],
    done: Callable[[], bool],
    after: int = AFTER_FRAMES,
) -> tuple[list[float], float]:
    """The frames from `command` until `done` holds and `after` more, and the time in ms from
    the command to the first frame after which `done` held."""
    started = time.perf_counter()
    times = [_paced(frame, command)]
    while not done():
        if time.perf_counter() - started > WAIT_SECONDS:
            raise TimeoutError(f"a hand-over took more than {WAIT_SECONDS:.0f} s")
        times.append(_paced(frame, _nothing))
    took = (time.perf_counter() - started) * 1000
    times += [_paced(frame, _nothing) for _ in range(after)]
    return times, took


def _paced(frame: Callable[[Callable[[], object]], float], action: Callable[[], object]) -> float:
    """A frame, then the rest of its 1/60 s idle, as the game's loop waits for the next tick:
    the worker gets the time a player's machine gives it (frames back to back would starve
    it and stretch the hand-over)."""
    ms = frame(action)
    time.sleep(max(0.0, TICK - ms / 1000))
    return ms


def _nothing() -> None:
    pass

"""A script, run by test_clean_exit.py in a subprocess: the real (headless) window starts one
kind of worker task, and the program leaves while it runs.

    python tests/game/leaving.py CASE HOW [unguarded]

CASE: plan (auto-play's plan by the solver), hint (the safe hint), shuffle (a huge board's),
deal (a huge deal from the menu), restore (a huge saved game, from the menu), history (that
game's history, replayed while it is played), save (a save being written on leaving a game for
the menu), facts (the board facts' scan of a huge board).
HOW: close (the window's close button: its on_close event, then the end of the script), end
(the script ends with the window open), exit (sys.exit(0) at once).

`unguarded`: the game does not stop its tasks (views/tasks.py's `stop_all` undone, atexit hook
and all), so that a worker runs on into the interpreter's finalization: what the core must
then survive on its own (bindings.rs).

It prints `task running: True` once the work is under way, and, from the last atexit hook
(registered before the game's own, so it runs after them), the names of the game's worker
threads still alive: `alive at exit: [...]`. The data directory is LLK_DATA_DIR (the test's).
"""

from __future__ import annotations

import atexit
import os
import sys
import threading


def _alive_at_exit() -> None:
    alive = sorted(t.name for t in threading.enumerate() if t.name.startswith("llk"))
    os.write(1, f"alive at exit: {alive}\n".encode())


atexit.register(_alive_at_exit)  # first registered, last run: after the game's own hooks

os.environ.setdefault("ARCADE_HEADLESS", "1")

import pyglet  # noqa: E402

pyglet.options["audio"] = ("silent",)

import llk  # noqa: E402
from llk.game.app import GameWindow  # noqa: E402
from llk.game.model import assists, solver_reach  # noqa: E402
from llk.game.model.assists import AutoPlayer  # noqa: E402
from llk.game.model.config import GameConfig  # noqa: E402
from llk.game.store.settings import Settings  # noqa: E402
from llk.game.store.storage import Storage  # noqa: E402
from llk.game.views.covers import ProgressView  # noqa: E402
from llk.game.views.menu import MenuView  # noqa: E402
from llk.game.views.new_game import CUSTOM  # noqa: E402
from llk.game.views.play import PlayView  # noqa: E402

RUST = llk.BACKEND == "rust"
# The solver's boards: it runs for seconds and more on a random deal with gravity (the size
# caps and budgets lifted, as in test_solver_tasks.py); the pure-Python core's is smaller.
SOLVED = 300 if RUST else 40
# Huge boards: a deal, a shuffle or a restore takes a second or more (1000x1000 on the Rust
# core, 2.2 s to deal solvable with gravity, 1.6 s to shuffle, on a busy 2-core machine).
HUGE = 1000 if RUST else 150


def key(window: GameWindow, symbol: int) -> None:
    pyglet.event.EventDispatcher.dispatch_event(window, "on_key_press", symbol, 0)
    pyglet.event.EventDispatcher.dispatch_event(window, "on_key_release", symbol, 0)


def frame(window: GameWindow) -> None:
    window.current_view.on_update(1 / 60)
    window.current_view.on_draw()


def play(window: GameWindow, n: int, gravity: str = "down", solvable: bool = True) -> PlayView:
    kinds = min(n * n // 8, 65_535)
    board = llk.deal(n, n, kinds=kinds, seed=7, gravity=gravity, solvable=solvable)
    window.start_game(GameConfig(rows=n, cols=n, kinds=kinds, gravity=gravity), board)
    view = window.current_view
    assert isinstance(view, PlayView)
    return view


def menu(window: GameWindow) -> MenuView:
    window.show_menu()
    view = window.current_view
    assert isinstance(view, MenuView)
    return view


def start(window: GameWindow, case: str) -> bool:
    """Starts the case's work; whether it is under way (a task's, the save's, the facts')."""
    from pyglet.window import key as keys

    if case in ("plan", "hint"):
        solver_reach.MAX_TILES = dict.fromkeys(solver_reach.MAX_TILES, 10**9)
        assists.SAFE_HINT_BUDGET = AutoPlayer.BUDGET = 10**12
        play(window, SOLVED, solvable=False)
        if case == "plan":
            key(window, keys.A)
            key(window, keys.Y)  # "Let the solver play?"
        else:
            key(window, keys.H)
    elif case == "shuffle":
        play(window, HUGE)
        key(window, keys.S)
    elif case == "deal":
        view = menu(window)
        choice = view.choice
        choice.board.index = choice.board.values.index(CUSTOM)
        choice.custom_size.text = f"{HUGE}x{HUGE}"
        choice.gravity.index = choice.gravity.values.index("down")
        choice.solvable.index = choice.solvable.values.index(True)
        view.new_game()
    elif case == "restore":
        play(window, HUGE).save()
        menu(window).continue_game("free")
    elif case == "history":
        from llk.game.model import saved

        saved.DEFER_CELLS = 0  # the pure-Python core's board is smaller than a deferred one
        play(window, HUGE).save()
        menu(window).continue_game("free")
        restore = window.current_view
        assert isinstance(restore, ProgressView)
        restore.task.wait()
        frame(window)  # the play screen comes
        view = window.current_view
        assert isinstance(view, PlayView)
        # Its next update starts the history's worker (0.7 s of replay on the pure-Python
        # core): asked at once, not after a frame's drawing, which on a loaded machine under
        # llvmpipe took longer than the replay and left nothing running at the exit.
        view.on_update(1 / 60)
        task = view.history_to_come.task
        return task is not None and not task.done
    elif case == "save":
        play(window, HUGE)
        key(window, keys.ESCAPE)  # to the menu: the game is saved on a worker
        return window.storage._save_in_flight()
    elif case == "facts":
        return play(window, HUGE).facts.busy
    else:
        raise SystemExit(f"no case {case!r}")
    view = window.current_view
    return isinstance(view, ProgressView) and not view.task.done


def unguard() -> None:
    from llk.game.views import tasks

    stop_all = getattr(tasks, "stop_all", None)
    if stop_all is not None:
        atexit.unregister(stop_all)
        tasks.stop_all = lambda timeout=None: True


def main() -> None:
    case, how = sys.argv[1], sys.argv[2]
    if sys.argv[3:] == ["unguarded"]:
        unguard()
    window = GameWindow(800, 600, storage=Storage(), visible=False)
    window.settings = Settings(sound=False, music=False, background="plain")
    running = start(window, case)
    print(f"task running: {running}", flush=True)
    if how == "exit":
        sys.exit(0)
    if how == "close":
        # The close button: its event, then the window's close, which pyglet's event loop
        # calls from the default handler (no event loop runs here).
        pyglet.event.EventDispatcher.dispatch_event(window, "on_close")
        window.close()
        alive = sorted(t.name for t in threading.enumerate() if t.name.startswith("llk-task"))
        print(f"tasks alive after close: {alive}", flush=True)


if __name__ == "__main__":
    main()

"""Driving the play view as a player would: clicks at a tile's screen position, keys, frames."""

from __future__ import annotations

import arcade
import pyglet

from llk.game.board.theme import PALETTES
from llk.game.model.config import GameConfig
from llk.game.views.covers import ProgressView, QuestionView
from llk.game.views.play import PlayView

KSHISEN = GameConfig.preset("KShisen 14x6", seed=3)


def dispatch(window, event: str, *args) -> None:
    """An event through the window's handler stack, as pyglet's event loop delivers it (the
    shown view's handler first); past the queue pyglet keeps while no event loop runs."""
    pyglet.event.EventDispatcher.dispatch_event(window, event, *args)


def frame(window, dt: float = 1 / 60) -> None:
    """One frame: update, draw, and the pixels are ready for arcade.get_image()."""
    window.current_view.on_update(dt)
    window.current_view.on_draw()
    window.ctx.finish()


def task_of(window):
    """The work on a worker thread that the screen shown waits for (a task's progress over a
    screen, covers.ProgressView), or None."""
    view = window.current_view
    return view.task if isinstance(view, ProgressView) else None


def asking(window, under) -> bool:
    """Is a question up over the screen `under`?"""
    view = window.current_view
    return isinstance(view, QuestionView) and view.under is under


def finish_task(window, timeout: float = 60.0) -> None:
    """Waits for the view's work on a worker thread (tasks.py), then a frame takes its answer."""
    task = task_of(window)
    if task is not None:
        assert task.wait(timeout), f"{task.label} did not end in {timeout} s"
        window.current_view.on_update(1 / 60)


def settle(window, seconds: float = 2.0) -> None:
    """Runs the animations (and a pending deadlock check, and any worker's task) to their end
    with big steps."""
    for _ in range(int(seconds / 0.25)):
        view = window.current_view
        finish_task(window)
        if hasattr(view, "poll_facts"):
            view.poll_facts(wait=True)
        window.current_view.on_update(0.25)


def press(window, x: float, y: float, button=arcade.MOUSE_BUTTON_LEFT) -> None:
    dispatch(window, "on_mouse_press", round(x), round(y), button, 0)


def release(window, x: float, y: float, button=arcade.MOUSE_BUTTON_LEFT) -> None:
    dispatch(window, "on_mouse_release", round(x), round(y), button, 0)


def drag(window, start, end, button=arcade.MOUSE_BUTTON_LEFT, steps: int = 4) -> None:
    """A press at `start`, the pointer moved to `end` in `steps` drag events, a release."""
    press(window, *start, button)
    x, y = round(start[0]), round(start[1])
    for i in range(1, steps + 1):
        nx = round(start[0] + (end[0] - start[0]) * i / steps)
        ny = round(start[1] + (end[1] - start[1]) * i / steps)
        dispatch(window, "on_mouse_drag", nx, ny, nx - x, ny - y, button, 0)
        x, y = nx, ny
    release(window, *end, button)


def click_at(window, x: float, y: float, button=arcade.MOUSE_BUTTON_LEFT) -> None:
    press(window, x, y, button)
    release(window, x, y, button)


def click(window, cell, button=arcade.MOUSE_BUTTON_LEFT) -> None:
    """A press and a release on a cell's centre, through the window's event dispatch (to the
    screen shown, or to the cover over it)."""
    click_at(window, *window.screen.board_view.screen_of(cell), button)


def link(window, view, pair) -> None:
    click(window, pair[0])
    click(window, pair[1])


def menu_at_new_game(window, size: str):
    """The menu, a custom board of `size` chosen, "New game" in focus; Enter deals it."""
    window.show_menu()
    menu = window.current_view
    menu.choice.board.index = menu.choice.board.values.index("custom (rows x cols)")
    menu.choice.custom_size.text = size
    menu.options.focus = menu.options.rows.index(menu.choice.board) - 1  # "New game"
    return menu


def key(window, symbol: int, modifiers: int = 0) -> None:
    dispatch(window, "on_key_press", symbol, modifiers)
    dispatch(window, "on_key_release", symbol, modifiers)


def text(window, typed: str) -> None:
    dispatch(window, "on_text", typed)


def image_point(window, x: float, y: float) -> tuple[int, int]:
    """Screen point (x, y) (origin bottom-left, like arcade's) in arcade.get_image()'s pixels
    (origin top-left; the framebuffer may differ from the window's size)."""
    scale = window.get_framebuffer_size()[1] / window.height
    return int(x * scale), int(window.get_framebuffer_size()[1] - 1 - y * scale)


def pixel(window, x: float, y: float) -> tuple[int, int, int]:
    """The colour at screen point (x, y) (origin bottom-left, like arcade's)."""
    return arcade.get_image().getpixel(image_point(window, x, y))[:3]


def start(window, config: GameConfig = KSHISEN, board=None) -> PlayView:
    """A game dealt from `config` (or played on `board`), its opening animations run."""
    window.start_game(config, board)
    view = window.current_view
    assert isinstance(view, PlayView)
    settle(window, 0.5)
    return view


def palette(window):
    """The colours the window draws with now (colour-blind-safe or not)."""
    return PALETTES[window.settings.colour_blind_safe]

"""The play screen drawn once, unseen, as the window opens: a 2x2 board with its minimap, HUD
and both kinds of board picture (the first frame, drawn small as in motion, and the next, whole);
and the letters of a task's progress box laid out.

A software GL (Mesa's llvmpipe, the machines without a GPU) builds code the first time it is
asked for each kind of copy and shader state, and text is laid out glyph by glyph the first
time a size is used: 60-70 ms more in the first game's first frame of a 1000x1000 board than
in every later game's. Paid here, before the first frame is shown (about 0.2-0.3 s of the
window's opening), the first game starts like the others (`llk bench --frames`, hand-over:
start). The progress box's words are drawn at a size of their own: their glyphs (a Chinese
label's, a dozen, the most) were made in the first box's frame; they are made here. Nothing
is kept, saved or scored: the view lets go of its workers and GL objects.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import TYPE_CHECKING

import arcade

import llk

from ..i18n import _
from ..model.config import GameConfig
from ..model.difficulty import LEVELS, picking_label
from ..model.game import Game
from .dialogs import PROGRESS_SIZE, PROGRESS_STYLE
from .tasks import progress_line
from .text import label, ui_scale

if TYPE_CHECKING:
    from .services import Services


def warm_up(services: Services) -> None:
    """Draws the play screen once, unseen. Its failure (a GL without what the grid renderer
    needs) is a warning, not the end of the game: small boards are drawn by sprites, and a
    big one says what is wrong when it is started."""
    try:
        _draw_once(services)
    except Exception as error:  # any GL or driver error: the game goes on
        warnings.warn(f"llk: the play screen's warm-up failed: {error}", stacklevel=2)


def _draw_once(services: Services) -> None:
    from .play import PlayView

    board = llk.Board([[1, 1], [2, 2]])
    # The grid renderer, which the big boards use (a board this small would get sprites).
    grid = replace(services, renderer="grid")
    view = PlayView(grid, Game(GameConfig(rows=2, cols=2, kinds=2), board))
    view.minimap.visible = True  # hidden on a board this small, shown on the big ones
    try:
        view.on_draw()
        view.on_draw()
        lay_out_progress(view.window)
        view.window.ctx.finish()
    finally:
        view.on_hide_view()
        view.facts.close(wait=True)  # its worker gone before the first frame


def lay_out_progress(window: arcade.Window) -> None:
    """Every glyph of the tasks' progress lines made at the size their box draws them (the
    font's glyphs are kept: one line of each letter once, not drawn, pays for them)."""
    lines = [progress_line(task, 10.0) for task in task_labels()]
    letters = "".join(sorted(set("".join(lines))))
    label(letters, 0, 0, PROGRESS_STYLE[0], PROGRESS_SIZE * ui_scale(window), **PROGRESS_STYLE[1])


def task_labels() -> list[str]:
    """What the tasks' progress boxes say (their digits come with `progress_line`)."""
    return [
        _("Dealing {size}").format(size="1234567890x"),
        _("Dealing the daily puzzle"),
        _("Restoring the saved game"),
        _("Looking for a hint"),
        _("Shuffling"),
        _("Re-arranging"),
        _("Auto-play: the solver plans"),
        *(picking_label(level) for level in LEVELS),
    ]

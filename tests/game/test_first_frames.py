"""Issue 24, fast hand-overs: what makes a big board's first frames cheap, tested for what a
player sees (their times are `llk bench --frames`'s hand-over scenario, not a unit test's).

- The first frame of a new board is drawn as a moving one, at half resolution; from the second
  on the picture is whole and sharp.
- The window draws the play screen once, unseen, as it opens (views/warm_up.py): that leaves
  nothing behind (no worker, no file, no screen), and the grid shader is compiled by then.
"""

from __future__ import annotations

import os
import threading

import arcade
import numpy as np
import pytest

from llk.game.board import grid_tiles
from llk.game.views import tasks
from llk.game.views.hud import hud_height
from llk.game.views.warm_up import warm_up

from .helpers import frame, image_point
from .views.test_big_board import grid_window  # noqa: F401 (a fixture)

BIG_ENOUGH = (200, 300)  # tiles of a few pixels at fit: a blur at half resolution


def board_pixels(window) -> np.ndarray:
    """The window's pixels below the HUD (and its notices, which reach a little below it),
    from an even row of the window's: the half-size picture's pixels are doubled from the
    window's top, its height being even."""
    image = np.asarray(arcade.get_image().convert("RGB"))
    top = image_point(window, 0, window.height - hud_height(window))[1] + 24
    return image[top + top % 2 :].copy()


def blocky(image: np.ndarray) -> bool:
    """Every 2x2 block of pixels one colour (a picture drawn at half size and doubled)."""
    h, w = (image.shape[0] // 2) * 2, (image.shape[1] // 2) * 2
    blocks = image[:h, :w].reshape(h // 2, 2, w // 2, 2, 3)
    return bool((blocks == blocks[:, :1, :, :1]).all())


def test_a_new_boards_first_frame_is_drawn_small_and_the_next_is_sharp(grid_window):  # noqa: F811
    from llk.game.model.config import GameConfig

    rows, cols = BIG_ENOUGH
    grid_window.start_game(GameConfig(rows=rows, cols=cols, kinds=40, seed=2))
    view = grid_window.current_view
    view.minimap.visible = False  # its corner is drawn at full size
    frame(grid_window)
    first = board_pixels(grid_window)
    frame(grid_window)
    second = board_pixels(grid_window)
    frame(grid_window)
    third = board_pixels(grid_window)
    assert blocky(first)
    assert not blocky(second) and (second == third).all()  # sharp, and at rest from then on
    # The small first frame is the same picture: on average the same colours.
    assert np.abs(first.mean(axis=(0, 1)) - second.mean(axis=(0, 1))).max() < 4


def test_the_warm_up_leaves_nothing_behind(window, tmp_path):
    shown = window.current_view
    threads = {t.name for t in threading.enumerate()}
    warm_up(window.services)
    assert window.current_view is shown
    assert not tasks.live_tasks()
    # The play screen's board facts' worker has gone with it.
    assert {t.name for t in threading.enumerate() if t.is_alive()} <= threads
    assert not any(os.scandir(os.environ["LLK_DATA_DIR"]))  # no save, no score, no settings
    held = grid_tiles._programs.get(id(window.ctx))
    assert held is not None and held[0] is window.ctx  # the grid shader, built by now
    arcade.get_window().ctx.finish()


def test_a_warm_up_that_fails_is_a_warning_not_the_end_of_the_game(window, monkeypatch):
    from llk.game.views import play

    def broken(*args, **kwargs):
        raise RuntimeError("no such shader")

    monkeypatch.setattr(play, "PlayView", broken)
    with pytest.warns(UserWarning, match="warm-up failed: no such shader"):
        warm_up(window.services)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_after_the_warm_up_a_first_progress_box_makes_no_glyph(window, monkeypatch, language):
    """The letters of a task's progress line are made by the warm-up at the window's size:
    the first box's frame made them (a Chinese label's dozen the most), and cost more than
    the frames after it."""
    from dataclasses import replace

    from pyglet.font import base

    from llk.game.i18n import _
    from llk.game.views.covers import ProgressView
    from llk.game.views.text import has_cjk_font

    if language == "zh_CN" and not has_cjk_font():
        pytest.skip("no Chinese font on this system")
    window.settings = replace(window.settings, language=language)
    window.set_size(1840, 1150)  # a size of its own: its progress line's glyphs are new
    warm_up(window.services)
    window.show_menu()
    frame(window)
    made = []
    create_glyph = base.Font.create_glyph

    def counted(font, image, fmt=None):
        made.append(font)
        return create_glyph(font, image, fmt)

    monkeypatch.setattr(base.Font, "create_glyph", counted)
    held = threading.Event()
    task = tasks.Task(_("Dealing {size}").format(size="1000x1000"), lambda: held.wait(5))
    task.started -= 10.5  # its box shows at once, saying "10.5 s"
    ProgressView(window.current_view, task, lambda _: None).show()
    try:
        frame(window)
        assert task.shows_progress and window.current_view.task is task
        assert made == []
    finally:
        held.set()

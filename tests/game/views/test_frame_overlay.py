"""The frame-time overlay (issue 42, item 5), with real events in a real window: the settings'
row turns it on for the next games, F shows and hides it in a game (and leaves the setting be),
and its text and graph show the frames the play screen measured (on a clock the test keeps)."""

from __future__ import annotations

import arcade
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from llk.game.store.storage import Storage
from llk.game.views import play as play_screen
from llk.game.views.frame_overlay import (
    BAR_COLOUR,
    GRAPH_FRAMES,
    GRAPH_HEIGHT,
    MARKS_MS,
    GraphVertices,
    clip_triangles,
    graph_quads,
)
from llk.game.views.settings import SettingsView
from llk.game.views.text import measured, ui_scale

from ..helpers import frame, key, start


def pixels() -> np.ndarray:
    return np.asarray(arcade.get_image().convert("RGB"), dtype=np.int32)


def overlay_area(window, image: np.ndarray) -> np.ndarray:
    """The bottom right corner where the overlay is drawn (its graph and its text)."""
    u = ui_scale(window)
    return image[-int(80 * u) :, -int(150 * u) :]


def drawn_words(window) -> str:
    with measured() as drawn:
        frame(window)
    return " | ".join(d.text for d in drawn)


def test_the_settings_row_turns_it_on_for_every_game_and_f_toggles_it(window):
    view = start(window)
    frame(window)
    assert "fps" not in drawn_words(window)  # off by default
    without = overlay_area(window, pixels())
    window.show_settings()
    settings = window.current_view
    assert isinstance(settings, SettingsView)
    for _ in range(settings.options.rows.index(settings.frame_times)):
        key(window, arcade.key.DOWN)
    key(window, arcade.key.RIGHT)
    assert window.settings.frame_times
    assert Storage(window.storage.root).load_settings().frame_times
    view = start(window)  # the next game: the same deal, with the overlay
    frame(window)
    assert "fps" in drawn_words(window)
    with_overlay = overlay_area(window, pixels())
    assert np.abs(with_overlay - without).mean() > 5
    key(window, arcade.key.F)  # hidden for this game...
    assert "fps" not in drawn_words(window)
    assert np.abs(overlay_area(window, pixels()) - without).mean() < 1
    key(window, arcade.key.F)  # ... and back
    assert "fps" in drawn_words(window)
    key(window, arcade.key.F)
    # F is this game's: the setting stays, and the next game starts with the overlay again.
    assert window.settings.frame_times and view.hud.show_frame_times is False
    start(window)
    assert "fps" in drawn_words(window)


class Clock:
    """time.perf_counter for the play screen: each reading is `step` seconds after the last,
    so that a frame's update and draw (two readings each) take a step each, and a frame
    ends every four steps."""

    def __init__(self) -> None:
        self.now, self.step = 1000.0, 0.0

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_its_text_and_graph_show_the_frames_measured(window, monkeypatch):
    window.settings.frame_times = True
    view = start(window)
    clock = Clock()
    monkeypatch.setattr(play_screen, "time", clock)
    # 72 frames of 1/64 s, each 7.8 ms of work (two readings of 1/256 s): 64 a second.
    clock.step = 1 / 256
    for _ in range(72):
        frame(window)
    assert view.hud.frame_overlay.shown == "64 fps   p95 7.8 ms"
    # Then 48 frames of 1/32 s, 15.6 ms of work each: 32 a second, and the graph's last bars
    # twice as tall as its first (120 bars: the first still the 64 Hz frames').
    clock.step = 1 / 128
    for _ in range(48):
        frame(window)
    assert view.hud.frame_overlay.shown == "32 fps   p95 15.6 ms"
    assert "32 fps   p95 15.6 ms" in drawn_words(window)
    bars = np.all(np.abs(overlay_area(window, pixels()) - BAR_COLOUR) < 40, axis=2)
    heights = bars.sum(axis=0)
    columns = np.flatnonzero(heights)
    first, last = heights[columns[0] + 1], heights[columns[-1] - 1]
    u = ui_scale(window)
    assert abs(first - GRAPH_HEIGHT * u * 7.8125 / 25) <= 2
    assert abs(last - GRAPH_HEIGHT * u * 15.625 / 25) <= 2


def test_the_graph_has_a_bar_a_frame_newest_at_the_right_cut_at_its_top():
    quads = graph_quads([5.0, 50.0], left=100, bottom=10, step=2, height=40)
    backdrop, bars, marks = quads[0], quads[1:-2], quads[-2:]
    assert list(backdrop[:4]) == [100, 10, 100 + 2 * GRAPH_FRAMES, 50]
    assert len(bars) == GRAPH_FRAMES
    assert list(bars[-1][:4]) == [100 + 2 * (GRAPH_FRAMES - 1), 10, 100 + 2 * GRAPH_FRAMES, 50]
    assert list(bars[-2][:4]) == [100 + 2 * (GRAPH_FRAMES - 2), 10, 100 + 2 * GRAPH_FRAMES - 2, 18]
    assert all(bar[3] == 10 for bar in bars[:-2])  # no frame there yet: no height
    assert [mark[1] for mark in marks] == [round(10 + 40 * ms / 25) for ms in MARKS_MS]


@given(
    st.lists(st.floats(0, 100), max_size=2 * GRAPH_FRAMES),
    st.integers(1, 3),
    st.floats(0, 50),
    st.sampled_from([(800, 600), (1024, 720)]),
)
def test_a_new_frame_moving_the_tops_draws_what_laying_out_anew_draws(recent, step, bottom, size):
    vertices = GraphVertices()
    assert vertices.place(300, bottom, step, 40, size)
    vertices.update([1.0] * 7)  # an earlier picture, moved by the update below
    assert not vertices.place(300, bottom, step, 40, size)
    vertices.update(recent)
    whole = clip_triangles(graph_quads(recent, 300, bottom, step, 40), *size)
    assert np.allclose(vertices.array, whole, atol=1e-6)

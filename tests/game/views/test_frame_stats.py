"""The frame-time overlay's numbers (views/frame_stats.py), without a window, on given frames."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from llk.game.views.frame_stats import GRAPH_FRAMES, FrameStats, nearest_rank


def test_nearest_rank_is_a_measured_value_at_rank_ceil_p_n():
    # 20 values: the 95th percentile is the 19th smallest (ceil(0.95 * 20) = 19), not the
    # largest, nor an interpolation between the 19th and 20th.
    values = [float(v) for v in range(20, 0, -1)]
    assert nearest_rank(values, 95) == 19.0
    assert nearest_rank([3.0, 1.0, 2.0], 95) == 3.0  # ceil(2.85) = 3
    assert nearest_rank([5.0, 7.0], 50) == 5.0
    assert nearest_rank([5.0, 7.0], 0) == 5.0
    with pytest.raises(ValueError):
        nearest_rank([], 95)


def test_fps_counts_the_frames_of_the_last_second_only():
    stats = FrameStats()
    assert stats.fps() == 0 and stats.p95() is None
    for i in range(96):  # 1.5 s at 64 Hz: times exact in binary, so the edge is exact
        stats.add(10 + i / 64, 5.0)
    # The last frame at 10 + 95/64; the second before it holds the frames after 10 + 31/64
    # (that one, exactly a second before, is out).
    assert stats.fps() == 64
    stats.add(100.0, 5.0)  # a long stop: only the new frame is in the last second
    assert stats.fps() == 1


def test_p95_is_over_the_last_second_and_the_graph_keeps_120_frames():
    stats = FrameStats()
    for i in range(60):  # a first second of slow frames
        stats.add(i / 60, 40.0)
    for i in range(60):  # then one of 2 ms frames, three of them 12 ms, one 30 ms
        ms = 30.0 if i == 10 else 12.0 if i in (20, 30, 40) else 2.0
        stats.add(1 + (i + 1) / 60, ms)
    # The last second: 60 frames, sorted 56 x 2, 3 x 12, 30; rank ceil(57) = 57: 12 ms. The
    # slow second's 40 ms frames are out of it.
    assert stats.fps() == 60
    assert stats.p95() == 12.0
    assert len(stats.recent) == GRAPH_FRAMES
    assert list(stats.recent)[:60] == [40.0] * 60  # the graph still shows them


@pytest.mark.parametrize(("at", "ms"), [(math.nan, 1.0), (1.0, math.inf), (1.0, -0.5)])
def test_a_frame_that_is_not_a_time_is_refused(at, ms):
    with pytest.raises(ValueError, match="a frame at"):
        FrameStats().add(at, ms)


def test_a_frame_before_the_last_one_is_refused():
    stats = FrameStats()
    stats.add(2.0, 1.0)
    with pytest.raises(ValueError, match="before the last one"):
        stats.add(1.0, 1.0)
    assert stats.fps() == 1


@given(st.lists(st.tuples(st.floats(0, 0.5), st.floats(0, 100)), min_size=1, max_size=300))
def test_the_numbers_agree_with_a_plain_count(frames):
    stats = FrameStats()
    at, fed = 0.0, []
    for gap, ms in frames:
        at += gap
        stats.add(at, ms)
        fed.append((at, ms))
    second = [ms for t, ms in fed if t > at - 1.0]
    assert stats.fps() == len(second)
    assert stats.p95() == sorted(second)[math.ceil(0.95 * len(second)) - 1]
    assert list(stats.recent) == [ms for _, ms in fed][-GRAPH_FRAMES:]

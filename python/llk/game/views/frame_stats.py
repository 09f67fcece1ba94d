"""The frame-time overlay's numbers, window-free: the frames per second and the 95th percentile
of the last second's frame times, and the recent frame times the overlay's graph draws.

A frame is fed as (at, ms): `at` the second it ended on a monotonic clock (time.perf_counter),
`ms` what the game spent on it (its update and its draw). The last second is the frames whose
`at` lies in (latest - 1 s, latest]; their count is the frame rate. The percentile is the
nearest-rank one: the ceil(0.95 * n)-th smallest of the n times (a time that was measured,
never an interpolation between two).
"""

from __future__ import annotations

import math
from collections import deque

GRAPH_FRAMES = 120  # the graph's bars: two seconds at 60 Hz
SECOND = 1.0
# The most frames the last second keeps: memory stays bounded whatever the clock does (a frame
# rate above this reads as this).
MOST_PER_SECOND = 10_000


def nearest_rank(values: list[float], percent: float) -> float:
    """The nearest-rank percentile of `values` (not empty): the ceil(percent/100 * n)-th
    smallest, the smallest for percent 0."""
    if not values:
        raise ValueError("no values for a percentile")
    ordered = sorted(values)
    rank = max(1, math.ceil(percent / 100 * len(ordered)))
    return ordered[rank - 1]


class FrameStats:
    def __init__(self, graph_frames: int = GRAPH_FRAMES) -> None:
        self.recent: deque[float] = deque(maxlen=graph_frames)  # ms, oldest first
        self._second: deque[tuple[float, float]] = deque(maxlen=MOST_PER_SECOND)
        self.latest: float | None = None  # the last frame's `at`

    def add(self, at: float, ms: float) -> None:
        """One frame, ended at second `at` (never before the last one's), that took `ms`."""
        if not (math.isfinite(at) and math.isfinite(ms)) or ms < 0:
            raise ValueError(f"a frame at {at!r} s of {ms!r} ms")
        if self.latest is not None and at < self.latest:
            raise ValueError(f"a frame at {at} s, before the last one at {self.latest} s")
        self.latest = at
        self.recent.append(ms)
        self._second.append((at, ms))
        while self._second[0][0] <= at - SECOND:
            self._second.popleft()

    def fps(self) -> int:
        """The frames of the last second."""
        return len(self._second)

    def p95(self) -> float | None:
        """The last second's 95th-percentile frame time (nearest rank), ms; None before a
        frame."""
        if not self._second:
            return None
        return nearest_rank([ms for _, ms in self._second], 95)

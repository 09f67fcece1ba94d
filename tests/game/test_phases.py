"""game/phases.py: a frame's time by phase, counted to the innermost phase open, and nothing
at all while off."""

from __future__ import annotations

import pytest

from llk.game.phases import PhaseTimer


class Clock:
    """A clock a test moves by hand; it counts how often it was read."""

    def __init__(self) -> None:
        self.now, self.reads = 0.0, 0

    def __call__(self) -> float:
        self.reads += 1
        return self.now


def test_time_goes_to_the_innermost_phase_and_the_outer_one_resumes() -> None:
    clock = Clock()
    timer = PhaseTimer(clock)
    timer.on = True
    with timer.phase("draw"):
        clock.now += 0.002
        with timer.phase("uploads"):
            clock.now += 0.001
        clock.now += 0.004
    clock.now += 0.5  # between phases: nobody's
    with timer.phase("uploads"):
        clock.now += 0.003
    assert timer.take() == pytest.approx({"draw": 6.0, "uploads": 4.0})


def test_take_starts_the_next_frame_afresh_and_an_open_phase_goes_on() -> None:
    clock = Clock()
    timer = PhaseTimer(clock)
    timer.on = True
    with timer.phase("input"):
        clock.now += 0.001
    assert timer.take() == pytest.approx({"input": 1.0})
    assert timer.take() == {}
    with timer.phase("draw"):
        clock.now += 0.002
        assert timer.take() == pytest.approx({"draw": 2.0})
        clock.now += 0.003
    assert timer.take() == pytest.approx({"draw": 3.0})


def test_off_it_counts_nothing_and_never_reads_the_clock() -> None:
    clock = Clock()
    timer = PhaseTimer(clock)
    with timer.phase("draw"):
        clock.now += 1.0
        with timer.phase("uploads"):
            clock.now += 1.0
    assert timer.take() == {} and clock.reads == 0


def test_a_phase_left_by_an_error_is_closed() -> None:
    clock = Clock()
    timer = PhaseTimer(clock)
    timer.on = True
    with pytest.raises(ValueError), timer.phase("engine"):
        clock.now += 0.001
        raise ValueError("refused")
    clock.now += 1.0  # after it: no phase open, nothing counted
    assert timer.take() == pytest.approx({"engine": 1.0})

"""The bench's timing loop and progress line."""

from __future__ import annotations

import io

import numpy as np
import pytest

from llk.bench.runner import Progress, Settings, Timing, format_seconds, measure


class FakeClock:
    """A `run(n)` whose operations take `each` seconds, recording the `n` it was asked for."""

    def __init__(self, each: float) -> None:
        self.each, self.calls = each, []

    def __call__(self, n: int) -> float:
        self.calls.append(n)
        return n * self.each


def test_measure_grows_a_sample_to_the_target_then_warms_up_and_repeats() -> None:
    run = FakeClock(1e-6)
    timing = measure(run, Settings(warmup=2, repeat=5, target=0.01, budget=10))
    assert timing.number >= 10_000
    assert run.calls[-7:] == [timing.number] * 7
    assert len(timing.samples) == 5 and timing.median == pytest.approx(1e-6)


def test_slow_operations_run_once_per_sample_and_stop_at_the_budget() -> None:
    run = FakeClock(0.5)
    timing = measure(run, Settings(warmup=1, repeat=7, target=0.01, budget=0.0))
    assert timing.number == 1
    assert len(timing.samples) == 3
    assert run.calls == [1] * 5


def test_timing_statistics() -> None:
    timing = Timing((1.0, 2.0, 3.0, 4.0, 100.0), 1)
    assert timing.median == 3.0
    assert timing.quartiles == (2.0, 4.0)
    assert timing.spread == pytest.approx((4.0 - 2.0) / 2 / 3.0)
    assert Timing((2.0,), 1).spread == 0


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (3.2e-9, "3.20 ns"),
        (812e-9, "812 ns"),
        (1.5e-6, "1.50 µs"),
        (0.0327, "32.7 ms"),
        (2, "2.00 s"),
    ],
)
def test_format_seconds(seconds: float, text: str) -> None:
    assert format_seconds(seconds) == text


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_bar_on_a_terminal_and_lines_elsewhere() -> None:
    tty = Terminal()
    progress = Progress(4, tty)
    for i in range(4):
        progress.start(f"case {i}")
        progress.finish(f"case {i}", "1 ms")
    progress.close()
    text = tty.getvalue()
    # tqdm's bar, redrawn in place, then left standing on a line of its own.
    assert "\rcase 1:  25%|" in text and " 1/4 [" in text and "llk bench:" not in text
    assert text.endswith("\n") and "\rcase 3: 100%|##########| 4/4 [" in text
    log = io.StringIO()
    progress = Progress(2, log)
    progress.start("case 0")
    progress.finish("case 0", "skipped (n/a)")
    progress.close()
    # A log: no bar and no carriage return, a line a case.
    assert log.getvalue() == "llk bench: [1/2] case 0: skipped (n/a)\n"


class Noisy:
    """A `run(n)` whose samples alternate between `each` and `each * (1 + noise)` for the
    first `noisy` calls, then stay at `each`."""

    def __init__(self, each: float, noise: float, noisy: int = 1 << 30) -> None:
        self.each, self.noise, self.noisy, self.calls = each, noise, noisy, 0

    def __call__(self, n: int) -> float:
        self.calls += 1
        odd = self.calls % 2 and self.calls <= self.noisy
        return n * self.each * (1 + self.noise if odd else 1)


def test_a_noisy_case_samples_up_to_its_cap_and_is_marked_unstable() -> None:
    settings = Settings(warmup=0, repeat=5, target=0, budget=10, max_samples=40)
    timing = measure(Noisy(1e-3, 0.5), settings)
    assert len(timing.samples) == 40 and not timing.stable
    # At the time cap (no time at all here), as few as 3 samples, unstable all the same.
    timing = measure(Noisy(1e-3, 0.5), Settings(warmup=0, repeat=5, target=0, budget=0))
    assert len(timing.samples) == 3 and not timing.stable


def test_a_case_that_settles_stops_early_and_is_stable() -> None:
    settings = Settings(warmup=0, repeat=5, target=0, budget=10, max_samples=200)
    timing = measure(Noisy(1e-3, 0.5, noisy=8), settings)
    assert 5 < len(timing.samples) < 200 and timing.stable
    low, high = timing.ci
    assert low <= timing.median <= high and high - low <= 0.1 * timing.median
    # Tight from the first sample: `repeat` samples and no more.
    timing = measure(Noisy(1e-3, 0.01), settings)
    assert len(timing.samples) == 5 and timing.stable


def test_the_median_interval_is_a_seeded_bootstrap() -> None:
    from llk.bench.runner import median_ci

    samples = tuple(1.0 + 0.01 * ((7 * i) % 11) for i in range(21))
    low, high = median_ci(samples)
    assert min(samples) <= low <= Timing(samples, 1).median <= high <= max(samples)
    assert median_ci.__wrapped__(samples) == (low, high)  # the same, not from the cache
    assert median_ci((2.0,)) == (2.0, 2.0)
    wide = median_ci((1.0, 1.0, 1.0, 2.0, 3.0, 3.0, 3.0))
    assert wide[1] - wide[0] >= 1.0


def _numpy_median_ci(samples: tuple[float, ...], resamples: int = 2000) -> tuple[float, float]:
    """The hand-written bootstrap `median_ci` was before scipy's (rows of rng.choice, sorted,
    their middles' 2.5 and 97.5 percentiles): the reference scipy's must match."""
    values = np.asarray(samples, dtype=float)
    rows = np.sort(np.random.default_rng(0).choice(values, size=(resamples, values.size)), axis=1)
    half = values.size // 2
    medians = rows[:, half] if values.size % 2 else (rows[:, half - 1] + rows[:, half]) / 2
    low, high = np.percentile(medians, [2.5, 97.5])
    return float(low), float(high)


@pytest.mark.parametrize("size", [2, 3, 7, 21, 60, 200])
def test_scipys_median_interval_is_the_hand_written_ones(size: int) -> None:
    from llk.bench.runner import median_ci

    samples = tuple(np.random.default_rng(size).lognormal(0, 0.3, size))
    # The same seeded resamples, the same percentiles: equal, not merely close.
    assert median_ci.__wrapped__(samples) == pytest.approx(_numpy_median_ci(samples), abs=1e-12)

"""Timing for `llk bench`: calibration, warm-up, repeats, median and spread; and the progress
line on stderr.

A case is a function `run(n)` that does its operation `n` times and returns the seconds spent
(see ops.py). `measure` first finds an `n` for which one sample lasts at least `target` seconds
(so that fast operations are not lost in the clock's resolution and the loop's overhead; this
also warms up caches and lazy set-up), runs `warmup` more samples, then at least `repeat` timed
ones (fewer, never under 3, when the case's time cap `budget` runs out first), and goes on until
the 95% confidence interval of the median is within `stable` of it (5%) or the time cap: a case
that does not settle by then is marked unstable. Each sample gives the time of one operation,
`seconds / n`; the result keeps them all.

The interval is a percentile bootstrap of the median (`scipy.stats.bootstrap`: `median_ci`),
which assumes nothing of the samples' law: timings are skewed, with a long tail of interrupted
samples. The bar on a terminal is tqdm's.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from time import perf_counter
from typing import TextIO

import numpy as np

MIN_REPEATS = 3
CONFIDENCE = 0.95
RESAMPLES = 2000


@lru_cache(maxsize=4096)
def median_ci(samples: tuple[float, ...], confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The `confidence` interval of the samples' median: scipy's percentile bootstrap of
    `RESAMPLES` resamples, seeded (the same samples always give the same interval)."""
    values = np.asarray(samples, dtype=float)
    if values.size < 2:
        return float(values[0]), float(values[0])
    # Imported here: scipy.stats takes most of a second, and `llk`'s parser imports this module.
    from scipy import stats

    interval = stats.bootstrap(
        (values,),
        np.median,
        n_resamples=RESAMPLES,
        vectorized=True,
        confidence_level=confidence,
        method="percentile",
        rng=np.random.default_rng(0),
    ).confidence_interval
    return float(interval.low), float(interval.high)


@dataclass(frozen=True)
class Timing:
    """The seconds per operation of each timed sample, and the operations per sample."""

    samples: tuple[float, ...]
    number: int
    # False: the median's interval was still wider than asked when the time cap came.
    stable: bool = True
    # How many of the samples each worker process took, in order (processes.py); () when one
    # process took them all.
    runs: tuple[int, ...] = ()

    @property
    def run_medians(self) -> tuple[float, ...]:
        """Each worker process's median: the independent measurements (one process's samples
        share its memory layout, caches and slice of the machine). One, of all the samples,
        when a single process took them."""
        if len(self.runs) <= 1:
            return (self.median,)
        medians, start = [], 0
        for count in self.runs:
            medians.append(statistics.median(self.samples[start : start + count]))
            start += count
        return tuple(medians)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def quartiles(self) -> tuple[float, float]:
        if len(self.samples) < 2:
            return self.samples[0], self.samples[0]
        q1, _, q3 = statistics.quantiles(self.samples, n=4, method="inclusive")
        return q1, q3

    @property
    def spread(self) -> float:
        """Half the interquartile range, relative to the median."""
        q1, q3 = self.quartiles
        return (q3 - q1) / 2 / self.median if self.median > 0 else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% confidence interval of the median (`median_ci`)."""
        return median_ci(self.samples)


def settled(samples: list[float], stable: float) -> bool:
    """Is the median's 95% interval within `stable` (0.05: 5%) of the median, either side?"""
    median = statistics.median(samples)
    low, high = median_ci(tuple(samples))
    return median > 0 and median - low <= stable * median and high - median <= stable * median


@dataclass(frozen=True)
class Settings:
    warmup: int = 1
    # The fewest timed samples; then more until the median settles or `budget` (seconds of
    # samples, the time cap) is spent; `max_samples` at most.
    repeat: int = 7
    target: float = 0.02
    budget: float = 2.0
    max_number: int = 1 << 20
    stable: float = 0.05
    max_samples: int = 200

    def record(self) -> dict[str, float]:
        """The settings as a result file records them."""
        return {
            "warmup": self.warmup,
            "repeat": self.repeat,
            "target_s": self.target,
            "budget_s": self.budget,
            "stable": self.stable,
        }


def measure(run: Callable[[int], float], settings: Settings) -> Timing:
    number = 1
    while True:
        spent = run(number)
        if spent >= settings.target or number >= settings.max_number:
            break
        grow = settings.target / spent * 1.25 if spent > 0 else 10
        number = min(settings.max_number, max(number * 2, int(number * grow)))
    for _ in range(settings.warmup):
        run(number)
    deadline = perf_counter() + settings.budget
    samples: list[float] = []
    repeat = max(settings.repeat, 1)
    while True:
        samples.append(run(number) / number)
        n = len(samples)
        # The interval costs a few milliseconds: past 30 samples, it is looked at every 5th.
        if n >= repeat and (n <= 30 or n % 5 == 0) and settled(samples, settings.stable):
            return Timing(tuple(samples), number)
        out_of_time = perf_counter() > deadline and n >= min(MIN_REPEATS, repeat)
        if out_of_time or n >= max(settings.max_samples, repeat):
            return Timing(tuple(samples), number, stable=settled(samples, settings.stable))


def format_seconds(seconds: float) -> str:
    """A duration with three significant digits and a unit: `812 ns`, `3.27 ms`."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= scale or unit == "ns":
            value = seconds / scale
            digits = 0 if value >= 100 else 1 if value >= 10 else 2
            return f"{value:.{digits}f} {unit}"
    raise AssertionError("unreachable")


class Progress:
    """What the bench is doing, on `stream` (stderr): tqdm's bar, redrawn in place, on a
    terminal; one line per finished case otherwise (logs, CI), with no carriage return."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total, self.done = total, 0
        self.stream = stream if stream is not None else sys.stderr
        # disable=None: tqdm draws only when the stream is a terminal. Imported here: `llk`'s
        # parser imports this module.
        from tqdm import tqdm

        self.bar = tqdm(total=total, file=self.stream, disable=None, unit="case", leave=True)

    def start(self, label: str) -> None:
        self.bar.set_description_str(label)

    def finish(self, label: str, outcome: str) -> None:
        self.done += 1
        self.bar.update()
        if self.bar.disable:
            self.stream.write(f"llk bench: [{self.done}/{self.total}] {label}: {outcome}\n")
            self.stream.flush()

    def close(self) -> None:
        self.bar.close()

"""`llk bench` times each case in worker processes (llk/bench/processes.py): each process's
share of the settings, its samples kept apart, a failed worker said in one line, and the
planted slowdown of the experiments (docs/benchmarking.md)."""

from __future__ import annotations

import pytest

import llk
from llk.bench import processes
from llk.bench.runner import Settings, Timing
from llk.errors import CommandError


def test_each_process_takes_its_share_of_the_samples_and_time() -> None:
    one = processes.share(Settings(warmup=1, repeat=7, budget=2.0, max_samples=200), 4)
    assert (one.warmup, one.repeat, one.budget, one.max_samples) == (1, 3, 0.5, 50)
    # Never fewer than 3 samples a process; one process keeps the settings whole.
    assert processes.share(Settings(repeat=2), 8).repeat == 3
    assert processes.share(Settings(repeat=7), 1) == Settings(repeat=7)


def test_the_processes_samples_are_kept_apart() -> None:
    runs = [Timing((1.0, 1.1, 1.2), 10), Timing((2.0, 2.1, 2.2, 2.3), 20), Timing((3.0,) * 3, 5)]
    timing = processes.merged(runs, 0.05)
    assert timing.runs == (3, 4, 3) and len(timing.samples) == 10 and timing.number == 20
    assert timing.run_medians == pytest.approx((1.1, 2.15, 3.0))
    # One process: its median is the only one.
    assert Timing((1.0, 5.0, 3.0), 1).run_medians == (3.0,)


needs_rust = pytest.mark.skipif(not llk.rust_available(), reason="times the Rust core")


@needs_rust
def test_a_case_is_timed_in_each_worker_process() -> None:
    cases = [((8, 8), "hint", "full", "rust"), ((8, 8), "shuffle", "full", "classic-rust")]
    seen: list[tuple[int, int]] = []
    settings = Settings(warmup=0, repeat=6, target=0.001, budget=0.03)
    found = processes.measure_cases(cases, 1, settings, 2, lambda p, i, _m: seen.append((p, i)))
    assert seen == [(0, 0), (0, 1), (1, 0), (1, 1)]
    timed, skipped = found
    assert isinstance(timed, Timing) and len(timed.runs) == 2 and min(timed.runs) >= 3
    assert skipped == "n/a"  # the classic algorithm has no shuffle


def test_a_failed_worker_is_said_in_one_line() -> None:
    with pytest.raises(CommandError, match=r"a timing process failed \(exit 1\): KeyError"):
        list(
            processes._measure_in_worker([((8, 8), "no-such-op", "full", "python")], 1, Settings())
        )


class Clock:
    """A `run(n)` whose operations take 2 ms each, as a spin of the real clock."""

    def __call__(self, n: int) -> float:
        return n * 0.002


def test_the_planted_slowdown_spins_for_its_share(monkeypatch) -> None:
    from time import perf_counter

    monkeypatch.setenv(processes.PLANT, "hint=1.5")
    slowed = processes._planted("hint", Clock())
    start = perf_counter()
    taken = slowed(10)
    # 20 ms of "work" and about 10 ms of the interpreter's loop, really spent.
    assert taken == pytest.approx(0.03, rel=0.3) and perf_counter() - start >= 0.006
    assert processes._planted("move_count", Clock())(10) == pytest.approx(0.02)

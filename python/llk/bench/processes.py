"""`llk bench` times each case in several worker processes, one after the other (issue 41,
item 2), as pyperf does: the samples of one process are not independent of each other (the
same memory layout, the same cache and branch-predictor history, the same slice of a busy
machine), so a comparison that counts them as independent calls noise a change. Each worker
process builds the boards itself, calibrates and warms up each case anew, and takes its share
of the samples; `llk bench compare` then compares the processes' medians (compare.py).

The protocol: the parent writes one JSON object to the worker's stdin (the seed, the settings,
the cases), the worker (`python -m llk.bench.processes`) writes one JSON line per case to its
stdout as it finishes it: its samples, or why it was skipped. The processes run one after the
other, never side by side: two at once would slow each other down.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, replace
from time import perf_counter
from typing import Any

from ..errors import CommandError
from .runner import Settings, Timing, measure, settled

Case = tuple[tuple[int, int], str, str, str]  # (rows, cols), op, family, contender
# What a case came to in one process: its timing, or why it was skipped.
Measured = Timing | str

# Each process takes at least this many samples of a case, so that its median means something.
MIN_PROCESS_SAMPLES = 3
# A planted slowdown for the experiments of docs/benchmarking.md: "OP=FACTOR" makes every
# sample of OP take FACTOR times as long, by spinning (so that a busy machine slows the
# planted part as it slows the rest). Read by the workers only; never set by llk itself.
PLANT = "LLK_BENCH_PLANT"


def share(settings: Settings, processes: int) -> Settings:
    """One process's part of `settings`: its share of the samples and of the time cap, and
    never fewer than MIN_PROCESS_SAMPLES samples (a case always gets its warm-up)."""
    if processes <= 1:
        return settings
    repeat = max(MIN_PROCESS_SAMPLES, math.ceil(settings.repeat / processes))
    return replace(
        settings,
        repeat=repeat,
        budget=settings.budget / processes,
        max_samples=max(repeat, settings.max_samples // processes),
    )


def merged(runs: Sequence[Timing], stable: float) -> Timing:
    """The processes' timings of one case as one: every sample, in process order, with how
    many each process took (`Timing.runs`); stable when the pooled median settled."""
    samples = tuple(s for run in runs for s in run.samples)
    return Timing(
        samples,
        max(run.number for run in runs),
        stable=settled(list(samples), stable),
        runs=tuple(len(run.samples) for run in runs),
    )


def measure_cases(
    cases: Sequence[Case],
    seed: int,
    settings: Settings,
    processes: int,
    finished: Callable[[int, int, Measured], None],
) -> list[Measured]:
    """Each case timed in `processes` worker processes (in this process when 1): its merged
    timing, or why it was skipped. `finished(process, index, measured)` is called as each
    case of each process ends (the progress bar)."""
    if processes <= 1:
        results = []
        for index, measured in enumerate(_measure_here(cases, seed, settings)):
            finished(0, index, measured)
            results.append(measured)
        return results
    per_process = share(settings, processes)
    runs: list[list[Measured]] = []
    for process in range(processes):
        one: list[Measured] = []
        for index, measured in _measure_in_worker(cases, seed, per_process):
            finished(process, index, measured)
            one.append(measured)
        runs.append(one)
    results = []
    for index in range(len(cases)):
        each = [run[index] for run in runs]
        skipped = next((m for m in each if isinstance(m, str)), None)
        if skipped is not None:
            results.append(skipped)
        else:
            results.append(merged([m for m in each if isinstance(m, Timing)], settings.stable))
    return results


def _measure_here(cases: Sequence[Case], seed: int, settings: Settings) -> Iterator[Measured]:
    import llk

    from .boards import Boards
    from .ops import Skip, make_run

    boards: Boards | None = None
    for (rows, cols), op, family, contender in cases:
        if boards is None or (boards.rows, boards.cols) != (rows, cols):
            boards = Boards(rows, cols, seed)
        try:
            run = make_run(op, family, contender, boards)
        except (Skip, llk.BoardError, llk.IllegalMove) as why:
            yield str(why)
            continue
        try:
            yield measure(_planted(op, run), settings)
        except (Skip, llk.BoardError, llk.IllegalMove) as why:
            yield str(why)


def _planted(op: str, run: Callable[[int], float]) -> Callable[[int], float]:
    """`run`, or `run` slowed down by the factor PLANT gives this operation: after the
    operation, a plain loop of the interpreter's own (no system call, which a virtual machine
    may throttle the whole process for) runs for the planted share of its time, and the sample
    is the time of both, so that load slows the planted part as it slows the rest."""
    planted = os.environ.get(PLANT, "")
    name, _, factor = planted.partition("=")
    if name != op or not factor:
        return run
    share = float(factor) - 1
    per_second = _loops_per_second()

    def slowed(n: int) -> float:
        spent = run(n)
        start = perf_counter()
        for _ in range(int(spent * share * per_second)):
            pass
        return spent + perf_counter() - start

    return slowed


def _loops_per_second() -> float:
    """How many turns of an empty `for` loop this process makes in a second, now."""
    turns = 1 << 20
    start = perf_counter()
    for _ in range(turns):
        pass
    return turns / max(perf_counter() - start, 1e-9)


def _measure_in_worker(
    cases: Sequence[Case], seed: int, settings: Settings
) -> Iterator[tuple[int, Measured]]:
    job = {"seed": seed, "settings": asdict(settings), "cases": [list(c) for c in cases]}
    # stderr to a file, not a pipe: a worker that says much there cannot block on a full pipe
    # while this side reads its stdout.
    with tempfile.TemporaryFile("w+") as said:
        worker = subprocess.Popen(
            [sys.executable, "-m", "llk.bench.processes"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=said,
            text=True,
        )
        assert worker.stdin is not None and worker.stdout is not None
        try:
            with worker.stdin:
                worker.stdin.write(json.dumps(job))
            for index, line in enumerate(worker.stdout):
                yield index, _measured(json.loads(line))
        finally:
            if worker.poll() is None and worker.stdout.closed is False:
                worker.stdout.close()
            code = worker.wait()
        if code != 0:
            said.seek(0)
            last = said.read().strip().splitlines()[-1:] or ["(nothing on stderr)"]
            raise CommandError(f"a timing process failed (exit {code}): {last[0]}")


def _measured(line: dict[str, Any]) -> Measured:
    if "skipped" in line:
        return str(line["skipped"])
    return Timing(tuple(line["samples"]), line["number"], line["stable"])


def _work() -> int:
    """The worker's side: the job from stdin, a JSON line per case on stdout."""
    job = json.loads(sys.stdin.read())
    cases = [
        ((size[0], size[1]), op, family, contender) for size, op, family, contender in job["cases"]
    ]
    settings = Settings(**job["settings"])
    for measured in _measure_here(cases, job["seed"], settings):
        if isinstance(measured, str):
            line: dict[str, Any] = {"skipped": measured}
        else:
            line = {
                "samples": measured.samples,
                "number": measured.number,
                "stable": measured.stable,
            }
        sys.stdout.write(json.dumps(line) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(_work())

"""`llk bench --solver`: the solver's speed (states expanded a second), what a stored dead state
costs, and the time to a first solution, on each core.

Cases (KShisen's 30x16, 100x100 and 1000x1000, with and without gravity):

- *random*: `SAMPLES` random deals of 30x16, 4 tiles a kind (`solvable=False`), each solved
  with a budget of states; states/s is the median over the boards of states / seconds, counting
  only the solves that searched (more than `MIN_SEARCH_STATES` states). Without gravity relaxed
  play settles nearly every random deal at its root in one state: such a solve times the set-up,
  not the search, so it is left out, and a row with none left says so instead of a rate.
- *solvable 30x16, after a move*: `SAMPLES` solvable deals of 30x16 (4 tiles a kind), each
  after the first move of its certificate, solved to the end: a solve of a board in play, which
  searches (a state a move, about 240 without gravity) and is what the no-gravity speed target is
  measured on, random deals giving it nothing to search.
- *solvable*: a solvable deal of each size (48 kinds) after one move of the player (the first
  move of its certificate, `Board.solution`: any other move may leave the deal unsolvable,
  most of all under gravity, and then there is no first solution to time), solved until a
  solution or the budget; the time to that first solution, and its states/s: the states
  over the whole solve's time, set-up (the copy of the board, the live moves) and the dive
  included, since a user waits for all of it. With and without gravity (down); the biggest
  size (1000x1000) on the Rust core in every gravity mode.

A search the bench would wait on too long is cancelled at `DEADLINE_S` (the solver's cancel
hook) and shown as such; its states/s then comes from a search of `RATE_BUDGET` states. The
pure-Python core gets a budget of `PYTHON_BUDGET` states (a state costs it a scan in Python)
and no 1000x1000 case (its deal of a million tiles takes about half a minute): those rows say
"capped".

Bytes per stored state: the Rust core's dead-state table counts `BYTES_PER_KEY` (16) bytes a
key against `memory_mb` (a 128-bit key's slot in a bucket of eight, two cache lines, at the table's
limit; below it, it doubles whenever a bucket fills, about a sixth full: 6 slots a key); the
Python core's, the same slots in a list of ints, is measured with tracemalloc on `MEASURED_KEYS`
random keys.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import llk
    from llk import BackendName, Gravity

SAMPLES = 9
# A solve of at most this many states settled at its root: it measures set-up, not search.
MIN_SEARCH_STATES = 100
RANDOM_BUDGET = 200_000
PYTHON_BUDGET = 2_000
SOLVABLE_BUDGET = 2_000_000
DEADLINE_S = 30.0
RATE_BUDGET = 20_000
KINDS = 48
MEASURED_KEYS = 100_000
RUST_BYTES_PER_KEY = 16  # rust/src/solve/table.rs, BYTES_PER_KEY
SOLVABLE_SMALL = "solvable, 4 a kind, after a move"
SIZES = ((16, 30), (100, 100), (1000, 1000))
GRAVITIES: tuple[Gravity, ...] = ("none", "down")
# The targets (Rust, medians).
STATES_PER_S_SMALL = 500_000
STATES_PER_S_HUGE = 100_000
SOLUTION_S_HUGE = 2.0


@dataclass(frozen=True)
class SolverResult:
    case: str
    board: str
    gravity: str
    backend: str
    boards: int
    states_per_s: float | None
    solution_s: float | None
    status: str
    note: str = ""

    def record(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _cancelled_at(deadline: float) -> Callable[[], bool]:
    return lambda: time.perf_counter() > deadline


def _solve(board: llk.Board, budget: int) -> tuple[str, int, float]:
    """(status, states, seconds); status "cancelled" past the deadline."""
    import llk

    started = time.perf_counter()
    try:
        found = board.solve(budget=budget, cancel=_cancelled_at(started + DEADLINE_S))
    except llk.Cancelled:
        return "cancelled", 0, time.perf_counter() - started
    return found.status, found.states, time.perf_counter() - started


def _median_rate(solves: list[tuple[str, int, float]]) -> float | None:
    """The median states/s over the solves that searched (see MIN_SEARCH_STATES)."""
    rates = [
        states / seconds
        for status, states, seconds in solves
        if status != "cancelled" and states > MIN_SEARCH_STATES and seconds > 0
    ]
    return statistics.median(rates) if rates else None


def _statuses(solves: list[tuple[str, int, float]]) -> str:
    statuses = [status for status, _, _ in solves]
    return ", ".join(f"{statuses.count(k)} {k}" for k in sorted(set(statuses)))


def _searched_note(solves: list[tuple[str, int, float]]) -> str:
    searched = sum(1 for _, states, _ in solves if states > MIN_SEARCH_STATES)
    if searched == len(solves):
        return ""
    return (
        f"; states/s over the {searched} of {len(solves)} that searched "
        f"(over {MIN_SEARCH_STATES} states; the rest settled sooner)"
    )


def _sampled_row(
    case: str,
    gravity: Gravity,
    backend: BackendName,
    budget: int,
    solves: list[tuple[str, int, float]],
) -> SolverResult:
    """The row of SAMPLES 30x16 solves: their median states/s and their statuses."""
    note = f"budget {budget:,}" + (" (capped)" if backend == "python" else "")
    return SolverResult(
        case,
        "16x30",
        gravity,
        backend,
        len(solves),
        _median_rate(solves),
        None,
        _statuses(solves),
        note + _searched_note(solves),
    )


def run_random(backend: BackendName, gravity: Gravity, seed: int) -> SolverResult:
    import llk

    budget = RANDOM_BUDGET if backend == "rust" else PYTHON_BUDGET
    solves = []
    for s in range(SAMPLES):
        board = llk.deal(
            16, 30, kinds=120, seed=seed + s, gravity=gravity, solvable=False, backend=backend
        )
        solves.append(_solve(board, budget))
    return _sampled_row("random, 4 a kind", gravity, backend, budget, solves)


def run_solvable_small(backend: BackendName, gravity: Gravity, seed: int) -> SolverResult:
    """SAMPLES solvable 30x16 deals (4 tiles a kind), each after its certificate's first move,
    solved: states/s over real searches where random deals have none (without gravity)."""
    import llk

    budget = SOLVABLE_BUDGET if backend == "rust" else PYTHON_BUDGET
    solves = []
    for s in range(SAMPLES):
        board = llk.deal(16, 30, kinds=120, seed=seed + s, gravity=gravity, backend=backend)
        solution = board.solution
        assert solution is not None  # a solvable deal
        board.remove(*solution[0])
        solves.append(_solve(board, budget))
    return _sampled_row(SOLVABLE_SMALL, gravity, backend, budget, solves)


def run_solvable(
    backend: BackendName, rows: int, cols: int, gravity: Gravity, seed: int
) -> SolverResult:
    import llk

    board_name = f"{rows}x{cols}"
    if backend == "python" and rows * cols > 100_000:
        return SolverResult(
            "solvable, after a move",
            board_name,
            gravity,
            backend,
            0,
            None,
            None,
            "capped",
            "the pure-Python deal of a million tiles takes about half a minute",
        )
    board = llk.deal(rows, cols, kinds=KINDS, seed=seed, gravity=gravity, backend=backend)
    solution = board.solution
    assert solution is not None  # a solvable deal
    board.remove(*solution[0])
    budget = SOLVABLE_BUDGET if backend == "rust" else PYTHON_BUDGET
    status, states, seconds = _solve(board, budget)
    note = f"budget {budget:,}" + (" (capped)" if backend == "python" else "")
    rate = states / seconds if status != "cancelled" and seconds > 0 else None
    if status == "cancelled":
        note += f"; cancelled at {DEADLINE_S:g} s"
        # The rate of a search that was stopped is unknown: time the first states apart.
        again, states, seconds = _solve(board, RATE_BUDGET)
        if again != "cancelled" and seconds > 0:
            rate = states / seconds
            note += f"; states/s over its first {states:,} states"
    return SolverResult(
        "solvable, after a move",
        board_name,
        gravity,
        backend,
        1,
        rate,
        seconds if status == "solved" else None,
        status,
        note,
    )


def python_bytes_per_key() -> float:
    """What a key costs the pure-Python core's dead-state table at its limit, measured, as the
    Rust figure is: that table (_pycore/table.py, `DeadTable`) is the Rust one's slots, a list
    of ints, here filled to the last slot the same way (the bench names no core's module)."""
    rng = random.Random(1)
    keys = [rng.getrandbits(128) for _ in range(MEASURED_KEYS)]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    slots = [0] * MEASURED_KEYS
    for i, key in enumerate(keys):
        slots[i] = key
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    # The keys were made before the count began, but each is an int the solver makes for the
    # table and the table alone keeps: its size is the table's too.
    ints = sum(sys.getsizeof(key) for key in keys) / MEASURED_KEYS
    return (after - before) / MEASURED_KEYS + ints


def run_solver(
    backends: list[BackendName], seed: int, sizes: tuple[tuple[int, int], ...] = SIZES
) -> list[SolverResult]:
    import llk

    results = []
    for backend in backends:
        for gravity in GRAVITIES:
            results.append(run_random(backend, gravity, seed))
        for gravity in GRAVITIES:
            results.append(run_solvable_small(backend, gravity, seed))
        # The biggest board in every gravity mode on the Rust core (the pure-Python core's is
        # capped): the dive reads each as if its gravity pointed down (docs/engine.md, "Facings").
        biggest = max(sizes, key=lambda size: size[0] * size[1])
        for rows, cols in sizes:
            every = (rows, cols) == biggest and backend == "rust"
            for gravity in llk.GRAVITY_MODES if every else GRAVITIES:
                results.append(run_solvable(backend, rows, cols, gravity, seed))
    return results


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def table(results: list[SolverResult]) -> str:
    lines = [
        "| case | board | gravity | backend | boards | states/s (median) | first solution "
        "| status | note |",
        "| --- | --- | --- | --- | ---: | ---: | ---: | --- | --- |",
    ]
    for r in results:
        solution = "-" if r.solution_s is None else f"{r.solution_s * 1000:,.0f} ms"
        lines.append(
            f"| {r.case} | {r.board} | {r.gravity} | {r.backend} | {r.boards} | "
            f"{_rate(r.states_per_s)} | {solution} | {r.status} | {r.note} |"
        )
    return "\n".join(lines)


def bytes_table(backends: list[BackendName]) -> str:
    lines = ["| backend | bytes per stored state | how |", "| --- | ---: | --- |"]
    for backend in backends:
        if backend == "rust":
            lines.append(
                f"| rust | {RUST_BYTES_PER_KEY} | counted against memory_mb "
                "(a slot of a bucket of eight keys, at the table's limit; below it, "
                "about 6 slots a key) |"
            )
        else:
            lines.append(
                f"| python | {python_bytes_per_key():.0f} | tracemalloc, "
                f"{MEASURED_KEYS:,} keys (a slot and the int, at the limit) |"
            )
    return "\n".join(lines)


def targets_table(results: list[SolverResult]) -> str:
    """The issue's targets, on the Rust rows, with the Python twin's states/s on the same case
    beside them (its budget capped, so over the first states of the same searches)."""
    lines = [
        "| target | limit | measured | | python states/s | rust/python |",
        "| --- | ---: | ---: | --- | ---: | ---: |",
    ]
    python = {(r.case, r.board, r.gravity): r for r in results if r.backend == "python"}

    def row(r: SolverResult, what: str, limit: str, shown: str, verdict: str) -> None:
        twin = python.get((r.case, r.board, r.gravity))
        rate = None if twin is None else twin.states_per_s
        ratio = "-" if rate is None or r.states_per_s is None else f"{r.states_per_s / rate:,.0f}x"
        lines.append(f"| {what} | {limit} | {shown} | {verdict} | {_rate(rate)} | {ratio} |")

    def rate_row(r: SolverResult, what: str, limit: int) -> None:
        v = r.states_per_s
        if v is None and r.case.startswith("random"):
            # Nothing searched: relaxed play settled every deal at its root (see run_random).
            row(r, what, f">= {limit:,}", "no search", "n/a")
            return
        row(
            r,
            what,
            f">= {limit:,}",
            _rate(v),
            "holds" if v is not None and v >= limit else "MISSED",
        )

    for r in results:
        if r.backend != "rust":
            continue
        if r.case.startswith("random"):
            rate_row(r, f"states/s, random 30x16, {r.gravity}", STATES_PER_S_SMALL)
        elif r.case == SOLVABLE_SMALL:
            rate_row(r, f"states/s, solvable 30x16 after a move, {r.gravity}", STATES_PER_S_SMALL)
        elif r.board == "1000x1000":
            rate_row(r, f"states/s, solvable 1000x1000, {r.gravity}", STATES_PER_S_HUGE)
            s = r.solution_s
            ok = s is not None and s <= SOLUTION_S_HUGE
            row(
                r,
                f"first solution, 1000x1000, {r.gravity}",
                f"<= {SOLUTION_S_HUGE:g} s",
                r.status if s is None else f"{s:.2f} s",
                "holds" if ok else "MISSED",
            )
    return "\n".join(lines)

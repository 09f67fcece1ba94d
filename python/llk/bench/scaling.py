"""`llk bench --scaling`: how each operation's cost grows with the board (issue 26, item 5).

Path queries, the hint, the move count, the deadlock scan, remove + re-scan, the solvable deal
and the solve, each on one board family, over square boards from 50x50 to 1000x1000 (`SIZES`;
`QUICK_SIZES` with `--quick`), on the Rust core, the Python core and the classic algorithm
where it has the operation (and is not capped: ops.py). A series stops at the first size whose
operation takes more than `SLOW` seconds (the Python core's, mostly), and says so. Each
series' exponent k of cost ~ n^k over the cells n is the slope of a least-squares line through
its points on log-log axes (`numpy.polyfit`), with at least `MIN_POINTS` points.

The solve here (`solve-first`) is the solver on a solvable deal of `KINDS` kinds after the
first move of its certificate (as `--solver` times it), until a first solution or
`SOLVE_BUDGET` states, the same on both cores; on the Python core, up to the boards its deal
is timed on (ops.PYTHON_DEAL_CELLS).
"""

from __future__ import annotations

from typing import Any, TextIO

import numpy as np

import llk

from .. import deals, engine
from .._types import BackendName
from . import report
from .boards import Boards
from .ops import CONTENDERS, PYTHON_DEAL_CELLS, Run, Skip, make_run
from .report import CONTENDER_TITLES, Result
from .runner import Progress, Settings, format_seconds, measure

SIZES = (50, 100, 200, 300, 500, 700, 1000)
QUICK_SIZES = (50, 100, 200)
# (operation, board family): the families whose cost is the operation's own (the deadlocked
# board makes the deadlock scan read the whole board; the dealt one is llk.deal's).
CASES = (
    ("path", "half"),
    ("hint", "half"),
    ("move_count", "half"),
    ("is_deadlocked", "deadlocked"),
    ("remove", "half"),
    ("deal", "dealt"),
    ("solve-first", "dealt"),
)
# Seconds an operation may take before its series stops (per contender; the rest: "other").
SLOW = {"rust": 5.0, "other": 1.0}
QUICK_SLOW = {"rust": 0.5, "other": 0.1}
MIN_POINTS = 3
KINDS = 48
# States a solve may expand, the same on both cores so that their times compare: the solve
# stops at its first solution or there.
SOLVE_BUDGET = 2_000


def solve_run(boards: Boards, contender: str) -> Run:
    """The solver's time to a first solution on a solvable deal after one move."""
    if contender not in ("rust", "python"):
        raise Skip("n/a")
    backend: BackendName = "rust" if contender == "rust" else "python"
    if backend == "python" and boards.rows * boards.cols > PYTHON_DEAL_CELLS:
        raise Skip(f"capped: its deal, boards over {PYTHON_DEAL_CELLS:,} cells")
    kinds = min(KINDS, boards.rows * boards.cols // 2)
    board = deals.deal(
        boards.rows, boards.cols, kinds=kinds, seed=boards.seed, solvable=True, backend=backend
    )
    solution = board.solution
    if not solution:
        raise Skip("the deal has no certificate")
    board.remove(*solution[0])
    budget = SOLVE_BUDGET

    def run(n: int) -> float:
        from time import perf_counter

        started = perf_counter()
        for _ in range(n):
            board.solve(budget=budget)
        return perf_counter() - started

    return run


def run_scaling(
    sizes: list[tuple[int, int]],
    contenders: list[str],
    seed: int,
    settings: Settings,
    slow: dict[str, float],
    err: TextIO,
) -> list[Result]:
    """Every case of `CASES` on every size and contender, size by size; a series whose last
    operation took more than its `slow` seconds is stopped for the sizes after."""
    cases = [(size, op, family, c) for size in sizes for op, family in CASES for c in contenders]
    progress = Progress(len(cases), err)
    stopped: dict[tuple[str, str], tuple[int, str]] = {}
    results: list[Result] = []
    boards: Boards | None = None
    for (rows, cols), op, family, contender in cases:
        if boards is None or boards.size != (rows, cols):
            boards = Boards(rows, cols, seed)
        label = f"{op} {family} {rows}x{cols} {contender}"
        progress.start(label)
        # The solve needs a deal: it stops after the deal does (at a bigger size).
        why = stopped.get((op, contender), (0, None))[1]
        deal_stop = stopped.get(("deal", contender))
        if why is None and op == "solve-first" and deal_stop and deal_stop[0] < rows * cols:
            why = deal_stop[1]
        timing = None
        if why is None:
            try:
                if op == "solve-first":
                    run = solve_run(boards, contender)
                else:
                    run = make_run(op, family, contender, boards)
                timing = measure(run, settings)
            except (Skip, llk.BoardError, llk.IllegalMove) as skip:
                why = str(skip)
        if timing is None:
            results.append(Result(op, family, rows, cols, contender, skipped=why))
            progress.finish(label, f"skipped ({why})")
            continue
        results.append(Result(op, family, rows, cols, contender, timing))
        progress.finish(label, format_seconds(timing.median))
        limit = slow.get(contender, slow["other"])
        if timing.median > limit and (op, contender) not in stopped:
            said = f"stopped: {format_seconds(timing.median)} at {rows}x{cols}, over {limit:g} s"
            stopped[(op, contender)] = (rows * cols, said)
    progress.close()
    return results


def exponents(results: list[Result]) -> list[dict[str, Any]]:
    """Each series' fitted exponent k (cost ~ cells^k) and its points; k is None with fewer
    than `MIN_POINTS` sizes timed."""
    fitted = []
    for op, family in CASES:
        for contender in CONTENDERS:
            points = sorted(
                (r.cells, r.median)
                for r in results
                if (r.op, r.family, r.contender) == (op, family, contender) and r.median
            )
            if not any((r.op, r.contender) == (op, contender) for r in results):
                continue
            k = None
            if len(points) >= MIN_POINTS:
                cells, seconds = np.log(np.array(points, dtype=float)).T
                k = float(np.polyfit(cells, seconds, 1)[0])
            fitted.append(
                {"op": op, "family": family, "contender": contender, "k": k, "points": len(points)}
            )
    return fitted


def exponents_table(fitted: list[dict[str, Any]]) -> str:
    """The exponents, a row per operation and a column per contender: `1.02 (7)`, k over 7
    sizes; `—` when fewer than `MIN_POINTS` sizes were timed."""
    contenders = [c for c in CONTENDERS if any(f["contender"] == c for f in fitted)]
    lines = ["| operation | board | " + " | ".join(CONTENDER_TITLES[c] for c in contenders) + " |"]
    lines.append("| --- | --- | " + " | ".join("---:" for _ in contenders) + " |")
    for op, family in CASES:
        by = {f["contender"]: f for f in fitted if f["op"] == op}
        if not by:
            continue
        cells = []
        for c in contenders:
            f = by.get(c)
            if f is None:
                cells.append("")
            elif f["k"] is None:
                cells.append(f"— ({f['points']})")
            else:
                cells.append(f"{f['k']:.2f} ({f['points']})")
        lines.append(f"| {report.title(op)} | {family} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


LEGEND = (
    "k: the exponent of cost ~ n^k over the board's cells n, the slope of a least-squares line "
    "through the medians on log-log axes (numpy.polyfit), with the number of sizes it was "
    f"fitted on; — with fewer than {MIN_POINTS}. 0: a cost that does not grow with the board, "
    "1: linear in the cells. A series stops at the first size whose operation took more than "
    "its limit (stopped, in the table below); capped and n/a as in llk bench."
)


def text(document: dict[str, Any]) -> str:
    """What `llk bench --scaling` prints, from its result file."""
    from .files import results_of

    results = results_of(document)
    stops = sorted(
        {
            f"{r.op} on the {CONTENDER_TITLES[r.contender]}: {r.skipped}"
            for r in results
            if r.skipped and r.skipped.startswith("stopped")
        }
    )
    parts = [report.header(document), "Fitted exponents:\n\n", exponents_table(exponents(results))]
    parts += ["\n\n", LEGEND, "\n"]
    if stops:
        parts += ["\nStopped where too slow:\n\n", "".join(f"- {s}\n" for s in stops)]
    parts += ["\nThe medians:\n\n", report.table(results), "\n"]
    return "".join(parts)


def settings_of(
    quick: bool, args_repeat: int | None, max_time: float | None, stable: float
) -> Settings:
    if quick:
        cap = 0.05 if max_time is None else max_time
        return Settings(0, args_repeat or 3, 0.002, cap, stable=stable)
    cap = 1.0 if max_time is None else max_time
    return Settings(repeat=args_repeat or 5, budget=cap, stable=stable)


def contenders_of(chosen: list[str] | None) -> list[str]:
    rust = ("rust", "classic-rust")
    return chosen or [c for c in CONTENDERS if engine.rust_available() or c not in rust]


def record(document: dict[str, Any], results: list[Result]) -> dict[str, Any]:
    """The result file's document with the exponents beside the results."""
    document["exponents"] = exponents(results)
    return document

"""`llk bench --solver`'s race: llk's exact solver against KShisen's greedy "solvable?" check
(llk/bench/kshisen.py, ported from KDE/kshisen src/board.cpp), on the same random deals, with
gravity off and down: the time each takes to a verdict, and where the verdicts differ.

Deals: `RACE_DEALS` random deals a cell (`solvable=False`, seeds seed, seed + 1, ...) of each
of KShisen's six sizes, 4 tiles a kind and KShisen's own mix (42 kinds dealt four at a time,
so 8 or 12 tiles of a kind on its big boards), the same grids with gravity off and down.

Contenders, each timed per deal from the grid to its verdict:

- llk's exact solver (`Board.solve`, on the fastest core this install has), with a budget of
  `RACE_BUDGET` states (`RACE_PYTHON_BUDGET` on the pure-Python core, which expands a few
  thousand a second): "solved", "unsolvable" (a proof) or "unknown" (the budget ran out);
- KShisen's check, ported to Rust (rust/src/kshisen.rs, when the extension is built; on every
  deal) and to Python (on the first `PYTHON_DEALS` deals of a row, or every deal without the
  Rust port): "clears" or "stuck". It ignores gravity: with gravity down its verdict is still about
  the game without gravity, which is what KShisen's "Solvable games only" relies on.

What is counted: `greedy_false` is a deal the check clears while the exact solver proves it
cannot be cleared under the deal's gravity (a "solvable" game KShisen would deal that no player
can finish; never without gravity, where the check's removals are a solution); `greedy_missed`
is a deal the check gets stuck on that the exact solver clears (KShisen would throw it away).
`agree` counts the deals the exact solver decided whose two verdicts agree.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from . import kshisen

if TYPE_CHECKING:
    import llk
    from llk import BackendName, Gravity, TileMix

T = TypeVar("T")

# KShisen's sizes (its 14x6 ... 30x16 are columns x rows), here rows x columns.
RACE_SIZES = ((6, 14), (9, 16), (8, 18), (12, 24), (14, 26), (16, 30))
RACE_GRAVITIES: tuple[Gravity, ...] = ("none", "down")
RACE_MIXES: tuple[TileMix, ...] = ("even", "kshisen")
RACE_DEALS = 20
# The Python port (a deal of KShisen's mix on 30x16 takes it about 2 s) runs on the first deals
# of a row only when the Rust port runs on all of them; where both run, they must agree.
PYTHON_DEALS = 5
RACE_BUDGET = 200_000
RACE_PYTHON_BUDGET = 2_000
KSHISEN_KINDS = 42
MIX_NAMES = {"even": "4 a kind", "kshisen": "KShisen's mix"}


@dataclass(frozen=True)
class RaceResult:
    board: str
    tiles: str
    gravity: str
    backend: str
    deals: int
    solved: int
    unsolvable: int
    unknown: int
    greedy_clears: int
    greedy_false: int
    greedy_missed: int
    agree: int
    exact_ms: float
    greedy_rust_ms: float | None
    greedy_python_ms: float
    budget: int

    def record(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _timed(work: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[T, float]:
    started = time.perf_counter()
    answer = work(*args, **kwargs)
    return answer, time.perf_counter() - started


def _median_ms(seconds: list[float]) -> float:
    return statistics.median(seconds) * 1000


def run_cell(
    rows: int, cols: int, tiles: TileMix, gravity: Gravity, backend: BackendName, seed: int
) -> RaceResult:
    """One size, tile mix and gravity: `RACE_DEALS` deals, each given to every contender."""
    import llk

    kinds = KSHISEN_KINDS if tiles == "kshisen" else rows * cols // 4
    rust_check = llk.rust_available()
    budget = RACE_BUDGET if backend == "rust" else RACE_PYTHON_BUDGET
    statuses: list[str] = []
    clears: list[bool] = []
    exact_s: list[float] = []
    rust_s: list[float] = []
    python_s: list[float] = []
    for s in range(RACE_DEALS):
        board: llk.Board = llk.deal(
            rows,
            cols,
            kinds=kinds,
            seed=seed + s,
            gravity=gravity,
            solvable=False,
            tiles=tiles,
            backend=backend,
        )
        grid = board.grid
        verdict = None
        if rust_check:
            verdict, seconds = _timed(kshisen.is_solvable_rust, grid)
            rust_s.append(seconds)
        if s < PYTHON_DEALS or verdict is None:
            again, seconds = _timed(kshisen.is_solvable, grid)
            python_s.append(seconds)
            if verdict is not None and again != verdict:
                raise AssertionError(f"KShisen's check: the two ports disagree on {board.code}")
            verdict = again
        found, seconds = _timed(board.solve, budget=budget)
        exact_s.append(seconds)
        statuses.append(found.status)
        assert verdict is not None  # one port or the other ran
        clears.append(verdict.solvable)
    pairs = list(zip(statuses, clears, strict=True))
    decided = [(status, clear) for status, clear in pairs if status != "unknown"]
    return RaceResult(
        board=f"{cols}x{rows}",
        tiles=MIX_NAMES[tiles],
        gravity=gravity,
        backend=backend,
        deals=len(pairs),
        solved=statuses.count("solved"),
        unsolvable=statuses.count("unsolvable"),
        unknown=statuses.count("unknown"),
        greedy_clears=sum(clears),
        greedy_false=sum(1 for status, clear in pairs if clear and status == "unsolvable"),
        greedy_missed=sum(1 for status, clear in pairs if not clear and status == "solved"),
        agree=sum(1 for status, clear in decided if clear == (status == "solved")),
        exact_ms=_median_ms(exact_s),
        greedy_rust_ms=_median_ms(rust_s) if rust_s else None,
        greedy_python_ms=_median_ms(python_s),
        budget=budget,
    )


def run_race(
    backend: BackendName, seed: int, sizes: tuple[tuple[int, int], ...] = RACE_SIZES
) -> list[RaceResult]:
    """Every cell: each tile mix, size (rows, columns) and gravity. KShisen's mix only where it
    differs from 4 a kind: up to 4 x 42 tiles it deals each kind four times, the same deal."""
    return [
        run_cell(rows, cols, tiles, gravity, backend, seed)
        for tiles in RACE_MIXES
        for rows, cols in sizes
        if tiles == "even" or rows * cols > 4 * KSHISEN_KINDS
        for gravity in RACE_GRAVITIES
    ]


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.2f}"


def _speed_up(r: RaceResult) -> str:
    """How many times faster the exact solver's median verdict is than the Rust check's (below
    1: slower)."""
    if r.greedy_rust_ms is None or r.exact_ms <= 0:
        return "-"
    return f"{r.greedy_rust_ms / r.exact_ms:.3g}x"


def table(results: list[RaceResult]) -> str:
    """The race's rows: the exact verdicts, the check's, where they differ, and each
    contender's median time to a verdict (the board's KShisen name: columns x rows)."""
    lines = [
        "| board | tiles | gravity | deals | exact: solved / unsolvable / unknown "
        "| KShisen clears | clears, exact proves unsolvable | stuck, exact solves "
        "| agree (of decided) | exact ms | KShisen ms (Rust) | KShisen ms (Python) "
        "| KShisen (Rust) / exact |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        decided = r.deals - r.unknown
        lines.append(
            f"| {r.board} | {r.tiles} | {r.gravity} | {r.deals} "
            f"| {r.solved} / {r.unsolvable} / {r.unknown} | {r.greedy_clears} "
            f"| {r.greedy_false} | {r.greedy_missed} | {r.agree} / {decided} "
            f"| {_ms(r.exact_ms)} | {_ms(r.greedy_rust_ms)} | {_ms(r.greedy_python_ms)} "
            f"| {_speed_up(r)} |"
        )
    return "\n".join(lines)


def totals(results: list[RaceResult]) -> str:
    """One line over every cell: the deals, the disagreements, and the time ratio."""
    if not results:
        return ""
    deals = sum(r.deals for r in results)
    false = sum(r.greedy_false for r in results)
    missed = sum(r.greedy_missed for r in results)
    unknown = sum(r.unknown for r in results)
    budget = results[0].budget
    down = [r for r in results if r.gravity != "none"]
    cleared = sum(r.greedy_clears for r in down)
    proved = sum(r.greedy_false for r in down)
    return (
        f"{deals} deals on the {results[0].backend} core (budget {budget:,} states): "
        f"KShisen's check called {false} solvable that the exact solver proves are not, "
        f"got stuck on {missed} the exact solver clears; {unknown} left unknown by the exact "
        f"solver. With gravity the check cleared {cleared} deals (as if without gravity), "
        f"{proved} of them proved unsolvable under gravity. Times are medians over the deals "
        "of each row, on a machine shared with other work: compare them within a row."
    )

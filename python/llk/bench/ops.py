"""What `llk bench` times: each operation, on each contender, as a function `run(n)` that does
the operation `n` times and returns the seconds spent in it (set-up and clean-up, such as
putting a removed pair back, stay out of the count).

The contenders are the two cores (`rust`, the extension; `python`, the pure-Python twin), each
called directly (`llk.Board` checks arguments and then calls them: that layer costs the same on
both), and the classic algorithm of the tutorials (`classic-rust`: rust/src/classic.rs through
`llk._core.classic`; `classic-python`: `llk.bench.classic`), which has no shuffle, deal or solver.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import cycle, islice
from time import perf_counter
from typing import Any, cast

import numpy as np

from .. import _backend, deals, engine
from .._limits import MAX_SLIDE_CELLS
from .._types import BackendName
from . import families
from .boards import Boards

CONTENDERS = ("rust", "python", "classic-rust", "classic-python")
CLASSIC = ("classic-rust", "classic-python")

# The classic algorithm tests pairs one by one; a run that would test more pairs than this is
# left out ("capped") so that the whole bench stays within minutes. About a second's work each.
CLASSIC_TESTS = {"classic-rust": 20_000_000, "classic-python": 100_000}
# Boards up to this many cells for the pure-Python solvable deal (one 1000x1000 deal takes it
# about half a minute), and for the solver, which is for small boards.
PYTHON_DEAL_CELLS = 100_000
SOLVE_CELLS = 1024
SOLVE_BUDGET = 100_000
# Cells the near hint is asked about per board, and the minimap's block for the density.
NEAR_CELLS = 64
# The kinds of the slide deal: the game's own on its big boards (KShisen 24x12 and up).
SLIDE_KINDS = 48
DENSITY_BLOCK = 4


# The "family" of the deal and solve cases: boards `llk.deal` fills.
DEALT = "dealt"


@dataclass(frozen=True)
class Op:
    name: str
    title: str
    families: tuple[str, ...]
    contenders: tuple[str, ...] = CONTENDERS


OPS: dict[str, Op] = {
    op.name: op
    for op in (
        Op("path", "best path, random same-kind pair", ("full", "half")),
        Op("path-linking", "best path, linking pair", ("full", "half")),
        Op(
            "near-miss",
            "near miss, same-kind pair that does not link",
            ("full", "half"),
            ("rust", "python"),
        ),
        Op("hint", "hint", ("full", "half", "unique")),
        Op("is_deadlocked", "is_deadlocked", ("full", "half", "deadlocked", "unique")),
        Op("move_count", "move_count", ("full", "half")),
        Op(
            "hint-near",
            "hint near a cell (corners, centre, random)",
            ("full", "half"),
            ("rust", "python"),
        ),
        Op(
            "move_density",
            f"move_density, {DENSITY_BLOCK}x{DENSITY_BLOCK} blocks",
            ("full", "half"),
            ("rust", "python"),
        ),
        Op("remove", "remove + re-scan", ("full", "half")),
        Op("shuffle", "shuffle", ("full", "half"), ("rust", "python")),
        Op("deal", "deal (solvable, 50 kinds)", (DEALT,), ("rust", "python")),
        Op(
            "deal-slide",
            "deal (solvable, tiles slide, gravity down, 48 kinds)",
            (DEALT,),
            ("rust", "python"),
        ),
        Op("solve", "solve (solvable deal, 4 tiles a kind)", (DEALT,), ("rust", "python")),
    )
}
# `--ops frames` is `--frames`: the game's frame-time benchmark (llk/bench/frames.py).
FRAMES = "frames"


def applies(op: str, rows: int, cols: int) -> bool:
    """Is the operation timed on boards of this size? The solver on small boards only; deals
    need an even number of cells."""
    if op in ("deal", "deal-slide", "solve") and rows * cols % 2:
        return False
    return op != "solve" or rows * cols <= SOLVE_CELLS


class Skip(Exception):
    """A case left out, with the reason."""


Run = Callable[[int], float]


def _timed_calls(call: Callable[[], Any]) -> Run:
    def run(n: int) -> float:
        started = perf_counter()
        for _ in range(n):
            call()
        return perf_counter() - started

    return run


def _timed_over(items: list[Any], call: Callable[..., Any]) -> Run:
    """`run(n)`: `call(*item)` for `n` items, cycling through them."""

    def run(n: int) -> float:
        chosen = list(islice(cycle(items), n))
        started = perf_counter()
        for item in chosen:
            call(*item)
        return perf_counter() - started

    return run


def make_run(op: str, family: str, contender: str, boards: Boards) -> Run:
    """The case's `run(n)`; `Skip` when it is left out."""
    rows, cols, seed = boards.rows, boards.cols, boards.seed
    if contender not in OPS[op].contenders:
        raise Skip("n/a")
    if contender in ("rust", "classic-rust") and not engine.rust_available():
        raise Skip("the Rust extension is not built")
    if contender in CLASSIC and op not in ("path", "path-linking"):
        tests = boards.classic_tests(family, op)
        if tests > CLASSIC_TESTS[contender]:
            raise Skip(f"capped: {tests:,} pair tests")
    if op in ("path", "path-linking"):
        return _path_run(boards, family, contender, linking=op == "path-linking")
    if op == "near-miss":
        pairs = boards.refused_pairs(family)
        if not pairs:
            raise Skip("every pair links on this board")
        return _timed_over(pairs, boards.core(family, contender).near_miss)
    if op == "remove":
        return _remove_run(boards, family, contender)
    if op in ("hint", "is_deadlocked", "move_count"):
        return _scan_run(op, boards, family, contender)
    if op == "hint-near":
        core = boards.core(family, contender)
        return _timed_over(_near_cells(rows, cols, seed), lambda r, c: core.hints_near(r, c, 1))
    if op == "move_density":
        core = boards.core(family, contender)
        return _timed_calls(lambda: core.move_density(DENSITY_BLOCK))
    if op == "shuffle":
        core = boards.core(family, contender)

        def shuffle(n: int) -> float:
            spent = 0.0
            for i in range(n):
                started = perf_counter()
                core.shuffle(seed + i)
                spent += perf_counter() - started
                core.undo()
            return spent

        return shuffle
    if not applies(op, rows, cols):
        raise Skip(f"{op} is not timed on {rows}x{cols} boards")
    if op == "deal":
        if contender == "python" and rows * cols > PYTHON_DEAL_CELLS:
            raise Skip(f"capped: boards over {PYTHON_DEAL_CELLS:,} cells")
        kinds = min(families.KINDS, rows * cols // 2)
        return _timed_calls(
            lambda: deals.deal(
                rows,
                cols,
                kinds=kinds,
                seed=seed,
                solvable=True,
                backend=cast(BackendName, contender),
            )
        )
    if op == "deal-slide":
        if rows * cols > MAX_SLIDE_CELLS:
            # `llk.deal` refuses them, and so does the game's menu (`llk.MAX_SLIDE_CELLS`).
            raise Skip(f"capped: tiles slide on boards of at most {MAX_SLIDE_CELLS:,} cells")
        # KShisen's own set-up: tiles slide, gravity down (docs/engine.md, "Tiles that slide").
        kinds = min(SLIDE_KINDS, rows * cols // 2)
        return _timed_calls(
            lambda: deals.deal(
                rows,
                cols,
                kinds=kinds,
                seed=seed,
                solvable=True,
                gravity="down",
                slide=True,
                backend=cast(BackendName, contender),
            )
        )
    if op == "solve":
        kinds = max(1, rows * cols // 4)
        board = deals.deal(
            rows, cols, kinds=kinds, seed=seed, solvable=True, backend=cast(BackendName, contender)
        )
        return _timed_calls(lambda: board.solve(budget=SOLVE_BUDGET))
    raise ValueError(f"unknown operation {op!r}")


def _near_cells(rows: int, cols: int, seed: int) -> list[tuple[int, int]]:
    """Where the near hint is asked: the corners and the centre (the far ends of the outward
    search), then cells drawn all over the board."""
    fixed = [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1), (rows // 2, cols // 2)]
    rng = np.random.default_rng(seed)
    drawn = zip(
        rng.integers(rows, size=NEAR_CELLS), rng.integers(cols, size=NEAR_CELLS), strict=True
    )
    return fixed + [(int(r), int(c)) for r, c in drawn][: NEAR_CELLS - len(fixed)]


def _path_run(boards: Boards, family: str, contender: str, linking: bool) -> Run:
    pairs = boards.pairs(family, linking)
    if not pairs:
        raise Skip("no such pair on this board")
    if contender == "classic-python":
        board = boards.classic(family)
        return _timed_over(
            [((r1, c1), (r2, c2)) for r1, c1, r2, c2 in pairs], lambda a, b: board.can_link(a, b)
        )
    if contender == "classic-rust":
        grid, border = boards.grid(family), families.border(family)
        exists = _backend.RUST.classic.path_exists  # type: ignore[union-attr]
        return _timed_over(pairs, lambda r1, c1, r2, c2: exists(grid, border, r1, c1, r2, c2))
    return _timed_over(pairs, boards.core(family, contender).path)


def _scan_run(op: str, boards: Boards, family: str, contender: str) -> Run:
    if contender == "classic-python":
        board = boards.classic(family)
        call = {
            "hint": board.hint,
            "is_deadlocked": lambda: board.hint() is None,
            "move_count": board.move_count,
        }[op]
        return _timed_calls(call)
    if contender == "classic-rust":
        grid, border = boards.grid(family), families.border(family)
        classic = _backend.RUST.classic  # type: ignore[union-attr]
        call = {
            "hint": lambda: classic.hint(grid, border),
            "is_deadlocked": lambda: classic.hint(grid, border) is None,
            "move_count": lambda: classic.move_count(grid, border),
        }[op]
        return _timed_calls(call)
    return _timed_calls(getattr(boards.core(family, contender), op))


def _remove_run(boards: Boards, family: str, contender: str) -> Run:
    """Removes a linking pair and asks whether a move is left (what the game does after each
    move), then puts the pair back, untimed."""
    pairs = boards.pairs(family, linking=True)
    if not pairs:
        raise Skip("no pair links on this board")
    if contender in ("rust", "python"):
        core = boards.core(family, contender)

        def step(r1: int, c1: int, r2: int, c2: int) -> float:
            started = perf_counter()
            core.remove(r1, c1, r2, c2)
            core.is_deadlocked()
            spent = perf_counter() - started
            core.undo()
            return spent

    elif contender == "classic-rust":
        grid, border = boards.grid(family).copy(), families.border(family)
        rust = _backend.RUST.classic  # type: ignore[union-attr]

        def step(r1: int, c1: int, r2: int, c2: int) -> float:
            kind = grid[r1, c1]
            started = perf_counter()
            if rust.path_exists(grid, border, r1, c1, r2, c2):
                grid[r1, c1] = grid[r2, c2] = 0
            rust.hint(grid, border)
            spent = perf_counter() - started
            grid[r1, c1] = grid[r2, c2] = kind
            return spent

    else:
        board = boards.classic(family)

        def step(r1: int, c1: int, r2: int, c2: int) -> float:
            kind = board.kinds[r1][c1]
            started = perf_counter()
            board.remove((r1, c1), (r2, c2))
            board.hint()
            spent = perf_counter() - started
            board.kinds[r1][c1] = board.kinds[r2][c2] = kind
            return spent

    def run(n: int) -> float:
        return sum(step(*pair) for pair in islice(cycle(pairs), n))

    return run

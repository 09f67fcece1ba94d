"""`llk bench --solver`, `--saves` and `--frames`: the runs that time something other than the
engine's operations, each with its own table and JSON."""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Sequence
from typing import Any, TextIO

from .. import engine
from . import context
from .context import FORMAT
from .ops import FRAMES


def _write_records(
    path: str, ctx: dict[str, Any], results: Sequence[Any], race: Sequence[Any] = ()
) -> None:
    """The run's JSON for --solver and --saves: the format, the context, each row's record
    (and --solver's race rows, under "race")."""
    from .files import write_json

    document = {"format": FORMAT, "context": ctx, "results": [r.record() for r in results]}
    if race:
        document["race"] = [r.record() for r in race]
    write_json(path, document)


def bench_solver(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """`llk bench --solver`: the solver's rows (see llk/bench/solver.py)."""
    from . import race, solver

    backends = [b for b in (args.backends or ["rust", "python"]) if b in ("rust", "python")]
    if "rust" in backends and not engine.rust_available():
        backends.remove("rust")
    if not backends:
        err.write("llk bench: error: --solver times the rust and python cores\n")
        return 2
    sizes = args.sizes or solver.SIZES
    ctx = context.start(args, err)
    results = [] if args.race else solver.run_solver(backends, args.seed, sizes)
    if results:
        out.write(solver.table(results) + "\n\n")
        out.write(solver.bytes_table(backends) + "\n")
        checked = solver.targets_table(results)
        if checked.count("\n") > 1:
            out.write("\nSolver targets (Rust):\n\n" + checked + "\n")
        out.write("\n")
    # The race's exact solver runs on the first core asked for: the Rust one when built.
    race_sizes = args.sizes if args.race and args.sizes else race.RACE_SIZES
    rows = race.run_race(backends[0], args.seed, race_sizes)
    out.write("Race against KShisen's check (llk/bench/race.py):\n\n")
    out.write(race.table(rows) + "\n\n" + race.totals(rows) + "\n")
    if args.json:
        _write_records(args.json, ctx, results, rows)
    return 0


def bench_saves(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """`llk bench --saves`: saved games' sizes and times (see llk/bench/saves.py)."""
    from . import saves

    backend = engine.BACKEND
    ctx = context.start(args, err)
    results = saves.run_saves(args.sizes or [(1000, 1000)], backend, args.seed)
    out.write(saves.table(results) + "\n")
    checked = saves.targets_table(results)
    if checked.count("\n") > 1:
        out.write("\nSave targets:\n\n" + checked + "\n")
    if args.json:
        _write_records(args.json, ctx, results)
    return 0


def bench_frames(
    args: argparse.Namespace, out: TextIO, err: TextIO, default_sizes: list[tuple[int, int]]
) -> int:
    """`llk bench --frames`: the game's frame times (see llk/bench/frames.py), on `args.sizes`
    or else `default_sizes`."""
    if args.ops and args.ops != [FRAMES]:
        err.write("llk bench: error: --frames times frames only: leave out --ops\n")
        return 2
    backends = args.backends or [
        b for b in ("rust", "python") if b == "python" or engine.rust_available()
    ]
    wrong = [b for b in backends if b not in ("rust", "python")]
    if wrong:
        err.write(f"llk bench: error: --frames runs the game on rust or python, not {wrong[0]}\n")
        return 2
    if args.plot:
        err.write("llk bench: error: --plot draws the engine's operations, not frames\n")
        return 2
    if importlib.util.find_spec("arcade") is None:
        err.write("llk bench: error: --frames needs the game (arcade): pip install llk\n")
        return 2
    from . import frames, frames_report

    sizes = args.sizes or default_sizes
    renderers = args.renderers or ["grid"]
    ctx = context.start(args, err)
    try:
        results, gl_name = frames.run_frames(sizes, backends, renderers, args.quick, args.seed, err)
    except Exception as error:  # no GL context (no display and no ARCADE_HEADLESS): say so
        if type(error).__module__.split(".")[0] not in ("pyglet", "arcade"):
            raise
        err.write(
            f"llk bench: error: --frames could not open a window ({error}); on a machine "
            "without a screen set ARCADE_HEADLESS=1\n"
        )
        return 2
    machine = context.machine()
    out.write(
        f"llk bench --frames: {machine['processor']}, {machine['cpus']} CPUs, "
        f"window {frames.WINDOW[0]}x{frames.WINDOW[1]}, no MSAA, GL: {gl_name}\n"
        f"{context.summary(ctx)}\n\n"  # the load at the start: a busy machine's frames are slow
    )
    out.write(frames_report.table(results) + "\n")
    off_ns, on_ns = frames.timer_cost()
    phased = frames_report.phase_table(results)
    if phased.count("\n") > 1:
        out.write(
            "\nFrame phases, median / p95 ms (docs/rendering.md, Reading the phase table; "
            f"a marked phase costs {on_ns:.0f} ns timed, {off_ns:.0f} ns in play, "
            "where the timer is off):\n\n"
        )
        out.write(phased + "\n")
    checked = frames_report.check_targets(results)
    if checked:
        out.write("\nFrame targets (Rust core, grid renderer):\n\n")
        out.write(frames_report.targets_table(checked) + "\n")
    if args.json:
        document = {
            "format": FORMAT,
            "context": ctx,
            "machine": machine,
            "settings": {
                "sizes": [f"{r}x{c}" for r, c in sizes],
                "backends": backends,
                "renderers": renderers,
                "quick": args.quick,
                "seed": args.seed,
                "window": list(frames.WINDOW),
            },
            "results": [r.record() for r in results],
            "targets": checked,
            "phase_timer_ns": {"off": off_ns, "on": on_ns},
        }
        from .files import write_json

        write_json(args.json, document)
    return 0

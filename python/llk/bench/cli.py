"""`llk bench`: times the engine's operations on both cores and on the classic algorithm, on
seeded boards of several sizes; prints a Markdown table, and writes JSON and a plot on demand."""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from typing import Any, TextIO

from .. import engine
from .._output import check_target
from . import commands, context, files, modes, processes
from . import ops as ops_module
from .families import FAMILIES
from .ops import CONTENDERS, FRAMES, OPS
from .report import Result
from .runner import Progress, Settings, format_seconds

DEFAULT_SIZES = "30x16,100x100,300x300,1000x1000"
QUICK_SIZES = "16x16,40x40"
# Worker processes a case is timed in: pyperf takes 20 of 3 samples each; 4 is the fewest for
# which the U test over the processes' medians can say p < 0.05 (compare.py).
PROCESSES = 4
MAX_PROCESSES = 64


def _sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        rows, x, cols = part.strip().lower().partition("x")
        if not (x and rows.isdigit() and cols.isdigit() and int(rows) > 0 and int(cols) > 0):
            raise argparse.ArgumentTypeError(f"a size is ROWSxCOLS, like 100x100: not {part!r}")
        if int(rows) * int(cols) > 1 << 24:
            raise argparse.ArgumentTypeError(f"{part}: at most 16,777,216 cells")
        sizes.append((int(rows), int(cols)))
    return sizes


def _ops(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in OPS and name != FRAMES:
            known = ", ".join([*OPS, FRAMES])
            raise argparse.ArgumentTypeError(f"unknown operation {name!r}: one of {known}")
    return names


def _contenders(text: str) -> list[str]:
    chosen: list[str] = []
    for name in (name.strip() for name in text.split(",") if name.strip()):
        expanded = ops_module.CLASSIC if name == "classic" else (name,)
        for contender in expanded:
            if contender not in CONTENDERS:
                known = ", ".join([*CONTENDERS, "classic"])
                raise argparse.ArgumentTypeError(f"unknown backend {name!r}: one of {known}")
            if contender not in chosen:
                chosen.append(contender)
    # Asked for by name, a Rust contender this install cannot run is an error: its rows
    # skipped, the table came out empty and the command ended in success.
    if not engine.rust_available() and (rust := [c for c in chosen if "rust" in c]):
        raise argparse.ArgumentTypeError(
            f"{','.join(rust)}: the Rust core is not built in this install (llk._core is "
            "missing); install llk from its source with a Rust toolchain (`pip install .`, "
            "https://rustup.rs), or leave the Rust contenders out: --backends python"
        )
    return chosen


def _renderers(text: str) -> list[str]:
    from .frames import RENDERERS

    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in RENDERERS:
            raise argparse.ArgumentTypeError(
                f"unknown renderer {name!r}: one of {', '.join(RENDERERS)}"
            )
    return names


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Registers `llk bench` on the `llk` command's subparsers."""
    b = subparsers.add_parser(
        "bench",
        help="time the engine on both cores and the classic algorithm, on boards up to 1000x1000",
        description=(
            "Times each operation on the Rust core, the Python core and the classic algorithm "
            "of the tutorials (in Rust and in Python), on seeded boards of each size: full, "
            "half full, unique kinds, deadlocked (see llk/bench/families.py). Prints a Markdown "
            "table of medians (± half the interquartile range) and of how many times longer the "
            "Python core and the classic algorithm take than the Rust core."
        ),
    )
    b.add_argument(
        "--sizes",
        type=_sizes,
        default=None,
        help=f"board sizes, ROWSxCOLS, comma-separated (default {DEFAULT_SIZES})",
    )
    b.add_argument(
        "--ops",
        type=_ops,
        default=None,
        help=f"operations, comma-separated (default all: {', '.join(OPS)})",
    )
    b.add_argument(
        "--backends",
        type=_contenders,
        default=None,
        help="contenders, comma-separated: rust, python, classic-rust, classic-python, "
        "classic (both classic ones); default all (the Rust ones when the extension is built)",
    )
    b.add_argument(
        "--repeat",
        type=int,
        default=None,
        help="the fewest timed samples per case (default 7; more until the median settles)",
    )
    b.add_argument(
        "--max-time",
        type=float,
        default=None,
        metavar="SECONDS",
        help="each case's time cap: samples go on until the median's 95%% interval is within "
        "--stable of it or this many seconds (default 2, --quick 0.05); a case that does not "
        "settle is marked unstable",
    )
    b.add_argument(
        "--stable",
        type=float,
        default=0.05,
        metavar="FRACTION",
        help="how tight the median's 95%% interval must be, either side (default 0.05: 5%%)",
    )
    b.add_argument(
        "--quick",
        action="store_true",
        help=f"a smoke run in seconds: sizes {QUICK_SIZES}, 5 short samples per case",
    )
    b.add_argument(
        "--processes",
        type=int,
        default=PROCESSES,
        metavar="N",
        help=f"time each case in N worker processes, one after the other, each with its own "
        f"boards, calibration, warm-up and share of the samples (default {PROCESSES}; 1: in "
        "this process). `llk bench compare` compares the processes' medians",
    )
    b.add_argument("--json", metavar="FILE", help="write every result to FILE as JSON")
    b.add_argument("--csv", metavar="FILE", help="write the results to FILE as CSV, a row per case")
    b.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw a log-log plot of time against cells (needs matplotlib: pip install "
        "'llk[bench]')",
    )
    b.add_argument(
        "--frames",
        action="store_true",
        help="time the game's frames instead, in a hidden window (headless: "
        "ARCADE_HEADLESS=1): idle, path-fade, zoom-pan and remove-every-frame on each size "
        "(default 30x16,100x100,300x300,1000x1000), backend and renderer",
    )
    b.add_argument(
        "--saves",
        action="store_true",
        help="time saved games instead: the file's size, its write and read, and the restore, "
        "after up to 10,000 moves on each size (default 1000x1000)",
    )
    b.add_argument(
        "--solver",
        action="store_true",
        help="time the solver instead: states/s on random 30x16 deals, the time to a first "
        "solution on solvable 30x16, 100x100 and 1000x1000 deals (with and without gravity), "
        "bytes per stored state, and a race against KShisen's greedy check (--race: that alone); "
        "--backends rust,python (default both when built)",
    )
    b.add_argument(
        "--race",
        action="store_true",
        help="with --solver: only its race, llk's exact solver against KShisen's greedy "
        "solvable check on the same random deals of KShisen's six sizes, gravity off and down",
    )
    b.add_argument(
        "--renderers",
        type=_renderers,
        default=None,
        help="with --frames: grid, sprites or both, comma-separated (default grid)",
    )
    b.add_argument(
        "--scaling",
        action="store_true",
        help="how each operation's cost grows with the board: path, hint, move count, deadlock "
        "scan, remove, deal and solve from 50x50 to 1000x1000 (--quick: to 200x200), the "
        "exponent k of cost ~ cells^k fitted to each",
    )
    b.add_argument("--seed", type=int, default=1, help="seed of the board families (default 1)")
    b.set_defaults(run=bench)
    commands.add_subcommands(b)
    return b


def bench(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    # A run takes minutes: a file it could not write is said before it starts, not after.
    for option, path in (("--json", args.json), ("--csv", args.csv), ("--plot", args.plot)):
        if path is not None:
            check_target(path, option)
    if args.csv and (args.frames or args.saves or args.solver):
        err.write(
            "llk bench: error: --csv writes the operations' results: not with --frames, "
            "--saves or --solver (their --json has every figure)\n"
        )
        return 2
    if args.frames or (args.ops and FRAMES in args.ops):
        return modes.bench_frames(args, out, err, _sizes(DEFAULT_SIZES))
    if args.saves:
        return modes.bench_saves(args, out, err)
    if args.race and not args.solver:
        err.write("llk bench: error: --race goes with --solver\n")
        return 2
    if args.solver:
        return modes.bench_solver(args, out, err)
    if args.renderers:
        err.write("llk bench: error: --renderers goes with --frames\n")
        return 2
    if args.scaling:
        return bench_scaling(args, out, err)
    sizes = args.sizes or _sizes(QUICK_SIZES if args.quick else DEFAULT_SIZES)
    names = args.ops or list(OPS)
    # By default, every contender this install has (the Rust ones need the extension).
    rust = ("rust", "classic-rust")
    contenders = args.backends or [
        c for c in CONTENDERS if engine.rust_available() or c not in rust
    ]
    if args.repeat is not None and args.repeat < 1:
        err.write("llk bench: error: --repeat must be at least 1\n")
        return 2
    if not 1 <= args.processes <= MAX_PROCESSES:
        err.write(f"llk bench: error: --processes must be in 1 .. {MAX_PROCESSES}\n")
        return 2
    if not 0 <= args.seed < 1 << 64:
        err.write("llk bench: error: --seed must be in 0 .. 2**64 - 1\n")
        return 2
    if args.plot and importlib.util.find_spec("matplotlib") is None:
        err.write("llk bench: error: --plot needs matplotlib: pip install 'llk[bench]'\n")
        return 2
    capped = args.max_time is None or (math.isfinite(args.max_time) and args.max_time >= 0)
    if not capped or not 0 < args.stable < 1:
        err.write("llk bench: error: --max-time must be positive, --stable within 0 .. 1\n")
        return 2
    if args.quick:
        cap = 0.05 if args.max_time is None else args.max_time
        settings = Settings(0, args.repeat or 5, 0.002, cap, stable=args.stable)
    else:
        cap = 2.0 if args.max_time is None else args.max_time
        settings = Settings(repeat=args.repeat or 7, budget=cap, stable=args.stable)

    cases = [
        (size, op, family, contender)
        for size in sizes
        for op in names
        if ops_module.applies(op, *size)
        for family in OPS[op].families
        for contender in contenders
    ]
    ctx = context.start(args, err)
    results = _measure(cases, args.seed, settings, args.processes, err)
    unstable = sum(1 for r in results if r.timing is not None and not r.timing.stable)
    if unstable:
        err.write(
            f"llk bench: warning: {unstable} of {len(results)} cases did not settle (the "
            f"median's 95% interval wider than ±{settings.stable:.0%} at the time cap): "
            "marked unstable; a quieter machine or a longer --max-time may settle them\n"
        )

    recorded = {
        "sizes": [f"{r}x{c}" for r, c in sizes],
        "ops": names,
        "contenders": contenders,
        "families": list(FAMILIES),
        "seed": args.seed,
        "quick": args.quick,
        **settings.record(),
        "max_samples": settings.max_samples,
        "processes": args.processes,
        "rust": engine.rust_available(),
    }
    return finish(args, results, files.to_json(results, recorded, ctx), out)


def _measure(
    cases: list[processes.Case], seed: int, settings: Settings, count: int, err: TextIO
) -> list[Result]:
    """Each case timed in `count` worker processes (processes.py), with the progress bar."""
    progress = Progress(len(cases) * count, err)

    def finished(process: int, index: int, measured: processes.Measured) -> None:
        (rows, cols), op, family, contender = cases[index]
        label = f"{op} {family} {rows}x{cols} {contender}"
        if count > 1:
            label = f"process {process + 1}/{count}: {label}"
        if isinstance(measured, str):
            progress.finish(label, f"skipped ({measured})")
        else:
            unstable = "" if measured.stable else ", unstable"
            progress.finish(label, format_seconds(measured.median) + unstable)
        if index + 1 < len(cases):
            (rows, cols), op, family, contender = cases[index + 1]
            progress.start(f"{op} {family} {rows}x{cols} {contender}")

    if cases:
        (rows, cols), op, family, contender = cases[0]
        progress.start(f"{op} {family} {rows}x{cols} {contender}")
    try:
        measured = processes.measure_cases(cases, seed, settings, count, finished)
    finally:
        progress.close()
    results = []
    for ((rows, cols), op, family, contender), m in zip(cases, measured, strict=True):
        if isinstance(m, str):
            results.append(Result(op, family, rows, cols, contender, skipped=m))
        else:
            results.append(Result(op, family, rows, cols, contender, m))
    return results


def bench_scaling(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """`llk bench --scaling`: each operation over board sizes, its fitted exponents
    (llk/bench/scaling.py)."""
    from . import scaling

    if args.ops:
        err.write("llk bench: error: --scaling times its own operations: leave out --ops\n")
        return 2
    squares = scaling.QUICK_SIZES if args.quick else scaling.SIZES
    sizes = args.sizes or [(n, n) for n in squares]
    contenders = scaling.contenders_of(args.backends)
    settings = scaling.settings_of(args.quick, args.repeat, args.max_time, args.stable)
    slow = scaling.QUICK_SLOW if args.quick else scaling.SLOW
    ctx = context.start(args, err)
    results = scaling.run_scaling(sizes, contenders, args.seed, settings, slow, err)
    recorded = {
        "scaling": True,
        "sizes": [f"{r}x{c}" for r, c in sizes],
        "cases": [list(case) for case in scaling.CASES],
        "contenders": contenders,
        "seed": args.seed,
        "quick": args.quick,
        **settings.record(),
        "slow_s": slow,
        "rust": engine.rust_available(),
    }
    document = scaling.record(files.to_json(results, recorded, ctx), results)
    return finish(args, results, document, out)


def finish(
    args: argparse.Namespace, results: list[Result], document: dict[str, Any], out: TextIO
) -> int:
    """Prints the run's text (`commands.text`: what `llk bench report` prints from its JSON)
    and writes what was asked: --json, --csv, --plot."""
    out.write(commands.text(document))
    if args.json:
        files.write_json(args.json, document)
    if args.csv:
        files.write_csv(args.csv, results)
    if args.plot:
        from . import plot

        scaling = document["settings"].get("scaling")
        plot.plot(args.plot, results, plot.SCALING_TITLE if scaling else plot.TITLE)
    return 0

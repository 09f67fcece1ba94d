"""`llk solve --stats` and `llk solve --batch` (batch.py runs the deals): the table of how many
random deals of KShisen's sizes are solvable, with honest intervals, and its command line."""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TextIO

import llk

from . import _input
from ._input import show
from ._limits import SEED_LIMIT
from ._output import check_target
from ._types import TileMix
from .batch import (
    KSHISEN_KINDS,
    KSHISEN_SIZES,
    MAX_DEALS,
    TIER_FACTOR,
    VERDICTS,
    _key,
    _shape,
    progress_bar,
    read_records,
    run,
    solve_task,
    tasks,
)
from .codes import TILE_MIXES
from .errors import CommandError


def wilson(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a share (scipy's `binomtest(...).proportion_ci`): unlike
    p +- z*sqrt(p(1-p)/n) it stays inside 0..1 and is honest at 0% and 100%, which small
    samples often show."""
    # Imported here: scipy.stats takes most of a second, and every `llk` command reads this
    # module for its options.
    from scipy.stats import binomtest

    interval = binomtest(successes, n).proportion_ci(confidence, method="wilson")
    return float(interval.low), float(interval.high)


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def table(records: Sequence[dict[str, Any]], out: TextIO) -> None:
    """The Markdown table of `records`, a row per size, gravity and tile mix. The solvable
    share is an interval: from the deals solved to those solved or not decided (unknown or
    intractable), and its 95% interval runs from the Wilson interval's low end of the first
    to the high end of the second."""
    print(
        "| KShisen size | board | gravity | tiles | deals | solved | unsolvable | unknown"
        " | intractable | solvable | 95% interval | median | slowest |",
        file=out,
    )
    print("| --- " * 4 + "| ---: " * 9 + "|", file=out)
    rows: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for r in records:
        rows.setdefault((r["size"], r["gravity"], r["tiles"]), []).append(r)
    sizes = [name for name, _, _ in KSHISEN_SIZES]
    order: tuple[list[str], ...] = (sizes, list(llk.GRAVITY_MODES), list(TILE_MIXES))
    for size, gravity, tiles in sorted(
        rows, key=lambda key: [o.index(x) for o, x in zip(order, key, strict=True)]
    ):
        group = rows[size, gravity, tiles]
        n = len(group)
        counts = {v: sum(r["verdict"] == v for r in group) for v in VERDICTS}
        solved, open_ = counts["solved"], counts["unknown"] + counts["intractable"]
        low, high = _percent(solved / n), _percent((solved + open_) / n)
        share = low if low == high else f"{low}-{high}"
        interval = f"{_percent(wilson(solved, n)[0])}-{_percent(wilson(solved + open_, n)[1])}"
        times = [r["seconds"] * 1000 for r in group]
        rows_, cols_ = _shape(size)
        cells = [size, f"{rows_}x{cols_}", gravity, tiles, str(n)]
        cells += [_percent(counts[v] / n) for v in VERDICTS] + [share, interval]
        cells += [f"{statistics.median(times):.1f} ms", f"{max(times):.0f} ms"]
        print("| " + " | ".join(cells) + " |", file=out, flush=True)


def _seeds(text: str) -> range:
    start, colon, stop = text.partition(":")
    if not (colon and start.isdecimal() and stop.isdecimal() and int(start) < int(stop)):
        raise CommandError(
            f"--seeds must be A:B with 0 <= A < B (seeds A to B-1), got {show(text)}; "
            "e.g. --seeds 0:1000"
        )
    if int(stop) > SEED_LIMIT:
        raise CommandError(
            f"--seeds {show(text)} goes past the last seed, 2**64-1; give a range below 2**64"
        )
    return range(int(start), int(stop))


def _shard(text: str) -> tuple[int, int]:
    i, slash, n = text.partition("/")
    if not (slash and i.isdecimal() and n.isdecimal() and int(i) < int(n)):
        raise CommandError(
            f"--shard must be I/N with 0 <= I < N, got {show(text)}; e.g. --shard 0/4 for the "
            "first of four shards"
        )
    return int(i), int(n)


SPLIT_SEEDS = "split the seeds into several runs, or into shards with --shard I/N"
FEWER_SAMPLES = (
    "take fewer --samples, or run --batch in shards and tabulate them with --stats --from"
)


def _check_deals(seeds: int, settings: dict[str, Any], option: str, fix: str) -> None:
    """Refuses a run of more than `MAX_DEALS` deals before any is listed (each is held in
    memory to skip those done); `seeds` is how many seeds the run has."""
    deals = seeds * len(settings["sizes"]) * len(settings["gravities"]) * len(settings["tiles"])
    if deals > MAX_DEALS:
        raise CommandError(
            f"{option} asks for {deals:,} deals: at most {MAX_DEALS:,} a run (each deal is "
            f"listed in memory before the run starts); {fix}"
        )


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    """The command line's deals and solver budget, checked."""
    gravities = [_input.as_gravity(g) for g in args.gravity.split(",")]
    tiles: list[TileMix] = []
    for mix in args.tiles.split(","):
        if mix not in TILE_MIXES:
            raise llk.BoardError(f"--tiles must be even, kshisen or both, got {mix!r}")
        tiles.append("kshisen" if mix == "kshisen" else "even")
    sizes = args.sizes.split(",") if args.sizes else [name for name, _, _ in KSHISEN_SIZES]
    for size in sizes:
        _shape(size)
    seconds = args.seconds
    if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
        raise llk.BoardError(f"--seconds must be a number of seconds > 0, got {seconds}")
    budget = _input.as_count("--budget", args.budget, minimum=1)
    tiers = _input.as_count("--tiers", args.tiers)
    # 10**20 > 2**64: more tiers than that always overflow (and 10**tiers itself is huge).
    if tiers >= 20 or budget * TIER_FACTOR**tiers >= SEED_LIMIT:
        # Found at the last tier, mid-run, after hours: said before the first deal instead.
        raise CommandError(
            f"--tiers {tiers} with --budget {budget} asks the last tier for {budget} x "
            f"{TIER_FACTOR}**{tiers} states, and a budget is below 2**64; take fewer tiers"
        )
    return dict(
        sizes=sizes, gravities=gravities, tiles=tiles, budget=budget, seconds=seconds, tiers=tiers
    )


def _jobs(args: argparse.Namespace) -> int:
    return _input.as_count("--jobs", args.jobs, minimum=1) if args.jobs else os.cpu_count() or 1


def batch(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """`llk solve --batch --seeds A:B --out FILE`: a JSON line a deal, appended to FILE."""
    # The streams of the moment, not of the import (a test's captured stream is closed later).
    out, err = out or sys.stdout, err or sys.stderr
    if args.seeds is None or args.out is None:
        raise CommandError(
            "--batch needs --seeds A:B and --out FILE; e.g. --seeds 0:100 --out r.jsonl"
        )
    seeds = _seeds(args.seeds)
    step = 1
    if args.shard is not None:
        i, step = _shard(args.shard)
        seeds = range(seeds.start + (i - seeds.start) % step, seeds.stop, step)
    settings = _settings(args)
    _check_deals(
        max(0, -(-(seeds.stop - seeds.start) // step)),
        settings,
        f"--seeds {args.seeds}",
        SPLIT_SEEDS,
    )
    check_target(args.out, "--out")
    todo = tasks(seeds=seeds, **settings)
    count, skipped = run(todo, args.out, jobs=_jobs(args), err=err)
    print(f"{count} deals solved, {skipped} already in {args.out}", file=out)
    return 0


def stats(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """How many random deals of each KShisen size can be cleared: `--samples` seeds run here
    on `--jobs` threads (the Rust core releases the GIL; the Python core holds it), or the
    records of batch files (`--from`)."""
    out, err = out or sys.stdout, err or sys.stderr
    if args.from_:
        # A deal in two files (shards that overlap, a run resumed into another file) counts once.
        unique = {_key(r): r for path in args.from_ for r in read_records(path, option="--from")}
        records = list(unique.values())
        if not records:
            raise llk.BoardError(f"--from: no records in {', '.join(args.from_)}")
        first = records[0]
        runs = {(r["budget"], r["limit"], r["tiers"]) for r in records}
        seeds = sorted({r["seed"] for r in records})
        head = f"{len(records)} deals, {len(seeds)} seeds from {seeds[0]} to {seeds[-1]}"
        command = f"llk solve --stats --from {' '.join(map(os.path.basename, args.from_))}"
        budget, seconds, tiers = first["budget"], first["limit"], first["tiers"]
        if len(runs) > 1:
            raise llk.BoardError("--from: the files hold runs of different budgets or tiers")
    else:
        settings = _settings(args)
        samples = _input.as_count("--samples", args.samples, minimum=1)
        _check_deals(samples, settings, f"--samples {samples}", FEWER_SAMPLES)
        todo = tasks(seeds=range(samples), **settings)
        records = []
        with (
            ThreadPoolExecutor(max_workers=_jobs(args)) as pool,
            progress_bar(len(todo), "deals", err) as bar,
        ):
            try:
                for record in pool.map(solve_task, todo):
                    records.append(record)
                    bar.set_postfix_str(f"{record['size']} {record['gravity']}", refresh=False)
                    bar.update()
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
        head = f"{samples} seeds a row, {llk.BACKEND} backend, {_jobs(args)} jobs"
        budget, seconds, tiers = settings["budget"], settings["seconds"], settings["tiers"]
        command = f"llk solve --stats --samples {samples} {_options(args)}"
    limit = f"{budget:,} states"
    limit += f" or {seconds:g} s a board, whichever ends first" if seconds else " a board"
    if tiers:
        limit += f"; what is left unknown re-run at {TIER_FACTOR}x both, {tiers}x (tiers)"
    print(
        f"Random deals, {head}; solver budget {limit} (`{command}`). Tiles: even is 4 a kind,"
        f" kshisen KShisen's {KSHISEN_KINDS} kinds dealt four at a time.",
        file=out,
    )
    print("", file=out)
    table(records, out)
    return 0


def _options(args: argparse.Namespace) -> str:
    """The options of a run as the command line gives them, those left at their default out."""
    chosen = [f"--budget {args.budget}"]
    chosen += [f"--seconds {args.seconds:g}"] if args.seconds is not None else []
    chosen += [f"--tiers {args.tiers}"] if args.tiers else []
    chosen += [f"--sizes {args.sizes}"] if args.sizes else []
    chosen += [f"--gravity {args.gravity}"] if args.gravity != "none,down" else []
    chosen += [f"--tiles {args.tiles}"] if args.tiles != "even" else []
    return " ".join(chosen)


def add_arguments(s: argparse.ArgumentParser) -> None:
    """`llk solve`'s options for --stats and --batch."""
    s.add_argument("--stats", action="store_true", help="tabulate how many deals are solvable")
    s.add_argument("--batch", action="store_true", help="write a JSON line a deal to --out")
    s.add_argument("--samples", type=int, default=100, help="with --stats: seeds per row")
    s.add_argument(
        "--seeds", help=f"with --batch: seeds A:B (A to B-1; at most {MAX_DEALS:,} deals a run)"
    )
    s.add_argument("--out", help="with --batch: the JSON lines file to append to")
    s.add_argument("--shard", help="with --batch: I/N, every N-th seed from the I-th")
    s.add_argument(
        "--from", dest="from_", nargs="+", default=[], help="with --stats: batch files to tabulate"
    )
    s.add_argument(
        "--seconds", type=float, default=None, help="also a time limit a board (then unknown)"
    )
    s.add_argument("--tiers", type=int, default=0, help="re-run unknowns at 10x, N times")
    s.add_argument("--jobs", type=int, default=0, help="threads (default: one per core)")
    s.add_argument("--gravity", default="none,down", help="gravity modes, comma-separated")
    s.add_argument("--tiles", default="even", help="tile mixes: even, kshisen or even,kshisen")
    s.add_argument(
        "--sizes", default="", help="KShisen sizes (columns x rows), e.g. 24x12,30x16 (all six)"
    )

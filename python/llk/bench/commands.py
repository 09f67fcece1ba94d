"""`llk bench compare`, `llk bench plot` and `llk bench report`: what is done with a saved
result file, and the text of a result (`text`), which a run prints and `report` prints again
from the file, the same (docs/results/*.md are that text; tests/bench/test_published.py holds
them to their JSON)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any, TextIO

from .._output import check_target
from . import files, report


def add_subcommands(bench: argparse.ArgumentParser) -> None:
    """`compare`, `plot` and `report` under `llk bench` (which runs the bench without one)."""
    sub = bench.add_subparsers(dest="bench_command", metavar="{compare,plot,report}")
    c = sub.add_parser(
        "compare",
        help="compare two result files, case by case: NEW's time over OLD's, its 95%% "
        "interval and whether the change is significant",
        description="Compares two JSON results of `llk bench` case by case: the ratio of the "
        "medians (NEW / OLD: over 1 is slower), its 95%% bootstrap interval, the Mann-Whitney "
        "U test's p-value and whether the change is significant (p < 0.05 and an interval "
        "wholly outside the noise band, --noise), and the geometric mean of the ratios. What "
        "is compared are the worker processes' medians (llk bench --processes), or the "
        "samples of files timed in one process. Needs scipy (pip install 'llk[bench]').",
    )
    c.add_argument("old", metavar="OLD.json")
    c.add_argument("new", metavar="NEW.json")
    c.add_argument(
        "--fail-above",
        type=float,
        metavar="RATIO",
        help="exit 1 when a case is significantly slower than RATIO times its old time "
        "(1.10: 10%% slower), for CI's regression checks",
    )
    c.add_argument(
        "--noise",
        type=_noise,
        default=None,
        metavar="FRACTION",
        help="the run-to-run drift within which no change is reported: significant only when "
        "the whole interval is beyond 1 + FRACTION or below 1 / (1 + FRACTION) (default "
        "0.05: 5%%)",
    )
    c.set_defaults(run=bench_compare)
    p = sub.add_parser("plot", help="draw the log-log plot of a saved result")
    p.add_argument("result", metavar="RESULT.json")
    p.add_argument("--out", metavar="FILE.png", help="where (default: RESULT.png beside it)")
    p.set_defaults(run=bench_plot)
    r = sub.add_parser(
        "report",
        help="print a saved result's tables again, as its run printed them (the docs' "
        "figures: llk bench report docs/results/bench.json > docs/results/bench.md)",
    )
    r.add_argument("result", metavar="RESULT.json")
    r.set_defaults(run=bench_report)


def _noise(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value < 10:
        raise argparse.ArgumentTypeError(f"{text!r} is not a fraction in 0 .. 10 (0.05: 5%)")
    return value


def text(document: dict[str, Any]) -> str:
    """What a run prints on stdout, from its result file."""
    if document.get("settings", {}).get("scaling"):
        from . import scaling

        return scaling.text(document)
    results = files.results_of(document)
    parts = [report.header(document), report.table(results), "\n\n", report.LEGEND, "\n"]
    checked = report.check_targets(results)
    if checked:
        parts += ["\nSpeed targets (1000x1000):\n\n", report.targets_table(checked), "\n"]
    return "".join(parts)


def bench_report(args: argparse.Namespace, out: TextIO | None = None) -> int:
    (out or sys.stdout).write(text(files.read(args.result)))
    return 0


def bench_plot(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from . import plot

    path = args.out or str(Path(args.result).with_suffix(".png"))
    check_target(path, "--out")
    document = files.read(args.result)
    title = plot.SCALING_TITLE if document.get("settings", {}).get("scaling") else plot.TITLE
    plot.plot(path, files.results_of(document), title, option="--out")
    (out or sys.stdout).write(f"llk bench plot: {path}\n")
    return 0


def bench_compare(
    args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    from . import compare

    return compare.run(args, out or sys.stdout, err or sys.stderr)

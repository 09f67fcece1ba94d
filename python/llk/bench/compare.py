"""`llk bench compare OLD.json NEW.json`: two result files, case by case (issue 26, item 2;
issue 41, item 2).

For each case timed in both files: the ratio of the medians, NEW / OLD (over 1: slower), with
a 95% confidence interval, a percentile bootstrap (`scipy.stats.bootstrap`, as criterion
bootstraps its change estimates), and the two-sided Mann-Whitney U test's p-value
(`scipy.stats.mannwhitneyu`: no assumption on the samples' law, where timings are skewed and
have outliers).

What is compared are the worker processes' medians when both files timed the case in several
processes (`llk bench --processes`, the default: processes.py), the samples themselves
otherwise (files from before, or `--processes 1`). The samples of one process are not
independent: they share its memory layout, its caches and its slice of a busy machine, so two
runs of the same build differ by more than their samples' spread says, and a test that counts
them as independent calls half the cases of two identical runs significant. The processes'
medians are independent, and their spread is the run-to-run noise itself.

A change is significant when the U test says p < 0.05 AND the whole interval lies outside the
noise band: slower than 1 + NOISE or faster than 1 / (1 + NOISE) (`--noise`, 5% by default):
a machine shared with others drifts by a few per cent from one run to the next, whatever the
build. Then the geometric mean of the ratios (`scipy.stats.gmean`), over all the cases and per
contender; the cases in one file only, or skipped in one; and a warning when the files were
measured on different machines, builds or Pythons.

`--fail-above RATIO` exits 1 when some case is significantly slower than RATIO times its old
time. With fewer than 4 processes (or samples) a side no change can be significant (the U
test's smallest p-value for 3 against 3 is 0.1): `llk bench` takes 4 processes by default.
The experiments that check all this are in docs/benchmarking.md (scripts/compare_experiments.py).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, TextIO

import numpy as np

from . import files
from .context import SAME_MACHINE
from .report import CONTENDER_TITLES, Result, _key
from .runner import Timing, format_seconds

ALPHA = 0.05
CONFIDENCE = 0.95
RESAMPLES = 2000
# The run-to-run drift of a shared machine that no change is reported within (--noise).
NOISE = 0.05


@dataclass(frozen=True)
class Change:
    """NEW's median over OLD's, its interval (None with fewer than 2 samples a side), the
    U test's p-value, and whether the change is significant."""

    old: float  # the medians compared (of the processes' medians, or of the samples)
    new: float
    ratio: float
    low: float | None
    high: float | None
    p: float
    significant: bool


def _scipy_stats() -> Any:
    # Imported when used: scipy.stats takes most of a second, and `llk`'s parser imports this.
    from scipy import stats

    return stats


def _median_ratio(old: np.ndarray, new: np.ndarray, axis: int = -1) -> np.ndarray:
    ratio: np.ndarray = np.median(new, axis=axis) / np.median(old, axis=axis)
    return ratio


def compared_units(old: Timing, new: Timing) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """What is compared: the processes' medians when both sides were timed in several
    processes, else every sample."""
    if len(old.runs) >= 2 and len(new.runs) >= 2:
        return old.run_medians, new.run_medians
    return old.samples, new.samples


def change(old: Timing, new: Timing, noise: float = NOISE) -> Change:
    """How NEW's timing compares with OLD's (seconds per operation): significant when the U
    test and the interval agree, the interval outside the noise band."""
    stats = _scipy_stats()
    units = compared_units(old, new)
    a, b = (np.asarray(u, dtype=float) for u in units)
    ratio = float(np.median(b) / np.median(a))
    p = float(stats.mannwhitneyu(a, b, alternative="two-sided").pvalue)
    low = high = None
    if a.size >= 2 and b.size >= 2:
        interval = stats.bootstrap(
            (a, b),
            _median_ratio,
            n_resamples=RESAMPLES,
            vectorized=True,
            paired=False,
            confidence_level=CONFIDENCE,
            method="percentile",
            rng=np.random.default_rng(0),
        ).confidence_interval
        low, high = float(interval.low), float(interval.high)
    beyond = low is not None and high is not None and (low > 1 + noise or high < 1 / (1 + noise))
    old_median, new_median = float(np.median(a)), float(np.median(b))
    return Change(old_median, new_median, ratio, low, high, p, p < ALPHA and beyond)


def context_warnings(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What differs between the two files' machines and builds, each as a sentence."""
    said = []
    for name, document in (("OLD", old), ("NEW", new)):
        if "context" not in document:
            said.append(f"{name} has no context (a file from before format 2): cannot tell")
    a, b = old.get("context", {}), new.get("context", {})
    for key in SAME_MACHINE:
        if a and b and a.get(key) != b.get(key):
            said.append(f"{key} differs: {a.get(key)!r} (OLD) against {b.get(key)!r} (NEW)")
    for name, ctx in (("OLD", a), ("NEW", b)):
        load, cores = ctx.get("load_average"), ctx.get("cores") or 1
        if load is not None and load > 0.5 * cores:
            said.append(f"{name} ran on a busy machine (load average {load:.2f}, {cores} cores)")
    return said


def _label(r: Result) -> str:
    return f"{r.op} {r.family} {r.size} {r.contender}"


def _interval(c: Change) -> str:
    if c.low is None or c.high is None:
        return "(too few samples)"
    return f"{c.low:.2f} .. {c.high:.2f}"


def _verdict(c: Change) -> str:
    if not c.significant:
        return "not significant"
    return f"{c.ratio:.2f}x slower" if c.ratio > 1 else f"{1 / c.ratio:.2f}x faster"


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    stats = _scipy_stats()
    noise = NOISE if args.noise is None else args.noise
    old_doc, new_doc = files.read(args.old), files.read(args.new)
    for sentence in context_warnings(old_doc, new_doc):
        err.write(f"llk bench compare: warning: {sentence}\n")
    old = {_label(r): r for r in files.results_of(old_doc)}
    new = {_label(r): r for r in files.results_of(new_doc)}
    out.write(f"llk bench compare: OLD {args.old}, NEW {args.new}\n\n")
    out.write(
        "| operation | board | size | backend | old | new | new ÷ old | 95% interval | p "
        "| change |\n| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n"
    )
    ratios: dict[str, list[float]] = {}
    slower: list[str] = []
    left: list[str] = []
    both = 0
    for label, r in sorted(new.items(), key=lambda item: _key(item[1])):
        before = old.get(label)
        if before is None:
            left.append(f"{label}: in NEW only")
            continue
        if r.timing is None and before.timing is None:
            both += 1  # n/a or capped in both: nothing to say
            continue
        if r.timing is None or before.timing is None:
            why = "NEW" if r.timing is None else "OLD"
            left.append(f"{label}: skipped in {why} ({r.skipped or before.skipped})")
            continue
        c = change(before.timing, r.timing, noise)
        ratios.setdefault(r.contender, []).append(c.ratio)
        title = CONTENDER_TITLES.get(r.contender, r.contender)
        out.write(
            f"| {r.op} | {r.family} | {r.size} | {title} | {format_seconds(c.old)}"
            f" | {format_seconds(c.new)} | {c.ratio:.3f} | {_interval(c)} "
            f"| {c.p:.3f} | {_verdict(c)} |\n"
        )
        if args.fail_above is not None and c.significant and c.ratio > args.fail_above:
            slower.append(f"{label}: {c.ratio:.2f}x its old time ({_interval(c)})")
    left += [f"{label}: in OLD only" for label in old if label not in new]
    every = [ratio for values in ratios.values() for ratio in values]
    if every:
        out.write(f"\nGeometric mean of new ÷ old: {float(stats.gmean(every)):.3f} over ")
        out.write(f"{len(every)} cases")
        per = [f"{c} {float(stats.gmean(v)):.3f} ({len(v)})" for c, v in ratios.items()]
        out.write(f"; per backend: {', '.join(per)}\n")
    else:
        out.write("\nNo case was timed in both files.\n")
    if left:
        out.write("\nNot compared:\n\n" + "".join(f"- {line}\n" for line in left))
    if both:
        out.write(f"\n{both} cases skipped in both files (n/a, capped).\n")
    if slower:
        err.write(
            f"llk bench compare: {len(slower)} case(s) significantly slower than "
            f"{args.fail_above:g}x:\n" + "".join(f"  {line}\n" for line in slower)
        )
        return 1
    return 0

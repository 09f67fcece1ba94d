"""`llk bench compare OLD.json NEW.json`: two result files, case by case (issue 26, item 2).

For each case timed in both files: the ratio of the medians, NEW / OLD (over 1: slower), with
a 95% confidence interval, a percentile bootstrap over both files' samples
(`scipy.stats.bootstrap`, as criterion bootstraps its change estimates), and the two-sided
Mann-Whitney U test's p-value (`scipy.stats.mannwhitneyu`: no assumption on the samples' law,
where timings are skewed and have outliers). A change is significant when both agree: p < 0.05
and an interval without 1. Then the geometric mean of the ratios (`scipy.stats.gmean`), over
all the cases and per contender; the cases in one file only, or skipped in one; and a warning
when the files were measured on different machines, builds or Pythons.

`--fail-above RATIO` exits 1 when some case is significantly slower than RATIO times its old
time. With fewer than 4 samples a side no change can be significant (the U test's smallest
p-value for 3 against 3 is 0.1): a run of `--quick` takes 5.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, TextIO

import numpy as np

from . import files
from .context import SAME_MACHINE
from .report import CONTENDER_TITLES, Result, _key
from .runner import format_seconds

ALPHA = 0.05
CONFIDENCE = 0.95
RESAMPLES = 2000


@dataclass(frozen=True)
class Change:
    """NEW's median over OLD's, its interval (None with fewer than 2 samples a side), the
    U test's p-value, and whether the change is significant."""

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


def change(old: tuple[float, ...], new: tuple[float, ...]) -> Change:
    """How NEW's samples compare with OLD's (seconds per operation, each)."""
    stats = _scipy_stats()
    a, b = np.asarray(old, dtype=float), np.asarray(new, dtype=float)
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
    outside = low is not None and high is not None and not low <= 1.0 <= high
    return Change(ratio, low, high, p, p < ALPHA and outside)


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
        c = change(before.timing.samples, r.timing.samples)
        ratios.setdefault(r.contender, []).append(c.ratio)
        title = CONTENDER_TITLES.get(r.contender, r.contender)
        out.write(
            f"| {r.op} | {r.family} | {r.size} | {title} | {format_seconds(before.timing.median)}"
            f" | {format_seconds(r.timing.median)} | {c.ratio:.3f} | {_interval(c)} "
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

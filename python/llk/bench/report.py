"""What `llk bench` reports: the table (Markdown, as docs/results/bench.md keeps it), the JSON
results, the log-log plot, and the issue's speed targets held against the numbers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .context import FORMAT, machine
from .ops import CONTENDERS, OPS
from .runner import Timing, format_seconds

CONTENDER_TITLES = {
    "rust": "Rust core",
    "python": "Python core",
    "classic-rust": "classic (Rust)",
    "classic-python": "classic (Python)",
}
LEGEND = (
    "Medians per operation, ± half the interquartile range of the samples. python ÷ rust: how "
    "many times longer the Python core takes than the Rust core; classic ÷ rust: the classic "
    "algorithm in Rust against the Rust core. n/a: the classic algorithm has no shuffle, deal or "
    "solver. capped: left out, the classic algorithm would test too many pairs (or the Python "
    "core's deal would take too long) for a bench of minutes. unstable: the median's 95% "
    "interval was still wider than asked (±5% by default) when the case's time cap came."
)
# (name, numerator, denominator): how many times longer the numerator takes.
RATIOS = (
    ("python ÷ rust", "python", "rust"),
    ("classic ÷ rust", "classic-rust", "rust"),
)


@dataclass(frozen=True)
class Result:
    op: str
    family: str
    rows: int
    cols: int
    contender: str
    timing: Timing | None = None
    skipped: str | None = None

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"

    @property
    def median(self) -> float | None:
        return None if self.timing is None else self.timing.median


@dataclass(frozen=True)
class Target:
    contender: str
    op: str
    family: str
    size: tuple[int, int]
    limit: float
    what: str


_BIG = (1000, 1000)
TARGETS = (
    Target("rust", "path", "full", _BIG, 2e-6, "best path, random same-kind pairs"),
    Target("rust", "path", "half", _BIG, 2e-6, "best path, random same-kind pairs"),
    Target("rust", "path-linking", "full", _BIG, 5e-6, "best path, pairs that link"),
    Target("rust", "path-linking", "half", _BIG, 5e-6, "best path, pairs that link"),
    Target("rust", "near-miss", "full", _BIG, 5e-6, "near miss of a refused click"),
    Target("rust", "near-miss", "half", _BIG, 5e-6, "near miss of a refused click"),
    Target("rust", "is_deadlocked", "deadlocked", _BIG, 8e-3, "is_deadlocked, full scan"),
    Target("rust", "is_deadlocked", "unique", _BIG, 30e-3, "is_deadlocked, 50%, unique kinds"),
    Target("rust", "move_count", "full", _BIG, 15e-3, "move_count, full, 50 kinds"),
    Target("rust", "move_count", "half", _BIG, 45e-3, "move_count, 50% density"),
    Target("rust", "hint-near", "full", _BIG, 50e-6, "hint near a cell, wherever it is"),
    Target("rust", "hint-near", "half", _BIG, 50e-6, "hint near a cell, wherever it is"),
    Target("rust", "move_density", "full", _BIG, 20e-3, "move density for the minimap"),
    Target("rust", "move_density", "half", _BIG, 20e-3, "move density for the minimap"),
    Target("rust", "remove", "full", _BIG, 1e-3, "remove + is there still a move?"),
    Target("rust", "remove", "half", _BIG, 1e-3, "remove + is there still a move?"),
    Target("rust", "deal", "dealt", _BIG, 0.5, "solvable deal, 50 kinds"),
    Target("python", "is_deadlocked", "deadlocked", _BIG, 300e-3, "is_deadlocked, full scan"),
    Target("python", "move_count", "full", _BIG, 500e-3, "move_count, full, 50 kinds"),
    Target("python", "move_count", "half", _BIG, 500e-3, "move_count, 50% density"),
    Target("python", "path", "full", _BIG, 15e-6, "best path, random same-kind pairs"),
    Target("python", "path", "half", _BIG, 15e-6, "best path, random same-kind pairs"),
    Target("python", "path-linking", "full", _BIG, 15e-6, "best path, pairs that link"),
    Target("python", "path-linking", "half", _BIG, 15e-6, "best path, pairs that link"),
    Target("python", "near-miss", "full", _BIG, 60e-6, "near miss of a refused click"),
    Target("python", "near-miss", "half", _BIG, 60e-6, "near miss of a refused click"),
)


def _key(r: Result) -> tuple[int, int, int, str]:
    return (list(OPS).index(r.op) if r.op in OPS else len(OPS), r.cells, r.rows, r.family)


def _cell(result: Result | None) -> str:
    if result is None:
        return ""
    if result.timing is None:
        reason = result.skipped or "skipped"
        return "n/a" if reason == "n/a" else "capped" if reason.startswith("capped") else "—"
    spread = result.timing.spread * 100
    flag = "" if result.timing.stable else " unstable"
    return f"{format_seconds(result.timing.median)} ±{spread:.0f}%{flag}"


def _ratio(top: Result | None, bottom: Result | None) -> float | None:
    if top is None or bottom is None or top.median is None or bottom.median is None:
        return None
    return top.median / bottom.median if bottom.median > 0 else None


def _format_ratio(ratio: float | None) -> str:
    if ratio is None:
        return ""
    return f"{ratio:.0f}x" if ratio >= 10 else f"{ratio:.1f}x"


def _grouped(
    results: list[Result],
) -> list[tuple[tuple[str, str, int, int], dict[str, Result]]]:
    rows: dict[tuple[str, str, int, int], dict[str, Result]] = {}
    for r in sorted(results, key=_key):
        rows.setdefault((r.op, r.family, r.rows, r.cols), {})[r.contender] = r
    return list(rows.items())


def table(results: list[Result]) -> str:
    """The results as a Markdown table: one row per operation, board family and size, a
    column per contender (median per operation, ± half the interquartile range), and how many
    times longer the Python core and the classic algorithm (in Rust) take than the Rust core."""
    contenders = [c for c in CONTENDERS if any(r.contender == c for r in results)]
    ratios = [ratio for ratio in RATIOS if ratio[1] in contenders and ratio[2] in contenders]
    head = ["operation", "board", "size"] + [CONTENDER_TITLES[c] for c in contenders]
    head += [name for name, _, _ in ratios]
    lines = ["| " + " | ".join(head) + " |"]
    lines.append("| " + " | ".join(["---"] * 3 + ["---:"] * (len(head) - 3)) + " |")
    for (op, family, rows, cols), by in _grouped(results):
        cells = [OPS[op].title if op in OPS else op, family, f"{rows}x{cols}"]
        cells += [_cell(by.get(c)) for c in contenders]
        cells += [_format_ratio(_ratio(by.get(top), by.get(bottom))) for _, top, bottom in ratios]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def check_targets(results: list[Result]) -> list[dict[str, Any]]:
    """The speed targets whose case was run: each with the median measured and whether it
    holds."""
    found = {(r.contender, r.op, r.family, r.rows, r.cols): r for r in results}
    checked = []
    for t in TARGETS:
        r = found.get((t.contender, t.op, t.family, *t.size))
        if r is None or r.median is None:
            continue
        checked.append(
            {
                "contender": t.contender,
                "op": t.op,
                "family": t.family,
                "size": f"{t.size[0]}x{t.size[1]}",
                "what": t.what,
                "limit_s": t.limit,
                "median_s": r.median,
                "holds": r.median <= t.limit,
            }
        )
    return checked


def targets_table(checked: list[dict[str, Any]]) -> str:
    lines = [
        "| core | target | board | limit | median | |",
        "| --- | --- | --- | ---: | ---: | --- |",
    ]
    for t in checked:
        lines.append(
            f"| {t['contender']} | {t['what']} | {t['family']} {t['size']} "
            f"| {format_seconds(t['limit_s'])} | {format_seconds(t['median_s'])} "
            f"| {'holds' if t['holds'] else 'MISSES'} |"
        )
    return "\n".join(lines)


def to_json(
    results: list[Result], settings: dict[str, Any], context: dict[str, Any]
) -> dict[str, Any]:
    from .. import __version__

    records = []
    for r in sorted(results, key=_key):
        record: dict[str, Any] = {
            "op": r.op,
            "title": OPS[r.op].title if r.op in OPS else r.op,
            "family": r.family,
            "rows": r.rows,
            "cols": r.cols,
            "cells": r.cells,
            "contender": r.contender,
        }
        if r.timing is None:
            record["skipped"] = r.skipped
        else:
            q1, q3 = r.timing.quartiles
            low, high = r.timing.ci
            record.update(
                median_s=r.timing.median,
                ci_low_s=low,
                ci_high_s=high,
                unstable=not r.timing.stable,
                q1_s=q1,
                q3_s=q3,
                min_s=min(r.timing.samples),
                max_s=max(r.timing.samples),
                spread=r.timing.spread,
                samples_s=list(r.timing.samples),
                per_sample=r.timing.number,
            )
        records.append(record)
    ratios = []
    for (op, family, rows, cols), by in _grouped(results):
        entry: dict[str, Any] = {"op": op, "family": family, "rows": rows, "cols": cols}
        for top, bottom in (
            ("python", "rust"),
            ("classic-rust", "rust"),
            ("classic-python", "python"),
            ("classic-python", "rust"),
        ):
            value = _ratio(by.get(top), by.get(bottom))
            if value is not None:
                entry[f"{top}/{bottom}"] = value
        ratios.append(entry)
    return {
        "format": FORMAT,
        "llk": __version__,
        "context": context,
        "machine": machine(),
        "settings": settings,
        "results": records,
        "ratios": ratios,
        "targets": check_targets(results),
    }


def write_json(
    path: str, results: list[Result], settings: dict[str, Any], context: dict[str, Any]
) -> None:
    Path(path).write_text(json.dumps(to_json(results, settings, context), indent=1) + "\n")


def plot(path: str, results: list[Result]) -> None:
    """A log-log plot of the time of one operation against the board's cells, one panel per
    operation, a colour per contender and a marker per board family."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise ImportError(
            "--plot needs matplotlib: pip install 'llk[bench]' (or pip install matplotlib)"
        ) from error
    # Operations timed on two sizes or more: a single point says nothing about growth.
    ops = [
        op
        for op in OPS
        if len({r.cells for r in results if r.op == op and r.timing is not None}) >= 2
    ]
    if not ops:
        raise ValueError("nothing was timed on two sizes or more: no plot to draw")
    columns = min(3, len(ops))
    rows = (len(ops) + columns - 1) // columns
    figure, axes = plt.subplots(
        rows,
        columns,
        figsize=(4.4 * columns, 3.2 * rows + 0.8),
        squeeze=False,
        layout="constrained",
    )
    colours = {"rust": "#c0392b", "python": "#2471a3", "classic-rust": "#e67e22"}
    colours["classic-python"] = "#7d3c98"
    styles: dict[str, Literal["-", "--"]] = {
        "rust": "-",
        "python": "-",
        "classic-rust": "--",
        "classic-python": "--",
    }
    markers = {"full": "o", "half": "s", "unique": "^", "deadlocked": "D", "dealt": "o"}
    for ax, op in zip(axes.flat, ops, strict=False):
        for contender in CONTENDERS:
            for family in OPS[op].families:
                points = sorted(
                    (r.cells, r.median)
                    for r in results
                    if (r.op, r.contender, r.family) == (op, contender, family) and r.median
                )
                if not points:
                    continue
                xs, ys = zip(*points, strict=True)
                ax.plot(
                    xs,
                    ys,
                    marker=markers.get(family, "o"),
                    color=colours[contender],
                    linestyle=styles[contender],
                    markersize=4,
                    linewidth=1.2,
                )
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(OPS[op].title, fontsize=10)
        ax.set_xlabel("cells", fontsize=8)
        ax.set_ylabel("seconds per operation", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(True, which="major", alpha=0.3)
    for ax in list(axes.flat)[len(ops) :]:
        ax.set_visible(False)
    from matplotlib.lines import Line2D

    shown = [c for c in CONTENDERS if any(r.contender == c and r.median for r in results)]
    handles = [
        Line2D([], [], color=colours[c], linestyle=styles[c], label=CONTENDER_TITLES[c])
        for c in shown
    ]
    families = [f for f in markers if f != "dealt" and any(r.family == f for r in results)]
    handles += [
        Line2D([], [], color="grey", marker=markers[f], linestyle="", label=f"{f} board")
        for f in families
    ]
    figure.legend(handles=handles, loc="outside lower center", ncols=len(handles), fontsize=8)
    figure.suptitle("llk bench: time per operation against board size (log-log)", fontsize=11)
    figure.savefig(path, dpi=80)
    plt.close(figure)

"""What `llk bench` reports: the table (Markdown, as docs/results/bench.md keeps it) and its
header, and the issue's speed targets held against the numbers (the JSON and CSV: files.py;
the plot: plot.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .context import summary
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


# Operations timed by `--scaling` alone (llk/bench/scaling.py), and their titles.
EXTRA_TITLES = {
    "solve-first": "solve, to a first solution or 2,000 states (solvable deal, 48 kinds, a move in)"
}


def title(op: str) -> str:
    """The operation's title in tables and plots."""
    return OPS[op].title if op in OPS else EXTRA_TITLES.get(op, op)


def _key(r: Result) -> tuple[int, int, int, str]:
    return (list(OPS).index(r.op) if r.op in OPS else len(OPS), r.cells, r.rows, r.family)


def _cell(result: Result | None) -> str:
    if result is None:
        return ""
    if result.timing is None:
        reason = result.skipped or "skipped"
        if reason == "n/a" or reason.startswith(("capped", "stopped")):
            return reason.split(":")[0]
        return "—"
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
        cells = [title(op), family, f"{rows}x{cols}"]
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


def header(document: dict[str, Any]) -> str:
    """The lines above the table: the machine, the build, the seed; the commit, the date and
    the load at the start when the file has them (files of format 2 and up)."""
    m, settings = document.get("machine", {}), document.get("settings", {})
    line = (
        f"llk bench: {m.get('processor')}, {m.get('cpus')} CPUs, Python {m.get('python')}, "
        f"Rust extension: {m.get('rust_extension') or 'not built'}; seed {settings.get('seed')}"
    )
    if "context" in document:
        line += "\n" + summary(document["context"])
    return line + "\n\n"

"""`llk bench --frames`: the frame targets the issues set, and the tables of the results
(frames.py times them; handover.py times the hand-overs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# (scenario, size, limit in ms, what, statistic): the issues' targets, checked when their case
# was run, on the median, the 95th percentile or the worst of the frames, or on a hand-over's
# time ("hand-over").
TARGETS = (
    ("idle", "1000x1000", 16.7, "the whole 1000x1000 board, idle", "median"),
    ("zoom-pan", "1000x1000", 16.7, "1000x1000 while zooming and panning", "median"),
    ("zoom-pan", "1000x1000", 16.7, "1000x1000 while zooming and panning, p95", "p95"),
    ("remove-every-frame", "1000x1000", 16.7, "1000x1000 removing a pair every frame", "median"),
    ("path-fade", "30x16", 8.0, "30x16 with a path and fade running", "median"),
    ("minimap", "1000x1000", 1.0, "the minimap's own cost a frame, 1000x1000", "median"),
    ("frame-overlay", "30x16", 0.2, "the frame-time overlay's own cost a frame", "median"),
    ("navigate", "1000x1000", 16.7, "1000x1000 gliding to a far-off hint", "median"),
    ("startup", "1000x1000", 1000.0, "1000x1000 start-up: deal and first frame", "median"),
    ("hand-over: start", "1000x1000", 50.0, "1000x1000 new game, worst frame", "worst"),
    ("hand-over: shuffle", "1000x1000", 50.0, "1000x1000 shuffle, worst frame", "worst"),
    (
        "hand-over: continue",
        "1000x1000",
        50.0,
        "1000x1000 Continue (a shuffle in its history), worst frame",
        "worst",
    ),
    (
        "hand-over: continue",
        "1000x1000",
        500.0,
        "1000x1000 Continue to the first frame of play",
        "hand-over",
    ),
    # Issue 42, item 4: four million tiles start, play and navigate with every p95 in a
    # 60 Hz frame.
    *(
        (scenario, "2000x2000", 16.7, f"2000x2000 {what}, p95", "p95")
        for scenario, what in (
            ("idle", "idle"),
            ("path-fade", "with a path and fade running"),
            ("zoom-pan", "while zooming and panning"),
            ("navigate", "gliding to a far-off hint"),
            ("remove-every-frame", "removing a pair every frame"),
        )
    ),
)
STATISTICS = {
    "median": "median_ms",
    "p95": "p95_ms",
    "worst": "worst_ms",
    "hand-over": "handover_ms",
}


@dataclass(frozen=True)
class FrameResult:
    scenario: str
    size: str
    backend: str
    renderer: str
    frames: int
    median_ms: float | None
    p95_ms: float | None
    skipped: str | None = None
    worst_ms: float | None = None
    handover_ms: float | None = None  # a hand-over's time, command to the new screen's frame
    # Per phase (game/phases.py, then "phases" and "other"): (median, p95) ms over the frames.
    phases: dict[str, tuple[float, float]] | None = None

    def record(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "size": self.size,
            "backend": self.backend,
            "renderer": self.renderer,
            "frames": self.frames,
            "median_ms": self.median_ms,
            "p95_ms": self.p95_ms,
            "worst_ms": self.worst_ms,
            "handover_ms": self.handover_ms,
            "skipped": self.skipped,
            "phases": None
            if self.phases is None
            else {
                name: {"median_ms": median, "p95_ms": p95}
                for name, (median, p95) in self.phases.items()
            },
        }


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[round(share * (len(ordered) - 1))]


def _ms(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def table(results: list[FrameResult]) -> str:
    lines = [
        "| board | backend | renderer | scenario | median ms | p95 ms | worst ms | hand-over ms "
        "| frames |",
        "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        if r.skipped:
            if r.scenario in ("startup", "hand-over: start"):
                what = "all" if r.scenario == "startup" else "hand-overs"
                lines.append(
                    f"| {r.size} | {r.backend} | {r.renderer} | {what} | skipped: {r.skipped} "
                    "| | | | |"
                )
            continue
        lines.append(
            f"| {r.size} | {r.backend} | {r.renderer} | {r.scenario} | {_ms(r.median_ms)} | "
            f"{_ms(r.p95_ms)} | {_ms(r.worst_ms)} | {_ms(r.handover_ms)} | {r.frames} |"
        )
    return "\n".join(lines)


def phase_table(results: list[FrameResult]) -> str:
    """Each scenario's frame by phase: median / p95 ms of each phase (docs/rendering.md,
    "Reading the phase table"), their sum and the rest of the frame, against the frame's."""
    from ..game.phases import ORDER

    names = (*ORDER, "phases", "other")
    heads = [*ORDER, "sum of phases", "outside them"]
    lines = [
        "| board | backend | renderer | scenario | " + " | ".join(heads) + " | frame |",
        "| --- | --- | --- | --- | " + " | ".join("---:" for _ in heads) + " | ---: |",
    ]
    for r in results:
        if r.phases is None or r.median_ms is None or r.p95_ms is None:
            continue
        cells = [f"{r.phases[name][0]:.2f} / {r.phases[name][1]:.2f}" for name in names]
        lines.append(
            f"| {r.size} | {r.backend} | {r.renderer} | {r.scenario} | "
            + " | ".join(cells)
            + f" | {r.median_ms:.2f} / {r.p95_ms:.2f} |"
        )
    return "\n".join(lines)


def check_targets(results: list[FrameResult]) -> list[dict[str, Any]]:
    """The issues' frame targets (grid renderer, Rust backend) whose case was run."""
    found = {
        (r.scenario, r.size): r
        for r in results
        if r.backend == "rust" and r.renderer == "grid" and r.median_ms is not None
    }
    checked = []
    for scenario, size, limit, what, stat in TARGETS:
        r = found.get((scenario, size))
        if r is not None:
            value = getattr(r, STATISTICS[stat])
            assert value is not None
            checked.append(
                {
                    "scenario": scenario,
                    "size": size,
                    "what": what,
                    "statistic": stat,
                    "limit_ms": limit,
                    "value_ms": value,
                    "holds": value <= limit,
                }
            )
    return checked


def targets_table(checked: list[dict[str, Any]]) -> str:
    lines = ["| target | limit | measured | |", "| --- | ---: | ---: | --- |"]
    for t in checked:
        verdict = "holds" if t["holds"] else "MISSED"
        lines.append(
            f"| {t['what']} | {t['limit_ms']:g} ms | {t['value_ms']:.2f} ms ({t['statistic']}) "
            f"| {verdict} |"
        )
    return "\n".join(lines)

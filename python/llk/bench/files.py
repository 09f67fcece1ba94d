"""The result files of `llk bench`: the JSON it writes (`to_json`, `write_json`) and reads
back (`read`, `results_of`: for `llk bench compare`, `plot` and `report`), and the CSV
(`write_csv`, one row per case and contender).

A result's record keeps every timed sample (`samples_s`) and the operations per sample
(`per_sample`), so that whatever is said of a case later (its median, its interval, a
comparison) is worked out from the samples themselves.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from .context import FORMAT, machine
from .ops import OPS
from .report import Result, _grouped, _key, _ratio, check_targets
from .runner import Timing


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


def write_json(path: str | Path, document: dict[str, Any]) -> None:
    Path(path).write_text(json.dumps(document, indent=1) + "\n")


def read(path: str | Path) -> dict[str, Any]:
    """A result file of `llk bench` (or of `--scaling`), as written."""
    try:
        document = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: not a result file of llk bench ({error})") from error
    if not isinstance(document, dict) or not isinstance(document.get("results"), list):
        raise ValueError(f"{path}: not a result file of llk bench (no results)")
    if "op" not in (document["results"] or [{"op": ""}])[0]:
        raise ValueError(f"{path}: not a result file of the engine's operations")
    return document


def results_of(document: dict[str, Any]) -> list[Result]:
    """The results a file holds, their timings made again from the samples."""
    results = []
    for r in document["results"]:
        timing = None
        if r.get("samples_s"):
            timing = Timing(tuple(r["samples_s"]), r["per_sample"], not r.get("unstable", False))
        skipped = r.get("skipped")
        results.append(
            Result(r["op"], r["family"], r["rows"], r["cols"], r["contender"], timing, skipped)
        )
    return results


CSV_FIELDS = (
    "op",
    "family",
    "rows",
    "cols",
    "cells",
    "contender",
    "median_s",
    "ci_low_s",
    "ci_high_s",
    "q1_s",
    "q3_s",
    "min_s",
    "max_s",
    "samples",
    "per_sample",
    "unstable",
    "skipped",
)


def write_csv(path: str | Path, results: list[Result]) -> None:
    """One row per case and contender: the median, its 95% interval, the quartiles, the
    extremes, how many samples, and why a case was left out."""
    with Path(path).open("w", newline="") as file:
        writer = csv.DictWriter(file, CSV_FIELDS)
        writer.writeheader()
        for r in sorted(results, key=_key):
            row: dict[str, Any] = {
                "op": r.op,
                "family": r.family,
                "rows": r.rows,
                "cols": r.cols,
                "cells": r.cells,
                "contender": r.contender,
                "skipped": r.skipped or "",
            }
            if r.timing is not None:
                (q1, q3), (low, high) = r.timing.quartiles, r.timing.ci
                row.update(
                    median_s=r.timing.median,
                    ci_low_s=low,
                    ci_high_s=high,
                    q1_s=q1,
                    q3_s=q3,
                    min_s=min(r.timing.samples),
                    max_s=max(r.timing.samples),
                    samples=len(r.timing.samples),
                    per_sample=r.timing.number,
                    unstable=not r.timing.stable,
                )
            writer.writerow(row)

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
import math
from pathlib import Path
from typing import IO, Any, cast

from .._input import json_or_why, show
from .._output import write_text, write_whole
from ..errors import CommandError
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
            if r.timing.runs:
                record["process_samples"] = list(r.timing.runs)
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


def write_json(path: str | Path, document: dict[str, Any], option: str = "--json") -> None:
    """The result file, written whole or not at all (`llk._output`)."""
    write_text(path, option, json.dumps(document, indent=1) + "\n")


def read(path: str | Path) -> dict[str, Any]:
    """A result file of `llk bench` (or of `--scaling`), as written; a `CommandError` naming the
    file and its fault when it is not one."""
    document, fault = _parse(path)
    fault = fault or document_fault(document)
    if fault:
        raise CommandError(
            f"{path}: not a result file of llk bench ({fault}); give a file that "
            "`llk bench --json FILE` wrote"
        )
    return cast("dict[str, Any]", document)


def _parse(path: str | Path) -> tuple[Any, str | None]:
    """The file's JSON, or None and why it is not JSON."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        return None, f"cannot read it: {error.strerror or error}"
    if not data.strip():
        return None, "the file is empty"
    return json_or_why(data)


def _is_number(value: Any) -> bool:
    """A JSON number, finite (`json` reads NaN and Infinity)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def document_fault(document: Any) -> str | None:
    """What keeps `document` from being a result file (None: it is one)."""
    if not isinstance(document, dict):
        return f"a JSON {type(document).__name__}, not an object"
    results = document.get("results")
    if not isinstance(results, list):
        return "no list of results"
    for name in ("context", "settings", "machine"):
        if name in document and not isinstance(document[name], dict):
            return f"its {name!r} is not an object"
    context = document.get("context", {})
    for name in ("load_average", "cores"):
        if context.get(name) is not None and not _is_number(context[name]):
            return f"its context's {name!r} is {show(context[name])}, not a number"
    if results and isinstance(results[0], dict) and "op" not in results[0]:
        return "its results are not the engine's operations (a --frames, --saves or --solver file)"
    for number, result in enumerate(results, 1):
        fault = result_fault(result)
        if fault:
            return f"result {number}: {fault}"
    return None


def result_fault(result: Any) -> str | None:
    """What keeps one entry of "results" from being a timed or a skipped case."""
    if not isinstance(result, dict):
        return f"{show(result)} is not an object"
    for name in ("op", "family", "contender"):
        if not isinstance(result.get(name), str):
            return f"its {name!r} is {show(result.get(name))}, not a name"
    for name in ("rows", "cols"):
        if not _is_count(result.get(name)):
            return f"its {name!r} is {show(result.get(name))}, not a count >= 1"
    if "samples_s" not in result:
        if isinstance(result.get("skipped"), str):
            return None
        return "no 'samples_s' (the timed samples) and no 'skipped' (why it was not timed)"
    samples = result["samples_s"]
    if not isinstance(samples, list) or not samples:
        return f"its 'samples_s' is {show(samples)}, not a list of seconds"
    for sample in samples:
        if not (_is_number(sample) and sample > 0):
            return f"its 'samples_s' holds {show(sample)}, not a number of seconds > 0"
    if not _is_count(result.get("per_sample")):
        return f"its 'per_sample' is {show(result.get('per_sample'))}, not a count >= 1"
    runs = result.get("process_samples", [len(samples)])
    if not (isinstance(runs, list) and runs and all(_is_count(n) for n in runs)):
        return f"its 'process_samples' is {show(runs)}, not a list of counts >= 1"
    if sum(runs) != len(samples):
        return f"its 'process_samples' add up to {sum(runs)}, not its {len(samples)} samples"
    if not isinstance(result.get("unstable", False), bool):
        return f"its 'unstable' is {show(result['unstable'])}, not true or false"
    return None


def results_of(document: dict[str, Any]) -> list[Result]:
    """The results a file holds, their timings made again from the samples."""
    results = []
    for r in document["results"]:
        timing = None
        if "samples_s" in r:
            runs = tuple(r.get("process_samples", ()))
            stable = not r.get("unstable", False)
            timing = Timing(tuple(r["samples_s"]), r["per_sample"], stable, runs)
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
    write_whole(path, "--csv", lambda file: _csv_rows(file, results))


def _csv_rows(file: IO[str], results: list[Result]) -> None:
    """The CSV's header and rows, written to `file`."""
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

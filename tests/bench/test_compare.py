"""`llk bench compare OLD.json NEW.json` on crafted result files: a significant slowdown, noise
alone, cases in one file only, `--fail-above`, and the warning when the machines differ."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from llk.cli import main

pytest.importorskip("scipy")

CONTEXT = {
    "format": 2,
    "cpu": "Some CPU",
    "cores": 8,
    "os": "Linux",
    "build_profile": "release",
    "python": "3.12.0",
    "load_average": 0.1,
}


def samples(median: float, n: int = 15, noise: float = 0.02, seed: int = 0) -> list[float]:
    rng = np.random.default_rng(seed)
    return [float(x) for x in median * (1 + noise * rng.standard_normal(n))]


def record(op: str, contender: str, timed: list[float] | None) -> dict:
    r = {"op": op, "family": "full", "rows": 10, "cols": 10, "cells": 100, "contender": contender}
    if timed is None:
        r["skipped"] = "n/a"
    else:
        r.update(samples_s=timed, per_sample=100, unstable=False)
    return r


def write(path: Path, records: list[dict], **context: object) -> str:
    document = {"format": 2, "context": {**CONTEXT, **context}, "results": records}
    path.write_text(json.dumps(document))
    return str(path)


def compare(capsys, *argv: str) -> tuple[int, str, str, list[list[str]]]:
    code = main(["bench", "compare", *argv])
    out, err = capsys.readouterr()
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in out.splitlines()
        if line.startswith("| ")
    ]
    return code, out, err, rows[2:]


def test_a_significant_slowdown_and_noise(tmp_path: Path, capsys) -> None:
    old = write(
        tmp_path / "old.json",
        [record("hint", "rust", samples(1e-6)), record("move_count", "rust", samples(1e-3))],
    )
    new = write(
        tmp_path / "new.json",
        [
            record("hint", "rust", samples(1.3e-6, seed=1)),
            record("move_count", "rust", samples(1e-3, seed=2)),
        ],
    )
    code, out, err, rows = compare(capsys, old, new)
    assert code == 0 and err == ""
    hint, moves = rows
    assert hint[:4] == ["hint", "full", "10x10", "Rust core"]
    low, high = (float(x) for x in hint[7].split(" .. "))
    assert 1.2 < low < float(hint[6]) < high < 1.4 and float(hint[8]) < 0.001
    assert hint[9] == f"{float(hint[6]):.2f}x slower"
    low, high = (float(x) for x in moves[7].split(" .. "))
    assert low < 1 < high and moves[9] == "not significant"
    # The geometric mean of the two ratios.
    mean = float(out.split("Geometric mean of new ÷ old: ")[1].split()[0])
    assert mean == pytest.approx((float(hint[6]) * float(moves[6])) ** 0.5, abs=1e-3)
    # --fail-above: a 30% slowdown fails at 1.2, passes at 1.5.
    code, _, err, _ = compare(capsys, old, new, "--fail-above", "1.2")
    assert code == 1 and "1 case(s) significantly slower than 1.2x" in err and "hint full" in err
    assert compare(capsys, old, new, "--fail-above", "1.5")[0] == 0


def test_noise_alone_is_never_significant(tmp_path: Path, capsys) -> None:
    """Both files drawn from the same law, 20 cases: none passes both tests."""
    cases = [f"op{i}" for i in range(20)]
    old = write(
        tmp_path / "old.json",
        [record(op, "rust", samples(1e-3, noise=0.2, seed=i)) for i, op in enumerate(cases)],
    )
    new = write(
        tmp_path / "new.json",
        [record(op, "rust", samples(1e-3, noise=0.2, seed=100 + i)) for i, op in enumerate(cases)],
    )
    code, _, _, rows = compare(capsys, old, new, "--fail-above", "1.0")
    assert code == 0 and len(rows) == 20
    assert all(row[9] == "not significant" for row in rows)


def test_cases_in_one_file_or_skipped_are_listed(tmp_path: Path, capsys) -> None:
    old = write(
        tmp_path / "old.json",
        [
            record("hint", "rust", samples(1e-6)),
            record("path", "rust", samples(1e-7)),
            record("deal", "classic-rust", None),
            record("shuffle", "python", None),
        ],
    )
    new = write(
        tmp_path / "new.json",
        [
            record("hint", "rust", samples(1e-6, seed=3)),
            record("move_count", "rust", samples(1e-3)),
            record("deal", "classic-rust", None),
            record("shuffle", "python", samples(1e-4)),
        ],
    )
    code, out, _, rows = compare(capsys, old, new)
    assert code == 0 and [row[0] for row in rows] == ["hint"]
    listed = out.split("Not compared:")[1]
    assert "- move_count full 10x10 rust: in NEW only" in listed
    assert "- path full 10x10 rust: in OLD only" in listed
    assert "- shuffle full 10x10 python: skipped in OLD (n/a)" in listed
    assert "1 cases skipped in both files" in out


def test_too_few_samples_have_no_interval(tmp_path: Path, capsys) -> None:
    old = write(tmp_path / "old.json", [record("hint", "rust", [1e-6, 1.01e-6, 0.99e-6])])
    new = write(tmp_path / "new.json", [record("hint", "rust", [2e-6, 2.01e-6, 1.99e-6])])
    code, _, _, (row,) = compare(capsys, old, new, "--fail-above", "1.1")
    # Doubled, but 3 samples a side cannot make a U test's p-value under 0.1.
    assert code == 0 and float(row[8]) >= 0.1 and row[9] == "not significant"
    old = write(tmp_path / "old.json", [record("hint", "rust", [1e-6])])
    code, _, _, (row,) = compare(capsys, old, new)
    assert row[7] == "(too few samples)" and row[9] == "not significant"


def test_different_machines_and_builds_are_warned_of(tmp_path: Path, capsys) -> None:
    records = [record("hint", "rust", samples(1e-6))]
    old = write(tmp_path / "old.json", records)
    new = write(tmp_path / "new.json", records, cpu="Another CPU", build_profile="debug")
    _, _, err, _ = compare(capsys, old, new)
    assert "warning: cpu differs: 'Some CPU' (OLD) against 'Another CPU' (NEW)" in err
    assert "warning: build_profile differs" in err and "python differs" not in err
    busy = write(tmp_path / "busy.json", records, load_average=6.0)
    assert "NEW ran on a busy machine (load average 6.00, 8 cores)" in compare(capsys, old, busy)[2]
    # A file of before the context (format 1) is compared, with a warning that it cannot tell.
    document = json.loads((tmp_path / "old.json").read_text())
    del document["context"]
    (tmp_path / "v1.json").write_text(json.dumps(document))
    code, _, err, rows = compare(capsys, str(tmp_path / "v1.json"), new)
    assert code == 0 and len(rows) == 1 and "OLD has no context" in err


def test_a_file_that_is_not_a_result_is_an_error(tmp_path: Path, capsys) -> None:
    (tmp_path / "x.json").write_text("[1, 2]")
    with pytest.raises(SystemExit) as exited:
        main(["bench", "compare", str(tmp_path / "x.json"), str(tmp_path / "x.json")])
    assert exited.value.code == 2 and "not a result file" in capsys.readouterr().err


def test_a_shift_the_u_test_sees_but_not_the_medians_is_not_significant(
    tmp_path: Path, capsys
) -> None:
    """Every new sample a hair above its old one: the ranks differ (p < 0.05), the medians by
    0.1%, and the interval of their ratio holds 1, so nothing is said to have changed."""
    before = [1e-3] * 8 + [1.2e-3] * 7
    after = [1.001e-3] * 8 + [1.21e-3] * 7
    old = write(tmp_path / "old.json", [record("hint", "rust", before)])
    new = write(tmp_path / "new.json", [record("hint", "rust", after)])
    code, _, _, (row,) = compare(capsys, old, new, "--fail-above", "1.0")
    low, high = (float(x) for x in row[7].split(" .. "))
    assert float(row[8]) < 0.05 and low < 1 < high
    assert code == 0 and row[9] == "not significant"


def test_a_result_file_gives_back_the_results_it_was_made_of(tmp_path: Path) -> None:
    from llk.bench import files
    from llk.bench.report import Result
    from llk.bench.runner import Timing

    results = [
        Result("hint", "full", 8, 8, "rust", Timing((1e-6, 2e-6, 1.5e-6), 64, stable=False)),
        Result("move_count", "half", 8, 8, "python", Timing((3e-5, 3.1e-5), 8)),
        Result("deal", "dealt", 8, 8, "classic-rust", skipped="n/a"),
    ]
    path = tmp_path / "r.json"
    files.write_json(path, files.to_json(results, {"seed": 1}, {"format": 2}))
    assert files.results_of(files.read(path)) == results


def processed(op: str, medians: list[float], counts: list[int] | None = None) -> dict:
    """A case as `llk bench --processes` times it: `counts[i]` (10) tight samples around
    each process's own median."""
    counts = counts or [10] * len(medians)
    taken: list[float] = []
    for i, (median, count) in enumerate(zip(medians, counts, strict=True)):
        taken += samples(median, count, noise=0.002, seed=50 + i)
    return {**record(op, "rust", taken), "process_samples": counts}


def test_processes_are_compared_by_their_medians_not_their_samples(tmp_path: Path, capsys) -> None:
    """Two runs of one build: each process's samples are tight, the processes differ by a few
    per cent (the run-to-run noise). Counted as 40 independent samples a side the shift is
    "significant" (p ~ 1e-4); counted as 4 processes a side it is not."""
    before = [1.00e-3, 1.02e-3, 0.98e-3, 1.01e-3]
    after = [1.03e-3, 1.05e-3, 1.005e-3, 1.04e-3]
    old = write(tmp_path / "old.json", [processed("hint", before)])
    new = write(tmp_path / "new.json", [processed("hint", after)])
    code, _, _, (row,) = compare(capsys, old, new, "--noise", "0", "--fail-above", "1.0")
    assert code == 0 and row[9] == "not significant" and float(row[8]) > 0.05
    # The same samples with the processes forgotten (a file of one process): significant.
    pooled = [{k: v for k, v in processed("hint", m).items() if k != "process_samples"}
              for m in (before, after)]  # fmt: skip
    old = write(tmp_path / "old1.json", [pooled[0]])
    new = write(tmp_path / "new1.json", [pooled[1]])
    code, _, _, (row,) = compare(capsys, old, new, "--noise", "0", "--fail-above", "1.0")
    assert code == 1 and row[9].endswith("slower") and float(row[8]) < 0.001


def test_a_change_within_the_noise_band_is_not_reported(tmp_path: Path, capsys) -> None:
    """Every process 3% slower: beyond doubt, but within the 5% a shared machine drifts."""
    before = [1.00e-3, 1.001e-3, 0.999e-3, 1.0005e-3, 0.9995e-3]
    after = [m * 1.03 for m in before]
    old = write(tmp_path / "old.json", [processed("hint", before)])
    new = write(tmp_path / "new.json", [processed("hint", after)])
    code, _, _, (row,) = compare(capsys, old, new, "--fail-above", "1.01")
    assert code == 0 and row[9] == "not significant" and float(row[8]) < 0.05
    code, _, _, (row,) = compare(capsys, old, new, "--noise", "0.01", "--fail-above", "1.01")
    assert code == 1 and row[9] == "1.03x slower"


def test_a_planted_slowdown_of_one_and_a_half_is_caught_through_the_noise(
    tmp_path: Path, capsys
) -> None:
    before = [1.00e-3, 1.08e-3, 0.95e-3, 1.04e-3]
    after = [m * 1.5 for m in (1.03e-3, 0.97e-3, 1.06e-3, 1.00e-3)]
    # One process took more samples than the others: the processes count alike all the same.
    uneven = processed("hint", before, [20, 3, 3, 3])
    old = write(tmp_path / "old.json", [uneven, processed("path", before)])
    new = write(tmp_path / "new.json", [processed("hint", after), processed("path", before[::-1])])
    code, _, _, (path, hint) = compare(capsys, old, new, "--fail-above", "1.10")
    assert code == 1 and hint[9].endswith("x slower") and path[9] == "not significant"
    # The table shows the processes' medians' medians that the ratio is of.
    assert hint[4] == "1.02 ms" and float(hint[6]) == pytest.approx(1.5 * 1.015 / 1.02, abs=0.01)


@pytest.mark.parametrize(
    ("counts", "says"),
    [
        ([10, 10, 10], "add up to 30, not its 40 samples"),
        ([10, 10, 20, 0], "not a list of counts >= 1"),
        ("4", "not a list of counts >= 1"),
    ],
)
def test_process_counts_that_do_not_fit_the_samples_are_an_error(
    tmp_path: Path, capsys, counts, says
) -> None:
    bad = {**processed("hint", [1e-3] * 4), "process_samples": counts}
    path = write(tmp_path / "bad.json", [bad])
    with pytest.raises(SystemExit) as exited:
        main(["bench", "compare", path, path])
    assert exited.value.code == 2 and says in capsys.readouterr().err


@pytest.mark.parametrize("noise", ["-0.1", "ten", "nan", "10"])
def test_a_noise_band_that_is_not_a_fraction_is_refused(tmp_path: Path, capsys, noise) -> None:
    path = write(tmp_path / "r.json", [record("hint", "rust", samples(1e-6))])
    with pytest.raises(SystemExit) as exited:
        main(["bench", "compare", path, path, "--noise", noise])
    assert exited.value.code == 2 and "is not a fraction in 0 .. 10" in capsys.readouterr().err

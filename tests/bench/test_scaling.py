"""`llk bench --scaling`: the exponents fitted to each series, the series stopped where too
slow, and a tiny run through the command (its table, JSON and report)."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
from pathlib import Path

import pytest

import llk
from llk.bench import scaling
from llk.bench.report import Result
from llk.bench.runner import Timing
from llk.cli import main


def series(op: str, family: str, contender: str, k: float, sides: list[int]) -> list[Result]:
    return [Result(op, family, n, n, contender, Timing((3e-9 * (n * n) ** k,), 1)) for n in sides]


def test_the_exponent_is_the_slope_on_log_log_axes() -> None:
    results = series("move_count", "half", "rust", 1.0, [50, 100, 200, 400])
    results += series("path", "half", "python", 0.0, [50, 100, 200])
    results += series("hint", "half", "rust", 0.5, [50, 100])  # two points: no fit
    results.append(Result("hint", "half", 200, 200, "rust", skipped="stopped: too slow"))
    fitted = {(f["op"], f["contender"]): f for f in scaling.exponents(results)}
    assert fitted["move_count", "rust"]["k"] == pytest.approx(1.0)
    assert fitted["move_count", "rust"]["points"] == 4
    assert fitted["path", "python"]["k"] == pytest.approx(0.0, abs=1e-9)
    assert fitted["hint", "rust"] == {
        "op": "hint",
        "family": "half",
        "contender": "rust",
        "k": None,
        "points": 2,
    }
    table = scaling.exponents_table(scaling.exponents(results))
    assert "| move_count | half | 1.00 (4) |" in table
    assert "| hint | half | — (2) |" in table


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, dict]:
    """A run on three tiny sizes; the Python core's series stop past 20 µs an operation."""
    path = tmp_path_factory.mktemp("scaling") / "scaling.json"
    backends = "rust,python,classic" if llk.rust_available() else "python,classic-python"
    argv = ["bench", "--scaling", "--quick", "--sizes", "8x8,12x12,16x16", "--backends", backends]
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(scaling.QUICK_SLOW, "other", 20e-6)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            assert main([*argv, "--json", str(path)]) == 0
    return out.getvalue(), err.getvalue(), json.loads(path.read_text())


def test_a_scaling_run_prints_the_exponents_and_the_medians(tiny) -> None:
    out, _, data = tiny
    assert data["settings"]["scaling"] is True and data["context"]["command"].count("--scaling")
    fitted = {(f["op"], f["contender"]): f for f in data["exponents"]}
    ops = {op for op, _ in scaling.CASES}
    assert {op for op, _ in fitted} == ops
    first = "rust" if llk.rust_available() else "python"
    for op in ops:
        assert fitted[op, first]["points"] == 3 and isinstance(fitted[op, first]["k"], float)
    # The classic algorithm where it has the operation, not the deal nor the solve.
    classic = "classic-rust" if llk.rust_available() else "classic-python"
    assert (classic, "move_count") in {(c, o) for o, c in fitted}
    assert all(
        f["points"] == 0
        for f in data["exponents"]
        if f["op"] == "deal" and f["contender"] == classic
    )
    lines = out.splitlines()
    head = lines[lines.index("Fitted exponents:") + 2]
    assert head.startswith("| operation | board | ")
    assert "The medians:" in out


def test_a_series_stops_at_the_first_size_over_its_limit(tiny) -> None:
    out, _, data = tiny
    by = {}
    for r in data["results"]:
        by.setdefault((r["op"], r["contender"]), []).append(r)
    stopped = [k for k, rs in by.items() if any("stopped" in r.get("skipped", "") for r in rs)]
    assert stopped, "the Python core's deal takes more than 20 µs"
    assert "| stopped |" in out
    for key in stopped:
        rs = sorted(by[key], key=lambda r: r["cells"])
        first = next(i for i, r in enumerate(rs) if "stopped" in r.get("skipped", ""))
        # Timed up to the size that took too long, stopped for every size after it.
        assert first >= 1 and rs[first - 1]["median_s"] > 20e-6
        assert all("stopped" in r["skipped"] for r in rs[first:])
        assert f"{key[0]} on the" in out.split("Stopped where too slow:")[1]
    assert not any(c == "rust" for _, c in stopped)  # its limit is 0.5 s
    # Whatever took more than its limit stopped its series at the next size.
    for (op, contender), rs in by.items():
        limit = 0.5 if contender == "rust" else 20e-6
        rs = sorted(rs, key=lambda r: r["cells"])
        for r, after in itertools.pairwise(rs):
            if r.get("median_s", 0) > limit:
                assert "stopped" in after["skipped"], (op, contender, r["rows"])


def test_report_prints_a_scaling_run_again(tiny, tmp_path: Path, capsys) -> None:
    out, _, data = tiny
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    assert main(["bench", "report", str(path)]) == 0
    assert capsys.readouterr().out == out


def test_scaling_takes_no_ops(capsys) -> None:
    assert main(["bench", "--scaling", "--ops", "hint"]) == 2
    assert "leave out --ops" in capsys.readouterr().err


def test_the_python_solve_is_capped_with_its_deal() -> None:
    """No untimed pure-Python deal of a huge board (half a minute at 1000x1000) for a solve."""
    from llk.bench.boards import Boards
    from llk.bench.ops import Skip

    with pytest.raises(Skip, match="capped"):
        scaling.solve_run(Boards(400, 400, 1), "python")
    with pytest.raises(Skip, match="n/a"):
        scaling.solve_run(Boards(8, 8, 1), "classic-rust")

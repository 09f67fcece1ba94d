"""`llk bench` through the command's own entry point: a quick run on tiny boards, its table,
its JSON and its plot, and the errors it reports."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import llk
from llk.bench import ops
from llk.bench.cli import PROCESSES
from llk.cli import main

ROOT = Path(__file__).resolve().parents[2]

TINY = "8x8,12x10"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["bench", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def table_rows(out: str) -> list[list[str]]:
    lines = [line for line in out.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, str, dict]:
    """One quick run shared by the tests below (capsys is per test, so capture by hand)."""
    import contextlib
    import io

    path = tmp_path_factory.mktemp("bench") / "bench.json"
    out, err = io.StringIO(), io.StringIO()
    csv = path.with_suffix(".csv")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["bench", "--quick", "--sizes", TINY, "--json", str(path), "--csv", str(csv)])
    return code, out.getvalue(), err.getvalue(), json.loads(path.read_text())


def test_the_quick_run_prints_a_table_of_every_case(quick) -> None:
    code, out, err, _ = quick
    assert code == 0
    rows = table_rows(out)
    head, rule, body = rows[0], rows[1], rows[2:]
    contenders = ["Rust core", "Python core", "classic (Rust)", "classic (Python)"]
    if not llk.rust_available():
        contenders = ["Python core", "classic (Python)"]
    assert head[:3] == ["operation", "board", "size"]
    for title in contenders:
        assert title in head
    assert all(set(cell) <= set("-:") for cell in rule)
    expected = {
        (ops.OPS[op].title, family, size)
        for op in ops.OPS
        for family in ops.OPS[op].families
        for size in TINY.split(",")
        if ops.applies(op, *map(int, size.split("x")))
    }
    assert {tuple(row[:3]) for row in body} == expected
    timed = re.compile(r"^\d+(\.\d+)? (ns|µs|ms|s) ±\d+%( unstable)?$")
    for row in body:
        for cell in row[3 : 3 + len(contenders)]:
            assert timed.match(cell) or cell in ("n/a", "capped", "—"), row
    # Not a terminal: one plain line per case and worker process on stderr.
    assert err.count("llk bench: [") == len(expected) * len(contenders) * PROCESSES
    assert err.count("process 4/4: ") == len(expected) * len(contenders)


def test_each_case_is_timed_in_four_worker_processes(quick) -> None:
    *_, document = quick
    timed = [r for r in document["results"] if "samples_s" in r]
    assert timed and document["settings"]["processes"] == PROCESSES == 4
    for r in timed:
        # Each process took at least 3 samples, the file says how many, in order.
        counts = r["process_samples"]
        assert len(counts) == 4 and min(counts) >= 3 and sum(counts) == len(r["samples_s"])


@pytest.mark.skipif(not llk.rust_available(), reason="the ratios are against the Rust core")
def test_the_table_has_the_ratios_against_the_rust_core(quick) -> None:
    _, out, _, _ = quick
    head, _, *body = table_rows(out)
    assert head[-2:] == ["python ÷ rust", "classic ÷ rust"]
    move_counts = [row for row in body if row[0] == "move_count"]
    assert move_counts and all(re.match(r"^\d+(\.\d)?x$", row[-2]) for row in move_counts)
    assert all(re.match(r"^\d+(\.\d)?x$", row[-1]) for row in move_counts)


def test_the_json_has_every_result_and_the_ratios(quick) -> None:
    _, _, _, data = quick
    assert {"llk", "machine", "settings", "results", "ratios", "targets"} <= set(data)
    assert data["settings"]["quick"] is True
    assert data["settings"]["sizes"] == TINY.split(",")
    results = data["results"]
    everyone = set(ops.CONTENDERS) - (set() if llk.rust_available() else {"rust", "classic-rust"})
    assert {r["contender"] for r in results} == everyone
    for r in results:
        assert {"op", "family", "rows", "cols", "cells", "contender"} <= set(r)
        if "skipped" not in r:
            assert r["q1_s"] <= r["median_s"] <= r["q3_s"]
            assert r["min_s"] <= r["median_s"] <= r["max_s"] and r["per_sample"] >= 1
            assert len(r["samples_s"]) >= 1
            assert r["ci_low_s"] <= r["median_s"] <= r["ci_high_s"]
            assert isinstance(r["unstable"], bool)
            # Stable: the median's interval within 5% either side.
            if not r["unstable"]:
                assert r["ci_high_s"] - r["ci_low_s"] <= 0.1 * r["median_s"]
    timed = {(r["contender"], r["op"]) for r in results if "median_s" in r}
    backends = ["python", "classic-python"] + (
        ["rust", "classic-rust"] if llk.rust_available() else []
    )
    for contender in backends:
        assert (contender, "is_deadlocked") in timed
    for contender in ("python", "rust") if llk.rust_available() else ("python",):
        assert (contender, "deal") in timed and (contender, "solve") in timed
    ratios = data["ratios"]
    assert len(ratios) == len({(r["op"], r["family"], r["rows"], r["cols"]) for r in results})
    if llk.rust_available():
        move_counts = [r for r in ratios if r["op"] == "move_count"]
        assert all(r["python/rust"] > 0 and r["classic-rust/rust"] > 0 for r in move_counts)
    # The targets are for 1000x1000 boards, which a quick run does not time.
    assert data["targets"] == []


def assert_context(document: dict, asked: str) -> None:
    """The result file says where, when and how it was measured (issue 26, item 1)."""
    import platform

    from llk.bench.context import FORMAT

    assert document["format"] == FORMAT
    ctx = document["context"]
    assert ctx["format"] == FORMAT and ctx["llk"] == llk.__version__
    # Run from this checkout (an editable install): its commit, 40 hex digits, and whether
    # the code differs. Installed (CI's `pip install .`): no commit of its own to name.
    package = Path(llk.__file__).resolve().parent
    if package == ROOT / "python" / "llk":
        assert re.fullmatch(r"[0-9a-f]{40}", ctx["commit"]) and isinstance(ctx["dirty"], bool)
    else:
        assert ctx["commit"] is None and ctx["dirty"] is None
    assert ctx["rust_extension"] is llk.rust_available()
    if llk.rust_available():
        assert ctx["build_profile"] == llk._core.BUILD_PROFILE
    assert ctx["default_backend"] == llk.BACKEND
    assert ctx["python"] == platform.python_version() and ctx["os"] == platform.platform()
    assert ctx["cpu"] and ctx["cores"] >= 1 and ctx["load_average"] >= 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", ctx["date"])
    assert ctx["command"].startswith("llk bench ") and asked in ctx["command"]


def test_unstable_cases_are_marked_in_the_table(capsys, monkeypatch) -> None:
    from llk.bench import processes, runner

    noisy = iter([1.0, 2.0] * 1000)
    monkeypatch.setattr(
        processes,
        "measure",
        lambda run, settings: runner.measure(lambda n: n * next(noisy) * 1e-3, settings),
    )
    argv = ["--quick", "--sizes", "6x6", "--ops", "hint", "--backends", "python"]
    # In this process: the workers would not see the patch.
    code, out, err = run(capsys, *argv, "--processes", "1")
    assert code == 0
    _, _, *body = table_rows(out)
    assert len(body) == 3 and all(row[3].endswith(" unstable") for row in body)
    assert "3 of 3 cases did not settle" in err


@pytest.mark.parametrize(("load", "warned"), [(0.9, False), (1.1, True), (None, False)])
def test_a_busy_machine_is_warned_of(load: float | None, warned: bool) -> None:
    from llk.bench.context import busy_warning

    said = busy_warning({"load_average": load, "cores": 2})
    assert (said is not None and "busy" in said) is warned


def test_the_json_carries_its_context(quick) -> None:
    _, out, _, data = quick
    assert_context(data, f"--quick --sizes {TINY} --json ")
    # "llk 0.1.0 (commit), date" from a checkout; an installed llk has no commit to name.
    assert f"llk {llk.__version__}" in out and "load average" in out


def test_the_csv_has_a_row_per_case_and_backend(quick) -> None:
    import csv

    _, _, _, data = quick
    path = Path(data["context"]["command"].split("--csv ")[1])
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == len(data["results"])
    assert [(r["op"], r["family"], r["rows"], r["cols"], r["contender"]) for r in rows] == [
        (r["op"], r["family"], str(r["rows"]), str(r["cols"]), r["contender"])
        for r in data["results"]
    ]
    for row, record in zip(rows, data["results"], strict=True):
        if "skipped" in record:
            assert row["skipped"] == record["skipped"] and row["median_s"] == ""
        else:
            assert float(row["median_s"]) == record["median_s"]
            assert int(row["samples"]) == len(record["samples_s"])
            assert row["unstable"] == str(record["unstable"])


def test_report_prints_again_what_the_run_printed(quick, capsys) -> None:
    _, out, _, data = quick
    path = data["context"]["command"].split("--json ")[1].split()[0]
    assert main(["bench", "report", path]) == 0
    assert capsys.readouterr().out == out


def test_plot_redraws_a_saved_result(quick, capsys, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    _, _, _, data = quick
    path = data["context"]["command"].split("--json ")[1].split()[0]
    png = tmp_path / "again.png"
    assert main(["bench", "plot", path, "--out", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["bench", "plot", path]) == 0  # beside the JSON, by default
    assert Path(path).with_suffix(".png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_draws_the_live_run_and_the_saved_one_alike(monkeypatch, tmp_path: Path) -> None:
    """`--plot` and `llk bench plot` call the one function, on the same results."""
    from llk.bench import files, plot

    drawn = []
    monkeypatch.setattr(plot, "plot", lambda path, results, heading, **_: drawn.append(results))
    path = tmp_path / "r.json"
    argv = ["bench", "--quick", "--sizes", "6x6,8x8", "--ops", "hint", "--backends", "python"]
    assert main([*argv, "--json", str(path), "--plot", str(tmp_path / "p.png")]) == 0
    assert main(["bench", "plot", str(path)]) == 0
    live, saved = drawn
    assert live == saved == files.results_of(json.loads(path.read_text()))


def test_a_subset_of_sizes_ops_and_backends(capsys, tmp_path: Path) -> None:
    code, out, _ = run(
        capsys, "--quick", "--sizes", "6x7", "--ops", "hint,shuffle", "--backends", "python"
    )
    assert code == 0
    head, _, *body = table_rows(out)
    assert head == ["operation", "board", "size", "Python core"]
    assert [row[:3] for row in body] == [
        ["hint", "full", "6x7"],
        ["hint", "half", "6x7"],
        ["hint", "unique", "6x7"],
        ["shuffle", "full", "6x7"],
        ["shuffle", "half", "6x7"],
    ]


def test_the_solver_is_timed_on_small_boards_only(capsys) -> None:
    code, out, _ = run(
        capsys, "--quick", "--sizes", "10x10,40x40", "--ops", "solve", "--backends", "rust,python"
    )
    assert code == 0
    _, _, *body = table_rows(out)
    assert [row[2] for row in body] == ["10x10"]


@pytest.mark.names_its_backends  # its --backends say which
def test_frames_times_every_scenario_in_a_hidden_window(tmp_path: Path) -> None:
    """`llk bench --frames --quick` in a subprocess (it opens its own window, headless): a
    record per size, backend, renderer and scenario, with the keys the issue names."""
    import os
    import subprocess
    import sys

    path = tmp_path / "frames.json"
    backends = "rust,python" if llk.rust_available() else "python"
    argv = ["--frames", "--quick", "--sizes", "6x8,40x30", "--backends", backends]
    argv += ["--renderers", "grid,sprites", "--json", str(path)]
    result = subprocess.run(
        [sys.executable, "-m", "llk", "bench", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "ARCADE_HEADLESS": "1", "LLK_DATA_DIR": str(tmp_path)},
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    document = json.loads(path.read_text())
    assert_context(document, "--frames --quick")
    records = document["results"]
    from llk.bench.frames import SCENARIOS
    from llk.bench.handover import HANDOVER_SCENARIOS

    scenarios = ("startup", *SCENARIOS, *HANDOVER_SCENARIOS)
    want = {
        (scenario, size, backend, renderer)
        for scenario in scenarios
        for size in ("6x8", "40x30")
        for backend in backends.split(",")
        for renderer in ("grid", "sprites")
    }
    assert {(r["scenario"], r["size"], r["backend"], r["renderer"]) for r in records} == want
    handed = [r for r in records if r["scenario"] in HANDOVER_SCENARIOS]
    for record in records:
        if record in handed:
            continue
        assert 0 < record["median_ms"] <= record["p95_ms"] < 60_000, record
        assert record["frames"] == (1 if record["scenario"] == "startup" else 24)
    # The hand-overs, on the default core: the worst frame, and how long each took.
    for record in handed:
        if record["backend"] != llk.BACKEND:
            assert "default core" in record["skipped"] and record["worst_ms"] is None
            continue
        assert record["skipped"] is None, record
        assert 0 < record["median_ms"] <= record["worst_ms"] < 60_000, record
        assert 0 < record["handover_ms"] < 60_000 and record["frames"] > 30, record
    # The heading: the machine, then the run's context with the load at its start.
    assert re.search(r"load average [\d.?]+ at the start", result.stdout.splitlines()[1])
    rows = table_rows(result.stdout.split("\n\n")[1])  # the first table: the frames'
    assert rows[0] == [
        "board",
        "backend",
        "renderer",
        "scenario",
        "median ms",
        "p95 ms",
        "worst ms",
        "hand-over ms",
        "frames",
    ]
    other_cores = 1 if "," in backends else 0  # a row saying why its hand-overs were not run
    assert len(rows) == 2 + len(want) - other_cores * 2 * 2 * (len(HANDOVER_SCENARIOS) - 1)


@pytest.mark.names_its_backends  # its --backends say which
def test_frames_split_each_frame_into_its_phases(tmp_path: Path) -> None:
    """The phase table: each whole-frame scenario's phases (median / p95), whose sum is the
    frame's time less the little outside them; a removal's frame uploads and calls the
    engine, an idle one does neither; GPU time shows where the frame waits."""
    import os
    import subprocess
    import sys

    from llk.bench.frames import SCENARIOS
    from llk.game.phases import ENGINE, GPU_WAIT, ORDER, UPLOADS

    path = tmp_path / "frames.json"
    argv = ["--frames", "--quick", "--sizes", "6x8", "--backends", "python", "--json", str(path)]
    result = subprocess.run(
        [sys.executable, "-m", "llk", "bench", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "ARCADE_HEADLESS": "1", "LLK_DATA_DIR": str(tmp_path)},
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    records = {r["scenario"]: r for r in json.loads(path.read_text())["results"]}
    whole = [s for s in SCENARIOS if s not in ("minimap", "frame-overlay")]
    for scenario in SCENARIOS:
        phases = records[scenario]["phases"]
        if scenario not in whole:
            assert phases is None, scenario  # a part of a frame is timed there, not a frame
            continue
        assert list(phases) == [*ORDER, "phases", "other"], scenario
        for name, stats in phases.items():
            assert 0 <= stats["median_ms"] <= stats["p95_ms"], (scenario, name)
        # The phases hold the frame: what is outside them is the timer's own few calls.
        assert phases["other"]["median_ms"] < 0.1 * records[scenario]["median_ms"], scenario
        assert phases[GPU_WAIT]["median_ms"] > 0, scenario
    removing, idle = records["remove-every-frame"]["phases"], records["idle"]["phases"]
    assert removing[UPLOADS]["median_ms"] > 0 and removing[ENGINE]["median_ms"] > 0
    assert idle[UPLOADS]["median_ms"] == 0 and idle[ENGINE]["median_ms"] == 0
    # The table in the output: a row per whole-frame scenario, a column per phase.
    table = result.stdout.split("Frame phases")[1].split("\n\n")[1]
    rows = table_rows(table)
    assert rows[0][4:] == [*ORDER, "sum of phases", "outside them", "frame"]
    assert [row[3] for row in rows[2:]] == whole
    median = records["remove-every-frame"]["phases"][UPLOADS]["median_ms"]
    assert rows[2 + whole.index("remove-every-frame")][4 + ORDER.index(UPLOADS)].startswith(
        f"{median:.2f} / "
    )


@pytest.mark.names_its_backends  # its --backends say which
def test_frames_deal_again_when_a_small_board_is_cleared(tmp_path: Path) -> None:
    """A 4x4 board has 8 pairs, far fewer than the removal scenarios' frames: the game is won
    part-way (the win or name-entry screen has no board) and the bench goes on with a new
    deal. Not --quick: the win screen comes once the last path has faded."""
    import os
    import subprocess
    import sys

    from llk.bench.frames import FRAMES

    path = tmp_path / "frames.json"
    argv = ["--frames", "--sizes", "4x4", "--backends", "python"]
    argv += ["--renderers", "grid", "--json", str(path)]
    result = subprocess.run(
        [sys.executable, "-m", "llk", "bench", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "ARCADE_HEADLESS": "1", "LLK_DATA_DIR": str(tmp_path)},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    records = {r["scenario"]: r for r in json.loads(path.read_text())["results"]}
    for scenario in ("path-fade", "remove-every-frame", "zoom-pan", "navigate"):
        assert records[scenario]["frames"] == FRAMES, records[scenario]


def test_frames_skips_the_sprite_renderer_on_huge_boards(tmp_path: Path) -> None:
    from llk.bench.frames import SCENARIOS, run_frames
    from llk.bench.handover import HANDOVER_SCENARIOS

    results, _ = run_frames([(300, 300)], ["python"], ["sprites"], True, 1, io_sink())
    assert {r.scenario for r in results} == {"startup", *SCENARIOS, *HANDOVER_SCENARIOS}
    assert all(r.skipped and "40,000" in r.skipped for r in results)


def io_sink():
    import io

    return io.StringIO()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--frames", "--backends", "classic-python"], "rust or python"),
        (["--frames", "--ops", "hint"], "leave out --ops"),
        (["--frames", "--plot", "x.png"], "not frames"),
        (["--renderers", "grid"], "goes with --frames"),
        (["--solver", "--csv", "x.csv"], "--csv writes the operations"),
    ],
)
def test_frames_option_errors(capsys, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and out == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--sizes", "10y3"], "ROWSxCOLS"),
        (["--ops", "teleport"], "unknown operation"),
        (["--backends", "java"], "unknown backend"),
    ],
)
def test_bad_arguments_exit_2(capsys, argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", *argv])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_the_plot_is_a_png(capsys, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "bench.png"
    code, _, _ = run(
        capsys, "--quick", "--sizes", "6x6,10x10", "--ops", "move_count", "--plot", str(path)
    )
    assert code == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("history_follows", [False, True])
def test_saves_reports_size_and_times(
    tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch, history_follows: bool
) -> None:
    from llk.game.model import saved

    if history_follows:  # as on a big board: played at once, the history after
        monkeypatch.setattr(saved, "DEFER_CELLS", 100)
    path = tmp_path / "s.json"
    code, out, _ = run(capsys, "--saves", "--sizes", "20x30", "--json", str(path))
    assert code == 0
    rows = table_rows(out)
    assert rows[0][:3] == ["board", "backend", "moves"] and rows[2][0] == "20x30"
    assert rows[0][-2:] == ["restore: playable", "history (deal + replay), after"]
    assert (rows[2][-1] == "with the restore") is not history_follows
    document = json.loads(path.read_text())
    assert_context(document, "--saves")
    (record,) = document["results"]
    assert record["moves"] == 150 and 0 < record["bytes"] < 5000
    assert (record["history_s"] > 0) is history_follows and record["restore_s"] > 0


def test_solver_rows_on_both_cores(
    tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from llk.bench import race, solver

    # A smoke run: two boards a case, small budgets (the real run takes minutes).
    monkeypatch.setattr(solver, "SAMPLES", 2)
    monkeypatch.setattr(race, "RACE_DEALS", 1)
    monkeypatch.setattr(race, "RACE_SIZES", ((6, 14),))
    monkeypatch.setattr(solver, "RANDOM_BUDGET", 2_000)
    monkeypatch.setattr(solver, "PYTHON_BUDGET", 50)
    path = tmp_path / "solver.json"
    backends = "rust,python" if llk.rust_available() else "python"
    code, out, _ = run(
        capsys, "--solver", "--sizes", "16x30,24x24", "--backends", backends, "--json", str(path)
    )
    assert code == 0
    rows = table_rows(out)
    assert rows[0][:4] == ["case", "board", "gravity", "backend"]
    document = json.loads(path.read_text())
    assert_context(document, "--solver")
    records = document["results"]
    # Per core: random and solvable 30x16 deals with and without gravity, and each size's
    # solvable deal both ways; the Rust core's biggest in the five other gravity modes too.
    rust = llk.rust_available()
    assert len(records) == 8 * len(backends.split(",")) + 5 * rust
    biggest = {r["gravity"] for r in records if r["board"] == "24x24" and r["backend"] == "rust"}
    assert biggest == (set(llk.GRAVITY_MODES) if rust else set())
    for r in records:
        assert r["status"] and (r["states_per_s"] is None or r["states_per_s"] > 0)
        if r["case"] == solver.SOLVABLE_SMALL:
            # Deals of 30x16 after a move search to their solution, so they are timed (the
            # Python core's budget of 50 here is too small to count as a search).
            assert r["boards"] == 2
            if r["backend"] == "rust":
                assert r["status"] == "2 solved" and r["states_per_s"] > 0
        elif r["case"].startswith("solvable") and r["backend"] == "rust":
            assert r["status"] == "solved" and r["solution_s"] > 0
    assert "bytes per stored state" in out
    assert [(r["board"], r["gravity"]) for r in document["race"]] == [
        ("14x6", "none"),
        ("14x6", "down"),
    ]
    if llk.rust_available():
        assert "| states/s, random 30x16, down | >= 500,000 |" in out
        assert "| states/s, solvable 30x16 after a move, none | >= 500,000 |" in out


def test_the_race_against_kshisens_check_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--solver --race`: a row for each size, tile mix (KShisen's only where it deals
    differently: over 168 tiles) and gravity, each deal given to every contender, in the text
    and under "race" in the JSON; none of the solver's own rows."""
    from llk.bench import race

    monkeypatch.setattr(race, "RACE_DEALS", 3)
    monkeypatch.setattr(race, "PYTHON_DEALS", 1)
    monkeypatch.setattr(race, "RACE_BUDGET", 20_000)
    path = tmp_path / "race.json"
    argv = ["--solver", "--race", "--sizes", "6x14,12x24", "--json", str(path)]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "states/s" not in out and "KShisen's check called" in out
    rows = table_rows(out)
    assert rows[0][:4] == ["board", "tiles", "gravity", "deals"]
    assert [row[:3] for row in rows[2:]] == [
        ["14x6", "4 a kind", "none"],
        ["14x6", "4 a kind", "down"],
        ["24x12", "4 a kind", "none"],
        ["24x12", "4 a kind", "down"],
        ["24x12", "KShisen's mix", "none"],
        ["24x12", "KShisen's mix", "down"],
    ]
    document = json.loads(path.read_text())
    assert_context(document, "--solver")
    assert document["results"] == []
    for r in document["race"]:
        assert r["deals"] == 3 == r["solved"] + r["unsolvable"] + r["unknown"]
        assert r["greedy_false"] <= r["greedy_clears"] and r["agree"] <= 3 - r["unknown"]
        if r["gravity"] == "none":
            # Without gravity the check's removals are a solution: never a false "solvable".
            assert r["greedy_false"] == 0
        assert r["exact_ms"] > 0 and r["greedy_python_ms"] > 0
        assert (r["greedy_rust_ms"] is not None) is llk.rust_available()


def test_race_goes_with_solver(capsys: pytest.CaptureFixture) -> None:
    code, out, err = run(capsys, "--race")
    assert code == 2 and out == "" and "--race goes with --solver" in err


@pytest.mark.parametrize("count", ["0", "-1", "65"])
def test_a_process_count_out_of_range_is_refused(capsys, count: str) -> None:
    code, out, err = run(capsys, "--quick", "--ops", "hint", "--processes", count)
    assert code == 2 and out == "" and "--processes must be in 1 .. 64" in err

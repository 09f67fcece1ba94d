"""`llk solve --batch` (python/llk/batch.py) and the honest figures of `llk solve --stats`
(python/llk/stats.py): a JSON line a deal, shards, a killed run resumed, tiers, intervals, and
the Dask recipe of docs/solver.md on a LocalCluster."""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from scipy import stats as scipy_stats

import llk
from llk import batch, cli, stats
from llk.batch import Task, solve_task
from llk.errors import CommandError

FIELDS = {"seed", "size", "gravity", "tiles", "verdict", "states", "seconds", "code"}


def run(*argv: str) -> str:
    out = io.StringIO()
    args = cli.build_parser().parse_args(list(argv))
    assert args.run(args, out=out) == 0
    return out.getvalue()


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def verdicts(path: Path) -> list[tuple]:
    """The records without their timings, in seed order."""
    return sorted(
        tuple(sorted((k, v) for k, v in r.items() if k != "seconds")) for r in lines(path)
    )


# Deals of about 0.1 s each on the core under test: long enough to kill a run mid-way.
SLOW = {
    "rust": ("--sizes", "24x12", "--gravity", "down", "--budget", "20000"),
    "python": ("--sizes", "14x6", "--gravity", "down", "--budget", "2000"),
}[llk.BACKEND]


def test_a_batch_writes_a_json_line_a_deal(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    text = run(
        "solve",
        "--batch",
        "--seeds",
        "3:7",
        "--sizes",
        "14x6",
        "--gravity",
        "none,down",
        "--tiles",
        "even,kshisen",
        "--budget",
        "500",
        "--out",
        str(out),
    )
    records = lines(out)
    assert text.startswith("16 deals solved, 0 already in")
    assert len(records) == 16 and all(r.keys() >= FIELDS for r in records)
    assert sorted({r["seed"] for r in records}) == [3, 4, 5, 6]
    for r in records:
        board = llk.Board.from_code(r["code"])
        assert (r["size"], r["gravity"], board.gravity) == ("14x6", r["gravity"], r["gravity"])
        assert r["code"].endswith("k") == (r["tiles"] == "kshisen")
        assert board.solve(budget=500).status == r["verdict"]


def test_shards_split_the_seeds_and_add_up_to_the_whole_run(tmp_path: Path) -> None:
    argv = ("solve", "--batch", "--seeds", "5:16", "--sizes", "16x9", "--budget", "300")
    run(*argv, "--out", str(tmp_path / "all.jsonl"))
    seen: list[int] = []
    for i in range(3):
        shard = tmp_path / f"s{i}.jsonl"
        run(*argv, "--shard", f"{i}/3", "--out", str(shard))
        seeds = {r["seed"] for r in lines(shard)}
        assert all(s % 3 == i for s in seeds)
        seen += sorted(seeds)
        (tmp_path / "joined.jsonl").open("a").write(shard.read_text())
    assert sorted(seen) == list(range(5, 16))
    assert verdicts(tmp_path / "joined.jsonl") == verdicts(tmp_path / "all.jsonl")


def test_a_killed_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    argv = ["solve", "--batch", "--seeds", "0:24", "--jobs", "1", *SLOW]
    whole, killed = tmp_path / "whole.jsonl", tmp_path / "killed.jsonl"
    command = [sys.executable, "-m", "llk", *argv]
    subprocess.run([*command, "--out", str(whole)], check=True, capture_output=True)
    assert len(lines(whole)) == 24
    running = subprocess.Popen([*command, "--out", str(killed)], stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if killed.exists() and killed.read_bytes().count(b"\n") >= 4:
            break
        time.sleep(0.005)
    running.kill()  # SIGKILL on POSIX, TerminateProcess on Windows: no chance to clean up
    running.wait()
    done = len(lines(killed))
    assert 4 <= done < 24, "the run ended before it could be killed"
    # As if it had been killed in the middle of a write: half a line, no newline.
    with killed.open("a") as f:
        f.write('{"size": "24x12", "grav')
    again = subprocess.run([*command, "--out", str(killed)], capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"{24 - done} deals solved, {done} already in")
    assert verdicts(killed) == verdicts(whole)
    # A third run has nothing left to do.
    assert run(*argv, "--out", str(killed)).startswith("0 deals solved, 24 already in")


def test_tiers_rerun_unknowns_at_ten_times_the_budget() -> None:
    # 16x9 with gravity down, 30 states: seed 0 needs a tier, seed 5 two, seed 2 more.
    first = [solve_task(Task("16x9", "down", "even", seed, 30, None, 0)) for seed in (0, 5, 2)]
    assert [r["verdict"] for r in first] == ["unknown"] * 3
    tiered = [solve_task(Task("16x9", "down", "even", seed, 30, None, 2)) for seed in (0, 5, 2)]
    assert [(r["verdict"], r["tier"]) for r in tiered] == [
        ("solved", 1),
        ("solved", 2),
        ("intractable", 2),
    ]
    # Every tier's states are counted: 30 + 300 + 3000 for the one that used them all.
    assert tiered[2]["states"] == 3330
    assert solve_task(Task("16x9", "down", "even", 2, 30 * 100, None, 0))["verdict"] == "unknown"


def test_a_time_limit_leaves_the_states_uncounted() -> None:
    record = solve_task(Task("24x12", "down", "even", 0, 10**12, 0.01, 0))
    assert record["verdict"] == "unknown" and record["states"] is None


def test_the_table_gives_the_solvable_share_from_solved_to_undecided() -> None:
    records = [
        {"size": "24x12", "gravity": "down", "tiles": "kshisen", "verdict": v, "seconds": 0.5}
        for v in ["solved"] * 6 + ["unsolvable"] * 10 + ["unknown"] * 1 + ["intractable"] * 3
    ]
    out = io.StringIO()
    stats.table(records, out)
    row = out.getvalue().splitlines()[2].split(" | ")
    assert row[3:10] == ["kshisen", "20", "30%", "50%", "5%", "15%", "30%-50%"]
    low, high = stats.wilson(6, 20)[0], stats.wilson(10, 20)[1]
    assert row[10] == f"{100 * low:.0f}%-{100 * high:.0f}%" == "15%-70%"


def _formula_wilson(successes: int, n: int, z: float) -> tuple[float, float]:
    """The Wilson interval by its formula, as `stats.wilson` was written before scipy's."""
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@pytest.mark.parametrize("confidence", [0.95, 0.8])
def test_the_wilson_interval_is_the_formulas(confidence: float) -> None:
    z = float(scipy_stats.norm.ppf(0.5 + confidence / 2))
    for k, n in [(0, 20), (6, 20), (20, 20), (57, 200), (1, 3), (0, 1), (999, 1000)]:
        got = stats.wilson(k, n, confidence)
        assert got == pytest.approx(_formula_wilson(k, n, z), abs=1e-12), (k, n)


def test_stats_from_batch_files_counts_each_deal_once(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    argv = ("solve", "--batch", "--sizes", "14x6", "--gravity", "down", "--budget", "400")
    run(*argv, "--seeds", "0:6", "--out", str(a))
    run(*argv, "--seeds", "4:9", "--out", str(b))
    text = run("solve", "--stats", "--from", str(a), str(b))
    assert "9 deals, 9 seeds from 0 to 8" in text and "| 14x6 | 6x14 | down | even | 9 |" in text
    run(*argv[:-1], "401", "--seeds", "0:2", "--out", str(b))
    with pytest.raises(llk.BoardError, match="different budgets"):
        run("solve", "--stats", "--from", str(a), str(b))


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--batch", "--seeds", "5:5", "--out", "x"], "--seeds must be A:B"),
        (["--batch", "--seeds", "0:9"], "--batch needs --seeds A:B and --out FILE"),
        (["--batch", "--seeds", "0:9", "--shard", "3/3", "--out", "x"], "--shard must be I/N"),
        (["--stats", "--tiles", "kshisen,odd"], "--tiles must be even, kshisen or both"),
        (["--stats", "--tiers", "-1"], "--tiers must be an int >= 0"),
    ],
)
def test_bad_batch_options_are_board_errors(argv: list[str], message: str) -> None:
    with pytest.raises(llk.BoardError, match=message):
        run("solve", *argv)


def test_the_dask_recipe_runs_on_a_local_cluster(tmp_path: Path) -> None:
    """The recipe docs/solver.md includes (docs/recipes/batch_dask.py), run as it says."""
    pytest.importorskip("dask.distributed")
    out = tmp_path / "results.jsonl"
    recipe = Path(__file__).parents[2] / "docs" / "recipes" / "batch_dask.py"
    # The pure-Python core takes about 100 times longer a state: smaller deals and budget.
    seeds, budget, sizes = (
        ("0:12", "2000", "16x9,24x12") if llk.BACKEND == "rust" else ("0:6", "300", "14x6,16x9")
    )
    command = [sys.executable, str(recipe), str(out), seeds, "2", budget, sizes]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    local = tmp_path / "local.jsonl"
    run(
        "solve",
        "--batch",
        "--seeds",
        seeds,
        "--sizes",
        sizes,
        "--gravity",
        "down",
        "--tiles",
        "even,kshisen",
        "--budget",
        budget,
        "--tiers",
        "1",
        "--out",
        str(local),
    )
    deals = 4 * int(seeds.split(":")[1])
    assert len(lines(out)) == deals and verdicts(out) == verdicts(local)
    # Run again, it finds everything done.
    again = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert f"0 deals solved, {deals} already" in again.stdout and len(lines(out)) == deals
    assert batch.read_records(out) == lines(out)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("flag", ["--batch", "--stats"])
def test_the_progress_bar_is_drawn_on_a_terminal_only(tmp_path: Path, flag: str) -> None:
    argv = ["solve", flag, "--sizes", "14x6", "--gravity", "down", "--budget", "400"]
    argv += ["--seeds", "0:3", "--out", str(tmp_path / "r.jsonl")] if flag == "--batch" else []
    argv += ["--samples", "3"] if flag == "--stats" else []
    for err in (io.StringIO(), Terminal()):
        args = cli.build_parser().parse_args(argv)
        (tmp_path / "r.jsonl").unlink(missing_ok=True)
        command = stats.batch if flag == "--batch" else stats.stats
        assert command(args, out=io.StringIO(), err=err) == 0
        # A log (not a terminal) stays clean: no bar, no carriage return.
        text = err.getvalue()
        assert ("\r" in text and "3/3 [" in text) if isinstance(err, Terminal) else text == ""


# Enough for the two writers to overlap on a busy machine (3 kB each).
RECORDS = 1000


class ShortWrites:
    """A file whose writes take 1,000 bytes at most, as a write the OS cuts short (a signal,
    a network disk) does: a line goes out in several calls."""

    def __init__(self, f: Any) -> None:
        self.f = f

    def write(self, data: memoryview) -> int:
        return int(self.f.write(data[:1000]))

    def fileno(self) -> int:
        return int(self.f.fileno())


def _append_records(out: str, name: str, count: int, start: Any) -> None:
    """Appends `count` 3 kB records to `out` as `llk solve --batch` does, a line at a time,
    from when both writers are ready (`start`, a barrier)."""
    start.wait()
    with batch._append(out) as f:
        for i in range(count):
            line = json.dumps({"who": name, "i": i, "pad": "x" * 3000}) + "\n"
            batch._write_line(ShortWrites(f), out, line)  # type: ignore[arg-type]


def test_two_processes_appending_one_file_keep_every_record_whole(tmp_path: Path) -> None:
    import multiprocessing

    out = str(tmp_path / "r.jsonl")
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    writers = [context.Process(target=_append_records, args=(out, n, RECORDS, start)) for n in "ab"]
    for w in writers:
        w.start()
    for w in writers:
        w.join(120)
        assert w.exitcode == 0
    # Every line whole: each is written in its turn, all its parts together.
    records = lines(Path(out))
    want = [(n, i) for n in "ab" for i in range(RECORDS)]
    assert sorted((r["who"], r["i"]) for r in records) == want


def test_a_batch_file_another_process_is_writing_is_refused_after_a_while(
    tmp_path: Path, monkeypatch
) -> None:
    from filelock import FileLock

    from llk import _output

    monkeypatch.setattr(_output, "LOCK_SECONDS", 0.2)
    out = tmp_path / "r.jsonl"
    argv = ("solve", "--batch", "--sizes", "14x6", "--budget", "400", "--out", str(out))
    run(*argv, "--seeds", "0:1")
    before = out.read_text()
    # Another writer's lock: a FileLock object of its own, as another process would hold.
    with FileLock(tmp_path / ".r.jsonl.lock"):
        started = time.monotonic()
        with pytest.raises(CommandError, match=r"r\.jsonl \(--out\) is being written by another"):
            run(*argv, "--seeds", "0:2")
        assert 0.2 <= time.monotonic() - started < 5
    assert out.read_text() == before  # untouched
    # The lock free again, the run goes through; the lock's hidden file is left beside.
    run(*argv, "--seeds", "0:2")
    assert len(lines(out)) == 4 and out.read_text().startswith(before)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".r.jsonl.lock", "r.jsonl"]

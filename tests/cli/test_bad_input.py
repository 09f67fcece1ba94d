"""Every bad input of issue 41's first list, through the `llk` command: each ends in one line on
stderr (`llk COMMAND: error: <what was wrong>; <how to fix it>`), exit status 2, no traceback,
and no output file left half written. The inputs that would run away on a broken command (take
all memory, hang, deal for minutes) run in a subprocess with a memory cap and a timeout."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import llk
from llk import cli

QUICK = ("--sizes", "14x6", "--gravity", "none", "--budget", "2000", "--jobs", "1")
RECORD = {
    "size": "14x6",
    "gravity": "none",
    "tiles": "even",
    "seed": 0,
    "verdict": "solved",
    "states": 42,
    "seconds": 0.0003,
    "code": "llk2.6x14.21.0.none.-.rb",
    "tier": 0,
    "budget": 2000,
    "limit": None,
    "tiers": 0,
    "backend": "rust",
}


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one line `llk ARGV` says on stderr, having exited with status 2 (by `parser.exit`
    or by returning it)."""
    try:
        code = cli.main(argv)
    except SystemExit as exited:
        code = exited.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2, err
    return one_line(err, argv[0])


def one_line(err: str, command: str) -> str:
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith(f"llk {command}: error: "), err
    return err


def limited() -> None:
    """A subprocess's cap: 2 GiB of memory (a broken command must fail, not swap)."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def llk_command(
    *argv: str, timeout: float = 60, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "llk", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limited,
        env=env,
    )


# `llk solve --batch` and `--stats`: options.

OPTIONS = {
    "seeds-1e20": (["--batch", "--seeds", "0:100000000000000000000"], "past the last seed"),
    "seeds-2e64": (["--batch", "--seeds", f"0:{2**64 + 1}"], "past the last seed"),
    "seeds-empty": (["--batch", "--seeds", ""], "--seeds must be A:B"),
    "shard-empty": (["--batch", "--seeds", "0:2", "--shard", ""], "--shard must be I/N"),
    "out-empty": (["--batch", "--seeds", "0:2", "--out", ""], "--out is empty"),
    # argparse reads `--tiles=--` as no value: a list where the command reads a str.
    "tiles-dashes": (["--batch", "--seeds", "0:2", "--tiles=--"], "--tiles=-- gives --tiles no"),
    "tiers-past-2e64": (["--batch", "--seeds", "0:2", "--tiers", "19"], "take fewer tiers"),
    "tiers-huge": (["--batch", "--seeds", "0:2", "--tiers", str(2**63)], "take fewer tiers"),
}


@pytest.mark.parametrize("case", OPTIONS.values(), ids=OPTIONS)
def test_a_bad_batch_option_is_one_line(
    case: tuple[list[str], str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, fault = case
    out = [] if "--out" in argv else ["--out", str(tmp_path / "r.jsonl")]
    err = refused(capsys, ["solve", *argv, *out, *QUICK])
    assert fault in err
    assert not (tmp_path / "r.jsonl").exists()  # nothing written


RUNAWAY = {
    # Each deal listed in memory first: 10**13 of them took all memory.
    "stats-samples": (["--stats", "--samples", "10000000000000"], "at most 1,000,000 a run"),
    "batch-seeds": (["--batch", "--seeds", "0:100000000000"], "at most 1,000,000 a run"),
    "batch-shard": (
        ["--batch", "--seeds", "0:10000000000", "--shard", "0/2"],
        "at most 1,000,000 a run",
    ),
}


@pytest.mark.parametrize("case", RUNAWAY.values(), ids=RUNAWAY)
def test_a_run_too_large_is_refused_before_it_is_listed(
    case: tuple[list[str], str], tmp_path: Path
) -> None:
    argv, fault = case
    out = tmp_path / "r.jsonl"
    done = llk_command("solve", *argv, "--out", str(out), timeout=30)
    one_line(done.stderr, "solve")
    assert done.returncode == 2 and fault in done.stderr
    assert not out.exists()


def test_out_naming_a_folder_or_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["solve", "--batch", "--seeds", "0:2", *QUICK, "--out"]
    err = refused(capsys, [*argv, str(tmp_path)])
    assert f"--out {tmp_path} is a folder; name a file in it" in err
    missing = tmp_path / "nope" / "r.jsonl"
    err = refused(capsys, [*argv, str(missing)])
    assert f"{tmp_path / 'nope'} does not exist; create the folder first" in err
    assert list(tmp_path.iterdir()) == []


def test_out_on_a_full_disk_fails_at_once_in_one_line() -> None:
    # /dev/full was read back as a batch file first: zeros without end, memory without bound.
    done = llk_command("solve", "--batch", "--seeds", "0:2", *QUICK, "--out", "/dev/full")
    one_line(done.stderr, "solve")
    assert done.returncode == 2
    assert "cannot write /dev/full (--out): No space left on device; free some space" in (
        done.stderr
    )


def test_out_to_stdout_writes_the_records_there() -> None:
    # /dev/stdout was read back first: the command waited for its input, forever.
    argv = ["solve", "--batch", "--seeds", "0:2", *QUICK, "--out", "/dev/stdout"]
    done = subprocess.Popen(
        [sys.executable, "-m", "llk", *argv],
        stdin=subprocess.PIPE,  # never written to: a read of the pipe would wait without end
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limited,
    )
    try:
        out, err = done.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        done.kill()
        done.communicate()
        pytest.fail("llk solve --out /dev/stdout hung")
    assert done.returncode == 0, err
    records = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert sorted(r["seed"] for r in records) == [0, 1]
    assert out.splitlines()[-1] == "2 deals solved, 0 already in /dev/stdout"


# Batch files: a line that is not a record, read by --stats --from and by a resumed --batch.

BAD_LINES = {
    "number": (b"5\n", "5 is not a record (a JSON object)"),
    "list": (b"[1, 2]\n", "[1, 2] is not a record"),
    "missing-key": (json.dumps({k: v for k, v in RECORD.items() if k != "seed"}), "no 'seed'"),
    "string-seed": (json.dumps({**RECORD, "seed": "x"}), "its 'seed' is 'x'"),
    "list-code": (json.dumps({**RECORD, "code": [1]}), "its 'code' is [1]"),
    "nan-seconds": (json.dumps({**RECORD, "seconds": float("nan")}), "its 'seconds' is nan"),
    "bad-size": (json.dumps({**RECORD, "size": "7x7"}), "its 'size' is '7x7'"),
    "nested": (b"[" * 100_000 + b"]" * 100_000 + b"\n", "JSON nested too deeply"),
    "not-json": (b"{oops\n", "not JSON"),
    "not-utf8": (b"\xff\xfe\n", "not UTF-8 text"),
}


@pytest.mark.parametrize("command", ["stats", "batch"])
@pytest.mark.parametrize("case", BAD_LINES.values(), ids=BAD_LINES)
def test_a_batch_file_with_a_bad_line_names_the_file_and_line(
    case: tuple[str | bytes, str],
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    line, fault = case
    data = line if isinstance(line, bytes) else (line + "\n").encode()
    path = tmp_path / "r.jsonl"
    good = (json.dumps(RECORD) + "\n").encode()
    path.write_bytes(good + data)
    if command == "stats":
        argv = ["solve", "--stats", "--from", str(path)]
    else:
        argv = ["solve", "--batch", "--seeds", "0:2", *QUICK, "--out", str(path)]
    err = refused(capsys, argv)
    assert f"{path}, line 2: not a record of llk solve --batch (" in err
    assert fault in err and "remove or fix that line" in err
    assert path.read_bytes() == good + data  # untouched


def test_stats_from_a_folder_or_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, ["solve", "--stats", "--from", str(tmp_path)])
    assert f"--from {tmp_path} is a folder" in err
    err = refused(capsys, ["solve", "--stats", "--from", str(tmp_path / "nope.jsonl")])
    assert f"--from {tmp_path / 'nope.jsonl'}: no such file" in err


# `llk bench compare`: result files that are not.


def _timed(**changes: object) -> dict[str, object]:
    result: dict[str, object] = {
        "op": "hint",
        "family": "full",
        "rows": 10,
        "cols": 10,
        "cells": 100,
        "contender": "rust",
        "samples_s": [1e-6, 1.1e-6, 0.9e-6, 1e-6, 1.05e-6],
        "per_sample": 100,
        "unstable": False,
    }
    result.update(changes)
    return {k: v for k, v in result.items() if v is not DROP}


DROP = object()
GOOD = {"format": 2, "context": {"cpu": "x", "cores": 2}, "results": [_timed()]}
GOOD_TEXT = json.dumps(GOOD)

BAD_RESULTS = {
    "empty": (b"", "the file is empty"),
    "truncated": (GOOD_TEXT[: len(GOOD_TEXT) // 2].encode(), "not JSON"),
    "list": (b"[]", "a JSON list, not an object"),
    "no-results": (b"{}", "no list of results"),
    "missing-samples": ({**GOOD, "results": [_timed(samples_s=DROP)]}, "no 'samples_s'"),
    "string-sample": ({**GOOD, "results": [_timed(samples_s=["fast"])]}, "holds 'fast'"),
    "nan-sample": ({**GOOD, "results": [_timed(samples_s=[float("nan")])]}, "holds nan"),
    "zero-sample": ({**GOOD, "results": [_timed(samples_s=[0.0, 1e-6])]}, "holds 0.0"),
    "empty-samples": ({**GOOD, "results": [_timed(samples_s=[])]}, "'samples_s' is []"),
    "samples-number": ({**GOOD, "results": [_timed(samples_s=3)]}, "'samples_s' is 3"),
    "no-per-sample": ({**GOOD, "results": [_timed(per_sample=DROP)]}, "'per_sample' is None"),
    "result-number": ({**GOOD, "results": [7]}, "result 1: 7 is not an object"),
    "rows-text": ({**GOOD, "results": [_timed(rows="10")]}, "its 'rows' is '10'"),
    "context-load": ({**GOOD, "context": {"load_average": "high"}}, "'load_average' is 'high'"),
    "nested": (b"[" * 100_000 + b"]" * 100_000, "JSON nested too deeply"),
    "not-utf8": (b"\xff\xfe", "not UTF-8 text"),
}


@pytest.mark.parametrize("side", ["old", "new"])
@pytest.mark.parametrize("case", BAD_RESULTS.values(), ids=BAD_RESULTS)
def test_bench_compare_names_the_file_and_its_fault(
    case: tuple[bytes | dict[str, object], str],
    side: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("scipy")
    content, fault = case
    bad, good = tmp_path / "bad.json", tmp_path / "good.json"
    bad.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    good.write_text(GOOD_TEXT)
    pair = [str(bad), str(good)] if side == "old" else [str(good), str(bad)]
    err = refused(capsys, ["bench", "compare", *pair])
    assert f"{bad}: not a result file of llk bench (" in err
    assert fault in err, err


def test_bench_compare_of_a_folder_or_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    good.write_text(GOOD_TEXT)
    err = refused(capsys, ["bench", "compare", str(tmp_path), str(good)])
    assert "cannot read it: Is a directory" in err
    err = refused(capsys, ["bench", "compare", str(good), str(tmp_path / "nope.json")])
    assert "cannot read it: No such file or directory" in err


def test_bench_plot_out_in_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    good.write_text(GOOD_TEXT)
    err = refused(capsys, ["bench", "plot", str(good), "--out", str(tmp_path / "no" / "p.png")])
    assert "does not exist; create the folder first" in err


def test_bench_json_in_a_missing_folder_is_said_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, ["bench", "--quick", "--json", str(tmp_path / "no" / "r.json")])
    assert "does not exist; create the folder first" in err
    assert capsys.readouterr().out == ""  # no case was timed


@pytest.mark.parametrize("cap", ["nan", "inf"])
def test_bench_max_time_that_is_not_a_time(cap: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, ["bench", "--quick", "--ops", "hint", "--max-time", cap])
    assert "--max-time must be positive" in err
    assert capsys.readouterr().out == ""


def test_a_result_file_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    from llk.bench import files
    from llk.errors import CommandError

    path = tmp_path / "r.json"
    path.write_text(GOOD_TEXT)
    with pytest.raises(CommandError, match=r"cannot write /dev/full \(--json\): No space left"):
        files.write_json("/dev/full", GOOD)
    files.write_json(path, {**GOOD, "format": 3})
    assert json.loads(path.read_text())["format"] == 3
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left
    assert path.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# `llk play`, and the board sizes the slide rules allow.


def test_play_without_a_display_says_so_in_one_line() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("ARCADE_HEADLESS", None)
    env["LANGUAGE"] = "en"
    done = llk_command("play", "--size", "6x14", env=env)
    one_line(done.stderr, "play")
    assert done.returncode == 2
    assert "no display to open the game's window on" in done.stderr
    assert "xvfb-run llk play" in done.stderr


def test_play_slide_on_a_board_too_large_is_refused_before_the_deal() -> None:
    # A 200x200 slide deal ran the slide solver on 16 deals, each scan seconds long.
    done = llk_command("play", "--size", "200x200", "--slide", timeout=30)
    one_line(done.stderr, "play")
    assert done.returncode == 2
    assert "tiles slide on boards of at most 10000 cells, and 200x200 has 40000" in done.stderr
    assert "cells squared" in done.stderr and "turn the slides off" in done.stderr


def test_the_slide_limit_is_the_same_on_both_cores(backend: str) -> None:
    message = "a 101x100 board is too large for tiles that slide (10100 cells): at most 10000 cells"
    with pytest.raises(llk.BoardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        llk.deal(101, 100, kinds=50, seed=1, slide=True, solvable=False, backend=backend)
    with pytest.raises(llk.BoardError) as built:
        llk.Board(np.ones((101, 100), dtype=int), slide=True, backend=backend)
    assert str(built.value).startswith(message)
    # At the limit, and off the slide rules, the same sizes are dealt.
    assert llk.Board(np.ones((100, 100), dtype=int), slide=True, backend=backend).slide
    assert llk.deal(101, 100, kinds=50, seed=1, solvable=False, backend=backend).rows == 101

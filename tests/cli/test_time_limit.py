"""`llk solve --time-limit S` (issue 41, item 3): the solve, and the rating with --rate, stop
once S seconds have passed and say "unknown (time limit)", with exit status 1 as for any
board not solved; a limit that is not a number of seconds above 0 exits 2 with a message.
Nothing here is timed against a target (tests/bench/test_speed.py measures the overshoot)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import time

import pytest

import llk
from llk import cli

# A search of millions of states under gravity: minutes, were it not stopped.
STUBBORN = dict(kinds=120, seed=1, gravity="down", solvable=False)


def stubborn_code(backend: str) -> str:
    return llk.deal(16, 30, backend=backend, **STUBBORN).code  # type: ignore[arg-type]


def solve(*argv: str) -> tuple[int, str]:
    """`llk solve ...`'s exit status and what it printed."""
    out = io.StringIO()
    args = cli.build_parser().parse_args(["solve", *argv])
    return args.run(args, out=out), out.getvalue()


def test_solve_with_a_time_limit_says_unknown_time_limit(backend: str) -> None:
    argv = [stubborn_code(backend), "--time-limit", "0.2", "--rate"]
    started = time.monotonic()
    status, out = solve(*argv, "--budget", str(10**12), "--backend", backend)
    assert status == 1
    assert time.monotonic() - started < 0.2 * 2 + 4  # solve and rating, with room to spare
    lines = out.splitlines()
    assert re.fullmatch(r"unknown \(time limit\) after [\d,]+ states in [\d.]+ ms .*", lines[0])
    assert re.fullmatch(r"  difficulty +unknown \(time limit\)", lines[2]), lines


def test_a_budget_run_out_says_so() -> None:
    status, out = solve(stubborn_code("python"), "--budget", "10", "--time-limit", "60")
    assert status == 1 and out.startswith("unknown (budget) after 10 states")


def test_a_board_solved_in_time_prints_its_solution() -> None:
    status, out = solve(llk.deal(6, 14, kinds=21, seed=8).code, "--time-limit", "60", "--rate")
    assert status == 0
    assert out.startswith("solved after") and re.search(r"difficulty +normal", out)


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "soon"])
def test_a_bad_time_limit_exits_2_with_a_message(value: str) -> None:
    argv = [sys.executable, "-m", "llk", "solve", "llk2.6x14.21.8.none.-.sb", "--time-limit", value]
    done = subprocess.run(argv, capture_output=True, text=True)
    assert done.returncode == 2
    assert re.search(r"time.limit", done.stderr), done.stderr
    assert "Traceback" not in done.stderr

"""Ctrl+C during a long call into the Rust core: the call polls for signals while the GIL is
released, so KeyboardInterrupt comes within a fraction of a second, the board is left as it was,
and `llk` exits with 130 and one line, no traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import llk
from tests.conftest import RUST_MISSING

pytestmark = [
    pytest.mark.skipif(not llk.rust_available(), reason=RUST_MISSING),
    pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX"),
]

# Ctrl+C must be answered within this long; the calls below run for many seconds (or minutes)
# without it, so a miss cannot pass by luck.
ANSWER_WITHIN = 3.0


def _sigint_as_at_a_terminal() -> None:
    # A process started in the background by a shell without job control inherits SIGINT
    # ignored, and Python then never raises KeyboardInterrupt; a player's terminal delivers it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(argv: list[str]) -> subprocess.Popen[str]:
    env = {**os.environ, "LLK_BACKEND": "rust", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_sigint_as_at_a_terminal,
    )


def wait_for_extension(proc: subprocess.Popen[str], timeout: float = 30.0) -> None:
    """Until the child has loaded llk._core (so it is past `import llk`), where /proc shows it."""
    maps = Path(f"/proc/{proc.pid}/maps")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if "_core" in maps.read_text():
                return
        except OSError:
            break  # no /proc: the fixed wait after this call has to do
        time.sleep(0.02)


def wait_for_import(proc: subprocess.Popen[str], module: str) -> None:
    """Until the child (run with -X importtime) has imported `module`, reading its stderr."""
    assert proc.stderr is not None
    for line in proc.stderr:
        if line.rstrip().endswith(f"| {module}"):
            return
    raise AssertionError(f"the child ended before it imported {module}")


def interrupt(proc: subprocess.Popen[str], after: float) -> tuple[float, str, str]:
    """Sends SIGINT `after` seconds from now; returns the seconds until the child exited and
    its output."""
    time.sleep(after)
    assert proc.poll() is None, "the call ended before it could be interrupted"
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=ANSWER_WITHIN + 30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return time.monotonic() - sent, out, err


@pytest.mark.parametrize(
    "code",
    [
        # 1000x1000, 20 kinds, at random: relaxed play on the root runs for many seconds.
        "llk1.1000x1000.20.1.none.-.rb",
        # With gravity: the plain search, minutes of states.
        "llk1.300x300.20.1.down.-.rb",
        # A solvable 2000x2000 deal: the positional game runs for seconds before the solve.
        "llk1.2000x2000.65535.1.none.-.sb",
    ],
    ids=["relaxed-play", "search", "deal"],
)
def test_ctrl_c_stops_llk_solve_at_once(code: str) -> None:
    # -X importtime: the child says on stderr when each import is done, and so when the command
    # has been loaded. A SIGINT sent before, while `import llk` runs (a second on a loaded
    # machine), would be Python's own KeyboardInterrupt in an import, not the command's.
    proc = start(["-X", "importtime", "-m", "llk", "solve", code, "--budget", str(10**12)])
    wait_for_import(proc, "llk.cli")
    took, out, err = interrupt(proc, after=1.0)
    err = "".join(line for line in err.splitlines(True) if not line.startswith("import time:"))
    assert proc.returncode == 130, (out, err)
    assert err == "interrupted\n"
    assert "Traceback" not in out + err
    assert took < ANSWER_WITHIN, f"exited {took:.2f} s after SIGINT"


# Each script prints "ready", makes one long call, and on KeyboardInterrupt prints whether the
# board (and its history and solution) are what they were.
LIBRARY_CALLS = {
    "shuffle-solvable": """
        board = llk.deal(2000, 2000, kinds=65535, seed=1, solvable=False)
        board.remove(*board.hint())
        before = (board.grid, board.history, board.solution, board.can_undo)
        call = lambda: board.shuffle(7, solvable=True)
        after = lambda: (board.grid, board.history, board.solution, board.can_undo)
    """,
    "deal": """
        before = after = lambda: None
        call = lambda: llk.deal(2000, 2000, kinds=65535, seed=1)
    """,
    "solve": """
        board = llk.deal(1000, 1000, kinds=20, seed=1, solvable=False)
        before = board.grid
        call = lambda: board.solve(budget=10**12)
        after = lambda: board.grid
    """,
}

DRIVER = """
import sys, time
import numpy as np
import llk

{setup}
def same(a, b):
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b)
    return a == b

before = before() if callable(before) else before
print("ready", flush=True)
started = time.monotonic()
try:
    call()
except KeyboardInterrupt:
    state = "unchanged" if same(before, after()) else "CHANGED"
    print("interrupted", round(time.monotonic() - started, 3), state)
else:
    print("finished", round(time.monotonic() - started, 3))
"""


@pytest.mark.parametrize("name", list(LIBRARY_CALLS))
def test_an_interrupted_call_raises_keyboardinterrupt_and_changes_nothing(name: str) -> None:
    script = DRIVER.format(setup=textwrap.dedent(LIBRARY_CALLS[name]))
    proc = start(["-c", script])
    assert proc.stdout is not None
    assert proc.stdout.readline() == "ready\n", proc.communicate()
    took, out, err = interrupt(proc, after=0.5)
    assert proc.returncode == 0, err
    words = out.split()
    assert words[0] == "interrupted", out
    assert words[2] == "unchanged"
    assert took < ANSWER_WITHIN, f"returned {took:.2f} s after SIGINT"


def test_a_solve_with_a_budget_returns_what_it_found() -> None:
    # Relaxed play on the root of a big board, then the budget: no waiting for Ctrl+C.
    board = llk.deal(200, 200, kinds=20, seed=1, solvable=False, backend="rust")
    found = board.solve(budget=5)
    assert (found.status, found.states, found.moves) == ("unknown", 5, ())
    board = llk.deal(300, 300, kinds=20, seed=1, solvable=False, gravity="down", backend="rust")
    found = board.solve(budget=50)
    assert (found.status, found.states) == ("unknown", 50)

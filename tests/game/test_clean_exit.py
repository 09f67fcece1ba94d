"""Leaving the program while a worker runs (issue 24): each kind of work on a worker thread is
started in the real (headless) window of a subprocess (leaving.py), which then leaves: the
window's close button, the end of the script, or sys.exit. The program exits with status 0 and
prints no panic (PyO3's "The Python interpreter is not initialized ...", from a core call that
polled Python after finalization began), no traceback, no fatal error.

Two guards, each tested alone:
- the game's (views/tasks.py, app.py): every live task is cancelled and its thread waited for
  before the interpreter goes, by the window's close and by an atexit hook, so that no solver
  runs on into finalization (`alive at exit: []`; a deal or a shuffle, which cannot be stopped,
  may outlast the bounded wait);
- the core's (bindings.rs): with the game's guard undone (`unguarded`), the worker does run on
  into finalization, and its poll must not attach to Python there.

The subprocesses run on the suite's core (LLK_BACKEND, inherited): scripts/test-all runs them
again on the pure-Python core. No wall-clock limit: the timeout only stops a hung run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import llk

SCRIPT = Path(__file__).with_name("leaving.py")
HANG = 600  # seconds: a run that takes this long hangs (each takes a few)
BAD_WORDS = ("panic", "traceback", "not initialized", "fatal python error")
# The work the game can stop (the solver polls its cancel event): its thread has ended when the
# interpreter goes.
STOPPABLE = ("plan", "hint")
CASES = ("plan", "hint", "shuffle", "deal", "restore", "history", "save", "facts")


def leave(case: str, how: str, data: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ARCADE_HEADLESS="1", LLK_DATA_DIR=str(data))
    env.pop("RUST_BACKTRACE", None)  # a panic's first line is enough
    return subprocess.run(
        [sys.executable, str(SCRIPT), case, how, *extra],
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
    )


def alive(out: subprocess.CompletedProcess[str], when: str) -> str:
    """The line the script printed of the workers alive `when` (the list, as printed)."""
    lines = [line for line in out.stdout.splitlines() if line.startswith(when)]
    assert lines, f"no line {when!r}:\n{out.stdout}\n{out.stderr}"
    return lines[-1].removeprefix(when).strip()


def assert_clean(out: subprocess.CompletedProcess[str]) -> None:
    said = out.stderr.lower()
    assert out.returncode == 0 and not any(word in said for word in BAD_WORDS), (
        f"status {out.returncode}\n{out.stderr}"
    )
    assert "task running: True" in out.stdout, f"the work ended before the exit:\n{out.stdout}"


@pytest.mark.parametrize(
    ("case", "how"),
    [(case, how) for case in CASES for how in ("close", "end")]
    + [(case, "exit") for case in ("plan", "hint", "save")],
)
def test_leaving_while_a_worker_runs(case, how, tmp_path):
    out = leave(case, how, tmp_path)
    assert_clean(out)
    if case in STOPPABLE:
        assert alive(out, "alive at exit:") == "[]"
        if how == "close":
            assert alive(out, "tasks alive after close:") == "[]"
    if case == "save":
        # The save being written when the program left is whole: it reads and restores.
        from llk.game.model.game import Game
        from llk.game.store.storage import Storage

        saved = Storage(tmp_path).load_game("free")
        assert saved is not None
        assert Game.from_save(saved).board.remaining > 0


@pytest.mark.skipif(llk.BACKEND != "rust", reason="the guard in the Rust core's bindings")
@pytest.mark.parametrize("how", ["close", "end"])
@pytest.mark.parametrize("case", STOPPABLE)
def test_a_solver_left_running_at_exit_does_not_attach_to_python(case, how, tmp_path):
    """The game's guard undone, the solver runs on into the interpreter's finalization (the
    script says so), where its poll finds Python going: it stops without attaching, quietly."""
    out = leave(case, how, tmp_path, "unguarded")
    assert_clean(out)
    assert alive(out, "alive at exit:") != "[]", "the worker ended before the interpreter"

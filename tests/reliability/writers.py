"""A writer of the game's files in a child process, to be killed at any moment
(test_storage_faults.py, test_journey_progress.py).

The child runs `PAUSING` and then the test's own loop of writes. Given "fsync:K" or "replace:K"
as its second argument, it stops inside its K-th call of os.fsync or os.replace (the temporary
file written but not synced, or synced but not renamed; or the rename done and the directory
not synced) and prints "paused <call>", to be killed right there.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PAUSING = """
import os, sys

calls = {"fsync": 0, "replace": 0}

def pausing(name, real):
    def call(*args):
        calls[name] += 1
        if sys.argv[2] == f"{name}:{calls[name]}":
            print("paused", name, flush=True)
            sys.stdin.read()
        return real(*args)
    return call

os.fsync = pausing("fsync", os.fsync)
os.replace = pausing("replace", os.replace)
"""


def start_writer(loop: str, folder: Path, pause: str) -> subprocess.Popen:
    """The child: PAUSING, then `loop` (which finds the folder in sys.argv[1])."""
    return subprocess.Popen(
        [sys.executable, "-c", PAUSING + loop, str(folder), pause],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def kill_writer(writer: subprocess.Popen) -> None:
    """SIGKILL, as the machine's power going would: no handler, no flush."""
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    for pipe in (writer.stdin, writer.stdout, writer.stderr):
        pipe.close()
    assert writer.returncode == -signal.SIGKILL

"""A huge game keeps to a bounded memory: dealt, a pair removed, its minimap's facts worked
out, saved and restored (the whole of what the menu, the play screen's workers and Continue do
with its board, no window), in a child process under an address-space limit (RLIMIT_AS), at
1000x1000 and at 2000x2000. A copy of the board too many, or a Python object a cell (a tuple
a tile: about 100 bytes, 400 MB on four million cells), passes the peak allowed, or the limit
and ends in a MemoryError there, not in the kernel's out-of-memory killer here.

Measured (Rust core, December 2026): peak resident size (VmHWM) 114 MB at 1000x1000 and 322 MB
at 2000x2000, peak address space (VmPeak) 318 MB and 502 MB; the peaks allowed are about twice
the resident sizes, the limits three times the address spaces."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import llk

pytestmark = [
    pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS and /proc/self/status"),
    pytest.mark.skipif(
        llk.BACKEND != "rust", reason="a huge deal on the pure-Python core takes minutes"
    ),
]

CHILD = """
import json, pathlib, resource, sys, tempfile
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from llk.game.model.config import GameConfig
from llk.game.model.facts import _work, block_for
from llk.game.model.game import Game
from llk.game.store.storage import Storage

def peak():
    status = open("/proc/self/status").read()
    return {{key: int(status.split(key + ":")[1].split()[0]) << 10 for key in ("VmHWM", "VmPeak")}}

n = {n}
game = Game(GameConfig(rows=n, cols=n, kinds=48, seed=1))
board = game.board
a, c = board.hint()
board.remove(a, c)
facts = _work(board.snapshot(), block_for(n, n), 1)
storage = Storage(pathlib.Path(tempfile.mkdtemp()))
storage.save_game(game.to_save(compact=True))
restored = Game.from_save(storage.load_game("free"))
if restored.history_to_come is not None:
    assert restored.take_history(restored.history_work()())
print(json.dumps({{
    "same": restored.board == board and restored.board[a] == 0,
    "remaining": restored.board.remaining,
    "blocks": list(facts.linked.shape),
    **peak(),
}}))
"""

# side -> the child's address-space limit and its peak resident size allowed (the docstring).
LIMITS = {1000: 1 << 30, 2000: 3 << 29}
PEAKS = {1000: 256 << 20, 2000: 640 << 20}


def run_child(n: int) -> dict:
    code = CHILD.format(limit=LIMITS[n], n=n)
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=600, env=env
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("n", sorted(LIMITS))
def test_a_huge_game_is_dealt_played_mapped_saved_and_restored_within_its_memory(n) -> None:
    got = run_child(n)
    assert got["same"] and got["remaining"] == n * n - 2, got
    assert got["blocks"] == [250, 250], got  # the minimap's blocks: at most 250 a side
    assert got["VmHWM"] < PEAKS[n], got

"""The Rust core on the smallest stacks a program can give it: in a Python thread of
`threading.stack_size`'s minimum, 32 KiB, and in a main thread held to 256 KiB (RLIMIT_STACK),
a deal on a big board and the calls a game then makes on it end as on any stack, with the same
answers. The core keeps its work on the heap: a recursion as deep as the board, or a big array
on the stack, would end the child with SIGSEGV (a guard page hit) or an abort.

Issue 38 saw a pytest run die once of SIGSEGV with `llk.deal` on the stack, and never again;
docs/reliability.md says what was searched. Python threads are where a small stack comes
from: a program may set `threading.stack_size`, and a thread's default is taken from the stack
limit when the process starts. 300x300 is over the cells at which `move_density` sweeps the
columns on a thread of its own (rust/src/scan/density.rs), which gets its own stack, and holds
90,000 tiles: a recursion a tile deep would need megabytes.

The child runs under an address-space limit (RLIMIT_AS) too, so that a regression that grows
the heap instead ends in a MemoryError there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import llk
from tests.conftest import RUST_MISSING

pytestmark = [
    pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_STACK and RLIMIT_AS"),
    pytest.mark.skipif(not llk.rust_available(), reason=RUST_MISSING),
    pytest.mark.names_its_backends,
]

THREAD_STACK = 32 * 1024
MAIN_STACK = 256 * 1024
LIMIT = 1 << 31

CHILD = """
import json, resource, threading
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
import llk

def work():
    answers = []
    for gravity in ("none", "down"):
        board = llk.deal(300, 300, kinds=40, seed=3, gravity=gravity, backend="rust")
        for a, c in board.solution[:500]:
            board.remove(a, c)
        density = board.move_density(8)
        near = board.hints_near((150, 150), 10)
        answers.append([int(density.sum()), near, board.hint(), board.move_count()])
        board.shuffle(5, solvable=True)
        answers.append([board.move_count(), llk.solve(board, budget=300).status])
    return answers

threading.stack_size({thread_stack})
in_thread = []
worker = threading.Thread(target=lambda: in_thread.append(work()))
worker.start()
worker.join()
# The main thread's stack grows on demand up to this limit, read at each growth.
hard = resource.getrlimit(resource.RLIMIT_STACK)[1]
resource.setrlimit(resource.RLIMIT_STACK, ({main_stack}, hard))
print(json.dumps({{"thread": in_thread, "main": work()}}))
"""


def test_a_big_deal_and_its_scans_run_on_the_smallest_stacks() -> None:
    code = CHILD.format(limit=LIMIT, thread_stack=THREAD_STACK, main_stack=MAIN_STACK)
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-3000:]}"
    answers = json.loads(done.stdout.strip().splitlines()[-1])
    (in_thread,) = answers["thread"]
    assert in_thread == answers["main"]
    # Both ran the whole work: each board had moves left and a scan that saw them.
    assert [len(a) for a in in_thread] == [4, 2, 4, 2]
    assert all(density > 0 and near and count > 0 for density, near, _, count in in_thread[::2])

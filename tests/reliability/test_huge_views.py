"""A numpy view that costs a few bytes may stand for terabytes: `np.broadcast_to(x, (10**6,
10**6))`. Handed to the API as a cell or a grid, it is refused with `BoardError` from its
shape, before anything copies its values (CI's hypothesis run once drew such a view as a cell:
`tolist()` on it grew past 19 GB until the runner was killed).

The calls run in a child process under an address-space limit (RLIMIT_AS), so that a
regression ends in a `MemoryError` there instead of filling this machine.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS")

LIMIT = 1 << 30

CHILD = """
import json, resource
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
import numpy as np
import llk

def views(value):
    return {{
        "uint16": np.broadcast_to(np.uint16(value), (10**6, 10**6)),
        "int64": np.broadcast_to(np.int64(value), (2**20, 2**20)),
        "object": np.broadcast_to(np.array(value, dtype=object), (10**6, 10**6)),
    }}

board = llk.Board([[1, 2, 0], [2, 1, 0]], backend={backend!r})
calls = {{
    "getitem": lambda v: board[v],
    "path": lambda v: board.path(v, (0, 0)),
    "can_link": lambda v: board.can_link((0, 0), v),
    "near_miss": lambda v: board.near_miss(v, (0, 0)),
    "remove": lambda v: board.remove((0, 0), v),
    "hints_near": lambda v: board.hints_near(v, 3),
    "hint near": lambda v: board.hint(near=v),
    "Board": lambda v: llk.Board(v, backend={backend!r}),
    "Layout": lambda v: llk.Layout(v),
    "deal layout": lambda v: llk.deal(4, 4, kinds=2, seed=1, layout=v, backend={backend!r}),
}}
outcomes = {{}}
for name, call in calls.items():
    for dtype, view in views(1).items():
        try:
            outcomes[f"{{name}} {{dtype}}"] = ["returned", repr(call(view))]
        except Exception as error:
            outcomes[f"{{name}} {{dtype}}"] = [type(error).__name__, str(error)]
print(json.dumps(outcomes))
"""


def test_views_of_terabytes_are_refused_from_their_shape(backend: str) -> None:
    code = CHILD.format(limit=LIMIT, backend=backend)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    outcomes = json.loads(done.stdout.strip().splitlines()[-1])
    refused = {name: how for name, how in outcomes.items() if how[0] != "BoardError"}
    assert not refused, refused
    for name, (_, message) in outcomes.items():
        assert "\n" not in message and len(message) <= 400, (name, message)

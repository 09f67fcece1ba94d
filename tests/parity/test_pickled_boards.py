"""A pickled board is the same board on any core and in any process: its history replayed, so
undo and redo go on as they would have; loaded on the other core when this install lacks the
one it came from; sent to a process pool and back with the answers of the local board
(docs/engine.md, "Pickling, copies and equality")."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import llk
from tests.conftest import needs_both
from tests.parity.test_public_types import played

ROOT = Path(__file__).resolve().parents[2]


def walk(board: llk.Board) -> list:
    """Everything undo and redo show of a board, leaving it as it was."""
    seen = []
    redone = 0
    while board.can_redo:
        seen.append(("redo", board.redo(), board.grid.tolist()))
        redone += 1
    undone = 0
    while board.can_undo:
        action = board.undo()
        seen.append(("undo", action, action.changes.tolist(), board.grid.tolist()))
        undone += 1
    for _ in range(undone):
        board.redo()
    for _ in range(redone):
        board.undo()
    return seen


def test_a_pickled_board_undoes_and_redoes_as_the_board(backend: str) -> None:
    board = played(backend)
    back = pickle.loads(pickle.dumps(board))
    assert back.backend == backend and back.can_redo
    assert walk(back) == walk(board) and back.history == board.history


def test_a_board_played_to_the_end_is_pickled_with_every_move(backend: str) -> None:
    board = llk.deal(16, 16, kinds=8, seed=3, gravity="left", backend=backend)
    for a, c in board.solution:
        board.remove(a, c)
    board.undo()
    back = pickle.loads(pickle.dumps(board))
    assert back == board and len(back.history) == 127 and back.can_redo
    assert walk(back) == walk(board)


@needs_both
def test_without_its_core_a_board_loads_on_the_core_there_is(monkeypatch) -> None:
    data = pickle.dumps(played("rust"))
    monkeypatch.setattr(llk._backend, "RUST", None)  # as in an install without the extension
    monkeypatch.setattr(llk._backend, "BACKEND", "python")
    back = pickle.loads(data)
    assert back.backend == "python" and back == played("python")
    assert walk(back) == walk(played("python"))


# A process whose llk has no Rust core, as a pure-Python install has none; LLK_BACKEND=python.
PURE = """
import pickle, sys
sys.modules["llk._core"] = None
import llk
assert not llk.rust_available() and llk.BACKEND == "python"
board = pickle.loads(sys.stdin.buffer.read())
answers = (board.backend, board, board.hint(safe=True), board.moves(), board.undo(), board.redo())
sys.stdout.buffer.write(pickle.dumps(answers))
"""


@needs_both
def test_a_board_pickled_on_the_rust_core_loads_where_there_is_none() -> None:
    board = played("rust")
    done = subprocess.run(
        [sys.executable, "-c", PURE],
        input=pickle.dumps(board),
        capture_output=True,
        env={**os.environ, "LLK_BACKEND": "python"},
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    backend, back, *answers = pickle.loads(done.stdout)
    assert backend == "python" and back == board
    assert answers == [board.hint(safe=True), board.moves(), board.undo(), board.redo()]


def answers(board: llk.Board) -> tuple:
    """What a worker of the pool is asked about a board: the board it ends with too."""
    hint = board.hint(safe=True)
    solution = llk.solve(board)
    undone = board.undo()
    path = board.remove(*board.moves()[0])
    return board.backend, hint, solution, undone, path, board.history, board


def test_boards_go_to_a_process_pool_and_come_back_with_the_same_answers() -> None:
    boards = [played(b) for b in llk.BACKENDS if b == "python" or llk.rust_available()]
    slid = llk.deal(10, 12, kinds=6, seed=4, gravity="split-v")
    slid.remove(*slid.solution[0])
    boards.append(slid)
    local = [answers(b.copy()) for b in boards]
    with ProcessPoolExecutor(max_workers=2) as pool:
        remote = list(pool.map(answers, boards))
    assert remote == local
    for (*_, there), (*_, here) in zip(remote, local, strict=True):
        assert walk(there) == walk(here)

"""The seam of issue 37 on both cores: the Action a change hands back (`remove_action`, the
props, `apply`), the history read lazily, and a snapshot's answers and refusals are the same
on the Rust core and the Python one."""

from __future__ import annotations

import pytest

import llk
from tests.both_cores import alike, outcome
from tests.conftest import needs_both

pytestmark = [needs_both, pytest.mark.names_its_backends]


def both(call) -> object:
    """`call(backend)` on each backend: same value, or same exception and message."""
    return alike(call, llk.BACKENDS)


def full(action: llk.Action) -> tuple:
    return tuple(action), action.path, action.changes.tolist()


@pytest.mark.parametrize(
    "rules",
    [
        {"gravity": "down"},
        {"gravity": "split-v"},
        {"gravity": "left", "chinese": True},
        {"gravity": "up", "slide": True},
        {"slide": True},
    ],
    ids=lambda r: "-".join(f"{k}={v}" for k, v in r.items()),
)
def test_changes_hand_back_the_same_actions(rules: dict) -> None:
    def played(backend: str) -> list:
        board = llk.deal(8, 10, kinds=9, seed=6, backend=backend, **rules)
        got = []
        for step in range(12):
            a, c = board.moves()[step % 3]
            got.append(full(board.remove_action(a, c)))
            assert got[-1] == full(board.history[-1])
        got += [full(board.shuffle(2)), full(board.mirror("h")), full(board.add_obstacles(1, 3))]
        got.append(full(board.apply(("remove", board.moves()[0]))))
        got.append(full(board.apply(("shuffle", (4, False)))))
        assert got[-5:] == [full(a) for a in board.history[-5:]]
        return got

    assert len(both(played)[1]) == 17


def test_a_history_reads_the_same() -> None:
    def read(backend: str) -> tuple:
        board = llk.deal(6, 8, kinds=6, seed=4, gravity="down", backend=backend)
        for a, c in board.solution[:3]:
            board.remove(a, c)
        board.mirror("v")
        history = board.history
        board.undo()
        board.shuffle(1)
        return [full(a) for a in history], repr(history), history[-1:], len(board.history)

    both(read)
    both(lambda b: llk.Board([[1, 1]], backend=b).history[1])


def test_snapshots_answer_and_refuse_alike() -> None:
    def asked(backend: str) -> tuple:
        board = llk.deal(10, 12, kinds=8, seed=2, gravity="right", backend=backend)
        board.remove(*board.solution[0])
        snap = board.snapshot()
        board.remove(*board.solution[1])
        answers = (
            snap.grid.tolist(),
            snap.moves(),
            snap.move_count(),
            snap.move_density(4).tolist(),
            snap.hint(),
            snap.hints_near((3, 3), 5),
            snap.is_deadlocked(),
            repr(snap).replace(backend, "?"),
        )
        refusals = [outcome(lambda: snap.remove(*board.solution[1])), outcome(snap.undo)]
        return answers, refusals

    refusals = both(asked)[1][1]
    assert refusals[0][:2] == ("raised", llk.IllegalMove)

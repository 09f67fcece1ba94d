"""The engine's seam (issue 37): a change hands back the Action it recorded (`remove_action`,
`apply`, the props), `Board.history` is a lazy `History` read from the core, a `snapshot` is
a board that answers every question and refuses every change, and the rules are read from
the core once. On each backend; tests/parity/test_seam_parity.py holds the two cores to the
same answers."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import llk

GRID = [[1, 2, 0, 1], [3, 0, 2, 3], [0, 4, 4, 0]]


def played(backend: str) -> llk.Board:
    """A board with five entries in its history, no undone one."""
    board = llk.deal(6, 8, kinds=6, seed=4, gravity="down", backend=backend)
    for a, c in board.solution[:2]:
        board.remove(a, c)
    board.shuffle(3)
    board.mirror("v")
    board.add_obstacles(1, 9)
    return board


def full(action: llk.Action) -> tuple:
    return tuple(action), action.path, action.changes.tolist()


# A removal hands back its Action.


def test_remove_action_returns_the_entry_it_recorded(backend: str) -> None:
    board = llk.deal(6, 8, kinds=6, seed=4, gravity="down", backend=backend)
    twin = board.copy()
    for a, c in board.solution[:6]:
        action = board.remove_action(a, c)
        assert action == ("remove", (a, c)) and full(action) == full(board.history[-1])
        assert action.path is not None and twin.remove(a, c) == action.path
    assert any(board.history[i].path.slides for i in range(6))
    with pytest.raises(llk.IllegalMove, match="cannot remove"):
        board.remove_action((0, 0), (0, 0))
    assert len(board.history) == 6


def test_each_change_returns_the_entry_it_recorded(backend: str) -> None:
    board = llk.deal(6, 8, kinds=6, seed=4, gravity="left", backend=backend)
    changes = [
        lambda b: b.remove_action(*b.solution[0]),
        lambda b: b.shuffle(3),
        lambda b: b.shuffle(5, solvable=True),
        lambda b: b.mirror("v"),
        lambda b: b.add_obstacles(1, 9),
        lambda b: b.apply(("remove", b.moves()[0])),
        lambda b: b.apply(("shuffle", (7, False))),
        lambda b: b.apply(("mirror", ("h",))),
        lambda b: b.apply(("obstacles", (1, 2))),
    ]
    for n, change in enumerate(changes, start=1):
        action = change(board)
        assert len(board.history) == n and full(action) == full(board.history[-1])


# The history: a lazy sequence, a snapshot of the history as it was when read.


def test_the_history_is_a_sequence_of_its_actions(backend: str) -> None:
    board = played(backend)
    history = board.history
    actions = [history[i] for i in range(5)]
    assert isinstance(history, llk.History) and len(history) == 5
    assert [a.name for a in history] == ["remove", "remove", "shuffle", "mirror", "obstacles"]
    assert history[-1] == actions[4] and history[-5] == actions[0]
    assert history[1:4] == actions[1:4] and isinstance(history[1:4], list)
    assert history[::-2] == actions[::-2] and history[9:] == []
    assert history == actions and history == tuple(actions) and actions == history
    assert history != actions[:4] and history != "history" and history == board.history
    assert list(reversed(history)) == actions[::-1] and actions[3] in history
    assert history.index(actions[2]) == 2 and history.count(actions[0]) == 1
    assert repr(history) == repr(actions)
    for bad in (5, -6, 2**70):
        with pytest.raises(IndexError, match="history index out of range"):
            history[bad]
    with pytest.raises(TypeError):
        history["0"]  # type: ignore[call-overload]
    assert not llk.Board(GRID, backend=backend).history


def test_a_history_read_keeps_what_it_held(backend: str) -> None:
    """Changes made after a read do not show in it; an entry an undo takes out stays in it,
    even once a new change has replaced it on the board."""
    board = played(backend)
    before = [full(a) for a in board.history]
    history = board.history
    undone = board.undo()
    assert full(undone) == before[-1] and full(history[-1]) == before[-1]
    board.undo()
    board.redo()
    board.mirror("h")
    board.remove(*board.moves()[0])
    assert [full(a) for a in history] == before and len(board.history) == 6
    assert [full(a) for a in board.history[:4]] == before[:4]
    assert board.history[4] == ("mirror", ("h",))


def test_a_history_pickles_and_copies_as_its_actions(backend: str) -> None:
    board = played(backend)
    history = board.history
    for twin in [
        pickle.loads(pickle.dumps(history, p)) for p in range(pickle.HIGHEST_PROTOCOL + 1)
    ]:
        assert type(twin) is llk.History and twin == history
        assert [full(a) for a in twin] == [full(a) for a in history]
        assert repr(twin) == repr(history) and hash(twin) == hash(history)
    assert copy.copy(history) == history and copy.deepcopy(history) == history
    board.undo()
    assert pickle.loads(pickle.dumps(history)) == history and len(history) == 5


# A snapshot answers every question and refuses every change.


def test_a_snapshot_answers_as_the_board_did(backend: str) -> None:
    board = llk.deal(12, 14, kinds=10, seed=5, gravity="down", backend=backend)
    board.remove(*board.solution[0])
    snap = board.snapshot()
    grid, moves = board.grid, board.moves()
    assert snap.frozen and not board.frozen and snap.history == [] and not snap.can_undo
    assert snap == board and snap.code == board.code and snap.solution == board.solution
    assert (snap.gravity, snap.border, snap.backend) == ("down", True, backend)
    a, c = moves[0]
    # Pairs of one kind, for the near miss (most do not link).
    kinds = [np.argwhere(grid == k)[:2].tolist() for k in range(1, 11)]
    same = [(tuple(p), tuple(q)) for p, q in kinds]
    answers = [
        lambda b: b.grid.tolist(),
        lambda b: b.remaining,
        lambda b: b.moves(),
        lambda b: b.move_count(),
        lambda b: b.move_density(3).tolist(),
        lambda b: b.is_deadlocked(),
        lambda b: b.is_cleared(),
        lambda b: b.hint(),
        lambda b: b.hint(near=(5, 5)),
        lambda b: b.hints_near((0, 0), 4),
        lambda b: b.path(a, c),
        lambda b: [b.near_miss(p, q) for p, q in same],
        lambda b: b[a],
        lambda b: b.solve(budget=10_000).status,
        lambda b: str(b),
    ]
    want = [answer(board) for answer in answers]
    # The board changes: the snapshot still answers as it was (the shared grid is copied).
    for _ in range(3):
        board.remove(*board.moves()[0])
    board.mirror("h")
    assert [answer(snap) for answer in answers] == want
    assert (
        (snap.grid == grid).all() and snap.moves() == moves and board.grid.tolist() != grid.tolist()
    )


def test_a_snapshot_refuses_every_change(backend: str) -> None:
    board = llk.deal(6, 8, kinds=6, seed=4, backend=backend)
    a, c = board.moves()[0]
    board.remove(a, c)
    board.undo()
    snap = board.snapshot()
    message = "a snapshot cannot be changed: change the board it was taken of"
    for change in [
        lambda s: s.remove(a, c),
        lambda s: s.remove_action(a, c),
        lambda s: s.shuffle(1),
        lambda s: s.shuffle(1, solvable=True),
        lambda s: s.mirror("h"),
        lambda s: s.add_obstacles(1, 1),
        lambda s: s.apply(("remove", (a, c))),
        lambda s: s.apply(("mirror", ("v",))),
        lambda s: s.undo(),
        lambda s: s.redo(),
    ]:
        with pytest.raises(llk.IllegalMove) as refused:
            change(snap)
        assert str(refused.value) == message
    assert snap == board and snap.history == [] and board.can_redo


def test_a_snapshot_copies_and_pickles_as_a_snapshot(backend: str) -> None:
    board = llk.deal(6, 8, kinds=6, seed=4, chinese=True, backend=backend)
    board.remove(*board.solution[0])
    snap = board.snapshot()
    assert repr(snap) == repr(board).replace(" remaining", " frozen=True remaining")
    for twin in [
        snap.copy(),
        copy.copy(snap),
        copy.deepcopy(snap),
        *(pickle.loads(pickle.dumps(snap, p)) for p in range(pickle.HIGHEST_PROTOCOL + 1)),
    ]:
        assert twin.frozen and twin == snap and repr(twin) == repr(snap)
        assert twin.history == [] and twin.code == snap.code and twin.chinese
        with pytest.raises(llk.IllegalMove, match="a snapshot cannot be changed"):
            twin.mirror("h")
    # A board's pickle is as it was: the snapshot's flag is added only for a snapshot.
    assert len(board.__reduce__()[1]) == 11 and len(snap.__reduce__()[1]) == 12


# The rules are read from the core once.


class Counting:
    """A core that counts the reads of the rules."""

    RULES = ("border", "gravity", "chinese", "slide", "frozen")

    def __init__(self, core: object) -> None:
        self.core, self.reads = core, 0

    def __getattr__(self, name: str) -> object:
        self.reads += name in self.RULES
        return getattr(self.core, name)


def test_the_rules_are_read_once(backend: str) -> None:
    core = Counting(llk.Board(GRID, gravity="up", chinese=True, backend=backend)._core)
    board = llk.Board._from_core(core, backend)  # type: ignore[arg-type]
    read = core.reads
    for _ in range(3):
        rules = (board.border, board.gravity, board.chinese, board.slide, board.frozen)
        assert rules == (True, "up", True, False, False)
    assert core.reads == read == 5

"""Every public type of llk behaves the same on both cores (issue 25, item 4): pickle, copy,
deepcopy, ==, hash and repr. The value types are equal, hashable and pickled to the very same
bytes whichever core made them; `Board` is mutable, so unhashable, and pickles as plain data
any core reads (docs/engine.md, "Pickling, copies and equality"), its history included.

A type exported from llk that `MADE` does not list fails `test_every_public_type_is_listed`:
a new type comes with its examples here."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import llk

GRID = [[1, 2, 0, 1], [3, 0, 2, 3], [0, 4, 4, 0]]


def played(backend: str) -> llk.Board:
    """A deal with one of each change in its history, the last one undone."""
    board = llk.deal(6, 14, kinds=21, seed=1, backend=backend)
    board.remove(*board.solution[0])
    board.shuffle(3)
    board.mirror("v")
    board.add_obstacles(1, 5)
    board.remove(*board.moves()[0])
    board.shuffle(4, solvable=True)
    board.undo()
    return board


def chinese_played(backend: str) -> llk.Board:
    """A Chinese-style deal with its flowers and seasons, played, shuffled and mirrored (the
    faces are what the history records), the last change undone."""
    board = llk.deal(12, 14, kinds=42, seed=2, gravity="down", chinese=True, backend=backend)
    for a, c in board.solution[:30]:
        board.remove(a, c)
    board.shuffle(3)
    board.mirror("h")
    board.shuffle(4, solvable=True)
    board.undo()
    return board


def raised(call: Callable[[], Any]) -> BaseException:
    try:
        call()
    except Exception as error:
        return error
    raise AssertionError("nothing raised")


# For each public type, examples made on a backend (each test calls it once per backend).
MADE: dict[str, Callable[[str], list[Any]]] = {
    "Board": lambda b: [
        llk.Board(GRID, backend=b),
        played(b),
        llk.Board(GRID, chinese=True, backend=b),
        llk.Board(GRID, gravity="up", slide=True, backend=b),
        llk.deal(6, 14, kinds=21, seed=2, chinese=True, slide=True, backend=b),
        chinese_played(b),
    ],
    "Hint": lambda b: [
        played(b).hint(),
        played(b).hint(safe=True),
        llk.Board(GRID, backend=b).hint(),
    ],
    "Path": lambda b: [
        llk.Board(GRID, backend=b).path((0, 0), (0, 3)),
        llk.Board(GRID, gravity="down", backend=b).remove((1, 0), (1, 3)),
    ],
    "Action": lambda b: played(b).history,
    "History": lambda b: [played(b).history, llk.Board(GRID, backend=b).history],
    "Solution": lambda b: [llk.solve(llk.Board(GRID, backend=b)), llk.solve(played(b))],
    "Difficulty": lambda b: [llk.rate(llk.deal(4, 6, kinds=4, seed=2, backend=b))],
    "Layout": lambda b: [llk.Layout.named("6x14"), llk.Layout.from_text("##\n", name="bar")],
    "BoardError": lambda b: [raised(lambda: llk.Board(GRID, backend=b)[9, 9])],
    "IllegalMove": lambda b: [raised(lambda: llk.Board(GRID, backend=b).remove((0, 0), (0, 1)))],
    # The Rust core polls its hook every 50 ms: a small board is solved before it is asked.
    "Cancelled": lambda b: [llk.errors.CANCELLED()],
}
MUTABLE = {"Board"}
EXCEPTIONS = {"BoardError", "IllegalMove", "Cancelled"}


def test_every_public_type_is_listed() -> None:
    public = {name for name in llk.__all__ if isinstance(getattr(llk, name), type)}
    assert public == set(MADE), "a public type without examples here, or one that is gone"


def state(value: Any) -> Any:
    """What two equal values of a type must share beyond `==` (which for a board, an action
    or a hint leaves some of it out)."""
    if isinstance(value, llk.Board):
        history = [(a, a.path, a.changes.tolist()) for a in value.history]
        return (value.grid.tolist(), value.border, value.gravity, value.chinese, value.slide,
                history, value.can_redo, value.solution, value.code, value.backend,
                repr(value))  # fmt: skip
    if isinstance(value, llk.Hint):
        return (tuple(value), value.safe)
    if isinstance(value, llk.Action):
        return (tuple(value), value.path, value.changes.tolist())
    if isinstance(value, llk.History):
        return [(tuple(a), a.path, a.changes.tolist()) for a in value]
    if isinstance(value, BaseException):
        return (type(value), value.args, str(value))
    return value


def same(a: Any, b: Any) -> None:
    assert type(a) is type(b)
    assert state(a) == state(b)
    assert repr(a) == repr(b)
    if not isinstance(a, BaseException):
        assert a == b and (a != b) is False


@pytest.mark.parametrize("name", sorted(MADE))
def test_pickle_and_copies_keep_every_public_type(name: str, backend: str) -> None:
    for value in MADE[name](backend):
        assert type(value) is getattr(llk, name)
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            same(pickle.loads(pickle.dumps(value, protocol)), value)
        same(copy.copy(value), value)
        same(copy.deepcopy(value), value)


@pytest.mark.parametrize("name", sorted(MADE))
def test_hash_follows_equality(name: str, backend: str) -> None:
    for value in MADE[name](backend):
        twin = pickle.loads(pickle.dumps(value))
        if name in MUTABLE:
            with pytest.raises(TypeError, match="unhashable"):
                hash(value)
        elif name not in EXCEPTIONS:  # exceptions are equal and hashed by identity, as Python's
            assert hash(twin) == hash(value) and {value: 1}[twin] == 1


@pytest.mark.parametrize("name", sorted(MADE))
def test_both_cores_make_the_same_values(name: str) -> None:
    if not llk.rust_available():
        pytest.skip("the Rust extension is not built")
    rust, python = MADE[name]("rust"), MADE[name]("python")
    assert len(rust) == len(python)
    for r, p in zip(rust, python, strict=True):
        if name in MUTABLE:
            # The same board but for the backend it names, and pickled as the same data.
            assert r == p and r.backend == "rust" and p.backend == "python"
            assert repr(r) == repr(p).replace("backend=python", "backend=rust")
            assert [(a, a.changes.tolist()) for a in r.history] == [
                (a, a.changes.tolist()) for a in p.history
            ]
            assert pickle.dumps(r.__reduce__()[1][1:]) == pickle.dumps(p.__reduce__()[1][1:])
        else:
            assert state(r) == state(p) and repr(r) == repr(p)
            if name in EXCEPTIONS:
                # An exception pickles its __dict__ too, which the test run may have written
                # to (CI once saw a few dozen bytes more on one core's, under xdist): the same
                # exception comes back from either core's pickle.
                assert state(pickle.loads(pickle.dumps(r))) == state(pickle.loads(pickle.dumps(p)))
            else:
                assert pickle.dumps(r) == pickle.dumps(p)
                assert r == p and hash(r) == hash(p)


def test_boards_are_equal_when_grid_border_gravity_and_variants_are(backend: str) -> None:
    # The history is how a board came to be, not what it is: it takes no part.
    board = llk.Board(GRID, backend=backend)
    assert board == llk.Board(GRID, backend=backend)
    for other in (
        llk.Board(GRID, border=False, backend=backend),
        llk.Board(GRID, gravity="down", backend=backend),
        llk.Board(GRID, chinese=True, backend=backend),
        llk.Board(GRID, slide=True, backend=backend),
        llk.Board([[1, 2, 0, 1], [3, 0, 2, 3], [0, 4, 0, 4]], backend=backend),
    ):
        assert board != other and other != board
    played_board = llk.Board(GRID, backend=backend)
    played_board.mirror("h")
    played_board.mirror("h")
    assert played_board == board and played_board.can_undo

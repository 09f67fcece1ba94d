"""The types are the contract (python/llk/_types.py): each literal lists exactly the values the
code uses, and both cores' Board classes meet `CoreBoard`, the interface the facade calls,
member by member at run time and as mypy sees them."""

from __future__ import annotations

import inspect
import textwrap
from pathlib import Path
from typing import get_args

import pytest

import llk
from llk import RATING_LEVELS as LEVELS
from llk import _backend, _pycore
from llk._types import BackendName, CoreBoard, Gravity, RatingLabel, SolveStatus, TileMix
from llk.codes import TILE_MIXES

ROOT = Path(__file__).resolve().parents[2]


def test_the_literals_list_what_the_code_checks_against() -> None:
    assert get_args(Gravity) == llk.GRAVITY_MODES
    assert get_args(BackendName) == llk.BACKENDS
    assert get_args(llk.Gravity) == get_args(Gravity)  # re-exported, not a second copy
    assert set(get_args(RatingLabel)) == {*LEVELS, "unsolvable", "unknown"}
    assert set(get_args(SolveStatus)) == {"solved", "unsolvable", "unknown"}
    assert get_args(TileMix) == TILE_MIXES


def test_the_tile_set_literal_lists_the_tile_sets() -> None:
    settings = pytest.importorskip("llk.game.store.settings")
    assert get_args(settings.TileSet) == settings.TILE_SETS
    assert {p.name for p in (ROOT / "assets" / "tiles").iterdir() if p.is_dir()} >= set(
        settings.TILE_SETS
    )


def test_every_status_the_solver_gives_is_a_solve_status(backend: str) -> None:
    solved = llk.deal(4, 4, kinds=4, seed=1, backend=backend).solve()
    unsolvable = llk.Board([[1, 2], [2, 1]], border=False, backend=backend).solve()
    unknown = llk.deal(16, 16, kinds=64, seed=3, solvable=False, backend=backend).solve(budget=1)
    statuses = (solved.status, unsolvable.status, unknown.status)
    assert statuses == get_args(SolveStatus)
    rated = llk.rate(llk.deal(4, 4, kinds=4, seed=1, backend=backend))
    assert rated.status in get_args(SolveStatus) and rated.label in get_args(RatingLabel)


def _members() -> dict[str, object]:
    """CoreBoard's members as written in the protocol: properties and methods."""
    return {
        name: value
        for name, value in vars(CoreBoard).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    }


def _shape(function: object) -> list[tuple[str, bool]]:
    """A method's parameters after `self`, each as (name, has a default)."""
    parameters = list(inspect.signature(function).parameters.values())[1:]  # type: ignore[arg-type]
    return [(p.name, p.default is not inspect.Parameter.empty) for p in parameters]


def _core_classes() -> list[type]:
    classes: list[type] = [_pycore.Board]
    if _backend.RUST is not None:
        classes.append(_backend.RUST.Board)
    return classes


@pytest.mark.parametrize("core", _core_classes(), ids=lambda c: c.__module__)
def test_each_core_board_has_every_member_of_the_protocol(core: type) -> None:
    """Properties are data descriptors (a property, or a PyO3 getter), methods take the
    protocol's parameters by the same names with defaults in the same places."""
    members = _members()
    assert len(members) > 25  # the protocol was read, not an empty dict
    for name, member in members.items():
        found = inspect.getattr_static(core, name, None)
        assert found is not None, f"{core.__module__}.Board has no {name}"
        if isinstance(member, property):
            assert inspect.isdatadescriptor(found) and not callable(found), name
        else:
            assert callable(found), name
            assert _shape(found) == _shape(member), name


def test_the_member_check_sees_a_missing_member_and_a_renamed_parameter() -> None:
    class Short(_pycore.Board):
        def entry(self, position: int) -> tuple[object, ...]:  # type: ignore[override]
            return super().entry(position)

    with pytest.raises(AssertionError, match="entry"):
        test_each_core_board_has_every_member_of_the_protocol(Short)
    with pytest.raises(AssertionError, match="has no"):
        test_each_core_board_has_every_member_of_the_protocol(type("Empty", (), {}))


MYPY_CHECK = """
from llk import _core, _pycore
from llk._types import CoreBoardClass

rust: CoreBoardClass = _core.Board
python: CoreBoardClass = _pycore.Board
"""


def test_mypy_sees_both_cores_meet_the_protocol(tmp_path: Path) -> None:
    """Statically too (with the stub of the Rust core, python/llk/_core.pyi), and a board with
    one method that takes another type is refused, so the check can fail."""
    api = pytest.importorskip("mypy.api")
    bad = MYPY_CHECK + textwrap.dedent(
        """
        class Bad(_pycore.Board):
            def get(self, r: str, c: int) -> int:  # type: ignore[override]
                return 0

        bad: CoreBoardClass = Bad
        """
    )
    args = ["--strict", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache")]
    for name, text, ok in (("good.py", MYPY_CHECK, True), ("bad.py", bad, False)):
        (tmp_path / name).write_text(text)
        out, err, status = api.run([*args, str(tmp_path / name)])
        assert (status == 0) == ok, out + err
    assert ("CoreBoardClass" in out and "bad: CoreBoardClass" not in out) or "Bad" in out


CELLS_CHECK = """
import numpy as np
import llk

board = llk.Board([[1, 1], [2, 2]])
tiles = np.argwhere(board.grid > 0)  # rows of int64 arrays
print(board[tiles[0]], board[(0, 1)], board[[np.int64(0), 1]])
if board.can_link(tiles[0], tiles[1]):
    board.remove(tiles[0], np.array([0, 1], dtype=np.uint16))
board.hints_near(tiles[2], 1)
board.hint(near=tiles[2])
"""


def test_mypy_takes_numpy_cells_where_a_cell_is_asked(tmp_path: Path) -> None:
    """A row of `np.argwhere`, a numpy integer array or a list is a cell to mypy too
    (`llk.CellLike`), as it is at run time; a float array is refused."""
    api = pytest.importorskip("mypy.api")
    exec(compile(CELLS_CHECK, "cells.py", "exec"), {})  # it runs
    bad = CELLS_CHECK + "board.path(np.zeros(2), (1, 1))\n"
    args = ["--strict", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache")]
    for name, text, ok in (("cells.py", CELLS_CHECK, True), ("floats.py", bad, False)):
        (tmp_path / name).write_text(text)
        out, err, status = api.run([*args, str(tmp_path / name)])
        assert (status == 0) == ok, out + err
    assert 'Argument 1 to "path" of "Board" has incompatible type' in out, out

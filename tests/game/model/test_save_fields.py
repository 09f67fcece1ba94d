"""The saved game's fields, written once (model/save_fields.py): `SavedGame` names every field
with its check; `Game.to_save` writes every one, `Game.from_save` reads no other, and a save
goes round through them unchanged (issue 37)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Annotated, TypedDict

import pytest

import llk
from llk.game.model import saved
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.model.save_fields import CHECKS, SavedGame, checks_of, is_count
from llk.game.store import savefile
from llk.game.store.checks import is_saved_game

FIELDS = sorted(SavedGame.__required_keys__ | SavedGame.__optional_keys__)


def test_every_field_of_the_save_has_a_check_that_refuses_a_stranger() -> None:
    assert sorted(CHECKS) == FIELDS and len(FIELDS) == 22
    for name, check in CHECKS.items():
        assert not check(object()), name
        assert check(None) == (name in ("id", "code")), name


def test_a_field_without_a_check_is_refused_at_once() -> None:
    class Checked(TypedDict, total=False):
        score: Annotated[int, is_count]

    class Unchecked(TypedDict, total=False):
        score: Annotated[int, is_count]
        added: int

    assert checks_of(Checked) == {"score": is_count}
    with pytest.raises(TypeError, match="'added' has no check"):
        checks_of(Unchecked)


def played(backend: str) -> Game:
    """A game with something in every field: pairs, a shuffle, a mirror, obstacles, a hint,
    time, and a move undone."""
    config = GameConfig(rows=6, cols=8, kinds=6, seed=4, gravity="down")
    game = Game(config, llk.Board.from_code(config.deal().code, backend=backend))
    for a, c in game.board.solution[:3]:
        game.click(a)
        game.click(c)
    game.tick(12.5)
    game.shuffle(3)
    game.mirror()
    assert game.add_obstacles(1, 20.0, 9) is not None
    game.take_hint(game.board.hint())
    a, c = game.board.moves()[0]
    game.click(a)
    game.click(c)
    game.undo()
    return game


def from_the_grid(backend: str) -> Game:
    """A game without a share code, on the rule variants and without a border, autoplayed."""
    grid = [[1, 1, 2, 0], [2, 3, 3, 0]]
    board = llk.Board(grid, border=False, chinese=True, slide=True, backend=backend)
    game = Game(GameConfig(rows=2, cols=4, chinese=True, slide=True), board)
    game.click((0, 0))
    game.click((0, 1))
    game.start_autoplay()
    return game


def test_a_save_writes_every_field_and_goes_round_unchanged(backend) -> None:
    games = [played(backend), from_the_grid(backend)]
    new = Game(GameConfig(rows=6, cols=8, kinds=6, seed=4)).to_save()
    differs = set()
    for game in games:
        data = game.to_save()
        assert sorted(data) == FIELDS
        assert all(CHECKS[name](value) for name, value in data.items())
        if data["code"] is None:  # rebuilt from its grid: without its history (saved.py)
            restored = {**data, "history": [], "position": 0}
            restored["tallies"] = [[data["score"], 0, None]]
        else:
            restored = data
        assert Game.from_save(data).to_save() == restored
        read = savefile.decode(savefile.encode(game.to_save(compact=True)))
        assert is_saved_game(read) and Game.from_save(read).to_save() == restored
        differs |= {name for name in FIELDS if data[name] != new[name]}
    assert sorted(differs) == FIELDS  # each field was put to the test


def read_keys(path: Path) -> set[str]:
    """The keys `path` reads of a dict named `data`: data["key"] and data.get("key", ...)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        key = None
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            key = node.slice if node.value.id == "data" else None
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id == "data" and node.func.attr == "get":
                key = node.args[0]
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            found.add(key.value)
    return found


def test_the_restore_reads_no_field_the_save_does_not_describe() -> None:
    read = read_keys(Path(saved.__file__))
    assert read <= set(CHECKS), sorted(read - set(CHECKS))
    assert {"config", "grid", "elapsed", "tallies", "position"} <= read


def test_the_read_check_sees_subscripts_and_gets(tmp_path) -> None:
    room = tmp_path / "room.py"
    room.write_text('data["a"]\ndata.get("b", 0)\nother["c"]\ndata.pop("d")\n')
    assert read_keys(room) == {"a", "b"}

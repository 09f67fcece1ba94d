"""A game's own bookkeeping (model/state.py, `GameState`): `Game.__init__` sets a game's fields
from it, a new game's or a restored one's, and the restore (model/saved.py) hands it over
without writing a game's fields itself (issue 37: only model/game.py assigns them)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import llk
from llk.game.model import saved
from llk.game.model.config import HINTS, OBSTACLES, SHUFFLES, GameConfig
from llk.game.model.game import Game
from llk.game.model.saved import HistoryToCome
from llk.game.model.score import Tally
from llk.game.model.state import GameState

CONFIG = GameConfig(rows=4, cols=6, kinds=4, seed=5)


def test_a_game_holds_every_field_of_the_state_it_is_given(backend) -> None:
    board = llk.Board.from_code(CONFIG.deal().code, backend=backend)
    for a, c in board.solution[:2]:
        board.remove(a, c)
    state = GameState(
        tiles_at_start=30,
        position=1,
        tallies=(Tally(), Tally(10, 1, 2.5), Tally(25, 2, 4.0)),
        elapsed=12.5,
        hints_left=1,
        shuffles_left=2,
        obstacles_left=0,
        assisted=True,
        autoplayed=True,
        extra_seconds=7.0,
        spent={"hint": 4, "obstacles": 3},
        save_id="abc",
        history_to_come=HistoryToCome("code", [], [[1]]),
    )
    defaults = GameState.new(board)
    game = Game(CONFIG, board, state)
    for field in dataclasses.fields(GameState):
        value = getattr(state, field.name)
        assert value != getattr(defaults, field.name), f"{field.name}: not a new game's"
        got = getattr(game, field.name)
        assert (tuple(got) if field.name == "tallies" else got) == value, field.name
    game.spend("hint")
    game.tallies.append(Tally())
    assert state.spent == {"hint": 4, "obstacles": 3} and len(state.tallies) == 3  # copies


def test_a_new_game_starts_from_the_new_state(backend) -> None:
    board = llk.Board.from_code(CONFIG.deal().code, backend=backend)
    board.remove(*board.solution[0])
    game = Game(CONFIG, board)
    assert (game.position, game.tallies, game.tiles_at_start) == (1, [Tally()] * 2, 22)
    allowances = (game.hints_left, game.shuffles_left, game.obstacles_left)
    assert allowances == (HINTS, SHUFFLES, OBSTACLES)
    assert (game.elapsed, game.extra_seconds, game.spent) == (0.0, 0.0, {})
    assert not game.assisted and not game.autoplayed and game.history_to_come is None
    assert game.save_id and game.save_id != Game(CONFIG, board).save_id


def assigned_attributes(path: Path) -> list[str]:
    """The attributes `path` assigns on anything but `self`, as "line: target"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and not (
                    isinstance(part.value, ast.Name) and part.value.id == "self"
                ):
                    found.append(f"{node.lineno}: {ast.unparse(part)}")
    return found


def test_the_restore_writes_no_field_of_a_game() -> None:
    assert assigned_attributes(Path(saved.__file__)) == []


def test_the_assignment_check_sees_a_field_written_from_outside(tmp_path) -> None:
    room = tmp_path / "room.py"
    room.write_text("self.a = 1\ngame.elapsed = 2\ngame.spent['x'] += 1\nx, game.b = 1, 2\n")
    assert assigned_attributes(room) == ["2: game.elapsed", "3: game.spent", "4: game.b"]

"""Issue 24, fast hand-overs: a big saved game is played at once from its grid, and its history
(undo past the restore) follows from a worker (model/saved.py, HistoryToCome). The tests lower
DEFER_CELLS so that a small board takes the big board's way."""

from __future__ import annotations

import pytest

from llk.game.model import saved
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.store import savefile

CONFIG = GameConfig(rows=8, cols=10, kinds=10, seed=4)


@pytest.fixture
def deferred(monkeypatch):
    monkeypatch.setattr(saved, "DEFER_CELLS", 0)


def played() -> Game:
    """A game with removals on both sides of a solvable shuffle."""
    game = Game(CONFIG)
    for a, c in game.board.solution[:3]:
        game.click(a)
        game.click(c)
    assert game.shuffle(7) is not None
    for a, c in game.board.solution[:2]:
        game.click(a)
        game.click(c)
    return game


def through_a_file(game: Game) -> Game:
    return Game.from_save(savefile.decode(savefile.encode(game.to_save(compact=True))))


def replay(game: Game) -> bool:
    return game.take_history(game.history_work()())


def test_a_big_game_plays_at_once_and_its_history_follows(deferred):
    game = played()
    restored = through_a_file(game)
    assert restored.history_to_come is not None and not restored.board.can_undo
    assert restored.board.grid.tolist() == game.board.grid.tolist()
    assert (restored.position, restored.score, restored.code) == (6, game.score, game.board.code)
    assert restored.undo() is None  # past the restore: not yet
    assert replay(restored) and restored.history_to_come is None
    assert [a.name for a in restored.board.history] == [a.name for a in game.board.history]
    assert restored.board.solution == game.board.solution  # the shuffle's, for the hints
    for _ in range(6):
        assert restored.undo() is not None and game.undo() is not None
        assert restored.board.grid.tolist() == game.board.grid.tolist()
        assert restored.score == game.score


def test_moves_made_meanwhile_are_done_again_on_the_replayed_board(deferred):
    game = played()
    restored = through_a_file(game)
    late = restored.history_work()  # asked for before the moves below
    pair = restored.board.hint()
    restored.click(pair[0])
    restored.click(pair[1])
    assert restored.undo() is not None and restored.redo() is not None
    assert not restored.take_history(late())  # about the board before the move: dropped
    assert restored.history_to_come is not None
    assert replay(restored)
    assert len(restored.board.history) == 7 and restored.position == 7
    undone = 0
    while restored.undo() is not None:
        undone += 1
    assert undone == 7 and restored.board.grid.tolist() == Game(CONFIG).board.grid.tolist()


def test_nothing_to_redo_is_lost_by_the_replay(deferred):
    restored = through_a_file(played())
    pair = restored.board.hint()
    restored.click(pair[0])
    restored.click(pair[1])
    restored.undo()
    assert not replay(restored) and restored.board.can_redo  # waits while a redo is there
    assert restored.redo() is not None
    assert replay(restored) and len(restored.board.history) == 7


def test_a_save_before_the_history_came_keeps_all_of_it(deferred):
    game = played()
    restored = through_a_file(game)
    pair = restored.board.hint()
    restored.click(pair[0])
    restored.click(pair[1])
    data = savefile.decode(savefile.encode(restored.to_save(compact=True)))
    assert data["code"] == game.board.code and len(data["history"]) == 7
    again = through_a_file(restored)
    assert replay(again) and len(again.board.history) == 7
    assert again.board.grid.tolist() == restored.board.grid.tolist()


def test_a_history_that_does_not_lead_to_the_saved_grid_is_given_up(deferred):
    data = savefile.decode(savefile.encode(played().to_save(compact=True)))
    data["grid"][0][0], data["grid"][0][1] = data["grid"][0][1], data["grid"][0][0]
    if data["grid"][0][0] == data["grid"][0][1]:
        pytest.skip("the swap changed nothing")
    restored = Game.from_save(data)
    assert replay(restored) and restored.history_to_come is None
    assert restored.board.grid.tolist() == data["grid"] and not restored.board.can_undo

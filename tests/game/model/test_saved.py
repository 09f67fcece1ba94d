"""model/saved.py field by field: a save's summary, and the restore of a save that lacks the
optional fields (an older llk's), each read with its documented default (the mutation sample's
survivors in saved.py: docs/results/mutation/report.md)."""

from __future__ import annotations

from dataclasses import asdict

import llk
from llk.game.model.config import HINTS, OBSTACLES, SHUFFLES, GameConfig
from llk.game.model.game import Game
from llk.game.model.saved import restore, summary
from llk.game.model.score import Tally

GRID = [[1, 2, 0], [2, 1, 3], [3, 0, 0]]


def a_game() -> Game:
    config = GameConfig(rows=3, cols=3, kinds=3, seed=4)
    return Game(config, llk.Board(GRID, border=True))


def test_a_summary_names_the_game_its_size_and_what_is_left() -> None:
    config = GameConfig(rows=2, cols=4, kinds=3, seed=4)
    game = Game(config, llk.Board([[1, 2, 0, 0], [2, 1, 3, 3]]))
    game.save_id = "abc"
    game.elapsed = 12.5
    assert summary(game) == {
        "id": "abc",
        "config": asdict(game.config),
        "rows": 2,
        "cols": 4,
        "remaining": 6,
        "elapsed": 12.5,
    }


def test_a_save_with_only_its_config_and_grid_restores_with_the_defaults() -> None:
    config = GameConfig(rows=3, cols=3, kinds=3, seed=4)
    game = restore(Game, {"config": asdict(config), "grid": GRID})
    board = game.board
    assert board.grid.tolist() == GRID and board.border and board.gravity == "none"
    assert not (board.chinese or board.slide or board.can_undo)
    assert (game.save_id, game.position, game.autoplayed, game.assisted) == (None, 0, False, False)
    assert (game.elapsed, game.extra_seconds, game.tiles_at_start) == (0.0, 0.0, 6)
    left = (game.hints_left, game.shuffles_left, game.obstacles_left)
    assert left == (HINTS, SHUFFLES, OBSTACLES)
    assert game.spent == {} and game.tallies == [Tally(0)]
    assert game.config == config and game.code is None


def test_each_saved_field_is_read_back_as_saved() -> None:
    game = a_game()
    saved = game.to_save()
    saved.update(
        id="x1",
        code=None,
        history=[],
        border=False,
        gravity="down",
        autoplayed=True,
        elapsed=7.5,
        hints_left=1,
        shuffles_left=2,
        obstacles_left=0,
        assisted=True,
        tiles_at_start=10,
        extra_seconds=30.0,
        spent={"hint": 2, "obstacles": 1},
        tallies=[[40, 2, 1.5]],
    )
    got = restore(Game, saved)
    assert got.board.grid.tolist() == GRID and not got.board.border
    assert got.board.gravity == "down"
    assert (got.save_id, got.autoplayed, got.assisted) == ("x1", True, True)
    assert (got.elapsed, got.extra_seconds, got.tiles_at_start) == (7.5, 30.0, 10)
    assert (got.hints_left, got.shuffles_left, got.obstacles_left) == (1, 2, 0)
    assert got.spent == {"hint": 2, "obstacles": 1} and got.tallies == [Tally(40, 2, 1.5)]


def test_a_save_from_before_the_obstacles_limit_has_what_was_not_spent() -> None:
    saved = a_game().to_save()
    del saved["obstacles_left"]
    saved["spent"] = {"obstacles": 2}
    assert restore(Game, saved).obstacles_left == OBSTACLES - 2
    saved["spent"] = {"obstacles": OBSTACLES + 4}
    assert restore(Game, saved).obstacles_left == 0


def test_a_save_of_a_deal_replays_its_history_and_keeps_its_variants() -> None:
    config = GameConfig(rows=4, cols=6, kinds=4, seed=9)
    board = llk.Board.from_code(config.deal().code)
    game = Game(config, board)
    pair = board.solution[0]
    game.click(pair[0])
    game.click(pair[1])
    got = restore(Game, game.to_save())
    assert got.code == game.code and got.board.can_undo and got.position == 1
    assert got.board.grid.tolist() == board.grid.tolist()
    assert got.tallies == game.tallies and got.score == game.score


def test_a_save_of_a_deal_without_its_history_is_the_deal_as_dealt() -> None:
    config = GameConfig(rows=4, cols=6, kinds=4, seed=9)
    code = config.deal().code
    grid = llk.Board.from_code(code).grid.tolist()
    got = restore(Game, {"config": asdict(config), "grid": grid, "code": code})
    assert got.code == code and got.board.code == code and not got.board.can_undo

"""Issue 16: the difficulty of a free game picks the kinds and the deal by llk.rate
(model/difficulty.py); the deal found is kept as its share code, so it is dealt again at once.
The menu's side is views/test_difficulty_menu.py."""

from __future__ import annotations

import pytest

import llk
from llk.game.model.config import GameConfig
from llk.game.model.difficulty import LEVELS, RULES, kinds_for

SMALL = GameConfig(rows=6, cols=8, kinds=12, seed=1)


def test_the_kinds_follow_the_difficulty():
    assert [kinds_for(level, 84, 48) for level in RULES] == [10, 21, 21, 21]
    assert kinds_for("easy", 10_000, 48) == 48  # the faces run out on big boards


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_are_dealt_solvable_without_dead_ends(level):
    config, board = GameConfig.preset("KShisen 14x6", seed=3, difficulty=level).picked()
    assert board.code.endswith(".sb") and board.solution
    assert config.code == board.code and config.difficulty == level and config.seed == 3
    assert llk.Board.from_code(config.code).grid.tolist() == board.grid.tolist()


def test_hard_is_a_random_deal_the_solver_clears_with_dead_ends():
    config, board = GameConfig(**{**SMALL.__dict__, "difficulty": "hard"}).picked()
    rating = llk.rate(board, budget=50_000, probe_budget=1_000)
    assert board.code.endswith(".rb") and rating.status == "solved"
    low, high = RULES["hard"][2]
    assert low <= rating.dead_end_share <= high
    # The same config deals the same board again, at once, from its code.
    assert config.deal().grid.tolist() == board.grid.tolist()


def test_expert_is_harder_than_hard_on_kshisens_board():
    # Both from the table of rated seeds (test_rated_seeds.py): no search, on either core.
    shares = {}
    for level in ("hard", "expert"):
        _, board = GameConfig.preset("KShisen 14x6", seed=1, difficulty=level).picked()
        shares[level] = llk.rate(board, budget=50_000, probe_budget=1_000).dead_end_share
    assert RULES["hard"][2][0] <= shares["hard"] < shares["expert"]


def test_big_boards_are_not_rated_only_given_their_kinds():
    # 288 tiles: over RATE_MAX_TILES. Hard keeps 4 tiles a kind (capped by the 48 faces),
    # easy takes 8; both dealt solvable.
    config, board = GameConfig.preset("KShisen 24x12", seed=2, difficulty="hard").picked()
    assert board.code.endswith(".sb") and config.kinds == 48
    config, board = GameConfig.preset("KShisen 24x12", seed=2, difficulty="easy").picked()
    assert board.code.endswith(".sb") and config.kinds == 36


# Rating a 144-tile deal in pure Python takes seconds: the Python core rates the 14x6 ones.
SCALE_BOARDS = ["KShisen 14x6", "KShisen 16x9"] if llk.BACKEND == "rust" else ["KShisen 14x6"]


@pytest.mark.parametrize("preset", SCALE_BOARDS)
@pytest.mark.parametrize("level", LEVELS)
def test_the_deal_picked_for_a_level_is_rated_that_level(preset, level):
    """Issue 25, item 7: one scale. `llk solve --rate` (llk.rate's defaults) gives the deal the
    game picked for a level that level's label."""
    for seed in (1, 2, 3):
        _, board = GameConfig.preset(preset, seed=seed, difficulty=level).picked()
        assert llk.rate(board).label == level, (seed, board.code)

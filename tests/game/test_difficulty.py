"""Issue 16: the difficulty of a free game picks the kinds and the deal by llk.rate, chosen in
the menu; the deal found is kept as its share code, so R deals it again at once."""

from __future__ import annotations

import arcade
import pytest

import llk
from llk.game.model.config import GameConfig
from llk.game.model.difficulty import LEVELS, RULES, kinds_for
from llk.game.views.play import PlayView

from .helpers import finish_task, frame, key, task_of

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


def test_the_menu_offers_the_difficulty_and_deals_on_a_worker(window):
    window.show_menu()
    menu = window.current_view
    frame(window)
    menu.options.focus = menu.options.rows.index(menu.choice.difficulty)
    key(window, arcade.key.RIGHT)
    key(window, arcade.key.RIGHT)  # any -> easy -> normal
    assert menu.choice.difficulty.value == "normal"
    menu.options.focus = 0  # "New game"
    key(window, arcade.key.ENTER)
    assert task_of(window) is not None  # the pick runs on a worker, the menu keeps drawing
    finish_task(window)
    play = window.current_view
    assert isinstance(play, PlayView) and play.game.config.difficulty == "normal"
    assert play.game.category.endswith(" normal")  # a table apart from other difficulties
    assert window.settings.last_game["difficulty"] == "normal"


def test_the_progress_screen_names_the_level_in_plain_english(window):
    """Issue 24, item 15: it said "Picking a expert deal"."""
    window.show_menu()
    menu = window.current_view
    frame(window)
    menu.options.focus = menu.options.rows.index(menu.choice.difficulty)
    for _ in range(4):  # any -> easy -> normal -> hard -> expert
        key(window, arcade.key.RIGHT)
    assert menu.choice.difficulty.value == "expert"
    menu.options.focus = 0  # "New game"
    key(window, arcade.key.ENTER)
    task = task_of(window)
    assert task is not None and task.label == "Picking an expert deal"
    key(window, arcade.key.ESCAPE)  # cancelled: its answer is dropped
    assert task_of(window) is None


def test_play_again_after_a_win_picks_the_next_rated_deal_on_a_worker(window):
    from llk.game.model.game import Game
    from llk.game.views.win import WinView

    # Normal, not hard: the worker's path is the same, and rating deals in Python takes seconds.
    config, board = GameConfig(**{**SMALL.__dict__, "difficulty": "normal"}).picked()
    window.show_view(WinView(window.services, Game(config, board), None))
    key(window, arcade.key.ENTER)
    view = window.screen
    assert isinstance(view, WinView) and task_of(window) is not None
    assert task_of(window).wait(60)
    frame(window)
    play = window.current_view
    assert isinstance(play, PlayView)
    assert play.game.config.seed > config.seed and play.game.config.difficulty == "normal"
    assert play.game.board.code.endswith(".sb") and play.game.board.code != board.code


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

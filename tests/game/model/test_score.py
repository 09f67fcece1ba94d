"""The score rules at their edges (model/score.py; README "Score, high scores and
statistics"): the combo window, the time bonus that is never negative, gravity's multiplier in
every gravity, and the countdown's clock that stops at its limit."""

from __future__ import annotations

import pytest

import llk
from llk.game.model import score
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.model.score import Tally


def test_a_pair_within_the_combo_window_continues_the_combo_and_one_after_it_does_not() -> None:
    first = score.after_pair(Tally(), 10.0)
    assert first == Tally(score.POINTS_PER_PAIR, 0, 10.0)
    on_the_edge = score.after_pair(first, 10.0 + score.COMBO_WINDOW)
    assert on_the_edge.combo == 1
    assert on_the_edge.score == first.score + score.POINTS_PER_PAIR + score.COMBO_BONUS
    late = score.after_pair(first, 10.0 + score.COMBO_WINDOW + 0.01)
    assert late.combo == 0 and late.score == first.score + score.POINTS_PER_PAIR


def test_the_combo_bonus_stops_growing_at_its_cap() -> None:
    tally = Tally()
    for i in range(score.COMBO_CAP + 5):
        tally = score.after_pair(tally, float(i))
    capped = score.POINTS_PER_PAIR + score.COMBO_BONUS * score.COMBO_CAP
    assert score.after_pair(tally, float(score.COMBO_CAP + 5)).score - tally.score == capped


def test_the_time_bonus_is_the_seconds_under_par_and_never_below_nothing() -> None:
    par = 10 * score.SECONDS_PER_TILE
    assert score.time_bonus(10, par - 7.5, None) == 7
    assert score.time_bonus(10, par, None) == 0
    assert score.time_bonus(10, par + 100, None) == 0  # a slow win loses nothing
    assert score.time_bonus(10, 999.0, 4.5) == int(score.COUNTDOWN_BONUS * 4.5)


@pytest.mark.parametrize("gravity", llk.GRAVITY_MODES)
def test_every_gravity_multiplies_the_score_at_the_win(gravity: str) -> None:
    won = score.at_win(Tally(100, 2, 5.0), 20, gravity)
    want = 120 if gravity == "none" else int(120 * score.GRAVITY_BONUS)
    assert won == Tally(want, 2, 5.0)


def test_the_countdown_clock_stops_at_its_limit() -> None:
    game = Game(GameConfig(rows=2, cols=4, kinds=2, seed=1, time_mode="countdown"))
    limit = game.time_limit
    assert limit == game.tiles_at_start * score.SECONDS_PER_TILE
    game.tick(limit - 1.0)
    assert game.time_left == pytest.approx(1.0) and not game.is_out_of_time()
    game.tick(60.0)
    assert game.elapsed == limit and game.time_left == 0.0 and game.is_out_of_time()

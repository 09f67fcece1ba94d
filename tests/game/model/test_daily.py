"""The daily puzzle without a window (model/daily.py): its seed is the date and its code is fixed,
and its result line says the time, the moves and the help."""

from __future__ import annotations

import datetime as dt

from llk.game import i18n
from llk.game.model import daily
from llk.game.model.config import GameConfig


def test_the_daily_seed_is_the_date_and_its_code_is_fixed():
    day = dt.date(2026, 12, 1)
    # Written out from the formula in daily.py and the README: YYYYMMDD, and the gravity
    # GRAVITY_MODES[739951 % 7] = GRAVITY_MODES[2] ("up"): 2026-12-01 is day 739951
    # of the proleptic Gregorian calendar (day 1: 0001-01-01), 2027-01-02 day 739983 (% 7 = 6).
    assert daily.seed_for(day) == 20261201
    assert day.toordinal() == 739951
    assert daily.gravity_for(day) == "up"
    assert daily.code_for(day) == "llk2.9x16.36.20261201.up.-.sb"
    assert daily.config_for(day).deal().code == "llk2.9x16.36.20261201.up.-.sb"
    assert daily.code_for(dt.date(2027, 1, 2)) == "llk2.9x16.36.20270102.split-v.-.sb"


def test_the_result_line_says_time_moves_and_help():
    line = daily.result_line(dt.date(2026, 12, 1), "llk1.x", True, 125.7, 72, False)
    assert line == "llk daily 2026-12-01 llk1.x: cleared in 2:05, 72 moves, unassisted"
    line = daily.result_line(dt.date(2026, 12, 1), "llk1.x", False, 61, 30, True)
    assert line == "llk daily 2026-12-01 llk1.x: stopped at 1:01, 30 moves, assisted"


def test_the_result_line_is_in_the_players_language_after_its_tag():
    day = dt.date(2026, 12, 1)
    try:
        i18n.use("zh_CN")
        line = daily.result_line(day, "llk1.x", True, 125.7, 1, False)
    finally:
        i18n.use("en")
    assert line == "llk daily 2026-12-01 llk1.x: 用时 2:05 通关，1 步，无辅助"  # noqa: RUF001
    assert daily.result_line(day, "llk1.x", True, 60, 1, True).endswith("1:00, 1 move, assisted")


def test_a_saved_attempt_of_the_same_day_is_continued_not_dealt_again():
    day = dt.date(2026, 12, 3)
    config = daily.config_for(day)
    saved = {"config": {"mode": config.mode}, "rows": 9, "cols": 16}
    assert daily.continues_attempt(config, saved)
    other_day = {"config": {"mode": daily.config_for(dt.date(2026, 12, 2)).mode}}
    assert not daily.continues_attempt(config, other_day)
    assert not daily.continues_attempt(config, None)
    assert not daily.continues_attempt(config, {"config": "garbled"})
    free = GameConfig(rows=9, cols=16, kinds=36)
    assert not daily.continues_attempt(free, {"config": {"mode": "free"}})

"""The help's words for the game in play (model/game_help.py), without a window (issue 38,
item 5): how a pair links under the game's rules (a slide game's links have one turn at most),
what its gravity does, and what the keys do in its mode, held to what the play commands
really answer there (N refused in a journey level and the daily puzzle, a level's hint a
power-up)."""

from __future__ import annotations

import datetime as dt

from llk.game.model import daily, journey
from llk.game.model.config import GameConfig
from llk.game.model.game_help import LINKS, SLIDE_LINKS, game_help
from llk.game.model.outcomes import NextGame, Notice

from .test_commands import PAIRS, MemoryStore, rules_for

DAY = dt.date(2026, 12, 1)


def test_the_link_rule_is_the_games_one_turn_when_tiles_slide_two_else():
    classic = game_help(rules_for(config=GameConfig(seed=3)).mode)
    slide = game_help(rules_for(config=GameConfig(seed=3, slide=True)).mode)
    assert classic.lines[0] == LINKS and "<= 2 turns" in LINKS
    assert slide.lines[0] == SLIDE_LINKS and "<= 1 turn" in SLIDE_LINKS
    assert not any("2 turns" in line for line in slide.lines)


def test_gravity_is_said_where_tiles_move_and_only_there():
    still = game_help(rules_for(config=GameConfig(seed=3)).mode)
    assert not any(line.startswith("Gravity") for line in still.lines)
    for gravity, said in [("down", "above it fall"), ("split-v", "each column's halves")]:
        moved = game_help(rules_for(config=GameConfig(seed=3, gravity=gravity)).mode)
        assert said in moved.lines[1], moved.lines


def test_a_free_game_names_its_rules_and_leaves_the_keys_as_the_table_says():
    free = rules_for(PAIRS)
    about = game_help(free.mode)
    assert "This game: classic (the menu's rows choose them)" in about.lines
    assert about.keys == {}
    assert isinstance(free.new_game(), NextGame)  # N deals anew (nothing at stake: at once)


def test_in_a_journey_level_n_is_refused_and_a_hint_takes_a_power_up_as_the_help_says():
    level = rules_for(config=journey.level(1).config())  # no power-up bought
    about = game_help(level.mode)
    assert isinstance(level.new_game(), Notice)  # N: no new deal here
    assert "no new deal" in about.keys["new"] and "R plays" in about.keys["new"]
    assert isinstance(level.hint((0, 0)), Notice)  # H: none without a power-up
    assert "power-up" in about.keys["hint"]
    assert about.keys["undo"].endswith(f"{journey.UNDO_SECONDS:.0f} s off the clock")
    assert "2 pairs more, 30 s more" in about.keys["obstacles"]
    assert any("3 stars" in line for line in about.lines)
    assert not any("menu's rows" in line for line in about.lines)  # a level's rules are fixed


def test_in_the_daily_puzzle_n_is_refused_and_r_ends_the_attempt_until_it_is_made():
    store = MemoryStore()
    day = rules_for(config=daily.config_for(DAY), store=store)
    about = game_help(day.mode)
    assert isinstance(day.new_game(), Notice)
    assert "no new deal" in about.keys["new"] and "assisted" in about.keys["hint"]
    assert "attempt ends" in about.keys["restart"]
    assert any("first attempt counts" in line for line in about.lines)
    store.daily[DAY.isoformat()] = "llk daily 2026-12-01 ..."  # the day's attempt made
    practice = game_help(rules_for(config=daily.config_for(DAY), store=store).mode)
    assert "restart" not in practice.keys and "new" in practice.keys
    assert any("practice" in line for line in practice.lines)

"""Issue 24: hard and expert deals come from a shipped table of rated seeds
(assets/difficulty/rated-seeds.json, scripts/make_rated_seeds.py), so a pick is at once; a table
made otherwise, or a board it lacks, falls back to the search."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import llk
from llk import in_rating_band as in_band
from llk.game.assets import asset_text
from llk.game.model import difficulty
from llk.game.model.config import MAX_KINDS, PRESETS, GameConfig
from llk.game.views.new_game import BOARDS, CUSTOM, NewGameChoice


@pytest.fixture(autouse=True)
def fresh_table():
    difficulty._table.cache_clear()
    yield
    difficulty._table.cache_clear()


def no_rating(*args, **kwargs):
    raise AssertionError("llk.rate was called: the pick searched instead of using the table")


def offered() -> list[GameConfig]:
    """Every board the menu's Board row and `llk play --size/--layout` offer but a custom size."""
    configs = []
    for name in BOARDS:
        if name == CUSTOM:
            continue
        choice = NewGameChoice({"board": name})
        configs.append(choice.config())
    configs += [GameConfig.preset(name) for name in PRESETS]
    configs += [GameConfig.for_layout(name) for name in llk.Layout.names()]
    return configs


def rated_bases() -> dict[str, GameConfig]:
    """key -> the random deal's config, of every board, gravity and rated level offered."""
    found = {}
    for config in offered():
        for gravity in llk.GRAVITY_MODES:
            for level in difficulty.RATED:
                wanted = replace(config, gravity=gravity, difficulty=level)
                base = difficulty.base_for(wanted, MAX_KINDS)
                if not base.solvable:
                    found[difficulty.table_key(base, level)] = base
    return found


def test_every_key_the_menu_and_llk_play_can_produce_is_in_the_table():
    """In its seeds, or among the keys for which the script rated seeds 1 to N in vain (the
    game searches for those, as for a board the table lacks): under a fifth of them."""
    keys = rated_bases()
    assert len(keys) >= 2 * 7 * 16  # 16 boards of up to 200 tiles, 7 gravities, 2 levels
    table = difficulty.rated_seeds()
    unfound = json.loads(asset_text(*difficulty.TABLE))["unfound"]
    assert sorted(k for k in keys if not table.get(k) and k not in unfound) == []
    assert len(unfound) < len(keys) // 5 and all(n >= 1 for n in unfound.values())
    assert all(len(set(seeds)) == len(seeds) for seeds in table.values())


def test_the_table_is_the_one_the_code_reads():
    raw = json.loads(asset_text(*difficulty.TABLE))
    assert {k: raw[k] for k in difficulty.table_header()} == difficulty.table_header()


# A sample of the table (every 30th key, its first and last seed) dealt and rated again.
def sample() -> list[tuple[str, int]]:
    table = json.loads(asset_text(*difficulty.TABLE))["seeds"]
    keys = sorted(table)
    if llk.BACKEND != "rust":  # two keys, a seed each: a rating takes a minute in pure Python
        return [(k, table[k][0]) for k in ["6x14 - none k21 hard", "6x14 - none k21 expert"]]
    return [(k, s) for k in keys[::30] for s in table[k][::7]]


@pytest.mark.parametrize(("key", "seed"), sample(), ids=str)
def test_a_seed_of_the_table_deals_a_deal_in_its_band(key, seed):
    base = rated_bases()[key]
    level = key.rsplit(" ", 1)[1]
    board = replace(base, seed=seed).deal()
    rating = llk.rate(board, budget=difficulty.RATE_BUDGET, probe_budget=difficulty.PROBE_BUDGET)
    assert rating.status == "solved" and in_band(rating.dead_end_share, level)
    assert llk.rate(board).label == level  # and `llk solve --rate` says so too


@pytest.mark.parametrize("level", difficulty.RATED)
def test_a_pick_from_the_table_rates_nothing_and_walks_its_seeds(monkeypatch, level):
    monkeypatch.setattr(difficulty.llk, "rate", no_rating)
    seeds = difficulty.rated_seeds()[f"6x14 - down k21 {level}"]
    boards = []
    for seed in range(100, 100 + len(seeds)):
        config = GameConfig.preset("KShisen 14x6", seed=seed, gravity="down", difficulty=level)
        found, board = config.picked()
        assert found.seed == seed and found.code == board.code and found.difficulty == level
        assert llk.Board.from_code(found.code).grid.tolist() == board.grid.tolist()
        boards.append(board.code)
    # seed, seed + 1, ... deal every seed of the key once before one comes again
    assert len(set(boards)) == len(seeds) >= 8


def stale_table(monkeypatch, **changes) -> None:
    raw = json.loads(asset_text(*difficulty.TABLE))
    raw.update(changes)
    monkeypatch.setattr(difficulty, "asset_text", lambda *parts: json.dumps(raw))


@pytest.mark.parametrize(
    "changes",
    [
        {"version": difficulty.TABLE_VERSION + 1},
        {"probe_budget": difficulty.PROBE_BUDGET * 2},
        {"bands": {"hard": [0.02, 0.1], "expert": [0.1, 1.0]}},
    ],
    ids=["version", "budget", "bands"],
)
def test_a_table_made_otherwise_is_not_used(monkeypatch, changes):
    stale_table(monkeypatch, **changes)
    assert difficulty.rated_seeds() == {}


def counting_rates(monkeypatch) -> list:
    rated, rate = [], llk.rate
    monkeypatch.setattr(difficulty.llk, "rate", lambda *a, **k: rated.append(1) or rate(*a, **k))
    return rated


def test_a_board_the_table_lacks_is_searched_as_before(monkeypatch):
    rated = counting_rates(monkeypatch)
    config = GameConfig(rows=6, cols=8, seed=1, difficulty="hard")  # a custom size
    assert "6x8 - none k12 hard" not in difficulty.rated_seeds()
    found, board = config.picked()
    assert rated and found.code == board.code and board.code.endswith(".rb")
    rating = llk.rate(board, budget=difficulty.RATE_BUDGET, probe_budget=difficulty.PROBE_BUDGET)
    assert in_band(rating.dead_end_share, "hard")


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_board_the_table_rated_in_vain_deals_the_level_below_at_once(monkeypatch, level):
    # Its maker rated scores of seeds for it and none fell in the band: a search would rate on
    # for nothing (up to a minute on a spiral under gravity).
    key = sorted(k for k in difficulty.unfound_keys() if k.endswith(" " + level))[0]
    base = rated_bases()[key]
    monkeypatch.setattr(difficulty.llk, "rate", no_rating)
    found, board = replace(base, difficulty=level, solvable=False).picked()
    assert found.code == board.code
    below = difficulty.rated_seeds().get(key.rsplit(" ", 1)[0] + " hard")
    if level == "expert" and below:
        assert board.code in {replace(base, seed=s).deal().code for s in below}
    else:
        assert board.code.endswith(".sb")  # dealt solvable, as normal


def test_under_a_stale_table_a_board_it_has_is_searched(monkeypatch):
    stale_table(monkeypatch, version=0)
    rated = counting_rates(monkeypatch)
    found, board = GameConfig.preset("KShisen 14x6", seed=1, difficulty="hard").picked()
    assert rated and found.code == board.code


def test_a_missing_table_is_no_table(monkeypatch):
    def missing(*parts):
        raise FileNotFoundError(parts)

    monkeypatch.setattr(difficulty, "asset_text", missing)
    assert difficulty.rated_seeds() == {}

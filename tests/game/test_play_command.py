"""`llk play --tiles kshisen`: a free game dealt with KShisen's tile mix (issue 27 item 6), kept
by a saved game; the menu has no row for it yet."""

from __future__ import annotations

from collections import Counter

import llk
import llk.cli
from llk.game.cli import config_from_args
from llk.game.model import saved
from llk.game.model.config import GameConfig
from llk.game.model.game import Game


def config(*options: str) -> GameConfig | None:
    return config_from_args(llk.cli.build_parser().parse_args(["play", *options]))


def test_llk_play_tiles_kshisen_deals_kshisens_mix() -> None:
    chosen = config("--size", "KShisen 30x16", "--tiles", "kshisen", "--random-deal")
    assert chosen is not None and (chosen.tiles, chosen.kinds) == ("kshisen", 42)
    board = chosen.deal()
    assert board.code is not None and board.code.endswith(".rbk")
    grid = board.grid
    assert Counter(Counter(grid[grid > 0].tolist()).values()) == {12: 36, 8: 6}
    # --kinds still says how many kinds; without --tiles the deal is the even one, as before.
    assert config("--size", "6x14", "--tiles", "kshisen", "--kinds", "10").kinds == 10
    even = config("--size", "KShisen 30x16")
    assert even.tiles == "even" and even.kinds == 48 and not even.deal().code.endswith("k")
    # A small board: no more kinds than pairs.
    assert config("--size", "4x4", "--tiles", "kshisen").kinds == 8


def test_a_saved_game_keeps_its_tile_mix() -> None:
    chosen = GameConfig.preset("KShisen 24x12", tiles="kshisen", kinds=42)
    game = Game(chosen, chosen.deal())
    again = saved.restore(Game, saved.to_save(game))
    assert again.config.tiles == "kshisen" and again.board == game.board
    # A save made before the field existed has none: the even mix.
    data = saved.to_save(Game(GameConfig(), GameConfig().deal()))
    del data["config"]["tiles"]
    assert saved.restore(Game, data).config.tiles == "even"

"""`llk play`, the game's command line (game/cli.py), read without a window: `--tiles kshisen`
(a free game dealt with KShisen's tile mix, issue 27 item 6, kept by a saved game; the menu has
no row for it yet), `--kinds`, `--journey` and `--daily`, `--tile-set`, `--chinese` and
`--slide`; and `llk play` is registered without importing arcade."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

import llk
import llk.cli
from llk.game.cli import config_from_args
from llk.game.model import daily, journey, saved
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


@pytest.mark.parametrize("size", ["huge 1000x1000", "huge 2000x2000"])
def test_llk_play_size_names_the_huge_presets(size: str) -> None:
    # Not dealt here (seconds each): the window's start deals them (run_play).
    chosen = config("--size", size, "--seed", "3")
    side = int(size.rsplit("x", 1)[1])
    assert chosen is not None and (chosen.rows, chosen.cols, chosen.kinds) == (side, side, 48)
    assert chosen.seed == 3 and chosen.solvable


def test_a_saved_game_keeps_its_tile_mix() -> None:
    chosen = GameConfig.preset("KShisen 24x12", tiles="kshisen", kinds=42)
    game = Game(chosen, chosen.deal())
    again = saved.restore(Game, saved.to_save(game))
    assert again.config.tiles == "kshisen" and again.board == game.board
    # A save made before the field existed has none: the even mix.
    data = saved.to_save(Game(GameConfig(), GameConfig().deal()))
    del data["config"]["tiles"]
    assert saved.restore(Game, data).config.tiles == "even"


def test_llk_cli_registers_play_without_importing_arcade():
    code = (
        "import sys, llk.cli as c; a = c.build_parser().parse_args(['play', '--size', '6x14']);"
        "from llk.game.cli import config_from_args; print(config_from_args(a).cols);"
        "assert 'arcade' not in sys.modules"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "14"


def test_play_kinds_outside_the_faces_is_refused():
    import llk
    import llk.cli
    from llk.game.cli import config_from_args

    for kinds in ("0", "49", "-3"):
        args = llk.cli.build_parser().parse_args(["play", "--size", "6x14", "--kinds", kinds])
        try:
            config_from_args(args)
        except llk.BoardError as error:
            assert "--kinds must be in 1..48" in str(error)
        else:
            raise AssertionError(f"--kinds {kinds} was accepted")


def test_llk_play_opens_a_journey_level_or_a_days_puzzle(tmp_path, monkeypatch):
    import llk
    import llk.cli
    from llk.game.cli import config_from_args

    monkeypatch.setenv("LLK_DATA_DIR", str(tmp_path))

    def config(*options):
        return config_from_args(llk.cli.build_parser().parse_args(["play", *options]))

    assert config("--journey", "1") == journey.level(1).config()
    with pytest.raises(llk.BoardError, match="level 2 is locked"):
        config("--journey", "2")
    with pytest.raises(llk.BoardError, match="levels 1 to 30, not 31"):
        config("--journey", "31")
    from llk.game.store.storage import Storage

    Storage().save_journey(journey.Progress(stars={1: 1}))
    assert config("--journey", "2").mode == "journey:2"
    assert config("--daily", "2026-12-01").deal().code == "llk2.9x16.36.20261201.up.-.sb"
    assert config("--daily").mode == f"daily:{daily.today().isoformat()}"
    with pytest.raises(llk.BoardError, match="YYYY-MM-DD"):
        config("--daily", "1st of May")
    assert config("--size", "6x14", "--difficulty", "hard").difficulty == "hard"


def test_llk_play_tiles_names_the_set(monkeypatch):
    import llk.game.app as app

    asked = {}

    def run(config, board=None, renderer=None, tiles=None, speak=False):
        asked.update(tiles=tiles, speak=speak)

    monkeypatch.setattr(app, "run", run)
    args = llk.cli.build_parser().parse_args(["play", "--tile-set", "mahjong"])
    assert args.run(args) == 0
    assert asked == {"tiles": "mahjong", "speak": False}
    args = llk.cli.build_parser().parse_args(["play", "--speak"])
    assert args.run(args) == 0
    assert asked == {"tiles": None, "speak": True}


def play_args(*options: str):
    return config_from_args(llk.cli.build_parser().parse_args(["play", *options]))


def test_llk_play_chinese_and_slide() -> None:
    config = play_args("--size", "KShisen 16x9", "--chinese", "--slide")
    assert config.chinese and config.slide and config.kinds == 42
    board = config.deal()
    assert board.chinese and board.slide
    classic = play_args("--size", "KShisen 16x9")
    assert not classic.chinese and not classic.slide and classic.kinds == 36
    assert play_args("--size", "6x14", "--chinese", "--kinds", "10").kinds == 10
    for one_deal in (["--journey", "1"], ["--daily"]):
        with pytest.raises(llk.BoardError, match="classic rules"):
            play_args(*one_deal, "--chinese")
    with pytest.raises(llk.BoardError, match="classic rules"):
        play_args("--slide", "--difficulty", "hard")


def test_llk_play_slide_deals_every_size_up_to_the_limit_and_refuses_larger_before_dealing():
    # Issue 40: `llk play --size "big 50x50" --slide` failed after minutes; it deals at once.
    chosen = config("--size", "big 50x50", "--slide", "--gravity", "down")
    assert chosen is not None and chosen.slide and chosen.solvable
    board = chosen.deal()
    assert board.code is not None and board.code.startswith("llk3.") and board.solution
    # Past llk.MAX_SLIDE_CELLS: refused by the options, in the player's words, not by the deal.
    for size in ("huge 1000x1000", "huge 2000x2000", "101x100"):
        with pytest.raises(llk.BoardError, match="tiles slide on boards of at most 10000 cells"):
            config("--size", size, "--slide")

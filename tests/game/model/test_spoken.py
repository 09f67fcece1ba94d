# ruff: noqa: RUF001 (the Chinese sentences are punctuated as Chinese is)
"""What spoken feedback says (model/spoken.py, model/tile_names.py), in English and Chinese,
without a window."""

from __future__ import annotations

import json

import numpy as np
import pytest

import llk
from llk.game import i18n
from llk.game.assets import asset_text
from llk.game.model import spoken
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.model.outcomes import Cells, Changed, Deselected, Linked, Refused, Selected
from llk.game.model.tile_names import FACES, face_ids, tile_name
from llk.game.store.settings import TILE_SETS


@pytest.fixture
def chinese():
    i18n.use("zh_CN")
    yield
    i18n.use("en")


def test_every_face_of_every_tile_set_has_a_name_of_its_own_in_each_language():
    for language in ("en", "zh_CN"):
        i18n.use(language)
        try:
            for tile_set in TILE_SETS:
                names = [tile_name(tile_set, kind) for kind in range(1, FACES + 1)]
                assert len(set(names)) == FACES, (language, tile_set)
                assert all(names), (language, tile_set)
        finally:
            i18n.use("en")


def test_the_names_follow_the_faces_as_the_sets_list_them():
    # The pictures' and the Mahjong set's faces are named in their colours.json, in order.
    for tile_set in ("pictures", "mahjong"):
        listed = json.loads(asset_text("tiles", tile_set, "vivid", "colours.json"))["names"]
        assert face_ids(tile_set) == listed


def test_the_mahjong_tiles_are_called_by_their_real_names():
    named = {kind: tile_name("mahjong", kind) for kind in (1, 12, 19, 28, 33, 35, 42)}
    assert named == {
        1: "characters 1",
        12: "bamboo 3",
        19: "circles 1",
        28: "east wind",
        33: "green dragon",
        35: "plum flower",
        42: "winter season",
    }
    assert tile_name("mahjong", 12 + FACES) == "bamboo 3"  # kinds past the faces reuse them
    assert tile_name("paper", 10) == "square 2"
    assert tile_name("pictures", 1) == "apple"
    with pytest.raises(ValueError, match="kind 0"):
        tile_name("mahjong", 0)


def test_the_mahjong_tiles_names_in_chinese(chinese):
    kinds = (3, 12, 27, 28, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42)
    assert [tile_name("mahjong", k) for k in kinds] == [
        "三万", "三条", "九筒", "东风", "北风", "红中", "发财", "白板",
        "梅", "兰", "菊", "竹", "春", "夏", "秋", "冬",
    ]  # fmt: skip


def test_the_cursor_says_the_tile_and_where_counting_from_one():
    assert spoken.on_cell("mahjong", 12, (1, 4)) == "bamboo 3, row 2 column 5"
    assert spoken.on_cell("mahjong", 0, (0, 0)) == "empty, row 1 column 1"


def test_the_cursor_in_chinese(chinese):
    assert spoken.on_cell("mahjong", 12, (1, 4)) == "三条，第2行第5列"


BOARD = [[1, 2, 2, 3], [4, 1, 3, 4], [5, 6, 6, 5]]


def test_a_click_says_what_happened():
    board = llk.Board(BOARD)
    assert spoken.click(Selected((0, 1)), "paper", board) == "circle 2 selected"
    assert spoken.click(Deselected((0, 1)), "paper", board) == "selection dropped"
    refused = Refused((2, 3), (2, 0), None, said="Blocked: no way through")
    assert spoken.click(refused, "paper", board) == "refused: Blocked: no way through"
    path = board.remove((0, 1), (0, 2))
    cells = Cells.of({(0, 1): 0, (0, 2): 0})
    assert spoken.click(Linked((0, 1), (0, 2), 2, path, cells), "paper", board) == (
        "linked, 5 pairs left"
    )
    two = llk.Board([[1, 1, 2, 2]])
    path = two.remove((0, 0), (0, 1))
    assert spoken.click(Linked((0, 0), (0, 1), 1, path, cells), "paper", two) == (
        "linked, 1 pair left"
    )


def test_a_click_in_chinese(chinese):
    board = llk.Board(BOARD)
    assert spoken.click(Selected((0, 1)), "mahjong", board) == "已选二万"
    path = board.remove((0, 1), (0, 2))
    cells = Cells.of({(0, 1): 0, (0, 2): 0})
    linked = Linked((0, 1), (0, 2), 2, path, cells)
    assert spoken.click(linked, "mahjong", board) == "已连，剩5对"


def test_a_change_of_the_board_says_what_and_the_pairs_left():
    none = Cells(np.zeros(0, int), np.zeros(0, int), np.zeros(0, int))
    assert spoken.change(Changed(none, "rearranged"), 80) == "shuffled, 40 pairs left"
    assert spoken.change(Changed(none, said="Mirrored"), 80) == "Mirrored, 40 pairs left"
    assert spoken.change(Changed(none), 2) == "1 pair left"


def test_the_hud_says_time_score_pairs_and_moves():
    game = Game(GameConfig(rows=6, cols=14, kinds=21, seed=1))
    game.elapsed = 83.4
    said = spoken.hud(game, 12)
    assert said == "time 1 min 23 s, score 0, 42 pairs left, 12 moves"
    assert spoken.hud(game, None).endswith("42 pairs left, moves being counted")


def test_the_hud_in_chinese(chinese):
    game = Game(GameConfig(rows=6, cols=14, kinds=21, seed=1))
    game.elapsed = 83.4
    assert spoken.hud(game, 1) == "用时1分23秒，得分0，剩42对，1 步"


def test_a_screen_says_its_title_then_its_focused_row():
    assert spoken.screen("Settings", spoken.row("Sound", "on")) == "Settings. Sound: on"
    assert spoken.screen("Settings", spoken.row("Back", "")) == "Settings. Back"
    assert spoken.screen("Cleared!", "Score 120") == "Cleared! Score 120"
    assert spoken.screen("Quit llk?", "") == "Quit llk?"


def test_a_screen_in_chinese(chinese):
    assert spoken.screen("设置", spoken.row("声音", "开")) == "设置。声音：开"
    assert spoken.screen("过关！", "得分120") == "过关！得分120"


def test_a_game_is_called_by_its_modes_title_or_its_board():
    assert spoken.game_title("Level 3", 6, 14) == "Level 3"
    assert spoken.game_title("", 6, 14) == "6 by 14 board"


def test_a_game_in_chinese(chinese):
    assert spoken.game_title("", 6, 14) == "6行14列的棋盘"


def test_a_power_up_says_its_price_and_how_many_are_kept():
    assert spoken.power_up("Hint", 1, 0) == "Hint: 1 star, 0 kept"
    assert spoken.power_up("Shuffle", 2, 3) == "Shuffle: 2 stars, 3 kept"


def test_the_help_is_said_whole_each_line_a_sentence():
    said = spoken.help_text("Keys", ["Pairs link with two turns", "Done!"], [("H", "hint")])
    assert said == "Keys. Pairs link with two turns. Done! H: hint."


def test_the_shop_and_the_help_in_chinese(chinese):
    assert spoken.power_up("提示", 2, 1) == "提示：2 颗星，已有 1 个"
    assert spoken.help_text("按键", [], [("H", "提示")]) == "按键。 H：提示。"


def test_typing_is_echoed_as_typed_or_deleted():
    assert spoken.edited("12", "123") == "3"
    assert spoken.edited("123", "12") == "3 deleted"
    assert spoken.edited("Al", "Al ") == "space"
    assert spoken.edited("Al ", "Al") == "space deleted"
    assert spoken.edited("12", "12") == ""
    assert spoken.edited("12", "9") == "9"  # replaced whole: the new text


def test_typing_is_echoed_in_chinese(chinese):
    assert spoken.edited("名", "名字") == "字"
    assert spoken.edited("名字", "名") == "字 已删除"
    assert spoken.edited("a", "a ") == "空格"

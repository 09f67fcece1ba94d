"""Chinese style's group marks, decided and drawn without a window (board/group_marks.py): which
kinds carry which mark with which tile set, and the marks themselves, told apart by their shape
and their corner, not their colour alone. On the screen: test_tile_faces.py."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from llk.game.board.group_marks import MARKS, group_marks, mark_box, marked_face
from llk.game.board.theme import TILE_H, TILE_W, Theme
from llk.game.model.matching import groups
from llk.game.store.settings import TILE_SETS, Settings

OTHER_SETS = [name for name in TILE_SETS if name != "mahjong"]


@pytest.mark.parametrize("tile_set", OTHER_SETS)
def test_in_chinese_style_each_groups_kinds_share_a_mark_of_their_own(tile_set):
    marks = group_marks(tile_set, True)
    flowers, seasons = groups(True)
    assert {marks[kind] for kind in flowers} == {"flower"}
    assert {marks[kind] for kind in seasons} == {"leaf"}
    assert set(marks) == flowers | seasons  # no other kind is marked


@pytest.mark.parametrize("tile_set", TILE_SETS)
def test_no_marks_under_the_classic_rules_nor_on_the_mahjong_tiles(tile_set):
    assert dict(group_marks(tile_set, False)) == {}
    assert dict(group_marks("mahjong", True)) == {}


def test_the_theme_marks_the_groups_of_a_chinese_game_drawn_with_a_chosen_set():
    theme = Theme(Settings(tile_set="pictures", tile_set_chosen=True))
    assert dict(theme.group_marks) == {}  # no game yet: the classic rules
    theme.for_game(True)
    assert dict(theme.group_marks) == dict(group_marks("pictures", True)) != {}
    theme.for_game(False)
    assert dict(theme.group_marks) == {}
    # Nobody chose a set: a Chinese game is drawn with the Mahjong tiles, which need none.
    unchosen = Theme(Settings())
    unchosen.for_game(True)
    assert unchosen.tile_set == "mahjong" and dict(unchosen.group_marks) == {}


def drawn_alone(mark) -> np.ndarray:
    """The mark on a transparent face: RGBA, TILE_H x TILE_W."""
    clear = Image.new("RGBA", (TILE_W, TILE_H), (0, 0, 0, 0))
    return np.asarray(marked_face(clear, mark), dtype=np.int32)


def test_a_mark_is_drawn_in_its_corner_and_nowhere_else_on_the_face():
    face = Image.new("RGBA", (TILE_W, TILE_H), (250, 246, 236, 255))
    before = np.asarray(face, dtype=np.int32)
    for mark in MARKS:
        after = np.asarray(marked_face(face, mark), dtype=np.int32)
        left, top, right, bottom = mark_box(mark)
        changed = np.abs(after - before).max(axis=-1) > 0
        inside = np.zeros_like(changed)
        inside[top:bottom, left:right] = True
        assert not changed[~inside].any(), mark
        assert changed[inside].mean() > 0.4, mark  # a badge, not a speck
        assert np.array_equal(np.asarray(face), before)  # the set's own face is left alone
    assert mark_box("flower")[2] <= TILE_W / 2 <= mark_box("leaf")[0]  # left and right


def test_the_two_marks_differ_in_shape_not_in_colour_alone():
    def silhouette(mark) -> np.ndarray:
        left, top, right, bottom = mark_box(mark)
        return drawn_alone(mark)[top:bottom, left:right, 3] > 128

    def grey(mark) -> np.ndarray:
        left, top, right, bottom = mark_box(mark)
        rgba = drawn_alone(mark)[top:bottom, left:right]
        return rgba[..., :3].mean(axis=-1) * (rgba[..., 3] / 255)

    flower, leaf = silhouette("flower"), silhouette("leaf")
    overlap = (flower & leaf).sum() / (flower | leaf).sum()
    assert overlap < 0.8, overlap  # a disc and a square on its point
    # In grey (no colour seen at all) the badges' insides still differ.
    assert np.abs(grey("flower") - grey("leaf")).mean() > 20

"""Which kinds match which, as the engine says (model/matching.py): Chinese style's groups, which
the board marks on the tile sets that do not draw them (board/group_marks.py)."""

from __future__ import annotations

import llk
from llk.game.model.config import MAX_KINDS
from llk.game.model.matching import groups, matching


def test_the_groups_are_the_four_flowers_and_the_four_seasons():
    assert groups(False) == ()
    flowers, seasons = groups(True)
    # The engine's documented rule (engine.py, `Board.chinese`).
    assert (flowers, seasons) == (frozenset(range(35, 39)), frozenset(range(39, 43)))


def test_a_group_is_every_kind_that_links_with_its_kinds_and_no_other():
    grouped = set().union(*groups(True))
    for group in groups(True):
        for kind in group:
            for other in range(1, MAX_KINDS + 1):
                links = llk.Board([[kind, other]], chinese=True).can_link((0, 0), (0, 1))
                assert links == (other in group), (kind, other)
    for kind in set(range(1, MAX_KINDS + 1)) - grouped:
        assert matching(kind, True) == {kind}

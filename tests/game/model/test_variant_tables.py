"""The rule variants' high-score tables (model/config.py, rules_of): a game from a share code
enters the table of the code's tile mix."""

from __future__ import annotations

import llk
import llk.cli
from llk.game.model.config import GameConfig


def test_a_game_from_a_share_code_enters_the_table_of_the_codes_tile_mix():
    from llk.game.model.config import rules_of

    dealt = llk.deal(9, 16, kinds=36, seed=3, tiles="kshisen", chinese=True)
    from_code = GameConfig(rows=9, cols=16, kinds=36, code=dealt.code)  # the menu's row: even
    assert rules_of(from_code, from_code.deal()) == ["kshisen", "chinese"]
    plain = GameConfig(
        rows=9, cols=16, kinds=36, tiles="kshisen", code=llk.deal(9, 16, kinds=36, seed=3).code
    )
    assert rules_of(plain, plain.deal()) == []

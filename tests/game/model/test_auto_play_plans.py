"""Auto-play's plan without a window (model/assists.py): a big gravity board is planned at its
true caps."""

from __future__ import annotations

import pytest

import llk
from llk.game.model.assists import AutoPlayer


@pytest.mark.skipif(llk.BACKEND != "rust", reason="the pure-Python core plans up to 1,600 tiles")
def test_auto_play_plans_a_big_gravity_board_at_its_true_caps():
    # 22,500 tiles with gravity down: past the 10,000 tiles the plan stopped at with gravity
    # before the dive cleared such boards in a state a move. The caps as the game has them.
    board = llk.deal(150, 150, kinds=48, seed=7, gravity="down")
    board.remove(*board.solution[0])
    plan = AutoPlayer.plan_work(board)()
    assert len(plan) == board.remaining // 2
    for a, c in plan:
        board.remove(a, c)
    assert board.is_cleared()

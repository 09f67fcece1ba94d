"""Big boards: the solver's dive (docs/engine.md, "The dive") finds a clearing sequence, also
after a player's moves, and the sequence replays to an empty board."""

import llk


def test_a_big_solvable_deal_solves_with_a_valid_sequence_also_after_moves() -> None:
    # Past the dive's threshold of 4,096 tiles on both cores (the pure-Python one is slow on
    # bigger boards; the Rust tests solve 300x300).
    board = llk.deal(72, 72, kinds=48, seed=7)
    for _ in range(3):
        found = board.solve(budget=10_000)
        assert found.status == "solved"
        assert len(found.moves) == board.remaining // 2
        replay = board.copy()
        for a, c in found.moves:
            replay.remove(a, c)
        assert replay.is_cleared()
        board.remove(*board.moves()[len(board.moves()) // 3])

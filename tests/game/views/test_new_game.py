"""Issue 40 item 1: with tiles sliding, every board the new-game menu offers, in every gravity,
Chinese style on or off, deals a solvable board whose certificate (its solution) replays under
the slide rules; a board too large for them is refused by the menu's choice, before any deal."""

from __future__ import annotations

import pytest

import llk
from llk.game.views.new_game import BOARDS, CUSTOM, NewGameChoice


def choice(board: str, gravity: str, chinese: bool, size: str = "8x12") -> NewGameChoice:
    chosen = NewGameChoice(
        {"board": board, "gravity": gravity, "chinese": chinese, "slide": True, "size": size}
    )
    chosen.seed.text = "7"
    return chosen


def replays(board: llk.Board) -> bool:
    """Whether the board's solution clears a copy of it under its rules, move by move."""
    assert board.solution is not None
    replay = llk.Board(
        board.grid,
        gravity=board.gravity,
        border=board.border,
        chinese=board.chinese,
        slide=board.slide,
        backend=board.backend,
    )
    for a, c in board.solution:
        replay.remove(a, c)
    return replay.is_cleared()


@pytest.mark.parametrize("chinese", [False, True])
@pytest.mark.parametrize("gravity", llk.GRAVITY_MODES)
def test_every_board_offered_deals_under_the_slide_rules_or_is_refused_first(
    gravity: str, chinese: bool
) -> None:
    dealt = refused = 0
    for name in BOARDS:
        chosen = choice(name, gravity, chinese)
        rows, cols = (8, 12) if name == CUSTOM else (None, None)
        try:
            config = chosen.config()
        except llk.BoardError as error:
            # Refused by the choice, before a deal is started: only past the slide rules' limit.
            assert "tiles slide on boards of at most 10000 cells" in str(error), name
            refused += 1
            continue
        rows, cols = config.rows, config.cols
        assert rows * cols <= llk.MAX_SLIDE_CELLS, name
        assert (config.slide, config.solvable, config.chinese) == (True, True, chinese)
        board = config.deal()
        assert board.slide and board.code is not None and board.code.startswith("llk3."), name
        # The pure core replays a 100x100 board's 5,000 moves in seconds: once, gravity down.
        if rows * cols < 10_000 or llk.BACKEND == "rust" or (gravity, chinese) == ("down", True):
            assert replays(board), (name, rows, cols)
        dealt += 1
    assert refused == 3 and dealt == len(BOARDS) - 3  # huge 300x300, 1000x1000 and 2000x2000


def test_a_custom_size_past_the_slide_limit_is_refused_and_a_share_code_is_left_to_the_deal() -> (
    None
):
    with pytest.raises(llk.BoardError, match=r"at most 10000 cells, and 101x100 has 10100"):
        choice(CUSTOM, "down", False, size="101x100").config()
    # Within the limit: dealt.
    assert choice(CUSTOM, "down", False, size="100x100").config().rows == 100
    # A share code wins over the rows: the code's own board is dealt (or refused by the deal).
    coded = choice(CUSTOM, "down", False, size="101x100")
    coded.code.text = "llk3.6x14.21.1.down.-.sbl"
    assert replays(coded.config().deal())

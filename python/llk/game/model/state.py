"""`GameState`: a game's own bookkeeping beside its board and config (the clock, the
allowances, the score's tallies, the save's id), as `Game` starts from it: a new game's
(`GameState.new`), or a restored one's (saved.py). `Game.__init__` alone sets a game's fields
from it; nothing else writes a game's fields from outside."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import llk

from .config import HINTS, OBSTACLES, SHUFFLES
from .score import Tally

if TYPE_CHECKING:
    from .saved import HistoryToCome


def _new_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class GameState:
    """What a game holds besides its board and config, and can be saved and restored.

    `tallies[i]` is the score, combo and time of the last pair after the board's first i
    history entries (`position` of them now: the history's length, kept here since a big
    restored game's board has none of it until its history to come is replayed). `spent`
    counts the uses of each assist (hint, shuffle, mirror, obstacles). `save_id` says which
    game this is in its kind's save (store/saves.py): ending it removes that save only when
    it holds this very game (a save from before the ids has None). `history_to_come`: a big
    restored game's history, replayed on a worker meanwhile (saved.py)."""

    tiles_at_start: int
    position: int = 0
    tallies: tuple[Tally, ...] = (Tally(),)
    elapsed: float = 0.0
    hints_left: int = HINTS
    shuffles_left: int = SHUFFLES
    obstacles_left: int = OBSTACLES
    assisted: bool = False
    autoplayed: bool = False  # the solver played: the game scores nothing
    extra_seconds: float = 0.0  # a journey's obstacles power-up adds time
    spent: Mapping[str, int] = field(default_factory=dict)
    save_id: str | None = field(default_factory=_new_id)
    history_to_come: HistoryToCome | None = None

    @classmethod
    def new(cls, board: llk.Board) -> GameState:
        """A new game's state on `board` (its history, if it has one, already played)."""
        position = len(board.history)
        return cls(board.remaining, position, (Tally(),) * (position + 1))

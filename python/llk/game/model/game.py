"""The game in progress: the board, the selection, the clock, the score and the player's
allowances, and how each command of the player changes them.

No rules of linking here: links, removals, shuffles and undo are the engine's (`llk.Board`);
this room keeps the selection, the score and the game's own bookkeeping. A click goes in
(`Game.click`) and one outcome comes out (outcomes.py); a change of the whole board answers
with `Changed`. Both carry the cells the engine's `Action` says it changed, so the view never
reads the board back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import llk

from ..i18n import _
from ..phases import ENGINE, phase
from . import saved
from . import score as rules
from .config import GameConfig, category_of
from .matching import matches
from .outcomes import (
    Cell,
    Changed,
    Deselected,
    Ignored,
    Linked,
    Moved,
    Outcome,
    Refused,
    Selected,
    Shuffled,
    cells_now,
)
from .score import SECONDS_PER_TILE, Tally
from .state import GameState

# A game left alone this long has something to lose: leaving it asks first (`in_progress`).
THINKING_SECONDS = 5.0


def why_refused(slide: bool, near: llk.Path | None) -> str:
    """What the player is told when a pair of one kind does not link: the nearest miss of
    three turns, or blocked; under the slide rules, that no link nor push joins them (there is
    no near miss to show there)."""
    if slide:
        return _("Tiles slide: no link of one turn, nor a push that makes one")
    return _("Needs 3 turns: 2 at most") if near else _("Blocked: no way through")


class Game:
    """A board being played, with the selection, score, clock and allowances. `version` grows
    with every change of the board, so that answers computed for an older board (the board
    facts, a worker's shuffle or hint) can be told apart and dropped.

    The score has one source of truth with the board: `tallies[i]` is the score, combo and time
    of the last pair after the board's first i history entries, so undo and redo put back
    exactly what the entry they cross had changed, and undoing a pair to link it again never
    earns it twice. Hints and shuffles spent stay spent."""

    def __init__(
        self, config: GameConfig, board: llk.Board | None = None, state: GameState | None = None
    ) -> None:
        """A game of `config` on `board` (else dealt), from `state` (else a new game's;
        saved.py makes a restored game's)."""
        self.config = config
        self.board = board if board is not None else config.deal()
        s = state if state is not None else GameState.new(self.board)
        self.tiles_at_start = s.tiles_at_start
        self.elapsed = s.elapsed
        self.hints_left = s.hints_left
        self.shuffles_left = s.shuffles_left
        self.obstacles_left = s.obstacles_left
        self.assisted = s.assisted
        self.autoplayed = s.autoplayed
        self.rearranges = 0
        self.extra_seconds = s.extra_seconds
        # `on_spend` hears of each use of an assist, so that a journey can take a bought
        # power-up out of its stock (journey.JourneyMode).
        self.spent: dict[str, int] = dict(s.spent)
        self.on_spend: Callable[[Game, str], None] | None = None
        self.version = 0
        self.save_id = s.save_id
        self.selected: Cell | None = None
        self.history_to_come = s.history_to_come
        self.position = s.position
        self.tallies: list[Tally] = list(s.tallies)

    @property
    def tally(self) -> Tally:
        return self.tallies[self.position]

    @property
    def score(self) -> int:
        return 0 if self.autoplayed else self.tally.score

    @property
    def combo(self) -> int:
        return self.tally.combo

    def _recorded(self, tally: Tally) -> None:
        # A new entry at the end of the history drops what could have been redone.
        self.position += 1
        del self.tallies[self.position :]
        self.tallies.append(tally)

    # The clock.

    @property
    def time_limit(self) -> float | None:
        if self.config.time_mode != "countdown":
            return None
        limit = self.config.time_limit or self.tiles_at_start * SECONDS_PER_TILE
        return limit + self.extra_seconds

    @property
    def time_left(self) -> float | None:
        limit = self.time_limit
        return None if limit is None else max(0.0, limit - self.elapsed)

    def tick(self, dt: float) -> None:
        if not self.is_won():
            self.elapsed += dt
            limit = self.time_limit
            if limit is not None:
                self.elapsed = min(self.elapsed, limit)

    def spend_time(self, seconds: float) -> None:
        """Time taken off the clock (a journey level's undo costs some): the time played grows
        by `seconds`, up to the time limit."""
        limit = self.time_limit
        self.elapsed += seconds
        if limit is not None:
            self.elapsed = min(self.elapsed, limit)

    def is_won(self) -> bool:
        return self.board.is_cleared()

    def is_out_of_time(self) -> bool:
        return self.time_left == 0.0 and not self.is_won()

    @property
    def in_progress(self) -> bool:
        """Something would be lost by leaving it: a move made, or time spent thinking."""
        return not self.is_won() and (self.position > 0 or self.elapsed >= THINKING_SECONDS)

    # Clicks.

    def changed(self) -> None:
        self.version += 1

    def click(self, cell: Cell | None) -> Outcome:
        """A click on `cell` (None: off the board), answered with what it did."""
        board = self.board
        kind = 0 if cell is None else board[cell]
        if not kind:
            return Ignored(cell)
        assert cell is not None  # a tile (kind 0 is off the board too)
        first = self.selected
        if first is None:
            self.selected = cell
            return Selected(cell)
        if first == cell:
            self.selected = None
            return Deselected(cell)
        self.selected = cell  # unless the pair links, the selection moves to the new tile
        first_kind = board[first]
        if not matches(first_kind, kind, board.chinese):  # as the engine says (matching.py)
            return Moved(cell, first)
        try:
            # The removal's Action: its path (with the slides) and the cells it wrote, so that
            # nothing is read back from the board afterwards.
            with phase(ENGINE):
                action = board.remove_action(first, cell)
        except llk.IllegalMove:
            # Why not, as KShisen says it: the best three-turn path, or none (blocked).
            with phase(ENGINE):
                near = board.near_miss(first, cell)
            return Refused(cell, first, near, why_refused(board.slide, near))
        self.selected = None
        self._scored_pair()
        assert action.path is not None  # a removal's Action carries its path
        cells = cells_now(action, undone=False)
        other = None if kind == first_kind else kind
        return Linked(first, cell, first_kind, action.path, cells, other)

    def clear_selection(self) -> None:
        self.selected = None

    def _scored_pair(self) -> None:
        tally = rules.after_pair(self.tally, self.elapsed)
        if self.is_won():
            tally = rules.at_win(tally, self.time_bonus(), self.board.gravity)
        self._recorded(tally)
        self.changed()

    def time_bonus(self) -> int:
        return rules.time_bonus(self.tiles_at_start, self.elapsed, self.time_left)

    # Assists: each is counted, and told to the mode (a journey's power-ups).

    def spend(self, name: str) -> None:
        self.spent[name] = self.spent.get(name, 0) + 1
        if self.on_spend is not None:
            self.on_spend(self, name)

    def allow(
        self,
        hints: int,
        shuffles: int,
        obstacles: int,
        on_spend: Callable[[Game, str], None] | None,
    ) -> None:
        """The allowances a mode gives (a journey level's come from the power-ups bought):
        `hints`, `shuffles` and `obstacles` left, and `on_spend`, told of each assist used."""
        self.hints_left, self.shuffles_left = hints, shuffles
        self.obstacles_left, self.on_spend = obstacles, on_spend

    def mark_assisted(self) -> None:
        """Help was used (a journey's power-up): the score goes to the assisted table."""
        self.assisted = True

    def take_hint(self, hint: llk.Hint) -> None:
        """A hint shown: it costs one of the hints left and marks the game assisted."""
        self.hints_left -= 1
        self.assisted = True
        self.spend("hint")

    def count_rearrange(self) -> None:
        """A deadlock is being re-arranged (KShisen's rule): counted, whatever it costs."""
        self.rearranges += 1

    def shuffle_cost(self, extra_shuffles: bool) -> str | None:
        """What a shuffle costs now: "shuffle" (one of those left), "assist" (none left, and
        the settings allow more: the game is assisted), or None (not allowed: KShisen's rule,
        a deadlock with no shuffle left ends the game)."""
        if self.shuffles_left > 0:
            return "shuffle"
        return "assist" if extra_shuffles else None

    def next_seed(self) -> int:
        """A seed for a shuffle or the obstacles: fresh, but reproducible from the game (the
        deal's seed and how far the game is)."""
        return (self.config.seed * 1_000_003 + self.version + self.position) % 2**63

    def shuffle_work(self, seed: int) -> Callable[[], Shuffled | None]:
        """The work of a re-deal, for a worker thread (a million tiles take seconds): on a copy
        of the board, solvable when the kinds allow it, else any arrangement with a move; None
        when not even that exists."""
        board, version = self.board.copy(), self.version

        def work() -> Shuffled | None:
            try:
                action = board.shuffle(seed, solvable=True)
            except llk.IllegalMove:
                try:
                    action = board.shuffle(seed)
                except llk.IllegalMove:
                    return None
            return Shuffled(board, action, version)

        return work

    def take_shuffle(self, shuffled: Shuffled, cost: str = "shuffle") -> Changed | None:
        """Takes over a shuffled board; None when the game's board changed since (a stale
        answer, dropped). `cost`: "shuffle" spends one of the shuffles left, "assist" (none
        left, allowed by the settings) marks the game assisted."""
        if shuffled.version != self.version:
            return None
        self.board = shuffled.board
        if cost == "shuffle":
            self.shuffles_left -= 1
            self.spend("shuffle")
        else:
            self.assisted = True
        last = self.tally
        self._recorded(Tally(last.score, 0, last.last_pair_at))
        return self._changed_by(shuffled.action, undone=False)

    def shuffle(self, seed: int, cost: str = "shuffle") -> Changed | None:
        """A shuffle made at once (the tests, small boards); None when none was made."""
        if (cost == "shuffle" and self.shuffles_left <= 0) or self.board.remaining == 0:
            return None
        shuffled = self.shuffle_work(seed)()
        return None if shuffled is None else self.take_shuffle(shuffled, cost)

    def undo(self) -> Changed | None:
        if not self.board.can_undo:
            return None
        action = self.board.undo()
        self.assisted = True
        self.position = max(0, self.position - 1)
        return self._changed_by(action, undone=True)

    def redo(self) -> Changed | None:
        if not self.board.can_redo:
            return None
        action = self.board.redo()
        self.position = min(len(self.tallies) - 1, self.position + 1)
        return self._changed_by(action, undone=False)

    def mirror(self) -> Changed:
        self.assisted = True
        action = self.board.mirror("h")
        self._recorded(self.tally)
        self.spend("mirror")
        return self._changed_by(action, undone=False)

    def add_obstacles(self, pairs: int, seconds: float, seed: int) -> Changed | None:
        """The obstacles prop: `pairs` more pairs on empty cells, `seconds` more on the clock;
        None when the board has no room for them."""
        try:
            action = self.board.add_obstacles(pairs, seed)
        except llk.IllegalMove:
            return None
        self.assisted = True
        self.obstacles_left -= 1
        self.tiles_at_start += 2 * pairs
        self.extra_seconds += seconds
        self._recorded(self.tally)
        self.spend("obstacles")
        return self._changed_by(action, undone=False)

    def start_autoplay(self) -> None:
        """The solver takes over (its first move is made): the game scores nothing from now
        on, for good."""
        self.autoplayed = self.assisted = True
        self.clear_selection()

    def _changed_by(self, action: llk.Action, undone: bool) -> Changed:
        self.selected = None
        self.changed()
        return Changed(cells_now(action, undone))

    # A restored game's history, to come (saved.py).

    @property
    def code(self) -> str | None:
        """The deal's share code (while a restored history is to come, the saved one)."""
        pending = self.history_to_come
        return pending.code if pending is not None and not pending.failed else self.board.code

    def history_work(self) -> Callable[[], saved.Replayed]:
        """The replay of the history to come, for a worker (a million tiles take a second)."""
        return saved.history_work(self)

    def take_history(self, replayed: saved.Replayed) -> bool:
        """Takes over the board a worker replayed, with the whole history, when it is of the
        board as it is now (no change since it was asked for, nothing to redo); False when it
        came too late (ask again). A history that did not lead to the saved grid is given up:
        the game goes on without it, as a save without a code does."""
        if replayed.version != self.version or self.board.can_redo:
            return False
        if replayed.board is not None and np.array_equal(replayed.board.grid, self.board.grid):
            self.board = replayed.board
        self.history_to_come = None
        return True

    # High scores and saves.

    @property
    def category(self) -> str:
        board = self.board
        return category_of(self.config, board.rows, board.cols, board.gravity, board)

    def to_save(self, compact: bool = False) -> dict[str, Any]:
        """The game as a dict of JSON values (saved.py says how)."""
        return saved.to_save(self, compact)

    def save_summary(self) -> dict[str, Any]:
        """What the menu's "Continue" says of this game while its save is being written."""
        return saved.summary(self)

    @classmethod
    def from_save(cls, data: dict[str, Any]) -> Game:
        """Restores a saved game (saved.py says how)."""
        return saved.restore(cls, data)

"""A game as a save's dict and back: what `Game.to_save` writes and `Game.from_save` reads.

The dict is JSON values (or, `compact`, the board's grid array and a `Log` of the history, for
store/savefile.py to pack); the store writes it. Restoring deals the share code again and
replays the history, so that undo works as before; the saved grid must come out, else (or
without a code) the board is rebuilt from the grid alone.

A big board is played at once from its saved grid, and its history follows: dealing a million
tiles again and replaying a solvable shuffle take most of a second, which Continue should not
wait for. The game then holds a `HistoryToCome` (`Game.history_to_come`) that a worker
replays (`Game.history_work`) and the game takes over between two frames
(`Game.take_history`), the moves made meanwhile done again on it. Until then undo stops at the
moves made since the restore, and a save writes the code and the whole history as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, cast

import numpy as np

import llk

from ..i18n import _
from .config import HINTS, OBSTACLES, SHUFFLES, GameConfig, variants_of
from .save_fields import SavedGame
from .score import Tally
from .state import GameState

if TYPE_CHECKING:
    from .game import Game

# Boards of more cells than this continue at once from their grid, their history replayed on a
# worker (HistoryToCome); smaller ones replay it while the save is read (a few milliseconds).
DEFER_CELLS = 100_000


@dataclass
class HistoryToCome:
    """A restored game's history, still to be replayed: the deal's share `code`, the saved
    `entries` ([name, args] pairs) and the `grid` they must lead to. `replayed` keeps the
    worker's board between rounds (a round whose answer came too late is redone from it)."""

    code: str
    entries: list[Any]
    grid: Any
    replayed: llk.Board | None = field(default=None, repr=False)
    failed: bool = False

    def replay(self) -> llk.Board | None:
        """The board the saved history leads to, with that history (for a worker: a million
        tiles take most of a second); None when it does not lead to the saved grid."""
        if self.replayed is None and not self.failed:
            board = _replay(self.code, self.entries)
            if board is None or not np.array_equal(board.grid, np.asarray(self.grid)):
                self.failed = True
            else:
                self.replayed = board
        return self.replayed


@dataclass(frozen=True)
class Replayed:
    """A worker's answer to `Game.history_work`: the board with the whole history (None: the
    saved history does not lead to the saved grid), made for the game's `version`."""

    board: llk.Board | None
    version: int


def history_work(game: Game) -> Callable[[], Replayed]:
    """Game.history_work: the saved history replayed, then the moves made since the restore
    (read now, on the frame thread) done again on a copy."""
    pending = game.history_to_come
    assert pending is not None
    since = [(a.name, a.args) for a in game.board.history]
    version = game.version

    def work() -> Replayed:
        replayed = pending.replay()
        if replayed is None:
            return Replayed(None, version)
        board = replayed.copy()
        for action in since:
            board.apply(action)
        return Replayed(board, version)

    return work


@dataclass(frozen=True)
class Log:
    """A history in bulk (`to_save(compact=True)`, from `Board.history_in_bulk`): `length`
    entries, the removals as an int64 array of rows (position, r1, c1, r2, c2), the others as
    [position, [name, args]]. store/savefile.py writes it without a Python object per removal
    and reads back the plain list of [name, args] entries, which `entries()` also builds."""

    length: int
    removals: np.ndarray
    others: list[list[Any]]

    def entries(self) -> list[Any]:
        placed = {position: entry for position, entry in self.others}
        moves = iter(self.removals[:, 1:].tolist())
        out = []
        for i in range(self.length):
            if i in placed:
                out.append(placed[i])
            else:
                m = next(moves)
                out.append(["remove", [m[:2], m[2:]]])
        return out


def to_save(game: Game, compact: bool = False) -> dict[str, Any]:
    """The game as a dict of JSON values, every field of `SavedGame` (save_fields.py);
    `compact`: with the grid as the board's array and the history as a `Log`, for
    `savefile.encode` (a million-tile game's history and grid as lists took a second and more
    to build and to write)."""
    board = game.board
    history: Any
    if compact:
        removals, others = board.history_in_bulk()
        history = Log(
            len(removals) + len(others),
            removals,
            [[i, [a.name, _jsonable(a.args)]] for i, a in others],
        )
    else:
        history = [[a.name, _jsonable(a.args)] for a in board.history]
    pending = game.history_to_come
    if pending is not None and not pending.failed:
        # Not replayed yet: the saved history, then the moves made since the restore.
        history = pending.entries + [[a.name, _jsonable(a.args)] for a in board.history]
    fields: SavedGame = {
        "id": game.save_id,
        "config": asdict(game.config),
        "code": game.code,
        "history": history,
        "grid": board.grid if compact else board.grid.tolist(),
        "border": board.border,
        "gravity": board.gravity,
        # The rule variants (none in a save from before them: the classic rules).
        "chinese": board.chinese,
        "slide": board.slide,
        "score": game.score,
        "tallies": [[t.score, t.combo, t.last_pair_at] for t in game.tallies],
        "position": game.position,
        "autoplayed": game.autoplayed,
        "elapsed": game.elapsed,
        "hints_left": game.hints_left,
        "shuffles_left": game.shuffles_left,
        "obstacles_left": game.obstacles_left,
        "assisted": game.assisted,
        "tiles_at_start": game.tiles_at_start,
        "extra_seconds": game.extra_seconds,
        "spent": dict(game.spent),
        "remaining": board.remaining,  # for the menu's "Continue", without a count
    }
    return cast(dict[str, Any], fields)


def summary(game: Game) -> dict[str, Any]:
    """What the menu's "Continue" says of a game while its save is being written: the fields
    `Storage.peek_game` reads from a save's header."""
    board = game.board
    return {
        "id": game.save_id,
        "config": asdict(game.config),
        "rows": board.rows,
        "cols": board.cols,
        "remaining": board.remaining,
        "elapsed": game.elapsed,
    }


def restore(cls: type[Game], saved: dict[str, Any]) -> Game:
    """The saved game `saved` as a `cls` (Game.from_save), read as a `SavedGame` (its fields
    checked by the store). A board of more than DEFER_CELLS cells is played from its grid at
    once, its history to come (`HistoryToCome`)."""
    data = cast(SavedGame, saved)
    config = GameConfig(**data["config"])
    grid = data["grid"]
    code = data.get("code")
    history: list[Any] = data.get("history", [])
    board = None
    to_come = None
    if code and len(grid) * len(grid[0]) > DEFER_CELLS:
        to_come = HistoryToCome(code, history, grid)
    elif code:
        board = _replay(code, history)
        if board is not None and not np.array_equal(board.grid, np.asarray(grid)):
            board = None
    variants = {name: True for name in ("chinese", "slide") if data.get(name, False)}
    if board is not None and variants_of(board) != variants:
        raise ValueError(_("damaged (its rules are not its deal's)"))
    if board is None:
        board = llk.Board(
            grid,
            border=data.get("border", True),
            gravity=data.get("gravity", "none"),
            chinese=bool(variants.get("chinese")),
            slide=bool(variants.get("slide")),
        )
    position = len(history) if to_come is not None else GameState.new(board).position
    spent = data.get("spent")
    spent = {str(k): int(v) for k, v in spent.items()} if isinstance(spent, dict) else {}
    # A save from before the limit: the obstacles used are what is spent of them.
    left = OBSTACLES - spent.get("obstacles", 0)
    state = GameState(
        history_to_come=to_come,
        position=position,
        save_id=data.get("id"),
        tallies=tuple(_tallies(data, position)),
        autoplayed=bool(data.get("autoplayed", False)),
        elapsed=float(data.get("elapsed", 0.0)),
        hints_left=int(data.get("hints_left", HINTS)),
        shuffles_left=int(data.get("shuffles_left", SHUFFLES)),
        assisted=bool(data.get("assisted", False)),
        tiles_at_start=int(data.get("tiles_at_start", board.remaining)),
        extra_seconds=float(data.get("extra_seconds", 0.0)),
        spent=spent,
        obstacles_left=int(data.get("obstacles_left", max(0, left))),
    )
    return cls(config, board, state)


def _tallies(data: SavedGame, position: int) -> list[Tally]:
    raw = data.get("tallies")
    if isinstance(raw, list) and data.get("position") == position and len(raw) > position:
        try:
            return [Tally(int(s), int(c), None if t is None else float(t)) for s, c, t in raw]
        except (TypeError, ValueError):
            pass
    # A save from before the tallies (or rebuilt from its grid): its score stands for every
    # earlier entry, so an undo past it gives nothing back and takes nothing.
    return [Tally(int(data.get("score", 0)))] * (position + 1)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _replay(code: str, history: list[Any]) -> llk.Board | None:
    try:
        board = llk.Board.from_code(code)
        for action in history:
            board.apply(action)  # the [name, args] pair the save keeps
    except (llk.BoardError, llk.IllegalMove, TypeError, ValueError):
        return None
    return board

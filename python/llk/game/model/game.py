"""The game model: one game in progress (the board, the selection, the clock, the score and
the player's allowances) and the config it is dealt from.

No arcade here and no rules either: links, removals, shuffles and undo are the engine's
(`llk.Board`); this module keeps the selection, the score and the game's own bookkeeping, so it
can be tested and saved without a window.

A click goes in (`Game.click`) and one outcome comes out: `Selected`, `Deselected`, `Moved`
(the selection went to a tile of another kind), `Refused` (a tile of the same kind that does
not link: the selection moves to it), `Linked` (the pair is gone: its path, slides and the
cells it changed) or `Ignored` (no tile there). Changes of the whole board (undo, redo,
shuffles, the mirror) answer with `Changed`. The view animates the outcome and touches only the
cells it names.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import Any, NamedTuple

import numpy as np

import llk

from . import savefile, solver_reach
from . import score as rules
from .score import SECONDS_PER_TILE, Tally

HINTS = 5
SHUFFLES = 3
# The safe hint asks the solver whether the board can still be cleared after the pair, where
# solver_reach says it answers in seconds (on the Rust core, any board the game deals).
SAFE_HINT_BUDGET = 20_000  # states beyond the tiles / 2 moves of a solution
SAFE_HINT_TRIES = 4  # the nearest pairs tried before the solver's own first move
MAX_KINDS = 48  # tile faces drawn by scripts/make_assets.py

# name -> (rows, cols, layout or None, kinds)
PRESETS: dict[str, tuple[int, int, str | None, int]] = {
    "10x10": (10, 10, "10x10", 25),
    "margin-14x14": (14, 14, "margin-14x14", 36),
    "11x19": (11, 19, "11x19", 48),
    "KShisen 14x6": (6, 14, None, 21),
    "KShisen 16x9": (9, 16, None, 36),
    "KShisen 18x8": (8, 18, None, 36),
    "KShisen 24x12": (12, 24, None, 48),
    "KShisen 26x14": (14, 26, None, 48),
    "KShisen 30x16": (16, 30, None, 48),
    "big 50x50": (50, 50, None, 48),
    "big 100x100": (100, 100, None, 48),
    "huge 300x300": (300, 300, None, 48),
    "huge 1000x1000": (1000, 1000, None, 48),
}
TIME_MODES = ("relaxed", "countdown")


@dataclass(frozen=True)
class GameConfig:
    """What a new game is dealt from. `code` (a share code) wins over everything else."""

    rows: int = 6
    cols: int = 14
    kinds: int = 21
    layout: str | None = None
    gravity: str = "none"
    solvable: bool = True
    seed: int = 1
    time_mode: str = "relaxed"
    code: str | None = None
    # A countdown's limit in seconds (a journey level's); None: 3 seconds a tile.
    time_limit: float | None = None
    # "free", "journey:N" (journey.py) or "daily:YYYY-MM-DD" (daily.py): which game this is,
    # for its own high-score table and the screen at its end.
    mode: str = "free"
    # "any", or easy .. expert: the deal is picked by its rating (difficulty.py).
    difficulty: str = "any"

    @classmethod
    def preset(cls, name: str, **changes: Any) -> GameConfig:
        rows, cols, layout, kinds = PRESETS[name]
        return replace(cls(rows=rows, cols=cols, kinds=kinds, layout=layout), **changes)

    @classmethod
    def for_layout(cls, name: str) -> GameConfig:
        """A game on a built-in layout: four tiles a kind, as far as the tile faces go."""
        layout = llk.Layout.named(name)
        kinds = min(MAX_KINDS, layout.tiles // 4)
        return cls(rows=layout.rows, cols=layout.cols, layout=layout.name, kinds=kinds)

    def deal(self) -> llk.Board:
        if self.code:
            return llk.Board.from_code(self.code)
        if self.difficulty != "any":
            from .difficulty import pick

            return pick(self)[1]
        layout = llk.Layout.named(self.layout) if self.layout else None
        if layout is not None and (layout.rows, layout.cols) != (self.rows, self.cols):
            layout = None  # a shape chosen for another size: the full board instead
        return llk.deal(
            self.rows,
            self.cols,
            kinds=self.kinds,
            seed=self.seed,
            layout=layout,
            solvable=self.solvable,
            gravity=self.gravity,
        )


Cell = tuple[int, int]


class Cells(NamedTuple):
    """Cells an outcome changed and the kinds they hold now: three int arrays of one length
    (columns, so that a million-cell shuffle's changes are handed on without a copy)."""

    rows: np.ndarray
    cols: np.ndarray
    kinds: np.ndarray

    @classmethod
    def of(cls, kinds: dict[Cell, int]) -> Cells:
        rows = np.fromiter((r for r, _ in kinds), np.int64, len(kinds))
        cols = np.fromiter((c for _, c in kinds), np.int64, len(kinds))
        return cls(rows, cols, np.fromiter(kinds.values(), np.int64, len(kinds)))


def cells_now(action: llk.Action, undone: bool) -> Cells:
    """The cells `action` (just undone, or done) changed, each once, with the kind it holds
    now: after undo the old kind of its first change, after redo the new kind of its last."""
    changes = action.changes
    if action.name != "remove":
        # Every change but a removal is recorded as a diff of the grid: a cell once.
        return Cells(changes[:, 0], changes[:, 1], changes[:, 2 if undone else 3])
    # A removal under gravity may write a cell twice (emptied, then slid into): replayed.
    now: dict[Cell, int] = {}
    for r, c, old, new in (changes[::-1] if undone else changes).tolist():
        now[r, c] = old if undone else new
    return Cells.of(now)


@dataclass(frozen=True)
class Ignored:
    """The click met no tile (an empty cell, or off the board)."""

    cell: Cell | None


@dataclass(frozen=True)
class Selected:
    cell: Cell


@dataclass(frozen=True)
class Deselected:
    """A second click on the selected tile dropped it."""

    cell: Cell


@dataclass(frozen=True)
class Moved:
    """The selection went from `previous` to `cell`, a tile of another kind."""

    cell: Cell
    previous: Cell


@dataclass(frozen=True)
class Refused:
    """`cell` holds the selected tile's kind but does not link with it: the selection moves."""

    cell: Cell
    previous: Cell


@dataclass(frozen=True)
class Linked:
    """The pair `a`, `c` of `kind` was removed along `path` (its slides included); `cells` are
    the cells the removal changed."""

    a: Cell
    c: Cell
    kind: int
    path: llk.Path
    cells: Cells = field(compare=False, repr=False)


@dataclass(frozen=True)
class Changed:
    """The board changed as a whole (undo, redo, a shuffle, the mirror): these cells."""

    cells: Cells = field(compare=False, repr=False)


Outcome = Ignored | Selected | Deselected | Moved | Refused | Linked


@dataclass(frozen=True)
class Shuffled:
    """A shuffle made on a copy of the board (on a worker): the board to take over, and the
    Action it recorded, for the board at `version`."""

    board: llk.Board
    action: llk.Action
    version: int


class Game:
    """A board being played, with the selection, score, clock and allowances. `version` grows
    with every change of the board, so that answers computed for an older board (the deadlock
    watcher's, a worker's shuffle or hint) can be told apart and dropped.

    The score has one source of truth with the board: `tallies[i]` is the score, combo and time
    of the last pair after the board's first i history entries, so undo and redo put back
    exactly what the entry they cross had changed, and undoing a pair to link it again never
    earns it twice. Hints and shuffles spent stay spent."""

    def __init__(self, config: GameConfig, board: llk.Board | None = None) -> None:
        self.config = config
        self.board = board if board is not None else config.deal()
        self.tiles_at_start = self.board.remaining
        self.elapsed = 0.0
        self.hints_left = HINTS
        self.shuffles_left = SHUFFLES
        self.assisted = False
        self.autoplayed = False  # the solver played: the game scores nothing
        self.rearranges = 0
        self.extra_seconds = 0.0  # a journey's obstacles power-up adds time
        # Uses of each assist (hint, shuffle, mirror, obstacles); `on_spend` hears of each, so
        # that a journey can take a bought power-up out of its stock (modes.py).
        self.spent: dict[str, int] = {}
        self.on_spend: Callable[[Game, str], None] | None = None
        self.version = 0
        self.selected: Cell | None = None
        # The history's length, kept here: the board's `history` builds every entry.
        self.position = len(self.board.history) if self.board.can_undo else 0
        self.tallies: list[Tally] = [Tally()] * (self.position + 1)

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

    def spend(self, name: str) -> None:
        """An assist used: counted, and told to the mode (a journey's power-ups)."""
        self.spent[name] = self.spent.get(name, 0) + 1
        if self.on_spend is not None:
            self.on_spend(self, name)

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

    def is_won(self) -> bool:
        return self.board.is_cleared()

    def is_out_of_time(self) -> bool:
        return self.time_left == 0.0 and not self.is_won()

    # Moves.

    def changed(self) -> None:
        self.version += 1

    def click(self, cell: Cell | None) -> Outcome:
        """A click on `cell` (None: off the board), answered with what it did."""
        board = self.board
        if cell is None or board[cell] == 0:
            return Ignored(cell)
        first = self.selected
        if first is None:
            self.selected = cell
            return Selected(cell)
        if first == cell:
            self.selected = None
            return Deselected(cell)
        self.selected = cell  # unless the pair links, the selection moves to the new tile
        kind = board[cell]
        if board[first] != kind:
            return Moved(cell, first)
        try:
            path = board.remove(first, cell)
        except llk.IllegalMove:
            return Refused(cell, first)
        self.selected = None
        self._scored_pair()
        return Linked(first, cell, kind, path, self._removal_cells(first, cell, path))

    def clear_selection(self) -> None:
        self.selected = None

    def _removal_cells(self, a: Cell, c: Cell, path: llk.Path) -> Cells:
        # The pair and the slides' ends, read back from the engine: a cell a tile slid out of
        # may be one another tile slid into.
        cells = dict.fromkeys((a, c))
        for frm, to in path.slides:
            cells.update(dict.fromkeys((frm, to)))
        board = self.board
        return Cells.of({cell: board[cell] for cell in cells})

    def _scored_pair(self) -> None:
        tally = rules.after_pair(self.tally, self.elapsed)
        if self.is_won():
            tally = rules.at_win(tally, self.time_bonus(), self.board.gravity)
        self._recorded(tally)
        self.changed()

    def time_bonus(self) -> int:
        return rules.time_bonus(self.tiles_at_start, self.elapsed, self.time_left)

    def hint_work(
        self, near: tuple[float, float], stop: threading.Event | None = None
    ) -> Callable[[], llk.Hint | None]:
        """The work of a hint, for a worker thread: the pair nearest to `near` (a point in
        cells, the middle of what the player sees), proved safe by the solver where it answers
        in seconds (solver_reach): the nearest of the first few pairs after which the
        board can still be cleared, else the solver's own first move. Works on a copy, so that
        the frame loop may go on meanwhile; `stop`, once set, cancels the solver
        (`llk.Cancelled`)."""
        board = self.board.copy()

        def work() -> llk.Hint | None:
            # The nearest pairs come from the engine, which searches outward from the view's
            # cell (Board.hints_near) with the GIL released: listing and sorting every move
            # here held the GIL, and so the frame loop, for a second on a million tiles.
            row, col = (
                min(max(round(v), 0), n - 1)
                for v, n in zip(near, (board.rows, board.cols), strict=True)
            )
            if not solver_reach.asks_solver(board):
                return board.hint(near=(row, col))
            tries = 1 if board.remaining > solver_reach.FEW_TRIES_ABOVE else SAFE_HINT_TRIES
            nearest = board.hints_near((row, col), tries)
            if not nearest:
                return None
            budget = solver_reach.budget(board, SAFE_HINT_BUDGET)
            for a, c in nearest:
                after = board.copy()
                after.remove(a, c)
                # Whether the board can still be cleared after the pair: a safe hint of its
                # own, or nothing left to clear (the solver's first move only, not all of them).
                if after.is_cleared():
                    return llk.Hint(a, c, safe=True)
                proof = after.hint(safe=True, budget=budget, cancel=stop)
                if proof is not None and proof.safe:
                    return llk.Hint(a, c, safe=True)
            found = board.hint(safe=True, budget=budget, cancel=stop)
            return found if found is not None and found.safe else llk.Hint(*nearest[0])

        return work

    def take_hint(self, hint: llk.Hint) -> None:
        """A hint shown: it costs one of the hints left and marks the game assisted."""
        self.hints_left -= 1
        self.assisted = True
        self.spend("hint")

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
        self.tiles_at_start += 2 * pairs
        self.extra_seconds += seconds
        self._recorded(self.tally)
        self.spend("obstacles")
        return self._changed_by(action, undone=False)

    def start_autoplay(self) -> None:
        """The solver takes over: the game scores nothing from now on, for good."""
        self.autoplayed = self.assisted = True
        self.clear_selection()

    @property
    def in_progress(self) -> bool:
        """Something would be lost by leaving it: a move made, or time spent thinking."""
        return not self.is_won() and (self.position > 0 or self.elapsed >= 5.0)

    def _changed_by(self, action: llk.Action, undone: bool) -> Changed:
        self.selected = None
        self.changed()
        return Changed(cells_now(action, undone))

    def _restore_tallies(self, data: dict[str, Any]) -> None:
        tallies = _tallies(data, self.position)
        if tallies is None:
            # A save from before the tallies (or rebuilt from its grid): its score stands for
            # every earlier entry, so an undo past it gives nothing back and takes nothing.
            tallies = [Tally(int(data.get("score", 0)))] * (self.position + 1)
        self.tallies = tallies

    # High scores and saves.

    @property
    def category(self) -> str:
        c = self.config
        if c.mode != "free":
            return c.mode.replace(":", " ")  # "journey 7", "daily 2026-12-01": tables apart
        shape = c.layout or "full"
        size = f"{self.board.rows}x{self.board.cols}"
        level = "" if c.difficulty == "any" else f" {c.difficulty}"
        return f"{size} {shape} gravity={self.board.gravity} {c.time_mode}{level}"

    def to_save(self, compact: bool = False) -> dict[str, Any]:
        """The game as a dict of JSON values; `compact`: with the grid as the board's array and
        the history as a `savefile.Log`, for `savefile.encode` (a million-tile game's history
        and grid as lists took a second and more to build and to write)."""
        board = self.board
        history: Any
        if compact:
            removals, others = board.history_in_bulk()
            history = savefile.Log(
                len(removals) + len(others),
                removals,
                [[i, [a.name, _jsonable(a.args)]] for i, a in others],
            )
        else:
            history = [[a.name, _jsonable(a.args)] for a in board.history]
        return {
            "config": asdict(self.config),
            "code": board.code,
            "history": history,
            "grid": board.grid if compact else board.grid.tolist(),
            "border": board.border,
            "gravity": board.gravity,
            "score": self.score,
            "tallies": [[t.score, t.combo, t.last_pair_at] for t in self.tallies],
            "position": self.position,
            "autoplayed": self.autoplayed,
            "elapsed": self.elapsed,
            "hints_left": self.hints_left,
            "shuffles_left": self.shuffles_left,
            "assisted": self.assisted,
            "tiles_at_start": self.tiles_at_start,
            "extra_seconds": self.extra_seconds,
            "spent": dict(self.spent),
            "remaining": board.remaining,  # for the menu's "Continue", without a count
        }

    def save_summary(self) -> dict[str, Any]:
        """What the menu's "Continue" says of this game while its save is being written: the
        fields `Storage.peek_game` reads from a save's header."""
        board = self.board
        return {
            "config": asdict(self.config),
            "rows": board.rows,
            "cols": board.cols,
            "remaining": board.remaining,
            "elapsed": self.elapsed,
        }

    @classmethod
    def from_save(cls, data: dict[str, Any]) -> Game:
        """Restores a saved game. With a share code the deal is dealt again and its history
        replayed, so that undo works as before; the saved grid must come out, else (or without
        a code) the board is rebuilt from the grid alone."""
        config = GameConfig(**data["config"])
        grid = data["grid"]
        board = None
        if data.get("code"):
            board = _replay(data["code"], data.get("history", []))
            if board is not None and board.grid.tolist() != grid:
                board = None
        if board is None:
            board = llk.Board(
                grid, border=data.get("border", True), gravity=data.get("gravity", "none")
            )
        game = cls(config, board)
        game._restore_tallies(data)
        game.autoplayed = bool(data.get("autoplayed", False))
        game.elapsed = float(data.get("elapsed", 0.0))
        game.hints_left = int(data.get("hints_left", HINTS))
        game.shuffles_left = int(data.get("shuffles_left", SHUFFLES))
        game.assisted = bool(data.get("assisted", False))
        game.tiles_at_start = int(data.get("tiles_at_start", board.remaining))
        game.extra_seconds = float(data.get("extra_seconds", 0.0))
        spent = data.get("spent")
        if isinstance(spent, dict):
            game.spent = {str(k): int(v) for k, v in spent.items()}
        return game


def _tallies(data: dict[str, Any], position: int) -> list[Tally] | None:
    raw = data.get("tallies")
    if not isinstance(raw, list) or data.get("position") != position or len(raw) <= position:
        return None
    try:
        return [Tally(int(s), int(c), None if t is None else float(t)) for s, c, t in raw]
    except (TypeError, ValueError):
        return None


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _replay(code: str, history: list) -> llk.Board | None:
    try:
        board = llk.Board.from_code(code)
        for action in history:
            board.apply(action)  # the [name, args] pair the save keeps
    except (llk.BoardError, llk.IllegalMove, TypeError, ValueError):
        return None
    return board

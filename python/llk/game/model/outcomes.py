"""What the game model answers: one outcome a click (`Selected`, `Deselected`, `Moved`,
`Refused`, `Linked` or `Ignored`), `Changed` for a change of the whole board (undo, redo,
shuffles, the mirror), and the cells each changed, as the engine's `Action` recorded them. The
view animates the outcome and touches only the cells it names.

The play commands (commands.py) answer with those and with what a command may lead to: words
for the player (`Notice`), a question to ask first (`Question`), work for a worker thread
(`Work`), a hint to show (`Hinted`), the game's end (`Ended`), or another game in its place
(`NextGame`). Each is a value the view shows; none of them draws or waits."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import numpy as np

import llk

if TYPE_CHECKING:
    from .config import GameConfig

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
    """`cell` holds the selected tile's kind but does not link with it: the selection moves.
    `near` is the nearest miss, the best path of three turns (`Board.near_miss`), None when
    even three turns do not join them (the pair is blocked)."""

    cell: Cell
    previous: Cell
    near: llk.Path | None = None
    said: str = field(default="", compare=False)  # why, in words (Game.click, by the rules)


@dataclass(frozen=True)
class Linked:
    """The pair `a`, `c` was removed along `path` (its push and slides included): `a` of
    `kind`, `c` of `c_kind` (None: the same; Chinese style links two flowers of different
    faces); `cells` are the cells the removal changed."""

    a: Cell
    c: Cell
    kind: int
    path: llk.Path
    cells: Cells = field(compare=False, repr=False)
    c_kind: int | None = None


@dataclass(frozen=True)
class Changed:
    """The board changed as a whole: these cells. `how`: "step" for a step of the history or a
    prop (undo, redo, the mirror, obstacles), shown at once; "rearranged" for a shuffle, faded
    in. `said`: what the change is told to the player with ("" for nothing)."""

    cells: Cells = field(compare=False, repr=False)
    how: Literal["step", "rearranged"] = "step"
    said: str = ""


Outcome = Ignored | Selected | Deselected | Moved | Refused | Linked


@dataclass(frozen=True)
class Notice:
    """Words for the player and nothing else: a refusal worded by the mode ("No hints left"),
    or what a command did when the board did not change."""

    text: str


@dataclass(frozen=True)
class Question:
    """Ask first: `yes` is the command run when the player says yes; it answers with the
    outcome to show then. No is nothing."""

    text: str
    yes: Callable[[], PlayOutcome] = field(compare=False)


@dataclass(frozen=True)
class Work:
    """Work that can outlast a frame, for a worker thread under the progress screen: `work`
    runs there (on copies: it never touches the game); `done` takes its answer on the frame
    thread and gives the outcome to show (None: nothing more), but only while the game's
    board is still at `version` (else the answer is dropped, unseen). `stop`, set when the
    player cancels, makes a solver give up; `cancelled` is what is shown then."""

    label: str
    work: Callable[[], Any] = field(compare=False)
    done: Callable[[Any], PlayOutcome | None] = field(compare=False)
    version: int
    stop: threading.Event | None = field(default=None, compare=False)
    cancelled: Notice = Notice("")


@dataclass(frozen=True)
class Hinted:
    """A hint to show: the pair, its path, and what is said with it ("" for nothing)."""

    pair: tuple[Cell, Cell]
    path: llk.Path | None
    said: str = ""


@dataclass(frozen=True)
class Ended:
    """The game is over: won, or lost for `reason` (the end screen of its mode follows)."""

    won: bool
    reason: str = ""


@dataclass(frozen=True)
class NextGame:
    """This game was left (counted as the mode says) for another of `config`, dealt `board`
    when given (else dealt from the config)."""

    config: GameConfig
    board: llk.Board | None = field(default=None, compare=False)


# What a play command answers with (commands.py): a click's outcome or one of the above.
PlayOutcome = Outcome | Changed | Notice | Question | Work | Hinted | Ended | NextGame


@dataclass(frozen=True)
class Shuffled:
    """A shuffle made on a copy of the board (on a worker): the board to take over, and the
    Action it recorded, for the board at `version`."""

    board: llk.Board
    action: llk.Action
    version: int

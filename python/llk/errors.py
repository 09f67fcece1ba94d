"""The exceptions llk raises and, once, the wording of each: the error table.

Both backends raise these classes. Every message the engine gives is a `Message` below, used by
the argument checks (`_input`), the facade (`engine`, `deals`, `codes`), the backend choice and
the pure-Python core alike. The Rust core words its own errors once too, in the `Display` of
`rust/src/error.rs`; the rows marked "Rust twin" must read the same there, which the parity
tests check by making each error happen on both cores. (Layout files and masks are worded where
they are parsed, in `layout.py`: no core sees them.)

    raise CELL_OFF_BOARD(r=5, c=0, rows=3, cols=4)   # BoardError("cell (5, 0) is outside ...")
"""

from __future__ import annotations

from dataclasses import dataclass


class BoardError(ValueError):
    """A malformed grid, a kind out of range, a cell that is not on the board, a bad argument."""


class CommandError(BoardError):
    """What the `llk` command was given and cannot use (an option, a file it reads, a file it
    is to write), said in one line: what was wrong, then how to fix it. `llk.cli.main` prints
    it as `llk COMMAND: error: ...` and exits with status 2. A `BoardError`, as the command's
    bad options were before it."""


class IllegalMove(ValueError):
    """A move the rules do not allow: removing a pair that does not link, an impossible shuffle."""


class Cancelled(Exception):
    """A solve (or safe hint) given up because its `cancel` hook said stop: the game's Esc."""


@dataclass(frozen=True)
class Message:
    """One row of the table: the exception class and its message with `{named}` fields."""

    error: type[BaseException]
    template: str

    def text(self, **values: object) -> str:
        return self.template.format(**values)

    def __call__(self, **values: object) -> BaseException:
        """The exception, ready to raise.

        Args:
            **values: The template's `{named}` fields.

        Returns:
            The exception of `error`, its message the template filled in.
        """
        return self.error(self.text(**values))


# Choosing a backend (python/llk/_backend.py).
BACKEND_UNKNOWN = Message(
    ImportError, "LLK_BACKEND must be 'auto', 'rust' or 'python', not {value}"
)
BACKEND_RUST_MISSING = Message(
    ImportError,
    "LLK_BACKEND=rust but the Rust extension llk._core is not built: install llk with "
    "`pip install .` (needs a Rust toolchain) or use LLK_BACKEND=python",
)
RUST_NOT_BUILT = Message(ImportError, "the Rust backend is not built (llk._core is missing)")
BACKEND_NAME = Message(ValueError, "backend must be None, 'rust' or 'python', not {value}")

# Grids.
GRID_EMPTY = Message(  # Rust twin
    BoardError, "grid is empty ({rows}x{cols}): a board needs at least one row and one column"
)
GRID_TOO_LARGE = Message(  # Rust twin
    BoardError, "grid is too large ({rows}x{cols} = {cells} cells): at most {limit} cells"
)
GRID_TOO_MANY_ROWS = Message(BoardError, "grid is too large ({count} rows): at most {limit} cells")
GRID_TOO_LONG = Message(
    BoardError, "{what} is too large (more than {maxsize} cells): at most {limit} cells"
)
GRID_TYPE = Message(BoardError, "grid must be a 2-D array or a sequence of rows, not {type}")
GRID_BUFFER = Message(BoardError, "grid is a buffer numpy cannot read: {error}")
GRID_NDIM = Message(BoardError, "grid must be 2-D, got a {ndim}-D array of shape {shape}")
GRID_DTYPE = Message(BoardError, "grid must hold integer kinds, got an array of dtype {dtype}")
GRID_ROW = Message(BoardError, "grid must be 2-D: row {r} is {value}, not a sequence of kinds")
GRID_RAGGED = Message(BoardError, "grid is ragged: row 0 has {width} cells, row {r} has {length}")
GRID_CELL_SEQUENCE = Message(BoardError, "grid must be 2-D: the cell at ({r}, {c}) is a sequence")
KIND_NOT_INT = Message(BoardError, "kind at ({r}, {c}) is {value}: kinds are ints, not {type}")
KIND_RANGE = Message(
    BoardError, "kind at ({r}, {c}) is {value}: kinds are 0 (empty) or 1..{max_kind}"
)
GRAVITY_UNKNOWN = Message(BoardError, "unknown gravity mode {value}")  # Rust twin

# Cells and arguments.
CELL_NOT_PAIR = Message(BoardError, "a cell is a (row, col) pair of ints, got {value}")
CELL_OFF_BOARD = Message(  # Rust twin
    BoardError, "cell ({r}, {c}) is outside the {rows}x{cols} board"
)
SEED = Message(BoardError, "seed must be an int in 0..2**64-1, got {value}")
FLAG = Message(BoardError, "{name} must be True or False, got {value}")  # Rust twin
GRAVITY = Message(BoardError, "gravity must be one of {modes}; got {value}")
INT_AT_LEAST = Message(BoardError, "{name} must be an int >= {minimum}, got {value}")
COUNT_BELOW_2_64 = Message(BoardError, "{name} must be below 2**64, got {value}")
MIRROR_AXIS = Message(BoardError, "mirror axis must be 'h' or 'v', not {value}")  # Rust twin
# What the cores check themselves, for a caller that reaches one past the facade
# (llk._core.Board, llk._pycore.board.Board): the same refusal from both, the value shown as
# the cores show it (_pycore/args.py, rust/src/bindings/args.rs). All Rust twins.
CORE_INT = Message(BoardError, "{name} must be an int from {minimum} to 2**64-1, got {value}")
CORE_COORD = Message(
    BoardError, "a cell's row and column must be ints from -2**63 to 2**63-1, got {value}"
)
CORE_GRID = Message(BoardError, "the core takes a 2-D uint16 array, got {value}")
ACTION_PAIR = Message(BoardError, "an action is a (name, args) pair, got {value}")
ACTION_UNKNOWN = Message(BoardError, "not an action of a board's history: {value}")

# Moves and changes the rules refuse (all Rust twins).
REMOVE_ITSELF = Message(IllegalMove, "cannot remove {a} with itself")
REMOVE_EMPTY = Message(IllegalMove, "cell {cell} is empty")
REMOVE_KINDS = Message(IllegalMove, "cells {a} and {c} hold different kinds ({ka} and {kc})")
REMOVE_NO_PATH = Message(IllegalMove, "no path with at most two turns links {a} and {c}")
SHUFFLE_NO_KIND_TWICE = Message(
    IllegalMove, "cannot shuffle into a board with a move: no kind has two tiles left"
)
SHUFFLE_NO_LINK = Message(
    IllegalMove, "cannot shuffle into a board with a move: no two occupied cells can ever link"
)
OBSTACLES_NO_KINDS = Message(
    IllegalMove, "cannot add obstacles: no tiles on the board to copy kinds from"
)
OBSTACLES_NO_ROOM = Message(
    IllegalMove, "cannot add {pairs} pairs of obstacles: {cells} cells needed, {empty} empty"
)
NOTHING_TO_UNDO = Message(IllegalMove, "nothing to undo")
SNAPSHOT_CHANGE = Message(
    IllegalMove, "a snapshot cannot be changed: change the board it was taken of"
)
NOTHING_TO_REDO = Message(IllegalMove, "nothing to redo")
DEAL_ODD_KIND = Message(
    IllegalMove, "cannot deal a solvable board: kind {kind} has an odd number of tiles ({count})"
)
SLIDE_UNSOLVED = Message(
    IllegalMove,
    "no solvable board found under the slide rules: {attempts} random deals, none cleared by the "
    "solver within {budget} states each (try another seed, a smaller board or fewer tiles)",
)  # Rust twin
DEAL_PAIR_COUNT = Message(BoardError, "{pairs} pairs cannot fill {tiles} tile cells")
DEAL_VERSION = Message(BoardError, "deal version must be 1, 2 or 3, got {version}")  # Rust twin
INTERRUPTED = Message(KeyboardInterrupt, "interrupted")  # Rust twin
MEMORY_LIMIT = Message(  # Rust twin
    BoardError, "memory_mb must be an int from 1 to {limit} (MiB), got {value}"
)
TIME_LIMIT = Message(  # Rust twin
    BoardError, "time_limit must be a number of seconds above 0 and finite, or None, got {value}"
)
CANCEL_HOOK = Message(
    TypeError, "cancel must be None, a threading.Event or a callable, not {value}"
)
CANCELLED = Message(Cancelled, "the solver was cancelled")

SLIDE_TOO_LARGE = Message(
    BoardError,
    "a {rows}x{cols} board is too large for tiles that slide ({cells} cells): at most {limit} "
    "cells, as every scan under the slide rules tries each pair of tiles, a cost that grows as "
    "the cells squared (a 200x200 board takes seconds a move); play a smaller board",
)

# Deals and share codes.
DEAL_LAYOUT = Message(
    BoardError, "layout must be None, a built-in name or an llk.Layout, not {value}"
)
DEAL_LAYOUT_SIZE = Message(
    BoardError, "{label} is {layout_rows}x{layout_cols}, not the {rows}x{cols} asked for"
)
DEAL_KINDS_ROOM = Message(
    BoardError, "{kinds} kinds need at least {cells} tile cells; the layout has {tiles}"
)
DEAL_TILES = Message(BoardError, "tiles must be one of {mixes}, not {value}")
DEAL_KINDS_MAX = Message(BoardError, "kinds must be at most {max_kind}, got {kinds}")
CODE_TYPE = Message(BoardError, "a share code is a str, not {type}")
CODE_FORM = Message(BoardError, "not an llk share code: {value} (expected {form})")
CODE_DIGITS = Message(
    BoardError,
    "share code {code}: its {part} part has {digits} digits, more than any board or seed needs",
)
CODE_LAYOUT_FIT = Message(
    BoardError, "share code {code}: the layout part does not fit {rows}x{cols}"
)
CODE_LAYOUT_BASE64 = Message(BoardError, "share code {code}: the layout part is not base64")

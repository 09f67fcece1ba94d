"""The engine's limits, once for Python (the Rust core's are in rust/src/grid.rs and
rust/src/gravity.rs; a parity test checks that the two agree)."""

from typing import Literal, TypeAlias

MAX_KIND = 65535
"""Kinds are 0 (empty) or 1..MAX_KIND: a cell is a uint16."""
MAX_CELLS = 1 << 24
"""The largest board, in cells (16,777,216: 4096x4096)."""
MAX_SLIDE_CELLS = 10_000
"""The largest board under the slide rules, in cells (100x100): their scans (hint, moves, the
deadlock check after each move) try every pair of tiles with a link of O(rows + cols), so a
scan costs about cells squared: 0.1 s at 100x100 on the Rust core, 2 to 4.5 s at 200x200."""
SEED_LIMIT = 1 << 64
"""Seeds, budgets and counts are below this: the cores take them as u64."""
MAX_MEMORY_MB = 1 << 20
"""The largest solver memory limit, in MiB (rust/src/solve/mod.rs holds the same)."""
DEFAULT_MEMORY_MB = 256
"""The solver's memory limit when none is named, in MiB."""
SAFE_HINT_BASE = 100_000
"""What a safe hint's default budget allows the search beyond a state per move (`Board.hint`)."""
Gravity: TypeAlias = Literal["none", "down", "up", "left", "right", "split-h", "split-v"]
"""Where tiles slide after a removal (`llk.Gravity`; the pure-Python core imports nothing of
llk but this module and the error table, so it is written here)."""
GRAVITY_MODES: tuple[Gravity, ...] = ("none", "down", "up", "left", "right", "split-h", "split-v")
"""Where tiles slide after a removal, in the order the cores number them."""


def safe_hint_budget(tiles: int) -> int:
    """`Board.hint(safe=True)`'s budget when none is named, on a board of `tiles` tiles: a state
    per move of a solution (tiles / 2: a big board is solved by the dive, one state a move) and
    `SAFE_HINT_BASE` more. A flat 100,000 fell short from 200,000 tiles on (a 1000x1000 deal
    needs 500,000 states), so a big board's safe hint was the plain one, marked unsafe."""
    return SAFE_HINT_BASE + tiles // 2

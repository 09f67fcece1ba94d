"""The engine's limits, once for Python (the Rust core's are in rust/src/grid.rs and
rust/src/gravity.rs; a parity test checks that the two agree)."""

from typing import Literal, TypeAlias

MAX_KIND = 65535
"""Kinds are 0 (empty) or 1..MAX_KIND: a cell is a uint16."""
MAX_CELLS = 1 << 24
"""The largest board, in cells (16,777,216: 4096x4096)."""
SEED_LIMIT = 1 << 64
"""Seeds, budgets and counts are below this: the cores take them as u64."""
MAX_MEMORY_MB = 1 << 20
"""The largest solver memory limit, in MiB (rust/src/solve/mod.rs holds the same)."""
DEFAULT_MEMORY_MB = 256
"""The solver's memory limit when none is named, in MiB."""
Gravity: TypeAlias = Literal["none", "down", "up", "left", "right", "split-h", "split-v"]
"""Where tiles slide after a removal (`llk.Gravity`; the pure-Python core imports nothing of
llk but this module and the error table, so it is written here)."""
GRAVITY_MODES: tuple[Gravity, ...] = ("none", "down", "up", "left", "right", "split-h", "split-v")
"""Where tiles slide after a removal, in the order the cores number them."""

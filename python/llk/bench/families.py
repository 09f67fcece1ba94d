"""The seeded board families `llk bench` times every operation on.

Every family is a pure function of `(rows, cols, seed)`: the kind of cell `i` (row-major) comes
from `z`, the `i + 1`-th output of SplitMix64 seeded with `seed` (the engine's PRNG,
docs/engine.md), computed for all cells at once. rust/benches/core.rs builds the same boards,
so the criterion benchmarks and `llk bench` time the very same ones.

- `full`: every cell a tile, 50 kinds, `kind = 1 + uniform(z, 50)`; with the ring.
- `half`: 50% density (`z & 0xFFFF < 0x8000`), 50 kinds; with the ring.
- `unique`: 50% density, and no kind repeats within 255 rows or 257 columns: kind
  `1 + ((r % 255) * 257 + c % 257) * 4099 % 65535`, a different kind for every cell of any
  255x257 window (4099 shares no factor with 65535). Up to 255x257 every tile is the only one of
  its kind; beyond, there are only 65535 kinds for more tiles, and two tiles of one kind are at
  least 255 rows or 257 columns apart: far too far to link through a board half full. Without
  the ring (through it, the first tiles of columns 257 apart would link). No pair links: every
  scan has to look at the whole board.
- `deadlocked`: every cell a tile, no ring, and no two 4-neighbours of one kind:
  `kind = 1 + 3 * uniform(z, 16) + (r + c) % 3` (neighbours differ in `(r + c) % 3`). With no
  empty cell and no ring, only neighbours could link: no pair does.

`uniform(z, n)` is `((z >> 32) * n) >> 32`, an integer in `0..n` from the high half of `z`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

GAMMA = 0x9E3779B97F4A7C15
KINDS = 50


@dataclass(frozen=True)
class Family:
    name: str
    border: bool
    has_moves: bool
    description: str


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family("full", True, True, "every cell a tile, 50 kinds"),
        Family("half", True, True, "50% of the cells tiles, 50 kinds"),
        Family("unique", False, False, "50% tiles, no kind twice near: no pair links"),
        Family("deadlocked", False, False, "every cell a tile, no equal neighbours, no ring"),
    )
}


def draws(seed: int, count: int) -> np.ndarray:
    """The first `count` outputs of SplitMix64 seeded with `seed`, as uint64."""
    u64 = np.uint64
    with np.errstate(over="ignore"):
        z = u64(seed) + np.arange(1, count + 1, dtype=u64) * u64(GAMMA)
        z = (z ^ (z >> u64(30))) * u64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> u64(27))) * u64(0x94D049BB133111EB)
    mixed: np.ndarray = z ^ (z >> u64(31))
    return mixed


def uniform(z: np.ndarray, n: int) -> np.ndarray:
    """Integers in `0..n` (n < 2**32) from the high halves of `z`, as int64."""
    drawn: np.ndarray = (((z >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32)).astype(np.int64)
    return drawn


def grid(family: str, rows: int, cols: int, seed: int) -> np.ndarray:
    """The kinds of a family's board, shape (rows, cols), dtype uint16."""
    if family not in FAMILIES:
        raise ValueError(f"unknown board family {family!r}: one of {', '.join(FAMILIES)}")
    z = draws(seed, rows * cols)
    r, c = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    occupied = (z & np.uint64(0xFFFF)) < np.uint64(0x8000)
    if family == "full":
        kinds = 1 + uniform(z, KINDS)
    elif family == "half":
        kinds = np.where(occupied, 1 + uniform(z, KINDS), 0)
    elif family == "unique":
        kinds = np.where(occupied, 1 + ((r % 255) * 257 + c % 257) * 4099 % 65535, 0)
    else:
        kinds = 1 + 3 * uniform(z, 16) + (r + c) % 3
    return kinds.astype(np.uint16).reshape(rows, cols)


def border(family: str) -> bool:
    return FAMILIES[family].border


def same_kind_pairs(kinds: np.ndarray, count: int, seed: int) -> list[tuple[int, int, int, int]]:
    """`count` random pairs `(r1, c1, r2, c2)` of tiles of one kind (a tile may be paired with
    itself when it is the only one of its kind)."""
    rng = np.random.default_rng(seed)
    flat = kinds.ravel()
    tiles = np.flatnonzero(flat)
    if tiles.size == 0:
        return []
    order = tiles[np.argsort(flat[tiles], kind="stable")]
    sorted_kinds = flat[order]
    first = rng.choice(tiles, size=count)
    lo = np.searchsorted(sorted_kinds, flat[first], side="left")
    hi = np.searchsorted(sorted_kinds, flat[first], side="right")
    second = order[lo + (rng.random(count) * (hi - lo)).astype(np.int64)]
    cols = kinds.shape[1]
    return [
        (int(a // cols), int(a % cols), int(b // cols), int(b % cols))
        for a, b in zip(first.tolist(), second.tolist(), strict=True)
    ]


def sample_moves(moves: np.ndarray, count: int, seed: int) -> list[tuple[int, int, int, int]]:
    """`count` rows `(r1, c1, r2, c2)` drawn at random from a move list (empty when there is
    none)."""
    if len(moves) == 0:
        return []
    rng = np.random.default_rng(seed)
    picked = moves[rng.integers(0, len(moves), size=count)]
    return [tuple(row) for row in picked.tolist()]

"""The solver's table of dead states and its keys: the twin of rust/src/solve/table.rs (the
buckets, slot for slot) and of the Zobrist keys of rust/src/solve/mod.rs, bit for bit, so that
both cores remember and forget the same states (docs/engine.md, "Memory")."""

from __future__ import annotations

import numpy as np

from .._limits import MAX_MEMORY_MB
from .grid import Grid
from .rng import mix

# The dead table's buckets (rust/src/solve/table.rs): eight keys of 16 bytes (128 bits), two
# cache lines; 64 of them at first.
WAYS = 8
BUCKET_BYTES = 128
FIRST_BITS = 6
KEY_BITS = 128
# A tile's second half-key mixes its code with this bit set (rust/src/solve/mod.rs).
SECOND_HALF = 1 << 63


def table_capacity(memory_mb: int) -> int:
    """How many dead keys a memory limit of ``memory_mb`` MiB holds: the keys of the most
    buckets of eight, a power of two of them, that fit half of it, as in the Rust core (whose
    table is what the bytes describe)."""
    buckets = (min(memory_mb, MAX_MEMORY_MB) << 20) // 2 // BUCKET_BYTES
    return (1 << (buckets.bit_length() - 1)) * WAYS if buckets else 0


class DeadTable:
    """The states proven dead, by key, at most ``cap`` of them: the Rust core's table
    (rust/src/solve/table.rs, ``DeadTable``), slot for slot, so that both forget the same
    states. Buckets of eight keys named by a key's top bits; below its limit a full bucket
    doubles the table, each bucket split in two by the next bit, and nothing is forgotten; at
    the limit a full bucket forgets its oldest key to take a new one. Key 0 (an empty slot's
    mark) is held apart."""

    def __init__(self, cap: int) -> None:
        self.final_bits = (cap // WAYS).bit_length() - 1 if cap >= WAYS else None
        self.bits = min(self.final_bits or 0, FIRST_BITS)
        self.slots: list[int] = []
        self.zero = False

    def _at(self, key: int, bits: int) -> int:
        """Where the bucket of ``key`` starts among the slots of a table of 2^bits buckets."""
        return (key >> (KEY_BITS - bits) if bits else 0) * WAYS

    def __contains__(self, key: int) -> bool:
        if key == 0:
            return self.zero
        at = self._at(key, self.bits)
        return key in self.slots[at : at + WAYS]

    def add(self, key: int) -> None:
        if self.final_bits is None:
            return
        if key == 0:
            self.zero = True
            return
        if not self.slots:
            self.slots = [0] * (WAYS << self.bits)
        while True:
            at = self._at(key, self.bits)
            bucket = self.slots[at : at + WAYS]
            if key in bucket:
                return
            if 0 in bucket:
                self.slots[at + bucket.index(0)] = key
                return
            if self.bits == self.final_bits:
                # Full at the limit: the oldest key (slots fill in order) makes room.
                self.slots[at : at + WAYS] = [*bucket[1:], key]
                return
            self._grow()

    def _grow(self) -> None:
        bits = self.bits + 1
        grown = [0] * (WAYS << bits)
        for key in self.slots:
            if key:
                at = self._at(key, bits)
                grown[at + grown[at : at + WAYS].index(0)] = key
        self.slots, self.bits = grown, bits


def tile_key(index: int, kind: int) -> int:
    """A tile's Zobrist key, 128 bits: its code ``index * 65536 + kind`` spread over the high
    64 bits by SplitMix64's output function, and ``code | 2^63`` over the low 64, as in the
    Rust core."""
    if not kind:
        return 0
    code = index * 65536 + kind
    return mix(code) << 64 | mix(code | SECOND_HALF)


def state_key(grid: Grid) -> int:
    """The Zobrist key of a board state, 128 bits: the XOR of its tiles' keys."""
    index = np.flatnonzero(grid.flat)
    if index.size == 0:
        return 0
    codes = index.astype(np.uint64) * np.uint64(65536) + grid.flat[index].astype(np.uint64)
    with np.errstate(over="ignore"):
        high = int(np.bitwise_xor.reduce(mix(codes)))
        low = int(np.bitwise_xor.reduce(mix(codes | np.uint64(SECOND_HALF))))
    return high << 64 | low

"""SplitMix64, the random number generator both llk cores share (see docs/engine.md).

Shuffles must come out identical in the Rust and the Python core, so every draw follows the
documented recurrence bit for bit. ``below_each`` is the same stream as a sequence of ``below``
calls, computed with numpy so that a million-tile Fisher-Yates does not cost a million Python
calls into the generator.
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np

MASK64 = 0xFFFFFFFFFFFFFFFF
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB

# The vectorised high word of a 64x64-bit product splits the 64-bit draw into 32-bit halves,
# which stays exact only while the bound fits in 32 bits.
_VECTOR_BOUND_LIMIT = 1 << 32
# Draws computed per numpy batch; bounds memory for very long sequences.
_BATCH = 1 << 20


_Word = TypeVar("_Word", int, np.ndarray)


def mix(z: _Word) -> _Word:
    """SplitMix64's output function, of a 64-bit int or of each element of a uint64 array:
    the generator applies it to its state, the solver's Zobrist keys to a tile's (cell, kind).

    The masks keep Python ints to 64 bits; uint64 arithmetic wraps by itself, and on arrays
    they change nothing.
    """
    # Shaped for ints, which the solver mixes one tile at a time: updating arrays in place
    # would spare a big batch a few copies, but costs the ints more than it saves.
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    mixed: _Word = z ^ (z >> 31)
    return mixed


class SplitMix64:
    """64-bit SplitMix generator; the seed is the initial state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GAMMA) & MASK64
        return mix(self.state)

    def below(self, n: int) -> int:
        """An unbiased integer in ``[0, n)`` (Lemire's multiply-and-reject), ``n >= 1``."""
        m = self.next() * n
        if (m & MASK64) < n:
            threshold = ((1 << 64) - n) % n
            while (m & MASK64) < threshold:
                m = self.next() * n
        return m >> 64

    def below_each(self, bounds: np.ndarray) -> np.ndarray:
        """``[below(n) for n in bounds]`` as an int64 array, consuming the same outputs."""
        bounds = np.asarray(bounds, dtype=np.int64)
        result = np.empty(bounds.size, dtype=np.int64)
        if bounds.size == 0:
            return result
        if int(bounds.max()) >= _VECTOR_BOUND_LIMIT:
            for index, bound in enumerate(bounds.tolist()):
                result[index] = self.below(bound)
            return result
        position = 0
        while position < bounds.size:
            stop = min(position + _BATCH, bounds.size)
            position += self._below_batch(bounds[position:stop], result[position:stop])
        return result

    def _below_batch(self, bounds: np.ndarray, out: np.ndarray) -> int:
        """Fill ``out`` up to the first rejected draw; return how many bounds were served.

        A rejection consumes extra outputs and shifts every later draw, so the batch stops
        there, finishes that bound with scalar draws and lets the caller start a new batch.
        """
        steps = np.arange(1, bounds.size + 1, dtype=np.uint64)
        with np.errstate(over="ignore"):
            draws = mix(steps * np.uint64(GAMMA) + np.uint64(self.state))
            n = bounds.astype(np.uint64)
            low_half = draws & np.uint64(0xFFFFFFFF)
            high_half = draws >> np.uint64(32)
            high = (high_half * n + ((low_half * n) >> np.uint64(32))) >> np.uint64(32)
            low = draws * n
            threshold = (np.uint64(MASK64) - n + np.uint64(1)) % n
        rejected = np.flatnonzero(low < threshold)
        if rejected.size == 0:
            out[:] = high
            self.state = (self.state + bounds.size * GAMMA) & MASK64
            return bounds.size
        first = int(rejected[0])
        out[:first] = high[:first]
        self.state = (self.state + (first + 1) * GAMMA) & MASK64
        bound = int(bounds[first])
        threshold_first = ((1 << 64) - bound) % bound
        m = self.next() * bound
        while (m & MASK64) < threshold_first:
            m = self.next() * bound
        out[first] = m >> 64
        return first + 1

"""Which kinds match which, as the engine says: the game never words the rule itself. Under the
classic rules a kind matches only itself; in Chinese style (`llk.Board(chinese=True)`) the
flowers match one another, and so do the seasons. The engine is asked once a kind, on a board
of two tiles side by side, which link exactly when they match."""

from __future__ import annotations

from functools import cache

import llk

from .config import MAX_KINDS


@cache
def matching(kind: int, chinese: bool) -> frozenset[int]:
    """The kinds a tile of `kind` may be linked with (itself among them)."""
    if not chinese:
        return frozenset({kind})
    kinds = range(1, max(MAX_KINDS, kind) + 1)
    return frozenset(
        other
        for other in kinds
        if llk.Board([[kind, other]], chinese=True).can_link((0, 0), (0, 1))
    )


@cache
def groups(chinese: bool) -> tuple[frozenset[int], ...]:
    """The groups of kinds that match one another though they differ (Chinese style's flowers
    and seasons), among the game's kinds (1..MAX_KINDS), each once, in the order of their
    first kind; none under the classic rules."""
    found = {matching(kind, chinese) for kind in range(1, MAX_KINDS + 1)}
    return tuple(sorted((group for group in found if len(group) > 1), key=min))


def matches(kind: int, other: int, chinese: bool) -> bool:
    """Whether tiles of `kind` and `other` match (both tiles: 0 is no tile)."""
    return kind > 0 and other in matching(kind, chinese)

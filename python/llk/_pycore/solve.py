"""The exact solver: a depth-first search over board states with a budget of expanded states,
memoising the states proven dead by their Zobrist key (docs/engine.md, "Solver").

The twin of rust/src/solve/: the same nodes are expanded in the same order, so both cores
give the same status, the same moves and the same ``states`` count. The search is iterative
(an explicit stack of frames), so deep boards never hit Python's recursion limit.

Two sound cuts keep it small without gravity, where a removal can only open paths: a move
after which the rest of its kind can still be paired off by links that exist now is safe, so
it is the only one tried; and a root where even relaxed play (every tile that could go, gone)
gets stuck is dead (relaxed play costs a few scans, so it runs on the root only). With gravity
a move is safe when its kind lies at the back of settled segments, where removals slide
nothing (``first_safe_gravity``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import errors as E
from .._limits import MAX_MEMORY_MB
from . import scan
from .dive import (
    BACKOFF_STATES_PER_MOVE,
    BACKOFFS,
    COMPLETE_BACKOFF_MAX,
    COMPLETE_MAX_CELLS,
    DIVE_MIN_TILES,
    DIVE_MIN_TILES_GRAVITY,
    PAIRWISE_MAX_TILES,
    dive,
    linked_pairs,
)
from .gravity import NONE, at_back, settle
from .grid import Grid
from .history import Change, revert, write
from .path import best_path
from .table import DeadTable, state_key, table_capacity, tile_key

SOLVED = "solved"
UNSOLVABLE = "unsolvable"
UNKNOWN = "unknown"
TIMED_OUT = "timed out"

Move = tuple[int, int]

RELAXED_MAX_TILES = 1 << 14
# States between two calls of the cancel hook (and reads of the clock): a state costs a scan
# here, so polling each one is cheap, and keeps a time limit's overshoot to a state's cost.
STATES_PER_POLL = 1


class TimeUp(Exception):
    """The search's time limit passed at a poll: caught where the search began, which answers
    ``TIMED_OUT`` with the states expanded so far."""


def timed_poll(
    cancel: Callable[[], object] | None, time_limit: float | None
) -> Callable[[], object]:
    """The hook a search polls: ``TimeUp`` once ``time_limit`` seconds from now have passed
    (never with None), else ``cancel`` (nothing without one). The twin of
    rust/src/solve/mod.rs's ``Deadline::or``."""
    poll = cancel if cancel is not None else (lambda: None)
    if time_limit is None:
        return poll
    deadline = time.monotonic() + time_limit

    def timed() -> object:
        if time.monotonic() >= deadline:
            raise TimeUp
        return poll()

    return timed


def _move_indices(grid: Grid) -> list[Move]:
    """Every linkable pair as ``(a, c)`` cell indices, sorted (``scan.moves``)."""
    found = scan.moves(grid)
    cols = grid.cols
    firsts = (found[:, 0] * cols + found[:, 1]).tolist()
    seconds = (found[:, 2] * cols + found[:, 3]).tolist()
    return list(zip(firsts, seconds, strict=True))


def hopeless(grid: Grid, moves: list[Move], poll: Callable[[], object] = lambda: None) -> bool:
    """Could the board never be cleared even in the most hopeful case (``moves`` are its
    moves)? Relaxed play removes, in rounds, every tile that links to another of its kind, or
    that could reach the empty cell of one already removed (a path of at most two turns through
    the cells empty now). If relaxed play gets stuck, so does every real game; only sound
    without gravity, where tiles never move."""
    g = grid.copy()
    flat, cols = g.flat, g.cols
    gone: dict[int, list[int]] = {}
    while g.remaining:
        poll()
        removable = {cell for move in moves for cell in move}
        if gone:
            kinds = np.fromiter(gone, dtype=np.int64, count=len(gone))
            for i in np.flatnonzero(np.isin(flat, kinds)).tolist():
                if i in removable:
                    continue
                r, c = divmod(i, cols)
                for x in gone[int(flat[i])]:
                    if best_path(g, r, c, *divmod(x, cols)) is not None:
                        removable.add(i)
                        break
        if not removable:
            return True
        for i in sorted(removable):
            gone.setdefault(int(flat[i]), []).append(i)
            g.set(i, 0)
        moves = _move_indices(g)
    return False


def first_safe(grid: Grid, count: list[int], moves: list[Move]) -> Move | None:
    """The first move that cannot spoil a solution without gravity: removals only open paths,
    so once the rest of a kind can be paired off by links that exist now, those links stay. A
    kind of two tiles; of four, when the other two link; of more, when all its tiles link
    pairwise."""
    if not moves:
        return None
    flat = grid.flat
    kinds = flat[[a for a, _ in moves]].tolist()
    links = Counter(kinds)
    # The tiles of each kind of four that has a link, to find a move's other two.
    fours = [kind for kind in links if count[kind] == 4]
    four: dict[int, list[int]] = {kind: [] for kind in fours}
    if fours:
        tiles = np.flatnonzero(np.isin(flat, fours))
        for t, kind in zip(tiles.tolist(), flat[tiles].tolist(), strict=True):
            four[kind].append(t)
    linked = set(moves)
    for move, kind in zip(moves, kinds, strict=True):
        n = count[kind]
        if n == 2:
            return move
        if n == 4:
            a, b = move
            c, d = (t for t in four[kind] if t != a and t != b)
            if (c, d) in linked:
                return move
        elif links[kind] == n * (n - 1) // 2:
            return move
    return None


def first_safe_gravity(
    grid: Grid, gravity: str, count: list[int], moves: list[Move]
) -> Move | None:
    """The first move that cannot spoil a solution with gravity (docs/engine.md, "Safe moves
    with gravity"): the rest of its kind is at the back of settled segments, where no removal
    slides anything else. A kind of two tiles, each with only the other behind it; of four,
    when the move's two have only each other behind them, the other two only the four, and the
    other two link now (rust/src/solve/pruning.rs, ``first_safe_gravity``)."""
    flat = grid.flat
    linked = None
    for a, b in moves:
        kind = int(flat[a])
        n = count[kind]
        if n not in (2, 4):
            continue
        pair = (a, b)
        if not (at_back(grid, gravity, a, pair) and at_back(grid, gravity, b, pair)):
            continue
        if n == 2:
            return a, b
        c, d = (t for t in np.flatnonzero(flat == kind).tolist() if t != a and t != b)
        if linked is None:
            linked = set(moves)
        four = (a, b, c, d)
        if (c, d) in linked and at_back(grid, gravity, c, four) and at_back(grid, gravity, d, four):
            return a, b
    return None


def solve(
    grid: Grid,
    gravity: str,
    budget: int,
    memory_mb: int,
    cancel: Callable[[], object] | None = None,
    time_limit: float | None = None,
) -> tuple[str, list[Move], int]:
    """Search for a sequence of moves that clears the board, expanding at most ``budget``
    states, the dead ones kept in a table sized by ``memory_mb``. Return ``(status, moves,
    states)``; ``moves`` are ``(a, c)`` cell indices, ``a < c``, at the time each is made
    (empty unless solved). ``grid`` is not changed. ``cancel`` is called every
    ``STATES_PER_POLL`` states (and each round of relaxed play); what it raises stops the
    search. Once ``time_limit`` seconds have passed (read at the same polls), the status is
    ``TIMED_OUT`` (no moves). The Rust core also drops the lists of
    moves of shallow states past its memory limit and lists them again when it comes back,
    which changes nothing it answers; here every list is kept (boards the twin is used on
    are small)."""
    if not 1 <= memory_mb <= MAX_MEMORY_MB:
        raise E.MEMORY_LIMIT(limit=MAX_MEMORY_MB, value=memory_mb)
    poll = timed_poll(cancel, time_limit)  # the clock starts here, before the copy
    # A classic board of the match keys alone, as rust/src/solve/mod.rs copies the kinds: the
    # search sees the match groups (Chinese style), and what it notes of a move is keys.
    g = Grid(grid.kinds.copy(), grid.border)
    flat, cols = g.flat, g.cols
    tiles = flat[flat != 0]
    count = np.bincount(tiles).tolist() if tiles.size else [0]
    gravity_free = gravity == NONE
    dead = DeadTable(table_capacity(memory_mb))
    key = state_key(g)
    states = 0
    # The budget of the complete search under way (less than `budget` when it tries to finish
    # a stuck dive), and the count of states at which it expands its root (relaxed play there).
    cap = budget
    root_state = 1
    big = len(flat) >= DIVE_MIN_TILES

    def note(index: int, old: int, new: int) -> None:
        nonlocal key
        key ^= tile_key(index, old) ^ tile_key(index, new)
        if old:
            count[old] -= 1
        if new:
            count[new] += 1

    def apply(move: Move) -> list[Change]:
        a, c = move
        changes: list[Change] = []
        write(g, changes, a, 0)
        write(g, changes, c, 0)
        settle(g, gravity, [divmod(a, cols), divmod(c, cols)], changes)
        for index, old, new in changes:
            note(index, old, new)
        return changes

    def undo(changes: list[Change]) -> None:
        revert(g, changes)
        for index, old, new in reversed(changes):
            note(index, new, old)

    def candidates() -> list[Move]:
        """The moves to try from the current state, in order."""
        # The same list either way; on a big board nearly cleared the pairs are few.
        few = big and g.remaining <= PAIRWISE_MAX_TILES
        moves = linked_pairs(g) if few else _move_indices(g)
        if gravity_free:
            # Relaxed play costs a few scans: run on the root only, where it settles hopeless
            # boards, and only on a budget of at least a state per tile (a round is a scan
            # and removes a tile at least, so never more than the budget allows the search),
            # and not on huge boards, where it peels a layer a round.
            tiles = g.remaining
            relaxed = states == root_state and cap >= tiles and tiles <= RELAXED_MAX_TILES
            if relaxed and hopeless(g, moves, poll):
                return []
            safe = first_safe(g, count, moves)
        else:
            safe = first_safe_gravity(g, gravity, count, moves)
        if safe is not None:
            return [safe]
        # Already sorted by (a, c): a stable sort by the kind's count gives (count, a, c).
        tiles_left = [count[kind] for kind in flat[[a for a, _ in moves]].tolist()]
        order = sorted(range(len(moves)), key=tiles_left.__getitem__)
        return [moves[i] for i in order]

    # A frame: [key, candidates, next candidate, changes of the candidate applied or None].
    stack: list[list[Any]] = []
    path: list[Move] = []

    def run() -> str:
        """The complete search from the current state, within `cap` states in all."""
        nonlocal states
        while True:
            if g.remaining == 0:
                return SOLVED
            if key not in dead:
                if states == cap:
                    return UNKNOWN
                if states % STATES_PER_POLL == 0:
                    poll()
                states += 1
                stack.append([key, candidates(), 0, None])
            # Backtrack to the deepest state with a move left to try, and try it.
            while stack:
                top = stack[-1]
                if top[3] is not None:
                    undo(top[3])
                    top[3] = None
                    path.pop()
                if top[2] < len(top[1]):
                    move = top[1][top[2]]
                    top[2] += 1
                    top[3] = apply(move)
                    path.append(move)
                    break
                stack.pop()
                dead.add(top[0])
            else:
                return UNSOLVABLE

    def searched() -> tuple[str, list[Move], int]:
        nonlocal cap, root_state
        if g.remaining < (DIVE_MIN_TILES if gravity_free else DIVE_MIN_TILES_GRAVITY):
            status = run()
            return status, path if status == SOLVED else [], states

        # Big boards dive first, and mid-size ones with gravity (docs/engine.md, "The dive").
        def make(move: Move) -> list[Change]:
            nonlocal states
            states += 1
            path.append(move)
            return apply(move)

        def back_off(keep: int) -> None:
            for changes in reversed(made[keep:]):
                undo(changes)
            del made[keep:], path[keep:]

        ended, made = dive(g, gravity, make, lambda: states < budget, poll)
        if ended != "stuck":
            return ended, path if ended == SOLVED else [], states
        depth = len(made)
        for back in BACKOFFS:
            if back > depth:
                break
            back_off(depth - back)
            # A fresh dive from there first: its stack starts empty and its sweep at the first
            # cell, so it tries other tiles first than the dive that got stuck.
            again, remade = dive(g, gravity, make, lambda: states < budget, poll)
            if again != "stuck":
                return again, path if again == SOLVED else [], states
            for changes in reversed(remade):
                undo(changes)
            del path[depth - back :]
            # The complete search only where it is cheap (dive.py, COMPLETE_MAX_CELLS).
            costly = g.remaining > PAIRWISE_MAX_TILES and len(flat) > COMPLETE_MAX_CELLS
            if back > COMPLETE_BACKOFF_MAX or costly:
                continue
            cap, root_state = min(states + back * BACKOFF_STATES_PER_MOVE, budget), states + 1
            if run() == SOLVED:
                return SOLVED, path, states
            while stack:
                changes = stack.pop()[3]
                if changes is not None:
                    undo(changes)
                    path.pop()
            if states == budget:
                return UNKNOWN, [], states
        back_off(0)
        cap, root_state = budget, states + 1
        status = run()
        return status, path if status == SOLVED else [], states

    try:
        return searched()
    except TimeUp:
        return TIMED_OUT, [], states

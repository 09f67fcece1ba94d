"""The game layer of the pure-Python core (llk._pycore): gravity, history, props, deals and the
solver (docs/engine.md, "Gravity" to "Solver"), then, when the Rust extension is built, the
same calls on `llk._pycore.Board` and `llk._core.Board` compared value for value.

Random boards come from numpy generators with fixed seeds, so every run checks the same cases.
"""

from __future__ import annotations

import inspect
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from llk import errors
from llk._pycore import Board
from llk._pycore import deal as deal_module
from llk._pycore import gravity as gravity_module
from llk._pycore import table as table_module
from llk._pycore.grid import Grid
from llk._pycore.history import revert
from llk._pycore.path import best_path
from llk._pycore.rng import GAMMA, MASK64, SplitMix64, mix
from llk.errors import BoardError, IllegalMove
from tests.reference import RefSplitMix64

# The pure-Python core itself, whatever the default backend.
pytestmark = pytest.mark.names_its_backends

try:
    from llk._core import Board as RustBoard
except ImportError:  # pragma: no cover - depends on the build
    RustBoard = None

MODES = gravity_module.MODES
Rows = list[list[int]]

# --- helpers ------------------------------------------------------------------------------


def make(rows: Rows, border: bool = True, gravity: str = "none") -> Board:
    return Board(np.array(rows, dtype=np.uint16), border, gravity)


def random_grid(
    rng: np.random.Generator, max_side: int = 7, kinds: int | None = None
) -> tuple[np.ndarray, bool]:
    """A small random board: sides 1..max_side, some density, few kinds; and a border flag."""
    rows, cols = (int(x) for x in rng.integers(1, max_side + 1, size=2))
    density = float(rng.choice([0.2, 0.5, 0.8, 1.0]))
    kinds = int(rng.integers(1, 5)) if kinds is None else kinds
    tiles = rng.integers(1, kinds + 1, size=(rows, cols))
    grid = np.where(rng.random((rows, cols)) < density, tiles, 0).astype(np.uint16)
    return grid, bool(rng.integers(0, 2))


def even_tiles(grid: np.ndarray) -> np.ndarray:
    """``grid`` with its first tile emptied when it has an odd number of tiles."""
    grid = grid.copy()
    occupied = np.flatnonzero(grid)
    if occupied.size % 2:
        grid.reshape(-1)[occupied[0]] = 0
    return grid


def spread_pairs(rng: np.random.Generator, grid: np.ndarray, kinds: int) -> np.ndarray:
    """Kinds ``1..kinds`` in pairs at random over the tiles of ``grid`` (an even number)."""
    grid = grid.copy()
    flat = grid.reshape(-1)
    occupied = np.flatnonzero(flat)
    pairs = occupied.size // 2
    values = np.repeat(1 + np.arange(pairs) % max(kinds, 1), 2)
    flat[occupied] = rng.permutation(values)
    return grid


def made(change: Callable[[], object]) -> bool:
    """Whether a core change went through: the cores refuse one with IllegalMove, the board
    unchanged."""
    try:
        change()
    except IllegalMove:
        return False
    return True


def obstacles_status(board: Board, pairs: int, seed: int) -> int:
    """0 added, 1 no kinds on the board, 2 no room (by the error table's wording)."""
    try:
        board.add_obstacles(pairs, seed)
    except IllegalMove as refused:
        return 1 if str(refused) == errors.OBSTACLES_NO_KINDS.text() else 2
    return 0


def replay(board: Board, solution: np.ndarray) -> bool:
    """Whether the moves link one after the other (same kinds) and clear a copy of ``board``."""
    board = board.copy()
    for r1, c1, r2, c2 in solution.tolist():
        move = (r1, c1, r2, c2)
        if board.get(r1, c1) != board.get(r2, c2) or not made(lambda m=move: board.remove(*m)):
            return False
    return board.remaining == 0


def clearable(board: Board, seen: set[bytes]) -> bool:
    """Exhaustive: can some order of removals clear the board?"""
    if board.remaining == 0:
        return True
    key = board.grid().tobytes()
    if key in seen:
        return False
    seen.add(key)
    for r1, c1, r2, c2 in board.moves().tolist():
        following = board.copy()
        following.remove(r1, c1, r2, c2)
        if clearable(following, seen):
            return True
    return False


def ref_segment(gravity: str, rows: int, cols: int, r: int, c: int) -> tuple[Any, list] | None:
    """The segment of (r, c) from the end its tiles slide toward, cell by cell (docs table)."""
    half_rows, half_cols = rows // 2, cols // 2
    column = [(y, c) for y in range(rows)]
    row = [(r, x) for x in range(cols)]
    if gravity == "down":
        return ("column", c), column[::-1]
    if gravity == "up":
        return ("column", c), column
    if gravity == "left":
        return ("row", r), row
    if gravity == "right":
        return ("row", r), row[::-1]
    if gravity == "split-h":
        if c < half_cols:
            return ("left", r), row[:half_cols]
        if c >= cols - half_cols:
            return ("right", r), row[cols - half_cols :][::-1]
    if gravity == "split-v":
        if r < half_rows:
            return ("top", c), column[:half_rows]
        if r >= rows - half_rows:
            return ("bottom", c), column[rows - half_rows :][::-1]
    return None


def ref_settle(kinds: Rows, gravity: str, removed: list) -> tuple[list, list]:
    """Compacts every touched segment cell by cell, as rust/src/gravity.rs walks them; returns
    the writes (index, old, new) and the slides sorted by their start. ``kinds`` is updated."""
    rows, cols = len(kinds), len(kinds[0])
    writes: list[tuple[int, int, int]] = []
    slides = []
    done = []
    for r, c in removed:
        found = ref_segment(gravity, rows, cols, r, c)
        if found is None or found[0] in done:
            continue
        done.append(found[0])
        cells = found[1]
        dest = 0
        for i, (y, x) in enumerate(cells):
            kind = kinds[y][x]
            if kind == 0:
                continue
            if i != dest:
                ty, tx = cells[dest]
                writes.append((ty * cols + tx, kinds[ty][tx], kind))
                kinds[ty][tx] = kind
                writes.append((y * cols + x, kind, 0))
                kinds[y][x] = 0
                slides.append(((y, x), (ty, tx)))
            dest += 1
    return writes, sorted(slides)


# --- gravity ------------------------------------------------------------------------------


def settled(rows: Rows, gravity: str, removed: list) -> tuple[Rows, list]:
    """settle() on a grid; its changes must revert it exactly."""
    grid = Grid(np.array(rows, dtype=np.uint16), True)
    changes: list = []
    slides = gravity_module.settle(grid, gravity, removed, changes)
    after = grid.kinds.tolist()
    revert(grid, changes)
    assert grid.kinds.tolist() == rows
    assert grid.row_bits == Grid(np.array(rows, dtype=np.uint16), True).row_bits
    return after, slides


def test_down_compacts_the_touched_columns_only() -> None:
    after, slides = settled([[1, 2, 3], [0, 0, 4], [5, 0, 0]], "down", [(1, 0), (2, 2)])
    assert after == [[0, 2, 0], [1, 0, 3], [5, 0, 4]]
    assert slides == [((0, 0), (1, 0)), ((0, 2), (1, 2)), ((1, 2), (2, 2))]


def test_every_direction_and_split() -> None:
    row = [[1, 0, 2, 0, 3]]
    assert settled(row, "left", [(0, 1)])[0] == [[1, 2, 3, 0, 0]]
    assert settled(row, "right", [(0, 1)])[0] == [[0, 0, 1, 2, 3]]
    # The odd middle column 2 never moves; each half compacts outward.
    row = [[0, 1, 2, 4, 0]]
    assert settled(row, "split-h", [(0, 0), (0, 4)])[0] == [[1, 0, 2, 0, 4]]
    assert settled(row, "split-h", [(0, 2)]) == (row, [])
    column = [[0], [1], [0], [2]]
    assert settled(column, "up", [(0, 0)])[0] == [[1], [2], [0], [0]]
    assert settled(column, "split-v", [(2, 0)])[0] == [[0], [1], [0], [2]]
    assert settled(column, "split-v", [(0, 0)])[0] == [[1], [0], [0], [2]]
    assert settled(column, "none", [(0, 0)]) == (column, [])
    # An odd middle row never moves either.
    column = [[0], [7], [5], [0], [0]]
    assert settled(column, "split-v", [(0, 0), (4, 0)])[0] == [[7], [0], [5], [0], [0]]
    assert settled(column, "split-v", [(2, 0)])[1] == []


def test_remove_slides_under_gravity() -> None:
    board = make([[2, 3, 7], [1, 0, 0], [1, 5, 7]], gravity="down")
    removal = board.remove(1, 0, 2, 0)[2]
    assert removal == (0, 1, ((1, 0), (2, 0)), (((0, 0), (2, 0)),))
    # Column 1 was not touched, so its hole stays.
    assert board.grid().tolist() == [[0, 3, 7], [0, 0, 0], [2, 5, 7]]
    board = make([[1, 3, 8, 4, 1]], gravity="split-h")
    removal = board.remove(0, 0, 0, 4)[2]
    assert removal is not None and removal[3] == (((0, 1), (0, 0)), ((0, 3), (0, 4)))
    assert board.grid().tolist() == [[3, 0, 8, 0, 4]]
    # Cols 0..2 | 3 | 4..6: only the left half is touched, the right keeps its hole.
    board = make([[2, 0, 1, 1, 0, 3, 9]], gravity="split-h")
    assert board.remove(0, 2, 0, 3)[2] == (0, 1, ((0, 2), (0, 3)), ())
    assert board.grid().tolist() == [[2, 0, 0, 0, 0, 3, 9]]


def test_slides_are_sorted_by_start_whatever_the_order_of_work() -> None:
    board = make([[5, 6], [1, 1], [0, 0]], gravity="down")
    # Column 1 (the first cell named) is compacted first, but slides come sorted.
    removal = board.remove(1, 1, 1, 0)[2]
    assert removal is not None
    assert removal[3] == (((0, 0), (2, 0)), ((0, 1), (2, 1)))
    assert board._history.done[-1].changes == [
        (3, 1, 0),
        (2, 1, 0),
        (5, 0, 6),
        (1, 6, 0),
        (4, 0, 5),
        (0, 5, 0),
    ]


def test_settle_matches_the_cell_by_cell_walk() -> None:
    rng = np.random.default_rng(21)
    for case in range(1500):
        grid, _ = random_grid(rng, max_side=8)
        rows, cols = grid.shape
        gravity = MODES[case % len(MODES)]
        removed = [
            (int(rng.integers(0, rows)), int(rng.integers(0, cols)))
            for _ in range(int(rng.integers(1, 3)))
        ]
        kinds = grid.tolist()
        want_writes, want_slides = ref_settle(kinds, gravity, removed)
        pygrid = Grid(grid.copy(), True)
        changes: list = []
        slides = gravity_module.settle(pygrid, gravity, removed, changes)
        assert (changes, slides) == (want_writes, want_slides), (case, gravity, grid, removed)
        assert pygrid.kinds.tolist() == kinds
        fresh = Grid(np.array(kinds, dtype=np.uint16), True)
        assert (pygrid.row_bits, pygrid.col_bits) == (fresh.row_bits, fresh.col_bits)
        assert pygrid.remaining == fresh.remaining


def test_unknown_gravity_is_refused() -> None:
    with pytest.raises(BoardError, match='unknown gravity mode "sideways"'):
        make([[1, 1]], gravity="sideways")
    for mode in MODES:
        assert make([[1, 1]], gravity=mode).gravity == mode


# --- history ------------------------------------------------------------------------------


def random_action(board: Board, rng: np.random.Generator, step: int) -> bool:
    """One random change (remove, shuffle, mirror, obstacles, solvable re-deal); whether one
    was made."""
    action = int(rng.integers(0, 5))
    if action == 0:
        moves = board.moves()
        if not len(moves):
            return False
        board.remove(*moves[int(rng.integers(0, len(moves)))].tolist())
        return True
    if action == 1:
        return made(lambda: board.shuffle(step))
    if action == 2:
        board.mirror("hv"[step % 2])
        return True
    if action == 3:
        return made(lambda: board.add_obstacles(int(rng.integers(0, 3)), step))
    try:
        board.shuffle_solvable(step)
    except IllegalMove:
        return False
    return True


def test_every_change_undoes_and_redoes_exactly() -> None:
    rng = np.random.default_rng(11)
    for case in range(250):
        grid, border = random_grid(rng)
        board = Board(grid, border, MODES[case % len(MODES)])
        states = [board.grid()]
        for step in range(12):
            before = board.undo_len
            if random_action(board, rng, step):
                states.append(board.grid())
                assert (board.undo_len, board.redo_len) == (before + 1, 0)
            else:
                assert board.undo_len == before
        last = board.grid()
        for want in reversed(states[:-1]):
            assert made(board.undo)
            assert np.array_equal(board.grid(), want), case
            assert board.remaining == np.count_nonzero(want)
        assert not made(board.undo)
        assert board.redo_len == len(states) - 1
        for want in states[1:]:
            assert made(board.redo)
            assert np.array_equal(board.grid(), want), case
        assert not made(board.redo)
        assert np.array_equal(board.grid(), last)
        # The bitsets follow every undo and redo.
        fresh = Grid(board.grid(), border)
        assert (board._grid.row_bits, board._grid.col_bits) == (fresh.row_bits, fresh.col_bits)


def test_a_new_change_drops_the_redo_stack() -> None:
    board = make([[1, 1, 2, 2]])
    board.remove(0, 0, 0, 1)
    name, args, removal, changes = board.undo()
    assert (name, args, removal) == ("remove", ((0, 0), (0, 1)), (0, 1, ((0, 0), (0, 1)), ()))
    assert np.frombuffer(changes, np.int64).tolist() == [0, 0, 1, 0, 0, 1, 1, 0]
    assert (board.undo_len, board.redo_len) == (0, 1)
    board.mirror("h")
    assert (board.undo_len, board.redo_len) == (1, 0)
    assert board.grid().tolist() == [[2, 2, 1, 1]]
    assert board.entry(0)[:2] == ("mirror", ("h",))
    assert not made(board.redo)


def test_failed_changes_record_nothing_and_empty_ones_do() -> None:
    board = make([[1, 0, 2]])
    assert not made(lambda: board.shuffle(1))
    assert not made(lambda: board.remove(0, 0, 0, 2))
    assert obstacles_status(board, 2, 0) == 2
    with pytest.raises(IllegalMove):
        board.shuffle_solvable(0)
    assert board.undo_len == 0
    # A change that happens to rewrite nothing is still one entry (as in Rust).
    board = make([[1, 2, 1]])
    board.mirror("h")
    assert (board.undo_len, board.grid().tolist()) == (1, [[1, 2, 1]])
    assert made(board.undo) and board.grid().tolist() == [[1, 2, 1]]


def test_copies_carry_their_own_history() -> None:
    board = make([[1, 1, 2, 2]], gravity="left")
    board.remove(0, 0, 0, 1)
    twin = board.copy()
    assert (twin.gravity, twin.undo_len) == ("left", 1)
    assert made(twin.undo) and twin.grid().tolist() == [[1, 1, 2, 2]]
    assert board.grid().tolist() == [[2, 2, 0, 0]] and board.undo_len == 1
    board.undo()
    assert board.redo_len == 1 and twin.redo_len == 1
    twin.mirror("v")
    assert board.redo_len == 1 and made(board.redo)


# --- props --------------------------------------------------------------------------------


def test_mirror_flips_every_cell() -> None:
    rng = np.random.default_rng(4)
    for _ in range(100):
        grid, border = random_grid(rng)
        board = Board(grid, border)
        board.mirror("h")
        assert np.array_equal(board.grid(), grid[:, ::-1])
        board.mirror("v")
        assert np.array_equal(board.grid(), grid[::-1, ::-1])
        assert board.remaining == np.count_nonzero(grid)
        assert board.move_count() == Board(grid[::-1, ::-1].copy(), border).move_count()
    with pytest.raises(BoardError, match="""mirror axis must be 'h' or 'v', not "d\""""):
        make([[1]]).mirror("d")


def test_obstacles_need_kinds_and_room() -> None:
    board = make([[1, 1, 0, 0]])
    assert obstacles_status(board, 2, 0) == 2
    assert obstacles_status(board, 1, 0) == 0
    assert board.grid().tolist() == [[1, 1, 1, 1]]
    assert obstacles_status(make([[0, 0]]), 1, 0) == 1
    assert obstacles_status(make([[0, 0]]), 0, 0) == 1


def test_obstacles_follow_the_documented_draws() -> None:
    rng = np.random.default_rng(5)
    for case in range(200):
        grid, border = random_grid(rng)
        board = Board(grid, border)
        pairs, seed = int(rng.integers(0, 4)), case * 977
        flat = grid.reshape(-1)
        kinds = sorted(set(flat.tolist()) - {0})
        empty = [i for i, k in enumerate(flat.tolist()) if k == 0]
        status = obstacles_status(board, pairs, seed)
        if not kinds:
            assert status == 1
            continue
        if len(empty) < 2 * pairs:
            assert status == 2 and np.array_equal(board.grid(), grid)
            continue
        assert status == 0
        want = flat.copy()
        draws = SplitMix64(seed)
        for i in range(pairs):
            kind = kinds[draws.below(len(kinds))]
            for j in (2 * i, 2 * i + 1):
                pick = j + draws.below(len(empty) - j)
                empty[j], empty[pick] = empty[pick], empty[j]
                want[empty[j]] = kind
        assert board.grid().reshape(-1).tolist() == want.tolist()
        assert board.remaining == np.count_nonzero(grid) + 2 * pairs


# --- deals --------------------------------------------------------------------------------


def test_random_deals_use_every_pair_twice() -> None:
    board = Board(np.ones((4, 6), dtype=np.uint16), True)
    pair_kinds = np.array([1 + i % 5 for i in range(12)], dtype=np.uint16)
    assert board.deal(pair_kinds, 9, False) is None
    want = sorted(np.repeat(pair_kinds, 2).tolist())
    assert sorted(board.grid().reshape(-1).tolist()) == want
    with pytest.raises(BoardError, match=r"^11 pairs cannot fill 24 tile cells$"):
        board.deal(pair_kinds[1:], 9, False)
    # The same seed deals the same board; the layout (occupied cells) is kept.
    rng = np.random.default_rng(2)
    for case in range(100):
        grid = even_tiles(random_grid(rng)[0])
        pairs = np.count_nonzero(grid) // 2
        kinds = np.array([1 + i % 3 for i in range(pairs)], dtype=np.uint16)
        one, two = Board(grid, True), Board(grid, True)
        one.deal(kinds, case, False)
        two.deal(kinds, case, False)
        assert np.array_equal(one.grid(), two.grid())
        assert np.array_equal(one.grid() != 0, grid != 0)
        assert sorted(one.grid()[grid != 0].tolist()) == sorted(np.repeat(kinds, 2).tolist())


def test_random_deal_follows_the_documented_draws() -> None:
    grid = np.array([[1, 0, 1], [1, 1, 1], [1, 1, 1]], dtype=np.uint16)
    pair_kinds = [4, 5, 6, 7]
    draws = SplitMix64(77)
    pk = list(pair_kinds)
    for i in range(len(pk) - 1, 0, -1):
        j = draws.below(i + 1)
        pk[i], pk[j] = pk[j], pk[i]
    tiles = [k for k in pk for _ in range(2)]
    for i in range(len(tiles) - 1, 0, -1):
        j = draws.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    board = Board(grid, True)
    board.deal(np.array(pair_kinds, dtype=np.uint16), 77, False)
    assert board.grid()[grid != 0].tolist() == tiles


@pytest.mark.parametrize("gravity", MODES)
def test_solvable_deals_come_with_a_solution_that_clears_them(gravity: str) -> None:
    rng = np.random.default_rng(3 + MODES.index(gravity))
    for case in range(120):
        grid, border = random_grid(rng, max_side=9)
        grid = even_tiles(grid)
        pairs = np.count_nonzero(grid) // 2
        kinds = 1 + case % 5
        pair_kinds = np.array([1 + i % kinds for i in range(pairs)], dtype=np.uint16)
        solution = Board(grid, border, gravity).deal(pair_kinds, case, True)
        board = Board(grid, border, gravity)
        assert np.array_equal(board.deal(pair_kinds, case, True), solution)
        assert solution is not None and solution.shape == (pairs, 4)
        assert board.undo_len == 0 and board.redo_len == 0
        assert np.array_equal(board.grid() != 0, grid != 0)
        assert replay(board, solution), (case, gravity)


def test_deal_clears_the_history_and_redeal_keeps_it() -> None:
    board = make([[1, 1, 2, 2]])
    board.mirror("h")
    board.mirror("h")
    board.undo()
    board.deal(np.array([3, 3], dtype=np.uint16), 0, True)
    assert (board.undo_len, board.redo_len) == (0, 0)
    board = make([[1, 2, 2, 1]], gravity="right")
    solution = board.shuffle_solvable(6)[0]
    assert board.undo_len == 1 and replay(board, solution)
    assert made(board.undo) and board.grid().tolist() == [[1, 2, 2, 1]]


def test_redeal_refuses_the_smallest_odd_kind() -> None:
    board = make([[1, 1, 1, 3, 2, 2, 3, 3]])
    with pytest.raises(IllegalMove) as caught:
        board.shuffle_solvable(0)
    assert (
        str(caught.value) == "cannot deal a solvable board: kind 1 has an odd number of tiles (3)"
    )
    assert board.grid().tolist() == [[1, 1, 1, 3, 2, 2, 3, 3]] and board.undo_len == 0
    board = make([[0, 2, 5], [2, 5, 5]])
    with pytest.raises(IllegalMove, match=r"kind 5 has an odd number of tiles \(3\)"):
        board.shuffle_solvable(1)


def test_redeal_keeps_the_kinds_and_clears() -> None:
    rng = np.random.default_rng(8)
    for case in range(150):
        grid = spread_pairs(rng, even_tiles(random_grid(rng, max_side=8)[0]), 1 + case % 6)
        board = Board(grid, bool(case % 2), MODES[case % len(MODES)])
        solution = board.shuffle_solvable(case)[0]
        assert Counter(board.grid().reshape(-1).tolist()) == Counter(grid.reshape(-1).tolist())
        assert replay(board, solution)


def test_partners_are_exactly_the_cells_linking_with_at_most_one_turn() -> None:
    rng = np.random.default_rng(9)
    for _ in range(150):
        grid, border = random_grid(rng, max_side=8)
        ones = Grid((grid != 0).astype(np.uint16), border)
        cols = ones.cols
        occupied = np.flatnonzero(grid).tolist()
        for p in occupied:
            want = []
            for q in occupied:
                if q == p:
                    continue
                path = best_path(ones, *divmod(p, cols), *divmod(q, cols))
                if path is not None and path[0] <= 1:
                    want.append(q)
            assert deal_module.positional_partners(ones, p) == want


def test_big_solvable_deals_clear() -> None:
    for gravity in ("none", "down", "split-v"):
        board = Board(np.ones((24, 30), dtype=np.uint16), True, gravity)
        pair_kinds = np.array([1 + i % 36 for i in range(360)], dtype=np.uint16)
        assert replay(board, board.deal(pair_kinds, 12345, True))


# --- solver -------------------------------------------------------------------------------


def test_mix_is_the_splitmix64_output_function_of_ints_and_arrays() -> None:
    states = [0, 1, 12345, MASK64 - 7, MASK64]
    want = [RefSplitMix64(state).next() for state in states]
    assert [mix((state + GAMMA) & MASK64) for state in states] == want
    words = np.array([(state + GAMMA) & MASK64 for state in states], dtype=np.uint64)
    before = words.copy()
    assert mix(words).tolist() == want
    assert (words == before).all(), "mix must not change the array it is given"
    grid = Grid(np.array([[0, 3], [7, 0]], dtype=np.uint16), True)
    high = mix(2 * 65536 + 7) ^ mix(65536 + 3)
    low = mix(2 * 65536 + 7 | 1 << 63) ^ mix(65536 + 3 | 1 << 63)
    assert table_module.state_key(grid) == high << 64 | low


def test_the_dead_table_forgets_as_the_rust_one_does() -> None:
    """The Rust table, fed the same keys, holds the same ones, by count and sum
    (rust/src/solve/table.rs, forgets_what_the_python_twin_forgets): at its limit, where each
    bucket holds its newest eight, and where it holds them all. Keys are 128 bits, made as a
    tile's is; the sums are of their top halves, which alone say where a key goes."""
    ways = table_module.WAYS

    def wide(x: int) -> int:
        return mix(x) << 64 | mix(x | 1 << 63)

    cases = [
        (512, 6000, 1, (4005, 11366006794260895109)),
        (1 << 16, 50_000, 3, (50_000, 17451951555561613904)),
    ]
    for buckets, count, step, want in cases:
        table = table_module.DeadTable(buckets * ways)
        keys = [wide(i * step) for i in range(1, count + 1)]
        for key in keys:
            table.add(key)
        held = [key for key in table.slots if key]
        assert (len(held), sum(key >> 64 for key in held) % 2**64) == want
        assert all(key in table for key in held) and keys[-1] in table
        # A key that shares its top half with a held one, not its bottom half, is not held.
        assert keys[-1] ^ 1 not in table
    # At the limit, a bucket (a key's top nine bits) holds the newest eight of its keys.
    model: dict[int, list[int]] = {}
    for key in [wide(i) for i in range(1, 6001)]:
        model.setdefault(key >> 119, []).append(key)
    table = table_module.DeadTable(512 * ways)
    for key in [wide(i) for i in range(1, 6001)]:
        table.add(key)
    assert sorted(key for key in table.slots if key) == sorted(
        k for b in model.values() for k in b[-ways:]
    )
    # Key 0 (an empty slot's mark) is held apart; a table below a bucket holds nothing.
    table.add(0)
    assert 0 in table
    tiny = table_module.DeadTable(ways - 1)
    tiny.add(5)
    assert 5 not in tiny
    assert [table_module.table_capacity(mb) for mb in (1, 3, 256)] == [32_768, 65_536, 1 << 23]


def solver_cases(seed: int, count: int) -> Iterator[tuple[int, Board]]:
    """Small, fairly full boards (at most 16 tiles, mostly without a border), kinds of two
    tiles without a border and four with one, spread at random, so that both verdicts are
    common; every third one with gravity."""
    rng = np.random.default_rng(seed)
    for case in range(count):
        rows, cols = (int(x) for x in rng.integers(2, 6, size=2))
        border = bool(rng.random() < 0.25)
        low = max(2, rows * cols * 2 // 3)
        tiles = min(int(rng.integers(low, rows * cols + 1)), 16)
        flat = np.zeros(rows * cols, dtype=np.uint16)
        flat[rng.choice(rows * cols, tiles, replace=False)] = 1
        grid = even_tiles(flat.reshape(rows, cols))
        pairs = np.count_nonzero(grid) // 2
        kinds = max(pairs // 2 if border else pairs, 1)
        gravity = MODES[case // 3 % len(MODES)] if case % 3 == 0 else "none"
        yield case, Board(spread_pairs(rng, grid, kinds), border, gravity)


def test_verdicts_match_exhaustive_search_on_small_boards() -> None:
    verdicts: Counter[tuple[bool, str]] = Counter()
    for case, board in solver_cases(31, 900):
        status, moves, states = board.solve(10**9)
        want = clearable(board, set())
        assert status == ("solved" if want else "unsolvable"), (case, board.gravity, board.grid())
        assert moves.dtype == np.int64 and moves.shape[1:] == (4,)
        if status == "solved":
            assert replay(board, moves)
        else:
            assert moves.shape == (0, 4)
        assert states >= 1
        verdicts[board.gravity != "none", status] += 1
    assert verdicts[False, "solved"] > 300 and verdicts[False, "unsolvable"] > 60, verdicts
    assert verdicts[True, "solved"] > 100 and verdicts[True, "unsolvable"] > 15, verdicts


def test_the_budget_bounds_the_search() -> None:
    crossed = make([[1, 2], [2, 1]])
    assert crossed.solve(10**9)[0::2] == ("unsolvable", 1)
    assert crossed.solve(0)[0::2] == ("unknown", 0)
    assert make([[0, 0]]).solve(0)[0::2] == ("solved", 0)
    # One state per move on the way down, the cleared board costs none.
    board = make([[1, 1, 2, 2]])
    assert board.solve(2)[0::2] == ("solved", 2)
    assert board.solve(1)[0::2] == ("unknown", 1)
    for _, board in solver_cases(44, 60):
        status, _, states = board.solve(10**9)
        for budget in (0, 1, states // 2, states - 1):
            if budget < 0 or budget >= states:
                continue
            small = board.solve(budget)
            assert small[0] == "unknown" and small[2] == budget and small[1].shape == (0, 4)
        # Relaxed play runs only on a budget of a state per tile (docs/engine.md): below that, a
        # board it proved hopeless at once may be "unknown".
        allowed = [(status, states)] + [("unknown", states)] * (states < board.remaining)
        assert board.solve(states)[0::2] in allowed


def test_solve_leaves_the_board_alone() -> None:
    board = make([[1, 2, 1, 2], [3, 3, 0, 0]], gravity="down")
    board.mirror("v")
    before = board.grid()
    status, moves, _ = board.solve(1000)
    assert status == "solved" and replay(board, moves)
    assert np.array_equal(board.grid(), before) and board.undo_len == 1


def test_the_solver_handles_a_deep_search_without_recursion() -> None:
    # 600 moves deep, with far less stack than that allowed: the search must not recurse.
    board = Board(np.ones((30, 40), dtype=np.uint16), False)
    solution = board.deal(np.arange(1, 601, dtype=np.uint16), 1, True)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 100)
    try:
        status, moves, states = board.solve(2000)
    finally:
        sys.setrecursionlimit(limit)
    assert (status, states) == ("solved", 600) and replay(board, moves)
    assert solution is not None and replay(board, solution)


# --- parity with the Rust core ------------------------------------------------------------

needs_rust = pytest.mark.skipif(
    RustBoard is None,
    reason="the Rust extension llk._core is not importable (build it: maturin develop)",
)


def outcome(call: Callable[[], Any]) -> tuple:
    """What a call did: its value (arrays as lists), or its exception's class and message."""
    try:
        value = call()
    except Exception as error:
        return ("raised", type(error).__name__, str(error))
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tolist())
    if isinstance(value, tuple):
        return (
            "tuple",
            tuple(
                ("array", v.dtype.str, v.shape, v.tolist()) if isinstance(v, np.ndarray) else v
                for v in value
            ),
        )
    return ("returned", value)


class Twins:
    """The same board on both cores; ``same`` runs one call on each and compares."""

    def __init__(self, grid: np.ndarray, border: bool, gravity: str) -> None:
        self.py = Board(grid, border, gravity)
        self.rust = RustBoard(grid, border, gravity)

    def same(self, call: Callable[[Any], Any]) -> Any:
        got_py, got_rust = outcome(lambda: call(self.py)), outcome(lambda: call(self.rust))
        assert got_py == got_rust
        self.check_state()
        return got_rust

    def check_state(self) -> None:
        py, rust = self.py, self.rust
        assert np.array_equal(py.grid(), rust.grid())
        assert (py.remaining, py.undo_len, py.redo_len, py.gravity, py.border) == (
            rust.remaining,
            rust.undo_len,
            rust.redo_len,
            rust.gravity,
            rust.border,
        )


@needs_rust
def test_parity_removals_with_slides_under_every_gravity() -> None:
    rng = np.random.default_rng(100)
    for case in range(700):
        grid, border = random_grid(rng, max_side=8)
        twins = Twins(grid, border, MODES[case % len(MODES)])
        while True:
            moves = twins.rust.moves()
            twins.same(lambda b: b.moves())
            if not len(moves):
                break
            r1, c1, r2, c2 = moves[int(rng.integers(0, len(moves)))].tolist()
            if rng.random() < 0.5:
                r1, c1, r2, c2 = r2, c2, r1, c1
            twins.same(lambda b, m=(r1, c1, r2, c2): b.remove(*m))
            if rng.random() < 0.1:
                # A pair that does not link: nothing happens on either side.
                twins.same(lambda b: b.remove(0, 0, 0, 0))


@needs_rust
def test_parity_deals() -> None:
    rng = np.random.default_rng(101)
    for case in range(700):
        grid, border = random_grid(rng, max_side=10)
        grid = even_tiles(grid)
        gravity = MODES[case % len(MODES)]
        pairs = np.count_nonzero(grid) // 2
        kinds = 1 + case % 7
        pair_kinds = np.array([1 + i % kinds for i in range(pairs)], dtype=np.uint16)
        seed = int(rng.integers(0, 2**63)) * 2 + case % 2
        twins = Twins(grid, border, gravity)
        solvable = bool(case % 3)
        twins.same(lambda b, s=seed, k=pair_kinds, f=solvable: b.deal(k, s, f))
        twins.same(lambda b, k=pair_kinds: b.deal(k[1:], 1, True))
    for rows, cols, gravity in [(16, 30, "none"), (16, 30, "down"), (40, 40, "split-h")]:
        grid = np.ones((rows, cols), dtype=np.uint16)
        pair_kinds = np.array([1 + i % 36 for i in range(rows * cols // 2)], dtype=np.uint16)
        for solvable in (True, False):
            twins = Twins(grid, True, gravity)
            twins.same(lambda b, k=pair_kinds, s=solvable: b.deal(k, 2024, s))


@needs_rust
def test_parity_solver() -> None:
    statuses: Counter[str] = Counter()
    for case, board in solver_cases(102, 500):
        twins = Twins(board.grid(), board.border, board.gravity)
        statuses[twins.same(lambda b: b.solve(10**9))[1][0]] += 1
        twins.same(lambda b, n=case % 5: b.solve(n))
    assert statuses["solved"] > 100 and statuses["unsolvable"] > 50, statuses
    # Bigger random deals, where the budget, the cuts and the dead set all matter.
    rng = np.random.default_rng(103)
    for case in range(40):
        gravity = "none" if case % 2 == 0 else MODES[1 + case // 2 % 6]
        kinds = int(rng.choice([8, 21, 42]))
        twins = Twins(np.ones((6, 14), dtype=np.uint16), bool(case % 3), gravity)
        pair_kinds = np.array([1 + i % kinds for i in range(42)], dtype=np.uint16)
        twins.same(lambda b, k=pair_kinds, s=case: b.deal(k, s, False))
        twins.same(lambda b: b.solve(1500))


@needs_rust
def test_parity_props_and_history() -> None:
    rng = np.random.default_rng(104)
    for case in range(250):
        grid, border = random_grid(rng, max_side=8)
        twins = Twins(grid, border, MODES[case % len(MODES)])
        for step in range(15):
            action = int(rng.integers(0, 8))
            seed = int(rng.integers(0, 2**64, dtype=np.uint64))
            if action == 0:
                moves = twins.rust.moves()
                if len(moves):
                    move = moves[int(rng.integers(0, len(moves)))].tolist()
                    twins.same(lambda b, m=move: b.remove(*m))
            elif action == 1:
                twins.same(lambda b, s=seed: b.shuffle(s))
            elif action == 2:
                twins.same(lambda b, a="hv"[step % 2]: b.mirror(a))
            elif action == 3:
                pairs = int(rng.integers(0, 4))
                twins.same(lambda b, s=seed, n=pairs: b.add_obstacles(n, s))
            elif action == 4:
                twins.same(lambda b, s=seed: b.shuffle_solvable(s))
            elif action == 5:
                twins.same(lambda b: b.undo())
            elif action == 6:
                twins.same(lambda b: b.redo())
            else:
                twins.same(lambda b: (b.hint(), b.move_count(), b.is_deadlocked()))
        # Copies are deep on both sides, history included.
        py_copy, rust_copy = twins.py.copy(), twins.rust.copy()
        while twins.rust.undo_len:
            twins.same(lambda b: b.undo())
        twins.same(lambda b: b.undo())  # nothing to undo, alike
        twins.py, twins.rust = py_copy, rust_copy
        twins.check_state()
        while twins.rust.undo_len:
            twins.same(lambda b: b.undo())
        while twins.rust.redo_len:
            twins.same(lambda b: b.redo())
        twins.same(lambda b: b.redo())
        for position in range(twins.rust.undo_len):
            twins.same(lambda b, i=position: b.entry(i))


@needs_rust
def test_parity_errors() -> None:
    def both(make_board: Callable[[Any], Any]) -> None:
        got = [outcome(lambda cls=cls: make_board(cls)) for cls in (Board, RustBoard)]
        assert got[0] == got[1]

    grid = np.array([[1, 1, 2]], dtype=np.uint16)
    both(lambda cls: cls(grid, True, 'side"ways'))
    both(lambda cls: cls(np.zeros((0, 3), dtype=np.uint16), True))
    both(lambda cls: cls(grid, True).mirror("x"))
    both(lambda cls: cls(grid, True).get(1, 0))
    both(lambda cls: cls(grid, True).get(0, -1))
    both(lambda cls: cls(grid, True).path(0, 0, 0, 3))
    both(lambda cls: cls(grid, True).near_miss(0, 0, 0, 3))
    both(lambda cls: cls(grid, True).near_miss(-1, 0, 0, 1))
    both(lambda cls: cls(grid, True).remove(-1, 0, 0, 1))
    both(lambda cls: cls(grid, True).shuffle_solvable(3))
    both(lambda cls: cls(grid, True).deal(np.array([1], dtype=np.uint16), 1, True))
    both(lambda cls: cls(grid, True).deal(np.array([1, 2], dtype=np.uint16), 1, False))
    both(lambda cls: cls(np.zeros((2, 2), dtype=np.uint16), True).shuffle(5).__class__)
    both(lambda cls: cls(np.zeros((2, 2), dtype=np.uint16), True).solve(0))
    for memory_mb in (0, 2**20 + 1):
        both(lambda cls, m=memory_mb: cls(grid, True).solve(10, m))
    # Every refusal of a change, worded once per language (rust/src/error.rs, llk/errors.py).
    blocked = np.array([[1, 2, 1], [3, 0, 3]], dtype=np.uint16)
    for move in [(0, 0, 0, 0), (0, 0, 1, 1), (1, 1, 0, 0), (0, 0, 0, 1), (0, 0, 0, 2)]:
        both(lambda cls, m=move: cls(blocked, False).remove(*m))
    both(lambda cls: cls(np.array([[1, 2], [3, 4]], dtype=np.uint16), False).shuffle(1))
    both(lambda cls: cls(np.array([[5, 0], [0, 0]], dtype=np.uint16), False).shuffle(1))
    both(lambda cls: cls(np.zeros((1, 4), dtype=np.uint16), True).add_obstacles(1, 0))
    both(lambda cls: cls(np.array([[1, 1, 0, 0]], dtype=np.uint16), True).add_obstacles(2, 0))
    both(lambda cls: cls(grid, True).undo())
    both(lambda cls: cls(grid, True).redo())
    both(lambda cls: cls(grid, True).entry(0))
    both(lambda cls: cls(np.ones((1, 3), dtype=np.uint16), True).shuffle_solvable(0))
    both(lambda cls: cls(np.ones((4097, 4096), dtype=np.uint16), True))


@needs_rust
def test_the_limits_are_the_same_in_both_languages() -> None:
    from llk import _core, _limits

    assert _core.MAX_CELLS == _limits.MAX_CELLS
    for name in _limits.GRAVITY_MODES:
        assert RustBoard(np.ones((1, 2), dtype=np.uint16), True, name).gravity == name


def test_both_cores_read_a_column_major_array_in_row_major_order() -> None:
    """The cores take arrays straight from callers too; memory order must not matter."""
    import llk
    from llk import _pycore

    grid = np.asfortranarray(np.arange(1, 13, dtype=np.uint16).reshape(3, 4))
    cores = [_pycore.Board]
    if llk.rust_available():
        from llk import _core

        cores.append(_core.Board)
    for core in cores:
        assert core(grid, True).grid().tolist() == grid.tolist()

"""The slide variant (docs/engine.md, "Tiles slide") on each core: KShisen's worked cases from
src/board.cpp's rules, every pair's link against the slow reference (tests/engine/reference.py), the
push and the removal as one history entry, and the solver's verdicts against an exhaustive
search through the public API in every gravity mode."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from tests.engine.reference import ref_slide_link

MODES = llk.GRAVITY_MODES


def board(grid: list[list[int]], backend: str, **kw: object) -> llk.Board:
    return llk.Board(grid, slide=True, backend=backend, **kw)  # type: ignore[arg-type]


def random_grid(rng: np.random.Generator, rows: int, cols: int, density: float) -> np.ndarray:
    kinds = rng.integers(1, 4, size=(rows, cols))
    return np.where(rng.random((rows, cols)) < density, kinds, 0).astype(np.uint16)


def test_a_run_pushed_into_a_gap_just_big_enough(backend: str) -> None:
    grid = [[1, 2, 3, 0, 0], [4, 9, 0, 9, 4], [5, 6, 1, 7, 8]]
    b = board(grid, backend)
    path = b.path((0, 0), (2, 2))
    assert path is not None
    assert (path.corners, path.turns, path.length) == (((0, 0), (0, 2), (2, 2)), 1, 4)
    assert path.pushed == (((0, 1), (0, 3)), ((0, 2), (0, 4)))
    assert b.path((2, 2), (0, 0)) == llk.Path(((2, 2), (0, 2), (0, 0)), 1, 4, (), path.pushed)
    assert b.near_miss((0, 0), (2, 2)) is None
    removed = b.remove((0, 0), (2, 2))
    assert removed.pushed == path.pushed
    after = [[0, 0, 0, 2, 3], [4, 9, 0, 9, 4], [5, 6, 0, 7, 8]]
    assert b.grid.tolist() == after
    # One entry: undo puts the run and the pair back, redo does both again.
    assert len(b.history) == 1 and b.history[0].path == removed
    b.undo()
    assert b.grid.tolist() == grid
    b.redo()
    assert b.grid.tolist() == after
    classic = llk.Board(grid, backend=backend)
    assert classic.path((0, 0), (2, 2)) is None


def test_a_tile_pushed_over_a_gap_falls_under_gravity(backend: str) -> None:
    # Gravity down: B (2) is pushed along row 1 to the last column, over an empty cell; gravity
    # settles the columns the push wrote as well as the pair's, so B lands on the floor.
    grid = [[0, 0, 0, 0, 0], [1, 2, 0, 0, 0], [3, 4, 5, 1, 0]]
    b = board(grid, backend, gravity="down")
    removed = b.remove((1, 0), (2, 3))
    assert removed.pushed == (((1, 1), (1, 4)),)
    assert ((1, 4), (2, 4)) in removed.slides
    assert b.grid.tolist() == [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [3, 4, 5, 0, 2]]
    b.undo()
    assert b.grid.tolist() == grid


def test_a_gap_one_cell_too_small_is_no_slide(backend: str) -> None:
    b = board([[1, 2, 3, 0, 7], [4, 9, 0, 9, 4], [5, 6, 1, 7, 8]], backend)
    assert b.path((0, 0), (2, 2)) is None
    with pytest.raises(llk.IllegalMove, match="no path"):
        b.remove((0, 0), (2, 2))


def test_an_empty_cell_next_to_the_mover_is_no_slide(backend: str) -> None:
    # Pushing the 2 two cells right would clear (0, 1) and (0, 2), with room behind it, but
    # the run must start next to the 1.
    b = board([[1, 0, 2, 0, 0], [3, 4, 1, 0, 0]], backend)
    assert b.path((0, 0), (1, 2)) is None
    assert board([[1, 2, 2, 0, 0], [3, 4, 1, 0, 0]], backend).can_link((0, 0), (1, 2))


def test_no_empty_cell_is_no_slide(backend: str) -> None:
    b = board([[1, 2, 3], [4, 5, 1]], backend)
    assert b.path((0, 0), (1, 2)) is None
    assert b.moves() == [] and b.is_deadlocked()
    # One cell to push, none to push it into (the ring is no room either).
    assert board([[1, 2], [3, 1]], backend).path((0, 0), (1, 1)) is None


def test_two_turn_links_are_refused(backend: str) -> None:
    inner = [[1, 0, 5], [6, 0, 7], [8, 0, 1]]
    assert llk.Board(inner, backend=backend).path((0, 0), (2, 2)) is not None
    assert board(inner, backend).path((0, 0), (2, 2)) is None
    ring = [[1, 2, 1]]
    assert llk.Board(ring, backend=backend).can_link((0, 0), (0, 2))
    assert not board(ring, backend).can_link((0, 0), (0, 2))


@pytest.mark.parametrize("seed", range(6))
def test_every_link_matches_the_slow_reference(backend: str, seed: int) -> None:
    rng = np.random.default_rng(seed)
    linked = pushed = 0
    for case in range(25):
        rows, cols = (int(x) for x in rng.integers(1, 7, size=2))
        grid = random_grid(rng, rows, cols, (0.4, 0.7, 0.9)[case % 3])
        b = board(grid.tolist(), backend, border=bool(case % 2))
        kinds = grid.tolist()
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        want_moves = []
        for a in cells:
            for c in cells:
                want = ref_slide_link(kinds, a, c)
                got = b.path(a, c)
                got_link = (
                    None if got is None else ((got.turns, got.length, got.corners), got.pushed)
                )
                assert got_link == want, (grid.tolist(), a, c)
                if want is not None and a < c:
                    want_moves.append((a, c))
                    linked += 1
                    pushed += bool(want[1])
        assert b.moves() == want_moves and b.move_count() == len(want_moves)
        assert b.hint() == (tuple(want_moves[0]) if want_moves else None)
        assert b.is_deadlocked() == (not want_moves and b.remaining > 0)
    assert linked > 100 and pushed > 10, (linked, pushed)


def _clears(b: llk.Board) -> bool:
    """Exhaustive: some order of moves clears the board (no table, no cut)."""
    if b.remaining == 0:
        return True
    for a, c in b.moves():
        b.remove(a, c)
        done = _clears(b)
        b.undo()
        if done:
            return True
    return False


@pytest.mark.parametrize("gravity", MODES)
def test_solver_verdicts_match_an_exhaustive_search(backend: str, gravity: str) -> None:
    rng = np.random.default_rng(len(gravity))
    seen = set()
    for case in range(60):
        rows, cols = (int(x) for x in rng.integers(2, 5, size=2))
        pairs = min(rows * cols // 2 - case % 3, 6)
        kinds = rng.permutation(np.repeat(np.arange(1, pairs + 1) % 4 + 1, 2))
        grid = np.zeros(rows * cols, dtype=np.uint16)
        grid[: kinds.size] = kinds
        grid = rng.permutation(grid).reshape(rows, cols)
        b = board(grid.tolist(), backend, gravity=gravity, border=False)
        want = _clears(b)
        got = b.solve(budget=1_000_000)
        assert got.status == ("solved" if want else "unsolvable"), grid.tolist()
        seen.add(want)
        if want:
            # The certificate replays.
            replay = board(grid.tolist(), backend, gravity=gravity, border=False)
            for a, c in got.moves:
                replay.remove(a, c)
            assert replay.is_cleared()
    assert seen == {True, False}


def test_shuffle_leaves_a_move_under_the_variant(backend: str) -> None:
    # In one row with the ring every pair links classically; under the variant only
    # neighbours do, so the shuffle must look for an arrangement with two equal neighbours.
    for seed in range(20):
        b = board([[1, 2, 1, 2, 3, 3]], backend)
        b.shuffle(seed)
        assert b.moves(), seed


@pytest.mark.parametrize("gravity", ["none", "down", "split-h"])
def test_solvable_deals_come_with_a_certificate_that_replays(backend: str, gravity: str) -> None:
    for seed in range(4):
        b = llk.deal(6, 6, kinds=6, seed=seed, gravity=gravity, solvable=True, slide=True,
                     backend=backend)  # type: ignore[arg-type]  # fmt: skip
        assert b.slide and b.solution
        replay = llk.Board(b.grid, gravity=gravity, slide=True, backend=backend)
        for a, c in b.solution:
            replay.remove(a, c)
        assert replay.is_cleared()
        shuffled = llk.Board(b.grid, gravity=gravity, slide=True, backend=backend)
        shuffled.shuffle(seed, solvable=True)
        for a, c in shuffled.solution:
            shuffled.remove(a, c)
        assert shuffled.is_cleared()


# Boards the game's menu offers under the slide rules (llk/game/model/config.py's presets up to
# llk.MAX_SLIDE_CELLS and a built-in shape), with its kinds: KShisen's 14x6 and 30x16, the
# 10x10 shape, and 50x50 with 48 kinds.
SLIDE_BOARDS = [(6, 14, 42, None), (16, 30, 48, None), (10, 10, 25, "10x10"), (50, 50, 48, None)]


@pytest.mark.parametrize("chinese", [False, True])
@pytest.mark.parametrize("gravity", MODES)
def test_slide_deals_are_built_and_their_certificate_replays_by_plain_links(
    backend: str, gravity: str, chinese: bool
) -> None:
    # Version 3 (docs/engine.md, "Tiles that slide"): the classic deal's positional game, no
    # solver; the same board as the classic deal of the same arguments, and each move of its
    # solution a plain link of at most one turn under the slide rules, no push.
    for rows, cols, kinds, layout in SLIDE_BOARDS:
        if backend == "python" and rows * cols > 500 and (gravity, chinese) != ("down", True):
            continue  # the pure core's replay of 1,250 moves: once is enough
        args = dict(kinds=kinds, seed=rows + kinds, layout=layout, gravity=gravity,
                    chinese=chinese, backend=backend)  # fmt: skip
        b = llk.deal(rows, cols, slide=True, **args)  # type: ignore[arg-type]
        assert b.code is not None and b.code.startswith("llk3.") and b.solution is not None
        classic = llk.deal(rows, cols, **args)  # type: ignore[arg-type]
        assert np.array_equal(b.grid, classic.grid) and b.solution == classic.solution
        replay = llk.Board(b.grid, gravity=gravity, chinese=chinese, slide=True, backend=backend)  # type: ignore[arg-type]
        for a, c in b.solution:
            path = replay.remove(a, c)
            assert path.turns <= 1 and not path.pushed, (rows, cols, a, c)
        assert replay.is_cleared()


def test_a_solvable_shuffle_under_the_slide_rules_is_built_and_replays(backend: str) -> None:
    # KShisen's set-up, 20 moves in: 16 random shuffles the solver checked found none (14 s on
    # the Rust core); the positional game's shuffle is at once, its solution plain links.
    b = llk.deal(16, 30, kinds=48, seed=3, gravity="down", slide=True, backend=backend)
    assert b.solution is not None
    for a, c in b.solution[:20]:
        b.remove(a, c)
    b.shuffle(5, solvable=True)
    assert b.solution is not None and len(b.solution) == b.remaining // 2
    replay = llk.Board(b.grid, gravity="down", slide=True, backend=backend)
    for a, c in b.solution:
        path = replay.remove(a, c)
        assert path.turns <= 1 and not path.pushed
    assert replay.is_cleared()


def test_slide_codes_of_version_2_still_deal_by_random_draws_the_solver_checked(
    backend: str,
) -> None:
    # An "llk2...l" code deals the board it always dealt: not the positional game's.
    old = llk.deal(6, 6, kinds=6, seed=1, gravity="down", slide=True, version=2, backend=backend)  # type: ignore[arg-type]
    new = llk.deal(6, 6, kinds=6, seed=1, gravity="down", slide=True, backend=backend)  # type: ignore[arg-type]
    classic = llk.deal(6, 6, kinds=6, seed=1, gravity="down", version=2, backend=backend)  # type: ignore[arg-type]
    assert old.code == "llk2.6x6.6.1.down.-.sbl" and new.code == "llk3.6x6.6.1.down.-.sbl"
    assert not np.array_equal(old.grid, classic.grid) and np.array_equal(new.grid, classic.grid)
    assert llk.Board.from_code(old.code, backend=backend) == old  # type: ignore[arg-type]


def test_a_deal_no_attempt_solves_is_refused_with_the_grid_kept(backend: str) -> None:
    with pytest.raises(llk.IllegalMove, match="odd number"):
        board([[1, 2, 2]], backend).shuffle(0, solvable=True)


def test_the_pure_python_deal_loop_refuses_when_no_attempt_solves() -> None:
    # The Rust twin's unit test (slide_solve.rs) does the same: diagonal pairs with no empty
    # cell, which nothing clears, swapped by each redeal; the board must come back.
    from llk._pycore.grid import Grid
    from llk._pycore.slide_solve import deal_solvable

    grid = Grid(np.array([[1, 2], [2, 1]], dtype=np.uint16), False)
    calls = []

    def redeal(seed: int) -> None:
        calls.append(seed)
        grid.put(slice(None), [2, 1, 1, 2])
        grid.reload()

    with pytest.raises(llk.IllegalMove) as error:
        deal_solvable(grid, "none", redeal, 7)
    assert str(error.value) == (
        "no solvable board found under the slide rules: 16 random deals, none cleared by the "
        "solver within 50000 states each (try another seed, a smaller board or fewer tiles)"
    )
    assert calls == list(range(7, 23)) and grid.kinds.tolist() == [[1, 2], [2, 1]]


def test_a_plain_link_is_taken_where_kshisen_would_let_the_player_push(backend: str) -> None:
    # docs/rules.md, "Differences from KShisen": KShisen clears this board by linking the two
    # 3s with a push (the 3 at (2, 0) pushes the 2 beside it one cell right), where llk takes
    # the plain link; then the 1s link by pushing that 2 two cells left, and the 2s plainly.
    b = board([[0, 1, 0, 2], [0, 0, 3, 4], [3, 2, 4, 1]], backend)
    assert llk.solve(b).status == "unsolvable"
    assert b.remove((1, 3), (2, 2)).pushed == (((1, 2), (1, 1)),)  # the 4s, as KShisen too
    assert b.remove((1, 1), (2, 0)).pushed == ()  # a plain link: the 2 stays
    assert b.grid.tolist() == [[0, 1, 0, 2], [0, 0, 0, 0], [0, 2, 0, 1]]
    assert b.is_deadlocked()

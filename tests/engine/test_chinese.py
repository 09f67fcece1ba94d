"""Chinese style (docs/engine.md, "Rule variants"): the flowers 35..38 match one another, and so
do the seasons 39..42. A Chinese-style board plays exactly as the classic board of its match
keys (each tile's group's first kind) while it shows, moves and records the faces; its solver
verdicts agree with an exhaustive search written here from the rule itself; its deals are made
on the groups, the faces dealt in turn, and come with a solution that clears them."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest

import llk
from tests.engine.reference import ref_best_path, ref_settle

MODES = llk.GRAVITY_MODES


def matches(x: int, y: int) -> bool:
    """The rule, as the variant states it: equal kinds, or two flowers, or two seasons."""
    return x == y or (35 <= x <= 38 and 35 <= y <= 38) or (39 <= x <= 42 and 39 <= y <= 42)


def keys(grid: np.ndarray) -> np.ndarray:
    """Each tile's match key: its group's first kind (35 or 39), else its kind."""
    out = grid.copy()
    out[(grid >= 35) & (grid <= 38)] = 35
    out[(grid >= 39) & (grid <= 42)] = 39
    return out


def random_faces(rng: np.random.Generator, rows: int, cols: int, density: float) -> np.ndarray:
    """Tiles mostly flowers and seasons, a few other kinds (34, 43, 44) beside them."""
    tiles = rng.integers(33, 45, size=(rows, cols))
    return np.where(rng.random((rows, cols)) < density, tiles, 0).astype(np.uint16)


def cases(seed: int, count: int, max_side: int) -> list[tuple[np.ndarray, bool, str]]:
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        rows, cols = (int(x) for x in rng.integers(1, max_side + 1, size=2))
        density = (0.3, 0.6, 0.85, 1.0)[i % 4]
        out.append((random_faces(rng, rows, cols, density), i % 3 != 0, MODES[i % len(MODES)]))
    return out


def test_flowers_and_seasons_match_within_their_group(backend: str) -> None:
    grid = [[35, 38, 39], [1, 1, 42], [36, 40, 0]]
    board = llk.Board(grid, chinese=True, backend=backend)
    assert board.can_link((0, 0), (0, 1)) and board.can_link((0, 2), (1, 2))
    assert not board.can_link((0, 1), (0, 2))  # a flower and a season
    assert board.grid.tolist() == grid and board[0, 1] == 38
    with pytest.raises(llk.IllegalMove, match=r"different kinds \(38 and 39\)"):
        board.remove((0, 1), (0, 2))
    # Two flowers that match but do not link: refused for the path, not for their kinds.
    closed = llk.Board([[35, 1, 36], [1, 2, 2]], border=False, chinese=True, backend=backend)
    with pytest.raises(llk.IllegalMove, match="no path"):
        closed.remove((0, 0), (0, 2))
    path = board.remove((0, 0), (0, 1))
    assert path.corners == ((0, 0), (0, 1))
    assert board.undo().changes.tolist() == [[0, 0, 35, 0], [0, 1, 38, 0]]
    classic = llk.Board(grid, backend=backend)
    assert not classic.can_link((0, 0), (0, 1))
    assert set(classic.moves()) < set(board.moves())


@pytest.mark.parametrize(("grid", "border", "gravity"), cases(7, 42, 6))
def test_a_chinese_board_plays_as_the_classic_board_of_its_keys(
    backend: str, grid: np.ndarray, border: bool, gravity: str
) -> None:
    board = llk.Board(grid, border=border, gravity=gravity, chinese=True, backend=backend)
    twin = llk.Board(keys(grid), border=border, gravity=gravity, backend=backend)
    cells = [(r, c) for r in range(grid.shape[0]) for c in range(grid.shape[1])]
    for a in cells:
        for c in cells:
            assert board.path(a, c) == twin.path(a, c), (a, c)
            assert board.near_miss(a, c) == twin.near_miss(a, c), (a, c)
    faces = Counter(grid[grid > 0].tolist())
    for step in range(grid.size):
        assert board.moves() == twin.moves() and board.move_count() == twin.move_count()
        assert board.hints_near((0, 0), 5) == twin.hints_near((0, 0), 5)
        assert np.array_equal(board.move_density(2), twin.move_density(2))
        assert board.is_deadlocked() == twin.is_deadlocked()
        if step % 4 == 0:
            assert board.solve(budget=2_000) == twin.solve(budget=2_000)
        hint = board.hint()
        assert hint == twin.hint()
        if hint is None:
            if not board.is_deadlocked():
                break
            # The faces move as the twin's kinds do: the same seed, the same keys.
            refused = [made(lambda b=b, s=step: b.shuffle(s)) for b in (board, twin)]
            assert refused[0] == refused[1] and np.array_equal(keys(board.grid), twin.grid)
            assert Counter(board.grid[board.grid > 0].tolist()) == faces
            if not refused[0]:
                break
            continue
        a, c = hint
        assert matches(board[a], board[c])
        faces -= Counter([board[a], board[c]])
        assert board.remove(a, c) == twin.remove(a, c)
        # The faces moved with their tiles: the keys are the twin's, the faces are kept.
        assert np.array_equal(keys(board.grid), twin.grid)
        assert Counter(board.grid[board.grid > 0].tolist()) == faces
    # Undo puts every face back where it was.
    while board.can_undo:
        board.undo()
    assert board.grid.tolist() == grid.tolist()


def made(change: object) -> bool:
    """Whether a change went through (IllegalMove: refused, the board unchanged)."""
    try:
        change()  # type: ignore[operator]
    except llk.IllegalMove:
        return False
    return True


def clearable(grid: np.ndarray, border: bool, gravity: str, seen: set[bytes]) -> bool:
    """Exhaustive, from the rule: can some order of removals of matching linked pairs clear
    the board? Paths by tests/engine/reference.py's brute force (on the keys, where a matching pair
    is one kind), gravity by its cell-by-cell settle (ref_settle)."""
    if not grid.any():
        return True
    if grid.tobytes() in seen:
        return False
    seen.add(grid.tobytes())
    key_rows = keys(grid).tolist()
    tiles = [(int(r), int(c)) for r, c in zip(*np.nonzero(grid), strict=True)]
    for a, c in combinations(tiles, 2):
        if matches(int(grid[a]), int(grid[c])) and ref_best_path(key_rows, border, a, c):
            rows = grid.tolist()
            rows[a[0]][a[1]] = rows[c[0]][c[1]] = 0
            ref_settle(rows, gravity, [a, c])
            if clearable(np.array(rows, dtype=grid.dtype), border, gravity, seen):
                return True
    return False


def solver_cases(seed: int, count: int) -> list[tuple[np.ndarray, bool, str]]:
    """Small full-ish boards of pairs of flowers, seasons and six other kinds (at most 12
    tiles), so that both verdicts come up; every other one under gravity."""
    rng = np.random.default_rng(seed)
    out = []
    for case in range(count):
        rows, cols = (int(x) for x in rng.integers(3, 5, size=2))
        tiles = min(rows * cols - int(rng.integers(0, 2)), 12) // 2 * 2
        flat = np.zeros(rows * cols, dtype=np.uint16)
        cells = rng.choice(rows * cols, tiles, replace=False)
        # Pairs of a group (either face of it) or of kind 7: odd face counts, even groups.
        groups = rng.choice([35, 39, 1, 2, 3, 4, 5, 6], tiles // 2)
        faces = [int(g) if g < 35 else int(g) + int(rng.integers(0, 4)) for g in groups.repeat(2)]
        flat[cells] = rng.permutation(faces)
        gravity = MODES[case // 2 % len(MODES)] if case % 2 else "none"
        out.append((flat.reshape(rows, cols), bool(rng.random() < 0.15), gravity))
    return out


def test_solver_verdicts_match_exhaustive_search(backend: str) -> None:
    verdicts: Counter[str] = Counter()
    for case, (grid, border, gravity) in enumerate(solver_cases(5, 900)):
        board = llk.Board(grid, border=border, gravity=gravity, chinese=True, backend=backend)
        solution = board.solve(budget=10**7)
        want = clearable(grid, border, gravity, set())
        assert solution.status == ("solved" if want else "unsolvable"), (case, gravity, grid)
        if want:
            for a, c in solution.moves:
                board.remove(a, c)
            assert board.is_cleared()
        verdicts[solution.status] += 1
    assert verdicts["solved"] > 300 and verdicts["unsolvable"] > 60, verdicts


@pytest.mark.parametrize("gravity", ["none", "down", "split-h"])
@pytest.mark.parametrize("tiles", ["even", "kshisen"])
def test_a_chinese_deal_is_made_on_the_groups_and_its_solution_clears_it(
    backend: str, gravity: str, tiles: str
) -> None:
    board = llk.deal(
        16, 30, kinds=42, seed=9, gravity=gravity, chinese=True, tiles=tiles, backend=backend
    )  # type: ignore[arg-type]
    grid = board.grid
    counts = Counter(grid[grid > 0].tolist())
    # Each group stands in for one kind of the mix, its faces dealt in turn: as KShisen deals,
    # each flower and each season a quarter of one kind's tiles.
    classic = llk.deal(16, 30, kinds=36, seed=9, gravity=gravity, tiles=tiles, backend=backend)  # type: ignore[arg-type]
    one_kind = Counter(classic.grid[classic.grid > 0].tolist())
    assert sum(counts[f] for f in range(35, 39)) == one_kind[35]
    assert sum(counts[f] for f in range(39, 43)) == one_kind[36]
    for group in (35, 39):
        in_turn = [int(k) for k in grid.ravel() if group <= k < group + 4]
        assert in_turn == [group + i % 4 for i in range(len(in_turn))]
    assert board.code == f"llk2.16x30.42.9.{gravity}.-.sb{'k' * (tiles == 'kshisen')}c"
    for a, c in board.solution:
        assert matches(board[a], board[c])
        board.remove(a, c)
    assert board.is_cleared()


def test_kinds_past_the_groups_move_up_past_their_faces(backend: str) -> None:
    # 44 kinds: 38 kinds of the mix, the two groups among them, then kinds 43 and 44.
    board = llk.deal(12, 14, kinds=44, seed=4, chinese=True, solvable=False, backend=backend)
    grid = board.grid
    assert set(grid[grid > 0].tolist()) == set(range(1, 45))


def test_with_fewer_kinds_a_chinese_deal_is_the_classic_one(backend: str) -> None:
    for kinds in (20, 34):
        chinese = llk.deal(12, 14, kinds=kinds, seed=3, chinese=True, backend=backend)
        classic = llk.deal(12, 14, kinds=kinds, seed=3, backend=backend)
        assert np.array_equal(chinese.grid, classic.grid)
        assert chinese.solution == classic.solution and chinese != classic


def test_a_solvable_shuffle_keeps_the_faces_and_its_solution_clears(backend: str) -> None:
    board = llk.deal(12, 14, kinds=42, seed=5, chinese=True, gravity="up", backend=backend)
    for a, c in board.solution[:20]:
        board.remove(a, c)
    faces = Counter(board.grid[board.grid > 0].tolist())
    board.shuffle(77, solvable=True)
    assert Counter(board.grid[board.grid > 0].tolist()) == faces
    for a, c in board.solution:
        board.remove(a, c)
    assert board.is_cleared()


def test_a_group_of_an_odd_count_cannot_be_re_dealt_solvable(backend: str) -> None:
    board = llk.Board([[35, 36, 37], [1, 1, 0]], chinese=True, backend=backend)
    with pytest.raises(llk.IllegalMove, match="35"):
        board.shuffle(1, solvable=True)
    # Two faces of one group are a pair: the re-deal keeps them.
    board = llk.Board([[35, 36, 0], [1, 1, 0]], chinese=True, backend=backend)
    board.shuffle(1, solvable=True)
    assert sorted(board.grid.ravel().tolist()) == [0, 0, 1, 1, 35, 36]


def kshisen_chinese_deal(tiles: int) -> list[int]:
    """KShisen's `Board::newGame` in Chinese style (src/board.cpp, its 42 kinds): four tiles a
    kind in turn, but the seasons 28..31 and the flowers 39..42 (its numbers) one tile each."""
    dealt, kind, count = [], 1, 0
    for _ in range(tiles):
        dealt.append(kind)
        if 28 <= kind <= 31 or 39 <= kind <= 42:
            kind, count = kind + 1, 0
        else:
            count += 1
            if count == 4:
                kind, count = kind + 1, 0
        kind = 1 if kind > 42 else kind
    return dealt


def groups(dealt: list[int], flowers: range, seasons: range) -> Counter[object]:
    """How many tiles each kind has, a flower or a season counted as its group."""
    return Counter("F" if k in flowers else "S" if k in seasons else k for k in dealt)


def test_a_chinese_deal_holds_kshisens_tiles_on_its_sizes_only(backend: str) -> None:
    # docs/rules.md, "Differences from KShisen": its numbers are not llk's (seasons 28..31,
    # flowers 39..42 against flowers 35..38, seasons 39..42), and the groups stand at other
    # places in its cycle of kinds, which its six sizes never reach a difference at.
    def same(rows: int, cols: int) -> bool:
        b = llk.deal(rows, cols, kinds=42, seed=1, chinese=True, tiles="kshisen", backend=backend)
        grid = b.grid
        ours = groups(grid[grid > 0].tolist(), range(35, 39), range(39, 43))
        theirs = groups(kshisen_chinese_deal(rows * cols), range(39, 43), range(28, 32))
        # The other kinds are numbered differently too (KShisen's 32..38 are llk's 28..34):
        # how many kinds have how many tiles, and the two groups' counts.
        return (sorted(ours.values()), ours["F"], ours["S"]) == (
            sorted(theirs.values()),
            theirs["F"],
            theirs["S"],
        )

    for rows, cols in [(6, 14), (9, 16), (8, 18), (12, 24), (14, 26), (16, 30)]:
        assert same(rows, cols), f"{cols}x{rows}"
    # 112 tiles end the cycle at its 28th kind: KShisen's seasons, llk's kind 28.
    assert not same(8, 14)

"""Deals, share codes, gravity, history, props, solver and rating, through the public API, on
each backend."""

from __future__ import annotations

import numpy as np
import pytest

import llk


def replay_clears(board: llk.Board, moves) -> bool:
    """Plays `moves` on a copy; True when each links and the board ends empty."""
    b = board.copy()
    for a, c in moves:
        if b[a] != b[c]:
            return False
        b.remove(a, c)
    return b.is_cleared()


# Deals.


def test_kshisen_14x6_with_21_kinds_gives_4_of_each(backend: str) -> None:
    b = llk.deal(6, 14, kinds=21, seed=5, backend=backend)
    kinds, counts = np.unique(b.grid, return_counts=True)
    assert kinds.tolist() == list(range(1, 22)) and set(counts.tolist()) == {4}


@pytest.mark.parametrize("tiles,kinds", [(84, 21), (100, 7), (144, 36), (12, 5), (2, 1)])
def test_counts_are_even_and_differ_by_at_most_two(backend: str, tiles: int, kinds: int) -> None:
    b = llk.deal(2, tiles // 2, kinds=kinds, seed=1, backend=backend)
    counts = np.unique(b.grid, return_counts=True)[1]
    assert len(counts) == kinds and all(n % 2 == 0 for n in counts)
    assert counts.max() - counts.min() <= 2


@pytest.mark.parametrize("gravity", llk.GRAVITY_MODES)
def test_solvable_deals_carry_a_solution_that_clears_them(backend: str, gravity: str) -> None:
    for seed in range(4):
        b = llk.deal(8, 10, kinds=10, seed=seed, gravity=gravity, backend=backend)
        assert b.gravity == gravity and len(b.solution) == 40
        assert replay_clears(b, b.solution)


def test_random_deals_have_no_solution_and_differ_by_seed(backend: str) -> None:
    a = llk.deal(6, 14, kinds=21, seed=1, solvable=False, backend=backend)
    b = llk.deal(6, 14, kinds=21, seed=2, solvable=False, backend=backend)
    assert a.solution is None and a != b
    assert a == llk.deal(6, 14, kinds=21, seed=1, solvable=False, backend=backend)


@pytest.mark.parametrize(
    "name", ["pyramid", "heart", "cross", "ring", "two-islands", "margin-14x14"]
)
def test_layouts_put_tiles_exactly_on_their_cells(backend: str, name: str) -> None:
    layout = llk.Layout.named(name)
    b = llk.deal(layout.rows, layout.cols, kinds=12, seed=3, layout=name, backend=backend)
    assert ((b.grid > 0) == layout.mask).all()
    assert replay_clears(b, b.solution)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(rows=3, cols=3, kinds=2), "odd number|tiles come in pairs|even"),
        (dict(rows=2, cols=2, kinds=0), "kinds must be an int >= 1"),
        (dict(rows=2, cols=2, kinds=3), "3 kinds need at least 6 tile cells"),
        (dict(rows=0, cols=2, kinds=1), "rows must be an int >= 1"),
        (dict(rows=2**20, cols=2**20, kinds=1), "too large"),
        (dict(rows=6, cols=14, kinds=21, layout="heart"), "is 13x18, not the 6x14"),
        (dict(rows=6, cols=14, kinds=21, layout="nope"), "nope"),
        (dict(rows=6, cols=14, kinds=21, gravity="sideways"), "gravity must be one of"),
        (dict(rows=6, cols=14, kinds=21, seed=-1), "seed must be"),
    ],
)
def test_bad_deals_are_board_errors(backend: str, kwargs: dict, message: str) -> None:
    kwargs = {"seed": 1, **kwargs}
    with pytest.raises(llk.BoardError, match=message):
        llk.deal(kwargs.pop("rows"), kwargs.pop("cols"), backend=backend, **kwargs)


def test_share_codes_deal_the_same_board_again(backend: str) -> None:
    for kwargs in [
        dict(rows=6, cols=14, kinds=21, seed=99),
        dict(rows=13, cols=18, kinds=20, seed=3, layout="heart", gravity="split-h", border=False),
        dict(rows=4, cols=4, kinds=3, seed=2**64 - 1, solvable=False, gravity="down"),
        dict(
            rows=3,
            cols=4,
            kinds=2,
            seed=7,
            layout=llk.Layout(np.array([[1, 1, 0, 0], [1, 1, 1, 1], [0, 0, 1, 1]], dtype=bool)),
        ),
    ]:
        rows, cols = kwargs.pop("rows"), kwargs.pop("cols")
        b = llk.deal(rows, cols, backend=backend, **kwargs)
        again = llk.Board.from_code(b.code, backend=backend)
        assert again == b and again.code == b.code and again.solution == b.solution
        # As pasted from a chat or a file: the spaces and the line's end around it are no part.
        assert llk.Board.from_code(f"  {b.code}\n", backend=backend) == b
    assert llk.Board([[1, 1]], backend=backend).code is None


def test_a_version_1_code_deals_the_board_it_always_dealt(backend: str) -> None:
    # As llk dealt it before deal version 2 (the board and first moves copied from then).
    old = llk.Board.from_code("llk1.4x6.5.42.down.-.sb", backend=backend)
    assert old.grid.tolist() == [
        [3, 5, 2, 5, 5, 1],
        [2, 3, 2, 1, 4, 4],
        [1, 4, 5, 1, 2, 1],
        [1, 2, 4, 2, 3, 3],
    ]
    assert list(old.solution)[:3] == [((1, 4), (1, 5)), ((3, 4), (3, 5)), ((0, 3), (2, 4))]
    assert old.code == "llk1.4x6.5.42.down.-.sb"
    assert old == llk.deal(4, 6, kinds=5, seed=42, gravity="down", version=1, backend=backend)
    new = llk.deal(4, 6, kinds=5, seed=42, gravity="down", backend=backend)
    assert new.code == "llk2.4x6.5.42.down.-.sb" and new.grid.tolist() != old.grid.tolist()
    assert llk.Board.from_code(new.code, backend=backend) == new
    # Random deals never changed: both versions deal the same board.
    random = [
        llk.deal(4, 6, kinds=5, seed=42, solvable=False, version=v, backend=backend).grid
        for v in (1, 2)
    ]
    assert random[0].tolist() == random[1].tolist()


@pytest.mark.parametrize(
    "code",
    [
        "",
        "llk4.6x14.21.1.none.-.sb",
        "llk0.6x14.21.1.none.-.sb",
        "llk1.6x14.21.1.none.-.xb",
        "llk1.6x14.21.1.sideways.-.sb",
        "llk1.6x14.21.1.none.~!!.sb",
        "llk1.2x2.1.1.none.~AAAAAAAA.sb",
        # The 3x4 mask of the test above is "~zzA": its last four bits are spare and zero.
        "llk2.3x4.2.7.none.~zzE.sb",
        "llk1.6x14.21.1.none.nope.sb",
        42,
    ],
)
def test_bad_share_codes_are_board_errors(backend: str, code) -> None:
    with pytest.raises(llk.BoardError):
        llk.Board.from_code(code, backend=backend)


# Gravity.


def test_remove_reports_the_slides_of_its_gravity(backend: str) -> None:
    grid = [[1, 2], [3, 4], [1, 5]]
    b = llk.Board(grid, gravity="down", backend=backend)
    p = b.remove((0, 0), (2, 0))
    assert p.slides == (((1, 0), (2, 0)),)
    assert b.grid.tolist() == [[0, 2], [0, 4], [3, 5]]
    b = llk.Board([[1, 0, 2, 1, 3]], gravity="left", backend=backend)
    assert b.remove((0, 0), (0, 3)).slides == (((0, 2), (0, 0)), ((0, 4), (0, 1)))
    assert llk.Board([[1, 1]], backend=backend).remove((0, 0), (0, 1)).slides == ()


# History and props.


def test_undo_and_redo_restore_every_kind_of_change(backend: str) -> None:
    b = llk.deal(6, 8, kinds=6, seed=4, gravity="up", backend=backend)
    snapshots = [b.grid]
    a, c = b.solution[0]
    b.remove(a, c)
    snapshots.append(b.grid)
    b.shuffle(3)
    snapshots.append(b.grid)
    b.mirror("v")
    snapshots.append(b.grid)
    b.add_obstacles(1, 9)
    snapshots.append(b.grid)
    b.shuffle(5, solvable=True)
    snapshots.append(b.grid)
    assert [x.name for x in b.history] == ["remove", "shuffle", "mirror", "obstacles", "shuffle"]
    for want in reversed(snapshots[:-1]):
        b.undo()
        assert (b.grid == want).all()
    assert not b.can_undo and b.can_redo
    with pytest.raises(llk.IllegalMove, match="nothing to undo"):
        b.undo()
    while b.can_redo:
        b.redo()
    assert (b.grid == snapshots[-1]).all()
    with pytest.raises(llk.IllegalMove, match="nothing to redo"):
        b.redo()


def test_the_history_says_what_each_change_was_and_which_cells_it_rewrote(backend: str) -> None:
    b = llk.deal(6, 8, kinds=6, seed=4, gravity="down", backend=backend)
    start = b.grid
    a, c = b.solution[0]
    path = b.remove(a, c)
    shuffled = b.shuffle(3)
    assert shuffled == ("shuffle", (3, False)) and shuffled.path is None
    assert b.mirror("v") == ("mirror", ("v",))
    assert b.add_obstacles(1, 9) == ("obstacles", (1, 9))
    history = b.history
    assert history[0] == ("remove", (a, c)) and history[0].path == path
    # Each entry's changes, applied in order, take the board from where it was to where it is.
    grid = start.copy()
    for action in history:
        for r, col, old, new in action.changes.tolist():
            assert grid[r, col] == old
            grid[r, col] = new
    assert (grid == b.grid).all()
    assert not history[0].changes.flags.writeable
    # Undo hands back the entry, so a view can redraw just its cells.
    undone = b.undo()
    assert undone == history[-1] and (undone.changes == history[-1].changes).all()
    for r, col, old, _ in undone.changes.tolist():
        assert b[r, col] == old


def test_apply_does_a_recorded_history_again(backend: str) -> None:
    b = llk.deal(6, 8, kinds=6, seed=4, gravity="left", backend=backend)
    replayed = llk.Board.from_code(b.code, backend=backend)
    for a, c in b.solution[:3]:
        b.remove(a, c)
    b.shuffle(7)
    b.mirror("h")
    b.add_obstacles(2, 1)
    b.shuffle(8, solvable=True)
    for action in b.history:
        # As a save keeps them: lists, not tuples.
        done = replayed.apply(
            [action.name, [list(x) if isinstance(x, tuple) else x for x in action.args]]
        )
        assert done == action
    assert replayed == b and replayed.history == b.history
    for bad in [("jump", ()), ("remove", ((0, 0),)), "remove", ("mirror", "h")]:
        with pytest.raises(llk.BoardError):
            replayed.apply(bad)
    with pytest.raises(llk.IllegalMove, match="cannot remove"):
        replayed.apply(("remove", ((0, 0), (0, 0))))


def test_a_new_change_forgets_what_could_be_redone(backend: str) -> None:
    b = llk.Board([[1, 1, 2, 2]], backend=backend)
    b.remove((0, 0), (0, 1))
    assert b.undo() == llk.Action("remove", ((0, 0), (0, 1)))
    b.mirror("h")
    assert not b.can_redo and b.history == [llk.Action("mirror", ("h",))]
    assert b.grid.tolist() == [[2, 2, 1, 1]]


def test_mirror_flips_across_the_middle(backend: str) -> None:
    b = llk.Board([[1, 2, 0], [3, 0, 4]], backend=backend)
    b.mirror("h")
    assert b.grid.tolist() == [[0, 2, 1], [4, 0, 3]]
    b.mirror("v")
    assert b.grid.tolist() == [[4, 0, 3], [0, 2, 1]]
    with pytest.raises(llk.BoardError, match="mirror axis"):
        b.mirror("x")


def test_obstacles_add_pairs_of_existing_kinds(backend: str) -> None:
    b = llk.Board([[5, 0, 0, 0], [0, 0, 0, 5]], backend=backend)
    b.add_obstacles(3, seed=1)
    assert b.remaining == 8 and set(np.unique(b.grid).tolist()) == {5}
    with pytest.raises(llk.IllegalMove, match="2 cells needed, 0 empty"):
        b.add_obstacles(1, seed=1)
    with pytest.raises(llk.IllegalMove, match="no tiles"):
        llk.Board([[0, 0]], backend=backend).add_obstacles(1, seed=1)
    with pytest.raises(llk.BoardError, match="pairs must be an int >= 1"):
        b.add_obstacles(0, seed=1)


def test_solvable_shuffle_keeps_positions_and_comes_with_a_solution(backend: str) -> None:
    b = llk.deal(8, 8, kinds=8, seed=2, solvable=False, gravity="down", backend=backend)
    before = b.grid
    b.shuffle(11, solvable=True)
    assert ((b.grid > 0) == (before > 0)).all()
    assert sorted(b.grid.ravel().tolist()) == sorted(before.ravel().tolist())
    assert replay_clears(b, b.solution)
    odd = llk.Board([[1, 1, 1, 2]], backend=backend)
    with pytest.raises(llk.IllegalMove, match="kind 1 has an odd number of tiles \\(3\\)"):
        odd.shuffle(1, solvable=True)


# Solver, safe hints, rating.


def test_solver_solves_proves_and_runs_out(backend: str) -> None:
    b = llk.deal(6, 14, kinds=21, seed=8, backend=backend)
    found = llk.solve(b)
    assert found.status == "solved" and replay_clears(b, found.moves) and found.states > 0
    stuck = llk.Board([[1, 2], [2, 1]], backend=backend)
    assert llk.solve(stuck).status == "unsolvable"
    assert llk.solve(b, budget=0) == llk.Solution("unknown", (), 0, "budget")
    assert llk.solve(llk.Board([[0]], backend=backend), budget=0).status == "solved"
    with pytest.raises(TypeError):
        llk.solve([[1, 1]])
    with pytest.raises(llk.BoardError, match="budget"):
        llk.solve(b, budget=-1)


def test_relaxed_play_runs_only_on_a_budget_of_a_state_per_tile(backend: str) -> None:
    """Relaxed play proves this 16x30 board hopeless at the root (one state); it costs up to a
    scan per tile, so a budget smaller than the tiles skips it and answers "unknown" within the
    budget (docs/engine.md)."""
    hopeless = llk.deal(16, 30, kinds=120, seed=56, solvable=False, backend=backend)
    tiles = hopeless.remaining
    assert llk.solve(hopeless, budget=tiles) == llk.Solution("unsolvable", (), 1)
    short = llk.solve(hopeless, budget=tiles - 1)
    assert short.status == "unknown" and short.states == tiles - 1


def test_safe_hints_keep_the_board_solvable(backend: str) -> None:
    # (0,0)-(0,1) links, but taking it strands the 2s behind the 1s below; the safe hint differs.
    b = llk.Board([[1, 1, 3], [2, 1, 3], [1, 2, 4], [4, 5, 5]], border=False, backend=backend)
    plain, safe = b.hint(), b.hint(safe=True)
    assert not plain.safe and safe.safe
    after = b.copy()
    after.remove(*safe)
    assert llk.solve(after).status == "solved"
    assert b.hint(safe=True, budget=0).safe is False


def test_rate_reports_a_documented_difficulty(backend: str) -> None:
    d = llk.rate(llk.deal(6, 8, kinds=6, seed=1, backend=backend), probe_budget=500)
    assert d.status == "solved" and d.moves == 24 and d.mean_choices >= 1
    assert 0 <= d.dead_end_share <= 1 and d.score == round(100 * d.dead_end_share)
    assert d.label in ("easy", "normal", "hard", "expert")
    assert llk.rate(llk.Board([[1, 2], [2, 1]], backend=backend)).label == "unsolvable"


def test_the_labels_are_the_games_difficulties_by_its_thresholds() -> None:
    """Issue 25, item 7: one scale. Dead ends from 8% are expert, from 2% hard; below that, 8
    tiles a kind or more is easy and fewer normal (the game deals easy with 8 a kind)."""
    from llk import RATING_BANDS as BANDS
    from llk import RATING_LEVELS as LEVELS
    from llk import in_rating_band as in_band
    from llk.solver import label_for

    assert LEVELS == ("easy", "normal", "hard", "expert") and list(BANDS) == list(LEVELS)
    assert [label_for(s, 4) for s in (0.0, 0.0199, 0.02, 0.0799, 0.08, 1.0)] == [
        "normal", "normal", "hard", "hard", "expert", "expert"
    ]  # fmt: skip
    assert [label_for(s, 8) for s in (0.0, 0.0199, 0.02)] == ["easy", "easy", "hard"]
    assert label_for(0.0, 7.9) == "normal"
    # A share is in the band of the label it gets, and in no other harder or easier one.
    for share in (0.0, 0.01, 0.02, 0.05, 0.08, 0.5, 1.0):
        label = label_for(share, 4)
        assert [lv for lv in ("normal", "hard", "expert") if in_band(share, lv)] == [label]


def test_rate_labels_by_tiles_a_kind_and_dead_ends(backend: str) -> None:
    # The game's hard and expert deals of KShisen's 14x6 (issue 25 found them "easy" and
    # "medium" to llk.rate), and an easy one: dealt solvable with 10 kinds, 8.4 tiles a kind.
    hard = llk.rate(llk.Board.from_code("llk2.6x14.21.1.none.-.rb", backend=backend))
    expert = llk.rate(llk.Board.from_code("llk2.6x14.21.56.none.-.rb", backend=backend))
    easy = llk.rate(llk.Board.from_code("llk2.6x14.10.1.none.-.sb", backend=backend))
    normal = llk.rate(llk.Board.from_code("llk2.6x14.21.1.none.-.sb", backend=backend))
    assert [hard.label, expert.label, easy.label, normal.label] == [
        "hard", "expert", "easy", "normal"
    ]  # fmt: skip


def test_the_history_in_bulk_is_the_history(backend: str) -> None:
    b = llk.deal(10, 12, kinds=8, seed=6, gravity="left", backend=backend)
    assert b.history_in_bulk()[0].shape == (0, 5) and b.history_in_bulk()[1] == []
    for a, c in b.solution[:10]:
        b.remove(a, c)
    b.shuffle(3)
    b.mirror("h")
    for a, c in b.moves()[:1]:
        b.remove(a, c)
    b.undo()
    b.undo()  # the mirror undone: left out
    removals, others = b.history_in_bulk()
    history = b.history
    assert removals.dtype == np.int64 and removals.shape == (10, 5)
    assert [(i, action) for i, action in enumerate(history) if action.name != "remove"] == others
    assert [
        (i, *action.args[0], *action.args[1])
        for i, action in enumerate(history)
        if action.name == "remove"
    ] == [tuple(row) for row in removals.tolist()]


def test_a_safe_hint_on_a_cleared_board_is_none(backend: str) -> None:
    b = llk.Board([[1, 1]], backend=backend)
    hint = b.hint(safe=True)
    assert hint is not None and tuple(hint) == ((0, 0), (0, 1)) and hint.safe
    b.remove((0, 0), (0, 1))
    assert b.hint(safe=True) is None and b.hint() is None

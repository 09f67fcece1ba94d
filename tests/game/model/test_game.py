"""The game model without a window: a click in, one outcome out, on each backend."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.model.outcomes import Cells, Deselected, Ignored, Linked, Moved, Refused, Selected


def game_on(backend: str, grid, gravity: str = "none") -> Game:
    board = llk.Board(grid, gravity=gravity, backend=backend)
    return Game(GameConfig(rows=board.rows, cols=board.cols), board)


def assert_shows_board(cells: Cells, before: np.ndarray, board: llk.Board) -> None:
    """`cells` turn `before` into the board's grid: every changed cell is named, each once,
    with its kind now."""
    rows, cols, kinds = cells
    assert len(set(zip(rows.tolist(), cols.tolist(), strict=True))) == len(rows) == len(kinds)
    shown = before.astype(np.int64)
    shown[rows, cols] = kinds
    assert np.array_equal(shown, board.grid)


def test_clicks_select_move_refuse_and_deselect(backend):
    # Row 0: 1 2 1 with 2 between the ones; no ring, so the ones cannot link around it.
    board = llk.Board([[1, 2, 1], [0, 3, 3]], border=False, backend=backend)
    game = Game(GameConfig(rows=2, cols=3), board)
    assert game.click((1, 0)) == Ignored((1, 0)) and game.selected is None
    assert game.click(None) == Ignored(None)
    assert game.click((0, 0)) == Selected((0, 0)) and game.selected == (0, 0)
    assert game.click((0, 1)) == Moved((0, 1), (0, 0)) and game.selected == (0, 1)
    assert game.click((0, 0)) == Moved((0, 0), (0, 1))
    assert game.click((0, 2)) == Refused((0, 2), (0, 0)) and game.selected == (0, 2)
    assert board.remaining == 5 and not board.can_undo and game.score == 0
    assert game.click((0, 2)) == Deselected((0, 2)) and game.selected is None


def test_a_link_asks_the_engine_once(backend, monkeypatch):
    game = game_on(backend, [[1, 0, 1], [2, 2, 3]])
    removes = []
    remove_action = llk.Board.remove_action

    def counted(board, a, c):
        removes.append((a, c))
        return remove_action(board, a, c)

    def no_path(board, a, c):
        raise AssertionError("the click asked for the path before removing the pair")

    monkeypatch.setattr(llk.Board, "remove_action", counted)
    monkeypatch.setattr(llk.Board, "path", no_path)
    game.click((0, 0))
    outcome = game.click((0, 2))
    assert isinstance(outcome, Linked) and removes == [((0, 0), (0, 2))]
    assert (outcome.a, outcome.c, outcome.kind) == ((0, 0), (0, 2), 1)
    assert outcome.path.corners == ((0, 0), (0, 2)) and game.selected is None
    assert game.score > 0 and game.version == 1
    cells = zip(*(column.tolist() for column in outcome.cells), strict=True)
    assert sorted(cells) == [(0, 0, 0), (0, 2, 0)]


def test_a_link_reads_nothing_back_from_the_board(backend, monkeypatch):
    """The cells a removal changed come from the engine's Action (its changes): the click reads
    the two kinds before the removal and nothing after it, cell by cell or whole."""
    board = llk.deal(8, 10, kinds=10, seed=3, gravity="down", backend=backend)
    game = Game(GameConfig(rows=8, cols=10, gravity="down"), board)
    a, c = next((a, c) for a, c in board.moves() if a[0] > 0)  # tiles above it slide down
    game.click(a)
    reads: list = []
    getitem, grid = llk.Board.__getitem__, llk.Board.grid
    monkeypatch.setattr(
        llk.Board, "__getitem__", lambda b, cell: reads.append(cell) or getitem(b, cell)
    )
    monkeypatch.setattr(llk.Board, "grid", property(lambda b: reads.append("grid") or grid.fget(b)))
    outcome = game.click(c)
    assert isinstance(outcome, Linked) and outcome.path.slides
    assert reads == [c, a]


@pytest.mark.parametrize("gravity", ["down", "left", "split-h", "split-v"])
def test_a_link_names_every_cell_it_changed(backend, gravity):
    board = llk.deal(8, 10, kinds=10, seed=3, gravity=gravity, backend=backend)
    game = Game(GameConfig(rows=8, cols=10, gravity=gravity), board)
    slid = 0
    for a, c in board.solution[:15]:
        before = board.grid
        game.click(a)
        outcome = game.click(c)
        assert isinstance(outcome, Linked)
        slid += len(outcome.path.slides)
        assert_shows_board(outcome.cells, before, board)
    assert slid > 0


def test_undo_redo_shuffle_and_mirror_name_the_cells_they_changed(backend):
    board = llk.deal(8, 10, kinds=10, seed=4, gravity="down", backend=backend)
    game = Game(GameConfig(rows=8, cols=10, gravity="down"), board)
    for a, c in board.solution[:6]:
        game.click(a)
        game.click(c)
    steps = [game.undo, game.undo, game.redo, lambda: game.shuffle(7), game.mirror, game.undo]
    for step in steps:
        game.click(next(zip(*np.nonzero(game.board.grid), strict=True)))
        before = game.board.grid
        changed = step()
        assert changed is not None and game.selected is None
        # A shuffle is made on a copy (on a worker thread) that the game takes over.
        assert_shows_board(changed.cells, before, game.board)
    while game.undo() is not None:
        pass
    assert game.redo() is not None and game.redo() is not None


def test_nothing_to_undo_or_redo_is_none(backend):
    game = game_on(backend, [[1, 1]])
    assert game.undo() is None and game.redo() is None and game.version == 0


def test_a_saved_game_is_replayed_from_its_share_code(backend):
    config = GameConfig.preset("KShisen 14x6", seed=6, gravity="down")
    game = Game(config, llk.Board.from_code(config.deal().code, backend=backend))
    board = game.board
    for a, c in board.solution[:5]:
        game.click(a)
        game.click(c)
    game.shuffle(11)
    board = game.board
    game.mirror()
    game.click(board.moves()[0][0])
    game.click(board.moves()[0][1])
    game.undo()
    restored = Game.from_save(game.to_save())
    again = restored.board
    assert again == board and again.code == board.code
    assert [a.name for a in again.history] == [a.name for a in board.history]
    assert [a.name for a in again.history][-2:] == ["shuffle", "mirror"]
    assert restored.score == game.score and again.can_undo
    game.undo()
    restored.undo()
    assert again == board


@pytest.mark.parametrize("gravity", ["none", "down"])
def test_the_score_follows_the_readme_and_the_same_play_scores_the_same(backend, gravity):
    """42 pairs, one every 2.5 s: 10 for the first, then a combo step each (5 a step, up to
    10 steps); the time bonus is the par (3 s a tile) minus the time; gravity multiplies."""
    config = GameConfig.preset("KShisen 14x6", seed=3, gravity=gravity)
    scores = []
    for _ in range(2):
        game = Game(config, llk.Board.from_code(config.deal().code, backend=backend))
        while not game.is_won():
            a, c = game.board.hint(safe=True) or game.board.moves()[0]
            game.tick(2.5)
            game.click(a)
            assert isinstance(game.click(c), Linked)
        scores.append(game.score)
    pairs = 10 + sum(10 + 5 * min(k, 10) for k in range(1, 42))
    bonus = 84 * 3 - 42 * 2.5
    want = int((pairs + bonus) * (1.5 if gravity != "none" else 1))
    assert scores == [want, want]


def test_a_shuffle_spends_one_left_or_is_an_assist_and_needs_tiles(backend):
    grid = [[1, 2, 3, 0], [3, 2, 1, 0]]
    game = game_on(backend, grid)
    game.shuffles_left = 1
    assert game.shuffle(5) is not None and game.board.remaining == 6
    assert (game.shuffles_left, game.spent, game.assisted) == (0, {"shuffle": 1}, False)
    assert [a.name for a in game.board.history] == ["shuffle"]
    assert game.shuffle(6) is None  # none left, and not an assist
    assert len(game.board.history) == 1
    assert game.shuffle(6, cost="assist") is not None and game.assisted
    assert (game.shuffles_left, game.spent) == (0, {"shuffle": 1})
    empty = game_on(backend, [[0, 0], [0, 0]])
    assert empty.shuffle(5) is None and empty.shuffle(5, cost="assist") is None
    assert (empty.shuffles_left, empty.assisted) == (3, False)

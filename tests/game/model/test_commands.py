"""The play commands' rules without a window (model/commands.py): each command is a call, and
its answer an outcome: refused in the mode's words, a question first, work for a worker, a
change of the board with what is said of it, the next game, or the end."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

import llk
from llk.game.model import daily, journey
from llk.game.model.commands import PlayRules
from llk.game.model.config import HINTS, OBSTACLES, GameConfig
from llk.game.model.game import THINKING_SECONDS, Game
from llk.game.model.modes import mode_for
from llk.game.model.outcomes import (
    Changed,
    Ended,
    Hinted,
    Ignored,
    Linked,
    NextGame,
    Notice,
    Question,
    Refused,
    Work,
)

PAIRS = [[1, 2, 2, 1], [3, 4, 4, 3]]  # links at once, several ways
DEADLOCK = [[1, 2, 3, 4], [2, 1, 4, 3]]  # no ring: nothing links


class MemoryStore:
    """The store the commands are handed, in memory: what they kept, in order."""

    def __init__(self, progress: journey.Progress | None = None) -> None:
        self.progress = progress or journey.Progress()
        self.kept: list[tuple] = []
        self.daily: dict[str, str] = {}

    def load_journey(self) -> journey.Progress:
        return journey.Progress.from_json(self.progress.to_json())

    def save_journey(self, progress: journey.Progress) -> None:
        self.progress = progress

    def daily_result(self, day: str) -> str | None:
        return self.daily.get(day)

    def keep_daily_result(self, line: str) -> Path:
        self.daily[line.split()[2]] = line
        self.kept.append(("daily", line))
        return Path("daily.txt")

    def record_game(self, category: str, won: bool, seconds: float | None = None) -> None:
        self.kept.append(("record", category, won))

    def drop_game(self, slot: str, game_id: object = None) -> None:
        self.kept.append(("drop", slot, game_id))


def rules_for(
    grid=None,
    config: GameConfig | None = None,
    store: MemoryStore | None = None,
    extra: bool = False,
    backend: str | None = None,
) -> PlayRules:
    if grid is not None:
        board = llk.Board(grid, backend=backend)
        config = config or GameConfig(rows=board.rows, cols=board.cols, kinds=4)
        game = Game(config, board)
    else:
        assert config is not None
        game = Game(config)
    store = store or MemoryStore()
    return PlayRules(game, mode_for(game, store), store, lambda: extra)


def finish(work: Work):
    """The work run here, as a worker would, and its answer taken on the 'frame thread'."""
    assert isinstance(work, Work)
    return work.done(work.work())


def test_a_hint_is_work_for_a_worker_and_costs_one_when_shown(backend):
    rules = rules_for(PAIRS, backend=backend)
    game = rules.game
    work = rules.hint((0.0, 0.0))
    assert isinstance(work, Work) and work.version == game.version and work.stop is not None
    assert game.hints_left == HINTS and not game.assisted  # nothing spent before it shows
    hinted = finish(work)
    assert isinstance(hinted, Hinted) and game.board.can_link(*hinted.pair)
    assert hinted.path == game.board.path(*hinted.pair)
    assert game.hints_left == HINTS - 1 and game.assisted


def test_no_hint_left_is_refused_in_the_modes_words():
    rules = rules_for(PAIRS)
    for _ in range(HINTS):
        rules.game.take_hint(llk.Hint((0, 1), (0, 2)))
    assert rules.hint((0.0, 0.0)) == Notice("No hints left")
    level = rules_for(config=journey.level(1).config())  # no power-up bought
    assert level.hint((0.0, 0.0)) == Notice("No hint power-up: buy one with stars")


def test_a_shuffle_spends_one_of_those_left_then_is_refused_unless_the_settings_allow_more():
    rules = rules_for(PAIRS)
    game = rules.game
    for left in (2, 1, 0):
        changed = finish(rules.shuffle())
        assert isinstance(changed, Changed) and changed.how == "rearranged"
        assert game.shuffles_left == left and not game.assisted
    assert rules.shuffle() == Notice("No shuffles left")
    rules.extra_shuffles = lambda: True
    assert isinstance(finish(rules.shuffle()), Changed) and game.assisted


def test_a_shuffle_answer_about_a_board_that_changed_since_is_dropped():
    rules = rules_for(PAIRS)
    work = rules.shuffle()
    rules.game.click((0, 1))
    assert isinstance(rules.game.click((0, 2)), Linked)  # the board changed meanwhile
    assert work.version != rules.game.version
    assert finish(work) == Ignored(None) and rules.game.shuffles_left == 3


def test_a_deadlock_is_re_arranged_for_a_shuffle_and_lost_with_none_left():
    rules = rules_for(PAIRS)
    assert rules.rearrange() == Ignored(None)  # a move left: nothing to do
    rules = rules_for(DEADLOCK)
    work = rules.rearrange()
    assert isinstance(work, Work) and work.label == "Re-arranging"
    assert rules.game.rearranges == 1
    assert isinstance(finish(work), Changed) and rules.game.shuffles_left == 2
    rules = rules_for(DEADLOCK)
    rules.game.shuffles_left = 0
    assert rules.rearrange() == Ended(False, "No moves left and no shuffles left")
    assert rules.finished and rules.ending(settled=True) is None  # ended once


def test_undo_says_what_it_costs_in_the_mode_and_nothing_to_undo_when_nothing():
    rules = rules_for(PAIRS)
    assert rules.undo() == Notice("Nothing to undo")
    assert rules.redo() == Notice("Nothing to redo")
    rules.game.click((0, 1))
    rules.game.click((0, 2))
    undone = rules.undo()
    assert isinstance(undone, Changed) and undone.how == "step" and undone.said == ""
    assert isinstance(rules.redo(), Changed)
    level = rules_for(config=journey.level(1).config())
    game = level.game
    a, c = game.board.hint()
    game.click(a)
    game.click(c)
    before = game.elapsed
    undone = level.undo()
    assert isinstance(undone, Changed) and undone.said == "Undo: 10 s off the clock"
    assert game.elapsed == before + journey.UNDO_SECONDS


def test_the_mirror_and_obstacles_follow_the_modes_allowance():
    rules = rules_for(PAIRS)
    mirrored = rules.mirror()
    assert isinstance(mirrored, Changed) and mirrored.said == "Mirrored"
    empty = rules_for([[1, 1, 0, 0, 0, 0], [0] * 6, [0] * 6, [2, 2, 0, 0, 0, 0]])
    for _ in range(OBSTACLES):
        added = empty.obstacles()
        assert isinstance(added, Changed) and added.said == "Obstacles: 2 pairs more, 30 s more"
    assert empty.obstacles() == Notice(f"No obstacles left ({OBSTACLES} a game)")
    full = rules_for([[1, 1]])
    assert full.obstacles() == Notice("No room for obstacles")
    level = rules_for(config=journey.level(1).config())
    assert level.mirror() == Notice("No mirror power-up: buy one with stars")
    assert level.obstacles() == Notice("No obstacles power-up: buy one with stars")


def test_restart_asks_when_something_is_at_stake_and_yes_counts_the_game_lost():
    store = MemoryStore()
    rules = rules_for(PAIRS, store=store)
    assert rules.restart() == NextGame(rules.game.config)  # nothing at stake: at once
    assert store.kept == []  # and nothing counted
    rules.game.tick(THINKING_SECONDS)
    question = rules.restart()
    assert isinstance(question, Question) and store.kept == []  # no counts before yes
    assert question.yes() == NextGame(rules.game.config)
    game = rules.game
    assert store.kept == [
        ("record", game.category, False),
        ("drop", game.config.kind, game.save_id),
    ]
    assert rules.finished
    rules.give_up()  # once only
    assert len(store.kept) == 2


def test_a_new_game_is_the_next_seed_and_refused_in_a_mode_of_one_deal():
    rules = rules_for(config=GameConfig(rows=4, cols=6, kinds=6, seed=5))
    following = rules.new_game()
    assert isinstance(following, NextGame) and following.config.seed == 6
    assert following.board is not None and following.board.code is not None
    rated = rules_for(config=GameConfig(rows=4, cols=6, kinds=6, seed=5, difficulty="easy"))
    assert isinstance(rated.new_game(), Work)  # picked by its rating, on a worker
    day = rules_for(config=daily.config_for(daily.today()))
    assert day.new_game() == Notice("This game has one deal: R plays it again")


def test_giving_up_the_daily_ends_its_one_counted_attempt():
    store = MemoryStore()
    rules = rules_for(config=daily.config_for(daily.today()), store=store)
    rules.game.tick(THINKING_SECONDS)
    question = rules.restart()
    assert isinstance(question, Question)
    question.yes()
    assert daily.today().isoformat() in store.daily


def test_auto_play_asks_first_then_plans_on_a_worker_and_goes_off_again():
    rules = rules_for(PAIRS)
    question = rules.autoplay()
    assert isinstance(question, Question) and rules.autoplayer is None
    assert finish(question.yes()) == Notice("Auto-play (A stops it)")
    assert rules.autoplayer is not None and not rules.game.autoplayed
    linked = rules.autoplay_step()
    assert isinstance(linked, Linked) and rules.game.autoplayed and rules.game.score == 0
    assert rules.autoplay() == Notice("Auto-play off") and rules.autoplayer is None
    assert rules.autoplay_step() is None
    assert isinstance(rules.autoplay(), Work)  # the game is the solver's: no question again


def test_the_end_comes_once_when_won_and_settled_or_when_the_time_is_up():
    rules = rules_for([[1, 1]])
    assert rules.ending(settled=True) is None
    rules.game.click((0, 0))
    rules.game.click((0, 1))
    assert rules.ending(settled=False) is None  # the last pair still flies
    assert rules.ending(settled=True) == Ended(True) and rules.finished
    assert rules.ending(settled=True) is None
    timed = rules_for(config=GameConfig(rows=2, cols=4, kinds=4, time_mode="countdown"))
    timed.game.tick(10_000)
    assert timed.ending(settled=False) == Ended(False, "Time is up")


@pytest.mark.parametrize(
    ("grid", "slide", "said"),
    [
        ([[1, 2, 1]], False, "Blocked: no way through"),
        ([[1, 0, 3], [3, 0, 0], [3, 2, 1]], False, "Needs 3 turns: 2 at most"),
        ([[1, 2], [3, 1]], True, "Tiles slide: no link of one turn, nor a push that makes one"),
    ],
)
def test_a_refused_pair_is_told_why(grid, slide, said):
    board = llk.Board(grid, border=False, slide=slide)
    game = Game(GameConfig(rows=board.rows, cols=board.cols), board)
    last = (len(grid) - 1, len(grid[0]) - 1)
    game.click((0, 0))
    refused = game.click(last)
    assert isinstance(refused, Refused) and refused.said == said


def test_a_journey_levels_obstacles_come_from_its_stock_and_its_save_stays_whole():
    # Past a free game's three (issue 38): the stock was spent, the count went below zero,
    # and the save, refused by the store's checks, was set aside as "not a saved game".
    from llk.game.store.checks import is_saved_game

    progress = journey.Progress(stars={1: 3, 2: 3}, spent=5, power_ups={"obstacles": 5})
    store = MemoryStore(progress)
    level = rules_for(config=journey.level(1).config(), store=store)
    game = level.game
    assert game.obstacles_left == 5
    for a, c in journey.level(1).solution[:12]:  # room for four times two pairs
        game.click(a)
        assert isinstance(game.click(c), Linked)
    for left in (4, 3, 2, 1):
        assert isinstance(level.obstacles(), Changed)
        assert game.obstacles_left == left == store.progress.power_ups["obstacles"]
    assert is_saved_game(game.to_save())


def saved_header(game: Game) -> dict:
    """The header of `game`'s save as the store peeks it (its fields and the grid's shape, no
    grid or history)."""
    fields = {k: v for k, v in game.to_save().items() if k not in ("grid", "history")}
    return {**fields, "rows": game.board.rows, "cols": game.board.cols}


def test_a_saved_game_replaced_by_a_new_one_counts_as_given_up():
    from llk.game.model.commands import give_up_saved

    store = MemoryStore()
    rules = rules_for(config=GameConfig(rows=4, cols=6, kinds=6, seed=5))
    game = rules.game
    give_up_saved(saved_header(game), store)
    assert store.kept == []  # nothing at stake: not a game played
    a, c = game.board.solution[0]
    game.click(a)
    game.click(c)
    give_up_saved(saved_header(game), store)
    assert store.kept == [("record", game.category, False)]  # the same table as R or N
    give_up_saved({"config": "garbled"}, store)
    assert len(store.kept) == 1


def test_a_replaced_daily_attempt_keeps_its_line_once():
    from llk.game.model.commands import give_up_saved

    store = MemoryStore()
    day = dt.date(2026, 11, 30)
    rules = rules_for(config=daily.config_for(day), store=store)
    game = rules.game
    for a, c in game.board.solution[:3]:
        game.click(a)
        game.click(c)
    game.tick(75.0)
    give_up_saved(saved_header(game), store)
    line = store.daily[day.isoformat()]
    assert line == daily.result_line(day, game.code, False, 75.0, 3, False)
    assert "stopped at 1:15, 3 moves" in line
    give_up_saved(saved_header(game), store)  # counted already: practice from then on
    assert [kept for kept in store.kept if kept[0] == "daily"] == [("daily", line)]


@pytest.mark.parametrize(
    ("mode", "allowance", "refusal"),
    [
        ("free", OBSTACLES, f"No obstacles left ({OBSTACLES} a game)"),
        ("journey", 2, "No obstacles power-up: buy one with stars"),
        ("daily", OBSTACLES, f"No obstacles left ({OBSTACLES} a game)"),
    ],
)
def test_obstacles_are_refused_in_words_once_spent_in_every_mode(mode, allowance, refusal):
    # Issue 38: a spent allowance must be refused, never taken below zero (a save with
    # obstacles_left -1 is one the store refuses).
    from llk.game.store.checks import is_saved_game

    store = MemoryStore(journey.Progress(stars={1: 2}, spent=2, power_ups={"obstacles": 2}))
    config = {
        "free": GameConfig(rows=8, cols=8, kinds=8, seed=4),
        "journey": journey.level(1).config(),
        "daily": daily.config_for(dt.date(2026, 3, 1)),
    }[mode]
    rules = rules_for(config=config, store=store)
    game = rules.game
    assert rules.mode.name == mode and game.obstacles_left == allowance
    for a, c in game.board.solution[: 2 * OBSTACLES * journey.OBSTACLE_PAIRS]:  # room
        game.click(a)
        assert isinstance(game.click(c), Linked)
    for left in reversed(range(allowance)):
        assert isinstance(rules.obstacles(), Changed)
        assert game.obstacles_left == left
    tiles, limit, version = game.board.remaining, game.time_limit, game.version
    for _ in range(2):
        assert rules.obstacles() == Notice(refusal)
    assert (game.board.remaining, game.time_limit, game.version) == (tiles, limit, version)
    assert game.obstacles_left == 0 and game.spent["obstacles"] == allowance
    assert store.progress.power_ups["obstacles"] == (0 if mode == "journey" else 2)
    assert is_saved_game(game.to_save())


def test_a_game_that_ends_leaves_the_save_another_game_wrote_since_in_its_slot(tmp_path):
    """Issue 38: a game's end removes its slot's save only when that save is its own. Two free
    games, one slot: the first is saved, then another window (a second store on the same folder)
    saves the second game into that slot; the first game, given up, must leave that save alone,
    and the second, when it ends, removes its own."""
    from llk.game.store.storage import Storage

    first_window, other_window = Storage(tmp_path), Storage(tmp_path)
    first = rules_for(PAIRS, store=first_window)
    second = rules_for(PAIRS, store=other_window)
    for rules in (first, second):
        rules.game.click((0, 0))
        rules.game.click((0, 3))  # a move made: the game has something at stake
        assert rules.game.in_progress
    first_window.save_game(first.game.to_save())
    other_window.save_game(second.game.to_save())  # the older save is kept beside it
    first.give_up()
    assert first_window.peek_game("free")["id"] == second.game.save_id
    assert Storage(tmp_path).load_game("free")["id"] == second.game.save_id
    second.give_up()
    assert Storage(tmp_path).peek_game("free") is None  # its own save: gone

"""The score on the play screen, with real events (issue 13, fair play): undo cannot farm points,
undo and redo restore score and combo, an assisted win is ranked apart, and the name entry."""

from __future__ import annotations

import arcade

from llk.game.model.config import GameConfig
from llk.game.model.score import POINTS_PER_PAIR

from ..helpers import finish_task, frame, key, link, settle, start, text


def test_undo_and_link_again_cannot_farm_points(window):
    view = start(window)
    game = view.game
    pair = game.board.solution[0]
    link(window, view, pair)
    once = game.score
    assert once == POINTS_PER_PAIR
    for _ in range(20):
        key(window, arcade.key.Z)
        assert game.score == 0 and game.combo == 0
        link(window, view, pair)
    assert game.score == once and game.board.remaining == 82


def test_undo_and_redo_restore_score_and_combo_exactly(window):
    view = start(window)
    game = view.game
    tallies = [(game.score, game.combo)]
    for pair in game.board.solution[:4]:
        link(window, view, pair)
        frame(window, 0.5)  # quick pairs: the combo grows
        tallies.append((game.score, game.combo))
    assert tallies[-1][1] == 3
    for want in reversed(tallies[:-1]):
        key(window, arcade.key.Z, arcade.key.MOD_CTRL)
        assert (game.score, game.combo) == want
    for want in tallies[1:]:
        key(window, arcade.key.Y)
        assert (game.score, game.combo) == want
    # Saved and restored, the tallies come back with the history.
    key(window, arcade.key.ESCAPE)
    window.current_view.continue_game("free")
    finish_task(window)
    restored = window.current_view.game
    assert (restored.score, restored.combo) == tallies[-1]
    restored.undo()
    assert (restored.score, restored.combo) == tallies[-2]


def test_an_assisted_win_is_ranked_apart(window):
    view = start(window)
    key(window, arcade.key.H)
    finish_task(window)
    assert view.game.assisted
    for pair in view.game.board.solution:
        link(window, view, pair)
        frame(window, 0.5)
    settle(window, 1.0)
    key(window, arcade.key.ENTER)  # the name entry: the default name
    scores = window.storage.load_scores()
    (table,) = scores
    assert table == view.game.category + " (assisted)" and scores[table][0]["assisted"]


def test_name_entry_defaults_to_the_last_name_and_statistics_count(window):
    window.settings.player_name = ""  # a new player
    for round_ in range(2):
        view = start(window)
        for pair in view.game.board.solution:
            link(window, view, pair)
            frame(window, 0.5)
        settle(window, 1.0)
        entry = window.current_view
        assert entry.name == ("" if round_ == 0 else "Ada")
        if round_ == 0:
            text(window, "Ada")
        key(window, arcade.key.ENTER)
    (table,) = window.storage.load_scores().values()
    assert [e["name"] for e in table] == ["Ada", "Ada"]
    start(window, GameConfig.preset("KShisen 14x6", seed=3, time_mode="countdown"))
    window.current_view.game.elapsed = 1e9
    frame(window)
    stats = window.storage.load_stats()
    assert (stats["played"], stats["won"], stats["streak"], stats["best_streak"]) == (3, 2, 0, 2)
    window.show_scores()
    lines = window.current_view.statistics_lines()
    assert lines[0] == "Games played 3   won 2   win rate 67%"
    frame(window)

"""Issue 24, losing work: a save slot for each kind of game, played with real events. A game that
ends removes its own save and no other; a new game never takes a slot's save without asking; a
damaged or crafted save is set aside with a note, and nothing in it can stop the game."""

from __future__ import annotations

import datetime as dt

import arcade
import pytest

from llk.game.model import daily, journey
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.store import savefile
from llk.game.store.files import write_atomically
from llk.game.store.progress import DAILY_RESULTS_FILE
from llk.game.store.saves import LEGACY_SAVE_FILE, slot_file
from llk.game.views.level_done import LevelDoneView
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView

from ..helpers import asking, click, click_at, finish_task, frame, key, settle, start


def link_pairs(window, view, pairs) -> None:
    for a, c in pairs:
        click(window, a)
        click(window, c)
    settle(window, 0.5)


def to_menu(window) -> MenuView:
    key(window, arcade.key.ESCAPE)
    window.storage.wait_for_saves()
    menu = window.current_view
    assert isinstance(menu, MenuView)
    frame(window)
    return menu


def click_row(window, menu: MenuView, starts: str) -> None:
    row = next(i for i, r in enumerate(menu.options.rows) if r.label.startswith(starts))
    menu.place_rows()
    click_at(window, window.width / 2, menu.options.row_y(row))


def test_a_saved_game_outlives_the_end_of_another_kind_of_game(window):
    view = start(window, GameConfig.preset("KShisen 30x16", seed=2))
    link_pairs(window, view, view.game.board.solution[:10])
    menu = to_menu(window)
    continue_row = "Continue: free game, 16x30, 460 tiles left"
    assert menu.options.rows[0].label.startswith(continue_row)
    # A journey level, played to its end: it removes its own save only.
    window.start_game(journey.level(1).config())
    level = window.current_view
    assert isinstance(level, PlayView)
    settle(window, 0.5)
    link_pairs(window, level, journey.level(1).solution)
    assert isinstance(window.current_view, LevelDoneView)
    window.show_menu()
    assert window.current_view.options.rows[0].label.startswith(continue_row)
    click_row(window, window.current_view, "Continue: free game")
    finish_task(window)
    again = window.current_view
    assert isinstance(again, PlayView) and again.game.board.remaining == 460
    assert again.game.save_id == view.game.save_id


def test_a_new_game_asks_before_it_takes_the_saved_games_slot(window):
    view = start(window)
    link_pairs(window, view, view.game.board.solution[:3])
    menu = to_menu(window)
    saved = window.storage.peek_game("free")
    click_row(window, menu, "New game")
    finish_task(window)  # the deal, on a worker
    assert asking(window, menu)  # over the menu, which shows under the question
    key(window, arcade.key.N)
    assert window.current_view is menu and window.storage.peek_game("free") == saved
    click_row(window, menu, "New game")
    finish_task(window)  # the deal, on a worker
    key(window, arcade.key.Y)
    new = window.current_view
    assert isinstance(new, PlayView) and new.game.save_id != view.game.save_id
    assert window.storage.peek_game("free") is None  # the player said yes


def test_a_saved_game_replaced_by_a_new_one_counts_as_played_and_lost(window, tmp_path):
    # Esc then a new game used to dodge what N or R count (issue 38): the replaced game was
    # never counted, so a losing streak survived it. No saying yes, no counting.
    view = start(window)
    link_pairs(window, view, view.game.board.solution[:3])
    before = window.storage.load_stats()
    menu = to_menu(window)
    click_row(window, menu, "New game")
    finish_task(window)
    key(window, arcade.key.N)
    assert window.storage.load_stats() == before
    click_row(window, menu, "New game")
    finish_task(window)
    key(window, arcade.key.Y)
    stats = window.storage.load_stats()
    assert stats["played"] == before["played"] + 1 and stats["won"] == before["won"]
    assert stats["streak"] == 0
    # A day's puzzle replaced by another day's: its one attempt counted, stopped.
    day, other = dt.date(2026, 11, 28), dt.date(2026, 11, 29)
    window.start_game(daily.config_for(day))
    play = window.current_view
    settle(window, 0.5)
    link_pairs(window, play, play.game.board.solution[:2])
    to_menu(window)
    window.start_game(daily.config_for(other))
    key(window, arcade.key.Y)
    lines = (tmp_path / DAILY_RESULTS_FILE).read_text().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"llk daily {day} ")
    assert "stopped at" in lines[0] and "2 moves" in lines[0]


def test_leaving_a_game_keeps_a_save_it_would_write_over(window, tmp_path):
    """Should a game be started without the question (a path that forgot it), its save still
    does not write over another game's: that one is kept beside, and the menu says so."""
    older = start(window, GameConfig.preset("KShisen 14x6", seed=5))
    link_pairs(window, older, older.game.board.solution[:2])
    to_menu(window)
    window.play(Game(GameConfig.preset("KShisen 14x6", seed=6)))
    newer = window.current_view
    link_pairs(window, newer, newer.game.board.solution[:2])
    menu = to_menu(window)
    kept = tmp_path / f"{slot_file('free')}.replaced-1"
    assert savefile.peek(kept.read_bytes())["id"] == older.game.save_id
    assert window.storage.peek_game("free")["id"] == newer.game.save_id
    assert any("kept as saved-free.llk.replaced-1" in note for note in menu.problems)


def crafted(**fields) -> bytes:
    data = Game(GameConfig.preset("KShisen 14x6", seed=3)).to_save()
    return savefile.encode({**data, **fields})


@pytest.mark.parametrize(
    "fields",
    [
        {"spent": {"hint": float("inf")}},
        {"tallies": [[0, 0, float("inf")]]},
        {"tallies": [[10**400, 0, None]]},
        {"elapsed": float("nan")},
        {"hints_left": -1},
        {"position": 2.5},
    ],
    ids=[
        "spent-infinity",
        "tally-infinity",
        "tally-huge",
        "elapsed-nan",
        "hints-negative",
        "position-half",
    ],
)
def test_a_crafted_save_is_set_aside_and_never_stops_the_game(window, tmp_path, fields):
    # An older llk's one save: read first by every version, into the slot of its kind.
    write_atomically(tmp_path / LEGACY_SAVE_FILE, crafted(**fields))
    window.show_menu()
    menu = window.current_view
    frame(window)
    assert not any(row.label.startswith("Continue") for row in menu.options.rows)
    assert any("not a saved game" in note for note in menu.problems), menu.problems
    assert (tmp_path / f"{LEGACY_SAVE_FILE}.corrupt-1").exists()
    key(window, arcade.key.ENTER)  # the first row, "New game": the game goes on
    finish_task(window)
    assert isinstance(window.current_view, PlayView)

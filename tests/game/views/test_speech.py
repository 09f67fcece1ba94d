"""Spoken feedback in a real (headless) window (views/speech.py): what a player hears, in
order, as they play, over the covers, and in the menu and the settings; the settings row and
`llk play --speak` turn it on; a machine without the speech library plays silently and says
why once."""

from __future__ import annotations

import itertools
import threading

import arcade
import pytest

import llk
from llk.game.app import keep_run_options
from llk.game.model import journey
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.model.tile_names import tile_name
from llk.game.store.settings import Settings
from llk.game.store.storage import Storage
from llk.game.views.daily_done import DailyDoneView
from llk.game.views.level_done import LevelDoneView
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView
from llk.game.views.settings import SettingsView
from llk.game.views.speech import RecordingVoice, Speech, best_voice
from llk.game.views.win import GameOverView

from ..helpers import click, finish_task, frame, key, start, text


@pytest.fixture
def heard(window, monkeypatch):
    """Speech on, said to a recording voice: the list of what was said."""
    voice = RecordingVoice()
    speech = Speech(window.settings, make_voice=lambda language: voice)
    monkeypatch.setattr(window.services, "speech", speech)
    window.settings.speech = True
    return voice.said


def said_after(window, heard, act) -> list[str]:
    """What is said while `act` runs (each sentence handed to the voice before the next)."""
    before = len(heard)
    act()
    assert window.services.speech.wait()
    return heard[before:]


def refused_pair(board):
    """Two tiles of one kind that do not link."""
    tiles = [(r, c) for r in range(board.rows) for c in range(board.cols) if board[r, c]]
    for a, c in itertools.combinations(tiles, 2):
        if board[a] == board[c] and board.path(a, c) is None:
            return a, c
    raise AssertionError("no refused pair on this board")


def test_a_player_hears_the_cursor_each_move_the_hud_and_the_questions(window, heard):
    said = said_after(window, heard, lambda: start(window))
    view = window.current_view
    # Said as the screen shows, before its first frame: the moves are still being counted.
    assert said == ["6 by 14 board. time 0 min 0 s, score 0, 42 pairs left, moves being counted"]
    board, named = view.game.board, window.services.theme.tile_set
    assert named == "paper"

    def name(cell):
        return tile_name(named, board[cell])

    said = said_after(window, heard, lambda: key(window, arcade.key.RIGHT))
    r, c = cursor = view.board_view.cursor
    assert said == [f"{name(cursor)}, row {r + 1} column {c + 1}"]
    a, b = board.hint()
    kind = name(a)
    view.board_view.cursor = a
    assert said_after(window, heard, lambda: key(window, arcade.key.SPACE)) == [f"{kind} selected"]
    assert said_after(window, heard, lambda: click(window, b)) == ["linked, 41 pairs left"]
    x, y = refused_pair(board)
    assert said_after(window, heard, lambda: click(window, x)) == [f"{name(x)} selected"]
    said = said_after(window, heard, lambda: click(window, y))
    assert said in (["refused: Needs 3 turns: 2 at most"], ["refused: Blocked: no way through"])
    view.game.elapsed = 75.2
    view.poll_facts(wait=True)
    said = said_after(window, heard, lambda: key(window, arcade.key.I))
    assert said == [f"time 1 min 15 s, score {view.game.score}, 41 pairs left, {view.moves} moves"]
    assert view.notice == said[0]  # shown as well as said

    def shuffle():
        key(window, arcade.key.S)
        finish_task(window)

    assert said_after(window, heard, shuffle) == ["shuffled, 41 pairs left"]
    said = said_after(window, heard, lambda: key(window, arcade.key.R))
    assert said == ["Restart this deal? This game's progress is lost."]
    key(window, arcade.key.N)
    said = said_after(window, heard, lambda: key(window, arcade.key.P))
    assert said == ["Paused. P or a click to resume"]


def test_the_menu_and_the_settings_say_their_title_and_focused_row(window, heard):
    said = said_after(window, heard, window.show_menu)
    menu = window.current_view
    assert isinstance(menu, MenuView)
    assert said == [f"llk menu. {menu.options.spoken_focus()}"]
    assert said[0].startswith("llk menu. New game")
    said = said_after(window, heard, lambda: key(window, arcade.key.DOWN))
    assert said == [menu.options.spoken_focus()] and said != ["New game"]
    assert said_after(window, heard, window.show_settings) == ["Settings. Sound: off"]
    assert said_after(window, heard, lambda: key(window, arcade.key.DOWN)) == ["Music: off"]


def test_the_settings_row_turns_speech_on_and_keeps_it(window, monkeypatch):
    voice = RecordingVoice()
    speech = Speech(window.settings, make_voice=lambda language: voice)
    monkeypatch.setattr(window.services, "speech", speech)
    assert not window.settings.speech  # off unless asked for
    window.show_settings()
    view = window.current_view
    assert isinstance(view, SettingsView)
    view.options.focus = view.options.rows.index(view.speech)
    key(window, arcade.key.RIGHT)
    assert speech.wait()
    assert window.settings.speech and Storage().load_settings().speech
    assert voice.said == ["Spoken feedback: on"]


def test_llk_play_speak_turns_speech_on_and_keeps_it(window):
    assert not window.settings.speech
    keep_run_options(window, None, speak=True)
    assert window.settings.speech and Storage().load_settings().speech


def test_without_the_speech_library_the_game_plays_silently_and_says_why_once(window):
    def no_library(language):
        raise ImportError("No module named 'prism'")

    speech = Speech(window.settings, make_voice=no_library)
    window.services.speech = speech
    try:
        window.settings.speech = True
        view = start(window)
        key(window, arcade.key.RIGHT)
        assert speech.wait()
        frame(window)
        assert isinstance(window.current_view, PlayView)
        assert "its library is not installed" in view.notice
        assert "pip install 'llk[speech]'" in view.notice
        shown = view.notice
        view.notice = None
        key(window, arcade.key.RIGHT)  # silent from then on, and told once
        assert speech.wait()
        frame(window)
        assert view.notice is None and not speech.on and shown
    finally:
        window.services.speech = Speech(window.settings)


def test_a_deadlock_is_said_as_it_is_shown(window, heard):
    # Neither pair links within two turns, round the border or not.
    view = start(window, GameConfig(rows=2, cols=2, kinds=2), llk.Board([[1, 2], [2, 1]]))
    said = said_after(window, heard, lambda: view.poll_facts(wait=True))
    assert said == ["No moves left: re-arranging"] and view.notice == said[0]


class HeldVoice(RecordingVoice):
    """A voice that holds its first sentence until let go: a service slow to answer."""

    def __init__(self) -> None:
        super().__init__()
        self.holding, self.let_go = threading.Event(), threading.Event()

    def speak(self, text: str, interrupt: bool) -> None:
        if not self.said:
            self.holding.set()
            self.let_go.wait(30)
        super().speak(text, interrupt)


def test_saying_never_waits_for_the_voice_and_new_words_drop_the_waiting_ones():
    voice = HeldVoice()
    speech = Speech(Settings(speech=True), make_voice=lambda language: voice)

    speech.say("one")
    assert voice.holding.wait(10)

    def say_all():
        speech.say("two")  # waits behind "one", dropped by "three"
        speech.say("three")
        speech.say("and four", interrupt=False)  # said after "three"

    sayer = threading.Thread(target=say_all)
    sayer.start()
    sayer.join(10)
    returned = not sayer.is_alive()  # while the voice still holds "one"
    voice.let_go.set()
    assert returned, "say() waited for the voice"
    assert speech.wait()
    assert voice.said == ["one", "three", "and four"]
    speech.settings.speech = False
    speech.say("five")  # off: nothing said
    assert speech.wait() and voice.said[-1] == "and four"


def test_the_journey_the_scores_and_a_games_end_say_their_title_and_focus(window, heard):
    said = said_after(window, heard, window.show_journey)
    assert said == ["Journey. Level 1, 0 stars"]
    journey_map = window.current_view
    said = said_after(window, heard, lambda: key(window, arcade.key.RIGHT))
    level = journey_map.focus
    assert level != 1 and said == [f"Level {level}, 0 stars"]
    said = said_after(window, heard, lambda: key(window, arcade.key.ENTER))
    assert said == [f"Level {level} is locked: clear level {level - 1} first"]
    # Tab to the shop: each power-up said as the focus lands on it, the map's level on return.
    said = said_after(window, heard, lambda: key(window, arcade.key.TAB))
    assert said == ["Hint: 1 star, 0 kept"]
    said = said_after(window, heard, lambda: key(window, arcade.key.RIGHT))
    assert said == ["Re-arrange: 2 stars, 0 kept"]
    said = said_after(window, heard, lambda: key(window, arcade.key.UP))
    assert said == [f"Level {level}, 0 stars"]
    assert said_after(window, heard, window.show_scores) == ["High scores. No games won yet"]
    view = start(window)
    assert window.services.speech.wait()
    ended = GameOverView(window.services, view.game, "Time is up")
    said = said_after(window, heard, lambda: window.show_view(ended))
    code = view.game.code
    assert said == [f"Game over. Time is up, Tiles left 84, Score 0, Time 0:00, Board {code}"]


def test_the_voice_chosen_speaks_the_games_language_the_plainest_first():
    voices = ["af", "en-029", "en-GB", "en-US", "yue", "cmn", "fr"]
    assert best_voice(voices, "en") == 3
    assert best_voice(voices, "zh_CN") == 5
    assert best_voice(["en-029", "fr"], "en") == 0  # English of any place, failing the plainest
    assert best_voice(["zh-yue", "fr"], "zh_CN") == 0
    assert best_voice(["fr", "de"], "zh_CN") is None


def test_the_voice_is_made_ahead_of_the_first_sentence():
    made = []
    voice = RecordingVoice()

    def make(language):
        made.append(language)
        return voice

    speech = Speech(Settings(speech=False), make_voice=make)
    speech.prepare()  # off: nothing made
    assert speech.wait() and made == []
    speech.settings.speech = True
    speech.prepare()
    assert speech.wait() and made == ["en"] and voice.said == []  # ready, nothing said
    speech.say("bamboo 3, row 2 column 5")
    assert speech.wait() and made == ["en"] and voice.said == ["bamboo 3, row 2 column 5"]


def test_a_levels_end_and_a_daily_puzzles_end_say_their_title_and_lines(window, heard):
    game = Game(journey.level(1).config())
    done = LevelDoneView(window.services, game, journey.level(1), 2, True, None)
    [said] = said_after(window, heard, lambda: window.show_view(done))
    assert said.startswith("Level 1 cleared! Score 0   Time left ")
    assert said.endswith(", 2 stars: a new best for this level")  # before they are all out
    daily_done = DailyDoneView(window.services, game, "llk daily", None, False, None, "Time is up")
    said = said_after(window, heard, lambda: window.show_view(daily_done))
    assert said == ["Daily puzzle: game over. Time is up, Score 0"]


def test_the_help_is_said_whole_not_its_heading_only(window, heard):
    start(window)
    assert window.services.speech.wait()
    (said,) = said_after(window, heard, lambda: key(window, arcade.key.F1))
    assert said.startswith("Keys and mouse (any key closes). ")
    # The help's lines (how a pair links under these rules) and every key of its table.
    assert "2 turns" in said and "H: hint" in said and "Esc: back to the menu" in said


def test_typing_is_echoed_in_the_menus_text_rows_and_the_name_entry(window, heard):
    from llk.game.views.win import NameEntryView

    window.show_menu()
    assert window.services.speech.wait()
    menu = window.current_view
    menu.options.focus = next(i for i, r in enumerate(menu.options.rows) if r.text is not None)
    row = menu.options.rows[menu.options.focus]
    row.text = "12"
    assert said_after(window, heard, lambda: text(window, "3")) == ["3"]
    assert said_after(window, heard, lambda: key(window, arcade.key.BACKSPACE)) == ["3 deleted"]
    assert row.text == "12"
    view = start(window)
    window.show_view(NameEntryView(window.services, view.game, "classic"))
    window.services.speech.wait()
    view = window.current_view
    view.name = "Al"
    assert said_after(window, heard, lambda: text(window, " ")) == ["space"]
    assert said_after(window, heard, lambda: text(window, "Bo")) == ["Bo"]
    assert said_after(window, heard, lambda: key(window, arcade.key.BACKSPACE)) == ["o deleted"]
    assert view.name == "Al B"

"""The gamepad (issue 39, item 3), with no device: a fake controller dispatches the events
pyglet's Controller does into the window's gamepads (views/gamepad.py), which drive the real
screens of a headless window. The d-pad and the sticks move the cursor and the focus, the
buttons do what their keys do, the shoulders zoom, controllers come and go mid-game, and a
whole game is played by controller events alone."""

from __future__ import annotations

from collections import deque

import pyglet
import pytest
from pyglet.math import Vec2

from llk.game.model import cursor
from llk.game.model.config import GameConfig
from llk.game.model.journey import map_step
from llk.game.views.covers import HelpView, PauseView, QuestionView
from llk.game.views.gamepad import REPEAT_DELAY, REPEAT_EVERY, Gamepads, controller_manager
from llk.game.views.journey import JourneyView
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView
from llk.game.views.settings import SettingsView
from llk.game.views.win import NameEntryView, WinView

from ..helpers import KSHISEN, dispatch, finish_task, key, settle, start


class FakeController(pyglet.event.EventDispatcher):
    """What the gamepads read of a pyglet Controller: its name, `open` and `close`, and its
    events, dispatched as pyglet's are (the controller first, then what it says)."""

    def __init__(self, name: str = "Test pad") -> None:
        self.name = name
        self.opened = False

    def open(self, window=None, exclusive: bool = False) -> None:
        self.opened = True

    def close(self) -> None:
        self.opened = False

    def press(self, button: str) -> None:
        self.dispatch_event("on_button_press", self, button)
        self.dispatch_event("on_button_release", self, button)

    def dpad(self, x: float, y: float) -> None:
        self.dispatch_event("on_dpad_motion", self, Vec2(x, y))

    def tap(self, x: float, y: float) -> None:
        """The d-pad pressed one way and let go."""
        self.dpad(x, y)
        self.dpad(0, 0)

    def stick(self, name: str, x: float, y: float) -> None:
        self.dispatch_event("on_stick_motion", self, name, Vec2(x, y))

    def trigger(self, name: str, value: float) -> None:
        self.dispatch_event("on_trigger_motion", self, name, value)


for _event in (
    "on_button_press",
    "on_button_release",
    "on_stick_motion",
    "on_dpad_motion",
    "on_trigger_motion",
):
    FakeController.register_event_type(_event)


class FakeManager(pyglet.event.EventDispatcher):
    """pyglet's ControllerManager: the controllers plugged in, and their comings and goings."""

    def __init__(self, *plugged: FakeController) -> None:
        self.plugged = list(plugged)

    def get_controllers(self) -> list[FakeController]:
        return list(self.plugged)

    def plug(self, controller: FakeController) -> None:
        self.plugged.append(controller)
        self.dispatch_event("on_connect", controller)

    def unplug(self, controller: FakeController) -> None:
        self.plugged.remove(controller)
        self.dispatch_event("on_disconnect", controller)


FakeManager.register_event_type("on_connect")
FakeManager.register_event_type("on_disconnect")

WAYS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}


@pytest.fixture
def manager(window, monkeypatch):
    """The window's gamepads, fresh, hearing a manager that has no controller yet."""
    gamepads = Gamepads(window)
    monkeypatch.setattr(window, "gamepads", gamepads)
    manager = FakeManager()
    gamepads.listen(manager)
    return manager


@pytest.fixture
def pad(manager):
    """A controller plugged in."""
    controller = FakeController()
    manager.plug(controller)
    return controller


TAPS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}


def walk_to(pad: FakeController, view: PlayView, cell) -> None:
    """The cursor taken to `cell` by d-pad taps alone, the fewest by the cursor's rules
    (model/cursor.py: a tap goes to the next tile that way, past empty cells)."""
    bv = view.board_view
    if bv.cursor is None:
        pad.tap(0, 1)  # the first tap shows the cursor
    grid = view.game.board.grid
    came: dict = {bv.cursor: None}
    queue = deque([bv.cursor])
    while queue and cell not in came:
        here = queue.popleft()
        for way in cursor.WAYS:
            after = cursor.step(grid, here, way)
            if after not in came:
                came[after] = (here, way)
                queue.append(after)
    assert cell in came, f"the d-pad never reaches {cell} from {bv.cursor}"
    ways, at = [], cell
    while came[at] is not None:
        at, way = came[at]
        ways.append(way)
    for way in reversed(ways):
        pad.tap(*TAPS[way])
    assert bv.cursor == cell, f"the cursor is at {bv.cursor}, not {cell}"


def test_the_dpad_moves_the_cursor_and_repeats_while_held_in_the_frame_loop(window, pad):
    view = start(window)
    bv = view.board_view
    bv.cursor = (3, 5)
    pad.dpad(1, 0)
    assert bv.cursor == (3, 6)  # at once
    dispatch(window, "on_update", REPEAT_DELAY / 2)
    assert bv.cursor == (3, 6)  # not yet a repeat
    dispatch(window, "on_update", REPEAT_DELAY / 2 + 0.01)
    assert bv.cursor == (3, 7)
    # A slow frame repeats once, never jumps.
    dispatch(window, "on_update", 5 * REPEAT_EVERY)
    assert bv.cursor == (3, 8)
    pad.dpad(0, 0)  # let go
    dispatch(window, "on_update", 1.0)
    assert bv.cursor == (3, 8)
    pad.tap(0, -1)  # y up: down is a row further
    assert bv.cursor == (4, 8)


def test_a_direction_held_ends_with_its_screen_and_never_closes_the_help(window, pad):
    view = start(window)
    bv = view.board_view
    bv.cursor = (3, 5)
    pad.stick("leftstick", 1.0, 0.0)  # held right...
    pad.trigger("lefttrigger", 1.0)  # ... as the help opens, which any key closes
    help_view = window.current_view
    assert isinstance(help_view, HelpView)
    dispatch(window, "on_update", 1.0)
    dispatch(window, "on_update", 1.0)
    assert window.current_view is help_view and bv.cursor == (3, 6)
    pad.press("a")  # closed by a press
    assert window.current_view is view
    dispatch(window, "on_update", 1.0)  # the stick still tilted: no new press, no move
    assert bv.cursor == (3, 6)


def test_a_stick_moves_the_cursor_past_its_dead_zone_by_its_stronger_axis(window, pad):
    view = start(window)
    bv = view.board_view
    bv.cursor = (3, 5)
    pad.stick("leftstick", 0.3, 0.2)  # within the dead zone: at rest
    assert bv.cursor == (3, 5)
    pad.stick("leftstick", 0.9, 0.3)
    assert bv.cursor == (3, 6)
    pad.stick("leftstick", 0.8, 0.4)  # still right: held, not a second move
    assert bv.cursor == (3, 6)
    pad.stick("leftstick", 0.1, 0.0)
    pad.stick("leftstick", -0.3, 0.85)
    assert bv.cursor == (2, 6)
    pad.stick("leftstick", 0, 0)
    dispatch(window, "on_update", 1.0)
    assert bv.cursor == (2, 6)


def test_the_right_stick_pans_the_board(window, pad):
    view = start(window)
    before = view.board_view.camera.position
    pad.stick("rightstick", 1.0, 0.0)
    # As Shift+Right: the view goes right over the board.
    assert view.board_view.camera.position[0] > before[0]
    assert view.board_view.camera.position[1] == before[1]


def test_a_selects_and_a_pair_that_links_goes_b_undoes_it(window, pad):
    view = start(window)
    board = view.game.board
    a, c = board.solution[0]
    kind = board[a]
    walk_to(pad, view, a)
    pad.press("a")
    assert view.game.selected == a
    walk_to(pad, view, c)
    pad.press("a")
    assert board[a] == board[c] == 0 and board.remaining == 82
    settle(window, 0.5)
    pad.press("b")
    assert board[a] == board[c] == kind


def test_x_hints_and_rt_redoes_and_lt_helps(window, pad):
    view = start(window)
    pad.press("x")
    finish_task(window)
    assert view.board_view.hint is not None
    a, c = view.game.board.solution[0]
    view.click(a)
    view.click(c)
    settle(window, 0.5)
    pad.press("b")
    pad.trigger("righttrigger", 0.3)  # not pulled far enough
    assert view.game.board[a] != 0
    pad.trigger("righttrigger", 0.9)
    assert view.game.board[a] == 0
    pad.trigger("lefttrigger", 1.0)
    assert isinstance(window.current_view, HelpView)
    pad.press("a")  # any key closes the help
    assert window.current_view is view


def test_start_pauses_and_resumes_and_back_leaves_for_the_menu(window, pad):
    view = start(window)
    pad.press("start")
    assert isinstance(window.current_view, PauseView)
    clock = view.game.elapsed
    dispatch(window, "on_update", 1.0)
    assert view.game.elapsed == clock  # paused: the clock stands still
    pad.press("start")
    assert window.current_view is view
    pad.press("back")
    assert isinstance(window.current_view, MenuView)


def test_the_shoulders_zoom_a_big_board_about_the_cursor(window, pad):
    view = start(window, GameConfig.preset("big 100x100", seed=1))
    bv = view.board_view
    bv.cursor = bv.cell_near_centre()
    walk_to(pad, view, (bv.cursor[0] + 3, bv.cursor[1] + 4))
    zoom, at = bv.camera.zoom, bv.screen_of(bv.cursor)
    pad.press("rightshoulder")
    assert bv.camera.zoom > zoom
    assert bv.screen_of(bv.cursor) == pytest.approx(at, abs=1)  # it stays under the eye
    pad.press("leftshoulder")
    pad.press("leftshoulder")
    assert bv.camera.zoom < zoom


def test_the_menus_are_walked_by_the_dpad_a_chooses_and_b_goes_back(window, pad):
    window.show_menu()
    menu = window.current_view
    rows = menu.options.rows
    menu.options.focus = 0
    pad.tap(0, -1)
    assert menu.options.focus == 1
    pad.tap(0, 1)
    assert menu.options.focus == 0
    settings_row = next(i for i, row in enumerate(rows) if row.label == "Settings")
    while menu.options.focus != settings_row:
        pad.tap(0, -1)
    pad.press("a")
    settings = window.current_view
    assert isinstance(settings, SettingsView)
    sound = settings.options.rows[0]
    before = sound.value
    pad.tap(1, 0)  # right: the row's next value
    assert sound.value != before and window.settings.sound == sound.value
    pad.press("b")
    menu = window.current_view
    assert isinstance(menu, MenuView)
    pad.press("b")  # Esc on the menu: it asks before quitting
    assert isinstance(window.current_view, QuestionView)
    pad.press("b")  # no
    assert window.current_view is menu
    # The journey's map: the d-pad goes from level to level as the arrows do.
    journey_row = next(i for i, row in enumerate(rows) if row.label.startswith("Journey"))
    while menu.options.focus != journey_row:
        pad.tap(0, 1)
    pad.press("a")
    journey = window.current_view
    assert isinstance(journey, JourneyView)
    level = journey.focus
    pad.tap(1, 0)
    assert journey.focus == map_step(level, "right") != level
    pad.press("b")
    assert isinstance(window.current_view, MenuView)


def test_a_pad_plugged_in_mid_game_works_at_once_and_one_pulled_out_pauses(window, manager):
    view = start(window)
    late = FakeController("Late pad")
    manager.plug(late)
    assert late.opened and "Late pad" in (view.notice or "")
    view.board_view.cursor = (2, 2)
    late.tap(1, 0)
    assert view.board_view.cursor == (2, 3)
    late.dpad(1, 0)  # held as it is pulled out
    assert view.board_view.cursor == (2, 4)
    manager.unplug(late)
    pause = window.current_view
    assert isinstance(pause, PauseView) and pause.under is view
    dispatch(window, "on_update", 1.0)  # nothing repeats for a controller that is gone
    late.press("start")  # nor is it heard
    assert window.current_view is pause
    assert view.board_view.cursor == (2, 4)
    manager.plug(late)  # back: heard again
    late.press("start")
    assert window.current_view is view
    dispatch(window, "on_update", 1.0)  # what it held as it went is held no more
    assert view.board_view.cursor == (2, 4)


def test_a_controller_that_cannot_be_opened_is_left_alone(window, manager):
    class Busy(FakeController):
        def open(self, window=None, exclusive: bool = False) -> None:
            raise OSError("the device is busy")

    view = start(window)
    busy = Busy()
    manager.plug(busy)
    assert busy not in window.gamepads.controllers
    busy.press("start")
    assert window.current_view is view


def test_no_controller_backend_means_no_gamepads_and_the_game_plays_on(window):
    # This window is headless: pyglet has no input devices for it.
    manager, why = controller_manager()
    assert manager is None and why
    assert window.gamepads.unavailable and window.gamepads.controllers == []
    view = start(window)
    dispatch(window, "on_update", 0.1)  # the window's update asks the gamepads too
    key(window, pyglet.window.key.P)
    assert isinstance(window.current_view, PauseView) and window.current_view.under is view


def test_a_whole_game_is_played_by_controller_events_alone(window, pad):
    # From the menu: the focus on "New game" with KShisen's board, A deals it.
    window.show_menu()
    menu = window.current_view
    menu.choice.board.index = menu.choice.board.values.index(KSHISEN_NAME)
    menu.choice.seed.text = str(KSHISEN.seed)
    while menu.options.rows[menu.options.focus].label != "New game":
        pad.tap(0, -1)
    pad.press("a")
    finish_task(window)
    view = window.current_view
    assert isinstance(view, PlayView)
    board = view.game.board
    # The engine says which pair to take next; the d-pad goes there and A selects.
    while board.remaining:
        a, c = next(pair for pair in board.solution if board[pair[0]] and board[pair[1]])
        walk_to(pad, view, a)
        pad.press("a")
        walk_to(pad, view, c)
        pad.press("a")
        assert board[a] == board[c] == 0
    settle(window, 1.0)
    entry = window.current_view
    assert isinstance(entry, NameEntryView)  # a first score: the name, kept with A
    pad.press("a")
    assert isinstance(window.current_view, WinView)


KSHISEN_NAME = "KShisen 14x6"

"""Issue 39, item 1, played: whole games with key events only, from the menu to the end.

The test asks the deal's certificate which pair to take next (what a player would see), and
plans the keys that take the cursor there by the cursor's own rules (model/cursor.py: the
arrows and K, the next tile of a kind); the play screen must put the cursor where the plan
says after every key, and Space or Enter selects. Both renderers (the window fixture)."""

from __future__ import annotations

from collections import deque

import arcade

from llk.game.model import cursor
from llk.game.model.config import GameConfig
from llk.game.model.matching import matching
from llk.game.views.journey import JourneyView
from llk.game.views.level_done import LevelDoneView
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView
from llk.game.views.win import NameEntryView, WinView

from ..helpers import finish_task, frame, key, settle, start, text

ARROW_KEYS = {
    "up": arcade.key.UP,
    "down": arcade.key.DOWN,
    "left": arcade.key.LEFT,
    "right": arcade.key.RIGHT,
}


def plan(grid, start, target, chinese: bool) -> list[tuple[int, tuple[int, int]]]:
    """The fewest keys (arrows and K) that take the cursor from `start` to `target`, each
    with the cell the cursor is on after it, by the cursor's rules."""
    came: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == target:
            break
        steps = [(ARROW_KEYS[way], cursor.step(grid, cell, way)) for way in cursor.WAYS]
        kind = int(grid[cell])
        if kind:
            found = cursor.next_of_kind(grid, cell, matching(kind, chinese))
            if found is not None:
                steps.append((arcade.key.K, found))
        for symbol, after in steps:
            if after not in came:
                came[after] = (cell, symbol)
                queue.append(after)
    assert target in came, f"the cursor's keys never reach {target} from {start}"
    keys: list[tuple[int, tuple[int, int]]] = []
    cell = target
    while came[cell] is not None:
        before, symbol = came[cell]
        keys.append((symbol, cell))
        cell = before
    return keys[::-1]


def cursor_to(window, view: PlayView, target, pressed: list[int]) -> None:
    """Moves the cursor onto `target` by keys (the first arrow shows it), kept in `pressed`."""
    bv = view.board_view
    if bv.cursor is None:
        key(window, arcade.key.RIGHT)
        pressed.append(arcade.key.RIGHT)
        assert bv.cursor is not None and view.game.board[bv.cursor], "it shows on a tile"
    grid = view.game.board.grid
    for symbol, after in plan(grid, bv.cursor, target, view.game.board.chinese):
        key(window, symbol)
        pressed.append(symbol)
        assert bv.cursor == after, (symbol, after, bv.cursor)
        assert bv.in_view(bv.cursor)


def play_by_keys(window, view: PlayView, select=arcade.key.SPACE) -> list[int]:
    """Links the deal's certificate pair by pair, the cursor moved by keys and each tile
    selected by `select`; the keys pressed, in order."""
    pressed: list[int] = []
    for a, c in view.game.board.solution:
        for cell in (a, c):
            cursor_to(window, view, cell, pressed)
            key(window, select)
            pressed.append(select)
        assert view.game.board[a] == 0 and view.game.board[c] == 0, (a, c)
        frame(window)
    return pressed


def to_row(window, options, label_starts: str) -> None:
    """Down (Tab in turn) until the menu's row named so has the focus."""
    for i in range(len(options.rows)):
        if options.rows[options.focus].label.startswith(label_starts):
            return
        key(window, arcade.key.TAB if i % 2 else arcade.key.DOWN)
    raise AssertionError(f"no row {label_starts!r}")


def test_a_kshisen_game_is_played_from_the_menu_to_the_name_entry_by_keys_alone(window):
    window.show_menu()
    menu = window.current_view
    assert isinstance(menu, MenuView)
    frame(window)
    board_row = menu.choice.board
    to_row(window, menu.options, "Board")
    for _ in range(len(board_row.values)):
        if board_row.value == "KShisen 14x6":
            break
        key(window, arcade.key.RIGHT)
    assert board_row.value == "KShisen 14x6"
    to_row(window, menu.options, "New game")
    key(window, arcade.key.ENTER)
    finish_task(window)  # the deal, on a worker
    view = window.current_view
    assert isinstance(view, PlayView)
    assert (view.game.board.rows, view.game.board.cols) == (6, 14)
    settle(window, 0.5)
    pressed = play_by_keys(window, view, select=arcade.key.SPACE)
    assert {arcade.key.K, *ARROW_KEYS.values()} <= set(pressed)  # each way of moving used
    settle(window, 1.0)
    entry = window.current_view
    assert isinstance(entry, NameEntryView)
    for _ in range(len(entry.name)):
        key(window, arcade.key.BACKSPACE)
    text(window, "Keys")
    key(window, arcade.key.ENTER)
    assert isinstance(window.current_view, WinView)
    (table,) = window.storage.load_scores().values()
    assert table[0]["name"] == "Keys" and table[0]["score"] == view.game.score > 0
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, MenuView)


def test_the_journeys_first_level_is_done_by_keys_alone(window):
    window.show_menu()
    menu = window.current_view
    frame(window)
    to_row(window, menu.options, "Journey")
    key(window, arcade.key.ENTER)
    journey_map = window.current_view
    assert isinstance(journey_map, JourneyView) and journey_map.focus == 1
    frame(window)
    key(window, arcade.key.ENTER)
    view = window.current_view
    assert isinstance(view, PlayView) and view.game.config.mode == "journey:1"
    settle(window, 0.5)
    play_by_keys(window, view, select=arcade.key.ENTER)
    settle(window, 1.0)
    done = window.current_view
    assert isinstance(done, LevelDoneView) and done.stars == 3
    assert window.storage.load_journey().stars[1] == 3
    key(window, arcade.key.ESCAPE)
    back = window.current_view
    assert isinstance(back, JourneyView) and back.focus == 2  # the next level, open now


def test_j_takes_the_cursor_to_the_hinted_pair_and_enter_links_it(window):
    view = start(window)
    bv = view.board_view
    hints = view.game.hints_left
    key(window, arcade.key.J)  # no hint shows: H's hint is looked for, the cursor goes to it
    finish_task(window)
    assert bv.hint is not None and bv.cursor == bv.hint[0]
    a, c = bv.hint
    key(window, arcade.key.J)
    assert bv.cursor == c
    key(window, arcade.key.J)
    assert bv.cursor == a
    key(window, arcade.key.ENTER)
    key(window, arcade.key.J)
    key(window, arcade.key.ENTER)
    assert view.game.board[a] == view.game.board[c] == 0
    assert view.game.hints_left == hints - 1  # one hint, as H costs: J itself is free


def test_k_marks_the_kind_under_the_cursor_and_the_zoom_keys_zoom_at_the_cursor(window):
    view = start(window, GameConfig.preset("big 50x50", seed=2))
    bv = view.board_view
    key(window, arcade.key.RIGHT)
    kind = view.game.board[bv.cursor]
    key(window, arcade.key.K)
    assert bv.highlight_kind == kind and view.game.board[bv.cursor] == kind
    x, y = bv.screen_of(bv.cursor)
    zoom = bv.camera.zoom
    key(window, arcade.key.EQUAL)
    assert bv.camera.zoom > zoom
    assert abs(bv.screen_of(bv.cursor)[0] - x) < 1 and abs(bv.screen_of(bv.cursor)[1] - y) < 1
    key(window, arcade.key.MINUS)
    key(window, arcade.key.MINUS)
    assert bv.camera.zoom < zoom

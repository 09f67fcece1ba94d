"""Issue 39, item 1: every screen's focus order walked by keys, the focus seen in the pixels.

A screen with choices (the menu, the settings, the score tables, the journey map and its shop,
the name entry, the board) moves its focus by Tab / Shift+Tab or the arrows, and draws it:
the rows' outline (widgets.FOCUS_EDGE, a blue no text is drawn in), the journey's ring and the
board's cursor (the palette's cursor colour), read back with arcade.get_image(). The screens
with one thing to do (a cover over play, a game's end) answer the keys their foot lists."""

from __future__ import annotations

import arcade
import numpy as np

from llk.game.model import journey
from llk.game.model.game import Game
from llk.game.views.covers import HelpView, PauseView, QuestionView
from llk.game.views.daily_done import DailyDoneView
from llk.game.views.journey import JourneyView
from llk.game.views.level_done import LevelDoneView
from llk.game.views.menu import MenuView
from llk.game.views.play import PlayView
from llk.game.views.scores import ScoresView
from llk.game.views.settings import SettingsView
from llk.game.views.widgets import FOCUS_EDGE
from llk.game.views.win import GameOverView, NameEntryView, WinView, score_entry

from ..helpers import KSHISEN, frame, image_point, key, pixel, start, text

TAB, SHIFT = arcade.key.TAB, arcade.key.MOD_SHIFT


def edge_in(window, bottom: float, top: float, image=None) -> int:
    """How many pixels of the focus's outline colour lie between screen heights bottom..top."""
    image = np.asarray((image or arcade.get_image()).convert("RGB"))
    y0, y1 = image_point(window, 0, top)[1], image_point(window, 0, bottom)[1]
    band = image[max(0, y0) : y1 + 1]
    return int(np.all(band == FOCUS_EDGE, axis=-1).sum())


def lit_rows(window, bands: list[tuple[float, float]]) -> list[int]:
    """The rows (each a band bottom..top) with the focus's outline drawn in them: its sides
    in the middle of the row's band (its top and bottom edges may reach the next rows)."""
    image = arcade.get_image()
    lit = []
    for i, (b, t) in enumerate(bands):
        inner = (t - b) * 0.3
        if edge_in(window, b + inner, t - inner, image) > 10:
            lit.append(i)
    return lit


def walk_rows(window, options) -> None:
    """Tab goes down the rows one by one and round to the first, Shift+Tab and Up back, Down
    on: each time the row in focus, and only it, drawn outlined."""
    n = len(options.rows)

    def bands() -> list[tuple[float, float]]:
        half = options.row_height / 2
        return [(options.row_y(i) - half, options.row_y(i) + half) for i in range(n)]

    for i in range(n + 1):
        frame(window)
        assert options.focus == i % n
        assert lit_rows(window, bands()) == [i % n], i
        key(window, TAB)
    key(window, TAB, SHIFT)
    key(window, arcade.key.UP)
    frame(window)
    assert options.focus == (n + 1 - 2) % n and lit_rows(window, bands()) == [options.focus]
    key(window, arcade.key.DOWN)
    frame(window)
    assert options.focus == n % n and lit_rows(window, bands()) == [0]


def test_the_menus_rows_are_walked_by_tab_and_the_arrows_the_focus_outlined(window):
    window.show_menu()
    menu = window.current_view
    assert isinstance(menu, MenuView)
    walk_rows(window, menu.options)
    # Space runs an action row as Enter does: the settings.
    menu.options.focus = next(i for i, r in enumerate(menu.options.rows) if r.label == "Settings")
    key(window, arcade.key.SPACE)
    assert isinstance(window.current_view, SettingsView)


def test_the_settings_rows_are_walked_by_tab_and_the_arrows_the_focus_outlined(window):
    window.show_settings()
    settings = window.current_view
    assert isinstance(settings, SettingsView)
    walk_rows(window, settings.options)
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, MenuView)


def test_the_score_tables_rows_and_pages_are_walked_by_keys_the_focus_outlined(window):
    game = Game(KSHISEN)
    for name in ("one", "two", "three"):
        window.storage.add_score(game.category, score_entry(game, name))
    window.storage.add_score("6x14 full", {"score": 120, "seconds": 60})
    window.show_scores()
    view = window.current_view
    assert isinstance(view, ScoresView) and len(view.categories) == 2
    for _table in range(2):
        for row in range(len(view.entries) + 1):
            frame(window)
            assert view.focus == row % len(view.entries)
            assert lit_rows(window, view.rows_at) == [view.focus]
            key(window, arcade.key.DOWN)
        page = view.page
        key(window, TAB)
        assert view.page == (page + 1) % 2 and view.focus == 0
    key(window, TAB, SHIFT)
    assert view.page == 1
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, MenuView)


def test_the_journey_map_and_its_shop_are_walked_by_keys_the_focus_ringed(window):
    window.show_journey()
    view = window.current_view
    assert isinstance(view, JourneyView)
    ring = window.theme.palette.cursor
    g = view.geometry()

    def map_ringed() -> bool:
        x, y = view.node_centre(view.focus)
        return pixel(window, x, y + g.radius + 3 * g.scale) == ring

    def shop_ringed() -> list[int]:
        ringed = []
        for i in range(len(journey.PRICES)):
            x, y = view.shop_centre(i)
            if pixel(window, x - g.shop_w / 2 - 3 * g.scale, y) == ring:
                ringed.append(i)
        return ringed

    frame(window)
    assert map_ringed() and shop_ringed() == []
    key(window, arcade.key.RIGHT)
    assert view.focus == 2
    # Tab: each power-up in turn, then the map again.
    for i in range(len(journey.PRICES)):
        key(window, TAB)
        frame(window)
        assert shop_ringed() == [i] and not map_ringed()
    key(window, TAB)
    frame(window)
    assert view.shop_focus is None and map_ringed() and shop_ringed() == []
    key(window, TAB, SHIFT)  # back: the last power-up
    key(window, arcade.key.LEFT)
    frame(window)
    assert shop_ringed() == [len(journey.PRICES) - 2]
    key(window, arcade.key.ENTER)  # buys it (no stars yet: refused, and said why)
    assert "costs" in view.message
    key(window, arcade.key.UP)
    frame(window)
    assert map_ringed() and shop_ringed() == [] and view.focus == 2


def test_the_name_entry_field_has_the_focus_outlined_and_takes_the_keys(window):
    game = Game(KSHISEN)
    entry = NameEntryView(window.services, game, game.category)
    window.show_view(entry)
    frame(window)
    h = window.height
    field = 44 * 1.0  # at least the field's height at the smallest scale
    assert edge_in(window, h * 0.46 - field, h * 0.46 + field) > 100
    assert edge_in(window, 0, h * 0.3) == 0  # nothing else outlined
    for _ in range(len(entry.name)):
        key(window, arcade.key.BACKSPACE)
    text(window, "K")
    key(window, arcade.key.ENTER)
    assert isinstance(window.current_view, WinView)
    assert window.storage.load_scores()[game.category][0]["name"] == "K"


def outlined(window, view: PlayView, cell) -> bool:
    """Is the cursor's outline drawn round `cell`'s box (the middles of its four edges; a
    neighbour's outline shares one of them)?"""
    bv = view.board_view
    x, y = bv.screen_of(cell)
    w, h = bv._marker_size()
    edges = [(x - w / 2, y), (x + w / 2, y), (x, y - h / 2), (x, y + h / 2)]
    return all(pixel(window, ex, ey) == window.theme.palette.cursor for ex, ey in edges)


def test_the_board_cursor_is_drawn_where_the_keys_take_it_and_the_covers_answer(window):
    view = start(window)
    bv = view.board_view
    frame(window)
    middle = bv.cell_near_centre()
    assert bv.cursor is None and not outlined(window, view, middle)
    key(window, arcade.key.RIGHT)  # shows it, on the tile nearest the middle
    frame(window)
    first = bv.cursor
    assert first is not None and outlined(window, view, first)
    for symbol in (arcade.key.RIGHT, arcade.key.DOWN, arcade.key.LEFT, arcade.key.K):
        before = bv.cursor
        key(window, symbol)
        frame(window)
        assert bv.cursor != before and outlined(window, view, bv.cursor), symbol
        assert not outlined(window, view, before), symbol
    # The covers over play: each answers its keys and gives the board back.
    for opens, cover, closes in (
        (arcade.key.P, PauseView, arcade.key.P),
        (arcade.key.F1, HelpView, arcade.key.SPACE),
        (arcade.key.A, QuestionView, arcade.key.ESCAPE),  # "let the solver play?" no
    ):
        key(window, opens)
        assert isinstance(window.current_view, cover), cover
        key(window, closes)
        assert window.current_view is view, cover


def test_the_end_screens_answer_the_keys_at_their_foot(window):
    game = Game(KSHISEN)
    services = window.services
    for screen, symbol, then in (
        (WinView(services, game, 1), arcade.key.ESCAPE, MenuView),
        (GameOverView(services, game, "time"), arcade.key.ENTER, PlayView),
        (LevelDoneView(services, game, journey.level(1), 3, True, 1), arcade.key.J, JourneyView),
        (DailyDoneView(services, game, "line", None, True, None), arcade.key.ENTER, MenuView),
    ):
        window.show_view(screen)
        frame(window)
        key(window, symbol)
        assert isinstance(window.current_view, then), screen

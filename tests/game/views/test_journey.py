"""Issue 16, played: the journey from the menu through its map to a level's stars, with real
events (clicks on the menu's row, on the map's node, on tiles found on screen), the power-ups
that stars buy, auto-play within a level's time, and the daily puzzle's result line."""

from __future__ import annotations

import arcade
import pytest

from llk.game.model import daily, journey
from llk.game.views.daily_done import DailyDoneView
from llk.game.views.journey import CLEARED, JourneyView
from llk.game.views.level_done import LevelDoneView
from llk.game.views.menu import MenuView
from llk.game.views.new_game import shown
from llk.game.views.play import PlayView
from llk.game.views.text import measured

from ..helpers import click, click_at, finish_task, frame, image_point, key, pixel, settle


def open_journey(window) -> JourneyView:
    window.show_menu()
    menu = window.current_view
    assert isinstance(menu, MenuView)
    frame(window)
    row = next(i for i, r in enumerate(menu.options.rows) if r.label.startswith("Journey"))
    click_at(window, window.width / 2, menu.options.row_y(row))
    view = window.current_view
    assert isinstance(view, JourneyView)
    frame(window)
    return view


def play_level(window, number: int, seconds_a_pair: float) -> PlayView:
    """Clicks level `number` on the map and links its certificate's pairs, clicking each tile
    where it is drawn, `seconds_a_pair` apart on the level's clock."""
    view = window.current_view
    assert isinstance(view, JourneyView)
    click_at(window, *view.node_centre(number))
    play = window.current_view
    assert isinstance(play, PlayView) and play.game.config.mode == f"journey:{number}"
    settle(window, 0.5)
    for a, c in journey.level(number).solution:
        play.game.tick(seconds_a_pair - 0.5)
        click(window, a)
        click(window, c)
        settle(window, 0.5)
        if window.current_view is not play:
            break
    return play


def test_a_journey_level_played_with_clicks_earns_its_stars(window):
    view = open_journey(window)
    accent = window.theme.palette.accent
    # Level 1 is open, level 2 locked: a click on it says so and plays nothing.
    click_at(window, *view.node_centre(2))
    assert window.current_view is view and "locked" in view.message
    play = play_level(window, 1, seconds_a_pair=2.0)
    frame(window)
    # The time bar shows in the HUD: the accent colour while three stars are in reach.
    w, h = window.width, window.height
    done = window.current_view
    assert isinstance(done, LevelDoneView), type(done)
    assert done.stars == 3 and done.best and not play.game.assisted
    # The stars appear one by one.
    frame(window, 0.1)
    assert done.shown == 0
    seen = []
    for _ in range(20):
        frame(window, 0.2)
        seen.append(done.shown)
    assert seen == sorted(seen) and seen[0] < 3 and seen[-1] == 3 and 1 in seen and 2 in seen
    for x, y in done.star_centres():
        assert pixel(window, x, y) == accent
    # Progress is saved: the map shows the stars, and level 2 is open now.
    progress = window.storage.load_journey()
    assert progress.stars == {1: 3} and progress.is_unlocked(2)
    # The level's own high-score table, apart from free games'.
    assert "journey 1" in window.storage.load_scores()
    key(window, arcade.key.ESCAPE)
    view = window.current_view
    assert isinstance(view, JourneyView) and view.progress.stars == {1: 3}
    frame(window)
    x, y = view.node_centre(1)
    r = view.geometry().radius
    star = r * 0.36  # the stars' size and place under the node (JourneyView.draw_node)
    assert pixel(window, x - star * 2.1, y - r - star * 1.4) == accent  # the first, filled
    assert w and h


def test_a_slower_level_earns_fewer_stars_and_keeps_the_best(window):
    open_journey(window)
    play_level(window, 1, seconds_a_pair=5.0)  # 120 s of 168: less than a third left
    done = window.current_view
    assert isinstance(done, LevelDoneView) and done.stars == 2
    key(window, arcade.key.R)  # the level again, faster
    play = window.current_view
    assert isinstance(play, PlayView)
    settle(window, 0.5)
    for a, c in journey.level(1).solution:
        play.game.tick(2.0)
        click(window, a)
        click(window, c)
        settle(window, 0.5)
    assert window.current_view.stars == 3
    assert window.storage.load_journey().stars == {1: 3}


def test_the_time_bar_empties_and_the_level_fails_when_time_is_up(window):
    window.start_game(journey.level(1).config())
    play = window.current_view
    settle(window, 0.5)
    frame(window)
    left, right, y = play.hud.time_bar  # the props in stock to its right
    palette = window.theme.palette
    near_end = (left + 3 + (right - left - 6) * 0.9, y)
    assert pixel(window, *near_end) == palette.selection  # three stars in reach
    play.game.tick(100)  # two stars now: yellow, told apart from three at a glance
    frame(window)
    assert pixel(window, left + 10, y) == palette.hint != palette.selection
    play.game.tick(40)  # a sixth left: the bar is short and red
    frame(window)
    assert pixel(window, *near_end) != palette.selection
    assert pixel(window, left + 10, y) == palette.path
    play.game.tick(100)
    frame(window)
    done = window.current_view
    assert isinstance(done, LevelDoneView) and done.stars == 0
    assert window.storage.load_journey().stars == {}


def test_stars_buy_power_ups_that_a_level_spends(window):
    progress = journey.Progress(stars={1: 3, 2: 1})
    window.storage.save_journey(progress)
    view = open_journey(window)
    names = list(journey.PRICES)
    # Clicks on the shop: a hint (1 star), the mirror (2), then another mirror is too dear.
    click_at(window, *view.shop_centre(names.index("hint")))
    click_at(window, *view.shop_centre(names.index("mirror")))
    click_at(window, *view.shop_centre(names.index("mirror")))
    assert "costs 2 stars" in view.message
    stock = window.storage.load_journey()
    assert stock.power_ups["hint"] == 1 and stock.power_ups["mirror"] == 1
    assert stock.balance == 1
    key(window, arcade.key.KEY_4)  # obstacles, 1 star
    assert window.storage.load_journey().power_ups["obstacles"] == 1
    click_at(window, *view.node_centre(3))
    play = window.current_view
    assert isinstance(play, PlayView)
    settle(window, 0.5)
    game = play.game
    assert game.hints_left == 1 and game.shuffles_left == journey.FREE_SHUFFLES
    assert play.mode.status == "mirror 1  obstacles 1"  # the HUD's count of props
    # The free re-arrange costs nothing and leaves the game unassisted.
    key(window, arcade.key.S)
    finish_task(window)
    assert not game.assisted and game.shuffles_left == 0
    key(window, arcade.key.M)
    settle(window, 0.5)
    assert game.assisted and window.storage.load_journey().power_ups["mirror"] == 0
    assert play.mode.status == "mirror 0  obstacles 1"
    key(window, arcade.key.M)  # none left: refused
    assert "No mirror power-up" in (play.notice or "")
    limit = game.time_limit
    key(window, arcade.key.O)  # a full board: no room, and nothing spent
    assert "No room" in play.notice and game.time_limit == limit
    while game.board.remaining > 44:  # room for the two pairs
        pair = game.board.moves()[0]
        click(window, pair[0])
        click(window, pair[1])
        settle(window, 0.5)
    key(window, arcade.key.O)
    assert game.time_limit == limit + journey.OBSTACLE_SECONDS, (play.notice, game.board.remaining)
    assert window.storage.load_journey().power_ups["obstacles"] == 0
    key(window, arcade.key.H)
    finish_task(window)
    assert game.hints_left == 0 and window.storage.load_journey().power_ups["hint"] == 0
    settle(window, 0.5)
    key(window, arcade.key.ESCAPE)  # the hint shown: a second H would be the next one, free
    window.current_view.continue_game("journey")
    finish_task(window)
    play = window.current_view
    key(window, arcade.key.H)
    assert play.notice == "No hint power-up: buy one with stars"
    key(window, arcade.key.S)  # the free re-arrange is spent (the save says so)
    assert play.notice == "No re-arrange power-up: buy one with stars"


def test_auto_play_clears_a_level_with_time_to_spare_and_earns_no_stars(window):
    level = journey.level(11)  # a random deal, under gravity
    window.start_game(level.config())
    play = window.current_view
    settle(window, 0.5)
    play.show(play.rules.autoplay().yes())  # the question answered yes
    finish_task(window)
    for _ in range(4000):
        if window.current_view is not play:
            break
        play.on_update(1 / 30)
        play.poll_facts(wait=True)
    done = window.current_view
    assert isinstance(done, LevelDoneView) and play.game.is_won()
    assert play.game.elapsed < level.time_limit / 4
    assert done.stars == 0 and window.storage.load_journey().stars == {}


def test_a_journey_level_saved_and_continued_keeps_its_mode(window):
    window.start_game(journey.level(1).config())
    play = window.current_view
    settle(window, 0.5)
    click(window, journey.level(1).solution[0][0])
    click(window, journey.level(1).solution[0][1])
    settle(window, 0.5)
    key(window, arcade.key.ESCAPE)
    window.current_view.continue_game("journey")
    finish_task(window)
    again = window.current_view
    assert isinstance(again, PlayView) and again is not play
    assert again.game.config.mode == "journey:1" and again.game.time_limit == 168
    assert again.mode.title == "Level 1"


def test_the_daily_puzzle_from_the_menu_ends_with_its_line_to_share(window):
    window.show_menu()
    menu = window.current_view
    frame(window)
    row = next(i for i, r in enumerate(menu.options.rows) if r.label.startswith("Daily"))
    assert daily.code_for(daily.today()) in menu.options.rows[row].label
    click_at(window, window.width / 2, menu.options.row_y(row))
    finish_task(window)
    play = window.current_view
    assert isinstance(play, PlayView)
    assert play.game.board.code == daily.code_for(daily.today())
    settle(window, 0.5)
    for a, c in play.game.board.solution:
        play.game.tick(1.5)
        click(window, a)
        click(window, c)
        settle(window, 0.5)
    done = window.current_view
    assert isinstance(done, DailyDoneView) and done.won
    frame(window)
    pairs = 72
    assert done.line.startswith(f"llk daily {daily.today().isoformat()} ")
    assert f"{pairs} moves, unassisted" in done.line and "cleared in" in done.line
    assert done.path.read_text().splitlines()[-1] == done.line
    assert done.copied in (True, False)
    assert f"daily {daily.today().isoformat()}" in window.storage.load_scores()


@pytest.mark.parametrize("assisted", [False, True])
def test_an_assisted_journey_result_never_tops_the_unassisted_table(window, assisted):
    window.start_game(journey.level(1).config())
    play = window.current_view
    settle(window, 0.5)
    if assisted:
        play.game.assisted = True
    for a, c in journey.level(1).solution:
        play.game.tick(1.0)
        click(window, a)
        click(window, c)
        settle(window, 0.5)
    scores = window.storage.load_scores()
    assert list(scores) == ["journey 1 (assisted)" if assisted else "journey 1"]


def test_combo_pop_ups_and_the_sounds_of_a_combo_a_level_and_each_star(window, monkeypatch):
    played: list[str] = []
    monkeypatch.setattr(window.sound, "play", played.append)
    level = journey.level(1)
    window.start_game(level.config())
    play = window.current_view
    settle(window, 0.5)
    (a, c), (a2, c2) = level.solution[:2]
    click(window, a)
    click(window, c)
    assert not play.popups.shown and "combo" not in played
    frame(window, 0.5)
    click(window, a2)
    click(window, c2)  # within 3 s: combo x1
    assert [p.label.text for p in play.popups.shown] == ["Combo x1  +15"]
    assert played.count("combo") == 1
    # Drawn over the board, where the pair was, in the accent colour; gone after its time.
    frame(window, 0.05)
    popup = play.popups.shown[0]
    x, y = popup.label.position
    assert pixel(window, x, y - 2) != pixel(window, x, y + 60)
    settle(window, 1.0)
    assert not play.popups.shown
    for pair in level.solution[2:]:
        play.game.tick(3.5)  # no combo: no pop-up
        click(window, pair[0])
        click(window, pair[1])
        settle(window, 0.5)
    done = window.current_view
    assert isinstance(done, LevelDoneView) and played.count("combo") == 1
    for _ in range(12):
        frame(window, 0.25)
    ending = played[played.index("level") :]
    assert done.stars >= 1 and ending == ["level"] + ["star"] * done.stars


def test_the_arrows_move_the_focus_by_place_on_the_map_not_by_number(window):
    # Issue 38: Right moved left on the rows drawn right to left, and Down jumped across.
    view = open_journey(window)
    assert view.focus == 1
    for symbol, focus in [
        (arcade.key.RIGHT, 2),
        (arcade.key.DOWN, 9),  # below level 2: the second row runs right to left
        (arcade.key.RIGHT, 8),  # on screen, 8 is right of 9
        (arcade.key.LEFT, 9),
        (arcade.key.UP, 2),
        (arcade.key.UP, 2),  # the top edge
        (arcade.key.RIGHT, 3),
        (arcade.key.RIGHT, 4),
        (arcade.key.RIGHT, 5),
        (arcade.key.RIGHT, 5),  # the row's end: Down follows the path's turn
        (arcade.key.DOWN, 6),
        (arcade.key.DOWN, 15),
    ]:
        before = view.node_centre(view.focus)
        key(window, symbol)
        assert view.focus == focus, (symbol, before)
    # Every arrow from every node: the node next to it on screen in that direction, or none.
    shifts = {arcade.key.LEFT: (-1, 0), arcade.key.RIGHT: (1, 0)}
    shifts |= {arcade.key.UP: (0, 1), arcade.key.DOWN: (0, -1)}
    centres = {lv.number: view.node_centre(lv.number) for lv in journey.levels()}
    for number, (x, y) in centres.items():
        for symbol, (dx, dy) in shifts.items():
            view.focus = number
            key(window, symbol)
            ahead = [
                (abs(nx - x) + abs(ny - y), n)
                for n, (nx, ny) in centres.items()
                if ((nx - x) * dx > 0 and ny == y) or ((ny - y) * dy > 0 and nx == x)
            ]
            assert view.focus == min(ahead, default=(0, number))[1], (number, symbol)
    # Enter plays the level in focus (level 1, open).
    view.focus = 1
    frame(window)
    x, y = view.node_centre(1)
    assert pixel(window, x, y + view.geometry().radius + 3) == window.theme.palette.cursor
    key(window, arcade.key.ENTER)
    assert isinstance(window.current_view, PlayView)
    assert window.current_view.game.config.mode == "journey:1"


def test_the_paths_turns_go_round_the_row_ends_clear_of_their_stars_and_words(window):
    # Issue 38: the link from a row's end to the next row ran straight down through the
    # stars and the words under both nodes. Every level cleared: the path is CLEARED's green.
    cleared = journey.Progress(stars={lv.number: 3 for lv in journey.levels()})
    window.storage.save_journey(cleared)
    view = open_journey(window)
    with measured() as texts:
        frame(window)
    image = arcade.get_image()
    r = view.geometry().radius
    count = len(journey.levels())
    turns = [n for n in range(1, count) if journey.map_place(n)[0] != journey.map_place(n + 1)[0]]
    assert len(turns) == count // journey.MAP_COLUMNS - 1
    for number in turns:
        (x, y1), (_, y2) = view.link_points(number, number + 1)[1:3]
        assert pixel(window, x, (y1 + y2) / 2) == CLEARED  # the turn is drawn, outside
        for end in (number, number + 1):
            cx, cy = view.node_centre(end)
            # The words under the node, as drawn, and the stars above them.
            (words,) = [
                t.extent
                for t in texts
                if t.text == shown(journey.level(end).gravity)
                and abs((t.extent[0] + t.extent[2]) / 2 - cx) < 2
                and cy - 2 * r > t.extent[3] > cy - 3 * r
            ]
            left, right = min(words[0], cx - 1.2 * r), max(words[2], cx + 1.2 * r)
            box = (*image_point(window, left, cy - r - 3), *image_point(window, right, words[1]))
            colours = {p[:3] for p in image.crop(box).getdata()}
            assert window.theme.palette.accent in colours  # the stars are there
            assert CLEARED not in colours, (number, end)

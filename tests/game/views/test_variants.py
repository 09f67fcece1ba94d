"""Issue 28 item 2, the rule variants in the game: the menu's rows (Chinese style, tiles slide,
the tile mix) and `llk play --chinese --slide`, driven with real keys; the free game plays by
them, the journey and the daily puzzle keep the classic rules; each has a high-score table of
its own; saves keep them; Chinese style is drawn with the Mahjong tiles and links a flower
with another flower, as the engine says."""

from __future__ import annotations

import arcade
import numpy as np
import pytest

import llk
import llk.cli
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.model.outcomes import Linked, Moved
from llk.game.store.checks import is_saved_game
from llk.game.store.settings import Settings
from llk.game.views.covers import HelpView
from llk.game.views.play import PlayView
from llk.game.views.scores import table_title
from llk.game.views.text import measured

from ..helpers import click, finish_task, frame, image_point, key, settle, start

# Two flowers side by side (35, 36), two more below (37, 38), and two plain pairs.
FLOWERS = [[35, 36, 1, 1], [37, 38, 2, 2]]


def menu_row(menu, row) -> None:
    """Moves the menu's focus to `row` with the Down key, as a player does."""
    while menu.options.rows[menu.options.focus] is not row:
        key(menu.window, arcade.key.DOWN)


def test_the_menus_rows_deal_a_free_game_by_the_variants_and_are_remembered(window):
    window.show_menu()
    menu = window.current_view
    choice = menu.choice
    choice.board.index = choice.board.values.index("KShisen 16x9")
    # A random deal: a solvable one under the slide rules is a search (seconds on the Python
    # core); this test is about the rows, tests/engine/test_slide.py about those deals.
    choice.solvable.index = 1
    for row in (choice.tiles, choice.chinese, choice.slide):
        menu_row(menu, row)
        with measured() as drawn:
            menu.on_draw()
        # The focused row's explanation is drawn at the foot.
        assert any(d.text == menu.options.about for d in drawn), row.label
        key(window, arcade.key.RIGHT)
    assert (choice.tiles.value, choice.chinese.value, choice.slide.value) == ("kshisen", True, True)
    menu_row(menu, menu.options.rows[menu.options.rows.index(choice.board) - 1])  # New game
    key(window, arcade.key.ENTER)
    finish_task(window)
    game = window.current_view.game
    assert isinstance(window.current_view, PlayView)
    assert (game.board.chinese, game.board.slide, game.config.tiles) == (True, True, "kshisen")
    assert game.board.code.endswith(".rbkcl") and game.config.kinds == 42
    # Remembered: the next menu has them set, and so do the settings on disk.
    assert window.storage.load_settings().last_game["chinese"] is True
    key(window, arcade.key.ESCAPE)
    again = window.current_view.choice
    assert (again.tiles.value, again.chinese.value, again.slide.value) == ("kshisen", True, True)


def test_the_daily_puzzle_keeps_the_classic_rules_whatever_the_menu_says(window):
    window.show_menu()
    menu = window.current_view
    menu.choice.chinese.index = menu.choice.slide.index = 1
    daily = next(r for r in menu.options.rows if r.action == menu.daily)
    menu_row(menu, daily)
    key(window, arcade.key.ENTER)
    finish_task(window)
    board = window.current_view.game.board
    assert not board.chinese and not board.slide


def test_a_variant_game_never_enters_the_classic_table(window):
    config = GameConfig(rows=2, cols=4, kinds=2, seed=1)
    classic = Game(config, llk.Board(FLOWERS))
    assert classic.category == "2x4 full gravity=none relaxed"  # as before the variants
    chinese = Game(config, llk.Board(FLOWERS, chinese=True))
    assert chinese.category == "2x4 full gravity=none relaxed chinese"
    both = Game(GameConfig(tiles="kshisen"), llk.Board(FLOWERS, chinese=True, slide=True))
    assert both.category.endswith(" kshisen chinese slide")
    assert table_title(both.category) == (
        "2x4 board, no gravity, relaxed, KShisen's tile mix, Chinese style, tiles slide"
    )
    # A classic score of before (an old scores file) stays where it was; a win through the
    # play screen goes to the variant's own table.
    old = {"score": 5, "name": "Old", "when": "before", "seconds": 9.0}
    window.storage.add_score(classic.category, old)
    view = start(window, config, llk.Board(FLOWERS, chinese=True))
    for pair in (((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 2), (0, 3)), ((1, 2), (1, 3))):
        click(window, pair[0])
        click(window, pair[1])
        frame(window, 0.5)
    settle(window, 1.0)
    key(window, arcade.key.ENTER)  # the name entry: the default name
    scores = window.storage.load_scores()
    assert set(scores) == {classic.category, view.game.category}
    assert scores[classic.category] == [old] and scores[view.game.category][0]["name"] == "Tester"
    assert view.game.category.endswith(" chinese")


def test_a_flower_links_with_another_flower_in_chinese_style_only(window):
    config = GameConfig(rows=2, cols=4, kinds=2, seed=1)
    classic = Game(config, llk.Board(FLOWERS))
    classic.click((0, 0))
    assert isinstance(classic.click((0, 1)), Moved)
    view = start(window, config, llk.Board(FLOWERS, chinese=True))
    bv = view.board_view
    # The HUD's move count (the facts' worker, on a board of its own) counts the flowers'.
    view.poll_facts(wait=True)
    assert view.moves == view.game.board.move_count() > llk.Board(FLOWERS).move_count()
    frame(window)
    before = arcade.get_image().convert("RGB")
    click(window, (0, 0), arcade.MOUSE_BUTTON_RIGHT)
    assert bv.highlight_kinds == {35, 36, 37, 38}
    frame(window)
    after = arcade.get_image().convert("RGB")
    # Every flower is tinted (its face's light corner turns the highlight's yellow: the blue
    # drops), the plain tiles are not.
    for cell, tinted in (((0, 1), True), ((1, 0), True), ((1, 1), True), ((0, 2), False)):
        x, y = bv.screen_of(cell)
        corner = image_point(window, x - 20, y + 25)
        drop = before.getpixel(corner)[2] - after.getpixel(corner)[2]
        assert (drop > 40) == tinted, (cell, drop)
    outcomes = []
    view.show = outcomes.append  # type: ignore[method-assign]
    click(window, (0, 0))
    click(window, (0, 1))
    (linked,) = (o for o in outcomes if isinstance(o, Linked))
    assert (linked.kind, linked.c_kind) == (35, 36)
    assert view.game.board.remaining == 6


def test_chinese_style_is_drawn_with_mahjong_tiles_unless_a_set_was_chosen(window):
    config = GameConfig(rows=2, cols=4, kinds=2, seed=1)
    start(window, config, llk.Board(FLOWERS, chinese=True))
    assert window.services.theme.tile_set == "mahjong"
    start(window, config, llk.Board(FLOWERS))
    assert window.services.theme.tile_set == "paper"
    window.settings.tile_set, window.settings.tile_set_chosen = "night", True
    start(window, config, llk.Board(FLOWERS, chinese=True))
    assert window.services.theme.tile_set == "night"
    # A settings file from before the field: a set other than the first was a choice.
    assert Settings.from_json({"tile_set": "night"}).tile_set_chosen
    assert not Settings.from_json({"tile_set": "paper"}).tile_set_chosen


def test_the_help_explains_the_variants_and_names_the_games_rules(window):
    view = start(window, GameConfig(rows=2, cols=4, kinds=2), llk.Board(FLOWERS, chinese=True))
    key(window, arcade.key.F1)
    assert isinstance(window.current_view, HelpView)
    with measured() as drawn:
        window.current_view.on_draw()
    texts = [d.text for d in drawn]
    assert "This game: Chinese style (the menu's rows choose them)" in texts
    assert sum(t.startswith(("Tile mix:", "Chinese style:", "Tiles slide:")) for t in texts) == 3
    assert view.game.board.chinese


MARKS_LINE = (
    "Tiles with a round flower badge match one another; so do tiles with a square leaf badge"
)


def help_words(window) -> list[str]:
    """The help over the play screen, opened with F1 as a player does: its words."""
    key(window, arcade.key.F1)
    assert isinstance(window.current_view, HelpView)
    with measured() as drawn:
        window.current_view.on_draw()
    key(window, arcade.key.ESCAPE)  # any key closes it
    return [d.text for d in drawn]


def test_the_help_tells_what_the_group_marks_mean_when_the_tiles_carry_them(window):
    config = GameConfig(rows=2, cols=4, kinds=2)
    # Chinese style with the Mahjong tiles (no set chosen): its faces show the groups.
    start(window, config, llk.Board(FLOWERS, chinese=True))
    assert MARKS_LINE not in help_words(window)
    window.settings.tile_set, window.settings.tile_set_chosen = "pictures", True
    start(window, config, llk.Board(FLOWERS))  # the classic rules: no groups
    assert MARKS_LINE not in help_words(window)
    start(window, config, llk.Board(FLOWERS, chinese=True))  # a chosen set: marked groups
    words = help_words(window)
    # Beside the rule it qualifies: which pairs link.
    links = "Mouse: click a tile, then an equal one that links (<= 2 turns)"
    assert words.index(MARKS_LINE) == words.index(links) + 1


def test_a_save_keeps_its_variant_and_a_damaged_one_is_refused(window):
    config = GameConfig.preset("KShisen 16x9", chinese=True, slide=True, kinds=42)
    game = Game(config, config.deal())
    data = game.to_save()
    assert data["chinese"] is True and data["slide"] is True and is_saved_game(data)
    again = Game.from_save(data)
    assert again.board.chinese and again.board.slide and again.board == game.board
    # Rebuilt from the grid alone (no code), the variant comes from the save's fields.
    assert Game.from_save({**data, "code": None}).board.chinese
    # An old save has none: classic.
    old = Game(GameConfig(), GameConfig().deal()).to_save()
    for name in ("chinese", "slide"):
        del old[name], old["config"][name]
    restored = Game.from_save(old)
    assert not restored.board.chinese and not restored.board.slide
    # Damaged fields are refused like the others.
    assert not is_saved_game({**data, "chinese": "yes"})
    assert not is_saved_game({**data, "config": {**data["config"], "slide": 1}})
    with pytest.raises(ValueError, match="damaged"):
        Game.from_save({**data, "chinese": False})  # the code says otherwise


def test_a_variant_game_saved_from_the_play_screen_continues_by_its_variant(window):
    config = GameConfig.preset("KShisen 16x9", chinese=True, kinds=42, seed=4)
    view = start(window, config)
    a, c = view.game.board.solution[0]
    click(window, a)
    click(window, c)
    settle(window, 0.5)
    key(window, arcade.key.ESCAPE)
    window.storage.wait_for_saves()
    continues = [row.label for row in window.current_view.options.rows if "Continue" in row.label]
    assert continues and continues[0].startswith("Continue: free game, Chinese style, 9x16")
    window.current_view.continue_game("free")
    finish_task(window)
    restored = window.current_view.game
    assert restored.board.chinese and not restored.board.slide
    assert np.array_equal(restored.board.grid, view.game.board.grid)


# Tiles slide: the 5 at (1, 0) links with the 5 at (2, 3) by pushing the 1 and the 2 three
# cells right (row 1 has room for them), the corner (1, 3) clear; under gravity down the 9
# above the pair then falls, and so does the 1, pushed over the empty (2, 4).
PUSH = [[9, 9, 9, 9, 9, 9], [5, 1, 2, 0, 0, 0], [9, 9, 9, 5, 0, 9]]


def test_a_slide_links_push_is_drawn_as_it_happens_and_undo_shows_the_board(window):
    board = llk.Board(PUSH, slide=True, border=False, gravity="down")
    view = start(window, GameConfig(rows=3, cols=6, kinds=3, gravity="down"), board)
    bv = view.board_view
    before = board.grid.copy()
    # Two 9s with no link of one turn and no push to make one: said as the variant has it.
    click(window, (0, 0))
    click(window, (2, 5))
    assert view.notice == "Tiles slide: no link of one turn, nor a push that makes one"
    click(window, (2, 5))  # dropped
    click(window, (1, 0))
    click(window, (2, 3))
    path = bv.path
    assert path.pushed == (((1, 1), (1, 4)), ((1, 2), (1, 5)))
    assert ((0, 0), (1, 0)) in path.slides and ((1, 4), (2, 4)) in path.slides
    start_x, end_x = bv.centre_of((1, 1))[0], bv.centre_of((1, 4))[0]
    frame(window, 0.1)  # half the push: the 1 on its way along row 1, the pair still whole
    x, y = bv.drawn_at((2, 4))  # the 1, by the cell it ends in
    assert start_x < x < end_x and y == bv.centre_of((1, 4))[1]
    assert bv.drawn_at((1, 5))[0] < bv.centre_of((1, 5))[0]
    assert all(ghost.alpha == 255 for ghost in bv.fading)
    assert bv.drawn_at((1, 0)) == pytest.approx(bv.centre_of((0, 0)))  # it falls last
    frame(window, 0.15)  # pushed: the pair fades, the 9 above it and the pushed 1 wait
    assert bv.drawn_at((2, 4)) == pytest.approx(bv.centre_of((1, 4)))
    assert all(ghost.alpha < 255 for ghost in bv.fading)
    assert bv.drawn_at((1, 0)) == pytest.approx(bv.centre_of((0, 0)))
    settle(window, 1.0)  # then they fall
    assert bv.drawn_at((1, 0)) == pytest.approx(bv.centre_of((1, 0)))
    assert bv.drawn_at((2, 4)) == pytest.approx(bv.centre_of((2, 4)))
    assert np.array_equal(bv.shown, board.grid)
    after = board.grid.copy()
    # Undo takes the pair and the push back in one step; redo does both again.
    key(window, arcade.key.Z)
    settle(window, 0.5)
    assert np.array_equal(board.grid, before) and np.array_equal(bv.shown, before)
    key(window, arcade.key.Y)
    settle(window, 0.5)
    assert np.array_equal(board.grid, after) and np.array_equal(bv.shown, after)


def test_the_menu_refuses_a_rated_difficulty_with_a_variant(window):
    window.show_menu()
    menu = window.current_view
    menu.choice.slide.index = 1
    menu.choice.difficulty.index = menu.choice.difficulty.values.index("hard")
    menu_row(menu, menu.options.rows[menu.options.rows.index(menu.choice.board) - 1])
    key(window, arcade.key.ENTER)
    assert window.current_view is menu and "classic rules" in menu.error

"""Big-board play with real events: the minimap, hints near the view (and the next one
outward), clicks that zoom where tiles are too small to read."""

from __future__ import annotations

import arcade
import numpy as np
import pytest

from llk.game.board.theme import PALETTES, TILE_H, TILE_W
from llk.game.board.view import MIN_MARKER
from llk.game.model.config import GameConfig
from llk.game.views.hud import hud_height
from llk.game.views.play import READABLE_PX, PlayView

from ..helpers import (
    click_at,
    dispatch,
    drag,
    finish_task,
    frame,
    image_point,
    key,
    pixel,
    settle,
    task_of,
)

BIG = GameConfig(rows=120, cols=160, kinds=40, seed=5)


@pytest.fixture
def grid_window(window):
    if window.renderer != "grid":
        pytest.skip("a board this big is drawn by the grid renderer")
    return window


def start(window, config=BIG, board=None) -> PlayView:
    window.start_game(config, board)
    view = window.current_view
    assert isinstance(view, PlayView)
    settle(window, 0.5)
    view.poll_facts(wait=True)
    frame(window)  # a new board's first frame is drawn small (test_first_frames.py): past it
    return view


def zoom_to(view: PlayView, tile_px: float) -> None:
    bv = view.board_view
    width, height = bv.camera.viewport_width, bv.camera.viewport_height
    bv.zoom_at(width / 2, height / 2, tile_px / bv.tile_pixels)


def test_a_minimap_click_moves_the_view_there(grid_window) -> None:
    view = start(grid_window)
    assert view.minimap.visible and view.minimap.updates >= 1
    zoom_to(view, 30)
    left, bottom, width, height = view.minimap.rect()
    # A quarter in from the left, a quarter down from the top: cell (30, 40) of 120x160.
    x, y = left + width / 4, bottom + 3 * height / 4
    click_at(grid_window, x, y)
    r, c = view.board_view.cell_near_centre()
    assert abs(r - 30) <= 1 and abs(c - 40) <= 1
    # A drag on it keeps steering; the board's own drag does not pan meanwhile.
    drag(grid_window, (x, y), (x + width / 2, y))
    r, c = view.board_view.cell_near_centre()
    assert abs(r - 30) <= 1 and abs(c - 120) <= 1
    key(grid_window, arcade.key.TAB)
    assert not view.minimap.visible


def test_hint_is_the_pair_nearest_the_view_and_again_the_next_outward(grid_window) -> None:
    view = start(grid_window)
    zoom_to(view, 30)
    bv, board = view.board_view, view.game.board
    bv.look_at(bv.centre_of((90, 30)), glide=False)
    near = bv.cell_near_centre()
    left = view.game.hints_left
    key(grid_window, arcade.key.H)
    finish_task(grid_window)
    want = board.hints_near(near, 3)
    assert bv.hint == want[0] and view.game.hints_left == left - 1
    key(grid_window, arcade.key.H)
    assert bv.hint == want[1] and view.game.hints_left == left - 1
    # Far away: the camera glides to the hint and ends with it in view.
    bv.clear_overlays()
    bv.look_at(bv.centre_of((5, 150)), glide=False)
    far = bv.cell_near_centre()
    key(grid_window, arcade.key.H)
    finish_task(grid_window)
    hint = bv.hint
    assert hint == board.hints_near(far, 1)[0]
    for _ in range(60):
        frame(grid_window)
    x, y = bv.screen_of(hint[0])
    assert 0 <= x <= bv.camera.viewport_width and 0 <= y <= bv.camera.viewport_height


def test_a_click_where_tiles_are_too_small_zooms_in_instead(grid_window) -> None:
    view = start(grid_window)
    bv = view.board_view
    assert bv.tile_pixels < READABLE_PX  # fitted, 120x160 tiles are a few pixels
    cell = (60, 80)
    x, y = bv.screen_of(cell)
    before = bv.tile_pixels
    click_at(grid_window, x, y)
    assert view.game.selected is None
    assert bv.tile_pixels > before and bv.tile_pixels >= READABLE_PX
    assert bv.cell_at_screen(round(x), round(y)) == cell  # zoomed around the pointer
    # Readable now: the same click selects.
    click_at(grid_window, x, y)
    assert view.game.selected == cell


def test_right_click_when_zoomed_out_counts_the_kind(grid_window) -> None:
    view = start(grid_window)
    bv, board = view.board_view, view.game.board
    cell = (10, 10)
    x, y = bv.screen_of(cell)
    click_at(grid_window, x, y, arcade.MOUSE_BUTTON_RIGHT)
    kind = board[cell]
    assert bv.highlight_kind == kind
    assert (
        view.notice
        == f"{int(np.count_nonzero(board.grid == kind))} tiles of this kind left, the nearest "
        "12 marked"
    )  # 480 of them in view: a dot on each would speckle the whole board


def heat_colour(h: float) -> np.ndarray:
    """The heat map's ramp (grid_tiles.frag.glsl): blue, red at the middle, yellow at 1."""
    cold, warm, hot = (
        np.array(c) for c in ((0.16, 0.24, 0.55), (0.92, 0.25, 0.12), (1, 0.92, 0.3))
    )
    rgb = cold + (warm - cold) * 2 * h if h < 0.5 else warm + (hot - warm) * (2 * h - 1)
    return rgb * 255


def board_pixels(window) -> np.ndarray:
    """The window's pixels below the HUD (whose move count comes when the watcher is done)."""
    image = np.asarray(arcade.get_image().convert("RGB"))
    return image[image_point(window, 0, window.height - hud_height(window))[1] + 1 :].copy()


def test_w_swaps_the_kinds_colours_for_the_heat_map(grid_window) -> None:
    view = start(grid_window)
    bv, board = view.board_view, view.game.board
    view.minimap.visible = False  # its corner would cover tiles the test reads
    # Half the board cleared, so that some blocks have no move left and are cold.
    for a, b in list(board.solution)[: board.remaining // 4]:
        board.remove(a, b)
    bv.sync(board.grid)
    view.board_changed()
    view.poll_facts(wait=True)
    frame(grid_window)
    before = board_pixels(grid_window)
    key(grid_window, arcade.key.W)
    assert bv.tiles.heat_on and view.notice.startswith("Where to look")
    view.notice = None  # its banner covers the middle rows
    frame(grid_window)
    after = board_pixels(grid_window)
    assert np.count_nonzero(np.any(before != after, axis=2)) > 0.2 * after.shape[0] * after.shape[1]
    # Each tile shows its block's share of tiles with a partner, as the minimap counts them.
    block = view.minimap.block
    linked = board.move_density(block).astype(float)
    heat = np.sqrt(linked / max(linked.max(), 1.0))
    seen = set()
    for r, c in zip(*np.nonzero(board.grid), strict=True):
        if r % 7 or c % 9:
            continue
        x, y = bv.screen_of((r, c))
        h = round(heat[r // block, c // block] * 255) / 255
        got = np.array(pixel(grid_window, x, y), dtype=float)
        assert np.abs(got - heat_colour(h)).max() <= 3, ((r, c), h, got)
        seen.add(h == 0)
    assert seen == {True, False}  # cold blocks and warm ones both on screen
    # Where tiles are readable the faces come back; W again puts the kinds' colours back.
    zoom_to(view, 30)
    frame(grid_window)
    frame(grid_window)  # the camera at rest: the sharp picture
    zoomed_heat = board_pixels(grid_window)
    key(grid_window, arcade.key.W)
    assert not bv.tiles.heat_on and view.notice == "Heat map off: the kinds' colours"
    view.notice = None
    frame(grid_window)
    assert np.array_equal(board_pixels(grid_window), zoomed_heat)
    bv.fit()
    frame(grid_window)
    frame(grid_window)
    assert np.array_equal(board_pixels(grid_window), before)


def test_the_heat_map_key_explains_itself_on_small_boards(window) -> None:
    if window.renderer != "sprites":
        pytest.skip("the sprite renderer has no heat map")
    view = start(window, GameConfig(rows=6, cols=8, kinds=6, seed=1))
    key(window, arcade.key.W)
    assert view.notice == "The heat map is for big boards (drawn by the grid renderer)"


def shows(window, x: float, y: float, colour) -> bool:
    """Is `colour` at screen point (x, y) or a pixel next to it (a line's edge can fall
    either side of a pixel's centre)?"""
    image = arcade.get_image().convert("RGB")
    px, py = image_point(window, x, y)
    return any(
        image.getpixel((px + dx, py + dy)) == tuple(colour)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    )


def test_markers_show_at_zoom_0_05_on_a_big_board(grid_window) -> None:
    """Hint, highlight, selection and path are drawn at screen size: at zoom 0.05 a tile is
    3.2 pixels, and each marker still shows in its own colour (pixels read back)."""
    view = start(grid_window, GameConfig(rows=300, cols=400, kinds=40, seed=3))
    view.minimap.visible = False
    bv, board = view.board_view, view.game.board
    palette = PALETTES[grid_window.settings.colour_blind_safe]
    bv.camera.zoom = 0.05
    bv.look_at(bv.centre_of((150, 200)), glide=False)
    frame(grid_window)
    key(grid_window, arcade.key.H)
    finish_task(grid_window)
    a, b = bv.hint
    assert bv.in_view(a) and bv.in_view(b) and TILE_W * bv.camera.zoom < MIN_MARKER
    frame(grid_window)
    frame(grid_window)
    w = MIN_MARKER
    for cell in (a, b):
        x, y = bv.screen_of(cell)
        assert shows(grid_window, x - w / 2, y, palette.hint), cell
    # A right click marks the kind: rings around the nearest tiles of it (too many in view
    # for a dot on each), in its colour, around the tile clicked.
    kind = board[a]
    x, y = bv.screen_of(a)
    click_at(grid_window, x, y, arcade.MOUSE_BUTTON_RIGHT)
    view.notice = None  # its banner covers the middle of the screen
    frame(grid_window)
    assert bv.highlight_kind == kind
    image = np.asarray(arcade.get_image().convert("RGB")).astype(int)
    px, py = image_point(grid_window, x, y)
    around = image[py - 60 : py + 60, px - 60 : px + 60]
    assert np.count_nonzero(np.all(around == palette.kind_highlight, axis=2)) > 50
    # Selected as the keyboard does (a click this far out zooms in instead).
    view.click(a)
    frame(grid_window)
    assert view.game.selected == a
    assert shows(grid_window, x - w / 2, y, palette.selection)
    # The pair goes: its path shows where the two tiles were.
    view.click(b)
    frame(grid_window)
    assert board[a] == 0 and board[b] == 0 and bv.path is not None and bv.hint is None
    corners = [bv.screen_of(cell) for cell in bv.path.corners]
    (x0, y0), (x1, y1) = corners[0], corners[1]
    assert shows(grid_window, (x0 + x1) / 2, (y0 + y1) / 2, palette.path)


def test_a_new_minimap_picture_redraws_the_board_only_when_the_heat_map_shows(grid_window):
    view = start(grid_window)
    tiles = view.board_view.tiles
    frame(grid_window)
    kept = tiles.picture.key
    view.board_changed()
    view.poll_facts(wait=True)
    frame(grid_window)
    assert tiles.picture.key == kept  # the heat map is off: the cached picture stands
    key(grid_window, arcade.key.W)
    frame(grid_window)
    shown = tiles.picture.key
    view.board_changed()
    view.poll_facts(wait=True)
    frame(grid_window)
    assert tiles.picture.key not in (kept, shown)  # on and zoomed out: redrawn with the news


HUGE = GameConfig(rows=1000, cols=1000, kinds=48, seed=1)


def test_a_kind_marked_on_a_huge_board_at_fit_is_marked_where_the_click_was(grid_window):
    """40,000 tiles of a kind and its match on a fitted million-tile board: a dot (or a tint)
    on each changed a third of the window evenly and showed nothing; the nearest dozen are
    ringed around the tile clicked, and nothing else changes."""
    import llk

    if llk.BACKEND != "rust":
        pytest.skip("a million-tile deal on the pure-Python core takes minutes")
    view = start(grid_window, HUGE)
    bv = view.board_view
    frame(grid_window)
    before = np.asarray(arcade.get_image().convert("RGB")).astype(int)
    x, y = bv.screen_of((500, 500))
    click_at(grid_window, x, y, arcade.MOUSE_BUTTON_RIGHT)
    assert view.notice is not None and view.notice.endswith("the nearest 12 marked")
    view.notice = None  # its banner
    frame(grid_window)
    after = np.asarray(arcade.get_image().convert("RGB")).astype(int)
    changed = np.any(before != after, axis=2)
    assert 200 < np.count_nonzero(changed) < 0.01 * changed.size
    ys, xs = np.nonzero(changed)
    px, py = image_point(grid_window, x, y)
    assert np.hypot(xs - px, ys - py).max() < 6 * MIN_MARKER  # around the click, nowhere else
    ringed = np.abs(after - np.array(PALETTES[False].kind_highlight)).sum(axis=2) < 30
    assert np.count_nonzero(ringed & changed) > 0.5 * np.count_nonzero(changed)


def minimap_pixels(window, view) -> np.ndarray:
    """The minimap's pixels as drawn (RGB, rows from the top), its frame left out."""
    left, bottom, width, height = view.minimap.rect()
    x0, y0 = image_point(window, left, bottom + height)
    x1, y1 = image_point(window, left + width, bottom)
    image = np.asarray(arcade.get_image().convert("RGB")).astype(float)
    return image[y0 + 2 : y1 - 1, x0 + 2 : x1 - 1]


def test_the_minimap_of_a_fresh_huge_board_is_a_map_not_one_colour(grid_window) -> None:
    """A million tiles, all with moves about them: the minimap's blocks were smaller than a
    pixel, a fine grain that reads as one flat orange (its 11-pixel squares all alike); now
    its texels are a few pixels wide, the richer and poorer places and the tenths of the board
    tell apart at a glance, and a cleared corner shows dark."""
    import llk

    if llk.BACKEND != "rust":
        pytest.skip("a million-tile deal on the pure-Python core takes minutes")
    grid = HUGE.deal().grid.copy()
    grid[:300, :300] = 0  # the top-left corner cleared
    for kind in np.unique(grid[grid > 0]):  # and one more tile of each odd kind: pairs stay
        r, c = np.argwhere(grid == kind)[-1] if np.count_nonzero(grid == kind) % 2 else (0, 0)
        grid[r, c] = 0
    view = start(grid_window, HUGE, llk.Board(grid))
    frame(grid_window)
    pixels = minimap_pixels(grid_window, view)
    side = pixels.shape[0]
    brightness = pixels.mean(axis=2)
    corner, rest = brightness[: side * 3 // 10 - 2, : side * 3 // 10 - 2], brightness[side // 2 :]
    assert corner.max() < 40 and rest.min() > 60  # cleared: dark; tiles: not
    # Texels a few pixels wide: most pixels are their right-hand neighbour's colour.
    assert np.mean(np.all(pixels[:, 1:] == pixels[:, :-1], axis=2)) > 0.6
    squares = 11  # pixels: what the eye averages over on a 220-pixel map
    n = rest.shape[0] // squares, rest.shape[1] // squares
    means = rest[: n[0] * squares, : n[1] * squares].reshape(n[0], squares, n[1], squares)
    assert means.mean(axis=(1, 3)).std() > 5, means.mean(axis=(1, 3)).std()


def test_the_heat_map_of_a_fresh_huge_board_shows_where_the_moves_are(grid_window) -> None:
    """Early on every block has many moves: the heat map's values still tell the richer from
    the poorer (against the busiest block alone a fresh 1000x1000 board was one flat colour:
    a spread of 22 of 255 over its blocks)."""
    import llk
    from llk.game.board.minimap import picture
    from llk.game.model.facts import _work, block_for

    if llk.BACKEND != "rust":
        pytest.skip("a million-tile deal on the pure-Python core takes minutes")
    board = HUGE.deal()
    facts = _work(board.snapshot(), block_for(1000, 1000), 0)
    _image, heat = picture(facts)
    assert heat.std() > 35  # of 0..255: warmth spread over the blocks, not one colour


def drag_by(window, dx: float, dy: float, most: float = 500) -> None:
    """The board dragged by (dx, dy) screen pixels, in drags of at most `most` pixels a way,
    each from the middle of the board's part of the window."""
    x, y = window.width / 2, (window.height - hud_height(window)) / 2
    parts = max(1, int(max(abs(dx), abs(dy)) // most) + 1)
    for _ in range(parts):
        drag(window, (x, y), (x + dx / parts, y + dy / parts), steps=6)


def test_h_again_after_panning_away_hints_where_the_player_looks_now(grid_window) -> None:
    """H shows a hint; the player drags the board far away; H again, while the first hint
    still shows, gives the next pair near where they look now (free, as the next outward),
    and the view stays there instead of gliding back to the first hint's corner."""
    view = start(grid_window)
    zoom_to(view, 14)
    bv, board = view.board_view, view.game.board
    bv.look_at(bv.centre_of((90, 30)), glide=False)
    key(grid_window, arcade.key.H)
    finish_task(grid_window)
    first = bv.hint
    assert first is not None and all(bv.in_view(cell) for cell in first)
    left = view.game.hints_left
    # Dragged to the far corner: the board moves with the pointer, down and to the left.
    drag_by(grid_window, -bv.tile_pixels * 110, -bv.tile_pixels * TILE_H / TILE_W * 70)
    here = bv.cell_near_centre()
    assert abs(here[0] - 20) <= 2 and abs(here[1] - 140) <= 2, here
    assert bv.hint == first and not any(bv.in_view(cell) for cell in first)
    key(grid_window, arcade.key.H)
    want = next(pair for pair in board.hints_near(here, 3) if pair != first)
    assert bv.hint == want and view.game.hints_left == left
    for _ in range(40):
        frame(grid_window)
    assert bv.cell_near_centre() == here  # no glide back
    assert all(bv.in_view(cell) for cell in want)


def test_a_kind_with_few_tiles_in_view_gets_a_dot_on_each(grid_window) -> None:
    """Zoomed out with few enough tiles of the kind in view (120 on a fitted 60x80 board), a
    right click puts a dot on every one of them, the far ones too."""
    view = start(grid_window, GameConfig(rows=60, cols=80, kinds=40, seed=2))
    view.minimap.visible = False
    bv, board = view.board_view, view.game.board
    assert bv.tile_pixels < min(MIN_MARKER, READABLE_PX)
    cell = (30, 40)
    kind = board[cell]
    click_at(grid_window, *bv.screen_of(cell), arcade.MOUSE_BUTTON_RIGHT)
    left = int(np.count_nonzero(board.grid == kind))
    assert view.notice == f"{left} tiles of this kind left, marked"
    view.notice = None
    frame(grid_window)
    far = [
        (int(r), int(c))
        for r, c in zip(*np.nonzero(board.grid == kind), strict=True)
        if abs(r - 30) + abs(c - 40) > 30
    ]
    colour = PALETTES[grid_window.settings.colour_blind_safe].kind_highlight
    assert far and all(shows(grid_window, *bv.screen_of(cell), colour) for cell in far)


def test_the_kinds_dots_follow_the_board(grid_window) -> None:
    """Marked far out, then a pair of the kind undone back onto the board: its two tiles get
    their dots too (what is marked is looked up again when the board changes)."""
    view = start(grid_window, GameConfig(rows=60, cols=80, kinds=40, seed=2))
    view.minimap.visible = False
    bv, board = view.board_view, view.game.board
    a, c = board.hint()
    kind = board[a]
    view.click(a)
    view.click(c)  # as the keyboard selects: a click this far out zooms in
    settle(grid_window, 1.0)
    assert board[a] == 0
    other = next((int(r), int(col)) for r, col in zip(*np.nonzero(board.grid == kind), strict=True))
    click_at(grid_window, *bv.screen_of(other), arcade.MOUSE_BUTTON_RIGHT)
    view.notice = None
    frame(grid_window)
    colour = PALETTES[grid_window.settings.colour_blind_safe].kind_highlight
    assert shows(grid_window, *bv.screen_of(other), colour)
    assert not shows(grid_window, *bv.screen_of(a), colour)
    key(grid_window, arcade.key.Z)
    settle(grid_window, 1.0)
    view.notice = None
    frame(grid_window)
    assert board[a] == kind and bv.highlight_kind == kind
    assert shows(grid_window, *bv.screen_of(a), colour)


def test_four_million_tiles_start_play_navigate_save_and_restore(grid_window) -> None:
    """The menu's largest preset, "huge 2000x2000", as a player gets it, in one test (its deal
    and its restore take seconds each): dealt on a worker while the menu draws, the minimap a
    map of it, a click there and H give the hint near the view, a pair removed with two
    clicks, a drag and a scroll move the view, Escape saves and Continue brings the same
    board back."""
    import llk

    from .test_save_slots import click_row, to_menu

    if llk.BACKEND != "rust":
        pytest.skip("a four-million-tile deal on the pure-Python core takes minutes")
    window = grid_window
    window.show_menu()
    menu = window.current_view
    menu.choice.board.index = menu.choice.board.values.index("huge 2000x2000")
    menu.choice.seed.text = "1"
    menu.options.focus = menu.options.rows.index(menu.choice.board) - 1  # "New game"
    key(window, arcade.key.ENTER)
    assert task_of(window) is not None  # dealt on a worker, the menu drawn meanwhile
    frame(window)
    finish_task(window, 300)
    view = window.current_view
    assert isinstance(view, PlayView)
    bv, board = view.board_view, view.game.board
    assert (board.rows, board.cols, board.remaining) == (2000, 2000, 4_000_000)
    settle(window, 0.5)
    view.poll_facts(wait=True)
    frame(window)
    frame(window)
    # The minimap: a map with its richer and poorer places, not one flat colour.
    assert view.minimap.visible and view.minimap.updates >= 1
    pixels = minimap_pixels(window, view).mean(axis=2)
    n = pixels.shape[0] // 11
    squares = pixels[: n * 11, : n * 11].reshape(n, 11, n, 11).mean(axis=(1, 3))
    assert np.median(pixels) > 60 and squares.std() > 5, squares.std()  # tiles: not dark
    # A click on it: the view goes there; H gives the pair nearest it, in view.
    zoom_to(view, 30)
    left, bottom, width, height = view.minimap.rect()
    click_at(window, left + 3 * width / 4, bottom + height / 4)  # past a million tiles' sides
    near = bv.cell_near_centre()
    assert abs(near[0] - 1500) <= 2 and abs(near[1] - 1500) <= 2, near
    key(window, arcade.key.H)
    finish_task(window)
    a, c = bv.hint
    assert (a, c) == board.hints_near(near, 1)[0] and bv.in_view(a) and bv.in_view(c)
    # Two clicks remove it.
    click_at(window, *bv.screen_of(a))
    click_at(window, *bv.screen_of(c))
    assert board[a] == 0 and board[c] == 0 and board.remaining == 4_000_000 - 2
    settle(window, 0.5)
    # A drag pans, a scroll zooms.
    drag_by(window, -bv.tile_pixels * 40, 0)
    moved = bv.cell_near_centre()
    assert abs(moved[0] - near[0]) <= 2 and abs(moved[1] - near[1] - 40) <= 2, (near, moved)
    before = bv.tile_pixels
    dispatch(window, "on_mouse_scroll", window.width // 2, window.height // 3, 0, -2)
    assert bv.tile_pixels < before
    frame(window)
    grid = board.grid.copy()
    # Escape saves it; Continue restores it, on a worker.
    menu = to_menu(window)
    click_row(window, menu, "Continue: free game")
    finish_task(window, 300)
    play = window.current_view
    assert isinstance(play, PlayView) and play is not view
    assert np.array_equal(play.game.board.grid, grid)  # played at once, its history after
    for _ in range(100):
        frame(window)  # starts the history's round on a worker, then takes it in
        if play.game.history_to_come is None:
            break
        if play.history_to_come.task is not None:
            play.history_to_come.task.wait(5)
    assert play.game.history_to_come is None
    assert play.game.board.code == board.code and len(play.game.board.history) == 1

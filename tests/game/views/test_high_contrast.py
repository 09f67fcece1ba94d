"""High contrast with real events (issue 39, item 4): the pixels drawn meet WCAG 2.2's ratios,
4.5:1 for the HUD's text and 3:1 for the tiles' edges, the path and the cursor, against what
they stand on; the settings row saves it and the next game is drawn with it."""

from __future__ import annotations

import arcade
import numpy as np

import llk
from llk.game.board.theme import HIGH_CONTRAST
from llk.game.model.config import GameConfig
from llk.game.store.storage import Storage

from ..helpers import click, frame, image_point, key, start


def luminance(colour) -> float:
    """WCAG 2.2's relative luminance of an sRGB colour (0-255 channels)."""
    c = np.asarray(colour[:3], dtype=float) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return float(linear @ [0.2126, 0.7152, 0.0722])


def contrast(a, b) -> float:
    dark, light = sorted((luminance(a), luminance(b)))
    return (light + 0.05) / (dark + 0.05)


def high_contrast(window, tile_set: str = "night") -> None:
    """On, with the tile set whose faces fail on black (night's are dark) chosen."""
    window.settings.high_contrast = True
    window.settings.tile_set, window.settings.tile_set_chosen = tile_set, True


def board(rows: int, cols: int, pairs):
    grid = np.zeros((rows, cols), dtype=np.uint16)
    for kind, (a, c) in enumerate(pairs, start=1):
        grid[a] = grid[c] = kind
    return llk.Board(grid)


def screen(window) -> np.ndarray:
    return np.asarray(arcade.get_image().convert("RGB"), dtype=np.int32)


def row_of_pixels(window, image, y: float, x0: float, x1: float) -> list[tuple[int, ...]]:
    """The pixels along screen row y from x0 to x1 (either way), one a framebuffer pixel."""
    (a, row), (b, _) = image_point(window, x0, y), image_point(window, x1, y)
    step = 1 if b >= a else -1
    return [tuple(int(v) for v in image[row, x]) for x in range(a, b + step, step)]


def most_common(pixels: list[tuple[int, ...]]) -> tuple[int, ...]:
    """The colour most of these pixels have, but black: the face's own, where it is not its
    mark or the rim drawn along it."""
    shown = [p for p in pixels if p != (0, 0, 0)]
    return max(set(shown), key=shown.count)


def text_and_ground(window, image, text: arcade.Text) -> tuple[np.ndarray, np.ndarray]:
    """In a text's box: its ground (the colour of most pixels) and its own colour, the strokes'
    cores, the colour in a dozen pixels or more farthest from the ground in luminance (the
    anti-aliased edges lie between the two)."""
    left, top = image_point(window, text.left, text.y + text.content_height / 2)
    right, bottom = image_point(window, text.right, text.y - text.content_height / 2)
    box = image[top:bottom, left:right].reshape(-1, 3)
    colours, counts = np.unique(box, axis=0, return_counts=True)
    ground = colours[np.argmax(counts)]
    drawn = [c for c, n in zip(colours, counts, strict=True) if n >= 12]
    own = max(drawn, key=lambda c: abs(luminance(c) - luminance(ground)))
    return own, ground


def test_the_huds_text_stands_out_45_to_1(window):
    high_contrast(window)
    view = start(window, GameConfig(rows=4, cols=6, kinds=3))
    frame(window)
    image = screen(window)
    for text in (view.hud.stats, view.hud.code):  # the counts, the board's code and help
        assert text.text and text.right - text.left > 100
        own, ground = text_and_ground(window, image, text)
        assert contrast(own, ground) >= 4.5, (text.text, own, ground)


def test_a_tiles_edge_stands_out_3_to_1_from_the_ground(window):
    high_contrast(window)
    view = start(window, GameConfig(rows=3, cols=5, kinds=1), board(3, 5, [((1, 2), (0, 0))]))
    frame(window)
    bv = view.board_view
    x, y = bv.screen_of((1, 2))
    image = screen(window)
    # From the empty cell to the left into the tile: the ground, then the tile's edge.
    line = row_of_pixels(window, image, y, x - bv.tile_pixels, x)
    ground = line[0]
    edge = next(i for i, p in enumerate(line) if p != ground)
    for p in line[edge + 1 : edge + 4]:  # its first pixels past the blended one
        assert contrast(p, ground) >= 3, (p, ground)


def test_the_path_and_the_cursor_stand_out_from_the_ground_and_the_faces(window):
    high_contrast(window, tile_set="paper")
    a, c = (1, 1), (1, 3)
    pairs = [(a, c), ((0, 0), (2, 4))]
    view = start(window, GameConfig(rows=3, cols=5, kinds=2), board(3, 5, pairs))
    bv = view.board_view
    ground = HIGH_CONTRAST.background
    # The cursor on a tile, its outline on the tile's box: face inside, ground outside.
    # The cursor shows on the tile nearest the middle cell (1, 2), which is empty: of (1, 1)
    # and (1, 3), the left one.
    key(window, arcade.key.RIGHT)
    frame(window)
    assert bv.cursor == a
    x, y = bv.screen_of(bv.cursor)
    image = screen(window)
    line = row_of_pixels(window, image, y, x - bv.tile_pixels, x)  # ground .. face centre
    cursor = tuple(HIGH_CONTRAST.cursor)
    assert cursor in line
    inner = len(line) - 1 - line[::-1].index(cursor)  # the line's innermost pixel
    face = most_common(line[inner + 1 :])
    assert contrast(cursor, ground) >= 3
    # What meets the face is the cursor's dark rim, which stands out from both.
    rim = line[inner + 2]
    assert contrast(rim, face) >= 3 and contrast(rim, cursor) >= 3, (rim, face)
    # A linked pair's path across the empty cell between them, and where it lies on a face.
    click(window, a)
    click(window, c)
    frame(window)
    (xa, ya), (xc, _) = bv.screen_of(a), bv.screen_of(c)
    image = screen(window)
    path = tuple(HIGH_CONTRAST.path)
    assert tuple(int(v) for v in image[image_point(window, (xa + xc) / 2, ya)[::-1]]) == path
    assert contrast(path, ground) >= 3
    # Across the path, over the first tile: path, its dark rim, then the face.
    column = [
        tuple(int(v) for v in image[image_point(window, xa, ya + dy)[::-1]])
        for dy in np.arange(0, bv.tile_pixels / 2, 0.5)
    ]
    last = max(i for i, p in enumerate(column) if p == path)
    rim, face = column[last + 2], most_common(column[last + 1 :])
    assert contrast(rim, path) >= 3 and contrast(rim, face) >= 3, (rim, face)


def test_the_settings_row_turns_it_on_and_the_next_game_is_drawn_with_it(window):
    window.show_settings()
    view = window.current_view
    view.options.focus = view.options.rows.index(view.high_contrast)
    assert view.high_contrast.value is False
    key(window, arcade.key.RIGHT)  # off -> on
    frame(window)
    assert window.settings.high_contrast
    assert Storage(window.storage.root).load_settings().high_contrast
    start(window, GameConfig(rows=4, cols=6, kinds=3))
    frame(window)
    assert window.theme.palette == HIGH_CONTRAST
    corner = image_point(window, 2, 2)
    assert tuple(screen(window)[corner[1], corner[0]]) == HIGH_CONTRAST.background

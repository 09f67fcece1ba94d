"""The looks: every tile set tells every kind apart (full size and far out, through the real
renderers), the settings switch tile sets and backgrounds with real events and the screen
changes at once, and the music follows its settings."""

from __future__ import annotations

import itertools
import json

import arcade
import numpy as np
import pytest

import llk
from llk.game.assets import asset_path
from llk.game.board.theme import FACES, TILE_W
from llk.game.model.config import GameConfig
from llk.game.store.settings import BACKGROUNDS, MUSIC_VOLUMES, TILE_SETS
from llk.game.store.storage import Storage
from llk.game.views.settings import SettingsView
from llk.game.views.text import ui_scale

from .helpers import click, dispatch, frame, image_point, key, settle
from .test_play import start
from .test_renderers import assert_shows_face, rest, screen_patch, zoom_one

VARIANTS = ("vivid", "cb-safe")
# The smallest OKLab distance between two kinds' far-out colours (scripts/lod_colours.py
# reaches 0.114 and, under the worst of the simulated colour-vision deficiencies, 0.047).
MIN_DISTANCE = {"vivid": 0.10, "cb-safe": 0.04}


def oklab(rgb) -> np.ndarray:
    c = np.asarray(rgb, dtype=np.float64) / 255
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    lms = (
        lin
        @ np.array(
            [
                [0.4122214708, 0.5363325363, 0.0514459929],
                [0.2119034982, 0.6806995451, 0.1073969566],
                [0.0883024619, 0.2817188376, 0.6299787005],
            ]
        ).T
    )
    return (
        np.cbrt(lms)
        @ np.array(
            [
                [0.2104542553, 0.7936177850, -0.0040720468],
                [1.9779984951, -2.4285922050, 0.4505937099],
                [0.0259040371, 0.7827717662, -0.8086757660],
            ]
        ).T
    )


def use(window, **settings) -> None:
    window.settings.__dict__.update(settings)


def every_kind_board() -> llk.Board:
    """8 x 12: each of the 48 kinds twice."""
    return llk.Board(np.tile(np.arange(1, FACES + 1, dtype=np.uint16), 2).reshape(8, 12))


@pytest.mark.parametrize(("tile_set", "variant"), list(itertools.product(TILE_SETS, VARIANTS)))
def test_every_set_has_48_different_faces_and_far_out_colours(tile_set, variant):
    folder = asset_path("tiles", tile_set, variant)
    faces = [np.asarray(arcade.load_image(folder / f"{i + 1:02d}.png")) for i in range(FACES)]
    assert len({face.tobytes() for face in faces}) == FACES
    colours = json.loads((folder / "colours.json").read_text())["colours"]
    assert len({tuple(c) for c in colours}) == FACES
    lab = oklab(colours)
    distances = np.linalg.norm(lab[:, None] - lab[None], axis=-1) + np.eye(FACES) * 9
    assert distances.min() >= MIN_DISTANCE[variant]
    # A kind's far-out colour is the colour its face is filled with, not a colour of its own.
    for face, colour in zip(faces, colours, strict=True):
        assert (np.abs(face[..., :3].astype(int) - colour).max(axis=-1) <= 2).sum() >= 20


# A sprite's mean difference from its face at zoom 1, at most: the Mahjong faces' strokes have
# more edges than the pictures (measured: worst 11.8 against pictures' 7.8, while the nearest
# other face stays 33 away against 26).
SPRITE_LIMIT = {"pictures": 8.0, "mahjong": 13.0}


@pytest.mark.parametrize("tile_set", ["pictures", "mahjong"])
def test_figures_at_full_size_through_the_renderer(window, tile_set):
    use(window, tile_set=tile_set)
    board = every_kind_board()
    view = start(window, GameConfig(rows=8, cols=12, kinds=FACES), board)
    zoom_one(view)
    rest(window)
    patches = {}
    for r, c in itertools.product(range(8), range(12)):
        if r < 4:  # one of each kind
            assert_shows_face(window, view, (r, c), int(board[r, c]), SPRITE_LIMIT[tile_set])
            patches[int(board[r, c])] = screen_patch(window, view, (r, c)).tobytes()
    assert len(set(patches.values())) == FACES


def test_a_new_game_and_a_tile_set_round_trip_reuse_the_faces_made_once(window):
    if window.renderer == "sprites":
        pytest.skip("the face array is the grid renderer's")
    use(window, tile_set="pictures")
    first = start(window, GameConfig(rows=8, cols=12, kinds=FACES), every_kind_board())
    array = first.board_view.tiles.faces
    use(window, tile_set="night")
    start(window, GameConfig(rows=8, cols=12, kinds=FACES), every_kind_board())
    use(window, tile_set="pictures")
    board = every_kind_board()
    view = start(window, GameConfig(rows=8, cols=12, kinds=FACES), board)
    # The first game's array, not deleted when that game ended, still draws every face.
    assert view.board_view.tiles.faces is array
    zoom_one(view)
    rest(window)
    for r, c in itertools.product(range(4), range(12)):
        assert_shows_face(window, view, (r, c), int(board[r, c]))


def test_a_board_seen_far_out_draws_without_the_faces_until_it_is_zoomed_in(window):
    if window.renderer == "sprites":
        pytest.skip("the face array is the grid renderer's")
    kinds = np.tile(np.arange(1, FACES + 1, dtype=np.uint16), 300 * 300 // FACES + 1)
    board = llk.Board(kinds[: 300 * 300].reshape(300, 300))
    view = start(window, GameConfig(rows=300, cols=300, kinds=FACES), board)
    # Fit to the window, a tile is a few pixels: flat colours, and no faces made for them.
    assert view.board_view.tiles.faces is None
    zoom_one(view)
    rest(window)
    assert view.board_view.tiles.faces is window.theme.face_array(window.ctx)
    r, c = view.board_view.cell_at_screen(window.width / 2, window.height / 2)
    assert_shows_face(window, view, (r, c), int(board.grid[r, c]))


def test_pictures_far_out_show_48_colours_through_the_grid_renderer(window):
    if window.renderer == "sprites":
        pytest.skip("the level of detail rule is the grid renderer's")
    use(window, tile_set="pictures")
    board = every_kind_board()
    view = start(window, GameConfig(rows=8, cols=12, kinds=FACES), board)
    view.board_view.camera.zoom = 6 / TILE_W  # tiles of 6 pixels: flat colours
    rest(window)
    image = arcade.get_image().convert("RGB")
    want = window.theme.kind_colours()
    seen = {}
    for r, c in itertools.product(range(8), range(12)):
        x, y = view.board_view.screen_of((r, c))
        got = image.getpixel(image_point(window, x, y))
        kind = int(board[r, c])
        assert max(abs(g - w) for g, w in zip(got, want[kind - 1], strict=True)) <= 3, (r, c)
        seen.setdefault(kind, got)
    assert len(set(seen.values())) == FACES


def settings_row(window, view, row) -> tuple[float, float]:
    """The screen point of a settings row's label."""
    i = view.options.rows.index(row)
    return window.width / 2 - 200, view.options.row_y(i)


def pixels() -> np.ndarray:
    return np.asarray(arcade.get_image().convert("RGB"), dtype=np.int32)


def test_settings_switch_tile_set_and_background_at_once(window):
    use(window, background="felt", tile_set="paper")
    window.show_settings()
    view = window.current_view
    assert isinstance(view, SettingsView)
    frame(window)
    before = pixels()
    # Down to the tile set with the arrow keys, then Right: the next set, saved and shown.
    for _ in range(view.options.rows.index(view.tile_set)):
        key(window, arcade.key.DOWN)
    key(window, arcade.key.RIGHT)
    frame(window)
    assert window.settings.tile_set == "night"
    assert Storage(window.storage.root).load_settings().tile_set == "night"
    after = pixels()
    h, u = after.shape[0], ui_scale(window)
    sample = slice(h - int(88 * u), h - int(12 * u))  # the sample tiles, at the foot
    assert np.abs(after[sample] - before[sample]).mean() > 10
    # A click on the background row: the next background, everywhere on the screen at once.
    dispatch(window, "on_mouse_press", *map(round, settings_row(window, view, view.background)),
             arcade.MOUSE_BUTTON_LEFT, 0)  # fmt: skip
    frame(window)
    assert window.settings.background == BACKGROUNDS[BACKGROUNDS.index("felt") + 1]
    assert Storage(window.storage.root).load_settings().background == window.settings.background
    again = pixels()
    corner = (slice(0, 40), slice(0, 40))  # no text or tile there
    assert np.abs(again[corner] - after[corner]).mean() > 10
    drawn = window.theme.background_framebuffer(window)
    backdrop = np.frombuffer(drawn.read(components=3), dtype=np.uint8).reshape(h, -1, 3)
    assert np.abs(again[corner] - backdrop[::-1][corner].astype(np.int32)).max() <= 1


def test_empty_cells_show_the_background(window):
    use(window, background="waves")
    board = every_kind_board()
    view = start(window, GameConfig(rows=8, cols=12, kinds=FACES), board)
    zoom_one(view)
    click(window, (0, 0))
    click(window, (4, 0))  # kind 1 twice, linked round the left edge
    settle(window)
    assert view.game.board[0, 0] == 0
    rest(window)
    shown = pixels()
    h = shown.shape[0]
    drawn = window.theme.background_framebuffer(window)
    backdrop = np.frombuffer(drawn.read(components=3), dtype=np.uint8).reshape(h, -1, 3)[::-1]
    x, y = image_point(window, *view.board_view.screen_of((0, 0)))
    patch = (slice(y - 10, y + 10), slice(x - 10, x + 10))
    assert np.abs(shown[patch] - backdrop[patch].astype(np.int32)).max() <= 1
    assert backdrop[patch].std() > 1  # a picture, not a flat colour


def test_music_volume_and_mute_are_saved_and_applied(window):
    window.show_settings()
    view = window.current_view
    music = window.sound.music
    assert not window.settings.music and not music.playing  # the tests' own default: silent
    view.options.focus = view.options.rows.index(view.music)
    key(window, arcade.key.RIGHT)  # on
    assert window.settings.music and music.playing
    assert music.player.volume == pytest.approx(window.settings.music_volume)
    view.options.focus = view.options.rows.index(view.music_volume)
    start_volume = window.settings.music_volume
    key(window, arcade.key.RIGHT)
    louder = MUSIC_VOLUMES[MUSIC_VOLUMES.index(start_volume) + 1]
    assert music.player.volume == pytest.approx(louder)
    saved = Storage(window.storage.root).load_settings()
    assert saved.music and saved.music_volume == louder
    view.options.focus = view.options.rows.index(view.music)
    key(window, arcade.key.LEFT)  # off
    assert not music.playing
    assert not Storage(window.storage.root).load_settings().music
    frame(window)


def test_every_sound_plays_or_is_silently_skipped(window):
    """The modes' combo, level and star sounds are there; with no audio device (here the
    silent driver) sound.play neither raises nor stops the game."""
    from llk.game.views.sound import SOUND_NAMES

    use(window, sound=True)
    for name in SOUND_NAMES:
        assert asset_path("sounds", f"{name}.wav").is_file(), name
        window.sound.play(name)
    assert {"combo", "level", "star"} <= set(SOUND_NAMES)


def test_look_settings_from_another_version_fall_back():
    from llk.game.store.settings import Settings

    s = Settings.from_json({"background": "marble", "music_volume": 0.33, "tile_set": "kenney"})
    assert (s.background, s.music_volume, s.tile_set) == ("felt", 0.3, "paper")
    with pytest.raises(ValueError, match="music"):
        Settings.from_json({"music": "loud"})

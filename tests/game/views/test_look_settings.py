"""The looks' settings, with real events: they switch tile sets and backgrounds and the screen
changes at once, and the music and sounds follow their settings."""

from __future__ import annotations

import arcade
import numpy as np
import pytest

from llk.game.assets import asset_path
from llk.game.store.settings import BACKGROUNDS, MUSIC_VOLUMES
from llk.game.store.storage import Storage
from llk.game.views.settings import SettingsView
from llk.game.views.text import ui_scale

from ..helpers import dispatch, frame, key


def use(window, **settings) -> None:
    window.settings.__dict__.update(settings)


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

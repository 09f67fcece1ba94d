"""The settings file (store/settings.py): the looks' settings written by another version fall back
to the defaults."""

from __future__ import annotations

import pytest


def test_look_settings_from_another_version_fall_back():
    from llk.game.store.settings import Settings

    s = Settings.from_json({"background": "marble", "music_volume": 0.33, "tile_set": "kenney"})
    assert (s.background, s.music_volume, s.tile_set) == ("felt", 0.3, "paper")
    with pytest.raises(ValueError, match="music"):
        Settings.from_json({"music": "loud"})


def test_reduced_motion_is_saved_and_restored(tmp_path):
    from llk.game.store.settings import Settings, SettingsFile

    store = SettingsFile(tmp_path)
    assert store.load_settings().reduced_motion == "auto"  # the system's, by default
    store.save_settings(Settings(reduced_motion="on"))
    assert store.load_settings().reduced_motion == "on"
    assert Settings.from_json({"reduced_motion": "sometimes"}).reduced_motion == "auto"
    with pytest.raises(ValueError, match="reduced_motion"):
        Settings.from_json({"reduced_motion": True})


def test_the_frame_time_overlay_setting_is_saved_restored_and_checked(tmp_path):
    from llk.game.store.settings import Settings
    from llk.game.store.storage import Storage

    assert Settings().frame_times is False  # off unless the player turns it on
    storage = Storage(tmp_path)
    storage.save_settings(Settings(frame_times=True))
    assert Storage(tmp_path).load_settings().frame_times is True
    assert Settings.from_json({"sound": False}).frame_times is False  # a file from before it
    with pytest.raises(ValueError, match="frame_times"):
        Settings.from_json({"frame_times": "yes"})


def test_high_contrast_is_saved_and_restored(tmp_path):
    from llk.game.store.settings import Settings, SettingsFile

    store = SettingsFile(tmp_path)
    assert store.load_settings().high_contrast is False  # off by default
    store.save_settings(Settings(high_contrast=True))
    assert store.load_settings().high_contrast is True
    with pytest.raises(ValueError, match="high_contrast"):
        Settings.from_json({"high_contrast": "yes"})


def test_the_text_size_is_saved_restored_and_a_size_not_offered_falls_back(tmp_path):
    from llk.game.store.settings import TEXT_SCALES, Settings, SettingsFile

    store = SettingsFile(tmp_path)
    assert store.load_settings().text_scale == 1.0  # as designed, by default
    store.save_settings(Settings(text_scale=max(TEXT_SCALES)))
    assert store.load_settings().text_scale == max(TEXT_SCALES)
    (tmp_path / "settings.json").write_text('{"text_scale": 3.5, "sound": false}')
    read = store.load_settings()
    assert (read.text_scale, read.sound) == (1.0, False)  # the rest of the file kept
    with pytest.raises(ValueError, match="text_scale"):
        Settings.from_json({"text_scale": "huge"})

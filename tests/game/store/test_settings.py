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


def test_high_contrast_is_saved_and_restored(tmp_path):
    from llk.game.store.settings import Settings, SettingsFile

    store = SettingsFile(tmp_path)
    assert store.load_settings().high_contrast is False  # off by default
    store.save_settings(Settings(high_contrast=True))
    assert store.load_settings().high_contrast is True
    with pytest.raises(ValueError, match="high_contrast"):
        Settings.from_json({"high_contrast": "yes"})

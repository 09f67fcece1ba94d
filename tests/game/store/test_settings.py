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

"""The player's settings (settings.json) and what each may be."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal, TypeAlias

from ..i18n import LANGUAGES
from ..model.motion import REDUCED_MOTION
from .files import Folder, is_bool, is_number, is_str

SETTINGS_FILE = "settings.json"
ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 4.0)
TileSet: TypeAlias = Literal["paper", "night", "pictures", "mahjong"]
"""A tile set's name (assets/tiles/<name>/)."""
TILE_SETS: tuple[TileSet, ...] = ("paper", "night", "pictures", "mahjong")
# assets/backgrounds/<name>.png; "plain" is the palette's flat colour (the game's first look).
BACKGROUNDS = ("felt", "wood", "waves", "dusk", "plain")
TEXT_SCALES = (1.0, 1.25, 1.5, 2.0)  # the UI's text size: views/text.py use_text_scale
MUSIC_VOLUMES = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


@dataclass
class Settings:
    sound: bool = True
    animation_speed: float = 1.0
    tile_set: TileSet = "paper"
    # The player chose the tile set (the settings, `llk play --tile-set`): a Chinese-style
    # game keeps it; otherwise it is played with the Mahjong tiles (board/theme.py).
    tile_set_chosen: bool = False
    colour_blind_safe: bool = False
    background: str = "felt"
    music: bool = True
    music_volume: float = 0.5
    # With no shuffle left, a deadlock (or S) shuffles anyway and the game is assisted;
    # off, KShisen's rule: a deadlock with no shuffle left ends the game.
    extra_shuffles: bool = False
    frame_times: bool = False  # the frame-time overlay at each game's start (F toggles it)
    # "auto" (the system's locale), "en" or "zh_CN": i18n.LANGUAGES.
    language: str = "auto"
    reduced_motion: str = "auto"  # model/motion.py: "auto" follows the system
    high_contrast: bool = False  # board/theme.py: black ground, bright overlays, bold edges
    speech: bool = False  # spoken feedback (views/speech.py), also `llk play --speak`
    text_scale: float = 1.0  # TEXT_SCALES: every screen's text this much larger, where it fits
    player_name: str = ""  # the last name entered for a high score: the next one's default
    # The menu's last choices (views/menu.py).
    last_game: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from their JSON. A value of the wrong type means the file is garbled
        (`ValueError`); a value of the right type that this version does not offer (a speed or
        tile set from another version) falls back to its default. Unknown keys are ignored."""
        if not isinstance(data, dict):
            raise ValueError("settings are not a JSON object")
        settings = cls()
        # A file from before the field: a set other than the first was chosen.
        settings.tile_set_chosen = data.get("tile_set", "paper") != "paper"
        for f in fields(cls):
            if f.name in data:
                value = data[f.name]
                if not _SETTING_TYPES[f.name](value):
                    raise ValueError(f"setting {f.name!r} is {json.dumps(value)[:40]}")
                setattr(settings, f.name, value)
        if settings.animation_speed not in ANIMATION_SPEEDS:
            settings.animation_speed = 1.0
        if settings.tile_set not in TILE_SETS:
            settings.tile_set = "paper"
        if settings.language not in LANGUAGES:
            settings.language = "auto"
        if settings.reduced_motion not in REDUCED_MOTION:
            settings.reduced_motion = "auto"
        if settings.text_scale not in TEXT_SCALES:
            settings.text_scale = 1.0
        if settings.background not in BACKGROUNDS:
            settings.background = "felt"
        if settings.music_volume not in MUSIC_VOLUMES:
            settings.music_volume = min(MUSIC_VOLUMES, key=lambda v: abs(v - settings.music_volume))
        return settings


_SETTING_TYPES: dict[str, Callable[[Any], bool]] = {
    "sound": is_bool,
    "animation_speed": is_number,
    "tile_set": is_str,
    "tile_set_chosen": is_bool,
    "colour_blind_safe": is_bool,
    "background": is_str,
    "music": is_bool,
    "music_volume": is_number,
    "extra_shuffles": is_bool,
    "frame_times": is_bool,
    "language": is_str,
    "reduced_motion": is_str,
    "high_contrast": is_bool,
    "speech": is_bool,
    "text_scale": is_number,
    "player_name": is_str,
    "last_game": lambda v: isinstance(v, dict),
}


class SettingsFile(Folder):
    def load_settings(self) -> Settings:
        data = self._read(SETTINGS_FILE)
        if data is None:
            return Settings()
        try:
            return Settings.from_json(data)
        except (ValueError, TypeError) as error:
            self._set_aside(self.root / SETTINGS_FILE, str(error))
            return Settings()

    def save_settings(self, settings: Settings) -> None:
        self._write(SETTINGS_FILE, asdict(settings))

"""The sounds: the effects (assets/sounds) and the background music (assets/music/loop.wav,
looped), both synthesised by scripts/make_assets.py, at the settings' choices.

Without an audio device (a server, CI) loading or playing fails, and the game plays on in
silence; with pyglet's silent driver (headless runs, the tests) a real player runs and keeps
its volume, it just makes no sound.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from ..assets import asset_path
from ..store.settings import Settings

if TYPE_CHECKING:
    import pyglet

SOUND_NAMES = ("select", "link", "no-link", "shuffle", "win", "combo", "level", "star")


class Music:
    def __init__(self) -> None:
        self.sound: arcade.Sound | None = None
        self.player: pyglet.media.Player | None = None  # pyglet's Player while the music plays
        self.failed = False  # no device: not tried again

    @property
    def playing(self) -> bool:
        return self.player is not None

    def apply(self, on: bool, volume: float) -> None:
        """Plays (or goes on playing) at `volume`, 0 .. 1, when `on`; else stops."""
        if not on or volume <= 0:
            self.stop()
            return
        if self.player is not None:
            self.player.volume = volume
            return
        if self.failed:
            return
        try:
            if self.sound is None:
                self.sound = arcade.load_sound(asset_path("music", "loop.wav"))
            self.player = self.sound.play(volume=volume, loop=True)
        except Exception:  # no audio device or driver: the game plays on in silence
            self.failed = True
            self.player = None

    def stop(self) -> None:
        if self.player is not None:
            try:
                self.player.pause()
                self.player.delete()
            except Exception:
                pass
            self.player = None


class Sound:
    """The effects and the music as `settings` say (sound on or off, the music's volume)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._effects: dict[str, arcade.Sound | None] = {}
        self.music = Music()

    def apply_music(self) -> None:
        """Starts, stops or re-levels the music as the settings say."""
        self.music.apply(self.settings.music, self.settings.music_volume)

    def play(self, name: str) -> None:
        """The effect `name` (one of SOUND_NAMES), when the settings want sound."""
        if not self.settings.sound:
            return
        if name not in self._effects:
            try:
                self._effects[name] = arcade.load_sound(asset_path("sounds", f"{name}.wav"))
            except Exception:  # no audio device or driver: the game plays on in silence
                self._effects[name] = None
        effect = self._effects[name]
        if effect is not None:
            try:
                effect.play(volume=0.5)
            except Exception:
                self._effects[name] = None

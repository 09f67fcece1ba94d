"""The background music: assets/music/loop.wav (synthesised by scripts/make_assets.py), looped,
at the volume of the settings.

Without an audio device (a server, CI) loading or playing fails, and the game plays on in
silence; with pyglet's silent driver (headless runs, the tests) a real player runs and keeps
its volume, it just makes no sound.
"""

from __future__ import annotations

import arcade


class Music:
    def __init__(self) -> None:
        self.sound: arcade.Sound | None = None
        self.player = None  # pyglet's Player while the music plays
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
                from .theme import asset_path

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

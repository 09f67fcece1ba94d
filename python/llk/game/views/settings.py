"""The settings screen: sound, music and its volume, animation speed, tile set, background,
colour-blind-safe palette. Every change is saved at once (atomically) and shows (or sounds) at
once: the screen stands on the chosen background and shows a sample of the chosen tiles."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import arcade

from ..store.settings import ANIMATION_SPEEDS, BACKGROUNDS, MUSIC_VOLUMES, TILE_SETS, TileSet
from .text import draw_label, label, ui_scale
from .widgets import OptionList, Row

if TYPE_CHECKING:
    from .services import Services

TITLE_STYLE = {"anchor_x": "center", "anchor_y": "top", "bold": True}
SAMPLE_TOP = 100  # the tiles' sample fills the foot up to here (at the screen's scale)


def _yes_no(value: object) -> str:
    return "on" if value else "off"


class SettingsView(arcade.View):
    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        s = services.settings
        self.sound = Row(
            "Sound", [True, False], index=0 if s.sound else 1, show=_yes_no, on_change=self.apply
        )
        self.music = Row(
            "Music", [True, False], index=0 if s.music else 1, show=_yes_no, on_change=self.apply
        )
        self.music_volume = Row(
            "Music volume",
            MUSIC_VOLUMES,
            index=MUSIC_VOLUMES.index(s.music_volume),
            show=lambda v: f"{round(100 * v)}%",
            on_change=self.apply,
        )
        self.speed = Row(
            "Animation speed",
            ANIMATION_SPEEDS,
            index=ANIMATION_SPEEDS.index(s.animation_speed),
            show=lambda v: f"{v:g}x",
            on_change=self.apply,
        )
        self.tile_set = Row(
            "Tile set", TILE_SETS, index=TILE_SETS.index(s.tile_set), on_change=self.apply
        )
        self.background = Row(
            "Background",
            BACKGROUNDS,
            index=BACKGROUNDS.index(s.background),
            on_change=self.apply,
        )
        self.colour_blind = Row(
            "Colour-blind-safe colours",
            [False, True],
            index=1 if s.colour_blind_safe else 0,
            show=_yes_no,
            on_change=self.apply,
        )
        self.extra_shuffles = Row(
            "Out of shuffles at a deadlock",
            [False, True],
            index=1 if s.extra_shuffles else 0,
            show=lambda v: "shuffle, assisted" if v else "game over",
            on_change=self.apply,
        )
        self.options = OptionList(
            [
                self.sound,
                self.music,
                self.music_volume,
                self.speed,
                self.tile_set,
                self.background,
                self.colour_blind,
                self.extra_shuffles,
                Row("Back", action=services.screens.show_menu),
            ],
        )

    def apply(self) -> None:
        s = self.services.settings
        s.sound = bool(self.sound.value)
        s.music = bool(self.music.value)
        s.music_volume = float(self.music_volume.value)
        s.animation_speed = float(self.speed.value)
        s.tile_set = cast("TileSet", str(self.tile_set.value))
        s.background = str(self.background.value)
        s.colour_blind_safe = bool(self.colour_blind.value)
        s.extra_shuffles = bool(self.extra_shuffles.value)
        self.services.storage.save_settings(s)
        self.services.sound.apply_music()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE:
            self.services.screens.show_menu()
        else:
            self.options.on_key(symbol)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.place()
        self.options.on_mouse(y, button)

    def place(self) -> float:
        """Lays the rows out between the title and the tiles' sample; the scale."""
        w, h = self.window.width, self.window.height
        u = ui_scale(self.window)
        title = label("Settings", w / 2, h - 10 * u, (255, 210, 90), 36 * u, **TITLE_STYLE)
        self.options.place(self.window, h - 20 * u - title.content_height, SAMPLE_TOP * u)
        return u

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        u = self.place()
        draw_label("Settings", w / 2, h - 10 * u, (255, 210, 90), 36 * u, **TITLE_STYLE)
        self.options.draw(self.window)
        faces = self.services.theme.faces()
        tile_w, tile_h, step = 64 * u, 76 * u, 72 * u
        for i in range(8):  # a sample of the chosen tile set
            texture = faces[i * 6 + i % 6]
            left = w / 2 - 4 * step + (step - tile_w) / 2 + step * i
            arcade.draw_texture_rect(texture, arcade.LBWH(left, 12 * u, tile_w, tile_h))

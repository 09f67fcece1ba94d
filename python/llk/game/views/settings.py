"""The settings screen: sound, music and its volume, animation speed, reduced motion, tile set,
background, colour-blind-safe palette, high contrast, text size, the frame-time overlay,
language. Every change is saved at once (atomically) and shows (or sounds) at once: the screen
stands on the chosen background and shows a sample of the chosen tiles, and a new language (or
text size) is the next frame's."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import arcade

from ..i18n import LANGUAGES, N_, _
from ..model import spoken
from ..model.motion import REDUCED_MOTION
from ..store.settings import (
    ANIMATION_SPEEDS,
    BACKGROUNDS,
    MUSIC_VOLUMES,
    TEXT_SCALES,
    TILE_SETS,
    Settings,
    TileSet,
)
from .text import draw_fitted, draw_label, label, ui_scale, use_language, use_text_scale
from .widgets import MOVES, OptionList, Row

if TYPE_CHECKING:
    from .services import Services

TITLE_STYLE = {"anchor_x": "center", "anchor_y": "top", "bold": True}
SAMPLE_TOP = 100  # the tiles' sample fills the foot up to here (at the screen's scale)
NOTE_HEIGHT = 24  # above it, the note that the chosen language has no font here


# The values as the player reads them; a language by its own name.
SHOWN = {
    "paper": N_("paper"),
    "night": N_("night"),
    "pictures": N_("pictures"),
    "mahjong": N_("mahjong"),
    "felt": N_("felt"),
    "wood": N_("wood"),
    "waves": N_("waves"),
    "dusk": N_("dusk"),
    "plain": N_("plain"),
    "auto": N_("Auto (the system's)"),
    "en": "English",
    "zh_CN": "简体中文",
}


def _shown(value: object) -> str:
    return _(SHOWN[str(value)])


def _yes_no(value: object) -> str:
    return _("on") if value else _("off")


def _motion_shown(value: object) -> str:
    return _shown(value) if value == "auto" else _yes_no(value == "on")


class SettingsView(arcade.View):
    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        s = services.settings
        # Shown under the rows while the chosen language cannot be drawn (text.use_language).
        self.note = use_language(s.language)
        self.sound, self.music, self.music_volume = self._sound_rows(s)
        self.speed, self.tile_set, self.background, self.colour_blind = self._look_rows(s)
        self.extra_shuffles = Row(
            N_("Out of shuffles at a deadlock"),
            [False, True],
            index=1 if s.extra_shuffles else 0,
            show=lambda v: _("shuffle, assisted") if v else _("game over"),
            on_change=self.apply,
        )
        self.reduced_motion, self.high_contrast, self.speech = self._access_rows(s)
        self.frame_times = Row(
            N_("Frame-time overlay"), [False, True], index=int(s.frame_times), show=_yes_no,
            on_change=self.apply,
        )  # fmt: skip
        self.text_scale = self._text_scale_row(s)
        self.language = Row(
            N_("Language"),
            LANGUAGES,
            index=LANGUAGES.index(s.language),
            show=_shown,
            on_change=self.apply,
        )
        self.options = OptionList(
            [
                self.sound,
                self.music,
                self.music_volume,
                self.speed,
                self.reduced_motion,
                self.tile_set,
                self.background,
                self.colour_blind,
                self.high_contrast,
                self.speech,
                self.text_scale,
                self.extra_shuffles,
                self.frame_times,
                self.language,
                Row(N_("Back"), action=services.screens.show_menu),
            ],
        )

    def _access_rows(self, s: Settings) -> tuple[Row, Row, Row]:
        """The rows of accessibility: reduced motion, high contrast, spoken feedback."""
        reduced_motion = Row(
            N_("Reduced motion"),
            REDUCED_MOTION,
            index=REDUCED_MOTION.index(s.reduced_motion),
            show=_motion_shown,
            on_change=self.apply,
        )
        high_contrast = Row(
            N_("High contrast"),
            [False, True],
            index=1 if s.high_contrast else 0,
            show=_yes_no,
            on_change=self.apply,
        )
        speech = Row(
            N_("Spoken feedback"),
            [False, True],
            index=1 if s.speech else 0,
            show=_yes_no,
            on_change=self.apply,
            about=N_("Says the tile under the cursor, what each move did and each screen"),
        )
        return reduced_motion, high_contrast, speech

    def _sound_rows(self, s: Settings) -> tuple[Row, Row, Row]:
        """The rows of what is heard: sound, music, the music's volume; as `s` has them."""
        sound = Row(
            N_("Sound"),
            [True, False],
            index=0 if s.sound else 1,
            show=_yes_no,
            on_change=self.apply,
        )
        music = Row(
            N_("Music"),
            [True, False],
            index=0 if s.music else 1,
            show=_yes_no,
            on_change=self.apply,
        )
        music_volume = Row(
            N_("Music volume"),
            MUSIC_VOLUMES,
            index=MUSIC_VOLUMES.index(s.music_volume),
            show=lambda v: f"{round(100 * v)}%",
            on_change=self.apply,
        )
        return sound, music, music_volume

    def _look_rows(self, s: Settings) -> tuple[Row, Row, Row, Row]:
        """The rows of what is seen: the animations' speed, the tile set, the background, the
        colour-blind-safe palette; as `s` has them."""
        speed = Row(
            N_("Animation speed"),
            ANIMATION_SPEEDS,
            index=ANIMATION_SPEEDS.index(s.animation_speed),
            show=lambda v: f"{v:g}x",
            on_change=self.apply,
        )
        tile_set = Row(
            N_("Tile set"),
            TILE_SETS,
            index=TILE_SETS.index(s.tile_set),
            show=_shown,
            on_change=self.apply,
        )
        background = Row(
            N_("Background"),
            BACKGROUNDS,
            index=BACKGROUNDS.index(s.background),
            show=_shown,
            on_change=self.apply,
        )
        colour_blind = Row(
            N_("Colour-blind-safe colours"),
            [False, True],
            index=1 if s.colour_blind_safe else 0,
            show=_yes_no,
            on_change=self.apply,
        )
        return speed, tile_set, background, colour_blind

    def _text_scale_row(self, s: Settings) -> Row:
        """The text size's row (text.use_text_scale), as `s` has it."""
        return Row(
            N_("Text size"), TEXT_SCALES, index=TEXT_SCALES.index(s.text_scale),
            show=lambda v: f"{round(100 * v)}%", on_change=self.apply,
        )  # fmt: skip

    def apply(self) -> None:
        s = self.services.settings
        s.sound = bool(self.sound.value)
        s.music = bool(self.music.value)
        s.music_volume = float(self.music_volume.value)
        s.animation_speed = float(self.speed.value)
        s.reduced_motion = str(self.reduced_motion.value)
        tile_set = cast("TileSet", str(self.tile_set.value))
        s.tile_set_chosen = s.tile_set_chosen or tile_set != s.tile_set
        s.tile_set = tile_set
        s.background = str(self.background.value)
        s.colour_blind_safe = bool(self.colour_blind.value)
        s.high_contrast = bool(self.high_contrast.value)
        s.extra_shuffles = bool(self.extra_shuffles.value)
        s.frame_times = bool(self.frame_times.value)
        s.speech = bool(self.speech.value)
        self.services.speech.prepare()
        s.language = str(self.language.value)
        s.text_scale = float(self.text_scale.value)
        use_text_scale(s.text_scale)
        self.note = use_language(s.language)
        self.services.storage.save_settings(s)
        self.services.sound.apply_music()

    def on_show_view(self) -> None:
        self.services.speech.say(spoken.screen(_("Settings"), self.options.spoken_focus()))

    def on_update(self, delta_time: float) -> None:
        problem = self.services.speech.take_problem()
        if problem:
            self.note = problem

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE:
            self.services.screens.show_menu()
        elif self.options.on_key(symbol, modifiers) and symbol in MOVES:
            self.services.speech.say(self.options.spoken_focus())

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.place()
        self.options.on_mouse(y, button)
        self.services.speech.say(self.options.spoken_focus())

    def place(self) -> float:
        """Lays the rows out between the title and the tiles' sample; the scale."""
        w, h = self.window.width, self.window.height
        u = ui_scale(self.window)
        title = label(_("Settings"), w / 2, h - 10 * u, (255, 210, 90), 36 * u, **TITLE_STYLE)
        bottom = (SAMPLE_TOP + (NOTE_HEIGHT if self.note else 0)) * u
        self.options.place(self.window, h - 20 * u - title.content_height, bottom)
        return u

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        u = self.place()
        draw_label(_("Settings"), w / 2, h - 10 * u, (255, 210, 90), 36 * u, **TITLE_STYLE)
        self.options.draw(self.window)
        if self.note:
            y = (SAMPLE_TOP + 4) * u
            draw_fitted(self.note, w / 2, y, (255, 120, 100), 12 * u, w - 20 * u, anchor_x="center")
        faces = self.services.theme.faces()
        tile_w, tile_h, step = 64 * u, 76 * u, 72 * u
        for i in range(8):  # a sample of the chosen tile set
            texture = faces[i * 6 + i % 6]
            left = w / 2 - 4 * step + (step - tile_w) / 2 + step * i
            arcade.draw_texture_rect(texture, arcade.LBWH(left, 12 * u, tile_w, tile_h))

"""The look: tile textures from assets/tiles and their far-out colours, the background, and
the colours of what is drawn over the tiles (the sounds are views/sound.py's)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

import arcade
import numpy as np

from ..assets import asset_path, asset_text
from ..store.settings import Settings
from .backdrop import Backdrop
from .contrast_marks import darkened_marks
from .group_marks import Mark, group_marks, marked_face

FACES = 48
TILE_W, TILE_H = 64, 76  # the pitch of the grid in world units: the faces' size


@dataclass(frozen=True)
class Palette:
    background: tuple[int, int, int]
    selection: tuple[int, int, int]
    path: tuple[int, int, int]
    hint: tuple[int, int, int]
    cursor: tuple[int, int, int]
    kind_highlight: tuple[int, int, int]
    miss: tuple[int, int, int] = (235, 235, 235)  # a refused pair's three-turn path, dashed
    text: tuple[int, int, int] = (240, 240, 240)
    accent: tuple[int, int, int] = (255, 210, 90)
    # Drawn under the path and the outlines, wider, so that a bright line keeps its 3:1 edge
    # over a light face as well as over a dark ground (high contrast only).
    halo: tuple[int, int, int] | None = None
    line_scale: float = 1.0  # the path's and the outlines' widths, times this
    hud_alpha: int = 170  # the HUD bar's opacity over the background


# Overlays must stand out from every tile colour; the colour-blind-safe palette keeps to hues
# that stay apart under protan-, deutan- and tritanopia (blue / vermilion / yellow).
PALETTES = {
    False: Palette(
        background=(28, 74, 56),
        selection=(0, 200, 255),
        path=(255, 40, 90),
        hint=(255, 220, 0),
        cursor=(255, 255, 255),
        kind_highlight=(255, 240, 140),
    ),
    True: Palette(
        background=(40, 40, 48),
        selection=(86, 180, 233),
        path=(213, 94, 0),
        hint=(240, 228, 66),
        cursor=(255, 255, 255),
        kind_highlight=(240, 228, 66),
    ),
}

# High contrast (WCAG 2.2): text at least 4.5:1 and overlays at least 3:1 against the black
# ground and against the faces, which are light in the sets it allows (HIGH_CONTRAST_SETS).
HIGH_CONTRAST = Palette(
    background=(0, 0, 0),
    selection=(255, 215, 0),
    path=(255, 215, 0),
    hint=(0, 255, 255),
    cursor=(255, 255, 255),
    kind_highlight=(255, 215, 0),
    miss=(255, 255, 255),
    text=(255, 255, 255),
    accent=(255, 215, 0),
    halo=(0, 0, 0),
    line_scale=1.5,
    hud_alpha=255,
)
# The sets whose face edges stand at least 3:1 against black (measured: paper 8.1, pictures
# 7.4, mahjong 6.7, night 1.1); high contrast draws night's tiles with paper's faces.
HIGH_CONTRAST_SETS = ("paper", "pictures", "mahjong")


class Theme:
    """Textures for the current settings, loaded once per tile set and palette and cached, so
    switching settings back and forth costs nothing."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # Keyed by tile set, palette, whether the faces carry Chinese style's group marks and
        # whether their marks are darkened for high contrast.
        self._faces: dict[tuple[str, str, bool, bool], list[arcade.Texture]] = {}
        # The grid renderer's texture array of the faces, with its mipmaps: made once per tile
        # set and palette (a hundred milliseconds of a new game's start-up on a software GL).
        self._face_arrays: dict[tuple[str, str, bool, bool], arcade.gl.TextureArray] = {}
        self._colours: dict[tuple[str, str], list[tuple[int, int, int]]] = {}
        self.backdrop = Backdrop()
        # The game shown plays Chinese style (`for_game`): Mahjong tiles, unless the player
        # chose a set.
        self.chinese = False

    def for_game(self, chinese: bool) -> None:
        """The look of a game that plays Chinese style or not: its flowers and seasons, which
        match one another, look it in the Mahjong set, which such a game gets unless the
        player chose a set (`Settings.tile_set_chosen`); in another set they carry their
        group's mark (`group_marks`)."""
        self.chinese = chinese

    @property
    def group_marks(self) -> Mapping[int, Mark]:
        """kind -> the mark of its group that its face carries (group_marks.py): empty unless
        the game shown plays Chinese style with a set whose faces do not show the groups."""
        return group_marks(self.tile_set, self.chinese)

    @property
    def tile_set(self) -> str:
        """The tile set the game shown is drawn with."""
        settings = self.settings
        chosen = "mahjong" if self.chinese and not settings.tile_set_chosen else settings.tile_set
        if settings.high_contrast and chosen not in HIGH_CONTRAST_SETS:
            return HIGH_CONTRAST_SETS[0]
        return chosen

    @property
    def palette(self) -> Palette:
        if self.settings.high_contrast:
            return HIGH_CONTRAST
        return PALETTES[self.settings.colour_blind_safe]

    @property
    def background(self) -> str:
        """The background drawn: the chosen one, plain (the palette's black) in high contrast."""
        return "plain" if self.settings.high_contrast else self.settings.background

    def _faces_key(self) -> tuple[str, str]:
        """The faces' folder: the tile set and the palette."""
        variant = "cb-safe" if self.settings.colour_blind_safe else "vivid"
        return self.tile_set, variant

    def _drawn_key(self) -> tuple[str, str, bool, bool]:
        """The faces as drawn: the folder's, with or without the group marks, darkened marks."""
        return *self._faces_key(), bool(self.group_marks), self.settings.high_contrast

    def kind_colours(self) -> list[tuple[int, int, int]]:
        """Kind by kind (layer by layer), the colour a tile shows far out, where it is a few
        pixels: 48 colours spread apart in OKLab by scripts/lod_colours.py, each the colour
        its face is filled with (the tile set's colours.json)."""
        key = self._faces_key()
        if key not in self._colours:
            about = json.loads(asset_text("tiles", *key, "colours.json"))
            colours = [tuple(int(v) for v in c) for c in about["colours"]]
            if len(colours) != FACES:
                raise ValueError(f"{key}: {len(colours)} colours, not {FACES}")
            self._colours[key] = colours  # type: ignore[assignment]
        return self._colours[key]

    def paint_background(self, window: arcade.Window) -> None:
        """The chosen background over the whole window (one copy)."""
        self.backdrop.paint(window, self.background, self.palette.background)

    def background_framebuffer(
        self, window: arcade.Window, size: tuple[int, int] | None = None
    ) -> arcade.gl.Framebuffer:
        """The chosen background at `size`, by default the window's framebuffer size (the grid
        renderer reads it texel for pixel)."""
        size = size or window.get_framebuffer_size()
        return self.backdrop.framebuffer(window.ctx, self.background, size, self.palette.background)

    def faces(self) -> list[arcade.Texture]:
        """The 48 faces (`kind - 1`), the marked kinds' with their group's mark; in high
        contrast, every mark darkened to stand out from its face (contrast_marks.py)."""
        key = self._drawn_key()
        if key not in self._faces:
            folder = asset_path("tiles", *self._faces_key())
            faces = [arcade.load_texture(folder / f"{i + 1:02d}.png") for i in range(FACES)]
            for kind, mark in self.group_marks.items():  # kinds up to MAX_KINDS, one a face
                faces[kind - 1] = arcade.Texture(marked_face(faces[kind - 1].image, mark))
            if self.settings.high_contrast:
                faces = [arcade.Texture(darkened_marks(face.image)) for face in faces]
            self._faces[key] = faces
        return self._faces[key]

    def face_array(self, ctx: arcade.ArcadeContext) -> arcade.gl.TextureArray:
        """The 48 faces as one texture array (layer `kind - 1`), with mipmaps, for the grid
        renderer. Shared by every game and kept for the window's life: the caller must not
        delete it."""
        key = self._drawn_key()
        if key not in self._face_arrays:
            images = [
                np.asarray(face.image.convert("RGBA"), dtype=np.uint8) for face in self.faces()
            ]
            for image in images:
                if image.shape[:2] != (TILE_H, TILE_W):
                    raise ValueError(f"tile faces must be {TILE_W}x{TILE_H}, not {image.shape}")
            array = ctx.texture_array(
                (TILE_W, TILE_H, len(images)),
                components=4,
                data=np.stack(images).tobytes(),
                # One mip level a frame (the level is chosen from the zoom): bilinear, not
                # trilinear.
                filter=(ctx.LINEAR_MIPMAP_NEAREST, ctx.LINEAR),
            )
            array.build_mipmaps()
            self._face_arrays[key] = array
        return self._face_arrays[key]

    def face(self, kind: int) -> arcade.Texture:
        return self.faces()[(kind - 1) % FACES]

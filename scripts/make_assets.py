#!/usr/bin/env python3
"""Draws the game's tile faces and synthesises its sound effects, so that every asset of the
game is the project's own work (assets/LICENSE.md).

    python scripts/make_assets.py            # rewrites assets/tiles/** and assets/sounds/*.wav

Tile faces: 48 kinds = 6 shapes x 8 glyphs. Two faces always differ in their shape or in their
glyph, so the faces can be told apart without colour at all; colour is a third, redundant cue.
Each tile set comes in two palettes: `vivid` and `cb-safe` (Okabe-Ito, readable with every
common colour-vision deficiency); the game's colour-blind-safe setting picks the second.
Output is deterministic (no randomness, fixed fonts from Pillow), so rerunning it does not churn
the committed files.
"""

from __future__ import annotations

import math
import wave
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
TILES = ROOT / "assets" / "tiles"
SOUNDS = ROOT / "assets" / "sounds"

TILE_W, TILE_H = 64, 76
SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "star")
GLYPHS = ("1", "2", "3", "4", "5", "6", "7", "8")
FACES = len(SHAPES) * len(GLYPHS)  # 48

# One colour per glyph. Okabe & Ito's palette (plus black-ish blue-grey) for colour-blind play.
PALETTES = {
    "vivid": [
        (220, 50, 47),
        (38, 139, 210),
        (133, 153, 0),
        (211, 54, 130),
        (203, 75, 22),
        (42, 161, 152),
        (108, 113, 196),
        (181, 137, 0),
    ],
    "cb-safe": [
        (230, 159, 0),
        (86, 180, 233),
        (0, 158, 115),
        (240, 228, 66),
        (0, 114, 178),
        (213, 94, 0),
        (204, 121, 167),
        (90, 90, 90),
    ],
}

# Tile sets: face (background) colour, edge colour, glyph colour.
TILE_SETS = {
    "paper": {"face": (250, 246, 236), "edge": (170, 160, 140), "glyph": (20, 20, 20)},
    "night": {"face": (40, 44, 56), "edge": (12, 14, 20), "glyph": (250, 250, 250)},
}


def _shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    def ring(n: int, radius: float, start: float) -> list[tuple[float, float]]:
        return [
            (
                cx + radius * math.cos(start + 2 * math.pi * i / n),
                cy + radius * math.sin(start + 2 * math.pi * i / n),
            )
            for i in range(n)
        ]

    if shape == "square":
        s = r * 0.85
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "diamond":
        return ring(4, r * 1.1, -math.pi / 2)
    if shape == "triangle":
        return ring(3, r * 1.15, -math.pi / 2)
    if shape == "hexagon":
        return ring(6, r, 0)
    if shape == "star":
        outer, inner = (
            ring(5, r * 1.15, -math.pi / 2),
            ring(5, r * 0.55, -math.pi / 2 + math.pi / 5),
        )
        return [p for pair in zip(outer, inner, strict=True) for p in pair]
    raise ValueError(shape)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def draw_face(index: int, tile_set: str, palette: str) -> Image.Image:
    shape, glyph = SHAPES[index // len(GLYPHS)], GLYPHS[index % len(GLYPHS)]
    colour = PALETTES[palette][index % len(GLYPHS)]
    look = TILE_SETS[tile_set]
    image = Image.new("RGBA", (TILE_W, TILE_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    # The tile body with a darker lower-right edge, so that tiles read as raised pieces.
    draw.rounded_rectangle((3, 3, TILE_W - 1, TILE_H - 1), radius=8, fill=look["edge"])
    draw.rounded_rectangle(
        (0, 0, TILE_W - 4, TILE_H - 4), radius=8, fill=look["face"], outline=look["edge"], width=2
    )
    cx, cy, r = (TILE_W - 4) / 2, (TILE_H - 4) / 2, 22
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=look["glyph"], width=2)
    else:
        points = _shape_points(shape, cx, cy + (4 if shape == "triangle" else 0), r)
        draw.polygon(points, fill=colour, outline=look["glyph"], width=2)
    # The glyph in a small disc of the face colour, so it stays legible on any shape colour.
    gy = cy + (5 if shape == "triangle" else 0)
    draw.ellipse((cx - 11, gy - 11, cx + 11, gy + 11), fill=look["face"])
    draw.text((cx, gy), glyph, font=_font(18), fill=look["glyph"], anchor="mm")
    return image


def make_tiles() -> None:
    for tile_set in TILE_SETS:
        for palette in PALETTES:
            folder = TILES / tile_set / palette
            folder.mkdir(parents=True, exist_ok=True)
            for index in range(FACES):
                draw_face(index, tile_set, palette).save(
                    folder / f"{index + 1:02d}.png", optimize=True
                )


RATE = 22050


def _envelope(n: int, attack: float = 0.005, release: float = 0.05) -> np.ndarray:
    t = np.arange(n) / RATE
    up = np.clip(t / attack, 0, 1)
    down = np.clip((n / RATE - t) / release, 0, 1)
    return up * down


def _tone(freq: float, seconds: float, shape: str = "sine") -> np.ndarray:
    t = np.arange(int(RATE * seconds)) / RATE
    wave_ = np.sin(2 * np.pi * freq * t)
    if shape == "square":
        wave_ = np.sign(wave_) * 0.5
    return wave_ * _envelope(t.size)


def _sweep(f0: float, f1: float, seconds: float) -> np.ndarray:
    n = int(RATE * seconds)
    freq = np.linspace(f0, f1, n)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return np.sin(phase) * _envelope(n)


def _write(name: str, samples: np.ndarray) -> None:
    SOUNDS.mkdir(parents=True, exist_ok=True)
    pcm = (np.clip(samples, -1, 1) * 0.6 * 32767).astype("<i2")
    with wave.open(str(SOUNDS / f"{name}.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def make_sounds() -> None:
    _write("select", _tone(880, 0.06))
    _write("link", np.concatenate([_tone(660, 0.07), _tone(990, 0.11)]))
    _write("no-link", _tone(150, 0.16, "square"))
    _write("shuffle", _sweep(300, 1200, 0.35) * 0.7)
    _write("win", np.concatenate([_tone(f, 0.14) for f in (523, 659, 784, 1047)]))


def main() -> None:
    make_tiles()
    make_sounds()
    print(
        f"wrote {len(TILE_SETS) * len(PALETTES) * FACES} tile faces to {TILES} "
        f"and 5 sounds to {SOUNDS}"
    )


if __name__ == "__main__":
    main()

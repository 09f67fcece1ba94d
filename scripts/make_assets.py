#!/usr/bin/env python3
"""Draws the game's tile faces and backgrounds and synthesises its sounds and music, so that
every asset of the game is the project's own work (assets/LICENSE.md).

    python scripts/make_assets.py            # rewrites assets/{tiles,backgrounds,sounds,music}
    python scripts/make_assets.py --out DIR  # the same files under DIR (the tests compare them)

Tile sets, each in two palettes, `vivid` and `cb-safe` (the game's colour-blind-safe setting):
- `paper` and `night`: geometric faces, 48 kinds = 6 shapes x 8 glyphs. Two faces always
  differ in their shape or their glyph, so they can be told apart without colour at all.
- `pictures` (picture_tiles.py): 48 figurative faces, fruit, animals and things, told apart by
  their silhouettes.
Every kind has a colour of its own, the same in every set: 48 colours spread as far apart as
they can be in OKLab (lod_colours.py; for `cb-safe`, as far apart under the three common
colour-vision deficiencies too). It fills the kind's shape or picture, and it is the colour the
grid renderer shows far out, where a tile is a few pixels (each palette folder's colours.json).

Output is deterministic (no randomness, fixed fonts from Pillow), so rerunning it does not churn
the committed files.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
import wave
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the script's own modules

import backgrounds
import lod_colours
import mahjong_tiles
import music
import picture_tiles

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SCALE = picture_tiles.SCALE

TILE_W, TILE_H = 64, 76
SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "star")
GLYPHS = ("1", "2", "3", "4", "5", "6", "7", "8")
FACES = len(SHAPES) * len(GLYPHS)  # 48

# The kinds' colours, one a kind (see the module's doc).
PALETTES = {"vivid": lod_colours.palette(False), "cb-safe": lod_colours.palette(True)}


# Tile sets: face (background) colour, edge colour, glyph colour.
TILE_SETS = {
    "paper": {"face": (250, 246, 236), "edge": (170, 160, 140), "glyph": (20, 20, 20)},
    "night": {"face": (40, 44, 56), "edge": (12, 14, 20), "glyph": (250, 250, 250)},
    "pictures": {"face": (250, 244, 228), "edge": (176, 150, 110), "glyph": (38, 32, 44)},
    # Ivory faces on a green back, as Mahjong tiles are.
    "mahjong": {"face": (248, 246, 236), "edge": (96, 160, 120), "glyph": (38, 32, 44)},
}
PICTURE_NAMES = list(picture_tiles.PICTURES)
MAHJONG_NAMES = list(mahjong_tiles.FACES)


@functools.cache
def picture_colours(palette: str) -> list[tuple[int, int, int]]:
    """The pictures' colours, picture by picture: the palette's, each picture given the free
    colour nearest its natural one (lod_colours.assign)."""
    colours = PALETTES[palette]
    natural = [picture_tiles.PICTURES[name][1] for name in PICTURE_NAMES]
    return [colours[j] for j in lod_colours.assign(natural, colours)]


@functools.cache
def mahjong_colours(palette: str) -> list[tuple[int, int, int]]:
    """The Mahjong faces' colours, face by face. A suit's nine faces share their shape but for
    a numeral or a count, which no longer read at 16 px: the suits take turns at picking, each
    the free colour whose hue (OKLab a, b) lies farthest from those it has (farthest-point picks,
    from the most colourful), until each has nine; which face takes which of its suit's nine is
    mahjong_tiles.ORDERS, found by measuring the faces as tests/test_tiles_read_small.py does
    (the faces most alike in shape get hues far apart). The other faces then take
    the free colour nearest their natural one (lod_colours.assign), as the pictures do."""
    colours = PALETTES[palette]
    ab = lod_colours.oklab(np.array(colours, dtype=np.float64))[:, 1:]
    free = list(range(len(colours)))
    picked: dict[int, int] = {}
    chosen: list[list[int]] = [[] for _ in mahjong_tiles.SUITS]
    for _ in range(len(mahjong_tiles.SUITS[0])):
        for own in chosen:

            def spread(k: int, own: list[int] = own) -> tuple[float, int]:
                if not own:
                    return float(np.hypot(*ab[k])), -k
                return min(float(np.linalg.norm(ab[k] - ab[j])) for j in own), -k

            own.append(max(free, key=spread))
            free.remove(own[-1])
    for suit, own in zip(mahjong_tiles.SUITS, chosen, strict=True):
        own.sort(key=lambda k: float(np.arctan2(ab[k][1], ab[k][0])))
        order = mahjong_tiles.ORDERS[palette][len(picked) // len(own)]
        picked.update(zip(suit, (own[i] for i in order), strict=True))
    others = [i for i in range(len(MAHJONG_NAMES)) if i not in picked]
    natural = [mahjong_tiles.FACES[MAHJONG_NAMES[i]][1] for i in others]
    for face, j in zip(
        others, lod_colours.assign(natural, [colours[k] for k in free]), strict=True
    ):
        picked[face] = free[j]
    return [colours[picked[i]] for i in range(len(MAHJONG_NAMES))]


def kind_colours(tile_set: str, palette: str) -> list[tuple[int, int, int]]:
    """Kind by kind, the colour its face is filled with, and shows far out."""
    if tile_set == "pictures":
        return picture_colours(palette)
    if tile_set == "mahjong":
        return mahjong_colours(palette)
    return PALETTES[palette]


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


def draw_picture_face(index: int, palette: str, tile_set: str = "pictures") -> Image.Image:
    """A picture on a tile, drawn at SCALE times the size and scaled down (smooth edges): the
    pictures set's, or the Mahjong set's faces."""
    look = TILE_SETS[tile_set]
    s = SCALE
    image = Image.new("RGBA", (TILE_W * s, TILE_H * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (3 * s, 3 * s, TILE_W * s - 1, TILE_H * s - 1), radius=8 * s, fill=look["edge"]
    )
    draw.rounded_rectangle(
        (0, 0, (TILE_W - 4) * s, (TILE_H - 4) * s),
        radius=8 * s,
        fill=look["face"],
        outline=look["edge"],
        width=2 * s,
    )
    side = 50 * s
    box = (((TILE_W - 4) * s - side) / 2, ((TILE_H - 4) * s - side) / 2, side)
    colour = kind_colours(tile_set, palette)[index]
    if tile_set == "mahjong":
        picture = Image.new("RGBA", image.size, (0, 0, 0, 0))
        mahjong_tiles.FACES[MAHJONG_NAMES[index]][0](picture_tiles.Canvas(picture, box), colour)
    else:
        picture = picture_tiles.draw_picture(PICTURE_NAMES[index], colour, image.size, box)
    image.alpha_composite(picture)
    return image.resize((TILE_W, TILE_H), Image.Resampling.LANCZOS)


def draw_face(index: int, tile_set: str, palette: str) -> Image.Image:
    if tile_set in ("pictures", "mahjong"):
        return draw_picture_face(index, palette, tile_set)
    shape, glyph = SHAPES[index // len(GLYPHS)], GLYPHS[index % len(GLYPHS)]
    colour = PALETTES[palette][index]
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


def make_tiles(out: Path, tile_sets: list[str] | None = None) -> None:
    for tile_set in tile_sets or TILE_SETS:
        for palette in PALETTES:
            folder = out / "tiles" / tile_set / palette
            folder.mkdir(parents=True, exist_ok=True)
            for index in range(FACES):
                draw_face(index, tile_set, palette).save(
                    folder / f"{index + 1:02d}.png", optimize=True
                )
            about = {
                "colours": [list(c) for c in kind_colours(tile_set, palette)],
                "min_oklab_distance": round(
                    lod_colours.min_distance(PALETTES[palette], palette == "cb-safe"), 4
                ),
            }
            if tile_set == "pictures":
                about["names"] = PICTURE_NAMES
            if tile_set == "mahjong":
                about["names"] = MAHJONG_NAMES
            (folder / "colours.json").write_text(json.dumps(about, indent=1) + "\n")


def make_backgrounds(out: Path) -> None:
    folder = out / "backgrounds"
    folder.mkdir(parents=True, exist_ok=True)
    for name, draw in backgrounds.BACKGROUNDS.items():
        draw().save(folder / f"{name}.png", optimize=True)


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


def _bell(freq: float, seconds: float) -> np.ndarray:
    """A struck bell: the fundamental and an inharmonic partial, decaying."""
    t = np.arange(int(RATE * seconds)) / RATE
    tone = np.sin(2 * np.pi * freq * t) + 0.5 * np.sin(2 * np.pi * freq * 2.76 * t)
    return tone * np.exp(-t * 7) * np.clip(t / 0.003, 0, 1) / 1.5


def _write_wav(path: Path, samples: np.ndarray, rate: int, gain: float = 0.6) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pcm = (np.clip(samples, -1, 1) * gain * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm.tobytes())


SOUND_NAMES = ("select", "link", "no-link", "shuffle", "win", "combo", "level", "star")


def make_sounds(out: Path) -> None:
    sounds = {
        "select": _tone(880, 0.06),
        "link": np.concatenate([_tone(660, 0.07), _tone(990, 0.11)]),
        "no-link": _tone(150, 0.16, "square"),
        "shuffle": _sweep(300, 1200, 0.35) * 0.7,
        "win": np.concatenate([_tone(f, 0.14) for f in (523, 659, 784, 1047)]),
        # A quick rising arpeggio, brighter than a link: pairs in a row.
        "combo": np.concatenate([_tone(f, 0.05) for f in (784, 988, 1175, 1568)]),
        # A finished level: a fanfare in C, the last chord held.
        "level": np.concatenate(
            [
                _tone(523, 0.12),
                _tone(659, 0.12),
                _tone(784, 0.12),
                (_tone(1047, 0.5) + _tone(784, 0.5) + _tone(659, 0.5)) / 2.2,
            ]
        ),
        # A star: two bell strikes, a fifth apart.
        "star": np.concatenate([_bell(1319, 0.12), _bell(1976, 0.45)]),
    }
    assert tuple(sounds) == SOUND_NAMES
    for name, samples in sounds.items():
        _write_wav(out / "sounds" / f"{name}.wav", samples, RATE)


def make_music(out: Path) -> None:
    _write_wav(out / "music" / "loop.wav", music.track(), music.RATE, gain=0.7)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--out", type=Path, default=ASSETS, help="default: the repo's assets/")
    parser.add_argument(
        "--only",
        choices=("tiles", "backgrounds", "sounds", "music"),
        action="append",
        help="make only these (repeatable); default all",
    )
    parser.add_argument(
        "--tile-set",
        choices=list(TILE_SETS),
        action="append",
        help="with tiles: only these sets (repeatable); default all",
    )
    args = parser.parse_args(argv)
    makers = {
        "tiles": functools.partial(make_tiles, tile_sets=args.tile_set),
        "backgrounds": make_backgrounds,
        "sounds": make_sounds,
        "music": make_music,
    }
    for name in args.only or makers:
        makers[name](args.out)
    print(f"wrote {', '.join(args.only or makers)} under {args.out}")


if __name__ == "__main__":
    main()

"""No two tile faces look alike at the sizes the board shows them (issue 24: "art that reads
small"). Every committed face is scaled down, as the board scales it, to 35 px wide (a large board
on a laptop) and to 16 px (just above grid_tiles.FACES_ABOVE_PX, 14, where faces give way to flat
colours), and every pair is compared as a player sees it:

- structure, S: 1 - SSIM (Wang et al. 2004; Gaussian window of sigma 1.5 px) of the faces'
  OKLab lightness. The silhouette, the outlines and the features: what reads without colour.
- colour, C: the OKLab distance between the faces' mean chroma (a, b) over the picture's pixels
  (those unlike the tile's own face colour). The eye sees hue over an area, not pixel by pixel, so
  a small red picture and a small green one read apart however alike their shapes are.

The two are put on one scale, each in units of today's typical pair (S0, C0: the median picture
pair at 35 px measured 0.79 and 0.097 .. 0.116), and a pair looks alike when
D = hypot(S / S0, C / C0) is under the size's threshold. The thresholds come from looking at the
pairs, banded by D, at both sizes: under 0.9 at 35 px were the look-alikes issue 24 names
(bell/ice-cream 0.66 in cb-safe, cat/owl 0.84, fish/whale 0.89 in vivid) and others as bad
(balloon/ice-cream 0.67, strawberry/ice-cream 0.80); from 0.9 to 1.15 pairs read apart (bee/cat,
banana/carrot, mushroom/gift). At 16 px a face is its colour and a rough silhouette, and S falls
for every pair (median 0.67): the test asks only that no two faces share both, D >= 0.6 (under it,
before the redraw: balloon/ice-cream 0.36, bell/ice-cream 0.50, cat/owl 0.54).

Colour is compared in plain sight in both palettes: cb-safe's colours are chosen to stay apart
under colour-vision deficiencies (lod_colours.py); the shapes are the same in both.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
TILES = ROOT / "assets" / "tiles"
TILE_W, TILE_H = 64, 76
INNER = (5, 5, 55, 67)  # the face inside its frame and raised edge, at 64 px: where faces differ
FACE_COLOUR = {
    "paper": (250, 246, 236),
    "night": (40, 44, 56),
    "pictures": (250, 244, 228),
    "mahjong": (248, 246, 236),
}
PICTURE = 0.1  # OKLab distance from the face colour past which a pixel is the picture's
S0, C0 = 0.8, 0.1
THRESHOLD = {35: 0.9, 16: 0.6}


def _lod_colours():
    """scripts/lod_colours.py, whose OKLab (Björn Ottosson's formulas) chose the far-out colours."""
    path = ROOT / "scripts" / "lod_colours.py"
    spec = importlib.util.spec_from_file_location("lod_colours", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


oklab = _lod_colours().oklab


def blur(x: np.ndarray, sigma: float = 1.5) -> np.ndarray:
    """A Gaussian blur over the last two axes (edges repeated), images stacked before them."""
    r = int(3 * sigma + 1)
    k = np.exp(-(np.arange(-r, r + 1) ** 2) / (2 * sigma**2))
    k /= k.sum()
    for axis in (-2, -1):
        pad = [(0, 0)] * x.ndim
        pad[axis] = (r, r)
        padded, n = np.pad(x, pad, mode="edge"), x.shape[axis]
        x = sum(w * np.take(padded, range(i, i + n), axis=axis) for i, w in enumerate(k))
    return x


def ssim(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Mean SSIM of lightness images (0..1; stacked: one value a pair), the paper's constants."""
    c1, c2 = 0.01**2, 0.03**2
    mx, my = blur(x), blur(y)
    vx, vy, cxy = blur(x * x) - mx**2, blur(y * y) - my**2, blur(x * y) - mx * my
    index = ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx**2 + my**2 + c1) * (vx + vy + c2))
    return index.mean(axis=(-2, -1))


def small_face(path: Path, width: int, tile_set: str) -> tuple[np.ndarray, np.ndarray]:
    """The face at `width` px (aspect kept, Lanczos, as the board's mipmaps smooth it): its
    lightness image and its mean chroma over the picture's pixels."""
    face = Image.open(path).convert("RGBA")
    backed = Image.new("RGBA", face.size, (128, 128, 128, 255))
    backed.alpha_composite(face)
    height = round(TILE_H * width / TILE_W)
    small = backed.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    x0, y0, x1, y1 = (round(v * width / TILE_W) for v in INNER)
    lab = oklab(np.asarray(small, dtype=np.float64)[y0:y1, x0:x1])
    ground = oklab(np.array(FACE_COLOUR[tile_set], dtype=np.float64))
    picture = np.linalg.norm(lab - ground, axis=-1) > PICTURE
    return lab[..., 0], lab[picture][:, 1:].mean(axis=0)


def distance(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """D of faces from small_face, or of stacks of them (see the module's doc)."""
    return np.hypot((1 - ssim(a[0], b[0])) / S0, np.linalg.norm(a[1] - b[1], axis=-1) / C0)


def look_alikes(tile_set: str, palette: str, width: int) -> list[tuple[str, str, float]]:
    """The pairs under the size's threshold, nearest first, with their D."""
    folder = TILES / tile_set / palette
    about = json.loads((folder / "colours.json").read_text())
    names = about.get("names") or [f"{i + 1:02d}" for i in range(len(about["colours"]))]
    faces = [small_face(folder / f"{i + 1:02d}.png", width, tile_set) for i in range(len(names))]
    light, chroma = (np.stack(part) for part in zip(*faces, strict=True))
    first, second = np.array(list(itertools.combinations(range(len(names)), 2))).T
    d = distance((light[first], chroma[first]), (light[second], chroma[second]))
    near = np.argsort(d)[: int((d < THRESHOLD[width]).sum())]
    return [(names[first[k]], names[second[k]], round(float(d[k]), 2)) for k in near]


# The digit sets tell same-shape faces apart by their digit, which this measure cannot read, and
# their colour is the kind's; making them read small is a redesign of their own (shape per kind,
# larger digits), not yet done.
GLYPH_SETS = pytest.mark.xfail(strict=True, reason="digit faces are told apart by reading")


@pytest.mark.parametrize("width", sorted(THRESHOLD))
@pytest.mark.parametrize("palette", ["vivid", "cb-safe"])
@pytest.mark.parametrize(
    "tile_set",
    ["pictures", "mahjong", *(pytest.param(s, marks=GLYPH_SETS) for s in ("paper", "night"))],
)
def test_no_two_faces_look_alike_small(tile_set, palette, width):
    pairs = look_alikes(tile_set, palette, width)
    assert not pairs, f"{len(pairs)} pairs look alike at {width} px (D): {pairs}"


def test_the_measure_tells_a_shifted_copy_from_another_picture():
    # The same face moved by a pixel must look alike, and an apple and a banana must not: a
    # measure blind to either would pass or fail every set whatever its faces.
    folder = TILES / "pictures" / "vivid"
    apple, banana = (small_face(folder / f"{i:02d}.png", 35, "pictures") for i in (1, 2))
    moved = (np.roll(apple[0], 1, axis=1), apple[1])
    assert distance(apple, moved) < THRESHOLD[35] <= distance(apple, banana)

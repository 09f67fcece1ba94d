"""The backgrounds behind the board and the menus, drawn with numpy.

Each is a 640x400 image (the game stretches it over the window, keeping its aspect), calm and
dark enough that tiles, paths and text stand out on it, and smooth, so that the PNG stays
small. No randomness: the textures are sums of sines, so reruns give the same pixels.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

WIDTH, HEIGHT = 640, 400  # half of a 1280x800 window: smooth when scaled, a small wheel


def _grid() -> tuple[np.ndarray, np.ndarray]:
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float64)
    return x / WIDTH, y / HEIGHT


def _vignette(x: np.ndarray, y: np.ndarray, strength: float) -> np.ndarray:
    d = np.hypot((x - 0.5) * 1.2, y - 0.5)
    return 1 - strength * np.clip(d - 0.2, 0, None) ** 1.5


def _image(rgb: np.ndarray) -> Image.Image:
    return Image.fromarray(np.clip(np.round(rgb), 0, 255).astype(np.uint8))


def _mix(a, b, t: np.ndarray) -> np.ndarray:
    a, b = np.array(a, dtype=np.float64), np.array(b, dtype=np.float64)
    return a + (b - a) * t[..., None]


def felt() -> Image.Image:
    """The game's green cloth: its old flat colour, with a weave and a lamp-lit middle."""
    x, y = _grid()
    weave = 0.5 + 0.25 * np.sin(x * WIDTH * 1.3) * np.sin(y * HEIGHT * 1.3)
    weave += 0.25 * np.sin((x * WIDTH + y * HEIGHT) * 0.21)
    base = _mix((22, 62, 46), (34, 86, 64), weave * 0.4 + 0.3)
    return _image(base * _vignette(x, y, 1.1)[..., None])


def wood() -> Image.Image:
    """Dark planks of walnut: rings bent by a slow wave, a seam between planks."""
    x, y = _grid()
    plank = np.floor(y * 6)
    v = y * 6 - plank
    bend = 0.05 * np.sin(x * 9 + plank * 1.7) + 0.03 * np.sin(x * 23 + plank * 0.6)
    rings = 0.5 + 0.5 * np.sin((v + bend) * 38 + np.sin(x * 4 + plank) * 3 + plank * 2.1)
    rings = rings**3
    colour = _mix((58, 36, 22), (92, 60, 36), rings * 0.7 + 0.15 * np.sin(plank * 2.3) ** 2)
    seam = np.clip(np.minimum(v, 1 - v) * HEIGHT / 6 / 1.5, 0, 1)
    colour *= (0.55 + 0.45 * seam)[..., None]
    return _image(colour * _vignette(x, y, 0.9)[..., None])


def waves() -> Image.Image:
    """Seigaiha, the overlapping waves of Japanese cloth, in ink blue."""
    x, y = _grid()
    r = 0.075  # a wave's radius, in widths
    px, py = x, y * HEIGHT / WIDTH
    shade = np.zeros_like(px)
    # Rows of circles, every other row offset by half a circle; the lower row drawn over the
    # upper, so each wave hides the one behind it. Rings are kept where a circle is on top.
    rows = int(HEIGHT / WIDTH / (r / 2)) + 3
    top = np.full_like(px, -1.0)
    for row in range(rows):
        cy = (row - 1) * r / 2
        offset = (row % 2) * r
        cx = np.round((px - offset) / (2 * r)) * 2 * r + offset
        d = np.hypot(px - cx, py - cy) / r
        inside = d < 1
        top = np.where(inside, d, top)
    rings = 0.5 + 0.5 * np.cos(top * np.pi * 7)
    shade = np.where(top >= 0, rings, 0)
    colour = _mix((16, 30, 58), (30, 56, 98), shade * 0.8)
    return _image(colour * _vignette(x, y, 0.8)[..., None])


def dusk() -> Image.Image:
    """An evening sky over far hills: a gradient from plum to deep blue, two ridges."""
    x, y = _grid()
    sky = _mix((88, 50, 92), (20, 26, 60), np.clip(1 - y * 1.3, 0, 1))
    ridge1 = 0.72 + 0.05 * np.sin(x * 7 + 1) + 0.03 * np.sin(x * 17)
    ridge2 = 0.82 + 0.04 * np.sin(x * 5 + 3) + 0.02 * np.sin(x * 23 + 1)
    # Each ridge's edge blends over a pixel and a half, so it stays smooth when scaled up.
    near = np.clip((y - ridge1) * HEIGHT / 1.5, 0, 1)
    far = np.clip((y - ridge2) * HEIGHT / 1.5, 0, 1)
    glow = np.exp(-(((x - 0.7) / 0.12) ** 2 + ((y - 0.66) / 0.1) ** 2))
    colour = sky + glow[..., None] * np.array((60, 40, 20.0)) * (1 - near)[..., None]
    colour = colour * (1 - near)[..., None] + np.array((44, 30, 62.0)) * near[..., None]
    colour = colour * (1 - far)[..., None] + np.array((26, 20, 40.0)) * far[..., None]
    return _image(colour)


BACKGROUNDS = {"felt": felt, "wood": wood, "waves": waves, "dusk": dusk}

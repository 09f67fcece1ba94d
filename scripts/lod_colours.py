"""48 colours as far apart as possible, for the tiles' level-of-detail colours.

Far out a tile is a few pixels: its shape and picture are gone and its colour is all that tells
one kind from another. So every kind gets a colour of its own, and the 48 colours are spread
through OKLab (Björn Ottosson's perceptual space, where a distance is a difference one sees):

1. Candidates: the sRGB cube in 16 steps a channel (4,096 colours), kept where OKLab lightness
   is 0.42 .. 0.90, so that every colour stands out from a dark board and from a white one.
2. Farthest-point sampling: start from the candidate nearest a fixed red, then add, again and
   again, the candidate whose nearest chosen colour is farthest away.
3. Refinement: each colour in turn moves to the candidate that is farthest from all the other
   chosen colours, until a round moves none (the smallest distance can only grow).

For the colour-blind-safe variant, "distance" is the smallest of four: in plain sight and under
simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009, severity
1.0, in linear RGB), so the colours stay apart for those players too.

Deterministic: no randomness; ties go to the first candidate in the grid's order.
"""

from __future__ import annotations

import numpy as np

COUNT = 48
STEPS = 16
LIGHTNESS = (0.42, 0.90)
START = (220, 40, 40)

# Machado et al. (2009), severity 1.0: linear RGB -> what a dichromat sees, in linear RGB.
CVD = {
    "protan": [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
    "deutan": [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],
    "tritan": [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ],
}


def srgb_to_linear(rgb: np.ndarray) -> np.ndarray:
    c = np.asarray(rgb, dtype=np.float64) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def linear_to_oklab(lin: np.ndarray) -> np.ndarray:
    m1 = np.array(
        [
            [0.4122214708, 0.5363325363, 0.0514459929],
            [0.2119034982, 0.6806995451, 0.1073969566],
            [0.0883024619, 0.2817188376, 0.6299787005],
        ]
    )
    m2 = np.array(
        [
            [0.2104542553, 0.7936177850, -0.0040720468],
            [1.9779984951, -2.4285922050, 0.4505937099],
            [0.0259040371, 0.7827717662, -0.8086757660],
        ]
    )
    lms = np.clip(lin, 0, None) @ m1.T
    return np.cbrt(lms) @ m2.T


def oklab(rgb) -> np.ndarray:
    """sRGB (0..255, shape (..., 3)) -> OKLab."""
    return linear_to_oklab(srgb_to_linear(rgb))


def _views(rgb: np.ndarray, colour_blind: bool) -> np.ndarray:
    """The candidates in OKLab as each viewer sees them: shape (views, n, 3)."""
    lin = srgb_to_linear(rgb)
    views = [linear_to_oklab(lin)]
    if colour_blind:
        views += [linear_to_oklab(np.clip(lin @ np.array(m).T, 0, 1)) for m in CVD.values()]
    return np.stack(views)


def _distances(views: np.ndarray, i: int) -> np.ndarray:
    """From candidate i to every candidate: the smallest distance over the views."""
    return np.linalg.norm(views - views[:, i : i + 1], axis=-1).min(axis=0)


def palette(colour_blind: bool = False, count: int = COUNT) -> list[tuple[int, int, int]]:
    """`count` sRGB colours spread as far apart as they can be (see the module's doc)."""
    levels = np.round(np.linspace(0, 255, STEPS)).astype(int)
    grid = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), -1).reshape(-1, 3)
    lightness = oklab(grid)[:, 0]
    grid = grid[(lightness >= LIGHTNESS[0]) & (lightness <= LIGHTNESS[1])]
    views = _views(grid, colour_blind)
    start = int(np.argmin(np.linalg.norm(oklab(grid) - oklab(np.array(START)), axis=-1)))
    chosen = [start]
    nearest = _distances(views, start)
    while len(chosen) < count:
        pick = int(np.argmax(nearest))
        chosen.append(pick)
        nearest = np.minimum(nearest, _distances(views, pick))
    rows = {i: _distances(views, i) for i in chosen}
    for _ in range(50):  # refinement; converges in a handful of rounds
        moved = False
        for slot, current in enumerate(chosen):
            others = [rows[i] for i in chosen if i != current]
            room = np.minimum.reduce(others)
            best = int(np.argmax(room))
            if room[best] > room[current] + 1e-9:
                chosen[slot] = best
                rows[best] = _distances(views, best)
                moved = True
        if not moved:
            break
    return [tuple(int(v) for v in grid[i]) for i in chosen]


def min_distance(colours, colour_blind: bool = False) -> float:
    """The smallest distance between two of `colours` (in the palette's own sense)."""
    views = _views(np.array(colours), colour_blind)
    return min(float(np.delete(_distances(views, i), i).min()) for i in range(len(colours)))


def assign(natural: list[tuple[int, int, int]], colours) -> list[int]:
    """For each picture's natural colour, in the order given (the pictures whose colour
    matters most first), the index of the nearest palette colour (in OKLab) still free: so an
    apple keeps a red and a banana a yellow as far as the palette allows."""
    a, b = oklab(np.array(natural)), oklab(np.array(colours))
    free = list(range(len(colours)))
    picked = []
    for wanted in a:
        j = min(free, key=lambda k: float(np.linalg.norm(b[k] - wanted)))
        picked.append(j)
        free.remove(j)
    return picked

"""High contrast's tiles' marks (issue 39, item 4): on every face of every tile set the
high-contrast look offers, in both palettes, the mark stands 3:1 or more against the face where
they meet (WCAG 2.2's non-text contrast), measured in the pixels drawn on both renderers."""

from __future__ import annotations

import numpy as np
import pytest

import llk
from llk.game.board.theme import FACES, HIGH_CONTRAST_SETS
from llk.game.model.config import GameConfig

from ..helpers import frame, image_point, start
from .test_high_contrast import luminance, screen

ROWS, COLS = 8, 12  # every kind twice
# Of the pixels just inside a mark's edge; the rest are blends at its points and sharp corners.
ENOUGH = 0.9


def luminances(pixels: np.ndarray) -> np.ndarray:
    """WCAG 2.2's relative luminance of each pixel (0-255 channels)."""
    c = pixels[..., :3].astype(float) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return linear @ [0.2126, 0.7152, 0.0722]


def touching(mask: np.ndarray) -> np.ndarray:
    """The pixels with one of their four neighbours in `mask`."""
    out = np.zeros_like(mask)
    out[1:] |= mask[:-1]
    out[:-1] |= mask[1:]
    out[:, 1:] |= mask[:, :-1]
    out[:, :-1] |= mask[:, 1:]
    return out


def mark_edge(face_pixels: np.ndarray) -> tuple[float, int]:
    """In a face's middle (its marks, not its rim): the share of the pixels a step inside the
    marks' outer edges, past the blended one, that stand 3:1 or more from the face's colour (the
    colour of most pixels along the middle's border, where no mark reaches), and how many
    there are."""
    p = face_pixels
    border = np.concatenate([p[0], p[-1], p[:, 0], p[:, -1]])
    colours, counts = np.unique(border, axis=0, return_counts=True)
    face = luminance(colours[np.argmax(counts)])
    lum = luminances(face_pixels)
    ratio = (np.maximum(lum, face) + 0.05) / (np.minimum(lum, face) + 0.05)
    # The face round the marks: the pixels near its colour reached from the border (a face-
    # coloured dot inside a mark, the Mahjong dots' centres, is the mark's).
    near = ratio < 1.25  # the face, and the faint blends at its edge
    ground = np.zeros_like(near)
    ground[0], ground[-1], ground[:, 0], ground[:, -1] = near[0], near[-1], near[:, 0], near[:, -1]
    while (grown := ground | (touching(ground) & near)).sum() > ground.sum():
        ground = grown
    first = ~ground & touching(ground)
    second = ~ground & ~first & touching(first)
    return float((ratio[second] >= 3).mean()) if second.any() else 0.0, int(second.sum())


def measured(window) -> dict[int, tuple[float, int]]:
    """Each kind's mark edge (`mark_edge`) as drawn, at the tile size the test window fits."""
    kinds = np.repeat(np.arange(1, FACES + 1, dtype=np.uint16), 2)
    grid = np.random.default_rng(7).permutation(kinds).reshape(ROWS, COLS)
    view = start(window, GameConfig(rows=ROWS, cols=COLS, kinds=FACES), llk.Board(grid))
    frame(window)
    frame(window)  # the grid renderer's first frames are drawn at half resolution
    bv, image = view.board_view, screen(window)
    found = {}
    for (row, col), kind in np.ndenumerate(grid):
        if kind in found:
            continue
        x, y = bv.screen_of((row, col))
        # The face's middle, inside its rim: texels 4 to 56 across and 4 to 68 down of the
        # 64x76 face, drawn centred on its cell and as wide.
        texel = bv.tile_pixels / 64
        (left, top), (right, bottom) = (
            image_point(window, x - 28 * texel, y + 34 * texel),
            image_point(window, x + 24 * texel, y - 30 * texel),
        )
        found[int(kind)] = mark_edge(image[top:bottom, left:right])
    return found


@pytest.mark.parametrize("colour_blind_safe", [False, True], ids=["vivid", "cb-safe"])
@pytest.mark.parametrize("tile_set", HIGH_CONTRAST_SETS)
def test_every_faces_mark_stands_3_to_1_from_the_face(window, tile_set, colour_blind_safe):
    s = window.settings
    s.high_contrast, s.colour_blind_safe = True, colour_blind_safe
    s.tile_set, s.tile_set_chosen = tile_set, True
    found = measured(window)
    assert len(found) == FACES
    failing = {kind: f"{share:.2f} of {n}" for kind, (share, n) in found.items() if share < ENOUGH}
    assert failing == {}, f"{len(failing)} faces: {failing}"

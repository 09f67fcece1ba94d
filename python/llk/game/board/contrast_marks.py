"""High contrast's faces: the marks on a face (a shape, a picture, a Mahjong character) darkened
until they stand 4.5:1 against the face, so that where mark and face meet, the drawn pixels keep
WCAG 2.2's 3:1 for graphics after the renderers scale and blend them (measured by
tests/game/views/test_high_contrast_marks.py). Each mark keeps its hue (its linear RGB is scaled
down, not replaced); what is already dark enough, the face itself and the faint blends at its
edges (within NEAR of its colour) stay as drawn, and so does the tile's rim, outside MIDDLE."""

from __future__ import annotations

import numpy as np
from PIL import Image

TARGET = 4.5  # a mark against its face, in the texture: 3:1 left over once blended on screen
NEAR = 40  # a pixel this near the face's colour (in every channel) is the face or a faint blend
MIDDLE = (4, 4, 56, 68)  # left, top, right, bottom of a 64x76 face: inside its rim and edges


def _linear(srgb: np.ndarray) -> np.ndarray:
    c = srgb / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(linear: np.ndarray) -> np.ndarray:
    c = np.where(linear <= 0.0031308, linear * 12.92, 1.055 * linear ** (1 / 2.4) - 0.055)
    return np.clip(np.round(c * 255), 0, 255)


def darkened_marks(image: Image.Image) -> Image.Image:
    """`image` (a face) with the marks in its middle darkened to TARGET against its face colour
    (the colour of most pixels along the middle's border, where no mark reaches)."""
    rgba = np.asarray(image.convert("RGBA"), dtype=np.float64).copy()
    left, top, right, bottom = MIDDLE
    middle = rgba[top:bottom, left:right]
    border = np.concatenate([middle[0], middle[-1], middle[:, 0], middle[:, -1]])[:, :3]
    colours, counts = np.unique(border, axis=0, return_counts=True)
    face_colour = colours[np.argmax(counts)]
    face = float(_linear(face_colour) @ LUMA)
    linear = _linear(middle[..., :3])
    lum = linear @ LUMA
    darkest = (face + 0.05) / TARGET - 0.05  # the lightest a mark may be
    if darkest <= 0:
        raise ValueError(f"a face of luminance {face:.2f} is too dark for marks darker than it")
    near = np.abs(middle[..., :3] - face_colour).max(axis=-1) < NEAR
    darken = ~near & (lum > darkest) & (middle[..., 3] > 0)
    scale = np.where(darken, darkest / np.maximum(lum, 1e-9), 1.0)
    middle[..., :3] = np.where(darken[..., None], _srgb(linear * scale[..., None]), middle[..., :3])
    return Image.fromarray(rgba.astype(np.uint8))


LUMA = np.array([0.2126, 0.7152, 0.0722])  # WCAG 2.2's relative luminance of linear RGB

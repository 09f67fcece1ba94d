"""High contrast's faces (board/contrast_marks.py, issue 39 item 4): a light mark is darkened to
4.5:1 against its face, its hue kept; the face, its rim and the marks dark enough already are
left as drawn; the theme hands out the darkened faces in high contrast only."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from llk.game.board.contrast_marks import TARGET, darkened_marks
from llk.game.board.theme import Theme
from llk.game.store.settings import Settings

FACE, RIM, LIGHT, DARK = (250, 246, 236), (170, 160, 140), (120, 200, 255), (20, 20, 20)


def luminance(colour) -> float:
    c = np.asarray(colour[:3], dtype=float) / 255
    return float(
        np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4) @ [0.2126, 0.7152, 0.0722]
    )


def contrast(a, b) -> float:
    dark, light = sorted((luminance(a), luminance(b)))
    return (light + 0.05) / (dark + 0.05)


def a_face() -> Image.Image:
    """A 64x76 face: its rim, a light mark and a dark one in its middle."""
    pixels = np.zeros((76, 64, 4), dtype=np.uint8)
    pixels[...] = (*RIM, 255)
    pixels[3:70, 3:58] = (*FACE, 255)
    pixels[20:40, 10:30] = (*LIGHT, 255)
    pixels[45:60, 35:50] = (*DARK, 255)
    return Image.fromarray(pixels)


def test_a_light_mark_is_darkened_to_the_target_and_keeps_its_hue():
    out = np.asarray(darkened_marks(a_face()))
    mark = tuple(int(v) for v in out[30, 20, :3])
    assert contrast(mark, FACE) == pytest.approx(TARGET, abs=0.1)
    assert contrast(LIGHT, FACE) < 3  # it did not stand out before
    order = np.argsort(LIGHT)
    assert list(np.argsort(mark)) == list(order)  # blue the most, red the least: still a blue
    assert tuple(out[50, 40, :3]) == DARK  # dark enough already
    assert tuple(out[10, 40, :3]) == FACE and tuple(out[1, 1, :3]) == RIM  # face, rim


def test_a_dark_face_is_refused():
    dark = np.zeros((76, 64, 4), dtype=np.uint8)
    dark[..., 3] = 255
    with pytest.raises(ValueError, match="too dark"):
        darkened_marks(Image.fromarray(dark))


def test_the_theme_darkens_the_faces_in_high_contrast_only():
    settings = Settings(tile_set="pictures", tile_set_chosen=True)
    theme = Theme(settings)
    plain = np.asarray(theme.faces()[0].image)
    settings.high_contrast = True
    darkened = np.asarray(theme.faces()[0].image)
    assert np.abs(darkened.astype(int) - plain).max() > 50
    settings.high_contrast = False
    assert (np.asarray(theme.faces()[0].image) == plain).all()

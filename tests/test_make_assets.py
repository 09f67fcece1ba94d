"""scripts/make_assets.py reproduces the committed assets: the sounds and the music byte for
byte, every palette's colours.json, every background and a sample of every tile set's faces
pixel for pixel (PNG bytes may differ with the zlib at hand; pixels may not). All of it would
take the script ~10 s; the sample keeps this test to a few."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
SAMPLE = (0, 16, 29, 47)  # faces 01, 17, 30, 48: first and last, and two shapes in between
# The Mahjong set draws each group of faces its own way: one face of each (a character, the
# bird, sticks, rings, a wind, the white dragon, a season, an extra).
SAMPLES = {"mahjong": (0, 9, 16, 22, 29, 33, 40, 47)}


@pytest.fixture(scope="module")
def make_assets():
    path = ROOT / "scripts" / "make_assets.py"
    spec = importlib.util.spec_from_file_location("make_assets", path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module


def pixels(image) -> np.ndarray:
    return np.asarray(image.convert("RGBA"))


def test_sounds_and_music_are_reproduced(make_assets, tmp_path):
    make_assets.make_sounds(tmp_path)
    make_assets.make_music(tmp_path)
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.wav"))
    assert [p.name for p in made if p.parent.name == "sounds"] == sorted(
        f"{n}.wav" for n in make_assets.SOUND_NAMES
    )
    for rel in made:
        assert (tmp_path / rel).read_bytes() == (ASSETS / rel).read_bytes(), rel
    assert (ASSETS / "music" / "loop.wav").stat().st_size < 1_000_000  # a small wheel


def test_backgrounds_are_reproduced(make_assets):
    # Drawn, not saved: writing the optimised PNGs is most of the script's time.
    drawings = make_assets.backgrounds.BACKGROUNDS
    assert sorted(p.stem for p in (ASSETS / "backgrounds").glob("*.png")) == sorted(drawings)
    for name, draw in drawings.items():
        committed = Image.open(ASSETS / "backgrounds" / f"{name}.png")
        assert np.array_equal(pixels(draw()), pixels(committed)), name


@pytest.mark.parametrize("tile_set", ["paper", "night", "pictures", "mahjong"])
def test_tiles_and_their_colours_are_reproduced(make_assets, tile_set):
    for palette in make_assets.PALETTES:
        folder = ASSETS / "tiles" / tile_set / palette
        about = json.loads((folder / "colours.json").read_text())
        assert about["colours"] == [list(c) for c in make_assets.kind_colours(tile_set, palette)]
        for index in SAMPLES.get(tile_set, SAMPLE):
            face = make_assets.draw_face(index, tile_set, palette)
            committed = Image.open(folder / f"{index + 1:02d}.png")
            assert np.array_equal(pixels(face), pixels(committed)), (tile_set, palette, index)

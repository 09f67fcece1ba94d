"""The package's own read-only data (assets/ and the shaders): the one place outside store/ that
reads files, and only these.

They are found with importlib.resources, so the same code works in a checkout (through the
python/llk/assets symlink) and in an installed wheel. The player's files (saves, scores,
settings) are store/'s alone. No other game module is imported here: every layer may use it.
"""

from __future__ import annotations

import io
from importlib.resources import files
from pathlib import Path

from PIL import Image


def asset_path(*parts: str) -> Path:
    """The path of a file under assets/ (a texture, a sound, a background)."""
    return Path(str(files("llk").joinpath("assets", *parts)))


def asset_image(*parts: str) -> Image.Image:
    """A picture under assets/ (a background), as RGBA."""
    raw = files("llk").joinpath("assets", *parts).read_bytes()
    return Image.open(io.BytesIO(raw)).convert("RGBA")


def asset_text(*parts: str) -> str:
    """A text file under assets/ (the journey's levels, a tile set's colours)."""
    return files("llk").joinpath("assets", *parts).read_text(encoding="utf-8")


def asset_bytes(*parts: str) -> bytes:
    """A file under assets/ as bytes (a language's compiled catalog)."""
    return files("llk").joinpath("assets", *parts).read_bytes()


def shader_source(name: str) -> str:
    """A shader of the package (llk/game/board/shaders/), by file name."""
    # files() gives a Path here, whose joinpath takes many parts (Traversable's, in 3.10's
    # typeshed, one).
    shaders = files("llk.game.board").joinpath("shaders", name)  # type: ignore[call-arg]
    return shaders.read_text(encoding="utf-8")

"""Chinese style's groups, made visible on the tile sets whose faces do not show them.

In Chinese style the four flowers (kinds 35..38) match one another, and so do the four seasons
(39..42): the engine says so (model/matching.py's `groups`). The Mahjong set draws them as
flowers and seasons, numbered in the corner where a Mahjong tile has its number. Any other set
draws them as eight unrelated faces (a bell, a crown, a snail...), so there each tile of a
group carries its group's mark: a round badge with a flower in the top-left corner for the
first group, a square badge on its point with a leaf in the top-right corner for the second.
The marks differ in their shape and their corner, not in their colour alone, so that they can
be told apart under any colour vision; a badge, not a bare flower or leaf, so that no mark is
taken for a part of the picture (the apple has a leaf of its own).

The marks are drawn into the faces themselves (`marked_face`, made once a tile set by the
theme), so every renderer shows them at every zoom that shows faces: the sprites, the grid
renderer's texture array and its mipmaps (a mark of 20 pixels at zoom 1 is still a blob of 5
where a tile is 16 wide), the tiles that fade or slide. Further out, where the grid renderer
draws each kind as a flat colour, a tile is a few pixels and the marks go with the faces.
A kind past the 48 faces reuses a face and its mark (kind 83 looks like kind 35, mark and all),
as it already looked like that kind; the game itself deals at most 48 kinds.
"""

from __future__ import annotations

import math
from functools import cache
from types import MappingProxyType
from typing import Literal

from PIL import Image, ImageDraw

from ..model.matching import groups

Mark = Literal["flower", "leaf"]
MARKS: tuple[Mark, ...] = ("flower", "leaf")  # group by group, in the order of their kinds
# Sets whose own faces show the groups: the Mahjong set's flowers and seasons.
SETS_SHOWING_GROUPS = frozenset({"mahjong"})

# Where a mark is drawn on a face (64 x 76, its ivory part 60 x 72 from the top left): the
# middle of a box of MARK_SIZE pixels in the top corner on its side, clear of the face's edge.
MARK_SIZE = 26
MARK_CENTRES: dict[Mark, tuple[int, int]] = {"flower": (14, 15), "leaf": (46, 15)}
SUPERSAMPLE = 8  # a mark is drawn this many times larger, then scaled down: smooth edges

Colour = tuple[int, int, int, int]
HALO: Colour = (255, 255, 255, 235)  # around the badge: it stands clear of a dark face too
OUTLINE = (40, 32, 44, 255)
GLYPH = (255, 255, 255, 255)
FLOWER_BADGE, FLOWER_HEART = (212, 48, 128, 255), (255, 214, 64, 255)
LEAF_BADGE = (34, 132, 70, 255)


@cache
def group_marks(tile_set: str, chinese: bool) -> MappingProxyType[int, Mark]:
    """kind -> the mark its face carries in a game drawn with `tile_set`: the kinds of each
    group that Chinese style matches together (as the engine says) carry the group's mark;
    none under the classic rules, nor with a set whose faces show the groups themselves."""
    if not chinese or tile_set in SETS_SHOWING_GROUPS:
        return MappingProxyType({})
    found = groups(chinese)
    if len(found) > len(MARKS):
        raise ValueError(f"{len(found)} groups of matching kinds, and marks for {len(MARKS)}")
    return MappingProxyType(
        {kind: mark for group, mark in zip(found, MARKS, strict=False) for kind in group}
    )


def mark_box(mark: Mark) -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom) of a face that `mark` is drawn in."""
    x, y = MARK_CENTRES[mark]
    half = MARK_SIZE // 2
    return x - half, y - half, x + half, y + half


def marked_face(face: Image.Image, mark: Mark) -> Image.Image:
    """A copy of `face` with `mark` in its corner."""
    out = face.convert("RGBA")  # a copy: the set's own face stays as it is
    out.alpha_composite(_badge(mark), mark_box(mark)[:2])
    return out


@cache
def _badge(mark: Mark) -> Image.Image:
    """The mark alone, MARK_SIZE square on a clear ground (drawn once: four faces carry it)."""
    big = MARK_SIZE * SUPERSAMPLE
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    if mark == "flower":
        _draw_flower(draw, big / 2)
    else:
        _draw_leaf(draw, big / 2)
    return canvas.resize((MARK_SIZE, MARK_SIZE), Image.Resampling.LANCZOS)


def _disc(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: Colour) -> None:
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def _diamond(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: Colour) -> None:
    draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=fill)


def _draw_flower(draw: ImageDraw.ImageDraw, mid: float) -> None:
    """The flowers' mark: a round badge, a white flower of five petals on it."""
    s = SUPERSAMPLE
    for r, colour in ((11.6 * s, HALO), (10.7 * s, OUTLINE), (9.7 * s, FLOWER_BADGE)):
        _disc(draw, mid, mid, r, colour)
    petal, reach = 2.6 * s, 3.4 * s
    for i in range(5):
        a = -math.pi / 2 + 2 * math.pi * i / 5
        _disc(draw, mid + reach * math.cos(a), mid + reach * math.sin(a), petal, GLYPH)
    _disc(draw, mid, mid, 1.7 * s, FLOWER_HEART)


def _leaf_outline(mid: float, length: float, width: float) -> list[tuple[float, float]]:
    """A pointed leaf `length` long and `width` wide about (mid, mid), its tip to the top
    right."""
    # One side from tip to tip (a parabola across the axis), then the other side back.
    side = [(t * length / 2, width / 2 * (1 - t * t)) for t in (i / 20 - 1 for i in range(41))]
    points = side + [(x, -y) for x, y in reversed(side)]
    c = 1 / math.sqrt(2)
    return [(mid + (x + y) * c, mid + (y - x) * c) for x, y in points]


def _draw_leaf(draw: ImageDraw.ImageDraw, mid: float) -> None:
    """The seasons' mark: a square badge standing on its point, a white leaf on it."""
    s = SUPERSAMPLE
    for r, colour in ((12.8 * s, HALO), (11.8 * s, OUTLINE), (10.6 * s, LEAF_BADGE)):
        _diamond(draw, mid, mid, r, colour)
    draw.polygon(_leaf_outline(mid, 14 * s, 7.6 * s), fill=GLYPH)
    c = 6.6 * s / math.sqrt(2)
    draw.line([(mid - c, mid + c), (mid + c * 0.8, mid - c * 0.8)], fill=LEAF_BADGE, width=s)

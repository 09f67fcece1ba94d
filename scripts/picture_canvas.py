"""The pictures' canvas: layers of filled shapes in a 0..1 square (u right, v down), drawn at
SCALE times the tile's size and scaled down (smooth edges). A layer is the union of its shapes,
filled with one colour and ringed with a dark outline of its own, so overlapping parts read as
one silhouette and the silhouette reads without colour (picture_tiles.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw, ImageFilter

SCALE = 4
INK = (38, 32, 44)
WHITE = (255, 255, 255)
LEAF = (64, 150, 60)
STEM = (112, 72, 40)
PINK = (246, 150, 160)
GOLD = (240, 196, 60)
GREY = (150, 150, 160)
OUTLINE_PX = 1.6  # at the tile's own size

Colour = tuple[int, int, int]
Shape = Callable[[ImageDraw.ImageDraw, "Canvas"], None]


def shade(colour: Colour, by: float) -> Colour:
    """Darker (by < 1) or lighter (by > 1, toward white) of the same hue."""
    if by <= 1:
        return tuple(int(c * by) for c in colour)  # type: ignore[return-value]
    t = by - 1
    return tuple(int(c + (255 - c) * t) for c in colour)  # type: ignore[return-value]


class Canvas:
    """A picture's box on a tile image, at SCALE times the tile's size."""

    def __init__(self, image: Image.Image, box: tuple[float, float, float]) -> None:
        self.image = image
        self.x0, self.y0, self.side = box

    def px(self, u: float, v: float) -> tuple[float, float]:
        return self.x0 + u * self.side, self.y0 + v * self.side

    def size(self, d: float) -> float:
        return d * self.side

    def layer(self, colour: Colour, *shapes: Shape, outline: bool = True) -> None:
        mask = Image.new("L", self.image.size, 0)
        draw = ImageDraw.Draw(mask)
        for shape in shapes:
            shape(draw, self)
        box = mask.getbbox()
        if box is None:
            return
        if outline:
            # The outline is the layer grown by its width; only around the layer's own box,
            # since a rank filter over the whole image is the script's slowest step.
            reach = int(OUTLINE_PX * SCALE)
            x0, y0 = max(0, box[0] - reach - 1), max(0, box[1] - reach - 1)
            x1, y1 = min(mask.width, box[2] + reach + 1), min(mask.height, box[3] + reach + 1)
            grown = mask.crop((x0, y0, x1, y1)).filter(ImageFilter.MaxFilter(2 * reach + 1))
            self.image.paste((*INK, 255), (x0, y0), grown)
        self.image.paste((*colour, 255), (0, 0), mask)


# Shapes: each draws itself filled (255), or cut out (0) with hole=True.


def ellipse(cx: float, cy: float, rx: float, ry: float | None = None, hole: bool = False) -> Shape:
    ry = rx if ry is None else ry

    def draw(d: ImageDraw.ImageDraw, c: Canvas) -> None:
        (x0, y0), (x1, y1) = c.px(cx - rx, cy - ry), c.px(cx + rx, cy + ry)
        d.ellipse((x0, y0, x1, y1), fill=0 if hole else 255)

    return draw


def poly(*points: tuple[float, float], hole: bool = False) -> Shape:
    def draw(d: ImageDraw.ImageDraw, c: Canvas) -> None:
        d.polygon([c.px(u, v) for u, v in points], fill=0 if hole else 255)

    return draw


def rect(u0: float, v0: float, u1: float, v1: float, r: float = 0.0, hole: bool = False) -> Shape:
    def draw(d: ImageDraw.ImageDraw, c: Canvas) -> None:
        (x0, y0), (x1, y1) = c.px(u0, v0), c.px(u1, v1)
        d.rounded_rectangle((x0, y0, x1, y1), radius=c.size(r), fill=0 if hole else 255)

    return draw


def line(*points: tuple[float, float], width: float, hole: bool = False) -> Shape:
    def draw(d: ImageDraw.ImageDraw, c: Canvas) -> None:
        w = max(1, int(c.size(width)))
        pts = [c.px(u, v) for u, v in points]
        d.line(pts, fill=0 if hole else 255, width=w, joint="curve")
        for x, y in (pts[0], pts[-1]):  # round caps
            d.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=0 if hole else 255)

    return draw


def arc_points(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, n: int = 24
) -> list[tuple[float, float]]:
    """Points along an ellipse, angles in degrees (0 = right, 90 = down)."""
    return [
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / n)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / n)),
        )
        for i in range(n + 1)
    ]


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5, turn: float = -90):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(turn + 180 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def eye(c: Canvas, u: float, v: float, r: float = 0.05) -> None:
    c.layer(WHITE, ellipse(u, v, r), outline=False)
    c.layer(INK, ellipse(u + r * 0.2, v, r * 0.55), outline=False)


def turned(c: Canvas, degrees: float, draw: Callable[[Canvas], None]) -> None:
    """Draws `draw` on a canvas of its own and lays it on `c` turned by `degrees` (anticlockwise)
    about the box's centre: most pictures stand upright and symmetric, so a tilt is a silhouette
    of its own at a size where details are gone."""
    own = Canvas(Image.new("RGBA", c.image.size, (0, 0, 0, 0)), (c.x0, c.y0, c.side))
    draw(own)
    turned_image = own.image.rotate(
        degrees, resample=Image.Resampling.BICUBIC, center=c.px(0.5, 0.5)
    )
    c.image.alpha_composite(turned_image)

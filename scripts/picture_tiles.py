"""The "pictures" tile set: 48 figurative faces (fruit, animals, things), drawn by code.

Each picture is a few filled layers in a 0..1 square (u right, v down), drawn at four times
the tile's size and scaled down (smooth edges). A layer is the union of its shapes, filled with
one colour and ringed with a dark outline of its own, so overlapping parts read as one
silhouette and the silhouette reads without colour: the pictures differ by shape first.

A picture's main colour is not its own: it is the kind's level-of-detail colour (lod_colours.py),
given to the pictures so that each keeps a colour near its natural one where it can (an apple
red, a leaf green); far out the tile shows exactly that colour.
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


# The pictures. Each takes the canvas and its main colour.


def apple(c: Canvas, m: Colour) -> None:
    c.layer(STEM, line((0.5, 0.3), (0.55, 0.1), width=0.06))
    c.layer(LEAF, poly((0.55, 0.2), (0.72, 0.08), (0.86, 0.12), (0.72, 0.24)))
    c.layer(m, ellipse(0.35, 0.58, 0.27, 0.32), ellipse(0.65, 0.58, 0.27, 0.32))
    c.layer(shade(m, 1.5), ellipse(0.3, 0.48, 0.06, 0.1), outline=False)


def pear(c: Canvas, m: Colour) -> None:
    c.layer(STEM, line((0.5, 0.22), (0.56, 0.05), width=0.06))
    c.layer(m, ellipse(0.5, 0.68, 0.3, 0.28), ellipse(0.5, 0.36, 0.16, 0.18))
    c.layer(LEAF, poly((0.56, 0.12), (0.76, 0.04), (0.7, 0.18)))


def cherries(c: Canvas, m: Colour) -> None:
    c.layer(LEAF, poly((0.55, 0.1), (0.8, 0.05), (0.9, 0.15), (0.7, 0.2)))
    c.layer(STEM, line((0.28, 0.62), (0.45, 0.3), (0.58, 0.1), width=0.045))
    c.layer(STEM, line((0.72, 0.66), (0.66, 0.35), (0.58, 0.1), width=0.045))
    c.layer(m, ellipse(0.28, 0.7, 0.2))
    c.layer(m, ellipse(0.72, 0.72, 0.2))
    c.layer(shade(m, 1.6), ellipse(0.22, 0.64, 0.05), ellipse(0.66, 0.66, 0.05), outline=False)


def banana(c: Canvas, m: Colour) -> None:
    # A band along a curved centre line (a quadratic Bezier), thick in the middle, thin at the
    # ends: a smile-shaped banana.
    p0, p1, p2 = (0.06, 0.34), (0.42, 1.08), (0.9, 0.2)
    centre, upper, lower = [], [], []
    for i in range(25):
        t = i / 24
        x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0]
        y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]
        dx = 2 * (1 - t) * (p1[0] - p0[0]) + 2 * t * (p2[0] - p1[0])
        dy = 2 * (1 - t) * (p1[1] - p0[1]) + 2 * t * (p2[1] - p1[1])
        n = math.hypot(dx, dy)
        w = 0.16 * math.sin(math.pi * t) ** 0.7 + 0.02
        centre.append((x, y))
        upper.append((x + dy / n * w, y - dx / n * w))
        lower.append((x - dy / n * w, y + dx / n * w))
    c.layer(m, poly(*upper, *reversed(lower)))
    c.layer(shade(m, 0.75), line(*centre[4:21], width=0.025), outline=False)
    c.layer(STEM, line(centre[-1], (0.95, 0.1), width=0.06))


def grapes(c: Canvas, m: Colour) -> None:
    c.layer(STEM, line((0.5, 0.22), (0.52, 0.05), width=0.05))
    c.layer(LEAF, poly((0.52, 0.12), (0.78, 0.04), (0.74, 0.2)))
    berries = [(0.3, 0.32), (0.5, 0.32), (0.7, 0.32), (0.4, 0.5), (0.6, 0.5), (0.5, 0.68)]
    berries += [(0.3, 0.5), (0.7, 0.5), (0.4, 0.68), (0.6, 0.68), (0.5, 0.86)]
    for u, v in berries:
        c.layer(m, ellipse(u, v, 0.11))


def lemon(c: Canvas, m: Colour) -> None:
    c.layer(m, ellipse(0.5, 0.52, 0.38, 0.27), ellipse(0.1, 0.52, 0.08, 0.06))
    c.layer(m, ellipse(0.9, 0.52, 0.08, 0.06), ellipse(0.5, 0.52, 0.37, 0.26))
    c.layer(shade(m, 1.5), ellipse(0.36, 0.42, 0.1, 0.05), outline=False)


def orange_slice(c: Canvas, m: Colour) -> None:
    c.layer(m, ellipse(0.5, 0.5, 0.42))
    c.layer(shade(m, 1.55), ellipse(0.5, 0.5, 0.33), outline=False)
    for i in range(8):
        a0, a1 = 360 * i / 8 + 5, 360 * (i + 1) / 8 - 5
        seg = [(0.5, 0.5), *arc_points(0.5, 0.5, 0.29, 0.29, a0, a1, 6)]
        c.layer(shade(m, 0.95), poly(*seg), outline=False)


def strawberry(c: Canvas, m: Colour) -> None:
    body = [*arc_points(0.5, 0.35, 0.38, 0.22, 180, 360, 16), (0.5, 0.95)]
    c.layer(m, poly(*body))
    for u, v in ((0.35, 0.45), (0.5, 0.5), (0.65, 0.45), (0.42, 0.64), (0.58, 0.64), (0.5, 0.8)):
        c.layer(shade(m, 1.7), ellipse(u, v, 0.025, 0.035), outline=False)
    c.layer(LEAF, poly(*star_points(0.5, 0.28, 0.22, 0.08, 5, 90)))
    c.layer(STEM, line((0.5, 0.25), (0.52, 0.08), width=0.05))


def watermelon(c: Canvas, m: Colour) -> None:
    c.layer(m, poly(*arc_points(0.5, 0.3, 0.46, 0.56, 0, 180)))
    c.layer(
        PINK if sum(m) < 500 else (230, 70, 80), poly(*arc_points(0.5, 0.3, 0.37, 0.46, 0, 180))
    )
    for u, v in ((0.35, 0.45), (0.5, 0.55), (0.65, 0.45), (0.5, 0.38)):
        c.layer(INK, ellipse(u, v, 0.025, 0.04), outline=False)


def carrot(c: Canvas, m: Colour) -> None:
    c.layer(LEAF, poly((0.62, 0.3), (0.58, 0.05), (0.72, 0.22), (0.88, 0.06), (0.8, 0.32)))
    c.layer(m, poly((0.5, 0.3), (0.8, 0.36), (0.25, 0.95)))
    c.layer(shade(m, 0.7), line((0.52, 0.5), (0.62, 0.52), width=0.03), outline=False)
    c.layer(shade(m, 0.7), line((0.42, 0.66), (0.52, 0.68), width=0.03), outline=False)


def mushroom(c: Canvas, m: Colour) -> None:
    c.layer((245, 235, 215), rect(0.36, 0.45, 0.64, 0.92, 0.08))
    c.layer(m, poly(*arc_points(0.5, 0.52, 0.46, 0.44, 180, 360), (0.96, 0.55), (0.04, 0.55)))
    for u, v, r in ((0.3, 0.35, 0.07), (0.55, 0.22, 0.06), (0.72, 0.4, 0.07), (0.48, 0.44, 0.05)):
        c.layer(WHITE, ellipse(u, v, r), outline=False)


def eggplant(c: Canvas, m: Colour) -> None:
    c.layer(m, ellipse(0.56, 0.62, 0.3, 0.3), ellipse(0.4, 0.36, 0.16, 0.2))
    c.layer(LEAF, poly((0.2, 0.2), (0.34, 0.16), (0.5, 0.26), (0.4, 0.32), (0.28, 0.32)))
    c.layer(LEAF, line((0.24, 0.22), (0.12, 0.08), width=0.06))
    c.layer(shade(m, 1.5), ellipse(0.66, 0.56, 0.05, 0.1), outline=False)


def fish(c: Canvas, m: Colour) -> None:
    c.layer(m, poly((0.62, 0.5), (0.95, 0.22), (0.88, 0.5), (0.95, 0.78)))
    c.layer(m, ellipse(0.44, 0.5, 0.36, 0.24))
    c.layer(shade(m, 0.75), poly((0.38, 0.28), (0.55, 0.12), (0.6, 0.3)))
    eye(c, 0.24, 0.44, 0.06)
    c.layer(INK, line((0.4, 0.34), (0.46, 0.5), (0.4, 0.66), width=0.025), outline=False)


def bird(c: Canvas, m: Colour) -> None:
    c.layer(m, poly((0.2, 0.62), (0.02, 0.5), (0.08, 0.74)))
    c.layer(m, ellipse(0.5, 0.6, 0.34, 0.26), ellipse(0.66, 0.34, 0.18))
    c.layer(GOLD, poly((0.82, 0.3), (0.98, 0.36), (0.82, 0.42)))
    c.layer(shade(m, 0.75), poly((0.3, 0.52), (0.58, 0.5), (0.4, 0.72)))
    eye(c, 0.7, 0.3, 0.05)
    c.layer(
        GOLD,
        line((0.45, 0.86), (0.42, 0.96), width=0.04),
        line((0.58, 0.86), (0.58, 0.96), width=0.04),
    )


def snail(c: Canvas, m: Colour) -> None:
    c.layer(
        (200, 200, 150), poly((0.05, 0.9), (0.95, 0.9), (0.95, 0.62), (0.8, 0.55), (0.78, 0.78))
    )
    c.layer(
        (200, 200, 150),
        line((0.86, 0.6), (0.82, 0.35), width=0.035),
        line((0.92, 0.6), (0.98, 0.38), width=0.035),
    )
    c.layer(m, ellipse(0.45, 0.56, 0.32))
    spiral = [
        (
            0.45 + 0.26 * (1 - t) * math.cos(6 * t * math.pi),
            0.56 + 0.26 * (1 - t) * math.sin(6 * t * math.pi),
        )
        for t in (i / 60 for i in range(54))
    ]
    c.layer(INK, line(*spiral, width=0.03), outline=False)


def butterfly(c: Canvas, m: Colour) -> None:
    c.layer(m, ellipse(0.28, 0.32, 0.24, 0.22), ellipse(0.72, 0.32, 0.24, 0.22))
    c.layer(shade(m, 0.75), ellipse(0.32, 0.7, 0.18, 0.16), ellipse(0.68, 0.7, 0.18, 0.16))
    c.layer(WHITE, ellipse(0.26, 0.3, 0.07), ellipse(0.74, 0.3, 0.07), outline=False)
    c.layer(INK, ellipse(0.5, 0.52, 0.06, 0.34), outline=False)
    c.layer(
        INK,
        line((0.48, 0.2), (0.38, 0.04), width=0.025),
        line((0.52, 0.2), (0.62, 0.04), width=0.025),
        outline=False,
    )


def cat(c: Canvas, m: Colour) -> None:
    c.layer(
        m,
        poly((0.14, 0.5), (0.14, 0.08), (0.42, 0.3)),
        poly((0.86, 0.5), (0.86, 0.08), (0.58, 0.3)),
    )
    c.layer(m, ellipse(0.5, 0.56, 0.4, 0.34))
    c.layer(
        PINK,
        poly((0.2, 0.36), (0.2, 0.18), (0.34, 0.3)),
        poly((0.8, 0.36), (0.8, 0.18), (0.66, 0.3)),
        outline=False,
    )
    c.layer(INK, ellipse(0.35, 0.5, 0.05, 0.08), ellipse(0.65, 0.5, 0.05, 0.08), outline=False)
    c.layer(PINK, poly((0.44, 0.64), (0.56, 0.64), (0.5, 0.7)), outline=False)
    for s in (-1, 1):
        for dv in (-0.03, 0.04):
            c.layer(
                INK,
                line((0.5 + s * 0.14, 0.68), (0.5 + s * 0.42, 0.68 + dv * 2), width=0.018),
                outline=False,
            )


def mouse(c: Canvas, m: Colour) -> None:
    c.layer(m, ellipse(0.22, 0.3, 0.18), ellipse(0.78, 0.3, 0.18))
    c.layer(PINK, ellipse(0.22, 0.3, 0.1), ellipse(0.78, 0.3, 0.1), outline=False)
    c.layer(m, poly((0.16, 0.45), (0.84, 0.45), (0.5, 0.95)), ellipse(0.5, 0.5, 0.3, 0.22))
    c.layer(INK, ellipse(0.5, 0.9, 0.06), outline=False)
    eye(c, 0.38, 0.56, 0.05)
    eye(c, 0.62, 0.56, 0.05)


def turtle(c: Canvas, m: Colour) -> None:
    skin = (140, 190, 90)
    c.layer(
        skin, ellipse(0.88, 0.56, 0.1, 0.09), ellipse(0.25, 0.78, 0.08), ellipse(0.72, 0.78, 0.08)
    )
    c.layer(skin, poly((0.08, 0.62), (0.0, 0.7), (0.16, 0.7)))
    c.layer(m, poly(*arc_points(0.48, 0.7, 0.4, 0.46, 180, 360), (0.88, 0.7), (0.08, 0.7)))
    c.layer(
        shade(m, 0.7),
        poly(
            *[
                (0.48 + 0.14 * math.cos(a), 0.5 + 0.12 * math.sin(a))
                for a in (i * math.pi / 3 for i in range(6))
            ]
        ),
        outline=False,
    )
    c.layer(INK, ellipse(0.9, 0.53, 0.025), outline=False)


def owl(c: Canvas, m: Colour) -> None:
    c.layer(
        m,
        poly((0.14, 0.3), (0.22, 0.05), (0.38, 0.22)),
        poly((0.86, 0.3), (0.78, 0.05), (0.62, 0.22)),
    )
    c.layer(m, ellipse(0.5, 0.56, 0.38, 0.4))
    c.layer(shade(m, 1.5), ellipse(0.5, 0.74, 0.22, 0.18), outline=False)
    c.layer(WHITE, ellipse(0.33, 0.38, 0.14), ellipse(0.67, 0.38, 0.14))
    c.layer(INK, ellipse(0.34, 0.38, 0.065), ellipse(0.66, 0.38, 0.065), outline=False)
    c.layer(GOLD, poly((0.44, 0.48), (0.56, 0.48), (0.5, 0.6)))


def ladybug(c: Canvas, m: Colour) -> None:
    c.layer(INK, ellipse(0.5, 0.2, 0.18, 0.14))
    c.layer(m, ellipse(0.5, 0.58, 0.4, 0.36))
    c.layer(INK, line((0.5, 0.24), (0.5, 0.94), width=0.03), outline=False)
    for u, v, r in (
        (0.32, 0.46, 0.07),
        (0.68, 0.46, 0.07),
        (0.3, 0.7, 0.06),
        (0.7, 0.7, 0.06),
        (0.5, 0.82, 0.0),
    ):
        if r:
            c.layer(INK, ellipse(u, v, r), outline=False)
    c.layer(WHITE, ellipse(0.43, 0.16, 0.035), ellipse(0.57, 0.16, 0.035), outline=False)


def whale(c: Canvas, m: Colour) -> None:
    c.layer(
        (120, 190, 240),
        line((0.42, 0.26), (0.38, 0.08), width=0.04),
        line((0.46, 0.26), (0.5, 0.1), width=0.04),
    )
    c.layer(m, poly((0.82, 0.6), (0.98, 0.3), (0.9, 0.55), (1.0, 0.6), (0.9, 0.72)))
    c.layer(
        m,
        poly(
            *arc_points(0.44, 0.58, 0.4, 0.3, 180, 360), *arc_points(0.44, 0.58, 0.4, 0.2, 0, 180)
        ),
    )
    c.layer(shade(m, 1.6), poly(*arc_points(0.44, 0.62, 0.34, 0.14, 0, 180)), outline=False)
    c.layer(INK, ellipse(0.24, 0.5, 0.035), outline=False)


def frog(c: Canvas, m: Colour) -> None:
    c.layer(m, ellipse(0.3, 0.3, 0.15), ellipse(0.7, 0.3, 0.15))
    c.layer(m, ellipse(0.5, 0.6, 0.44, 0.3))
    c.layer(WHITE, ellipse(0.3, 0.3, 0.1), ellipse(0.7, 0.3, 0.1), outline=False)
    c.layer(INK, ellipse(0.3, 0.31, 0.05), ellipse(0.7, 0.31, 0.05), outline=False)
    c.layer(INK, line(*arc_points(0.5, 0.56, 0.26, 0.16, 20, 160), width=0.03), outline=False)
    c.layer(PINK, ellipse(0.22, 0.62, 0.06, 0.04), ellipse(0.78, 0.62, 0.06, 0.04), outline=False)


def bee(c: Canvas, m: Colour) -> None:
    c.layer((220, 240, 255), ellipse(0.4, 0.2, 0.14, 0.18), ellipse(0.62, 0.2, 0.14, 0.18))
    c.layer(INK, poly((0.9, 0.58), (1.0, 0.6), (0.9, 0.64)), outline=False)
    c.layer(m, ellipse(0.5, 0.6, 0.4, 0.28))
    for u in (0.42, 0.62):
        c.layer(INK, rect(u - 0.05, 0.33, u + 0.05, 0.87), outline=False)
    c.layer(INK, ellipse(0.22, 0.54, 0.04), outline=False)


def key(c: Canvas, m: Colour) -> None:
    c.layer(
        m,
        ellipse(0.28, 0.5, 0.22),
        rect(0.4, 0.44, 0.94, 0.56),
        rect(0.74, 0.5, 0.84, 0.74),
        rect(0.86, 0.5, 0.94, 0.68),
    )
    c.layer(INK, ellipse(0.26, 0.5, 0.09))


def heart(c: Canvas, m: Colour) -> None:
    pts = []
    for i in range(64):
        t = 2 * math.pi * i / 64
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((0.5 + x / 36, 0.48 - y / 36))
    c.layer(m, poly(*pts))
    c.layer(shade(m, 1.6), ellipse(0.3, 0.32, 0.07, 0.05), outline=False)


def star(c: Canvas, m: Colour) -> None:
    c.layer(m, poly(*star_points(0.5, 0.54, 0.48, 0.2)))
    c.layer(INK, ellipse(0.42, 0.52, 0.03), ellipse(0.58, 0.52, 0.03), outline=False)


def moon(c: Canvas, m: Colour) -> None:
    def crescent(d: ImageDraw.ImageDraw, cv: Canvas) -> None:
        ellipse(0.46, 0.5, 0.4)(d, cv)
        ellipse(0.64, 0.4, 0.32, hole=True)(d, cv)

    c.layer(m, crescent)
    c.layer(GOLD, poly(*star_points(0.78, 0.78, 0.1, 0.04)))


def sun(c: Canvas, m: Colour) -> None:
    rays = [
        line(
            (0.5 + 0.28 * math.cos(a), 0.5 + 0.28 * math.sin(a)),
            (0.5 + 0.46 * math.cos(a), 0.5 + 0.46 * math.sin(a)),
            width=0.07,
        )
        for a in (i * math.pi / 4 for i in range(8))
    ]
    c.layer(m, *rays)
    c.layer(m, ellipse(0.5, 0.5, 0.26))
    c.layer(shade(m, 1.5), ellipse(0.42, 0.42, 0.07), outline=False)


def cloud(c: Canvas, m: Colour) -> None:
    c.layer(
        (90, 150, 230),
        line((0.3, 0.78), (0.26, 0.92), width=0.05),
        line((0.5, 0.78), (0.46, 0.94), width=0.05),
        line((0.7, 0.78), (0.66, 0.92), width=0.05),
    )
    c.layer(
        m,
        ellipse(0.3, 0.58, 0.2, 0.16),
        ellipse(0.52, 0.44, 0.24),
        ellipse(0.74, 0.58, 0.18, 0.15),
        rect(0.2, 0.56, 0.84, 0.74, 0.09),
    )


def umbrella(c: Canvas, m: Colour) -> None:
    c.layer(
        INK,
        line((0.5, 0.5), (0.5, 0.86), *arc_points(0.41, 0.86, 0.09, 0.09, 0, 180, 8), width=0.05),
        outline=False,
    )
    canopy = arc_points(0.5, 0.52, 0.46, 0.42, 180, 360)
    scallops = []
    for i in range(4):
        scallops += arc_points(0.845 - i * 0.23, 0.52, 0.115, 0.08, 0, -180, 6)
    c.layer(m, poly(*canopy, *scallops))
    c.layer(INK, line((0.5, 0.1), (0.5, 0.04), width=0.04), outline=False)


def house(c: Canvas, m: Colour) -> None:
    c.layer((200, 80, 60) if sum(m) > 360 else (230, 200, 160), rect(0.66, 0.1, 0.78, 0.4))
    c.layer(shade(m, 0.7), poly((0.5, 0.06), (0.96, 0.46), (0.04, 0.46)))
    c.layer(m, rect(0.14, 0.44, 0.86, 0.94))
    c.layer(STEM, rect(0.42, 0.62, 0.58, 0.94))
    c.layer((170, 220, 250), rect(0.2, 0.54, 0.34, 0.68), rect(0.66, 0.54, 0.8, 0.68))


def pine(c: Canvas, m: Colour) -> None:
    c.layer(STEM, rect(0.43, 0.76, 0.57, 0.96))
    c.layer(
        m,
        poly(
            (0.5, 0.02),
            (0.74, 0.32),
            (0.62, 0.32),
            (0.84, 0.56),
            (0.68, 0.56),
            (0.94, 0.8),
            (0.06, 0.8),
            (0.32, 0.56),
            (0.16, 0.56),
            (0.38, 0.32),
            (0.26, 0.32),
        ),
    )


def flower(c: Canvas, m: Colour) -> None:
    c.layer(
        LEAF, line((0.5, 0.6), (0.5, 0.98), width=0.06), poly((0.5, 0.86), (0.76, 0.7), (0.66, 0.9))
    )
    petals = [
        ellipse(0.5 + 0.2 * math.cos(a), 0.38 + 0.2 * math.sin(a), 0.14)
        for a in (i * 2 * math.pi / 6 for i in range(6))
    ]
    c.layer(m, *petals)
    c.layer(GOLD, ellipse(0.5, 0.38, 0.12))


def leaf(c: Canvas, m: Colour) -> None:
    # A lens between two arcs, from the stem's corner to the tip.
    lens = arc_points(0.9, 0.9, 0.78, 0.78, 180, 270, 16) + arc_points(
        0.12, 0.12, 0.78, 0.78, 0, 90, 16
    )
    c.layer(m, poly(*lens))
    c.layer(shade(m, 0.6), line((0.16, 0.84), (0.84, 0.16), width=0.03), outline=False)
    c.layer(STEM, line((0.14, 0.86), (0.04, 0.96), width=0.05))


def bell(c: Canvas, m: Colour) -> None:
    c.layer(m, ellipse(0.5, 0.88, 0.1))
    c.layer(
        m,
        poly(
            *arc_points(0.5, 0.38, 0.26, 0.26, 180, 360),
            (0.76, 0.5),
            (0.9, 0.8),
            (0.1, 0.8),
            (0.24, 0.5),
        ),
    )
    c.layer(m, ellipse(0.5, 0.1, 0.07))
    c.layer(shade(m, 1.5), poly((0.32, 0.4), (0.38, 0.3), (0.32, 0.7), (0.24, 0.74)), outline=False)


def anchor(c: Canvas, m: Colour) -> None:
    def shape(d: ImageDraw.ImageDraw, cv: Canvas) -> None:
        ellipse(0.5, 0.14, 0.1)(d, cv)
        ellipse(0.5, 0.14, 0.045, hole=True)(d, cv)

    c.layer(
        m,
        shape,
        rect(0.45, 0.22, 0.55, 0.88),
        rect(0.28, 0.3, 0.72, 0.38, 0.03),
        line(*arc_points(0.5, 0.56, 0.36, 0.32, 10, 170), width=0.09),
        poly((0.08, 0.5), (0.22, 0.6), (0.1, 0.68)),
        poly((0.92, 0.5), (0.78, 0.6), (0.9, 0.68)),
    )


def lightning(c: Canvas, m: Colour) -> None:
    c.layer(
        m,
        poly(
            (0.6, 0.02),
            (0.2, 0.56),
            (0.46, 0.56),
            (0.34, 0.98),
            (0.82, 0.4),
            (0.54, 0.4),
            (0.72, 0.02),
        ),
    )


def note(c: Canvas, m: Colour) -> None:
    c.layer(
        m,
        ellipse(0.3, 0.8, 0.15, 0.11),
        ellipse(0.74, 0.7, 0.15, 0.11),
        rect(0.38, 0.14, 0.46, 0.8),
        rect(0.82, 0.04, 0.9, 0.7),
        poly((0.38, 0.14), (0.9, 0.04), (0.9, 0.18), (0.38, 0.28)),
    )


def bulb(c: Canvas, m: Colour) -> None:
    c.layer(GREY, rect(0.36, 0.7, 0.64, 0.9, 0.04))
    c.layer(
        INK,
        line((0.4, 0.76), (0.6, 0.76), width=0.025),
        line((0.4, 0.83), (0.6, 0.83), width=0.025),
        outline=False,
    )
    c.layer(m, ellipse(0.5, 0.38, 0.3), poly((0.3, 0.55), (0.7, 0.55), (0.64, 0.72), (0.36, 0.72)))
    c.layer(shade(m, 1.6), ellipse(0.4, 0.28, 0.07, 0.1), outline=False)
    c.layer(
        shade(m, 0.6),
        line((0.44, 0.68), (0.44, 0.5), (0.5, 0.44), (0.56, 0.5), (0.56, 0.68), width=0.025),
        outline=False,
    )


def mug(c: Canvas, m: Colour) -> None:
    def handle(d: ImageDraw.ImageDraw, cv: Canvas) -> None:
        ellipse(0.76, 0.56, 0.18, 0.2)(d, cv)
        ellipse(0.76, 0.56, 0.09, 0.11, hole=True)(d, cv)

    c.layer(
        (200, 200, 210),
        line((0.36, 0.24), (0.32, 0.14), (0.38, 0.04), width=0.04),
        line((0.56, 0.24), (0.52, 0.14), (0.58, 0.04), width=0.04),
    )
    c.layer(m, handle)
    c.layer(m, rect(0.14, 0.3, 0.76, 0.9, 0.08))
    c.layer(shade(m, 1.5), rect(0.22, 0.38, 0.3, 0.8, 0.03), outline=False)


def crown(c: Canvas, m: Colour) -> None:
    c.layer(
        m,
        poly(
            (0.06, 0.22),
            (0.3, 0.5),
            (0.5, 0.14),
            (0.7, 0.5),
            (0.94, 0.22),
            (0.84, 0.82),
            (0.16, 0.82),
        ),
    )
    for u, v in ((0.06, 0.2), (0.5, 0.12), (0.94, 0.2)):
        c.layer(m, ellipse(u, v, 0.06))
    c.layer((230, 40, 60), ellipse(0.5, 0.66, 0.07), outline=False)
    c.layer((60, 120, 230), ellipse(0.28, 0.68, 0.05), ellipse(0.72, 0.68, 0.05), outline=False)


def gem(c: Canvas, m: Colour) -> None:
    c.layer(m, poly((0.24, 0.16), (0.76, 0.16), (0.96, 0.38), (0.5, 0.92), (0.04, 0.38)))
    c.layer(
        shade(m, 1.5),
        poly((0.24, 0.16), (0.36, 0.38), (0.04, 0.38)),
        poly((0.5, 0.16), (0.64, 0.38), (0.36, 0.38)),
        outline=False,
    )
    c.layer(shade(m, 0.7), poly((0.64, 0.38), (0.96, 0.38), (0.5, 0.92)), outline=False)
    c.layer(INK, line((0.04, 0.38), (0.96, 0.38), width=0.02), outline=False)


def balloon(c: Canvas, m: Colour) -> None:
    c.layer(
        INK, line((0.5, 0.74), (0.44, 0.84), (0.56, 0.9), (0.5, 0.99), width=0.02), outline=False
    )
    c.layer(m, ellipse(0.5, 0.4, 0.3, 0.36), poly((0.44, 0.8), (0.56, 0.8), (0.5, 0.72)))
    c.layer(shade(m, 1.6), ellipse(0.38, 0.26, 0.06, 0.1), outline=False)


def rocket(c: Canvas, m: Colour) -> None:
    c.layer((250, 150, 40), poly((0.38, 0.8), (0.62, 0.8), (0.5, 1.0)))
    c.layer(
        (220, 50, 50),
        poly((0.34, 0.5), (0.14, 0.84), (0.38, 0.76)),
        poly((0.66, 0.5), (0.86, 0.84), (0.62, 0.76)),
    )
    c.layer(m, poly(*arc_points(0.5, 0.42, 0.18, 0.4, 180, 360), (0.68, 0.82), (0.32, 0.82)))
    c.layer((150, 210, 250), ellipse(0.5, 0.4, 0.08))


def sailboat(c: Canvas, m: Colour) -> None:
    c.layer(STEM, poly((0.06, 0.72), (0.94, 0.72), (0.78, 0.92), (0.22, 0.92)))
    c.layer(INK, rect(0.48, 0.06, 0.53, 0.74), outline=False)
    c.layer(m, poly((0.46, 0.1), (0.46, 0.66), (0.12, 0.66)))
    c.layer(shade(m, 1.45), poly((0.56, 0.16), (0.56, 0.66), (0.86, 0.66)))


def ice_cream(c: Canvas, m: Colour) -> None:
    c.layer((222, 170, 100), poly((0.26, 0.5), (0.74, 0.5), (0.5, 0.98)))
    c.layer(
        STEM,
        line((0.34, 0.56), (0.58, 0.82), width=0.02),
        line((0.66, 0.56), (0.42, 0.82), width=0.02),
        outline=False,
    )
    c.layer(
        m,
        ellipse(0.5, 0.34, 0.24, 0.22),
        ellipse(0.3, 0.48, 0.08),
        ellipse(0.5, 0.5, 0.08),
        ellipse(0.7, 0.48, 0.08),
    )
    c.layer((220, 30, 50), ellipse(0.54, 0.1, 0.07))


def gift(c: Canvas, m: Colour) -> None:
    ribbon = (245, 220, 80) if sum(m) < 520 else (200, 40, 60)
    c.layer(ribbon, ellipse(0.36, 0.2, 0.14, 0.1), ellipse(0.64, 0.2, 0.14, 0.1))
    c.layer(m, rect(0.1, 0.3, 0.9, 0.48), rect(0.16, 0.48, 0.84, 0.94))
    c.layer(ribbon, rect(0.44, 0.3, 0.56, 0.94), outline=False)
    c.layer(INK, line((0.16, 0.48), (0.84, 0.48), width=0.02), outline=False)


# name -> (drawing, natural colour: the palette colour it would like). In order of how much a
# picture's colour is part of it (a banana is yellow, a gift any colour): lod_colours.assign
# gives each in turn the nearest colour still free.
PICTURES: dict[str, tuple[Callable[[Canvas, Colour], None], Colour]] = {
    "apple": (apple, (210, 30, 30)),
    "banana": (banana, (250, 220, 60)),
    "orange": (orange_slice, (250, 140, 20)),
    "lemon": (lemon, (245, 240, 110)),
    "strawberry": (strawberry, (235, 45, 80)),
    "carrot": (carrot, (240, 110, 30)),
    "frog": (frog, (80, 200, 60)),
    "ladybug": (ladybug, (230, 20, 20)),
    "leaf": (leaf, (110, 190, 50)),
    "pine": (pine, (20, 110, 60)),
    "sun": (sun, (255, 170, 0)),
    "star": (star, (255, 210, 40)),
    "grapes": (grapes, (120, 50, 160)),
    "eggplant": (eggplant, (90, 30, 110)),
    "cherries": (cherries, (150, 10, 40)),
    "heart": (heart, (240, 30, 100)),
    "fish": (fish, (50, 130, 230)),
    "bird": (bird, (80, 190, 240)),
    "whale": (whale, (40, 70, 170)),
    "pear": (pear, (180, 205, 60)),
    "watermelon": (watermelon, (40, 140, 60)),
    "lightning": (lightning, (255, 230, 0)),
    "bulb": (bulb, (255, 245, 170)),
    "moon": (moon, (240, 230, 170)),
    "cloud": (cloud, (190, 210, 240)),
    "gem": (gem, (40, 200, 210)),
    "flower": (flower, (250, 120, 170)),
    "bee": (bee, (245, 190, 20)),
    "cat": (cat, (230, 150, 70)),
    "mushroom": (mushroom, (190, 40, 40)),
    "owl": (owl, (140, 90, 50)),
    "mouse": (mouse, (160, 160, 170)),
    "turtle": (turtle, (40, 120, 80)),
    "key": (key, (210, 170, 40)),
    "bell": (bell, (230, 170, 30)),
    "crown": (crown, (240, 190, 50)),
    "snail": (snail, (190, 130, 80)),
    "butterfly": (butterfly, (240, 100, 200)),
    "balloon": (balloon, (220, 40, 120)),
    "umbrella": (umbrella, (150, 50, 210)),
    "ice-cream": (ice_cream, (250, 190, 210)),
    "gift": (gift, (40, 170, 150)),
    "house": (house, (220, 180, 130)),
    "anchor": (anchor, (60, 80, 120)),
    "note": (note, (80, 60, 140)),
    "mug": (mug, (150, 90, 60)),
    "rocket": (rocket, (200, 200, 215)),
    "sailboat": (sailboat, (240, 240, 245)),
}


def draw_picture(
    name: str, colour: Colour, size: tuple[int, int], box: tuple[float, float, float]
) -> Image.Image:
    """The picture `name` in `colour`, on a transparent image of `size` (already scaled),
    inside `box` = (left, top, side)."""
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    PICTURES[name][0](Canvas(image, box), colour)
    return image

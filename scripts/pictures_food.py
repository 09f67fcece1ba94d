"""The pictures' fruit and vegetables (picture_tiles.py); each takes the canvas and its main
colour."""

from __future__ import annotations

import math

from picture_canvas import (
    INK,
    LEAF,
    PINK,
    STEM,
    WHITE,
    Canvas,
    Colour,
    arc_points,
    ellipse,
    line,
    poly,
    rect,
    shade,
    star_points,
    turned,
)


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
    # Tilted, pointed at both ends and shaded underneath: a level, flat oval reads as any pale
    # blob (a turtle's shell, a watermelon's rind) at 35 px.
    a = math.radians(-42)

    def tilted(u: float, v: float) -> tuple[float, float]:
        return 0.5 + u * math.cos(a) - v * math.sin(a), 0.52 + u * math.sin(a) + v * math.cos(a)

    ring = [(math.cos(t), math.sin(t)) for t in (math.pi * i / 20 for i in range(40))]
    body = [tilted(0.38 * x, 0.27 * y) for x, y in ring]
    c.layer(m, poly(*body), poly(tilted(-0.3, -0.1), tilted(-0.49, 0), tilted(-0.3, 0.1)))
    c.layer(m, poly(tilted(0.3, -0.1), tilted(0.49, 0), tilted(0.3, 0.1)), poly(*body))
    shadow = [tilted(0.36 * x, 0.25 * y) for x, y in ring[:21]]
    shadow += [tilted(0.3 * x, 0.08 * y) for x, y in ring[20::-1]]
    c.layer(shade(m, 0.62), poly(*shadow), outline=False)
    c.layer(shade(m, 1.5), ellipse(*tilted(-0.1, -0.12), 0.1, 0.05), outline=False)


def orange_slice(c: Canvas, m: Colour) -> None:
    c.layer(m, ellipse(0.5, 0.5, 0.42))
    c.layer(shade(m, 1.55), ellipse(0.5, 0.5, 0.33), outline=False)
    for i in range(8):
        a0, a1 = 360 * i / 8 + 5, 360 * (i + 1) / 8 - 5
        seg = [(0.5, 0.5), *arc_points(0.5, 0.5, 0.29, 0.29, a0, a1, 6)]
        c.layer(shade(m, 0.95), poly(*seg), outline=False)


def strawberry(c: Canvas, m: Colour) -> None:
    # Dark seeds all over, hanging at a tilt: a heart, a flower or a balloon of a near colour is
    # plain, round or upright.
    def berry(b: Canvas) -> None:
        body = [*arc_points(0.5, 0.35, 0.38, 0.22, 180, 360, 16), (0.5, 0.95)]
        b.layer(m, poly(*body))
        seeds = [(0.3, 0.44), (0.5, 0.46), (0.7, 0.44), (0.4, 0.58), (0.6, 0.58), (0.5, 0.72)]
        seeds += [(0.33, 0.5), (0.67, 0.5), (0.44, 0.82)]
        for u, v in seeds:
            b.layer(shade(m, 0.4), ellipse(u, v, 0.03, 0.04), outline=False)
        b.layer(LEAF, poly(*star_points(0.5, 0.28, 0.22, 0.08, 5, 90)))
        b.layer(STEM, line((0.5, 0.25), (0.52, 0.08), width=0.05))

    turned(c, -30, berry)


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

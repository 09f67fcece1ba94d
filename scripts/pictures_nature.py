"""The pictures' sky, plants and signs: heart, star, moon, sun, cloud, lightning, pine, flower,
leaf (picture_tiles.py); each takes the canvas and its main colour.
"""

from __future__ import annotations

import math

from picture_canvas import (
    GOLD,
    INK,
    LEAF,
    STEM,
    Canvas,
    Colour,
    arc_points,
    ellipse,
    line,
    poly,
    rect,
    shade,
    star_points,
)
from PIL import ImageDraw


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
    # Leaves on both sides of the stem, and each petal ringed on its own: a row of round lobes
    # on a green cross, where a berry or a bulb of a near colour is one blob.
    c.layer(
        LEAF,
        line((0.5, 0.6), (0.5, 0.98), width=0.06),
        poly((0.5, 0.86), (0.78, 0.68), (0.68, 0.9)),
        poly((0.5, 0.8), (0.22, 0.62), (0.32, 0.84)),
    )
    for a in (i * 2 * math.pi / 6 for i in range(6)):
        c.layer(m, ellipse(0.5 + 0.2 * math.cos(a), 0.38 + 0.2 * math.sin(a), 0.14))
    c.layer(GOLD, ellipse(0.5, 0.38, 0.12))


def leaf(c: Canvas, m: Colour) -> None:
    # A lens between two arcs, from the stem's corner to the tip, veined and leaning left: a
    # lightning bolt of a near green leans right and is plain.
    lens = arc_points(0.1, 0.9, 0.78, 0.78, 270, 360, 16) + arc_points(
        0.88, 0.12, 0.78, 0.78, 90, 180, 16
    )
    c.layer(m, poly(*lens))
    veins = shade(m, 0.5)
    c.layer(veins, line((0.84, 0.84), (0.16, 0.16), width=0.04), outline=False)
    for t in (0.36, 0.52, 0.68):
        c.layer(
            veins,
            line((t, t), (t + 0.14, t - 0.2), width=0.03),
            line((t, t), (t - 0.2, t + 0.14), width=0.03),
            outline=False,
        )
    c.layer(STEM, line((0.86, 0.86), (0.96, 0.96), width=0.05))

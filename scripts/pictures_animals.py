"""The pictures' animals (picture_tiles.py); each takes the canvas and its main colour."""

from __future__ import annotations

import math

from picture_canvas import (
    GOLD,
    INK,
    PINK,
    STEM,
    WHITE,
    Canvas,
    Colour,
    arc_points,
    ellipse,
    eye,
    line,
    poly,
    rect,
    shade,
)


def fish(c: Canvas, m: Colour) -> None:
    # A tall, striped reef fish: its dark bands and round body set it apart from the long, plain
    # whale of a near blue.
    c.layer(m, poly((0.66, 0.5), (0.98, 0.2), (0.9, 0.5), (0.98, 0.8)))
    c.layer(shade(m, 0.75), poly((0.3, 0.26), (0.5, 0.06), (0.64, 0.3)))
    c.layer(shade(m, 0.75), poly((0.34, 0.74), (0.5, 0.92), (0.6, 0.72)))
    c.layer(m, ellipse(0.42, 0.5, 0.34, 0.3))
    c.layer(
        shade(m, 0.45),
        line((0.36, 0.22), (0.36, 0.78), width=0.08),
        line((0.58, 0.24), (0.58, 0.76), width=0.08),
        outline=False,
    )
    eye(c, 0.2, 0.44, 0.07)


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
    # A wide face with tall ears, tabby stripes and a white muzzle: it reads as a cat by its
    # stripes and muzzle where an owl of a near colour has big white eyes instead.
    c.layer(
        m,
        poly((0.06, 0.56), (0.1, 0.04), (0.42, 0.3)),
        poly((0.94, 0.56), (0.9, 0.04), (0.58, 0.3)),
    )
    c.layer(m, ellipse(0.5, 0.58, 0.46, 0.34))
    c.layer(
        PINK,
        poly((0.14, 0.38), (0.16, 0.14), (0.34, 0.3)),
        poly((0.86, 0.38), (0.84, 0.14), (0.66, 0.3)),
        outline=False,
    )
    c.layer(
        shade(m, 0.55),
        line((0.5, 0.26), (0.5, 0.4), width=0.05),
        line((0.38, 0.28), (0.4, 0.38), width=0.045),
        line((0.62, 0.28), (0.6, 0.38), width=0.045),
        outline=False,
    )
    c.layer(WHITE, ellipse(0.4, 0.7, 0.13, 0.1), ellipse(0.6, 0.7, 0.13, 0.1))
    c.layer(INK, ellipse(0.32, 0.52, 0.05, 0.07), ellipse(0.68, 0.52, 0.05, 0.07), outline=False)
    c.layer(PINK, poly((0.44, 0.6), (0.56, 0.6), (0.5, 0.67)))
    for s in (-1, 1):
        for dv in (-0.03, 0.04):
            c.layer(
                INK,
                line((0.5 + s * 0.2, 0.7), (0.5 + s * 0.46, 0.7 + dv * 2), width=0.018),
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
    # The shell's plates outlined in dark lines: a patterned dome, where a lemon or a key of a
    # near colour is plain.
    skin = (140, 190, 90)
    c.layer(
        skin,
        line((0.78, 0.62), (0.86, 0.44), width=0.1),
        ellipse(0.88, 0.4, 0.11, 0.09),
        ellipse(0.24, 0.8, 0.1),
        ellipse(0.7, 0.8, 0.1),
    )
    c.layer(skin, poly((0.08, 0.62), (0.0, 0.7), (0.16, 0.7)))
    c.layer(m, poly(*arc_points(0.48, 0.7, 0.4, 0.46, 180, 360), (0.88, 0.7), (0.08, 0.7)))
    hexagon = [
        (0.48 + 0.14 * math.cos(a), 0.5 + 0.12 * math.sin(a))
        for a in (i * math.pi / 3 for i in range(7))
    ]
    plates = shade(m, 0.45)
    c.layer(plates, line(*hexagon, width=0.04), outline=False)
    for (u, v), (du, dv) in zip(
        hexagon[:6], ((1, 0.4), (0.5, 1), (-0.5, 1), (-1, 0.4), (-0.6, -1), (0.6, -1)), strict=True
    ):
        c.layer(plates, line((u, v), (u + 0.12 * du, v + 0.12 * dv), width=0.035), outline=False)
    c.layer(INK, ellipse(0.91, 0.37, 0.025), outline=False)


def owl(c: Canvas, m: Colour) -> None:
    # Tall, on a branch, with dark folded wings and huge white eyes: a column where a cat of a
    # near colour is a wide face.
    c.layer(STEM, rect(0.02, 0.86, 0.98, 0.96, 0.04))
    c.layer(
        m,
        poly((0.2, 0.24), (0.24, 0.0), (0.4, 0.14)),
        poly((0.8, 0.24), (0.76, 0.0), (0.6, 0.14)),
    )
    c.layer(m, ellipse(0.5, 0.5, 0.32, 0.4))
    c.layer(shade(m, 1.5), ellipse(0.5, 0.68, 0.18, 0.2), outline=False)
    c.layer(
        shade(m, 0.55), ellipse(0.2, 0.6, 0.1, 0.26), ellipse(0.8, 0.6, 0.1, 0.26), outline=False
    )
    c.layer(WHITE, ellipse(0.35, 0.32, 0.15), ellipse(0.65, 0.32, 0.15))
    c.layer(INK, ellipse(0.36, 0.32, 0.075), ellipse(0.64, 0.32, 0.075), outline=False)
    c.layer(GOLD, poly((0.44, 0.44), (0.56, 0.44), (0.5, 0.56)))


def ladybug(c: Canvas, m: Colour) -> None:
    # Legs and feelers break its round outline: an orange slice of a near colour is a clean disc.
    c.layer(
        INK,
        *(
            line((0.5, 0.58), (0.5 + s * 0.48, 0.58 + dv), width=0.04)
            for s in (-1, 1)
            for dv in (-0.16, 0.04, 0.24)
        ),
        line((0.44, 0.14), (0.32, 0.02), width=0.03),
        line((0.56, 0.14), (0.68, 0.02), width=0.03),
        outline=False,
    )
    c.layer(INK, ellipse(0.5, 0.22, 0.18, 0.14))
    c.layer(m, ellipse(0.5, 0.6, 0.38, 0.34))
    c.layer(INK, line((0.5, 0.28), (0.5, 0.94), width=0.03), outline=False)
    for u, v, r in ((0.32, 0.48, 0.07), (0.68, 0.48, 0.07), (0.3, 0.72, 0.06), (0.7, 0.72, 0.06)):
        c.layer(INK, ellipse(u, v, r), outline=False)
    c.layer(WHITE, ellipse(0.43, 0.18, 0.035), ellipse(0.57, 0.18, 0.035), outline=False)


def whale(c: Canvas, m: Colour) -> None:
    # Long and low with a wide white belly and a tall spout: the fish of a near blue is tall
    # and striped.
    c.layer(
        (120, 190, 240),
        line((0.3, 0.34), (0.24, 0.06), width=0.05),
        line((0.34, 0.34), (0.42, 0.08), width=0.05),
        line((0.32, 0.34), (0.32, 0.04), width=0.05),
    )
    c.layer(m, poly((0.8, 0.62), (1.0, 0.36), (0.92, 0.6), (1.0, 0.7), (0.88, 0.76)))
    c.layer(
        m,
        poly(
            *arc_points(0.44, 0.64, 0.42, 0.3, 180, 360), *arc_points(0.44, 0.64, 0.42, 0.2, 0, 180)
        ),
    )
    c.layer(WHITE, poly(*arc_points(0.42, 0.66, 0.36, 0.16, 0, 180)))
    c.layer(INK, ellipse(0.2, 0.54, 0.04), outline=False)


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

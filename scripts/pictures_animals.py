"""The pictures' animals (picture_tiles.py); each takes the canvas and its main colour."""

from __future__ import annotations

import math

from picture_canvas import (
    GOLD,
    INK,
    PINK,
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

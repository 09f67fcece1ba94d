"""The pictures' made things (picture_tiles.py); each takes the canvas and its main colour."""

from __future__ import annotations

from picture_canvas import (
    GREY,
    INK,
    STEM,
    Canvas,
    Colour,
    arc_points,
    ellipse,
    line,
    poly,
    rect,
    shade,
)
from PIL import ImageDraw


def key(c: Canvas, m: Colour) -> None:
    c.layer(
        m,
        ellipse(0.28, 0.5, 0.22),
        rect(0.4, 0.44, 0.94, 0.56),
        rect(0.74, 0.5, 0.84, 0.74),
        rect(0.86, 0.5, 0.94, 0.68),
    )
    c.layer(INK, ellipse(0.26, 0.5, 0.09))


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

"""The pictures' made things (picture_tiles.py); each takes the canvas and its main colour."""

from __future__ import annotations

import math

from picture_canvas import (
    GREY,
    INK,
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
    turned,
)
from PIL import ImageDraw


def key(c: Canvas, m: Colour) -> None:
    # On the diagonal, bow top left and bit bottom right: a level key is a bar and a blob like
    # any other.
    c.layer(
        m,
        ellipse(0.27, 0.27, 0.22),
        line((0.36, 0.36), (0.9, 0.9), width=0.13),
        line((0.66, 0.66), (0.8, 0.52), width=0.1),
        line((0.78, 0.78), (0.9, 0.66), width=0.1),
    )
    c.layer(INK, ellipse(0.25, 0.25, 0.09))


def umbrella(c: Canvas, m: Colour) -> None:
    # Panels alternating with a lighter shade: a striped dome, not a plain one like a balloon's.
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
    for u in (0.27, 0.73):
        c.layer(
            shade(m, 1.55),
            poly((0.5, 0.1), (u - 0.1, 0.5), (u, 0.6), (u + 0.1, 0.5)),
            outline=False,
        )
    c.layer(INK, line((0.5, 0.1), (0.5, 0.04), width=0.04), outline=False)


def house(c: Canvas, m: Colour) -> None:
    c.layer((200, 80, 60) if sum(m) > 360 else (230, 200, 160), rect(0.66, 0.1, 0.78, 0.4))
    c.layer(shade(m, 0.7), poly((0.5, 0.06), (0.96, 0.46), (0.04, 0.46)))
    c.layer(m, rect(0.14, 0.44, 0.86, 0.94))
    c.layer(STEM, rect(0.42, 0.62, 0.58, 0.94))
    c.layer((170, 220, 250), rect(0.2, 0.54, 0.34, 0.68), rect(0.66, 0.54, 0.8, 0.68))


def bell(c: Canvas, m: Colour) -> None:
    # A hand bell ringing: tilted, with a dark rim band, a dark clapper and two ring marks. The
    # tilt and the bands set it apart from upright cones and domes of a near colour.
    def body(b: Canvas) -> None:
        b.layer(INK, ellipse(0.5, 0.12, 0.08, 0.07), ellipse(0.5, 0.12, 0.035, hole=True))
        b.layer(
            m,
            poly(
                *arc_points(0.5, 0.4, 0.24, 0.24, 180, 360),
                (0.74, 0.5),
                (0.86, 0.76),
                (0.14, 0.76),
                (0.26, 0.5),
            ),
        )
        b.layer(shade(m, 0.55), rect(0.1, 0.7, 0.9, 0.8, 0.05))
        b.layer(INK, ellipse(0.5, 0.87, 0.08))
        highlight = poly((0.34, 0.4), (0.4, 0.3), (0.34, 0.64), (0.27, 0.66))
        b.layer(shade(m, 1.5), highlight, outline=False)

    turned(c, 18, body)
    for s in (-1, 1):
        c.layer(
            INK,
            line(*arc_points(0.5, 0.5, 0.46, 0.46, 90 + s * 102, 90 + s * 126, 4), width=0.04),
            outline=False,
        )


def anchor(c: Canvas, m: Colour) -> None:
    # Bold strokes: thin ones blur into the tile at 35 px and leave the anchor no colour.
    def ring(d: ImageDraw.ImageDraw, cv: Canvas) -> None:
        ellipse(0.5, 0.13, 0.12)(d, cv)
        ellipse(0.5, 0.13, 0.05, hole=True)(d, cv)

    c.layer(
        m,
        ring,
        rect(0.43, 0.22, 0.57, 0.9),
        rect(0.22, 0.3, 0.78, 0.41, 0.04),
        line(*arc_points(0.5, 0.54, 0.38, 0.34, 10, 170), width=0.13),
        poly((0.02, 0.46), (0.22, 0.58), (0.06, 0.7)),
        poly((0.98, 0.46), (0.78, 0.58), (0.94, 0.7)),
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
    # Lit: short dark rays around the glass, which a mushroom or a balloon of a near colour lacks.
    c.layer(
        INK,
        *(
            line(
                (0.5 + 0.38 * math.cos(a), 0.38 + 0.38 * math.sin(a)),
                (0.5 + 0.48 * math.cos(a), 0.38 + 0.48 * math.sin(a)),
                width=0.04,
            )
            for a in (math.radians(d) for d in (-180, -135, -90, -45, 0))
        ),
        outline=False,
    )
    c.layer(GREY, rect(0.36, 0.7, 0.64, 0.9, 0.04))
    c.layer(
        INK,
        line((0.4, 0.76), (0.6, 0.76), width=0.025),
        line((0.4, 0.83), (0.6, 0.83), width=0.025),
        outline=False,
    )
    c.layer(m, ellipse(0.5, 0.38, 0.28), poly((0.3, 0.53), (0.7, 0.53), (0.64, 0.72), (0.36, 0.72)))
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
    # Tall, narrow and tilted, on a long wavy string: round fruit and scoops are wider and level.
    def balloon_(b: Canvas) -> None:
        string = line((0.5, 0.7), (0.42, 0.78), (0.58, 0.86), (0.44, 0.94), (0.52, 1.0), width=0.03)
        b.layer(INK, string, outline=False)
        b.layer(m, ellipse(0.5, 0.36, 0.24, 0.33), poly((0.44, 0.74), (0.56, 0.74), (0.5, 0.66)))
        b.layer(WHITE, ellipse(0.4, 0.22, 0.05, 0.1), outline=False)

    turned(c, 18, balloon_)


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
    # One tall striped sail in the main colour, heeled over a dark hull on a blue wave: lopsided
    # where a house, an anchor or a bell of a near colour stands symmetric.
    def boat(b: Canvas) -> None:
        b.layer(shade(STEM, 0.7), poly((0.04, 0.7), (0.96, 0.7), (0.8, 0.88), (0.2, 0.88)))
        b.layer(INK, rect(0.27, 0.04, 0.33, 0.72), outline=False)
        b.layer(m, poly((0.36, 0.04), (0.36, 0.64), (0.92, 0.64)))
        b.layer(
            WHITE,
            poly((0.36, 0.24), (0.36, 0.32), (0.56, 0.32), (0.5, 0.24)),
            poly((0.36, 0.44), (0.36, 0.52), (0.74, 0.52), (0.67, 0.44)),
            outline=False,
        )
        b.layer(m, poly((0.24, 0.12), (0.24, 0.64), (0.06, 0.64)))

    turned(c, -10, boat)
    c.layer((70, 140, 220), poly(*arc_points(0.5, 0.92, 0.5, 0.08, 0, 180, 12)), outline=False)


def ice_cream(c: Canvas, m: Colour) -> None:
    # Soft serve, three tiers narrowing to a cherry, on a wide latticed cone, held at a tilt: the
    # stacked tiers and the tilt are what no round fruit, balloon or bell has.
    def cone(i: Canvas) -> None:
        i.layer((222, 170, 100), poly((0.22, 0.56), (0.78, 0.56), (0.5, 0.99)))
        i.layer(
            STEM,
            line((0.3, 0.62), (0.58, 0.9), width=0.03),
            line((0.46, 0.6), (0.68, 0.78), width=0.03),
            line((0.7, 0.62), (0.42, 0.9), width=0.03),
            line((0.54, 0.6), (0.32, 0.78), width=0.03),
            outline=False,
        )
        i.layer(m, ellipse(0.5, 0.52, 0.34, 0.1))
        i.layer(m, ellipse(0.5, 0.38, 0.26, 0.1))
        i.layer(m, ellipse(0.5, 0.24, 0.17, 0.09))
        i.layer((220, 30, 50), ellipse(0.5, 0.1, 0.08))

    turned(c, -20, cone)


def gift(c: Canvas, m: Colour) -> None:
    # Wrapped in diagonally striped paper, tied both ways under a big bow: the stripes and the
    # ribbon's cross tell it from the plain, square faces of a near colour (an owl's light belly
    # runs down, not across).
    ribbon = (245, 220, 80) if sum(m) < 520 else (200, 40, 60)
    c.layer(
        ribbon,
        poly((0.5, 0.3), (0.26, 0.12), (0.3, 0.3)),
        poly((0.5, 0.3), (0.74, 0.12), (0.7, 0.3)),
    )
    c.layer(m, rect(0.1, 0.3, 0.9, 0.48), rect(0.16, 0.48, 0.84, 0.94))

    def stripes(d: ImageDraw.ImageDraw, cv: Canvas) -> None:
        for k in range(-4, 3):
            u = 0.1 + 0.22 * k
            poly((u, 0.94), (u + 0.1, 0.94), (u + 0.74, 0.3), (u + 0.64, 0.3))(d, cv)
        for hole in ((-1, -1, 2, 0.31), (-1, 0.93, 2, 2), (-1, -1, 0.11, 2), (0.89, -1, 2, 2)):
            rect(*hole, hole=True)(d, cv)
        rect(-1, 0.47, 0.17, 2, hole=True)(d, cv)
        rect(0.83, 0.47, 2, 2, hole=True)(d, cv)

    c.layer(shade(m, 0.6), stripes, outline=False)
    c.layer(ribbon, rect(0.44, 0.3, 0.56, 0.94), rect(0.16, 0.62, 0.84, 0.72), outline=False)
    c.layer(INK, line((0.16, 0.48), (0.84, 0.48), width=0.02), outline=False)

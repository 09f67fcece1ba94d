"""The "mahjong" tile set: the 42 faces of a Mahjong set as KShisen deals them, drawn by code.

Faces, in order (kind 1 is the first):
- 1-9 characters: the numeral 一 .. 九 over 萬;
- 10-18 bamboos: one bird (the one of bamboos is a bird), then 2 to 9 sticks;
- 19-27 circles: 1 to 9 rings, as a Mahjong set lays them out;
- 28-31 winds 東 南 西 北; 32-34 dragons 中 发 and 白 (a framed blank, as on the tiles);
- 35-38 flowers (plum, orchid, chrysanthemum, bamboo) and 39-42 seasons (spring's sprout,
  summer's sun, autumn's maple leaf, winter's snowflake), each with its number 一 .. 四 in a
  corner: flowers on the left, seasons on the right;
- 43-48: the game deals up to 48 kinds, KShisen's set has 42: the six past it are extra faces
  with no Mahjong meaning, drawn with the pictures set's drawings (picture_tiles.py): a cat, a
  fish, a bee, a snail, a crown and a key.

No font draws a character: every Han character here is its strokes, polylines in a unit square
written below (stylised, upright, in the kind's colour with the dark outline every picture has),
so the faces are the project's own work (assets/LICENSE.md). The green dragon is 发, the
simplified form, as the game speaks Simplified Chinese.

Each face's colour is the kind's level-of-detail colour, as in the other sets, given to the faces
suit by suit from a hue wheel (lod_colours.assign): the nine faces of a suit differ most in
colour, since at 16 px a numeral or a count no longer reads while a colour does.
"""

from __future__ import annotations

import colorsys
from collections.abc import Callable, Sequence

import picture_tiles
from picture_canvas import INK, WHITE, Canvas, Colour, ellipse, line, poly, rect, shade

Stroke = Sequence[tuple[float, float]]
Drawing = Callable[[Canvas, Colour], None]
WIDTH = 0.085  # a stroke's width, in the picture's box

NUMERALS: list[list[Stroke]] = [
    [[(0.05, 0.5), (0.95, 0.5)]],  # 一
    [[(0.2, 0.25), (0.8, 0.25)], [(0.05, 0.8), (0.95, 0.8)]],  # 二
    [[(0.18, 0.12), (0.82, 0.12)], [(0.28, 0.5), (0.72, 0.5)], [(0.05, 0.9), (0.95, 0.9)]],
    [  # 四
        [(0.08, 0.12), (0.08, 0.92)],
        [(0.08, 0.12), (0.92, 0.12), (0.92, 0.92)],
        [(0.08, 0.92), (0.92, 0.92)],
        [(0.4, 0.12), (0.32, 0.62)],
        [(0.6, 0.12), (0.6, 0.55), (0.76, 0.62)],
    ],
    [  # 五
        [(0.15, 0.08), (0.85, 0.08)],
        [(0.46, 0.08), (0.36, 0.92)],
        [(0.2, 0.48), (0.76, 0.48), (0.72, 0.92)],
        [(0.04, 0.92), (0.96, 0.92)],
    ],
    [  # 六
        [(0.44, 0.0), (0.56, 0.14)],
        [(0.06, 0.34), (0.94, 0.34)],
        [(0.36, 0.56), (0.14, 0.94)],
        [(0.62, 0.56), (0.86, 0.92)],
    ],
    [  # 七
        [(0.04, 0.46), (0.96, 0.3)],
        [(0.38, 0.04), (0.38, 0.8), (0.5, 0.92), (0.88, 0.92), (0.92, 0.74)],
    ],
    [[(0.4, 0.12), (0.3, 0.6), (0.04, 0.92)], [(0.6, 0.12), (0.7, 0.6), (0.96, 0.92)]],  # 八
    [  # 九
        [(0.46, 0.02), (0.4, 0.5), (0.08, 0.94)],
        [(0.1, 0.34), (0.7, 0.34), (0.66, 0.84), (0.78, 0.94), (0.96, 0.92), (0.96, 0.74)],
    ],
]
WAN: list[Stroke] = [  # 萬
    [(0.04, 0.1), (0.96, 0.1)],
    [(0.3, 0.0), (0.3, 0.22)],
    [(0.7, 0.0), (0.7, 0.22)],
    [(0.22, 0.3), (0.22, 0.56)],
    [(0.22, 0.3), (0.78, 0.3), (0.78, 0.56)],
    [(0.22, 0.43), (0.78, 0.43)],
    [(0.22, 0.56), (0.78, 0.56)],
    [(0.5, 0.3), (0.5, 0.66)],
    [(0.12, 1.0), (0.12, 0.66), (0.88, 0.66), (0.88, 0.92), (0.78, 1.0)],
    [(0.5, 0.74), (0.32, 0.92), (0.66, 0.9)],
    [(0.6, 0.8), (0.7, 0.94)],
]
WINDS: list[list[Stroke]] = [
    [  # 東
        [(0.08, 0.14), (0.92, 0.14)],
        [(0.5, 0.0), (0.5, 1.0)],
        [(0.22, 0.3), (0.22, 0.64)],
        [(0.22, 0.3), (0.78, 0.3), (0.78, 0.64)],
        [(0.22, 0.47), (0.78, 0.47)],
        [(0.22, 0.64), (0.78, 0.64)],
        [(0.44, 0.68), (0.08, 0.96)],
        [(0.56, 0.68), (0.92, 0.96)],
    ],
    [  # 南
        [(0.08, 0.12), (0.92, 0.12)],
        [(0.5, 0.0), (0.5, 0.28)],
        [(0.14, 1.0), (0.14, 0.3), (0.86, 0.3), (0.86, 0.92), (0.76, 1.0)],
        [(0.36, 0.4), (0.43, 0.5)],
        [(0.64, 0.4), (0.57, 0.5)],
        [(0.28, 0.58), (0.72, 0.58)],
        [(0.26, 0.76), (0.74, 0.76)],
        [(0.5, 0.58), (0.5, 0.98)],
    ],
    [  # 西
        [(0.04, 0.08), (0.96, 0.08)],
        [(0.12, 0.3), (0.12, 0.96)],
        [(0.12, 0.3), (0.88, 0.3), (0.88, 0.96)],
        [(0.12, 0.92), (0.88, 0.92)],
        [(0.4, 0.08), (0.4, 0.5), (0.24, 0.7)],
        [(0.6, 0.08), (0.6, 0.6), (0.76, 0.66)],
    ],
    [  # 北
        [(0.38, 0.04), (0.38, 0.96)],
        [(0.08, 0.38), (0.38, 0.38)],
        [(0.04, 0.8), (0.38, 0.62)],
        [(0.62, 0.04), (0.62, 0.84), (0.72, 0.95), (0.96, 0.95), (0.96, 0.8)],
        [(0.62, 0.46), (0.92, 0.3)],
    ],
]
ZHONG: list[Stroke] = [  # 中
    [(0.12, 0.3), (0.12, 0.74)],
    [(0.12, 0.3), (0.88, 0.3), (0.88, 0.74)],
    [(0.12, 0.74), (0.88, 0.74)],
    [(0.5, 0.0), (0.5, 1.0)],
]
FA: list[Stroke] = [  # 发
    [(0.68, 0.0), (0.8, 0.14)],
    [(0.06, 0.3), (0.94, 0.3)],
    [(0.36, 0.04), (0.3, 0.46), (0.04, 0.96)],
    [(0.3, 0.5), (0.82, 0.5), (0.44, 0.96)],
    [(0.44, 0.62), (0.96, 0.96)],
]


def strokes(
    c: Canvas,
    m: Colour,
    glyph: Sequence[Stroke],
    box: tuple[float, ...],
    width: float = WIDTH,
    outline: bool = True,
) -> None:
    """A character's strokes (unit square) in `box` = (u0, v0, u1, v1) of the picture."""
    u0, v0, u1, v1 = box

    def at(u: float, v: float) -> tuple[float, float]:
        return u0 + u * (u1 - u0), v0 + v * (v1 - v0)

    drawn = (line(*(at(u, v) for u, v in stroke), width=width) for stroke in glyph)
    c.layer(m, *drawn, outline=outline)


def character(n: int) -> Drawing:
    def draw(c: Canvas, m: Colour) -> None:
        # The numeral heavy and large, 萬 light: at a small size the numeral is what differs.
        strokes(c, m, NUMERALS[n - 1], (0.04, -0.1, 0.96, 0.48), width=0.12)
        strokes(c, m, WAN, (0.18, 0.58, 0.82, 1.08), width=0.075)

    return draw


STICKS = {
    2: [(0.5, 0.25), (0.5, 0.75)],
    3: [(0.5, 0.25), (0.28, 0.75), (0.72, 0.75)],
    4: [(0.28, 0.25), (0.72, 0.25), (0.28, 0.75), (0.72, 0.75)],
    5: [(0.2, 0.25), (0.8, 0.25), (0.5, 0.5), (0.2, 0.75), (0.8, 0.75)],
    6: [(u, v) for v in (0.25, 0.75) for u in (0.18, 0.5, 0.82)],
    7: [(0.5, 0.12), *((u, v) for v in (0.5, 0.86) for u in (0.18, 0.5, 0.82))],
    8: [(u, v) for v in (0.25, 0.75) for u in (0.1, 0.37, 0.63, 0.9)],
    9: [(u, v) for v in (0.14, 0.5, 0.86) for u in (0.18, 0.5, 0.82)],
}


def bamboo(n: int) -> Drawing:
    def draw(c: Canvas, m: Colour) -> None:
        if n == 1:  # the bird
            picture_tiles.PICTURES["bird"][0](c, m)
            return
        half = 0.16 if n in (7, 9) else 0.2
        wide = 0.085 if n < 8 else 0.075
        places = STICKS[n]
        dark = shade(m, 0.5)
        # As on the tiles, some sticks stand out (red there, dark here): five's middle one,
        # nine's middle column.
        marked = {5: [2], 9: [1, 4, 7]}.get(n, [])
        for i, (u, v) in enumerate(places):
            stick = rect(u - wide, v - half, u + wide, v + half, r=0.04)
            c.layer(dark if i in marked else m, stick)
        c.layer(dark, *(line((u - wide, v), (u + wide, v), width=0.025) for u, v in places))

    return draw


DOTS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.22), (0.5, 0.78)],
    3: [(0.2, 0.18), (0.5, 0.5), (0.8, 0.82)],
    4: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.75), (0.73, 0.75)],
    5: [(0.22, 0.2), (0.78, 0.2), (0.5, 0.5), (0.22, 0.8), (0.78, 0.8)],
    6: [(u, v) for v in (0.14, 0.5, 0.86) for u in (0.28, 0.72)],
    7: [(0.15, 0.08), (0.5, 0.22), (0.85, 0.36), *((u, v) for v in (0.6, 0.9) for u in (0.3, 0.7))],
    8: [(u, v) for v in (0.08, 0.36, 0.64, 0.92) for u in (0.3, 0.7)],
    9: [(u, v) for v in (0.14, 0.5, 0.86) for u in (0.17, 0.5, 0.83)],
}


def circles(n: int) -> Drawing:
    def draw(c: Canvas, m: Colour) -> None:
        r = {1: 0.4, 2: 0.2, 3: 0.16}.get(n, 0.15 if n < 8 else 0.13)
        places = DOTS[n]
        c.layer(m, *(ellipse(u, v, r) for u, v in places))
        c.layer(WHITE, *(ellipse(u, v, r * 0.5) for u, v in places), outline=False)
        c.layer(m, *(ellipse(u, v, r * 0.26) for u, v in places), outline=False)
        if n == 1:  # the one's big ring is patterned
            c.layer(shade(m, 0.6), *(ellipse(u, v, r * 0.14) for u, v in places), outline=False)

    return draw


def glyph_face(glyph: Sequence[Stroke]) -> Drawing:
    def draw(c: Canvas, m: Colour) -> None:
        strokes(c, m, glyph, (0.06, -0.04, 0.94, 1.04))

    return draw


def white_dragon(c: Canvas, m: Colour) -> None:
    """白: a blank in a double frame, as Mahjong sets print it."""
    c.layer(m, rect(0.1, -0.02, 0.9, 1.02, r=0.06), rect(0.22, 0.12, 0.78, 0.88, hole=True))
    c.layer(
        shade(m, 0.6), rect(0.3, 0.2, 0.7, 0.8, r=0.02), rect(0.37, 0.27, 0.63, 0.73, hole=True)
    )


def numbered(n: int, left: bool, picture: Drawing) -> Drawing:
    """A flower's or a season's picture, its number (一 .. 四) in a top corner."""

    def draw(c: Canvas, m: Colour) -> None:
        picture(c, m)
        box = (-0.04, -0.08, 0.3, 0.24) if left else (0.7, -0.08, 1.04, 0.24)
        strokes(c, INK, NUMERALS[n - 1], box, width=0.045, outline=False)

    return draw


def plum(c: Canvas, m: Colour) -> None:
    c.layer(shade(m, 0.45), line((0.1, 0.98), (0.35, 0.7), (0.3, 0.45), width=0.06))
    for cx, cy, r in ((0.55, 0.5, 0.2), (0.3, 0.34, 0.12)):
        petals = [ellipse(cx + r * dx, cy + r * dy, r * 0.62) for dx, dy in PENTAGON]
        c.layer(m, *petals)
        c.layer(WHITE, ellipse(cx, cy, r * 0.35), outline=False)


PENTAGON = [(0.0, -1.0), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31)]


def orchid(c: Canvas, m: Colour) -> None:
    leaf = shade(m, 0.55)
    c.layer(leaf, line((0.5, 1.0), (0.3, 0.6), (0.05, 0.35), width=0.06))
    c.layer(leaf, line((0.5, 1.0), (0.7, 0.55), (0.98, 0.45), width=0.06))
    c.layer(m, poly((0.5, 0.2), (0.62, 0.42), (0.5, 0.62), (0.38, 0.42)))
    c.layer(
        m,
        poly((0.5, 0.45), (0.85, 0.3), (0.72, 0.55)),
        poly((0.5, 0.45), (0.15, 0.3), (0.28, 0.55)),
    )


def chrysanthemum(c: Canvas, m: Colour) -> None:
    import math

    petals = [
        line(
            (0.5, 0.52),
            (0.5 + 0.4 * math.cos(math.radians(a)), 0.52 + 0.4 * math.sin(math.radians(a))),
            width=0.09,
        )
        for a in range(0, 360, 30)
    ]
    c.layer(m, *petals)
    c.layer(shade(m, 0.6), ellipse(0.5, 0.52, 0.12))


def bamboo_plant(c: Canvas, m: Colour) -> None:
    c.layer(m, rect(0.4, 0.1, 0.54, 1.0, r=0.03))
    c.layer(shade(m, 0.5), *(line((0.38, v), (0.56, v), width=0.035) for v in (0.38, 0.66)))
    leaf = shade(m, 0.7)
    c.layer(
        leaf,
        poly((0.54, 0.38), (0.95, 0.22), (0.62, 0.46)),
        poly((0.4, 0.66), (0.05, 0.5), (0.34, 0.74)),
    )


def sprout(c: Canvas, m: Colour) -> None:
    c.layer(shade(m, 0.5), rect(0.1, 0.86, 0.9, 1.0, r=0.05))
    c.layer(shade(m, 0.6), line((0.5, 0.9), (0.5, 0.45), width=0.06))
    c.layer(
        m, poly((0.5, 0.55), (0.1, 0.3), (0.22, 0.62)), poly((0.5, 0.45), (0.9, 0.2), (0.78, 0.55))
    )


def sun(c: Canvas, m: Colour) -> None:
    import math

    rays = [
        line(
            (0.5 + 0.3 * math.cos(math.radians(a)), 0.52 + 0.3 * math.sin(math.radians(a))),
            (0.5 + 0.46 * math.cos(math.radians(a)), 0.52 + 0.46 * math.sin(math.radians(a))),
            width=0.07,
        )
        for a in range(0, 360, 45)
    ]
    c.layer(shade(m, 0.7), *rays)
    c.layer(m, ellipse(0.5, 0.52, 0.24))


def maple(c: Canvas, m: Colour) -> None:
    c.layer(shade(m, 0.5), line((0.5, 0.6), (0.5, 1.0), width=0.05))
    c.layer(
        m,
        poly(
            (0.5, 0.08), (0.6, 0.3), (0.86, 0.22), (0.76, 0.46), (0.96, 0.56), (0.66, 0.62),
            (0.7, 0.82), (0.5, 0.7), (0.3, 0.82), (0.34, 0.62), (0.04, 0.56), (0.24, 0.46),
            (0.14, 0.22), (0.4, 0.3),
        ),
    )  # fmt: skip


def snowflake(c: Canvas, m: Colour) -> None:
    import math

    arms = []
    for a in range(0, 360, 60):
        dx, dy = math.cos(math.radians(a)), math.sin(math.radians(a))
        tip = (0.5 + 0.44 * dx, 0.52 + 0.44 * dy)
        arms.append(line((0.5, 0.52), tip, width=0.06))
        mid = (0.5 + 0.26 * dx, 0.52 + 0.26 * dy)
        for turn in (-50, 50):
            t = math.radians(a + turn)
            arms.append(
                line(mid, (mid[0] + 0.13 * math.cos(t), mid[1] + 0.13 * math.sin(t)), width=0.05)
            )
    c.layer(m, *arms)


def picture(name: str) -> Drawing:
    return picture_tiles.PICTURES[name][0]


def _hues(n: int, start: float, s: float = 0.85, v: float = 0.8) -> list[Colour]:
    """`n` colours around the hue wheel from `start` (0..1): a suit's natural colours."""
    return [
        tuple(int(255 * x) for x in colorsys.hsv_to_rgb((start + i / n) % 1.0, s, v))  # type: ignore[misc]
        for i in range(n)
    ]


# name -> (drawing, natural colour), in the kinds' order.
FACES: dict[str, tuple[Drawing, Colour]] = {}
for _i, _c in enumerate(_hues(9, 0.0)):
    FACES[f"characters-{_i + 1}"] = (character(_i + 1), _c)
for _i, _c in enumerate(_hues(9, 0.33, 0.7, 0.6)):
    FACES[f"bamboos-{_i + 1}"] = (bamboo(_i + 1), _c)
for _i, _c in enumerate(_hues(9, 0.6, 0.6, 0.95)):
    FACES[f"circles-{_i + 1}"] = (circles(_i + 1), _c)
for _name, _glyph, _c in zip(
    ("east", "south", "west", "north"),
    WINDS,
    ((20, 60, 140), (0, 90, 40), (200, 0, 80), (70, 70, 70)),
    strict=True,
):
    FACES[f"wind-{_name}"] = (glyph_face(_glyph), _c)
FACES["dragon-red"] = (glyph_face(ZHONG), (200, 20, 30))
FACES["dragon-green"] = (glyph_face(FA), (20, 140, 60))
FACES["dragon-white"] = (white_dragon, (30, 30, 90))
for _i, (_name, _draw, _c) in enumerate(
    (
        ("plum", plum, (230, 90, 140)),
        ("orchid", orchid, (200, 60, 220)),
        ("chrysanthemum", chrysanthemum, (250, 200, 0)),
        ("bamboo", bamboo_plant, (60, 160, 60)),
    )
):
    FACES[f"flower-{_name}"] = (numbered(_i + 1, True, _draw), _c)
for _i, (_name, _draw, _c) in enumerate(
    (
        ("spring", sprout, (120, 200, 60)),
        ("summer", sun, (250, 220, 0)),
        ("autumn", maple, (150, 30, 20)),
        ("winter", snowflake, (40, 60, 200)),
    )
):
    FACES[f"season-{_name}"] = (numbered(_i + 1, False, _draw), _c)
for _name in ("cat", "fish", "bee", "snail", "crown", "key"):
    FACES[f"extra-{_name}"] = (picture(_name), picture_tiles.PICTURES[_name][1])
assert len(FACES) == 48, len(FACES)
# The suits' faces (indices into FACES): the faces that differ only by a numeral or a count.
SUITS = [list(range(0, 9)), list(range(9, 18)), list(range(18, 27))]
# Palette by palette and suit by suit, which of the suit's nine colours (in hue order) each face
# takes, one to nine: the order that keeps the faces apart best at 16 and 35 px, found by a
# search over swaps with tests/test_tiles_read_small.py's measure (make_assets.mahjong_colours).
ORDERS = {  # scripts/mahjong_orders.py's answer
    "vivid": [
        [1, 6, 3, 7, 8, 0, 4, 2, 5],
        [3, 7, 0, 5, 8, 6, 4, 2, 1],
        [0, 3, 2, 1, 6, 7, 4, 8, 5],
    ],
    "cb-safe": [
        [2, 6, 0, 8, 7, 5, 4, 3, 1],
        [4, 3, 5, 0, 6, 8, 7, 1, 2],
        [0, 7, 1, 4, 3, 5, 6, 8, 2],
    ],
}

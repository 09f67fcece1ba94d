"""Every tile kind of every tile set by name, for spoken feedback (spoken.py): the Mahjong set's
faces by their real names (bamboo 3, east wind, red dragon, plum, spring), the pictures set's by
what they show, the paper and night sets' by their shape and number.

The faces' order is the tile sets' (assets/tiles/<set>/<palette>/colours.json lists the
pictures' and the Mahjong faces' names, scripts/make_assets.py draws them): kind k is face
`(k - 1) % FACES`. The words are marked for the catalog (i18n.N_) and translated where they
are said."""

from __future__ import annotations

from ..i18n import N_, _

FACES = 48  # faces a set draws (board/theme.py); the kinds past them reuse them in turn

# The Mahjong set (scripts/mahjong_tiles.py): face id -> its name.
MAHJONG: dict[str, str] = {
    "characters-1": N_("characters 1"),
    "characters-2": N_("characters 2"),
    "characters-3": N_("characters 3"),
    "characters-4": N_("characters 4"),
    "characters-5": N_("characters 5"),
    "characters-6": N_("characters 6"),
    "characters-7": N_("characters 7"),
    "characters-8": N_("characters 8"),
    "characters-9": N_("characters 9"),
    "bamboos-1": N_("bamboo 1"),
    "bamboos-2": N_("bamboo 2"),
    "bamboos-3": N_("bamboo 3"),
    "bamboos-4": N_("bamboo 4"),
    "bamboos-5": N_("bamboo 5"),
    "bamboos-6": N_("bamboo 6"),
    "bamboos-7": N_("bamboo 7"),
    "bamboos-8": N_("bamboo 8"),
    "bamboos-9": N_("bamboo 9"),
    "circles-1": N_("circles 1"),
    "circles-2": N_("circles 2"),
    "circles-3": N_("circles 3"),
    "circles-4": N_("circles 4"),
    "circles-5": N_("circles 5"),
    "circles-6": N_("circles 6"),
    "circles-7": N_("circles 7"),
    "circles-8": N_("circles 8"),
    "circles-9": N_("circles 9"),
    "wind-east": N_("east wind"),
    "wind-south": N_("south wind"),
    "wind-west": N_("west wind"),
    "wind-north": N_("north wind"),
    "dragon-red": N_("red dragon"),
    "dragon-green": N_("green dragon"),
    "dragon-white": N_("white dragon"),
    "flower-plum": N_("plum flower"),
    "flower-orchid": N_("orchid flower"),
    "flower-chrysanthemum": N_("chrysanthemum flower"),
    "flower-bamboo": N_("bamboo flower"),
    "season-spring": N_("spring season"),
    "season-summer": N_("summer season"),
    "season-autumn": N_("autumn season"),
    "season-winter": N_("winter season"),
    # KShisen's set has 42 faces; the game deals up to 48 kinds: six pictures past them.
    "extra-cat": N_("cat"),
    "extra-fish": N_("fish"),
    "extra-bee": N_("bee"),
    "extra-snail": N_("snail"),
    "extra-crown": N_("crown"),
    "extra-key": N_("key"),
}

# The pictures set (scripts/picture_tiles.py): picture -> its name.
PICTURES: dict[str, str] = {
    "apple": N_("apple"),
    "banana": N_("banana"),
    "orange": N_("orange"),
    "lemon": N_("lemon"),
    "strawberry": N_("strawberry"),
    "carrot": N_("carrot"),
    "frog": N_("frog"),
    "ladybug": N_("ladybug"),
    "leaf": N_("leaf"),
    "pine": N_("pine tree"),
    "sun": N_("sun"),
    "star": N_("star"),
    "grapes": N_("grapes"),
    "eggplant": N_("eggplant"),
    "cherries": N_("cherries"),
    "heart": N_("heart"),
    "fish": N_("fish"),
    "bird": N_("bird"),
    "whale": N_("whale"),
    "pear": N_("pear"),
    "watermelon": N_("watermelon"),
    "lightning": N_("lightning"),
    "bulb": N_("light bulb"),
    "moon": N_("moon"),
    "cloud": N_("cloud"),
    "gem": N_("gem"),
    "flower": N_("flower"),
    "bee": N_("bee"),
    "cat": N_("cat"),
    "mushroom": N_("mushroom"),
    "owl": N_("owl"),
    "mouse": N_("mouse"),
    "turtle": N_("turtle"),
    "key": N_("key"),
    "bell": N_("bell"),
    "crown": N_("crown"),
    "snail": N_("snail"),
    "butterfly": N_("butterfly"),
    "balloon": N_("balloon"),
    "umbrella": N_("umbrella"),
    "ice-cream": N_("ice cream"),
    "gift": N_("gift"),
    "house": N_("house"),
    "anchor": N_("anchor"),
    "note": N_("music note"),
    "mug": N_("mug"),
    "rocket": N_("rocket"),
    "sailboat": N_("sailboat"),
}

# The paper and night sets (scripts/make_assets.py): 6 shapes times the numbers 1 to 8.
SHAPES: dict[str, str] = {
    "circle": N_("circle"),
    "square": N_("square"),
    "diamond": N_("diamond"),
    "triangle": N_("triangle"),
    "hexagon": N_("hexagon"),
    "star": N_("star"),
}
NUMBERS = 8


def _shape_name(face: int) -> str:
    shape = list(SHAPES.values())[face // NUMBERS]
    return _("{shape} {number}").format(shape=_(shape), number=face % NUMBERS + 1)


def tile_name(tile_set: str, kind: int) -> str:
    """The name of `kind` (1 and up) as `tile_set` draws it, in the language in force; an
    unknown set is named as the paper set is."""
    if kind < 1:
        raise ValueError(f"kind {kind} is no tile (kinds start at 1)")
    face = (kind - 1) % FACES
    if tile_set == "mahjong":
        return _(list(MAHJONG.values())[face])
    if tile_set == "pictures":
        return _(list(PICTURES.values())[face])
    return _shape_name(face)


def face_ids(tile_set: str) -> list[str]:
    """The faces of `tile_set` in order, by the ids its colours.json names them with (the
    paper and night sets name none there: shape-number)."""
    if tile_set == "mahjong":
        return list(MAHJONG)
    if tile_set == "pictures":
        return list(PICTURES)
    return [f"{shape}-{n + 1}" for shape in SHAPES for n in range(NUMBERS)]

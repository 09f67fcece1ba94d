"""The "pictures" tile set: 48 figurative faces (fruit, animals, things), drawn by code.

Each picture is a few filled layers in a 0..1 square (u right, v down), drawn at four times
the tile's size and scaled down (smooth edges). A layer is the union of its shapes, filled with
one colour and ringed with a dark outline of its own, so overlapping parts read as one
silhouette and the silhouette reads without colour: the pictures differ by shape first.

A picture's main colour is not its own: it is the kind's level-of-detail colour (lod_colours.py),
given to the pictures so that each keeps a colour near its natural one where it can (an apple
red, a leaf green); far out the tile shows exactly that colour.

The canvas and its shapes are picture_canvas.py; the pictures are drawn in pictures_food.py,
pictures_animals.py, pictures_nature.py and pictures_things.py; this module lists them.
"""

from __future__ import annotations

from collections.abc import Callable

import pictures_animals as animals
import pictures_food as food
import pictures_nature as nature
import pictures_things as things
from picture_canvas import SCALE, Canvas, Colour
from PIL import Image

__all__ = ["PICTURES", "SCALE", "draw_picture"]


# name -> (drawing, natural colour: the palette colour it would like). In order of how much a
# picture's colour is part of it (a banana is yellow, a gift any colour): lod_colours.assign
# gives each in turn the nearest colour still free.
PICTURES: dict[str, tuple[Callable[[Canvas, Colour], None], Colour]] = {
    "apple": (food.apple, (210, 30, 30)),
    "banana": (food.banana, (250, 220, 60)),
    "orange": (food.orange_slice, (250, 140, 20)),
    "lemon": (food.lemon, (245, 240, 110)),
    "strawberry": (food.strawberry, (235, 45, 80)),
    "carrot": (food.carrot, (240, 110, 30)),
    "frog": (animals.frog, (80, 200, 60)),
    "ladybug": (animals.ladybug, (230, 20, 20)),
    "leaf": (nature.leaf, (110, 190, 50)),
    "pine": (nature.pine, (20, 110, 60)),
    "sun": (nature.sun, (255, 170, 0)),
    "star": (nature.star, (255, 210, 40)),
    "grapes": (food.grapes, (120, 50, 160)),
    "eggplant": (food.eggplant, (90, 30, 110)),
    "cherries": (food.cherries, (150, 10, 40)),
    "heart": (nature.heart, (240, 30, 100)),
    "fish": (animals.fish, (50, 130, 230)),
    "bird": (animals.bird, (80, 190, 240)),
    "whale": (animals.whale, (40, 70, 170)),
    "pear": (food.pear, (180, 205, 60)),
    "watermelon": (food.watermelon, (40, 140, 60)),
    "lightning": (nature.lightning, (255, 230, 0)),
    "bulb": (things.bulb, (255, 245, 170)),
    "moon": (nature.moon, (240, 230, 170)),
    "cloud": (nature.cloud, (190, 210, 240)),
    "gem": (things.gem, (40, 200, 210)),
    "flower": (nature.flower, (250, 120, 170)),
    "bee": (animals.bee, (245, 190, 20)),
    "cat": (animals.cat, (230, 150, 70)),
    "mushroom": (food.mushroom, (190, 40, 40)),
    "owl": (animals.owl, (140, 90, 50)),
    "mouse": (animals.mouse, (160, 160, 170)),
    "turtle": (animals.turtle, (40, 120, 80)),
    "key": (things.key, (210, 170, 40)),
    "bell": (things.bell, (230, 170, 30)),
    "crown": (things.crown, (240, 190, 50)),
    "snail": (animals.snail, (190, 130, 80)),
    "butterfly": (animals.butterfly, (240, 100, 200)),
    "balloon": (things.balloon, (220, 40, 120)),
    "umbrella": (things.umbrella, (150, 50, 210)),
    "ice-cream": (things.ice_cream, (250, 190, 210)),
    "gift": (things.gift, (40, 170, 150)),
    "house": (things.house, (220, 180, 130)),
    "anchor": (things.anchor, (60, 80, 120)),
    "note": (things.note, (80, 60, 140)),
    "mug": (things.mug, (150, 90, 60)),
    "rocket": (things.rocket, (200, 200, 215)),
    "sailboat": (things.sailboat, (240, 240, 245)),
}


def draw_picture(
    name: str, colour: Colour, size: tuple[int, int], box: tuple[float, float, float]
) -> Image.Image:
    """The picture `name` in `colour`, on a transparent image of `size` (already scaled),
    inside `box` = (left, top, side)."""
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    PICTURES[name][0](Canvas(image, box), colour)
    return image

"""Text on the menus and overlays. arcade.draw_text builds a new text layout on every call;
these screens redraw the same few lines each frame, so the layouts are kept and reused."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import arcade

_KEPT = 512
_labels: OrderedDict[tuple, arcade.Text] = OrderedDict()


def label(text: str, x: float, y: float, colour: Any, size: float, **style: Any) -> arcade.Text:
    """The text laid out (kept for the next frames: a layout costs a millisecond or more), at
    (x, y), not drawn yet."""
    key = (text, tuple(colour), size, tuple(sorted(style.items())))
    found = _labels.get(key)
    if found is None:
        found = arcade.Text(text, x, y, colour, size, **style)
        _labels[key] = found
        if len(_labels) > _KEPT:
            _labels.popitem(last=False)
    else:
        _labels.move_to_end(key)
        found.position = (x, y)
    return found


def draw_label(text: str, x: float, y: float, colour: Any, size: float, **style: Any) -> None:
    label(text, x, y, colour, size, **style).draw()


KEYS_COLOUR = (190, 190, 190)


def draw_keys(keys: str, width: float, y: float) -> None:
    """The line at the foot of a screen that says which keys do what, centred."""
    draw_label(keys, width / 2, y, KEYS_COLOUR, 14, anchor_x="center")

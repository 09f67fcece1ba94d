"""Text on the screens. arcade.draw_text builds a new text layout on every call; these screens
redraw the same few lines each frame, so the layouts are kept and reused.

Every text drawn can be measured: while `measured()` is open (the layout tests), each one is
noted with its extent on the screen and the box it was drawn in (`inside`), so that a test can
hold every screen's texts to the window and their boxes at every size.
"""

from __future__ import annotations

import math
import unicodedata
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import arcade
import pyglet

from .. import i18n

Box = tuple[float, float, float, float]  # left, bottom, right, top

# Text in Chinese (a player's name, the zh_CN catalog) is drawn in the system's font for it: the
# first of these that fontconfig finds (pyglet takes the first family it has). No font with the
# Han characters that could be bundled carries a licence the game's assets may (assets/LICENSE.md:
# CC0 or the project's own; docs/playing.md, "Languages"), so none is bundled: without any of
# these, the game stays in English and the settings say which font to install.
MONO = ("Courier New", "DejaVu Sans Mono", "monospace")
CJK_FONTS = (
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Droid Sans Fallback",
    "AR PL UMing CN",
    "Microsoft YaHei",
    "PingFang SC",
    "Hiragino Sans GB",
    "SimHei",
)
CJK_MONO_FONTS = (
    "Noto Sans Mono CJK SC",
    "WenQuanYi Micro Hei Mono",
    "WenQuanYi Zen Hei Mono",
    *CJK_FONTS,
)


NO_CJK_FONT = (
    "No Chinese font on this system: the game stays in English. "
    "Install Noto Sans CJK SC or WenQuanYi Micro Hei (fonts-noto-cjk, fonts-wqy-microhei)."
)


def has_cjk_font() -> bool:
    """Does the system have a font that draws Chinese (one of CJK_FONTS)?"""
    return any(pyglet.font.have_font(name) for name in CJK_FONTS)


def use_language(choice: str) -> str | None:
    """Puts the settings' language choice in force (i18n.use); Chinese only where a font can draw
    it, else English and NO_CJK_FONT, the note to show (in English: it is the fallback)."""
    wanted = i18n.resolve(choice)
    if wanted == "zh_CN" and not has_cjk_font():
        i18n.use("en")
        return NO_CJK_FONT
    i18n.use(wanted)
    return None


def is_wide(text: str) -> bool:
    """Has `text` a character that takes two columns (Chinese, Japanese, Korean)?"""
    return any(unicodedata.east_asian_width(ch) in "WF" for ch in text)


def columns(text: str) -> int:
    """How many columns `text` takes in a monospaced table (a wide character, two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def with_font_for(text: str, style: dict[str, Any]) -> dict[str, Any]:
    """`style` with a font that has `text`'s characters: for Chinese, the system's CJK font
    (monospaced where the style asks for a monospaced one, MONO or CJK_MONO_FONTS)."""
    if not is_wide(text):
        return style
    mono = style.get("font_name") in (MONO, CJK_MONO_FONTS)
    return {**style, "font_name": CJK_MONO_FONTS if mono else CJK_FONTS}


def clipped(text: str, width: int) -> str:
    """`text` cut to at most `width` columns (a wide character takes two)."""
    out, used = "", 0
    for ch in text:
        used += columns(ch)
        if used > width:
            break
        out += ch
    return out


# A table's columns are laid out by measuring their cells as drawn, never by counting
# characters: no font draws a Chinese character exactly two Latin letters wide (WenQuanYi
# Micro Hei Mono at 13 points: 17 and 10 pixels), pyglet opens the first face of a font
# collection (the proportional WenQuanYi Micro Hei for its "Mono"), and a name in Chinese is
# drawn in another font than one in Latin letters.
Span = tuple[int, int]  # a column's left and right, from the table's left


def column_spans(rows: Sequence[Sequence[arcade.Text]], gaps: Sequence[float]) -> list[Span]:
    """Each column as wide as its widest cell in `rows` (texts laid out, not drawn yet), and
    `gaps[i]` pixels after column i; in whole pixels, so that cells drawn flush right end on the
    same pixel."""
    count = max(len(row) for row in rows)
    spans, x = [], 0
    for i in range(count):
        width = math.ceil(max(row[i].content_width for row in rows if i < len(row)))
        spans.append((x, x + width))
        x += width + (round(gaps[i]) if i < len(gaps) else 0)
    return spans


def draw_row(
    cells: Sequence[arcade.Text], spans: Sequence[Span], right: Sequence[bool], x: float, y: float
) -> None:
    """Draws a row's cells in their columns, the table's left at `x`: each at its column's left,
    or its right where `right` says (numbers)."""
    left = round(x)
    for cell, (start, end), flush_right in zip(cells, spans, right, strict=False):
        cell.position = (left + (end - cell.content_width if flush_right else start), round(y))
        cell.draw()
        note(cell)


@dataclass(frozen=True)
class Drawn:
    """A text drawn: its words, its extent on the screen and the box it was drawn in."""

    text: str
    extent: Box
    box: Box | None


_drawn: list[Drawn] | None = None
_box: Box | None = None


@contextmanager
def measured() -> Iterator[list[Drawn]]:
    """Notes every text drawn meanwhile (a frame's, for a test)."""
    global _drawn
    _drawn = []
    try:
        yield _drawn
    finally:
        _drawn = None


@contextmanager
def inside(left: float, bottom: float, right: float, top: float) -> Iterator[None]:
    """The texts drawn meanwhile belong in this box (a dialog's, a button's)."""
    global _box
    outer, _box = _box, (left, bottom, right, top)
    try:
        yield
    finally:
        _box = outer


def note(text: arcade.Text) -> None:
    """A text just drawn, for `measured` (nothing is done when nobody measures)."""
    if _drawn is not None and text.text:
        _drawn.append(Drawn(text.text, (text.left, text.bottom, text.right, text.top), _box))


# The player's text size (the settings' "Text size", store/settings.py TEXT_SCALES): every label
# is drawn this much larger. A text that must stay in a box is measured at it and shrinks back
# (`fitted`), and a size capped by a box's height is capped before it (`at_most`).
_text_scale = 1.0


def use_text_scale(scale: float) -> None:
    """Puts the settings' text size in force: every text drawn from here on, `scale` times."""
    global _text_scale
    if not scale > 0:
        raise ValueError(f"text scale {scale!r} is not positive")
    _text_scale = float(scale)


def text_scale() -> float:
    """The text size in force (1.0 at first)."""
    return _text_scale


def at_most(size: float, cap: float) -> float:
    """`size` (a point size before the text size), but never drawn larger than `cap` points:
    for a text whose room is a box's height."""
    return min(size, cap / _text_scale)


_KEPT = 512
_labels: OrderedDict[tuple[Any, ...], arcade.Text] = OrderedDict()


def label(text: str, x: float, y: float, colour: Any, size: float, **style: Any) -> arcade.Text:
    """The text laid out (kept for the next frames: a layout costs a millisecond or more), at
    (x, y), not drawn yet; at `size` points times the text size (`use_text_scale`)."""
    # Whole points and whole pixels: glyphs laid out at fractions of either are cut off.
    size, x, y = max(1, int(size * _text_scale)), round(x), round(y)
    style = with_font_for(text, style)
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
    drawn = label(text, x, y, colour, size, **style)
    drawn.draw()
    note(drawn)


# The screens are laid out for a window of DESIGN_SIZE and scaled with the window (`ui_scale`):
# text stays readable at 800x600 and large enough at 3840x2160.
DESIGN_SIZE = (1280, 800)
SCALE_RANGE = (0.75, 3.0)


def ui_scale(window: arcade.Window) -> float:
    """How much larger than at DESIGN_SIZE the screens' text and spacing are drawn."""
    fit: float = min(window.width / DESIGN_SIZE[0], window.height / DESIGN_SIZE[1])
    return min(max(fit, SCALE_RANGE[0]), SCALE_RANGE[1])


def fitted(text: str, size: float, width: float, height: float = math.inf, **style: Any) -> float:
    """`size`, or the smaller size at which `text` is at most `width` pixels wide and `height`
    pixels tall (its line's room: the text size grows a line no further than that)."""
    for _try in range(3):  # widths are not exactly proportional to sizes (hinting, whole points)
        laid = label(text, 0, 0, (0, 0, 0), size, **style)
        wide, tall = max(laid.content_width, 1e-9), max(laid.content_height, 1e-9)
        fit = min(1.0, width / wide, height / tall)
        if fit >= 1 or size <= 1:
            break
        size = max(1.0, size * fit * (1 if _try == 0 else 0.98))
    return size


def draw_fitted(
    text: str,
    x: float,
    y: float,
    colour: Any,
    size: float,
    width: float,
    height: float = math.inf,
    **style: Any,
) -> None:
    """`draw_label` at `size`, or smaller when the text would be wider than `width` or taller
    than `height`."""
    draw_label(text, x, y, colour, fitted(text, size, width, height, **style), **style)


KEYS_COLOUR = (190, 190, 190)
KEYS_ROOM = 24  # the keys' line's height at most (design pixels): it keeps its place at the foot


def draw_keys(keys: str, width: float, y: float, scale: float = 1.0) -> None:
    """The line at the foot of a screen that says which keys do what, centred, as wide as
    the screen allows."""
    size = fitted(keys, 14 * scale, width - 20 * scale, KEYS_ROOM * scale)
    draw_label(keys, width / 2, y, KEYS_COLOUR, size, anchor_x="center")

"""The boxes that covers draw (covers.py): a few lines of text on a dark box, sized to its text
and fitted to the room the screen under it leaves (below the play screen's HUD), shrunk
together when the window is too small for them, at every window size."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import arcade

from ..i18n import _
from .text import MONO, Box, Span, column_spans, draw_row, inside, label, note, ui_scale

COVER = (10, 10, 16, 255)  # the colour over the board while it is hidden
BOX = (0, 0, 0, 245)
FIT_TRIES = 4  # rounds of shrinking (font sizes are not exactly proportional to widths)


@dataclass(frozen=True)
class Line:
    """A line of a box: its text, size (points at the design size), colour and style, the gap
    under it, and whether it is centred; or, with `cells`, a row of a table, whose cells line up
    in columns with the box's other rows (text.column_spans)."""

    text: str
    size: float
    colour: tuple[int, ...]
    style: dict[str, Any] = field(default_factory=dict)
    gap: float = 6.0
    centred: bool = False
    cells: tuple[str, ...] = ()


COLUMN_GAP = 1.2  # between a table's columns, in points of its text


def draw_cover(window: arcade.Window) -> None:
    """The colour that covers the whole window: nothing under it shows."""
    arcade.draw_lbwh_rectangle_filled(0, 0, window.width, window.height, COVER)


def dialog(
    window: arcade.Window,
    room: Box,
    lines: list[Line],
    pad: float = 20.0,
    below: float = 0.0,
    fill: tuple[int, int, int, int] | None = BOX,
) -> Box:
    """Draws `lines` on a box in the middle of `room` (left, bottom, right, top), with `below`
    design pixels left free at its foot (a progress bar's); the box drawn."""
    u = ui_scale(window)
    left, bottom, right, top = room
    room_w, room_h = right - left - 8, top - bottom - 8
    fit = 1.0
    for _try in range(FIT_TRIES):
        texts = _laid(lines, u * fit)
        spans = _spans(lines, texts, u * fit)
        width = max(_width(line, cells, spans) for line, cells in zip(lines, texts, strict=True))
        width += 2 * pad * u * fit
        height = _height(lines, texts, u * fit) + (2 * pad + below) * u * fit
        if width <= room_w and height <= room_h:
            break
        fit *= min(1.0, room_w / width, room_h / height) * 0.98
    cx, cy = (left + right) / 2, (bottom + top) / 2
    box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
    if fill is not None:
        arcade.draw_lrbt_rectangle_filled(box[0], box[2], box[1], box[3], fill)
    y = box[3] - pad * u * fit
    with inside(*box):
        for line, cells in zip(lines, texts, strict=True):
            x = box[0] + pad * u * fit
            if line.cells:
                draw_row(cells, spans, [False] * len(cells), x, y)
            else:
                (text,) = cells
                text.position = (round(cx if line.centred else x), round(y))
                text.draw()
                note(text)
            y -= max(t.content_height for t in cells) + line.gap * u * fit
    return box


def _laid(lines: list[Line], scale: float) -> list[list[arcade.Text]]:
    """Each line's texts laid out, not drawn: its text, or its cells."""
    return [
        [
            label(
                text,
                0,
                0,
                line.colour,
                line.size * scale,
                anchor_y="top",
                anchor_x="center" if line.centred else "left",
                **line.style,
            )
            for text in (line.cells or (line.text,))
        ]
        for line in lines
    ]


def _spans(lines: list[Line], texts: list[list[arcade.Text]], scale: float) -> list[Span]:
    """The columns of the box's table rows (none without any)."""
    rows = [cells for line, cells in zip(lines, texts, strict=True) if line.cells]
    if not rows:
        return []
    size = max(line.size for line in lines if line.cells) * scale
    return column_spans(rows, [COLUMN_GAP * size] * max(map(len, rows)))


def _width(line: Line, cells: list[arcade.Text], spans: list[Span]) -> float:
    return spans[-1][1] if line.cells else cells[0].content_width


def _height(lines: list[Line], texts: list[list[arcade.Text]], scale: float) -> float:
    gaps = sum(line.gap for line in lines[:-1]) * scale
    return sum(max(t.content_height for t in cells) for cells in texts) + gaps


def draw_pause(window: arcade.Window, room: Box) -> None:
    lines = [
        Line(_("Paused"), 40, (240, 240, 240), {"bold": True}, gap=18, centred=True),
        Line(_("P or a click to resume"), 16, (200, 200, 200), centred=True),
    ]
    dialog(window, room, lines, fill=None)


def draw_help(
    window: arcade.Window, room: Box, help_lines: list[str], key_rows: list[tuple[str, str]]
) -> None:
    """The help: its heading, its lines, and the table of keys (each key and what it does)."""
    heading = Line(_("Keys and mouse (any key closes)"), 15, (255, 210, 90), {"bold": True}, gap=12)
    style = {"font_name": MONO}
    lines = [Line(text, 13, (235, 235, 235), style, gap=5) for text in help_lines]
    rows = [Line("", 13, (235, 235, 235), style, gap=5, cells=cells) for cells in key_rows]
    dialog(window, room, [heading, *lines, *rows])


def draw_question(window: arcade.Window, room: Box, question: str, detail: str = "") -> None:
    """The question's box, with the keys that answer it."""
    lines = [Line(question, 18, (255, 210, 90), {"bold": True}, gap=14, centred=True)]
    if detail:
        lines.append(Line(detail, 14, (235, 235, 235), gap=14, centred=True))
    lines.append(Line(_("Y or Enter: yes      N or Esc: no"), 15, (220, 220, 220), centred=True))
    dialog(window, room, lines)


BAR = 12  # the progress bar's height (design pixels)
PROGRESS_SIZE = 16  # its line's points, at the design size
# Its line's colour and the style `dialog` lays a centred line out with (warm_up.py makes its
# glyphs before the first box: the same font, size and style).
PROGRESS_STYLE: tuple[tuple[int, int, int], dict[str, Any]] = (
    (235, 235, 235),
    {"anchor_y": "top", "anchor_x": "center"},
)


def draw_progress(window: arcade.Window, room: Box, text: str, seconds: float) -> None:
    """A box: what runs and for how long, and a bar that sweeps (the engine reports no
    fraction done, so the bar shows that the window is alive)."""
    line = Line(text, PROGRESS_SIZE, PROGRESS_STYLE[0], centred=True)
    left, bottom, right, _top = dialog(window, room, [line], pad=24, below=BAR + 14)
    u = ui_scale(window)
    track_left, track = left + 24 * u, right - left - 48 * u
    arcade.draw_lbwh_rectangle_filled(track_left, bottom + 20 * u, track, BAR * u, (60, 60, 70))
    sweep = (seconds * 0.8) % 1.0
    arcade.draw_lbwh_rectangle_filled(
        track_left + sweep * track * 0.75, bottom + 20 * u, track / 4, BAR * u, (255, 210, 90)
    )

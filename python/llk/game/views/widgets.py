"""A list of options drawn as rows: the menu and the settings screen are made of it. Up/Down,
Tab/Shift+Tab or the mouse pick a row (the focus: lit and outlined); Left/Right (or clicks: left
forward, right back) change its value, Space too (forward); Enter, Space or a click on an action
row runs it; rows with text take typed characters."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import arcade

from ..i18n import _
from ..model import spoken
from .text import at_most, draw_label, fitted, label, ui_scale

ROW_HEIGHT = 34
FOCUS_FILL = (255, 255, 255, 40)
FOCUS_EDGE = (110, 190, 255)  # the focus's outline: a blue no text of the screens is drawn in
# The keys that move the focus or change a row's value: its screen says the row again.
MOVES = (arcade.key.UP, arcade.key.DOWN, arcade.key.LEFT, arcade.key.RIGHT, arcade.key.TAB)


@dataclass
class Row:
    label: str  # its name as the catalog has it (i18n.N_): translated as it is drawn
    values: Sequence[Any] = ()  # a choice row when not empty: bools, numbers or names
    index: int = 0
    action: Callable[[], None] | None = None  # an action row
    text: str | None = None  # a text row (seed, share code) when not None
    show: Callable[[Any], str] = str  # a value as the player reads it (translated)
    on_change: Callable[[], None] | None = None
    allowed: str = field(default="")
    # What the row means, in a line (i18n.N_): its screen shows it while the row has the focus.
    about: str = ""

    @property
    def value(self) -> Any:
        return self.values[self.index] if self.values else self.text

    def shown(self) -> str:
        if self.action is not None:
            return ""
        if self.text is not None:
            return self.text or "-"
        return self.show(self.value)

    def step(self, by: int) -> None:
        if self.values:
            self.index = (self.index + by) % len(self.values)
            if self.on_change:
                self.on_change()


class OptionList:
    """The rows, placed by their screen (`place`) between a top and a bottom in window pixels,
    as high as the room allows up to ROW_HEIGHT at the screen's scale."""

    def __init__(self, rows: list[Row]) -> None:
        self.rows = rows
        self.focus = 0
        self.top_y, self.row_height, self.half, self.scale = 0.0, float(ROW_HEIGHT), 330.0, 1.0

    def place(self, window: arcade.Window, top: float, bottom: float) -> None:
        """The rows fill down from `top` (their first row's top edge), at most to `bottom`."""
        self.scale = ui_scale(window)
        self.row_height = min(ROW_HEIGHT * self.scale, (top - bottom) / max(1, len(self.rows)))
        self.top_y = top - self.row_height / 2
        self.half = min(330 * self.scale, window.width / 2 - 8)

    def row_y(self, i: int) -> float:
        """The middle of row i, in window pixels."""
        return self.top_y - self.row_height * i

    def row_at(self, y: float) -> int | None:
        for i in range(len(self.rows)):
            if abs(y - self.row_y(i)) < self.row_height / 2:
                return i
        return None

    def activate(self, i: int, forward: bool = True) -> None:
        self.focus = i
        row = self.rows[i]
        if row.action is not None:
            row.action()
        else:
            row.step(1 if forward else -1)

    def on_key(self, symbol: int, modifiers: int = 0) -> bool:
        row = self.rows[self.focus]
        back = symbol == arcade.key.TAB and modifiers & arcade.key.MOD_SHIFT
        if symbol == arcade.key.UP or back:
            self.focus = (self.focus - 1) % len(self.rows)
        elif symbol in (arcade.key.DOWN, arcade.key.TAB):
            self.focus = (self.focus + 1) % len(self.rows)
        elif symbol in (arcade.key.LEFT, arcade.key.RIGHT):
            row.step(1 if symbol == arcade.key.RIGHT else -1)
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN) and row.action is not None:
            row.action()
        elif symbol == arcade.key.SPACE and row.text is None:
            self.activate(self.focus)
        elif symbol == arcade.key.BACKSPACE and row.text:
            row.text = row.text[:-1]
        else:
            return False
        return True

    @property
    def about(self) -> str:
        """The focused row's explanation, translated ("" for none)."""
        about = self.rows[self.focus].about
        return _(about) if about else ""

    def spoken_focus(self) -> str:
        """The focused row as spoken feedback says it (model/spoken.py): name and value."""
        row = self.rows[self.focus]
        return spoken.row(_(row.label), row.shown())

    def on_text(self, text: str) -> None:
        row = self.rows[self.focus]
        if row.text is not None:
            row.text += "".join(ch for ch in text if ch in row.allowed)

    def on_mouse(self, y: float, button: int) -> None:
        i = self.row_at(y)
        if i is not None:
            self.activate(i, forward=button != arcade.MOUSE_BUTTON_RIGHT)

    def draw(self, window: arcade.Window) -> None:
        cx, half, h = window.width / 2, self.half, self.row_height
        pad = 20 * self.scale
        # The font as large as the row allows (a point is about 1.35 pixels of line height).
        size = at_most(16 * self.scale, h / 1.6)
        for i, row in enumerate(self.rows):
            y = self.row_y(i)
            if i == self.focus:
                box = (cx - half, cx + half, y - h / 2 + 1, y + h / 2 - 1)
                arcade.draw_lrbt_rectangle_filled(*box, FOCUS_FILL)
                arcade.draw_lrbt_rectangle_outline(*box, FOCUS_EDGE, max(1.0, 2 * self.scale))
            shown = row.shown()
            value = ("<  " + shown + "  >" if row.values else shown) if shown else ""
            room = 2 * (half - pad)
            if value:
                value_size = fitted(value, size, room / 2)
                right = label(value, 0, 0, (0, 0, 0), value_size).content_width
                draw_label(
                    value, cx + half - pad, y, (200, 230, 255), value_size,
                    anchor_x="right", anchor_y="center",
                )  # fmt: skip
                room -= right + pad
            bold = row.action is not None
            colour = (255, 210, 90) if bold else (235, 235, 235)
            name = _(row.label)
            name_size = fitted(name, size, room, bold=bold)
            draw_label(name, cx - half + pad, y, colour, name_size, anchor_y="center", bold=bold)

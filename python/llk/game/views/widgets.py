"""A list of options drawn as rows: the menu and the settings screen are made of it. Up/Down
or the mouse pick a row; Left/Right (or clicks: left forward, right back) change its value;
Enter or a click on an action row runs it; rows with text take typed characters."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import arcade

from .text import draw_label

ROW_HEIGHT = 34


@dataclass
class Row:
    label: str
    values: Sequence[object] = ()  # a choice row when not empty
    index: int = 0
    action: Callable[[], None] | None = None  # an action row
    text: str | None = None  # a text row (seed, share code) when not None
    show: Callable[[object], str] = str
    on_change: Callable[[], None] | None = None
    allowed: str = field(default="")

    @property
    def value(self) -> object:
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
    def __init__(self, rows: list[Row], top: float = 0.8) -> None:
        self.rows = rows
        self.focus = 0
        self.top = top

    def row_y(self, window: arcade.Window, i: int) -> float:
        return window.height * self.top - ROW_HEIGHT * i

    def row_at(self, window: arcade.Window, y: float) -> int | None:
        for i in range(len(self.rows)):
            if abs(y - self.row_y(window, i)) < ROW_HEIGHT / 2:
                return i
        return None

    def activate(self, i: int, forward: bool = True) -> None:
        self.focus = i
        row = self.rows[i]
        if row.action is not None:
            row.action()
        else:
            row.step(1 if forward else -1)

    def on_key(self, symbol: int) -> bool:
        row = self.rows[self.focus]
        if symbol == arcade.key.UP:
            self.focus = (self.focus - 1) % len(self.rows)
        elif symbol == arcade.key.DOWN:
            self.focus = (self.focus + 1) % len(self.rows)
        elif symbol in (arcade.key.LEFT, arcade.key.RIGHT):
            row.step(1 if symbol == arcade.key.RIGHT else -1)
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN) and row.action is not None:
            row.action()
        elif symbol == arcade.key.BACKSPACE and row.text:
            row.text = row.text[:-1]
        else:
            return False
        return True

    def on_text(self, text: str) -> None:
        row = self.rows[self.focus]
        if row.text is not None:
            row.text += "".join(ch for ch in text if ch in row.allowed)

    def on_mouse(self, window: arcade.Window, y: float, button: int) -> None:
        i = self.row_at(window, y)
        if i is not None:
            self.activate(i, forward=button != arcade.MOUSE_BUTTON_RIGHT)

    def draw(self, window: arcade.Window) -> None:
        cx = window.width / 2
        for i, row in enumerate(self.rows):
            y = self.row_y(window, i)
            if i == self.focus:
                arcade.draw_lrbt_rectangle_filled(
                    cx - 330,
                    cx + 330,
                    y - ROW_HEIGHT / 2 + 2,
                    y + ROW_HEIGHT / 2 - 2,
                    (255, 255, 255, 40),
                )
            colour = (255, 210, 90) if row.action is not None else (235, 235, 235)
            draw_label(
                row.label, cx - 310, y, colour, 16, anchor_y="center", bold=row.action is not None
            )
            shown = row.shown()
            if shown:
                arrows = "<  " + shown + "  >" if row.values else shown
                draw_label(
                    arrows, cx + 310, y, (200, 230, 255), 16, anchor_x="right", anchor_y="center"
                )

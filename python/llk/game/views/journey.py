"""The journey's map: its levels along a winding path, chapter by chapter, each open or locked
with the stars it earned, and the shop where stars buy power-ups.

A click on an open level (or the arrows and Enter) plays it; a click on a power-up (or keys 1
to 4) buys one; Esc goes back to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from ..model import journey
from .level_done import EMPTY_STAR, draw_star
from .text import draw_label

if TYPE_CHECKING:
    from .services import Services

COLUMNS = 5  # levels a row of the map: a chapter
NODE_RADIUS = 22
COLUMN_GAP = 130
MAP_SHIFT = 70  # the map right of the middle: the chapters are named on its left
SHOP_Y = 92  # the power-up buttons' centre, from the bottom
SHOP_W, SHOP_H = 230, 44
LOCKED = (90, 90, 100)
CLEARED = (90, 200, 120)


class JourneyView(arcade.View):
    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        self.progress = services.storage.load_journey()
        self.focus = self.progress.next_level
        self.message = ""

    # Where things are on screen (the tests click them too).

    def node_centre(self, number: int) -> tuple[float, float]:
        """The screen point of level `number`'s node: rows of five, winding left and right."""
        w, h = self.window.width, self.window.height
        row, col = divmod(number - 1, COLUMNS)
        if row % 2:
            col = COLUMNS - 1 - col
        rows = (len(journey.levels()) + COLUMNS - 1) // COLUMNS
        top, bottom = h - 130, SHOP_Y + 118
        step = (top - bottom) / max(1, rows - 1)
        return w / 2 + MAP_SHIFT + (col - (COLUMNS - 1) / 2) * COLUMN_GAP, top - row * step

    def level_at(self, x: float, y: float) -> int | None:
        for level in journey.levels():
            cx, cy = self.node_centre(level.number)
            if (x - cx) ** 2 + (y - cy) ** 2 <= (NODE_RADIUS + 6) ** 2:
                return level.number
        return None

    def shop_centre(self, i: int) -> tuple[float, float]:
        count = len(journey.PRICES)
        return self.window.width / 2 + (i - (count - 1) / 2) * (SHOP_W + 16), SHOP_Y

    def power_up_at(self, x: float, y: float) -> str | None:
        for i, name in enumerate(journey.PRICES):
            cx, cy = self.shop_centre(i)
            if abs(x - cx) <= SHOP_W / 2 and abs(y - cy) <= SHOP_H / 2:
                return name
        return None

    # Actions.

    def play(self, number: int) -> None:
        if not self.progress.is_unlocked(number):
            self.message = f"Level {number} is locked: clear level {number - 1} first"
            return
        self.services.screens.start_game(journey.level(number).config())

    def buy(self, name: str) -> None:
        storage = self.services.storage
        progress = storage.load_journey()
        label, price = journey.POWER_UP_NAMES[name], journey.PRICES[name]
        if progress.buy(name):
            storage.save_journey(progress)
            self.message = f"Bought: {label}, for {price} star{'s' if price > 1 else ''}"
        else:
            self.message = f"{label} costs {price} stars; you have {progress.balance} to spend"
        self.progress = progress

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        number = self.level_at(x, y)
        if number is not None:
            self.play(number)
            return
        name = self.power_up_at(x, y)
        if name is not None:
            self.buy(name)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        count = len(journey.levels())
        moves = {arcade.key.LEFT: -1, arcade.key.RIGHT: 1, arcade.key.UP: -COLUMNS}
        moves[arcade.key.DOWN] = COLUMNS
        if symbol in moves:
            self.focus = min(max(1, self.focus + moves[symbol]), count)
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.SPACE):
            self.play(self.focus)
        elif arcade.key.KEY_1 <= symbol < arcade.key.KEY_1 + len(journey.PRICES):
            self.buy(list(journey.PRICES)[symbol - arcade.key.KEY_1])
        elif symbol == arcade.key.ESCAPE:
            self.services.screens.show_menu()

    # Drawing.

    def on_draw(self) -> None:
        palette = self.services.theme.palette
        self.clear(palette.background)
        w, h = self.window.width, self.window.height
        p = self.progress
        draw_label("Journey", w / 2, h - 48, palette.accent, 36, anchor_x="center", bold=True)
        draw_label(
            f"Stars: {p.earned} earned, {p.spent} spent, {p.balance} to spend",
            w / 2,
            h - 84,
            palette.text,
            15,
            anchor_x="center",
        )
        self.draw_path()
        for level in journey.levels():
            self.draw_node(level)
        self.draw_shop()
        if self.message:
            draw_label(self.message, w / 2, 36, palette.accent, 13, anchor_x="center")
        draw_label(
            "Click a level or arrows + Enter: play   1-4 or a click: buy   Esc: menu",
            w / 2,
            12,
            (170, 170, 170),
            11,
            anchor_x="center",
        )

    def draw_path(self) -> None:
        points = [self.node_centre(level.number) for level in journey.levels()]
        for (x1, y1), (x2, y2), number in zip(
            points, points[1:], range(2, len(points) + 1), strict=False
        ):
            colour = CLEARED if self.progress.is_unlocked(number) else LOCKED
            arcade.draw_line(x1, y1, x2, y2, colour, 5)

    def draw_node(self, level: journey.Level) -> None:
        palette = self.services.theme.palette
        x, y = self.node_centre(level.number)
        stars = self.progress.stars.get(level.number, 0)
        open_ = self.progress.is_unlocked(level.number)
        fill = CLEARED if stars else palette.accent if open_ else LOCKED
        if level.number == self.focus:
            arcade.draw_circle_filled(x, y, NODE_RADIUS + 6, palette.cursor)
        arcade.draw_circle_filled(x, y, NODE_RADIUS, fill)
        arcade.draw_circle_outline(x, y, NODE_RADIUS, (0, 0, 0), 2)
        text = (20, 20, 20) if open_ else (40, 40, 46)
        draw_label(
            str(level.number), x, y, text, 15, anchor_x="center", anchor_y="center", bold=True
        )
        for i in range(3):
            colour = palette.accent if i < stars else EMPTY_STAR
            draw_star(x + (i - 1) * 17, y - NODE_RADIUS - 11, 8, colour)
        detail = level.gravity if open_ else "locked"
        colour = palette.text if open_ else LOCKED
        draw_label(detail, x, y - NODE_RADIUS - 24, colour, 9, anchor_x="center", anchor_y="center")
        if (level.number - 1) % COLUMNS == 0:
            chapter = f"Chapter {level.chapter}: {level.rows}x{level.cols}, {level.kinds} kinds"
            draw_label(chapter, 16, y, palette.text, 11, anchor_y="center")

    def draw_shop(self) -> None:
        palette = self.services.theme.palette
        w = self.window.width
        draw_label(
            "Power-ups (stars buy them; one used marks the level assisted; one re-arrange a "
            "level is free)",
            w / 2,
            SHOP_Y + 36,
            palette.text,
            12,
            anchor_x="center",
        )
        for i, name in enumerate(journey.PRICES):
            x, y = self.shop_centre(i)
            affordable = self.progress.balance >= journey.PRICES[name]
            arcade.draw_lrbt_rectangle_filled(
                x - SHOP_W / 2, x + SHOP_W / 2, y - SHOP_H / 2, y + SHOP_H / 2, (0, 0, 0, 150)
            )
            edge = palette.accent if affordable else LOCKED
            arcade.draw_lrbt_rectangle_outline(
                x - SHOP_W / 2, x + SHOP_W / 2, y - SHOP_H / 2, y + SHOP_H / 2, edge, 2
            )
            price = journey.PRICES[name]
            owned = self.progress.power_ups.get(name, 0)
            draw_label(
                f"{i + 1}. {journey.POWER_UP_NAMES[name]}",
                x,
                y + 9,
                palette.text,
                12,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            )
            draw_label(
                f"{price} star{'s' if price > 1 else ''}   have {owned}",
                x,
                y - 10,
                edge,
                11,
                anchor_x="center",
                anchor_y="center",
            )

"""The journey's map: its levels along a winding path, chapter by chapter, each open or locked
with the stars it earned, and the shop where stars buy power-ups.

A click on an open level (or the arrows and Enter) plays it; a click on a power-up (or keys 1
to 4, or Tab to the shop and Enter) buys one; Esc goes back to the menu. The focus, which the
keys move, is ringed: a level on the map, or a power-up once Tab went to the shop (Tab past
its last, Shift+Tab before its first, or Up: back to the map)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from ..i18n import N_, _, ngettext
from ..model import journey, spoken
from .level_done import EMPTY_STAR, draw_star
from .new_game import shown
from .text import at_most, draw_keys, draw_label, fitted, inside, label, note, ui_scale

if TYPE_CHECKING:
    from .services import Services

COLUMNS = journey.MAP_COLUMNS  # levels a row of the map: a chapter
ARROWS = {
    arcade.key.LEFT: "left",
    arcade.key.RIGHT: "right",
    arcade.key.UP: "up",
    arcade.key.DOWN: "down",
}
STAR_SHARE = 0.36  # a star's radius under a node, of the node's
STAR_STEP = 2.1  # the stars' centres apart, in a star's radii
NODE_RADIUS = 22  # design pixels, as the rest: the window's scale and room set the real ones
SHOP_H, SHOP_W, SHOP_GAP = 44, 230, 16
LOCKED = (90, 90, 100)
CLEARED = (90, 200, 120)
SHOP_NOTE = N_(
    "Power-ups (stars buy them; one used marks the level assisted; one re-arrange a level is free)"
)
KEYS = N_("Click a level or arrows + Enter: play   Tab: the shop   1-4 or a click: buy   Esc: menu")


@dataclass(frozen=True)
class Geometry:
    """Where the map's parts are on the window: the scale, the chapter labels' column, the
    nodes' grid and the shop."""

    scale: float
    map_left: float
    map_right: float
    map_top: float
    row_step: float
    radius: float
    shop_y: float
    shop_w: float
    header: float  # the header's bottom


class JourneyView(arcade.View):
    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        self.progress = services.storage.load_journey()
        self.focus = self.progress.next_level
        self.shop_focus: int | None = None  # Tab: the focus on a power-up, not on the map
        self.message = ""
        self._geometry: tuple[tuple[int, int], Geometry] | None = None

    # Where things are on screen (the tests click them too).

    def geometry(self) -> Geometry:
        """The map laid out for the window: the chapters' labels on the left, the nodes in the
        rest, the shop at the foot, each row tall enough for its node, stars and gravity.
        Worked out once a window size."""
        w, h = self.window.width, self.window.height
        if self._geometry is None or self._geometry[0] != (w, h):
            self._geometry = ((w, h), self._laid_out(w, h))
        return self._geometry[1]

    def _laid_out(self, w: int, h: int) -> Geometry:
        u = ui_scale(self.window)
        header = h - 100 * u
        shop_y = 92 * u
        count = len(journey.PRICES)
        shop_w = min(SHOP_W * u, (w - (count + 1) * SHOP_GAP * u) / count)
        labels = [chapter_label(lv) for lv in journey.levels() if (lv.number - 1) % COLUMNS == 0]
        widest = max(label(t, 0, 0, (0, 0, 0), 11 * u).content_width for t in labels)
        map_left = 16 * u + widest + 12 * u
        rows = (len(journey.levels()) + COLUMNS - 1) // COLUMNS
        map_top = header - 10 * u
        row_step = (map_top - (shop_y + 60 * u)) / rows
        radius = min(NODE_RADIUS * u, row_step * 0.27, (w - 16 * u - map_left) / COLUMNS * 0.3)
        return Geometry(u, map_left, w - 16 * u, map_top, row_step, radius, shop_y, shop_w, header)

    def node_centre(self, number: int) -> tuple[float, float]:
        """The screen point of level `number`'s node: its place on the map (journey.map_place:
        rows of five, winding left and right); under each node its stars and its gravity."""
        g = self.geometry()
        row, col = journey.map_place(number)
        column = self.column_width()
        # The node sits in the upper part of its row: its stars and its words go under it.
        y = g.map_top - row * g.row_step - g.radius - 6 * g.scale
        return g.map_left + (col + 0.5) * column, y

    def column_width(self) -> float:
        g = self.geometry()
        return (g.map_right - g.map_left) / COLUMNS

    def level_at(self, x: float, y: float) -> int | None:
        reach = self.geometry().radius + 6
        for level in journey.levels():
            cx, cy = self.node_centre(level.number)
            if (x - cx) ** 2 + (y - cy) ** 2 <= reach**2:
                return level.number
        return None

    def shop_centre(self, i: int) -> tuple[float, float]:
        g = self.geometry()
        count = len(journey.PRICES)
        return self.window.width / 2 + (i - (count - 1) / 2) * (
            g.shop_w + SHOP_GAP * g.scale
        ), g.shop_y

    def power_up_at(self, x: float, y: float) -> str | None:
        g = self.geometry()
        for i, name in enumerate(journey.PRICES):
            cx, cy = self.shop_centre(i)
            if abs(x - cx) <= g.shop_w / 2 and abs(y - cy) <= SHOP_H * g.scale / 2:
                return name
        return None

    # Actions.

    def play(self, number: int) -> None:
        if not self.progress.is_unlocked(number):
            self.message = _("Level {number} is locked: clear level {before} first").format(
                number=number, before=number - 1
            )
            self.services.speech.say(self.message)
            return
        self.services.screens.start_game(journey.level(number).config())

    def buy(self, name: str) -> None:
        storage = self.services.storage
        progress = storage.load_journey()
        label, price = _(journey.POWER_UP_NAMES[name]), journey.PRICES[name]
        if progress.buy(name):
            storage.save_journey(progress)
            bought = ngettext(
                "Bought: {name}, for {price} star", "Bought: {name}, for {price} stars", price
            )
            self.message = bought.format(name=label, price=price)
        else:
            self.message = _("{name} costs {price} stars; you have {balance} to spend").format(
                name=label, price=price, balance=progress.balance
            )
        self.services.speech.say(self.message)
        self.progress = progress

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        number = self.level_at(x, y)
        if number is not None:
            self.play(number)
            return
        name = self.power_up_at(x, y)
        if name is not None:
            self.buy(name)

    def spoken_focus(self) -> str:
        """The focused level and its stars, as spoken feedback says them."""
        stars = self.progress.stars.get(self.focus, 0)
        said = ngettext("Level {level}, {stars} star", "Level {level}, {stars} stars", stars)
        return said.format(level=self.focus, stars=stars)

    def on_show_view(self) -> None:
        self.services.speech.say(spoken.screen(_("Journey"), self.spoken_focus()))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        enter = symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.SPACE)
        if symbol == arcade.key.TAB:
            self.tab(back=bool(modifiers & arcade.key.MOD_SHIFT))
        elif self.shop_focus is not None and symbol in ARROWS:
            self.shop_key(ARROWS[symbol])
        elif self.shop_focus is not None and enter:
            self.buy(list(journey.PRICES)[self.shop_focus])
        elif symbol in ARROWS:
            self.focus = journey.map_step(self.focus, ARROWS[symbol])
            self.speak_focus()
        elif enter:
            self.play(self.focus)
        elif arcade.key.KEY_1 <= symbol < arcade.key.KEY_1 + len(journey.PRICES):
            self.buy(list(journey.PRICES)[symbol - arcade.key.KEY_1])
        elif symbol == arcade.key.ESCAPE:
            self.services.screens.show_menu()

    def tab(self, back: bool) -> None:
        """The focus order: the map (its level in focus), then each power-up, then the map."""
        stops = [None, *range(len(journey.PRICES))]
        self.shop_focus = stops[(stops.index(self.shop_focus) + (-1 if back else 1)) % len(stops)]
        self.speak_focus()

    def shop_key(self, way: str) -> None:
        count = len(journey.PRICES)
        if way == "up" or self.shop_focus is None:
            self.shop_focus = None
        elif way in ("left", "right"):
            self.shop_focus = (self.shop_focus + (1 if way == "right" else -1)) % count
        self.speak_focus()

    def speak_focus(self) -> None:
        """The focus said as it moves: the level on the map, or the power-up in the shop."""
        if self.shop_focus is None:
            self.services.speech.say(self.spoken_focus())
            return
        name = list(journey.PRICES)[self.shop_focus]
        owned = self.progress.power_ups.get(name, 0)
        label = _(journey.POWER_UP_NAMES[name])
        self.services.speech.say(spoken.power_up(label, journey.PRICES[name], owned))

    # Drawing.

    def on_draw(self) -> None:
        palette = self.services.theme.palette
        self.clear(palette.background)
        w, h = self.window.width, self.window.height
        g = self.geometry()
        u = g.scale
        p = self.progress
        title = dict(anchor_x="center", anchor_y="top", bold=True)
        size = fitted(_("Journey"), 30 * u, w - 20 * u, 46 * u, bold=True)
        draw_label(_("Journey"), w / 2, h - 8 * u, palette.accent, size, **title)
        stars = _("Stars: {earned} earned, {spent} spent, {balance} to spend").format(
            earned=p.earned, spent=p.spent, balance=p.balance
        )
        size = fitted(stars, 14 * u, w - 20 * u, 24 * u)
        draw_label(stars, w / 2, h - 56 * u, palette.text, size, anchor_x="center", anchor_y="top")
        self.draw_path()
        for level in journey.levels():
            self.draw_node(level, g)
        self.draw_shop(g)
        if self.message:
            size = fitted(self.message, 13 * u, w - 20 * u)
            draw_label(self.message, w / 2, 36 * u, palette.accent, size, anchor_x="center")
        draw_keys(_(KEYS), w, 10 * u, u)

    def draw_path(self) -> None:
        """The path from each level to the next, in the colour of the later one (open or
        locked), under the nodes: straight along a row, and at a row's end the turn goes round
        the outside of the two nodes, clear of the stars and words under them."""
        width = 5 * self.geometry().scale
        for number in range(2, len(journey.levels()) + 1):
            colour = CLEARED if self.progress.is_unlocked(number) else LOCKED
            points = self.link_points(number - 1, number)
            for (x1, y1), (x2, y2) in itertools.pairwise(points):
                # Each leg a rectangle half the width past its ends, so that the legs meet
                # in square corners at the turn (a wide line leaves a notch there).
                half = width / 2
                left, right = min(x1, x2) - half, max(x1, x2) + half
                arcade.draw_lrbt_rectangle_filled(
                    left, right, min(y1, y2) - half, max(y1, y2) + half, colour
                )

    def link_points(self, before: int, after: int) -> list[tuple[float, float]]:
        """The path's legs from level `before`'s node to level `after`'s, as the points they
        join: the two centres along a row; at a turn, out of the side of the row's end node
        (past the stars and words under both nodes), down, and in again, so that no leg
        crosses what lies under a node."""
        start, end = self.node_centre(before), self.node_centre(after)
        if start[1] == end[1]:
            return [start, end]
        _row, col = journey.map_place(before)
        # The turn's side: the row ends at the map's right edge or at its left one. It goes
        # out past both nodes' stars and words, and within their column.
        outward = 1 if col == COLUMNS - 1 else -1
        u = self.geometry().scale
        clear = max(self.reach_under(before), self.reach_under(after)) + 10 * u
        x = start[0] + outward * min(clear, self.column_width() / 2 - 5 * u)
        return [start, (x, start[1]), (x, end[1]), end]

    def words_under(self, number: int, x: float, top: float) -> arcade.Text:
        """The words under level `number`'s node, centred on `x` below `top`: its gravity, or
        that it is locked."""
        if self.progress.is_unlocked(number):
            words, colour = shown(journey.level(number).gravity), self.services.theme.palette.text
        else:
            words, colour = _("locked"), LOCKED
        size = at_most(self.geometry().radius * 0.41, self.geometry().radius * 0.41)  # the node's
        return label(words, x, top, colour, size, anchor_x="center", anchor_y="top")

    def reach_under(self, number: int) -> float:
        """How far from its centre (either way) what lies under level `number`'s node reaches:
        its three stars, its words."""
        r = self.geometry().radius
        stars = r * STAR_SHARE * (STAR_STEP + 1)  # the outer star's centre and its radius
        words = self.words_under(number, 0, 0).content_width / 2
        return max(stars, words)

    def draw_node(self, level: journey.Level, g: Geometry) -> None:
        palette = self.services.theme.palette
        x, y = self.node_centre(level.number)
        r, u = g.radius, g.scale
        stars = self.progress.stars.get(level.number, 0)
        open_ = self.progress.is_unlocked(level.number)
        fill = CLEARED if stars else palette.accent if open_ else LOCKED
        if level.number == self.focus and self.shop_focus is None:
            arcade.draw_circle_filled(x, y, r + 6 * u, palette.cursor)
        arcade.draw_circle_filled(x, y, r, fill)
        arcade.draw_circle_outline(x, y, r, (0, 0, 0), 2 * u)
        text = (20, 20, 20) if open_ else (40, 40, 46)
        size = at_most(r * 0.68, r * 0.68)  # in its circle: as large as it fits already
        centred = dict(anchor_x="center", anchor_y="center")
        draw_label(str(level.number), x, y, text, size, bold=True, **centred)
        star = r * STAR_SHARE
        for i in range(3):
            colour = palette.accent if i < stars else EMPTY_STAR
            draw_star(x + (i - 1) * star * STAR_STEP, y - r - star * 1.4, star, colour)
        words = self.words_under(level.number, x, y - r - star * 2.8)
        words.draw()
        note(words)
        if (level.number - 1) % COLUMNS == 0:
            draw_label(chapter_label(level), 16 * u, y, palette.text, 11 * u, anchor_y="center")

    def draw_shop(self, g: Geometry) -> None:
        palette = self.services.theme.palette
        w, u = self.window.width, g.scale
        size = fitted(_(SHOP_NOTE), 12 * u, w - 20 * u)
        draw_label(_(SHOP_NOTE), w / 2, g.shop_y + 30 * u, palette.text, size, anchor_x="center")
        for i, name in enumerate(journey.PRICES):
            x, y = self.shop_centre(i)
            half_w, half_h = g.shop_w / 2, SHOP_H * u / 2
            box = (x - half_w, y - half_h, x + half_w, y + half_h)
            affordable = self.progress.balance >= journey.PRICES[name]
            if i == self.shop_focus:  # the focus: ringed as a level is
                ring = 3 * u
                arcade.draw_lrbt_rectangle_outline(
                    box[0] - ring,
                    box[2] + ring,
                    box[1] - ring,
                    box[3] + ring,
                    palette.cursor,
                    2 * ring,
                )
            arcade.draw_lrbt_rectangle_filled(box[0], box[2], box[1], box[3], (0, 0, 0, 150))
            edge = palette.accent if affordable else LOCKED
            arcade.draw_lrbt_rectangle_outline(box[0], box[2], box[1], box[3], edge, 2 * u)
            price = journey.PRICES[name]
            owned = self.progress.power_ups.get(name, 0)
            name_text = f"{i + 1}. {_(journey.POWER_UP_NAMES[name])}"
            price_text = ngettext(
                "{price} star   have {owned}", "{price} stars   have {owned}", price
            )
            price_text = price_text.format(price=price, owned=owned)
            room = g.shop_w - 12 * u
            with inside(*box):
                centred = dict(anchor_x="center", anchor_y="center")
                size = fitted(name_text, 12 * u, room, 18 * u, bold=True)
                draw_label(name_text, x, y + 9 * u, palette.text, size, bold=True, **centred)
                size = fitted(price_text, 11 * u, room, 18 * u)
                draw_label(price_text, x, y - 10 * u, edge, size, **centred)


def chapter_label(level: journey.Level) -> str:
    return _("Chapter {chapter}: {size}, {kinds} kinds").format(
        chapter=level.chapter, size=f"{level.rows}x{level.cols}", kinds=level.kinds
    )

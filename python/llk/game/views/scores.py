"""The high-score tables, one per board category (size, shape, gravity, time mode) and one
beside each for its assisted games, with the statistics of every game played. A score's deal
can be played again from its row (its share code): Up/Down choose it, Enter or a click plays."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import arcade

from ..i18n import _
from ..model import spoken
from ..model.config import GameConfig
from ..model.game_help import RULE_NAMES
from ..store.scores import ASSISTED
from .hud import clock
from .new_game import board_name, shown
from .text import (
    MONO,
    clipped,
    column_spans,
    draw_keys,
    draw_label,
    draw_row,
    fitted,
    label,
    note,
    ui_scale,
)
from .widgets import FOCUS_EDGE, FOCUS_FILL

if TYPE_CHECKING:
    from .services import Services

GOLD, GREY = (255, 210, 90), (220, 220, 220)  # the headings, the other lines
# The table's columns: rank, name, score, time and date; which are flush right (the numbers),
# the gap after each (in points of the table's text), and how many columns a name keeps (a
# Chinese character takes two).
FLUSH_RIGHT = (True, False, True, True, False)
GAPS = (0.6, 1.2, 1.2, 2.0)
NAME_COLUMNS = 16
FIT_TRIES = 3
TOP = {"anchor_x": "center", "anchor_y": "top"}  # the title and the table's caption


def in_reading_order(category: str) -> list[tuple[int, int | str]]:
    """A sort key that reads the numbers in a name as numbers: "journey 2" before
    "journey 10", "9x16" before "12x24"."""
    return [
        (0, int(part)) if part.isdigit() else (1, part)
        for part in re.split(r"(\d+)", category)
        if part
    ]


class ScoresView(arcade.View):
    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        self.tables = services.storage.load_scores()
        self.stats = services.storage.load_stats()
        self.categories = sorted(self.tables, key=in_reading_order)
        self.page = 0
        self.focus = 0  # the row whose deal Enter plays
        self.rows_at: list[tuple[float, float]] = []  # each row's bottom and top, as drawn

    @property
    def entries(self) -> list[dict[str, Any]]:
        return self.tables[self.categories[self.page]] if self.categories else []

    def spoken_focus(self) -> str:
        """The table shown and its focused score, as spoken feedback says them."""
        if not self.categories:
            return _("No games won yet")
        entry = self.entries[self.focus]
        score = spoken.row(str(entry.get("name", "-")), str(entry["score"]))
        return _("{table}. {place}. {score}").format(
            table=table_title(self.categories[self.page]), place=self.focus + 1, score=score
        )

    def on_show_view(self) -> None:
        self.services.speech.say(spoken.screen(_("High scores"), self.spoken_focus()))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        tables = (arcade.key.LEFT, arcade.key.RIGHT, arcade.key.TAB)
        if symbol in tables and self.categories:
            back = symbol == arcade.key.LEFT or modifiers & arcade.key.MOD_SHIFT
            step = -1 if back else 1
            self.page = (self.page + step) % len(self.categories)
            self.focus = 0
            self.services.speech.say(self.spoken_focus())
        elif symbol in (arcade.key.UP, arcade.key.DOWN) and self.entries:
            step = 1 if symbol == arcade.key.DOWN else -1
            self.focus = (self.focus + step) % len(self.entries)
            self.services.speech.say(self.spoken_focus())
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN) and self.entries:
            self.replay(self.focus)
        elif symbol in (arcade.key.ESCAPE, arcade.key.ENTER, arcade.key.RETURN):
            self.services.screens.show_menu()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        row = next((i for i, (b, t) in enumerate(self.rows_at) if b <= y <= t), None)
        if row is None:
            self.services.screens.show_menu()
        else:
            self.replay(row)

    def replay(self, row: int) -> None:
        """Plays the deal of the score at `row` again, as a free game (its share code)."""
        code = self.entries[row].get("code")
        if code:
            self.services.screens.start_game(GameConfig(code=code))

    def statistics_lines(self) -> list[str]:
        s = self.stats
        rate = f"{100 * s['won'] / s['played']:.0f}%" if s["played"] else "-"
        lines = [
            _("Games played {played}   won {won}   win rate {rate}").format(
                played=s["played"], won=s["won"], rate=rate
            ),
            _("Streak {streak}   best streak {best}").format(
                streak=s["streak"], best=s["best_streak"]
            ),
        ]
        category = self.categories[self.page] if self.categories else None
        if category is not None:
            board = category.removesuffix(ASSISTED)
            best = s["best_times"].get(board)
            shown = clock(best) if best is not None else "-"
            lines.append(_("Best time on this board {time}").format(time=shown))
        return lines

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        u = ui_scale(self.window)
        title = label(_("High scores"), w / 2, h - 10 * u, GOLD, 32 * u, bold=True, **TOP)
        title.draw()
        note(title)
        # The statistics at the foot, the table between them and the title.
        table_bottom = self.draw_statistics(u)
        keys = _(
            "Left/Right or Tab: a table   Up/Down, Enter or a click: play a score's deal   "
            "Esc: menu"
        )
        draw_keys(keys, w, 6 * u, u)
        if not self.categories:
            draw_label(
                _("No games won yet"), w / 2, h * 0.6, (230, 230, 230), 18 * u, anchor_x="center"
            )
            return
        category = self.categories[self.page]
        below_title = h - 10 * u - title.content_height - 6 * u
        line = _("{table}   ({page}/{pages}, Left/Right)").format(
            table=table_title(category), page=self.page + 1, pages=len(self.categories)
        )
        caption = label(line, w / 2, below_title, GREY, fitted(line, 15 * u, w - 20 * u), **TOP)
        caption.draw()
        note(caption)
        table_top = below_title - caption.content_height - 12 * u
        self.draw_table(self.tables[category], table_top, table_bottom, u)

    def draw_statistics(self, u: float) -> float:
        """Draws the statistics' lines at the foot of the screen and their heading above them
        (`u`: the screen's scale); the height above which the table may be drawn."""
        w = self.window.width
        y = 30 * u
        for line in reversed(self.statistics_lines()):
            size = fitted(line, 14 * u, w - 20 * u)
            drawn = label(line, w / 2, y, GREY, size, anchor_x="center", anchor_y="bottom")
            drawn.draw()
            note(drawn)
            y += drawn.content_height + 4 * u
        heading = label(
            _("Statistics"),
            w / 2,
            y + 4 * u,
            GOLD,
            16 * u,
            anchor_x="center",
            anchor_y="bottom",
            bold=True,
        )
        heading.draw()
        note(heading)
        return y + heading.content_height + 16 * u

    def draw_table(
        self, entries: list[dict[str, Any]], top: float, bottom: float, u: float
    ) -> None:
        """Draws a table's header and its rows of `entries` between `top` and `bottom`, in one
        size that fits them all, in columns measured as drawn (text.column_spans), the row in
        focus lit; notes where each row is (`rows_at`) for the mouse."""
        w = self.window.width
        header = ("", _("Name"), _("Score"), _("Time"), _("Date"))
        lines = [
            (
                f"{i + 1}.",
                clipped(str(entry.get("name", "-")), NAME_COLUMNS),
                str(entry["score"]),
                clock(entry.get("seconds", 0)),
                str(entry.get("when", "")),
            )
            for i, entry in enumerate(entries)
        ]
        row = min(28 * u, (top - bottom) / (len(lines) + 1))
        size = min(15 * u, row / 1.5)
        for _try in range(FIT_TRIES):  # widths are not exactly proportional to sizes
            cells = [table_cells(header, GOLD, size)]
            cells += [table_cells(line, (235, 235, 235), size) for line in lines]
            spans = column_spans(cells, [gap * size for gap in GAPS])
            width = spans[-1][1]
            tall = max(cell.content_height for line_cells in cells for cell in line_cells)
            if (width <= w - 40 * u and tall < row) or size <= 1:
                break  # the text size grows the rows' text up to the rows' pitch, no further
            size = max(1.0, size * min((w - 40 * u) / width, (row - 1) / tall) * 0.98)
        left = round(w / 2 - width / 2)
        draw_row(cells[0], spans, FLUSH_RIGHT, left, top)
        self.rows_at = []
        for i, line_cells in enumerate(cells[1:]):
            y = top - row * (i + 1)
            self.rows_at.append((y - row, y))
            if i == self.focus:
                box = (left - 8 * u, left + width + 8 * u, y - row, y)
                arcade.draw_lrbt_rectangle_filled(*box, FOCUS_FILL)
                arcade.draw_lrbt_rectangle_outline(*box, FOCUS_EDGE, max(1.0, 2 * u))
            draw_row(line_cells, spans, FLUSH_RIGHT, left, y)


def table_cells(
    line: tuple[str, ...], colour: tuple[int, int, int], size: float
) -> list[arcade.Text]:
    """A row's cells laid out (not drawn yet) in the table's monospaced font (a Chinese name in
    a CJK one: text.with_font_for)."""
    return [label(cell, 0, 0, colour, size, font_name=MONO, anchor_y="top") for cell in line]


def board_title(size: str, shape: str) -> str:
    """A table's board as a player reads it: "9x16 board" for a full one, "13x18 heart" for a
    built-in layout (its name translated), and a layout's name alone where it says the size
    already ("10x10", "margin 14x14")."""
    if shape == "full":
        return _("{size} board").format(size=size)
    named = board_name(shape)
    return named if size in named else f"{size} {named}"


def table_title(category: str) -> str:
    """A table's name as a player reads it: "6x14 full gravity=down countdown hard" is
    "6x14 board, gravity down, countdown, hard"; "journey 7" is "Journey level 7"."""
    assisted = category.endswith(ASSISTED)
    name = category.removesuffix(ASSISTED)
    kind, _space, rest = name.partition(" ")
    if kind == "journey":
        title = _("Journey level {level}").format(level=rest)
    elif kind == "daily":
        title = _("Daily puzzle {day}").format(day=rest)
    else:
        words = name.split()
        parts = [board_title(words[0], words[1] if len(words) > 1 else "full")]
        for word in words[2:]:
            if word.startswith("gravity="):
                gravity = word.removeprefix("gravity=")
                said = _("no gravity") if gravity == "none" else _("gravity {way}")
                parts.append(said.format(way=shown(gravity)))
            elif word in RULE_NAMES:  # the tile mix and rule variants
                parts.append(_(RULE_NAMES[word]))
            else:
                parts.append(shown(word))
        title = _(", ").join(parts)
    return _("{table}, assisted games").format(table=title) if assisted else title

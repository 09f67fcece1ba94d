"""The high-score tables, one per board category (size, shape, gravity, time mode) and one
beside each for its assisted games, with the statistics of every game played."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import arcade

from .hud import clock
from .text import draw_label

if TYPE_CHECKING:
    from .services import Services

MONO = ("Courier New", "DejaVu Sans Mono", "monospace")


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

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (arcade.key.LEFT, arcade.key.RIGHT) and self.categories:
            self.page = (self.page + (1 if symbol == arcade.key.RIGHT else -1)) % len(
                self.categories
            )
        elif symbol in (arcade.key.ESCAPE, arcade.key.ENTER, arcade.key.RETURN):
            self.services.screens.show_menu()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.services.screens.show_menu()

    def statistics_lines(self) -> list[str]:
        s = self.stats
        rate = f"{100 * s['won'] / s['played']:.0f}%" if s["played"] else "-"
        lines = [
            f"Games played {s['played']}   won {s['won']}   win rate {rate}",
            f"Streak {s['streak']}   best streak {s['best_streak']}",
        ]
        category = self.categories[self.page] if self.categories else None
        if category is not None:
            board = category.removesuffix(" (assisted)")
            best = s["best_times"].get(board)
            lines.append(f"Best time on this board {clock(best) if best is not None else '-'}")
        return lines

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        draw_label("High scores", w / 2, h * 0.9, (255, 210, 90), 36, anchor_x="center", bold=True)
        if not self.categories:
            draw_label("No games won yet", w / 2, h * 0.7, (230, 230, 230), 18, anchor_x="center")
        else:
            category = self.categories[self.page]
            draw_label(
                f"{category}   ({self.page + 1}/{len(self.categories)}, Left/Right)",
                w / 2,
                h * 0.82,
                (220, 220, 220),
                15,
                anchor_x="center",
            )
            header = f"{'':>3} {'Name':<16} {'Score':>7} {'Time':>7}   Date"
            draw_label(header, w / 2 - 300, h * 0.76, (255, 210, 90), 15, font_name=MONO)
            for i, entry in enumerate(self.tables[category]):
                line = (
                    f"{i + 1:>2}. {entry.get('name', '-'):<16} {entry['score']:>7} "
                    f"{clock(entry.get('seconds', 0)):>7}   {entry.get('when', '')}"
                )
                draw_label(
                    line, w / 2 - 300, h * 0.71 - 28 * i, (235, 235, 235), 15, font_name=MONO
                )
        draw_label("Statistics", w / 2, 150, (255, 210, 90), 18, anchor_x="center", bold=True)
        for i, line in enumerate(self.statistics_lines()):
            draw_label(line, w / 2, 120 - 24 * i, (220, 220, 220), 15, anchor_x="center")
        draw_label("Esc: menu", w / 2, 14, (170, 170, 170), 12, anchor_x="center")

"""The high-score tables, one per board category."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from ..hud import clock
from .text import draw_label

if TYPE_CHECKING:
    from ..services import Services


class ScoresView(arcade.View):
    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        self.tables = services.storage.load_scores()
        self.categories = sorted(self.tables)
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

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        draw_label("High scores", w / 2, h * 0.88, (255, 210, 90), 36, anchor_x="center", bold=True)
        if not self.categories:
            draw_label("No games won yet", w / 2, h / 2, (230, 230, 230), 18, anchor_x="center")
        else:
            category = self.categories[self.page]
            draw_label(
                f"{category}   ({self.page + 1}/{len(self.categories)}, Left/Right)",
                w / 2,
                h * 0.8,
                (220, 220, 220),
                15,
                anchor_x="center",
            )
            for i, entry in enumerate(self.tables[category]):
                mark = "  assisted" if entry.get("assisted") else ""
                line = (
                    f"{i + 1:>2}. {entry['score']:>7}   {clock(entry.get('seconds', 0)):>6}"
                    f"   {entry.get('when', '')}{mark}"
                )
                draw_label(
                    line,
                    w / 2 - 260,
                    h * 0.72 - 30 * i,
                    (235, 235, 235),
                    15,
                    font_name=("Courier New", "DejaVu Sans Mono", "monospace"),
                )
        draw_label("Esc: menu", w / 2, 20, (170, 170, 170), 12, anchor_x="center")

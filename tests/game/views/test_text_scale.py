"""The text size (issue 39, item 4), with real events: the settings row saves it and every
text is drawn larger at once, the HUD's too (its bar grows with it); a text with a box of its
own grows no further than the box.
(tests/game/test_layouts.py holds every screen to its window at the largest size.)"""

from __future__ import annotations

import arcade
import pytest

from llk.game.model.config import GameConfig
from llk.game.store.settings import TEXT_SCALES
from llk.game.store.storage import Storage
from llk.game.views.hud import hud_height
from llk.game.views.text import at_most, fitted, label, measured, text_scale, use_text_scale

from ..helpers import frame, key, start


def height(text: str, size: float) -> float:
    return label(text, 0, 0, (255, 255, 255), size).content_height


def drawn_height(view, text: str) -> float:
    """How tall `text` is as the view draws it now."""
    with measured() as drawn:
        view.on_draw()
    _left, bottom, _right, top = next(d.extent for d in drawn if d.text == text)
    return top - bottom


def test_a_label_is_drawn_taller_at_150_percent(window):
    plain = height("Score 120", 20)
    use_text_scale(1.5)
    assert height("Score 120", 20) == pytest.approx(1.5 * plain, rel=0.1)
    use_text_scale(1.0)
    assert height("Score 120", 20) == plain


def test_a_text_in_a_box_grows_only_up_to_the_box(window):
    use_text_scale(2.0)
    assert at_most(16, 24) == 12  # drawn at 24 points, the cap, not 32
    size = fitted("Tiles left 60", 20, 10_000, 30)
    assert height("Tiles left 60", size) <= 30 < height("Tiles left 60", 20)
    with pytest.raises(ValueError, match="text scale"):
        use_text_scale(0)


def test_the_settings_row_saves_the_size_and_the_screen_is_redrawn_larger(window):
    window.show_settings()
    view = window.current_view
    view.options.focus = view.options.rows.index(view.text_scale)
    assert view.text_scale.shown() == "100%"
    before = drawn_height(view, "Settings")
    key(window, arcade.key.RIGHT)  # 100% -> 125%
    key(window, arcade.key.RIGHT)  # -> 150%
    assert window.settings.text_scale == text_scale() == TEXT_SCALES[2] == 1.5
    assert Storage(window.storage.root).load_settings().text_scale == 1.5
    assert view.text_scale.shown() == "150%"
    assert drawn_height(view, "Settings") > 1.3 * before  # the title, the next frame


def test_the_huds_lines_and_bar_grow_with_the_text_size(window):
    view = start(window, GameConfig(rows=4, cols=6, kinds=3))
    frame(window)
    stats, bar = view.hud.stats.content_height, hud_height(window)
    use_text_scale(1.5)
    frame(window)
    assert view.hud.stats.content_height > 1.3 * stats
    assert hud_height(window) == pytest.approx(1.5 * bar)
    for line in (view.hud.stats, view.hud.code):  # in the bar, the one under the other
        assert window.height - hud_height(window) <= line.bottom < line.top <= window.height
    assert view.hud.code.top <= view.hud.stats.bottom

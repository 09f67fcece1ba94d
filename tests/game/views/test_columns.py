"""Issue 38, item 4: the screens' columns stay in step whatever the script. The score table with
names in Latin letters, Chinese, Korean and Japanese, and the help's table of keys, in English
and in Chinese, are drawn, and where each cell was drawn is measured: each column's left edges
(its right edges where it holds numbers) are on one pixel down the rows, and no column runs into
the next. A cell is found in whatever text drew it (a text of its own, or a piece of a line), so
that a table drawn as lines padded with spaces is measured too: a Chinese character is neither
as wide as a Latin letter nor exactly two of them in any font installed (WenQuanYi Micro Hei
Mono at 13 points: 17 and 10 pixels), so such lines are ragged."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

import arcade
import pytest

from llk.game.views.covers import HelpView
from llk.game.views.hud import clock
from llk.game.views.keymap import key_rows
from llk.game.views.scores import ScoresView
from llk.game.views.text import (
    CJK_FONTS,
    CJK_MONO_FONTS,
    MONO,
    clipped,
    use_language,
    with_font_for,
)

from ..helpers import frame, key, start
from .test_language import choose_language

NAMES = [
    "张伟",
    "Ada Lovelace",
    "李小龙",
    "김민준",
    "Grace Hopper",
    "Zoë",
    "x",
    "田中さくら",
    "Li Wei 李伟",
    "WWWWWWWWWWWWWWWW",  # 16 of the widest Latin letter: the longest name kept
]


@pytest.fixture(params=["en", "zh_CN"])
def language(request, window):
    """The game in `request.param`, chosen in the settings with real keys (English again after)."""
    window.show_settings()
    frame(window)
    try:
        choose_language(window, request.param)
        yield request.param
    finally:
        use_language("en")


@dataclass(frozen=True)
class Shown:
    """A text as it was drawn: its words, where it began, its line's top, and its font."""

    text: str
    left: float
    top: float
    style: dict[str, Any]

    def width(self, words: str) -> int:
        """How wide `words` are laid out in this text's font."""
        return arcade.Text(words, 0, 0, (255, 255, 255), **self.style).content_width


@pytest.fixture
def shown(monkeypatch) -> list[Shown]:
    """Every text drawn from now on, noted as arcade.Text draws it."""
    texts: list[Shown] = []
    draw = arcade.Text.draw

    def noting(text: arcade.Text) -> None:
        style = {"font_size": text.font_size, "font_name": text.font_name, "bold": text.bold}
        texts.append(Shown(text.text, text.left, text.top, style))
        draw(text)

    monkeypatch.setattr(arcade.Text, "draw", noting)
    return texts


@dataclass(frozen=True)
class Cell:
    text: str
    left: float
    right: float
    top: float


def the_cell(shown: list[Shown], words: str, over: int = 0) -> Cell:
    """Where `words` were drawn: in the one text that has them between spaces (or its ends),
    among the texts drawn from the `over`-th on, from that text's left plus the width of what
    comes before them in its font."""
    pattern = re.compile(rf"(?:^|(?<= )){re.escape(words)}(?= |$)")
    found = [(s, m) for s in shown[over:] for m in pattern.finditer(s.text)]
    assert len(found) == 1, f"{words!r} drawn {len(found)} times"
    text, match = found[0]
    right = text.left + text.width(text.text[: match.end()])
    return Cell(words, right - text.width(words), right, text.top)


def assert_in_step(column: list[Cell], edge: str, what: str) -> None:
    """The cells of a column have their left (`edge`) or right edge on one pixel."""
    edges = [round(getattr(c, edge)) for c in column]
    assert max(edges) - min(edges) <= 1, f"{what} ragged: " + ", ".join(
        f"{c.text!r} at {e}" for c, e in zip(column, edges, strict=True)
    )


def assert_apart(left_column: list[Cell], right_column: list[Cell], what: str) -> None:
    """Every cell of `left_column` ends before any of `right_column` begins."""
    ends = max(c.right for c in left_column)
    starts = min(c.left for c in right_column)
    assert ends < starts, f"{what}: a cell ends at {ends}, the next column starts at {starts}"


def test_the_score_table_s_columns_line_up_in_any_script(window, language, shown):
    for i, name in enumerate(NAMES):
        entry = {"name": name, "score": 98765 - 7919 * i, "seconds": 61.0 + 577 * i}
        window.storage.add_score("9x16 full", {**entry, "when": f"2026-12-{i + 10}"})
    key(window, arcade.key.ESCAPE)  # the settings, to the menu
    window.show_scores()
    assert isinstance(window.current_view, ScoresView)
    frame(window)
    table = window.storage.load_scores()["9x16 full"]
    assert [e["name"] for e in table] == NAMES
    ranks = [the_cell(shown, f"{i + 1}.") for i in range(len(table))]
    names = [the_cell(shown, e["name"]) for e in table]
    scores = [the_cell(shown, str(e["score"])) for e in table]
    times = [the_cell(shown, clock(e["seconds"])) for e in table]
    dates = [the_cell(shown, e["when"]) for e in table]
    assert_in_step(ranks, "right", "the ranks' right edges")
    assert_in_step(names, "left", "the names' left edges")
    assert_in_step(scores, "right", "the scores' right edges")
    assert_in_step(times, "right", "the times' right edges")
    assert_in_step(dates, "left", "the dates' left edges")
    columns = [ranks, names, scores, times, dates]
    for before, after in itertools.pairwise(columns):
        assert_apart(before, after, f"{before[0].text!r}'s column runs into {after[0].text!r}'s")
    for row in zip(*columns, strict=True):
        tops = [round(c.top) for c in row]
        assert max(tops) - min(tops) <= 1, f"the row of {row[1].text!r} is not one line: {tops}"


def test_the_help_s_keys_and_what_they_do_line_up(window, language, shown):
    start(window)
    key(window, arcade.key.F1)
    assert isinstance(window.current_view, HelpView)
    shown.clear()
    frame(window)
    # The keys' table comes after the help's lines (which name keys too, as does the HUD
    # under the help).
    last_line = window.current_view.prose()[-1]
    over = next(i for i, s in enumerate(shown) if s.text == last_line) + 1
    rows = key_rows(window.current_view.about)
    keys = [the_cell(shown, keys, over) for keys, _what in rows]
    doing = [the_cell(shown, what, over) for _keys, what in rows]
    if language == "zh_CN":
        assert all(re.search("[\u4e00-\u9fff]", c.text) for c in doing)
    assert_in_step(keys, "left", "the keys' left edges")
    assert_in_step(doing, "left", "the left edges of what the keys do")
    assert_apart(keys, doing, "a key runs into what it does")


def test_a_name_is_cut_by_the_columns_it_takes():
    assert clipped("王小明明明明明明明明明明", 16) == "王小明明明明明明"  # 8 wide: 16
    assert clipped("W" * 20, 16) == "W" * 16
    assert clipped("ab张c", 3) == "ab"  # 张 would make 4
    assert clipped("Zoë", 16) == "Zoë"


def test_chinese_in_a_monospaced_style_asks_for_a_monospaced_cjk_font():
    """Whether the style names the monospaced Latin fonts or the CJK ones already (the score
    table used to pass the latter, and its Chinese rows got the proportional font)."""
    for style in ({"font_name": MONO}, {"font_name": CJK_MONO_FONTS}):
        assert with_font_for("张伟", style)["font_name"] == CJK_MONO_FONTS
        assert with_font_for("Ada", style) == style
    assert with_font_for("张伟", {})["font_name"] == CJK_FONTS

"""Issue 24, screens at every size: every screen of the game (game/tour.py) is drawn in a real
window of 800x600, 1280x800, 1920x1080 and 3840x2160, and every text it draws is held to the
window, to the box it was drawn in (a dialog, a shop button), and to every other text: none
may stick out or overlap another. In both languages (issue 28): English and Simplified Chinese.
And with the largest text size (issue 39, item 4) at 800x600 and 1920x1080: the text grows where
there is room, and never past its window, its box or the text beside it.

A headless window cannot change its size, so each size is a window of its own, in a process of
its own (pyglet keeps one GL context a process).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from llk.game.store.settings import TEXT_SCALES

SIZES = ["800x600", "1280x800", "1920x1080", "3840x2160"]
LARGE_TEXT_SIZES = ["800x600", "1920x1080"]  # the smallest window and the common one
LANGUAGES = ["en", "zh_CN"]
SLACK = 1.0  # pixels: a glyph's bearing may reach a pixel past its box

CHECK = textwrap.dedent(
    """
    import json, os, sys, tempfile
    os.environ["ARCADE_HEADLESS"] = "1"
    os.environ["LLK_DATA_DIR"] = tempfile.mkdtemp()
    import pyglet
    pyglet.options["audio"] = ("silent",)
    from llk.game.app import GameWindow
    from llk.game.tour import every_screen
    from llk.game.views.text import measured, use_language, use_text_scale

    width, height = (int(v) for v in sys.argv[1].split("x"))
    window = GameWindow(width, height, visible=False)
    window.settings.sound = window.settings.music = False
    window.settings.language = sys.argv[2]
    assert use_language(sys.argv[2]) is None, "no font for " + sys.argv[2]
    window.settings.text_scale = float(sys.argv[3])
    use_text_scale(window.settings.text_scale)
    screens = {}
    for name in every_screen(window):
        view = window.current_view
        view.on_update(1 / 60)
        with measured() as drawn:
            view.on_draw()
        screens[name] = [[d.text, d.extent, d.box] for d in drawn]
    print(json.dumps(screens))
    """
)


def problems(drawn: list, width: int, height: int) -> list[str]:
    """What is wrong with a screen's texts: off the window, out of its box, over another."""
    found = []
    for text, (left, bottom, right, top), box in drawn:
        if left < -SLACK or bottom < -SLACK or right > width + SLACK or top > height + SLACK:
            found.append(f"off the window: {text!r}")
        if box is not None:
            b_left, b_bottom, b_right, b_top = box
            outside = (
                left < b_left - SLACK
                or bottom < b_bottom - SLACK
                or right > b_right + SLACK
                or top > b_top + SLACK
            )
            if outside:
                found.append(f"out of its box: {text!r}")
    for i, (text, (l1, b1, r1, t1), _) in enumerate(drawn):
        for other, (l2, b2, r2, t2), _ in drawn[i + 1 :]:
            if min(r1, r2) - max(l1, l2) > SLACK and min(t1, t2) - max(b1, b2) > SLACK:
                found.append(f"{text!r} over {other!r}")
    return found


@pytest.fixture(
    scope="module",
    params=[(size, language, 1.0) for language in LANGUAGES for size in SIZES]
    + [(size, language, max(TEXT_SCALES)) for language in LANGUAGES for size in LARGE_TEXT_SIZES],
    ids=lambda p: f"{p[0]}-{p[1]}" + (f"-text{round(100 * p[2])}" if p[2] != 1 else ""),
)
def screens(request) -> tuple[str, dict]:
    size, language, text_scale = request.param
    done = subprocess.run(
        [sys.executable, "-c", CHECK, size, language, str(text_scale)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "ARCADE_HEADLESS": "1"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    drawn = json.loads(done.stdout.splitlines()[-1])
    if language == "zh_CN":  # the screens are in Chinese indeed
        assert any("设置" in text for text, _, _ in drawn["settings"])
    return size, drawn


def test_every_text_of_every_screen_fits_its_window_and_box(screens):
    size, drawn = screens
    width, height = (int(v) for v in size.split("x"))
    assert len(drawn) == 21, sorted(drawn)  # every screen of the tour was drawn
    found = {name: problems(texts, width, height) for name, texts in drawn.items()}
    assert {name: p for name, p in found.items() if p} == {}


def test_the_check_sees_a_text_off_its_window_out_of_its_box_or_over_another():
    drawn = [
        ["inside", [10, 10, 50, 20], None],
        ["off", [790, 10, 810, 20], None],
        ["out", [10, 100, 90, 120], [0, 100, 80, 130]],
        ["over", [40, 15, 60, 25], None],
    ]
    assert problems(drawn, 800, 600) == [
        "off the window: 'off'",
        "out of its box: 'out'",
        "'inside' over 'over'",
    ]

"""Combo pop-ups cost a frame a few draws however many are shown (issue 42, item 2): their
texts are batched, laid out once when they come, and only moved and faded after that."""

from __future__ import annotations

import arcade
import numpy as np
import pyglet

from llk.game.views.popups import KEPT, PARKED, RING, SHADOW, SPARE, Popups, combo_text

from ..helpers import start


class Counted:
    """Counts the calls of a method, and calls it."""

    def __init__(self, monkeypatch, owner: type, name: str) -> None:
        self.calls = 0
        method = getattr(owner, name)

        def counted(*args, **kwargs):
            self.calls += 1
            return method(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)


class LaidOut:
    """Counts the texts laid out: pyglet's TextLayout._update while its updates are on (it is
    called, and returns at once, for each change between begin_update and end_update)."""

    def __init__(self, monkeypatch) -> None:
        self.calls = 0
        update = pyglet.text.layout.TextLayout._update

        def counted(layout) -> None:
            self.calls += layout._update_enabled
            update(layout)

        monkeypatch.setattr(pyglet.text.layout.TextLayout, "_update", counted)


def eight_pop_ups(window) -> Popups:
    popups = Popups((250, 200, 60))
    room = (0.0, 0.0, float(window.width), float(window.height))
    for combo in range(1, KEPT + 1):
        middle = (window.width / 2, window.height / 2)
        popups.add(combo_text(combo), (*middle, middle[0] + 40, middle[1] + 40), room)
    return popups


def draw(window, popups: Popups) -> None:
    window.clear()
    with arcade.camera.Camera2D().activate():
        popups.draw()


def test_eight_pop_ups_are_drawn_in_nine_draws_not_nine_each(window, monkeypatch):
    start(window)
    popups = eight_pop_ups(window)
    assert len(popups.shown) == KEPT
    # Each draw of text sets its state up once (arcade's group for text, in every batch).
    draws = Counted(monkeypatch, pyglet.text.layout.TextLayout.group_class, "set_state")
    draw(window, popups)
    assert draws.calls == len(RING) + 1  # the ring's offsets, then the letters


def test_a_frame_of_pop_ups_lays_out_no_text(window, monkeypatch):
    start(window)
    popups = eight_pop_ups(window)
    layouts = LaidOut(monkeypatch)
    made = Counted(monkeypatch, arcade.Text, "__init__")
    for _ in range(5):
        popups.update(1 / 60)
        draw(window, popups)
    assert (layouts.calls, made.calls) == (0, 0)


def test_the_ring_is_drawn_round_the_letters(window):
    """The dark ring is the shadow drawn at each of RING's offsets: its pixels lie beside the
    letters, not only under them."""
    start(window)
    popups = Popups((250, 200, 60))
    room = (0.0, 0.0, float(window.width), float(window.height))
    popups.add(combo_text(1), (600, 300, 640, 340), room)
    draw(window, popups)
    window.ctx.finish()
    image = np.asarray(arcade.get_image().convert("RGB"), dtype=np.int32)
    dark = np.all(np.abs(image - np.array(SHADOW)) < 40, axis=2)
    letters = np.all(np.abs(image - np.array((250, 200, 60))) < 40, axis=2)
    assert letters.sum() > 50
    assert dark.sum() > letters.sum() / 2, (dark.sum(), letters.sum())


def test_a_pop_up_saying_again_what_a_gone_one_said_is_not_laid_out_again(window, monkeypatch):
    start(window)
    popups = eight_pop_ups(window)
    popups.update(1.0)  # all gone
    layouts = LaidOut(monkeypatch)
    made = Counted(monkeypatch, arcade.Text, "__init__")
    popups.add(combo_text(1), (600, 300, 640, 340), (0.0, 0.0, 1280.0, 800.0))
    draw(window, popups)
    assert [p.label.text for p in popups.shown] == [combo_text(1)]
    assert (layouts.calls, made.calls) == (0, 0)


def test_spares_off_the_screen_and_the_oldest_out_of_the_batches(window):
    """A gone pop-up's texts wait off the screen; past SPARE of them, the oldest leave the
    batches (pyglet's vertex lists: left in, the batches would grow and be drawn on)."""
    start(window)
    popups = Popups((250, 200, 60))
    room = (0.0, 0.0, 1280.0, 800.0)
    gone = []
    for combo in range(1, SPARE + 3):
        popups.add(combo_text(combo), (600, 300, 640, 340), room)
        gone += popups.shown
        popups.update(1.0)
    assert not popups.shown and len(popups.spare) == SPARE
    for popup in gone[:2]:
        assert not popup.label.label._vertex_lists and not popup.shadow.label._vertex_lists
    for popup in gone[2:]:
        assert popup.label.position == popup.shadow.position == PARKED
        assert popup.label.label._vertex_lists

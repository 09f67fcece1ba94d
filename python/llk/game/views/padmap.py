"""The gamepad's button map: which button, stick or trigger does what, on the play screen and
on every other screen. One table, so that the gamepad (gamepad.py) dispatches through it and
the help and the docs (docs/playing.md, "Gamepad") list exactly what works.

On the play screen a control asks for an action of the key table (keymap.py: the same names,
so a button does exactly what its key does: the shoulders zoom as + and - do). On every other
screen it is a key (the arrows, Enter, Esc, P), so that each screen's own key handling serves
the gamepad too.
The controls are named as pyglet's `Controller` names them (an Xbox pad's layout: A is the
bottom face button, whatever is printed on it).
"""

from __future__ import annotations

from typing import NamedTuple

from arcade import key

from ..i18n import N_, _

WAYS = ("up", "down", "left", "right")
ARROW_KEYS = {"up": key.UP, "down": key.DOWN, "left": key.LEFT, "right": key.RIGHT}


class PadControl(NamedTuple):
    """A control of the pad and what it does. `control`: pyglet's name (a button's, a stick's
    or "dpad", a trigger's); `name`: as the docs and the help print it; `play`: the play
    screen's action (keymap's name; a stick's or the d-pad's way is added: "cursor up"), or
    None; `key`: the key it is on every other screen (a direction: the arrows), or None;
    `short`: its word in the help's line ("" for none); `playing` and `elsewhere`: what it
    does there, for the docs."""

    control: str
    name: str
    play: str | None
    key: int | None
    short: str
    playing: str
    elsewhere: str


ARROWS = -1  # a direction's `key`: the arrow of its way

# The directions: held past the dead zone, each repeats (gamepad.py).
MOTIONS = [
    PadControl(
        "dpad", "D-pad", "cursor", ARROWS, "",
        N_("move the cursor (held: it repeats)"), N_("move the focus (the arrows)"),
    ),
    PadControl(
        "leftstick", "Left stick", "cursor", ARROWS, "",
        N_("move the cursor, as the d-pad"), N_("move the focus, as the d-pad"),
    ),
    PadControl(
        "rightstick", "Right stick", "pan", None, "",
        N_("pan the board"), "",
    ),
]  # fmt: skip

# The buttons, and the triggers pulled past half way.
BUTTONS = [
    PadControl(
        "a", "A", "select", key.ENTER, N_("select"),
        N_("select the tile under the cursor"), N_("choose, yes, start (Enter)"),
    ),
    PadControl(
        "b", "B", "undo", key.ESCAPE, N_("undo"),
        N_("undo"), N_("back, no, cancel (Esc)"),
    ),
    PadControl("x", "X", "hint", None, N_("hint"), N_("hint (again: the next one outward)"), ""),
    PadControl("y", "Y", "shuffle", None, N_("shuffle"), N_("shuffle the tiles (limited)"), ""),
    PadControl(
        "start", "Start", "pause", key.P, N_("pause"),
        N_("pause"), N_("resume the paused game (P)"),
    ),
    PadControl(
        "back", "Back", "menu", key.ESCAPE, "",
        N_("back to the menu (the game is saved)"), N_("back (Esc)"),
    ),
    PadControl("leftshoulder", "LB", "zoom_out", None, N_("zoom out"), N_("zoom out"), ""),
    PadControl("rightshoulder", "RB", "zoom_in", None, N_("zoom in"), N_("zoom in"), ""),
    PadControl("lefttrigger", "LT", "help", None, "", N_("the help"), ""),
    PadControl("righttrigger", "RT", "redo", None, "", N_("redo"), ""),
    PadControl("leftstick", "L3", "fit", None, "", N_("fit the board to the window"), ""),
    PadControl("rightstick", "R3", "minimap", None, "", N_("minimap"), ""),
]  # fmt: skip


def button(control: str) -> PadControl | None:
    """The row of the button or trigger pyglet calls `control`, or None (a button the map
    leaves alone: the guide, which the system keeps)."""
    return next((row for row in BUTTONS if row.control == control), None)


def motion(control: str) -> PadControl | None:
    """The row of the d-pad or the stick pyglet calls `control`, or None."""
    return next((row for row in MOTIONS if row.control == control), None)


def play_actions() -> list[str]:
    """Every play action a control can ask for (the directions with their ways)."""
    moves = [f"{row.play} {way}" for row in MOTIONS if row.play for way in WAYS]
    return [*dict.fromkeys(moves), *(row.play for row in BUTTONS if row.play)]


def help_line() -> str:
    """The help's line of the gamepad: the controls that have a short word, in the table's
    order (the d-pad and the rest are in the docs)."""
    said = [f"{row.name} {_(row.short)}" for row in [*MOTIONS, *BUTTONS] if row.short]
    return _("Gamepad: {controls}").format(controls=_(", ").join(said))


def rows() -> list[tuple[str, str, str]]:
    """The button map as the docs' table: each control's name, what it does in play, what it
    does on the other screens (translated; "" for nothing)."""
    return [
        (row.name, _(row.playing), _(row.elsewhere) if row.elsewhere else "")
        for row in [*MOTIONS, *BUTTONS]
    ]

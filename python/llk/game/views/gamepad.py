"""The gamepads: pyglet's controllers (arcade's controller API is pyglet's), heard by the game
window and turned into what the screen shown does, through the button map (padmap.py).

On the play screen a control runs the play screen's action of the same name as its key
(`PlayView.actions`); on every other screen (the menu, the settings, the covers, the
ends) it is the key the map gives it, dispatched through the window as a key press, so each
screen's own key handling serves the gamepad and nothing of a screen is written twice.

A stick counts past its dead zone, by its stronger axis; the d-pad and the sticks repeat while
held, timed by the frame loop (`update`), never by waiting. Controllers come and go at any time
(pyglet's `ControllerManager`: `on_connect`, `on_disconnect`): one connected mid-game works at
once, one lost during play pauses the game. A machine with no controller backend (a headless
window, no /dev/input, no permission) plays on without one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pyglet

from ..i18n import _
from .padmap import ARROW_KEYS, ARROWS, PadControl, button, motion
from .play import PlayView

if TYPE_CHECKING:
    import arcade

log = logging.getLogger(__name__)

DEAD_ZONE = 0.5  # a stick tilted less than half way is at rest (no drift, no stray moves)
REPEAT_DELAY = 0.4  # seconds a direction is held before it repeats...
REPEAT_EVERY = 0.1  # ... and then between repeats
TRIGGER_ON, TRIGGER_OFF = 0.6, 0.3  # a trigger pulls past the one, lets go below the other


def way_of(x: float, y: float, dead_zone: float) -> str | None:
    """The way a stick or d-pad at (x, y) points (y up, each in -1..1): its stronger axis's,
    the vertical on a tie; None within `dead_zone` of the middle."""
    if x * x + y * y < dead_zone * dead_zone:
        return None
    if abs(y) >= abs(x):
        return "up" if y > 0 else "down"
    return "right" if x > 0 else "left"


def controller_manager() -> tuple[Any, str]:
    """pyglet's ControllerManager, or None and why there is none: a headless window has no
    input backend (pyglet.input does not import there), a container no /dev/input, a user no
    permission to read it."""
    try:
        import pyglet.input

        return pyglet.input.ControllerManager(), ""
    # Whatever the platform's backend raises means the same: no gamepads on this machine.
    except Exception as error:
        return None, f"{type(error).__name__}: {error}"


@dataclass
class Held:
    """A direction held: which control, its way, the screen it began on, and the seconds until
    it repeats."""

    control: PadControl
    way: str
    screen: object
    wait: float = REPEAT_DELAY


class Gamepads:
    """The controllers the window hears and what their controls do to the screen shown."""

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.controllers: list[Any] = []
        self.held: dict[tuple[int, str], Held] = {}  # (controller, d-pad or stick) held
        self.pulled: set[tuple[int, str]] = set()  # (controller, trigger) past TRIGGER_ON
        self.manager: Any = None
        self.unavailable = ""  # why no controller can be heard here ("" when one can)

    # Connecting: at the start, and whenever a controller comes or goes.

    def listen(self, manager: Any = None) -> None:
        """Hears the controllers of `manager` (pyglet's ControllerManager, made here when none
        is given): those connected now, and those that connect later."""
        if manager is None:
            manager, self.unavailable = controller_manager()
            if manager is None:
                log.info("no gamepads: %s", self.unavailable)
                return
        self.manager = manager
        manager.push_handlers(on_connect=self.connect, on_disconnect=self.disconnect)
        for controller in manager.get_controllers():
            self.connect(controller)

    def connect(self, controller: Any) -> None:
        if controller in self.controllers:
            return
        try:
            controller.open()
        except Exception as error:  # a device busy or not ours to read: left alone
            log.warning("gamepad %s could not be opened: %s", controller.name, error)
            return
        controller.push_handlers(self)
        self.controllers.append(controller)
        view = self.window.current_view
        if isinstance(view, PlayView):
            view.say(_("Gamepad connected: {name}").format(name=controller.name))

    def disconnect(self, controller: Any) -> None:
        """A controller gone: forgotten, and a game in play paused (the player lost the
        controls)."""
        if controller not in self.controllers:
            return
        self.controllers.remove(controller)
        controller.remove_handlers(self)
        for held in [k for k in self.held if k[0] == id(controller)]:
            del self.held[held]
        self.pulled = {k for k in self.pulled if k[0] != id(controller)}
        view = self.window.current_view
        if isinstance(view, PlayView):
            view.say(_("Gamepad disconnected: {name}").format(name=controller.name))
            view.auto_pause()

    # pyglet's Controller events.

    def on_button_press(self, controller: Any, name: str) -> None:
        row = button(name)
        if row is not None:
            self.press(row)

    def on_trigger_motion(self, controller: Any, name: str, value: float) -> None:
        pulled = (id(controller), name)
        if value >= TRIGGER_ON and pulled not in self.pulled:
            self.pulled.add(pulled)
            self.on_button_press(controller, name)
        elif value <= TRIGGER_OFF:
            self.pulled.discard(pulled)

    def on_dpad_motion(self, controller: Any, vector: Any) -> None:
        self.steer(controller, "dpad", vector)

    def on_stick_motion(self, controller: Any, name: str, vector: Any) -> None:
        self.steer(controller, name, vector)

    # What they do.

    def steer(self, controller: Any, name: str, vector: Any) -> None:
        """A d-pad or a stick moved to `vector`: a new way moves at once, and repeats while
        held (`update`); back within the dead zone it stops."""
        row = motion(name)
        if row is None:
            return
        x, y = vector
        way = way_of(x, y, DEAD_ZONE)
        held = (id(controller), name)
        if way is None:
            self.held.pop(held, None)
        elif held not in self.held or self.held[held].way != way:
            self.held[held] = Held(row, way, self.window.current_view)
            self.move(row, way)

    def update(self, delta_time: float) -> None:
        """The frame's repeats of the directions held: at most one a frame each, so that a
        slow frame never jumps the cursor. A hold ends with its screen: it never runs on into
        the next one (the help would close at once), which waits for a new press."""
        screen = self.window.current_view
        self.held = {k: held for k, held in self.held.items() if held.screen is screen}
        for held in self.held.values():
            held.wait -= delta_time
            if held.wait <= 0:
                held.wait = REPEAT_EVERY
                self.move(held.control, held.way)

    def move(self, row: PadControl, way: str) -> None:
        view = self.window.current_view
        if isinstance(view, PlayView):
            if row.play is not None:
                view.actions[f"{row.play} {way}"]()
        elif row.key == ARROWS:
            self.key(ARROW_KEYS[way])

    def press(self, row: PadControl) -> None:
        view = self.window.current_view
        if isinstance(view, PlayView):
            if row.play is not None:
                view.actions[row.play]()
        elif row.key is not None:
            self.key(row.key)

    def key(self, symbol: int) -> None:
        """`symbol` pressed and released, through the window's handlers as a key is (the
        screen shown, or the cover over it)."""
        for event in ("on_key_press", "on_key_release"):
            pyglet.event.EventDispatcher.dispatch_event(self.window, event, symbol, 0)

"""A frame's time by phase, for `llk bench --frames`: the few places that mark a phase wrap it
in `with phases.phase("draw"):`, and each frame's seconds are summed per phase.

Off (the default, and always in play) `phase` hands back one shared do-nothing context: a
marked place costs a function call and an attribute read (`llk bench --frames` says how much
in its phase table's notes; tests/game/test_phases.py measures it). On, phases nest and time
is counted to the innermost one: an upload inside the draw is the upload's, and the draw's
clock stops meanwhile, so a frame's phases add up to the time spent inside any of them.

Pure Python, no other game module: every layer may mark its phases.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import TracebackType

# The phases the game marks, in the order of the bench's table (docs/rendering.md, "Reading
# the phase table"); the bench adds GPU_WAIT around its ctx.finish().
INPUT = "input and model"
ENGINE = "engine"
WORKERS = "workers"
UPLOADS = "uploads"
DRAW = "draw calls"
HUD = "HUD and minimap"
GPU_WAIT = "GPU wait"
ORDER = (INPUT, ENGINE, WORKERS, UPLOADS, DRAW, HUD, GPU_WAIT)


class _Off:
    """The context of a phase while timing is off: nothing at all."""

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        return None


_OFF = _Off()


class _On:
    """The context of one phase while timing is on."""

    __slots__ = ("name", "timer")

    def __init__(self, timer: PhaseTimer, name: str) -> None:
        self.timer, self.name = timer, name

    def __enter__(self) -> None:
        self.timer.enter(self.name)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.timer.leave()


class PhaseTimer:
    """Seconds per phase since the last `take`, each second counted to the innermost phase
    open then. `clock` is time.perf_counter unless a test hands another."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.on = False
        self.clock: Callable[[], float] = clock or time.perf_counter
        self.spent: dict[str, float] = {}
        self._open: list[str] = []
        self._since = 0.0  # when the innermost open phase last started counting

    def phase(self, name: str) -> _On | _Off:
        """`with timer.phase(name):` counts the block's time to `name` (when on)."""
        return _On(self, name) if self.on else _OFF

    def enter(self, name: str) -> None:
        now = self.clock()
        if self._open:
            self._count(now)
        self._open.append(name)
        self._since = now

    def leave(self) -> None:
        now = self.clock()
        self._count(now)
        self._open.pop()
        self._since = now  # the outer phase counts again from here

    def _count(self, now: float) -> None:
        name = self._open[-1]
        self.spent[name] = self.spent.get(name, 0.0) + (now - self._since)

    def take(self) -> dict[str, float]:
        """The milliseconds per phase since the last take (a frame's), and a fresh start. A
        phase still open goes on counting into the next."""
        if self._open:
            now = self.clock()
            self._count(now)
            self._since = now
        taken = {name: seconds * 1000 for name, seconds in self.spent.items()}
        self.spent = {}
        return taken


# The game's one timer, switched on by `llk bench --frames`.
TIMER = PhaseTimer()
phase = TIMER.phase

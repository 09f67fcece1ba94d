"""Work that can outlast a frame (a shuffle of a million tiles, a huge deal, a save's replay, the
solver's plan or safe hint) runs here, on a worker thread, while the window keeps drawing.

A `Task` is one call on its own daemon thread: the screen of its progress
(covers.ProgressView) polls it, draws its label and the seconds it has run, and Esc cancels
it. Python cannot stop a thread, but a task may carry
a `stop` event that its work hands to the solver (`llk.solve(..., cancel=stop)`): cancelling
sets it and the solver gives up within about 50 ms (`llk.Cancelled`), so a cancelled plan does
not go on taking a core. Other work runs on to its end and its answer is thrown away; each task
having its own thread, a cancelled one never holds up the next. A task also carries the game's
board `version` it was asked for, so that its owner drops an answer about a board that has
changed meanwhile.

The work must not touch anything the frame loop uses: a shuffle is made on a copy of the board
(`Board.copy` takes about a millisecond for a million tiles) that the game then takes over.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

# A task that ends within this long shows no progress indicator (it would only flicker).
QUIET_SECONDS = 0.15


class Task(Generic[T]):
    def __init__(
        self,
        label: str,
        work: Callable[[], T],
        version: int = 0,
        stop: threading.Event | None = None,
    ) -> None:
        self.label = label
        self.version = version
        self.stop = stop
        self.started = time.perf_counter()
        self.cancelled = False
        self._done = threading.Event()
        self._result: T | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(
            target=self._run, args=(work,), name=f"llk-task {label}", daemon=True
        )
        self._thread.start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self._result = work()
        except BaseException as error:  # handed to the frame loop, which reports it
            self._error = error
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started

    @property
    def shows_progress(self) -> bool:
        return not self.done and self.seconds >= QUIET_SECONDS

    def wait(self, timeout: float | None = None) -> bool:
        """Blocks until the work ends (tests; never the frame loop)."""
        return self._done.wait(timeout)

    def cancel(self) -> None:
        self.cancelled = True
        if self.stop is not None:
            self.stop.set()

    def result(self) -> T:
        """The answer of a finished task; re-raises what the work raised."""
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]

    def progress_text(self) -> str:
        return f"{self.label}  {self.seconds:.1f} s   (Esc cancels)"

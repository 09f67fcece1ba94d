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

Leaving the program: the live tasks are kept here (`live_tasks`), and `stop_all`, run by the
window as it closes and by an atexit hook as the interpreter goes, cancels each and waits for
its thread, a bounded time in all. A daemon thread left running would go on into the
interpreter's finalization, where a core call that polls Python (the solver's cancel hook)
found it gone: the core now declines to attach then (bindings.rs), and the game does not leave
work running there in the first place.
"""

from __future__ import annotations

import atexit
import threading
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from ..i18n import _

T = TypeVar("T")

# A task that ends within this long shows no progress indicator (it would only flicker).
QUIET_SECONDS = 0.15
# Leaving the program waits this long at most for the live tasks, all together: a cancelled
# solver stops within about 50 ms; a deal or a shuffle, which cannot be stopped, runs on to its
# end meanwhile, and past this is left to the core, which stops it as the interpreter goes.
EXIT_WAIT_SECONDS = 3.0

_live: set[Task[Any]] = set()
_live_lock = threading.Lock()


def live_tasks() -> list[Task[Any]]:
    """The tasks whose threads have not ended."""
    with _live_lock:
        return list(_live)


def stop_all(timeout: float | None = None) -> bool:
    """Cancels every live task (its `stop` set: the solver gives up) and waits for their
    threads, `timeout` seconds (EXIT_WAIT_SECONDS) at most in all. True when none is left
    running."""
    tasks = live_tasks()
    for task in tasks:
        task.cancel()
    deadline = time.monotonic() + (EXIT_WAIT_SECONDS if timeout is None else timeout)
    for task in tasks:
        task.join(max(0.0, deadline - time.monotonic()))
    return not any(task.alive for task in tasks)


# Run as the interpreter goes (after the non-daemon threads are joined: a save being written
# is finished by then), whatever way the program ends: a closed window, the end of the main
# script, sys.exit, an exception.
atexit.register(stop_all)


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
        with _live_lock:
            _live.add(self)
        try:
            self._thread.start()
        except BaseException:
            with _live_lock:
                _live.discard(self)
            raise

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self._result = work()
        except BaseException as error:  # handed to the frame loop, which reports it
            self._error = error
        finally:
            self._done.set()
            with _live_lock:
                _live.discard(self)

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

    def join(self, timeout: float | None = None) -> None:
        """Blocks until the thread itself has ended (`stop_all`; never the frame loop)."""
        self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

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
        return progress_line(self.label, self.seconds)


def progress_line(label: str, seconds: float) -> str:
    """The line of a task's progress box: what runs and for how long."""
    return _("{task}  {seconds} s   (Esc cancels)").format(task=label, seconds=f"{seconds:.1f}")

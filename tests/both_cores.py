"""The both-cores harness (rapidfuzz's tests/common.py): run one call on each core, or each
backend, and compare what it did, value or exception (class and message) alike.

`outcome(call)` is what one call did: `("returned", value)` or `("raised", class, message)`.
`alike(call, sides)` is `call(side)` on every side, the same outcome on each (asserted), and
returns that outcome. Their keywords say how a value or an exception is written down:

- `shown`: the value as compared (`arrays_shown`, `core_shown`, or a test's own summary);
- `catching`: the exceptions that are an outcome (`BaseException` also catches the Rust core's
  `PanicException`, so that a panic is an outcome compared like any other; Ctrl+C and
  `SystemExit` always go through);
- `by_name`: the exception's class by its name (a `PanicException` has no class to import);
- `vetted`: called with each exception caught, before it becomes an outcome (asserts on it).

`CORES` are the two core Board classes (Rust's first), past the facade's checks; `BUILT` the
backends built (the pure-Python one always). `default_backend(name)` makes boards that name no
backend (the game's) `name`'s for a while, as `LLK_BACKEND=name` makes them for a run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import numpy as np

import llk
from llk import _backend
from llk._pycore.board import Board as PythonCore

Side = TypeVar("Side")

# The backends this build has, the default's first: the Rust one only when it is built.
BUILT = [b for b in llk.BACKENDS if b == "python" or llk.rust_available()]
# The two cores' Board classes, reached directly (None for Rust's when it is not built).
CORES = [_backend.RUST.Board if _backend.RUST is not None else None, PythonCore]


def same_value(value: Any) -> Any:
    return value


def arrays_shown(value: Any) -> Any:
    """A core's value with its arrays (alone or in a tuple) as their dtype, shape and lists."""

    def array(v: Any) -> Any:
        if isinstance(v, np.ndarray):
            return ("array", v.dtype.str, v.shape, v.tolist())
        return v

    if isinstance(value, tuple):
        return tuple(array(v) for v in value)
    return array(value)


def core_shown(value: Any) -> Any:
    """A core's value with an array as its lists, and a core board as its grid's lists."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if hasattr(value, "grid") and callable(value.grid):
        return value.grid().tolist()
    return value


def outcome(
    call: Callable[[], Any],
    *,
    shown: Callable[[Any], Any] = same_value,
    catching: type[BaseException] | tuple[type[BaseException], ...] = Exception,
    by_name: bool = False,
    vetted: Callable[[BaseException], None] | None = None,
) -> tuple:
    """What a call did: its value, or its exception's class and message."""
    try:
        return ("returned", shown(call()))
    except (KeyboardInterrupt, SystemExit):
        raise
    except catching as error:
        if vetted is not None:
            vetted(error)
        return ("raised", type(error).__name__ if by_name else type(error), str(error))


def alike(call: Callable[[Side], Any], sides: Iterable[Side], **how: Any) -> tuple:
    """`call(side)` on every side (backends' names, core classes, boards): the same outcome on
    each. Returns the first side's."""
    results = [outcome(lambda s=side: call(s), **how) for side in sides]
    assert all(r == results[0] for r in results), results
    return results[0]


@contextmanager
def default_backend(name: str) -> Iterator[None]:
    """Boards that name no backend are `name`'s meanwhile: what `LLK_BACKEND` chose when llk
    was imported (`_backend.BACKEND`, which `core_class` reads at each board) is `name` until
    the block ends."""
    before = _backend.BACKEND
    _backend.BACKEND = name  # type: ignore[assignment]
    try:
        yield
    finally:
        _backend.BACKEND = before

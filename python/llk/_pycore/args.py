"""Arguments that the pure-Python core checks itself, for a caller that reaches it past the
facade (python/llk/_input.py checks the public API's): each refusal worded as the Rust core
words it (rust/src/bindings/args.rs), so that both cores refuse the same input alike."""

from __future__ import annotations

import contextlib
import math
from operator import index
from typing import Any

import numpy as np

from .. import errors as E

_TWO_64 = 2**64
_TWO_63 = 2**63


def shown(value: Any) -> str:
    """A value as the cores show one they refuse: an int (or anything with `__index__`) as its
    decimal digits, whatever its size; anything else as "a <type name>"."""
    try:
        return str(index(value))
    except TypeError:
        return f"a {type(value).__name__}"


def core_int(name: str, value: Any, minimum: int = 0) -> int:
    """A count, seed or budget: an int from `minimum` to 2**64 - 1."""
    try:
        number = index(value)
    except TypeError:
        number = None
    if number is None or not minimum <= number < _TWO_64:
        raise E.CORE_INT(name=name, minimum=minimum, value=shown(value))
    return number


def core_time_limit(value: Any) -> float | None:
    """A solver's time limit in seconds: None (no limit), or an int or a float (not a bool)
    above 0 and finite, as rust/src/bindings/args.rs's ``time_limit`` takes it."""
    if value is None:
        return None
    seconds = math.nan
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # An int beyond a float's range stays NaN: Rust refuses it too.
        with contextlib.suppress(OverflowError):
            seconds = float(value)
    if not 0 < seconds < math.inf:
        raise E.TIME_LIMIT(value=repr(value))
    return seconds


def core_coord(value: Any) -> int:
    """A cell's row or column: an int that fits in 64 bits (whether it is on the board is the
    caller's next check)."""
    try:
        number = index(value)
    except TypeError:
        number = None
    if number is None or not -_TWO_63 <= number < _TWO_63:
        raise E.CORE_COORD(value=shown(value))
    return number


def core_flag(name: str, value: Any) -> bool:
    """True or False, and nothing else (not 1, not numpy's bool)."""
    if not isinstance(value, bool):
        raise E.FLAG(name=name, value=shown(value))
    return value


def core_grid(value: Any) -> np.ndarray:
    """The kinds: a 2-D numpy array of uint16 (the facade's `_input.as_grid` makes one)."""
    if isinstance(value, np.ndarray):
        if value.ndim == 2 and value.dtype == np.uint16:
            return value
        raise E.CORE_GRID(value=f"a {value.ndim}-D {value.dtype.name} array")
    raise E.CORE_GRID(value=f"a {type(value).__name__}")


def debug_str(text: str) -> str:
    """``text`` quoted as Rust's ``{:?}`` prints a string, for messages shared with Rust."""
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}
    body = "".join(
        escapes.get(ch, ch if ch.isprintable() else f"\\u{{{ord(ch):x}}}") for ch in text
    )
    return f'"{body}"'

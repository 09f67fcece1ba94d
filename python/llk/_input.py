"""Checks and converts what users pass to `llk.Board`, with one wording for both backends.

Every bad input ends here as a `BoardError` whose message names the bad value, before either
core sees it; the cores can then trust their arguments. The wording is the error table's
(errors.py), the limits are `_limits`'.
"""

from __future__ import annotations

import contextlib
import json
import math
import numbers
import reprlib
import sys
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from . import errors as E
from ._limits import (
    GRAVITY_MODES,
    MAX_CELLS,
    MAX_KIND,
    MAX_MEMORY_MB,
    MAX_SLIDE_CELLS,
    SEED_LIMIT,
)
from ._types import Cell, Gravity

__all__ = ["GRAVITY_MODES", "MAX_CELLS", "MAX_KIND", "SEED_LIMIT"]

# Values named in messages are cut short: a message must stay one readable line even when the
# bad value is a string of a million characters or a list of a million rows.
_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = _SHORT.maxother = 60
_SHORT.maxlong = 40
_SHORT.maxtuple = _SHORT.maxlist = _SHORT.maxdict = _SHORT.maxset = 6


def show(value: Any, limit: int = 80) -> str:
    """`repr(value)` for an error message: on one line and at most `limit` characters."""
    try:
        text = _SHORT.repr(value)
    except Exception:  # a repr that fails must not hide the error being reported
        text = f"<{type(value).__name__} object>"
    text = " ".join(text.splitlines())
    if len(text) > limit:
        half = (limit - 3) // 2
        text = f"{text[:half]}...{text[-half:]}"
    return text


def is_int(value: Any) -> bool:
    # numpy counts timedelta64 among its integers; a duration is not a kind or a count.
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, (bool, np.bool_, np.timedelta64)
    )


def _length(value: Sequence[Any], what: str) -> int:
    """`len(value)`, or `BoardError` when it is too long for a board (`len` itself fails on a
    `range` longer than `sys.maxsize`)."""
    try:
        return len(value)
    except OverflowError:
        raise E.GRID_TOO_LONG(what=what, maxsize=sys.maxsize, limit=MAX_CELLS) from None


def check_size(rows: int, cols: int) -> None:
    """Refuse empty and oversized boards before anything is allocated for them."""
    if rows <= 0 or cols <= 0:
        raise E.GRID_EMPTY(rows=rows, cols=cols)
    if rows * cols > MAX_CELLS:
        raise E.GRID_TOO_LARGE(rows=rows, cols=cols, cells=rows * cols, limit=MAX_CELLS)


def check_slide_size(rows: int, cols: int, slide: bool) -> None:
    """Refuse a board too large for the slide rules' scans (`MAX_SLIDE_CELLS`: their cost grows
    as the cells squared), before it is dealt or built."""
    if slide and rows * cols > MAX_SLIDE_CELLS:
        raise E.SLIDE_TOO_LARGE(rows=rows, cols=cols, cells=rows * cols, limit=MAX_SLIDE_CELLS)


def _kind_error(where: tuple[int, ...], value: Any) -> BaseException:
    return E.KIND_RANGE(r=where[0], c=where[1], value=show(value), max_kind=MAX_KIND)


def _check_range(arr: np.ndarray) -> None:
    bad = (arr < 0) | (arr > MAX_KIND)
    if bad.any():
        r, c = (int(i) for i in np.argwhere(bad)[0])
        raise _kind_error((r, c), arr[r, c].item())


def _is_sequence(value: Any) -> bool:
    return isinstance(value, (Sequence, np.ndarray)) and not isinstance(value, (str, bytes))


def _is_row(value: Any) -> bool:
    # Byte strings and buffers are text or memory, not rows of kinds: `bytes` is refused
    # already, and so are its mutable twin and views (a 2-D view cannot even be iterated).
    return _is_sequence(value) and not isinstance(value, (bytearray, memoryview))


def _from_rows(grid: Sequence[Any]) -> np.ndarray:
    """Nested sequences to an int64 array, naming the first row or cell that is wrong.

    Lengths are checked before anything is copied, so that `range(10**12)` or a row of a
    billion cells is refused at once instead of filling the memory."""
    count = _length(grid, "grid")
    if count > MAX_CELLS:
        raise E.GRID_TOO_MANY_ROWS(count=count, limit=MAX_CELLS)
    rows = list(grid)
    width = None
    for r, row in enumerate(rows):
        if not _is_row(row):
            raise E.GRID_ROW(r=r, value=show(row))
        length = _length(row, "grid")
        if width is None:
            width = length
            if count * width > MAX_CELLS:
                check_size(count, width)  # refused before the rows are walked
        elif length != width:
            raise E.GRID_RAGGED(width=width, r=r, length=length)
    check_size(count, width or 0)
    # The common case, plain ints, is checked in one pass; anything else is walked to find
    # and name the first bad cell.
    if not all(type(v) is int for row in rows for v in row):
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if _is_sequence(v):
                    raise E.GRID_CELL_SEQUENCE(r=r, c=c)
                if not is_int(v):
                    raise E.KIND_NOT_INT(r=r, c=c, value=show(v), type=type(v).__name__)
    try:
        return np.array(rows, dtype=np.int64)
    except OverflowError:
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if not 0 <= v <= MAX_KIND:
                    raise _kind_error((r, c), v) from None
        raise


def as_grid(grid: Any) -> np.ndarray:
    """A C-contiguous uint16 copy of a grid, or `BoardError` saying what is wrong with it."""
    if isinstance(grid, (np.ndarray, memoryview)):
        # A plain array: a masked array's hidden cells are checked too (they would be copied
        # as they are), and a buffer gets numpy's view of its shape and type.
        try:
            grid = np.asarray(grid)
        except (TypeError, ValueError) as error:
            raise E.GRID_BUFFER(error=error) from None
        if grid.ndim != 2:
            raise E.GRID_NDIM(ndim=grid.ndim, shape=grid.shape)
        if grid.dtype.kind in "iuO":
            # Before any copy: a broadcast view a few bytes big may stand for terabytes.
            check_size(*grid.shape)
        if grid.dtype == object:
            arr = _from_rows(grid.tolist())
        elif grid.dtype.kind in "iu":
            arr = grid
        else:
            raise E.GRID_DTYPE(dtype=grid.dtype)
    elif isinstance(grid, (str, bytes)) or not isinstance(grid, Sequence):
        raise E.GRID_TYPE(type=type(grid).__name__)
    else:
        arr = _from_rows(grid)
    _check_range(arr)
    return np.ascontiguousarray(arr, dtype=np.uint16)


def as_cell(cell: Any, rows: int, cols: int) -> Cell:
    """A cell on the board as a `(row, col)` tuple of ints: from a tuple or list of two ints
    (numpy's too), or a 1-D integer numpy array of two."""
    pair = cell
    if isinstance(cell, np.ndarray):
        # An integer array's values as ints: then only a 1-D one of two is a pair. Others
        # (an object array, even of ints; floats, bools, durations) are not cells. The shape
        # is read first: a broadcast view of a few bytes may stand for terabytes of values.
        pair = cell.tolist() if cell.dtype.kind in "iu" and cell.shape == (2,) else None
    if not isinstance(pair, (tuple, list)) or len(pair) != 2 or not all(is_int(v) for v in pair):
        raise E.CELL_NOT_PAIR(value=show(cell))
    r, c = int(pair[0]), int(pair[1])
    if not (0 <= r < rows and 0 <= c < cols):
        raise E.CELL_OFF_BOARD(r=r, c=c, rows=rows, cols=cols)
    return r, c


def as_seed(seed: Any) -> int:
    """A seed for the shared PRNG: an int in 0 .. 2**64 - 1."""
    if not is_int(seed) or not 0 <= int(seed) < SEED_LIMIT:
        raise E.SEED(value=show(seed))
    return int(seed)


def as_flag(name: str, value: Any) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise E.FLAG(name=name, value=show(value))
    return bool(value)


def as_gravity(gravity: Any) -> Gravity:
    if not isinstance(gravity, str) or gravity not in GRAVITY_MODES:
        raise E.GRAVITY(modes=", ".join(GRAVITY_MODES), value=show(gravity))
    return gravity


def as_int(name: str, value: Any, *, minimum: int = 0) -> int:
    """An int >= minimum, however large (a board's rows, say, which `check_size` then bounds)."""
    if not is_int(value) or int(value) < minimum:
        raise E.INT_AT_LEAST(name=name, minimum=minimum, value=show(value))
    return int(value)


def as_count(name: str, value: Any, *, minimum: int = 0) -> int:
    """A count such as a budget: an int >= minimum and below 2**64, which the cores take."""
    count = as_int(name, value, minimum=minimum)
    if count >= SEED_LIMIT:
        raise E.COUNT_BELOW_2_64(name=name, value=show(count))
    return count


def as_cancel(cancel: Any) -> Callable[[], None] | None:
    """The solver's cancel hook as the cores take it: a function of no arguments that raises
    `llk.Cancelled` once `cancel` (a `threading.Event`, or a callable returning true) says
    stop. The Rust core calls it every 50 ms with the GIL held for the call only; the Python
    core every few states."""
    if cancel is None:
        return None
    is_set = getattr(cancel, "is_set", None)
    said = is_set if callable(is_set) else cancel
    if not callable(said):
        raise E.CANCEL_HOOK(value=show(cancel))

    def hook() -> None:
        if said():
            raise E.CANCELLED()

    return hook


def as_time_limit(value: Any) -> float | None:
    """A solver's time limit in seconds: None (no limit), or a real number (not a bool) above
    0 and finite, as a float."""
    if value is None:
        return None
    seconds = math.nan
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)):
        with contextlib.suppress(OverflowError):  # an int beyond a float's range
            seconds = float(value)
    if not 0 < seconds < math.inf:
        raise E.TIME_LIMIT(value=show(value))
    return seconds


def as_memory_mb(value: Any) -> int:
    """The solver's memory limit in MiB: an int from 1 to `MAX_MEMORY_MB`."""
    if not is_int(value) or not 1 <= int(value) <= MAX_MEMORY_MB:
        raise E.MEMORY_LIMIT(limit=MAX_MEMORY_MB, value=show(value))
    return int(value)


def json_or_why(raw: bytes) -> tuple[Any, str | None]:
    """A user's file or line read as JSON: its value, or None and why it is not JSON (not
    UTF-8, nested too deeply for the parser, or the parser's own words)."""
    try:
        return json.loads(raw.decode("utf-8")), None
    except UnicodeDecodeError:
        return None, "not UTF-8 text"
    except RecursionError:
        return None, "JSON nested too deeply"
    except ValueError as error:
        return None, f"not JSON: {error}"

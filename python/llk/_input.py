"""Checks and converts what users pass to `llk.Board`, with one wording for both backends.

Every bad input ends here as a `BoardError` whose message names the bad value, before either
core sees it; the cores can then trust their arguments.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .errors import BoardError

MAX_KIND = 65535
# Keep in step with MAX_CELLS in rust/src/grid.rs.
MAX_CELLS = 1 << 24
SEED_LIMIT = 1 << 64
GRAVITY_MODES = ("none", "down", "up", "left", "right", "split-h", "split-v")

Cell = tuple[int, int]


def _is_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_size(rows: int, cols: int) -> None:
    """Refuse empty and oversized boards before anything is allocated for them."""
    if rows <= 0 or cols <= 0:
        raise BoardError(
            f"grid is empty ({rows}x{cols}): a board needs at least one row and one column"
        )
    if rows * cols > MAX_CELLS:
        raise BoardError(
            f"grid is too large ({rows}x{cols} = {rows * cols} cells): at most {MAX_CELLS} cells"
        )


def _kind_error(where: tuple[int, ...], value: Any) -> BoardError:
    cell = f"({where[0]}, {where[1]})"
    return BoardError(f"kind at {cell} is {value!r}: kinds are 0 (empty) or 1..{MAX_KIND}")


def _check_range(arr: np.ndarray) -> None:
    bad = (arr < 0) | (arr > MAX_KIND)
    if bad.any():
        r, c = (int(i) for i in np.argwhere(bad)[0])
        raise _kind_error((r, c), arr[r, c].item())


def _from_rows(grid: Sequence[Any]) -> np.ndarray:
    """Nested sequences to an int64 array, naming the first row or cell that is wrong."""
    rows = list(grid)
    width = None
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, (Sequence, np.ndarray)):
            raise BoardError(f"grid must be 2-D: row {r} is {row!r}, not a sequence of kinds")
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise BoardError(f"grid is ragged: row 0 has {width} cells, row {r} has {len(row)}")
    check_size(len(rows), width or 0)
    # The common case, plain ints, is checked in one pass; anything else is walked to find
    # and name the first bad cell.
    if not all(type(v) is int for row in rows for v in row):
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if isinstance(v, (Sequence, np.ndarray)) and not isinstance(v, (str, bytes)):
                    raise BoardError(f"grid must be 2-D: the cell at ({r}, {c}) is a sequence")
                if not _is_int(v):
                    raise BoardError(
                        f"kind at ({r}, {c}) is {v!r}: kinds are ints, not {type(v).__name__}"
                    )
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
    if isinstance(grid, np.ndarray):
        if grid.ndim != 2:
            raise BoardError(f"grid must be 2-D, got a {grid.ndim}-D array of shape {grid.shape}")
        if grid.dtype == object:
            arr = _from_rows(grid.tolist())
        elif grid.dtype.kind in "iu":
            check_size(*grid.shape)
            arr = grid
        else:
            raise BoardError(f"grid must hold integer kinds, got an array of dtype {grid.dtype}")
    elif isinstance(grid, (str, bytes)) or not isinstance(grid, Sequence):
        raise BoardError(
            f"grid must be a 2-D array or a sequence of rows, not {type(grid).__name__}"
        )
    else:
        arr = _from_rows(grid)
    _check_range(arr)
    return np.ascontiguousarray(arr, dtype=np.uint16)


def as_cell(cell: Any, rows: int, cols: int) -> Cell:
    """A cell on the board as a `(row, col)` tuple of ints."""
    if not isinstance(cell, (tuple, list)) or len(cell) != 2 or not all(_is_int(v) for v in cell):
        raise BoardError(f"a cell is a (row, col) pair of ints, got {cell!r}")
    r, c = int(cell[0]), int(cell[1])
    if not (0 <= r < rows and 0 <= c < cols):
        raise BoardError(f"cell ({r}, {c}) is outside the {rows}x{cols} board")
    return r, c


def as_seed(seed: Any) -> int:
    """A seed for the shared PRNG: an int in 0 .. 2**64 - 1."""
    if not _is_int(seed) or not 0 <= int(seed) < SEED_LIMIT:
        raise BoardError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    return int(seed)


def as_flag(name: str, value: Any) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise BoardError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def as_gravity(gravity: Any) -> str:
    if not isinstance(gravity, str) or gravity not in GRAVITY_MODES:
        raise BoardError(f"gravity must be one of {', '.join(GRAVITY_MODES)}; got {gravity!r}")
    return gravity


def as_count(name: str, value: Any, *, minimum: int = 0) -> int:
    """A count such as a budget: an int >= minimum (and below 2**64, which the cores take)."""
    if not _is_int(value) or not minimum <= int(value) < SEED_LIMIT:
        raise BoardError(f"{name} must be an int >= {minimum}, got {value!r}")
    return int(value)

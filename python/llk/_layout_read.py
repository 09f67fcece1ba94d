"""Reading a layout: a mask (any array-like of booleans or 0/1) or the text format, checked
before anything large is copied, every fault a `BoardError` naming what and where (the line of
a text). The `Layout` value itself is layout.py's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ._input import MAX_CELLS, is_int, show
from .errors import BoardError

TILE = "#"
EMPTY = "."
COMMENT = ";"

_LINE_BREAK = re.compile(r"\r\n?|\n")
_NOT_A_CELL = re.compile(r"[^#.]")
_HEADER = re.compile(r"\s*(name|description)\s*:(.*)", re.IGNORECASE)
_TO_BITS = bytes.maketrans(b"#.", b"\x01\x00")


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"


def as_label(value: str | None, what: str) -> str | None:
    """A name or description as stored: stripped, one line, and `None` when blank.

    Stripping and refusing line breaks is what lets `to_text` write it as a header comment
    that `from_text` reads back unchanged.
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"a layout {what} must be a str or None, not {type(value).__name__}")
    if "\n" in value or "\r" in value:
        raise BoardError(f"a layout {what} must be one line, got {show(value)}")
    return value.strip() or None


def freeze(cells: np.ndarray, where: str) -> bytes:
    """The cells of a 2-D mask as bytes, one 0/1 byte a cell, or `BoardError` if it cannot be
    dealt."""
    count = int(np.count_nonzero(cells))
    if count == 0:
        raise BoardError(f"{where} has no tile cells: mark them with '{TILE}'")
    if count % 2:
        raise BoardError(
            f"{where} has {count} tile cells: tiles come in pairs, so the count must be even"
        )
    return np.ascontiguousarray(cells, dtype=np.bool_).tobytes()


def check_shape(rows: int, cols: int, where: str) -> None:
    if rows <= 0:
        raise BoardError(f"{where} has no rows")
    if cols <= 0:
        raise BoardError(f"{where} has no columns")
    if rows * cols > MAX_CELLS:
        raise BoardError(
            f"{where} is too large: {rows}x{cols} = {rows * cols} cells, at most {MAX_CELLS}"
        )


def _check_nesting(mask: Sequence[Any]) -> None:
    """Refuse a nested sequence that is too large or not 2-D before numpy copies it, so that
    `range(10**12)` or a row of a billion cells is not first written out in full."""

    def length(value: Sequence[Any]) -> int:
        try:
            return len(value)
        except OverflowError:  # a range longer than sys.maxsize
            return MAX_CELLS + 1

    rows = length(mask)
    if rows > MAX_CELLS:
        raise BoardError(f"layout is too large: {rows} rows, at most {MAX_CELLS} cells")
    for r, row in enumerate(mask):
        if not _is_sequence(row):
            continue  # numpy and the checks below say what is wrong
        cols = length(row)
        if rows * cols > MAX_CELLS:
            raise BoardError(
                f"layout is too large: {rows} rows of {cols} cells, at most {MAX_CELLS}"
            )
        for c, cell in enumerate(row):
            if _is_sequence(cell):
                raise BoardError(f"a layout mask must be 2-D: the cell at ({r}, {c}) is a sequence")


def _is_sequence(value: Any) -> bool:
    # Byte strings and buffers inside a mask are not rows to walk (a 2-D memoryview cannot
    # even be iterated): numpy and the checks after it refuse them.
    return isinstance(value, (Sequence, np.ndarray)) and not isinstance(
        value, (str, bytes, bytearray, memoryview)
    )


def as_mask(mask: npt.ArrayLike) -> np.ndarray:
    """An array-like of booleans (or 0/1 integers) as a 2-D bool array, checked."""
    if isinstance(mask, np.ndarray):
        pass  # its shape is checked below, before any copy
    elif _is_sequence(mask):
        _check_nesting(mask)  # type: ignore[arg-type]
    elif not isinstance(mask, memoryview) and not hasattr(mask, "__array__"):
        raise BoardError(
            f"a layout mask is a 2-D array or a sequence of rows, not {type(mask).__name__}"
        )
    try:
        arr = np.asarray(mask)
    except (TypeError, ValueError) as err:  # ragged nested lists, buffers numpy cannot read
        raise BoardError(f"a layout mask must be a rectangular 2-D array: {err}") from None
    if arr.ndim != 2:
        raise BoardError(f"a layout mask must be 2-D, got shape {arr.shape}")
    rows, cols = arr.shape
    check_shape(rows, cols, where="layout")
    if arr.dtype == np.bool_:
        return arr
    if arr.dtype.kind in "iuO":
        bad = (
            np.frompyfunc(_not_a_bit, 1, 1)(arr).astype(bool)
            if arr.dtype == object
            else ((arr != 0) & (arr != 1))
        )
        if not bad.any():
            return arr.astype(np.bool_)
        r, c = (int(i) for i in np.argwhere(bad)[0])
        value = arr[r, c]
        value = value.item() if isinstance(value, np.generic) else value
        raise BoardError(f"a layout mask holds booleans or 0/1, got {show(value)} at ({r}, {c})")
    raise BoardError(f"a layout mask holds booleans or 0/1, got an array of dtype {arr.dtype}")


def _not_a_bit(value: Any) -> bool:
    is_number = is_int(value) or isinstance(value, (bool, np.bool_))
    return not (is_number and value in (0, 1))


def parse(text: str, where: str) -> tuple[np.ndarray, dict[str, str]]:
    """The cells of a layout text and its leading `; name:` / `; description:` headers.

    `where` starts every message ("layout", or "layout file 'x.txt'"), so a user can find the
    line that is wrong.
    """
    if not isinstance(text, str):
        raise TypeError(f"layout text must be a str, not {type(text).__name__}")
    rows: list[str] = []
    header: dict[str, str] = {}
    width = first = 0
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        body, semicolon, comment = line.partition(COMMENT)
        body = body.rstrip()
        if not body:
            # Headers count only above the drawing, so a remark further down that happens to
            # start with "name:" cannot rename the layout.
            if semicolon and not rows and (found := _HEADER.match(comment)):
                header.setdefault(found[1].lower(), found[2].strip())
            continue
        if bad := _NOT_A_CELL.search(body):
            raise BoardError(
                f"{where} line {number}: unexpected character {bad[0]!r} at column "
                f"{bad.start() + 1} (use '{TILE}' for a tile, '{EMPTY}' for empty)"
            )
        if not rows:
            width, first = len(body), number
        elif len(body) != width:
            raise BoardError(
                f"{where} line {number}: row has {_cells(len(body))}, "
                f"the first row (line {first}) has {width}"
            )
        rows.append(body)
        if len(rows) * width > MAX_CELLS:
            raise BoardError(
                f"{where} line {number}: too large: {len(rows)}x{width} = "
                f"{len(rows) * width} cells so far, at most {MAX_CELLS}"
            )
    if not rows:
        raise BoardError(f"{where} has no rows")
    bits = "".join(rows).encode("ascii").translate(_TO_BITS)
    cells = np.frombuffer(bits, dtype=np.bool_).reshape(len(rows), width)
    return cells, header

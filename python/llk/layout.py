"""Board layouts: which cells of a `rows x cols` board hold tiles before a deal fills them.

A layout is only a shape; deals decide which kinds go where. Layouts are written as text, one
line per row, `#` for a tile cell and `.` for an empty one, `;` starting a comment:

    >>> from llk.layout import Layout
    >>> lay = Layout.from_text("; name: bar\\n.##.\\n####\\n")
    >>> (lay.name, lay.rows, lay.cols, lay.tiles)
    ('bar', 2, 4, 6)
    >>> Layout.named("6x14").mask.shape
    (6, 14)

The built-ins ship as `llk/assets/layouts/*.txt` (the repository keeps them in the top-level
`assets/layouts/`). docs/layouts.md describes the format and lists the built-ins.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import numpy as np
import numpy.typing as npt

from ._input import MAX_CELLS, show
from .errors import BoardError

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

TILE = "#"
EMPTY = "."
COMMENT = ";"

_LINE_BREAK = re.compile(r"\r\n?|\n")
_NOT_A_CELL = re.compile(r"[^#.]")
_HEADER = re.compile(r"\s*(name|description)\s*:(.*)", re.IGNORECASE)
_TO_BITS = bytes.maketrans(b"#.", b"\x01\x00")
_TO_TEXT = bytes.maketrans(b"\x01\x00", b"#.")


def _is_int(value: Any) -> bool:
    # numpy counts timedelta64 among its integers; a duration is not a kind or a count.
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, (bool, np.bool_, np.timedelta64)
    )


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"


def _label(value: str | None, what: str) -> str | None:
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


def _freeze(cells: np.ndarray, where: str) -> bytes:
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


def _check_shape(rows: int, cols: int, where: str) -> None:
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


def _as_mask(mask: npt.ArrayLike) -> np.ndarray:
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
    _check_shape(rows, cols, where="layout")
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
    is_number = _is_int(value) or isinstance(value, (bool, np.bool_))
    return not (is_number and value in (0, 1))


def _parse(text: str, where: str) -> tuple[np.ndarray, dict[str, str]]:
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


class Layout:
    """Which cells of a board hold tiles: an immutable, hashable boolean mask.

    Two layouts are equal when their masks are (same shape, same tile cells); the name and
    description are labels and take no part in equality or hashing.
    """

    __slots__ = ("_data", "_mask", "cols", "description", "name", "rows", "tiles")

    name: str | None
    """The layout's name (the one given, its `; name:` header or its file's stem), or None."""
    description: str | None
    """What the layout is, from its `; description:` header, or None."""
    rows: int
    """Rows of the mask."""
    cols: int
    """Columns of the mask."""
    tiles: int
    """How many cells hold a tile (an even number)."""
    _data: bytes
    _mask: npt.NDArray[np.bool_]

    def __init__(
        self,
        mask: npt.ArrayLike,
        name: str | None = None,
        description: str | None = None,
    ) -> None:
        """A layout from a 2-D mask of booleans or 0/1 integers, `True`/1 for a tile cell.

        The mask is copied. `BoardError` if it is not 2-D, is empty, is larger than a board may
        be, or has no tile cells or an odd number of them.
        """
        cells = _as_mask(mask)
        self._set(_freeze(cells, "layout"), cells.shape, name, description)

    def _set(
        self, data: bytes, shape: tuple[int, int], name: str | None, description: str | None
    ) -> None:
        # The mask is a view of an immutable `bytes`, so numpy refuses to make it writeable
        # again: not even `mask.base` or `flags.writeable` lets a caller change a layout.
        mask = np.frombuffer(data, dtype=np.bool_).reshape(shape)
        put = object.__setattr__
        put(self, "_data", data)
        put(self, "_mask", mask)
        put(self, "name", _label(name, "name"))
        put(self, "description", _label(description, "description"))
        put(self, "rows", int(shape[0]))
        put(self, "cols", int(shape[1]))
        put(self, "tiles", int(np.count_nonzero(mask)))

    @classmethod
    def _new(
        cls, cells: np.ndarray, where: str, name: str | None, description: str | None
    ) -> Layout:
        layout = cls.__new__(cls)
        layout._set(_freeze(cells, where), cells.shape, name, description)
        return layout

    @classmethod
    def from_text(cls, text: str, name: str | None = None) -> Layout:
        """Parse the text format (docs/layouts.md).

        A non-blank `name` wins over a `; name:` header; without either the layout is unnamed.
        Every malformed text is a `BoardError` naming the 1-based line that is wrong.
        """
        return cls._from_text(text, name, "layout")

    @classmethod
    def _from_text(cls, text: str, name: str | None, where: str) -> Layout:
        cells, header = _parse(text, where)
        label = _label(name, "name") or header.get("name")
        return cls._new(cells, where, label, header.get("description"))

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Layout:
        """Read a layout file (UTF-8, a leading byte-order mark allowed); its name is the stem.

        A file that cannot be read or is not UTF-8 is a `BoardError` naming the path.
        """
        file = Path(path)
        try:
            raw = file.read_bytes()
        except OSError as err:
            raise BoardError(f"cannot read layout file '{file}': {err.strerror or err}") from err
        except ValueError as err:  # a path with a NUL byte, which no file can have
            raise BoardError(f"cannot read layout file {str(file)!r}: {err}") from None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise BoardError(
                f"layout file '{file}' is not UTF-8 text: {err.reason} at byte {err.start}"
            ) from None
        return cls._from_text(text, file.stem, f"layout file '{file}'")

    @classmethod
    def named(cls, name: str) -> Layout:
        """A built-in layout by name; `BoardError` listing the known names for any other."""
        known = cls.names()
        if not (isinstance(name, str) and name in known):
            raise BoardError(
                f"no built-in layout named {show(name)}; the built-ins are: {', '.join(known)}"
            )
        return _builtin(name)

    @staticmethod
    def names() -> list[str]:
        """The names of the built-in layouts, sorted."""
        return list(_builtin_names())

    @classmethod
    def full(cls, rows: int, cols: int) -> Layout:
        """Every cell of a `rows x cols` board a tile cell, named like `"6x14"` (rows first)."""
        if not (_is_int(rows) and _is_int(cols)):
            raise BoardError(
                f"a full layout needs int rows and cols, got {show(rows)} and {show(cols)}"
            )
        rows, cols = int(rows), int(cols)
        where = f"a full {rows}x{cols} layout"
        _check_shape(rows, cols, where)
        cells = np.ones((rows, cols), dtype=np.bool_)
        return cls._new(cells, where, f"{rows}x{cols}", None)

    @property
    def mask(self) -> npt.NDArray[np.bool_]:
        """The tile cells, shape `(rows, cols)`, `True` for a tile: a read-only view.

        A fresh view each call, so even reshaping it in place leaves the layout alone.
        """
        view: npt.NDArray[np.bool_] = self._mask.view()
        return view

    def to_text(self) -> str:
        """The layout in the text format, its name and description as header comments.

        `from_text` reads it back to an equal layout with the same name and description.
        """
        lines = []
        if self.name is not None:
            lines.append(f"{COMMENT} name: {self.name}")
        if self.description is not None:
            lines.append(f"{COMMENT} description: {self.description}")
        drawing = self._data.translate(_TO_TEXT).decode("ascii")
        lines.extend(drawing[i : i + self.cols] for i in range(0, len(drawing), self.cols))
        return "\n".join(lines) + "\n"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return (self.rows, self.cols, self._data) == (other.rows, other.cols, other._data)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self._data))

    def __repr__(self) -> str:
        return f"Layout(name={self.name!r}, rows={self.rows}, cols={self.cols}, tiles={self.tiles})"

    def __setattr__(self, attr: str, value: object) -> NoReturn:
        raise AttributeError(f"Layout is immutable: cannot set {attr!r}")

    def __delattr__(self, attr: str) -> NoReturn:
        raise AttributeError(f"Layout is immutable: cannot delete {attr!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.mask, self.name, self.description))

    def __copy__(self) -> Layout:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Layout:
        return self


def _layouts_dir() -> Traversable:
    return resources.files("llk") / "assets" / "layouts"


@functools.cache
def _builtin_names() -> tuple[str, ...]:
    folder = _layouts_dir()
    if not folder.is_dir():
        raise FileNotFoundError(
            f"llk's built-in layouts are missing (looked in {folder}): reinstall llk; in a "
            "source checkout python/llk/assets must be the symlink to ../../assets"
        )
    return tuple(sorted(e.name[:-4] for e in folder.iterdir() if e.name.endswith(".txt")))


@functools.cache
def _builtin(name: str) -> Layout:
    text = (_layouts_dir() / f"{name}.txt").read_text(encoding="utf-8")
    return Layout._from_text(text, name, f"built-in layout '{name}'")

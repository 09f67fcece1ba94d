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
import sys
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import numpy as np
import numpy.typing as npt

from ._input import is_int, show
from ._layout_read import COMMENT, as_label, as_mask, check_shape, freeze, parse
from .errors import BoardError

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

_TO_TEXT = bytes.maketrans(b"\x01\x00", b"#.")


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
        cells = as_mask(mask)
        self._set(freeze(cells, "layout"), cells.shape, name, description)

    def _set(
        self, data: bytes, shape: tuple[int, int], name: str | None, description: str | None
    ) -> None:
        # The mask is a view of an immutable `bytes`, so numpy refuses to make it writeable
        # again: not even `mask.base` or `flags.writeable` lets a caller change a layout.
        mask = np.frombuffer(data, dtype=np.bool_).reshape(shape)
        put = object.__setattr__
        put(self, "_data", data)
        put(self, "_mask", mask)
        put(self, "name", as_label(name, "name"))
        put(self, "description", as_label(description, "description"))
        put(self, "rows", int(shape[0]))
        put(self, "cols", int(shape[1]))
        put(self, "tiles", int(np.count_nonzero(mask)))

    @classmethod
    def _new(
        cls, cells: np.ndarray, where: str, name: str | None, description: str | None
    ) -> Layout:
        layout = cls.__new__(cls)
        layout._set(freeze(cells, where), cells.shape, name, description)
        return layout

    @classmethod
    def from_text(cls, text: str, name: str | None = None) -> Layout:
        """Parse the text format (docs/layouts.md).

        A non-blank `name` wins over a `; name:` header; without either the layout is unnamed.

        Args:
            text: The layout: `#` a tile cell, `.` an empty one, `;` comments and headers.
            name: The layout's name, over the text's own.

        Returns:
            The layout.

        Raises:
            BoardError: Malformed text; the message names the 1-based line that is wrong.
        """
        return cls._from_text(text, name, "layout")

    @classmethod
    def _from_text(cls, text: str, name: str | None, where: str) -> Layout:
        cells, header = parse(text, where)
        label = as_label(name, "name") or header.get("name")
        return cls._new(cells, where, label, header.get("description"))

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Layout:
        """Read a layout file (UTF-8, a leading byte-order mark allowed); its name is the stem.

        Args:
            path: The layout file (docs/layouts.md's text format).

        Returns:
            The layout, named after the file's stem.

        Raises:
            BoardError: The file cannot be read, is not UTF-8 or not a layout; the message
                names the path.
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
        """A built-in layout by name.

        Args:
            name: One of `Layout.names()`.

        Returns:
            The built-in layout.

        Raises:
            BoardError: Any other name; the message lists the known ones.
        """
        known = cls.names()
        if not (isinstance(name, str) and name in known):
            raise BoardError(
                f"no built-in layout named {show(name)}; the built-ins are: {', '.join(known)}"
            )
        return _builtin(name)

    @staticmethod
    def names() -> list[str]:
        """The names of the built-in layouts.

        Returns:
            The names, sorted.
        """
        return list(_builtin_names())

    @classmethod
    def full(cls, rows: int, cols: int) -> Layout:
        """Every cell of a `rows x cols` board a tile cell, named like `"6x14"` (rows first).

        Args:
            rows: The layout's rows.
            cols: The layout's columns.

        Returns:
            The full layout.

        Raises:
            BoardError: Rows or columns that are not ints, or a shape out of range.
        """
        if not (is_int(rows) and is_int(cols)):
            raise BoardError(
                f"a full layout needs int rows and cols, got {show(rows)} and {show(cols)}"
            )
        rows, cols = int(rows), int(cols)
        where = f"a full {rows}x{cols} layout"
        check_shape(rows, cols, where)
        cells = np.ones((rows, cols), dtype=np.bool_)
        return cls._new(cells, where, f"{rows}x{cols}", None)

    @property
    def mask(self) -> npt.NDArray[np.bool_]:
        """The tile cells, shape `(rows, cols)`, `True` for a tile: a read-only view.

        A fresh view each call, so even reshaping it in place leaves the layout alone.

        Returns:
            A read-only boolean array.
        """
        view: npt.NDArray[np.bool_] = self._mask.view()
        return view

    def to_text(self) -> str:
        """The layout in the text format, its name and description as header comments.

        `from_text` reads it back to an equal layout with the same name and description.

        Returns:
            The text, ending in a newline.
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

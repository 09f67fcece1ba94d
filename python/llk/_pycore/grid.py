"""Board storage for the pure-Python core: tile kinds plus occupancy bitsets.

Kinds live in a numpy ``uint16`` array so that the corridor scan can work on whole arrays.
Path queries instead ask "is this stretch of a row or column empty?" many times per call;
one Python ``int`` per row and per column answers each such question with a single mask
and shift, whatever the board size.

Coordinates may lie on the virtual ring (row ``-1``/``rows``, column ``-1``/``cols``) when
the board has a border; ring cells are always empty.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt


def match_key(kind: int) -> int:
    """The kind a tile of ``kind`` matches as in Chinese style (rust/src/grid.rs): flowers
    35..38 as 35, seasons 39..42 as 39, every other kind (and 0) as itself."""
    return 35 if 35 <= kind <= 38 else 39 if 39 <= kind <= 42 else kind


def match_keys(kinds: np.ndarray) -> np.ndarray:
    """``match_key`` of every entry, same shape and dtype."""
    keys: np.ndarray = kinds.copy()
    keys[(kinds >= 35) & (kinds <= 38)] = 35
    keys[(kinds >= 39) & (kinds <= 42)] = 39
    return keys


def _line_bits(occupied: np.ndarray) -> list[int]:
    """One int per row of ``occupied`` with bit ``i`` set when column ``i`` is occupied."""
    packed = np.packbits(occupied, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


class Grid:
    """Kinds and occupancy of one board; the bitsets always mirror ``kinds != 0``.

    In Chinese style (``faces`` is not None) ``kinds`` holds each tile's match key and
    ``faces`` the kinds themselves, as rust/src/grid.rs keeps them: links, scans and the solver
    read ``kinds``; what the board shows, moves and records are the faces (``set`` and ``put``
    write both). A classic board's faces are ``kinds``."""

    __slots__ = (
        "border",
        "col_bits",
        "cols",
        "faces",
        "flat",
        "kinds",
        "remaining",
        "row_bits",
        "rows",
    )
    rows: int
    cols: int
    border: bool
    kinds: npt.NDArray[np.uint16]
    flat: npt.NDArray[np.uint16]
    """The same storage as ``kinds``, indexed by row-major cell index."""
    row_bits: list[int]
    col_bits: list[int]
    remaining: int
    faces: npt.NDArray[np.uint16] | None
    """Chinese style: the faces, row-major (flat); None on a classic board."""

    def __init__(self, kinds: np.ndarray, border: bool, chinese: bool = False) -> None:
        """Take ownership of ``kinds`` (a C-contiguous 2-D ``uint16`` array), the faces."""
        self.rows, self.cols = kinds.shape
        self.border = border
        self.faces = None
        if chinese:
            self.faces = kinds.reshape(-1)
            kinds = match_keys(kinds)
        self.kinds = np.ascontiguousarray(kinds)
        # The same storage, indexed by row-major cell index.
        self.flat = self.kinds.reshape(-1)
        self.reload()

    @property
    def face_flat(self) -> npt.NDArray[np.uint16]:
        """The faces, row-major: ``flat`` on a classic board."""
        return self.flat if self.faces is None else self.faces

    def put(self, indices: np.ndarray | list[int] | slice, faces: np.ndarray | list[int]) -> None:
        """Write ``faces`` on the cells of these row-major indices, keys too; the bitsets are
        the caller's to reload if occupancy changed."""
        if self.faces is None:
            self.flat[indices] = faces
        else:
            self.faces[indices] = faces
            self.flat[indices] = match_keys(np.asarray(faces, dtype=np.uint16))

    def reload(self) -> None:
        """Recompute the bitsets and the tile count after ``kinds`` was written directly."""
        occupied = self.kinds != 0
        self.row_bits = _line_bits(occupied)
        self.col_bits = _line_bits(np.ascontiguousarray(occupied.T))
        self.remaining = int(np.count_nonzero(occupied))

    def copy(self) -> Grid:
        clone = Grid.__new__(Grid)
        clone.rows = self.rows
        clone.cols = self.cols
        clone.border = self.border
        clone.kinds = self.kinds.copy()
        clone.flat = clone.kinds.reshape(-1)
        clone.faces = None if self.faces is None else self.faces.copy()
        clone.row_bits = list(self.row_bits)
        clone.col_bits = list(self.col_bits)
        clone.remaining = self.remaining
        return clone

    def set(self, index: int, kind: int) -> int:
        """Put ``kind`` (0: empty; in Chinese style a face, whose key goes to ``kinds``) on the
        cell with this row-major index, keeping the bitsets and the tile count in step; return
        the kind (face) that was there."""
        faces = self.faces
        if faces is not None:
            old_face = int(faces[index])
            faces[index] = kind
            self._set_key(index, match_key(kind))
            return old_face
        return self._set_key(index, kind)

    def _set_key(self, index: int, kind: int) -> int:
        flat = self.flat
        old = int(flat[index])
        if old == kind:
            return old
        r, c = divmod(index, self.cols)
        if old == 0:
            self.row_bits[r] |= 1 << c
            self.col_bits[c] |= 1 << r
            self.remaining += 1
        elif kind == 0:
            self.row_bits[r] &= ~(1 << c)
            self.col_bits[c] &= ~(1 << r)
            self.remaining -= 1
        flat[index] = kind
        return old

    def is_empty(self, r: int, c: int) -> bool:
        """Whether ``(r, c)`` holds no tile; ring cells count as empty."""
        if r < 0 or r >= self.rows or c < 0 or c >= self.cols:
            return True
        return not (self.row_bits[r] >> c) & 1

    def clear_cell(self, r: int, c: int) -> None:
        """Remove the tile at ``(r, c)``."""
        self.set(r * self.cols + c, 0)

    def left_end(self, r: int, c: int) -> int:
        """Smallest ``x`` with ``(r, x) .. (r, c-1)`` all empty (``c`` itself if none)."""
        before = self.row_bits[r] & ((1 << c) - 1)
        if before:
            return before.bit_length()
        return -1 if self.border else 0

    def right_end(self, r: int, c: int) -> int:
        """Largest ``x`` with ``(r, c+1) .. (r, x)`` all empty (``c`` itself if none)."""
        after = self.row_bits[r] >> (c + 1)
        if after:
            return c + (after & -after).bit_length() - 1
        return self.cols if self.border else self.cols - 1

    def up_end(self, r: int, c: int) -> int:
        """Smallest ``y`` with ``(y, c) .. (r-1, c)`` all empty (``r`` itself if none)."""
        before = self.col_bits[c] & ((1 << r) - 1)
        if before:
            return before.bit_length()
        return -1 if self.border else 0

    def down_end(self, r: int, c: int) -> int:
        """Largest ``y`` with ``(r+1, c) .. (y, c)`` all empty (``r`` itself if none)."""
        after = self.col_bits[c] >> (r + 1)
        if after:
            return r + (after & -after).bit_length() - 1
        return self.rows if self.border else self.rows - 1

    def row_clear(self, r: int, c0: int, c1: int) -> bool:
        """Whether every cell of row ``r`` strictly between columns ``c0`` and ``c1`` is empty."""
        if r < 0 or r >= self.rows:
            return True
        low, high = (c0, c1) if c0 < c1 else (c1, c0)
        width = high - low - 1
        if width <= 0:
            return True
        return not (self.row_bits[r] >> (low + 1)) & ((1 << width) - 1)

    def col_clear(self, c: int, r0: int, r1: int) -> bool:
        """Whether every cell of column ``c`` strictly between rows ``r0`` and ``r1`` is empty."""
        if c < 0 or c >= self.cols:
            return True
        low, high = (r0, r1) if r0 < r1 else (r1, r0)
        width = high - low - 1
        if width <= 0:
            return True
        return not (self.col_bits[c] >> (low + 1)) & ((1 << width) - 1)

"""The saved game's file format: compact, versioned, and checked from end to end.

A million-tile game saved as JSON was 6.8 MB and took seconds to write and read, mostly the
grid as a million decimal numbers and the move log as nested lists. Here the same dict
(`Game.to_save()`, model/saved.py) is split: the grid becomes its raw uint16 cells, the
removals of the history (nearly all of it) four uint32 numbers each, and the rest (the config,
the score, the few shuffles and mirrors with their place in the history) stays JSON. All of it
is compressed with zlib, whose checksum catches a file cut short or garbled, so a damaged save
is refused whole, never half read.

Layout: MAGIC, one version byte, then zlib of: the JSON header's length (4 bytes, little
endian), the header, the grid's cells (rows * cols uint16, row-major, little endian), the
removals (n x 4 uint32: r1, c1, r2, c2). `decode(encode(d)) == d` for every dict the game saves
(the game hands its grid as the board's array and its history as a `Log` in bulk,
`Game.to_save(compact=True)`, and gets back the plain lists, the same file's bytes); a grid or a
history the binary parts cannot hold (a kind above 65535, a history entry of another shape)
travels in the header as JSON, so the round trip holds for those too.
"""

from __future__ import annotations

import json
import struct
import zlib
from itertools import chain
from typing import Any

import numpy as np

from ..model.saved import Log

MAGIC = b"LLK-SAVE"
VERSION = 1
_LEVEL = 1  # zlib: on a grid of random kinds level 1 is as small as 6, and ten times faster


def _removal(entry: Any) -> list[int] | None:
    """The four cell numbers of a ["remove", [[r1, c1], [r2, c2]]] entry, else None."""
    if not (isinstance(entry, list) and len(entry) == 2 and entry[0] == "remove"):
        return None
    args = entry[1]
    if not (isinstance(args, list) and len(args) == 2):
        return None
    cells = [v for cell in args if isinstance(cell, list) and len(cell) == 2 for v in cell]
    if len(cells) != 4 or not all(type(v) is int and 0 <= v < 2**32 for v in cells):
        return None
    return cells


def _grid_array(grid: Any) -> np.ndarray | None:
    """The grid as uint16 cells when it is a non-empty rectangle of ints that fit, else None."""
    if not (isinstance(grid, list) and grid and all(isinstance(row, list) for row in grid)):
        return None
    width = len(grid[0])
    if width == 0 or any(len(row) != width for row in grid):
        return None
    try:
        array = np.array(grid, dtype=np.int64)
    except (OverflowError, TypeError, ValueError):
        return None
    if array.ndim != 2 or array.min() < 0 or array.max() > 0xFFFF:
        return None
    if set(map(type, chain.from_iterable(grid))) != {int}:
        return None  # bools that numpy took for ints
    return array.astype("<u2")


def encode(data: dict[str, Any]) -> bytes:
    """The file's bytes for a saved game's dict."""
    fields = {k: v for k, v in data.items() if k not in ("grid", "history")}
    header: dict[str, Any] = {"fields": fields}
    if isinstance(data.get("grid"), np.ndarray):
        # The board's own uint16 grid (compact=True): a rectangle of small ints already.
        grid: np.ndarray | None = data["grid"].astype("<u2")
    else:
        grid = _grid_array(data["grid"]) if "grid" in data else None
    if grid is not None:
        header["grid_shape"] = list(grid.shape)
    elif "grid" in data:
        header["grid"] = data["grid"]
    removals: Any = []
    history = data.get("history")
    if isinstance(history, Log):
        removals = history.removals[:, 1:]
        header["history"] = {"length": history.length, "others": history.others}
    elif "history" in data:
        others = []
        for i, entry in enumerate(data["history"]):
            cells = _removal(entry)
            if cells is None:
                others.append([i, entry])
            else:
                removals.append(cells)
        header["history"] = {"length": len(data["history"]), "others": others}
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    parts = [struct.pack("<I", len(text)), text]
    if grid is not None:
        parts.append(grid.tobytes())
    parts.append(np.array(removals, dtype="<u4").reshape(-1, 4).tobytes())
    return MAGIC + bytes([VERSION]) + zlib.compress(b"".join(parts), _LEVEL)


def is_savefile(raw: bytes) -> bool:
    return raw.startswith(MAGIC)


def _header(text: bytes) -> dict[str, Any]:
    """The JSON header: a table whose "fields" are a table, else ValueError. (JSON nested
    thousands deep is a RecursionError under the default recursion limit, "nested too deeply"
    to the callers; under a raised limit it parses, and is refused here as not a table.)"""
    header = json.loads(text.decode("utf-8"))
    if not (isinstance(header, dict) and isinstance(header.get("fields"), dict)):
        raise ValueError("damaged (the header is not a table of fields)")
    return header


def peek(raw: bytes) -> dict[str, Any]:
    """The saved game's fields without its grid and history, and "rows" and "cols": only the
    header is unpacked (a few kilobytes of a million-tile save), for the menu's "Continue".
    ValueError as for `decode`; a file damaged after its header passes here and is refused by
    `decode` when the game is restored."""
    if not raw.startswith(MAGIC) or len(raw) <= len(MAGIC):
        raise ValueError("not an llk saved game")
    version = raw[len(MAGIC)]
    if version != VERSION:
        raise ValueError(f"saved by a version of llk this one cannot read (format {version})")
    unpack = zlib.decompressobj()
    try:
        start = unpack.decompress(raw[len(MAGIC) + 1 :], 4)
        text = unpack.decompress(unpack.unconsumed_tail, struct.unpack_from("<I", start)[0])
    except zlib.error as error:
        raise ValueError(f"damaged ({error})") from None
    except struct.error:
        raise ValueError("damaged (no header)") from None
    try:
        header = _header(text)
        data: dict[str, Any] = dict(header["fields"])
        if "grid_shape" in header:
            data["rows"], data["cols"] = (int(v) for v in header["grid_shape"])
        else:
            grid = header["grid"]
            data["rows"], data["cols"] = len(grid), len(grid[0])
    except RecursionError:  # JSON nested thousands deep: garbage, not a game's header
        raise ValueError("damaged (nested too deeply)") from None
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise ValueError(f"damaged ({type(error).__name__})") from None
    return data


def decode(raw: bytes, grid_array: bool = False) -> dict[str, Any]:
    """The saved game's dict; ValueError naming what is wrong for a file that is not a whole
    save of a version this game reads. `grid_array`: a binary grid comes as its read-only
    uint16 array, not as lists: a million cells as lists take a third of a second to make,
    check and turn back into an array, on the worker that restores while frames are drawn."""
    if not raw.startswith(MAGIC) or len(raw) <= len(MAGIC):
        raise ValueError("not an llk saved game")
    version = raw[len(MAGIC)]
    if version != VERSION:
        raise ValueError(f"saved by a version of llk this one cannot read (format {version})")
    try:
        body = zlib.decompress(raw[len(MAGIC) + 1 :])
    except zlib.error as error:
        raise ValueError(f"damaged ({error})") from None
    if len(body) < 4:
        raise ValueError("damaged (no header)")
    (size,) = struct.unpack_from("<I", body)
    try:
        header = _header(body[4 : 4 + size])
        data: dict[str, Any] = dict(header["fields"])
        at = 4 + size
        if "grid_shape" in header:
            rows, cols = (int(v) for v in header["grid_shape"])
            cells = np.frombuffer(body, dtype="<u2", count=rows * cols, offset=at)
            at += 2 * rows * cols
            grid = cells.reshape(rows, cols)
            data["grid"] = grid if grid_array else grid.tolist()
        elif "grid" in header:
            data["grid"] = header["grid"]
        removals = np.frombuffer(body[at:], dtype="<u4").reshape(-1, 4).tolist()
        if "history" in header:
            length, others = int(header["history"]["length"]), header["history"]["others"]
            if len(others) + len(removals) != length:
                raise ValueError("history of the wrong length")
            placed = {int(i): entry for i, entry in others}
            moves = iter(removals)
            history = []
            for i in range(length):
                if i in placed:
                    history.append(placed[i])
                else:
                    m = next(moves)
                    history.append(["remove", [m[:2], m[2:]]])
            data["history"] = history
        elif removals:
            raise ValueError("removals without a history")
    except RecursionError:  # JSON nested thousands deep: garbage, not a game's header
        raise ValueError("damaged (nested too deeply)") from None
    except (KeyError, TypeError, StopIteration, UnicodeDecodeError, struct.error) as error:
        raise ValueError(f"damaged ({type(error).__name__})") from None
    return data

"""Deals and share codes: `llk.deal` fills a layout with kinds, at random or with a solution
built in (docs/engine.md, "Deals"), and a short code names a deal so that anyone can deal it
again, on either backend."""

from __future__ import annotations

import base64
import re
from typing import Any

import numpy as np

from . import _input
from .engine import Board, _core_class, _pairs
from .errors import BoardError
from .layout import Layout

CODE_VERSION = "llk1"


def pair_kinds(tiles: int, kinds: int) -> np.ndarray:
    """One entry per pair: the `tiles / 2` pairs shared out as evenly as possible over kinds
    `1..kinds` (the first `tiles / 2 % kinds` kinds get one pair more), kind 1's pairs first."""
    q, m = divmod(tiles // 2, kinds)
    counts = np.full(kinds, q, dtype=np.int64)
    counts[:m] += 1
    return np.repeat(np.arange(1, kinds + 1, dtype=np.uint16), counts)


def _as_layout(layout: Any, rows: int, cols: int) -> Layout:
    if layout is None:
        return Layout.full(rows, cols)
    if isinstance(layout, str):
        layout = Layout.named(layout)
    if not isinstance(layout, Layout):
        raise BoardError(
            f"layout must be None, a built-in name or an llk.Layout, not {_input.show(layout)}"
        )
    if (layout.rows, layout.cols) != (rows, cols):
        label = f"layout {layout.name!r}" if layout.name else "the layout"
        raise BoardError(f"{label} is {layout.rows}x{layout.cols}, not the {rows}x{cols} asked for")
    return layout


def deal(
    rows: int,
    cols: int,
    *,
    kinds: int,
    seed: int,
    layout: Layout | str | None = None,
    solvable: bool = True,
    gravity: str = "none",
    border: bool = True,
    backend: str | None = None,
) -> Board:
    """A new board: every tile cell of `layout` (every cell without one) filled with `kinds`
    kinds, each an even number of times, counts differing by at most 2. With `solvable`, the
    board comes with `solution`, moves that clear it under its gravity. The same arguments give
    the same board on both backends; `board.code` names them."""
    rows, cols = _input.as_int("rows", rows, minimum=1), _input.as_int("cols", cols, minimum=1)
    _input.check_size(rows, cols)
    kinds = _input.as_int("kinds", kinds, minimum=1)
    seed = _input.as_seed(seed)
    solvable = _input.as_flag("solvable", solvable)
    border = _input.as_flag("border", border)
    gravity = _input.as_gravity(gravity)
    shape = _as_layout(layout, rows, cols)
    tiles = shape.tiles
    if kinds > tiles // 2 or kinds > _input.MAX_KIND:
        raise BoardError(
            f"{kinds} kinds need at least {2 * kinds} tile cells; the layout has {tiles}"
            if kinds <= _input.MAX_KIND
            else f"kinds must be at most {_input.MAX_KIND}, got {kinds}"
        )
    backend_name, core_class = _core_class(backend)
    core = core_class(shape.mask.astype(np.uint16), border, gravity)
    solution = core.deal(pair_kinds(tiles, kinds), seed, solvable)
    board = Board._wrap(backend_name, core)
    board._solution = None if solution is None else _pairs(solution)
    board._code = encode(
        rows, cols, kinds, seed, layout if layout is None else shape, solvable, gravity, border
    )
    return board


# Share codes: "llk1.<rows>x<cols>.<kinds>.<seed>.<gravity>.<layout>.<flags>", where layout is
# "-" for a full board, a built-in's name, or "~" and the mask's bits in URL-safe base64 for any
# other layout, and flags are "s" (solvable) or "r" (random) then "b" (border) or "n" (none).
# ASCII digits only: `\d` alone also takes other scripts' digits (fullwidth, Arabic-Indic), which
# int() reads as 0..9.
_CODE = re.compile(
    r"llk1\.(?P<rows>\d+)x(?P<cols>\d+)\.(?P<kinds>\d+)\.(?P<seed>\d+)\.(?P<gravity>[a-z-]+)"
    r"\.(?P<layout>-|~[A-Za-z0-9_-]*|[A-Za-z0-9_-]+)\.(?P<solvable>[sr])(?P<border>[bn])",
    re.ASCII,
)
# No number in a code needs more digits than a seed (2**64 - 1 has 20); longer ones are refused
# before int() reads them, which it would refuse past 4300 digits with a ValueError of its own.
_DIGITS = 20


def encode(
    rows: int,
    cols: int,
    kinds: int,
    seed: int,
    layout: Layout | None,
    solvable: bool,
    gravity: str,
    border: bool,
) -> str:
    if layout is None:
        shape = "-"
    elif layout.name in Layout.names() and Layout.named(layout.name) == layout:
        shape = layout.name
    else:
        bits = np.packbits(layout.mask.ravel()).tobytes()
        shape = "~" + base64.urlsafe_b64encode(bits).decode().rstrip("=")
    flags = ("s" if solvable else "r") + ("b" if border else "n")
    return f"{CODE_VERSION}.{rows}x{cols}.{kinds}.{seed}.{gravity}.{shape}.{flags}"


def deal_from_code(code: Any, *, backend: str | None = None) -> Board:
    """Deals the board a share code names."""
    if not isinstance(code, str):
        raise BoardError(f"a share code is a str, not {type(code).__name__}")
    found = _CODE.fullmatch(code.strip())
    if found is None:
        form = "llk1.ROWSxCOLS.KINDS.SEED.GRAVITY.LAYOUT.FLAGS"
        raise BoardError(f"not an llk share code: {_input.show(code)} (expected {form})")
    for part in ("rows", "cols", "kinds", "seed"):
        if len(found[part].lstrip("0")) > _DIGITS:
            raise BoardError(
                f"share code {_input.show(code)}: its {part} part has {len(found[part])} digits, "
                f"more than any board or seed needs"
            )
    rows, cols = int(found["rows"]), int(found["cols"])
    shape = found["layout"]
    layout: Layout | None
    if shape == "-":
        layout = None
    elif shape.startswith("~"):
        _input.check_size(rows, cols)
        # The mask's bytes in base64 without padding, as `encode` writes them: checked before
        # decoding, so that a code of ten million characters costs nothing.
        if len(shape) - 1 != (4 * ((rows * cols + 7) // 8) + 2) // 3:
            raise BoardError(
                f"share code {_input.show(code)}: the layout part does not fit {rows}x{cols}"
            )
        try:
            bits = base64.urlsafe_b64decode(shape[1:] + "=" * (-len(shape[1:]) % 4))
        except ValueError as error:
            raise BoardError(
                f"share code {_input.show(code)}: the layout part is not base64"
            ) from error
        cells = np.unpackbits(np.frombuffer(bits, dtype=np.uint8))
        if cells.size < rows * cols or cells[rows * cols :].any() or cells.size >= rows * cols + 8:
            raise BoardError(
                f"share code {_input.show(code)}: the layout part does not fit {rows}x{cols}"
            )
        layout = Layout(cells[: rows * cols].reshape(rows, cols).astype(bool))
    else:
        layout = Layout.named(shape)
    return deal(
        rows,
        cols,
        kinds=int(found["kinds"]),
        seed=int(found["seed"]),
        layout=layout,
        solvable=found["solvable"] == "s",
        gravity=found["gravity"],
        border=found["border"] == "b",
        backend=backend,
    )

"""What a deal is, checked once: `DealSpec`, and the share code that names it.

A share code names a deal so that anyone can deal it again, on either backend:
"llk2.<rows>x<cols>.<kinds>.<seed>.<gravity>.<layout>.<flags>", where layout is "-" for a full
board, a built-in's name, or "~" and the mask's bits in URL-safe base64 for any other layout,
and flags are "s" (solvable) or "r" (random), then "b" (border) or "n" (none), then "k" for
KShisen's tile mix (`tiles="kshisen"`; nothing for the even mix), then "c" for Chinese style
and "l" for tiles that slide (the rule variants; nothing for the classic rules). The digit
after "llk" is the deal's version (docs/engine.md, "Deals"): codes made before version 2,
"llk1...", still deal the boards they always dealt, and so do codes without the "k" (the even
mix) and without "c" or "l" (the classic rules); "llk2...l" codes still deal their slide boards
the old way (random deals the solver checked), "llk3" ones build them (only a solvable slide
deal's code says 3: every other deal is the same board in versions 2 and 3, and says 2).

Nothing here deals: `llk.deal` (deals.py) and `Board.from_code` (engine.py) both hand a
`DealSpec` to `Board._dealt`, which asks a core. This module imports neither of them.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _input
from . import errors as E
from ._types import Gravity, TileMix
from .layout import Layout

# The deal versions a code can name, and the one new deals use. Version 2 changed only the
# positional game of solvable deals (a million-tile deal in less than half the time); version 3
# only the solvable deals under the slide rules (built by that game, where 1 and 2 drew them at
# random and kept the first the solver cleared).
DEAL_VERSIONS = (1, 2, 3)
LATEST_DEAL_VERSION = 3
# The version from which a solvable slide deal is built; every other deal of it is version 2's.
SLIDE_BUILT = 3
# How a deal shares its tiles out over the kinds: "even" (`pair_kinds`), or as KShisen deals
# them ("kshisen", `kshisen_pair_kinds`).
TILE_MIXES: tuple[TileMix, ...] = ("even", "kshisen")
# Chinese style deals on its match groups when the deal has every kind of the Mahjong set.
CHINESE_KINDS = 42


def pair_kinds(tiles: int, kinds: int) -> np.ndarray:
    """One entry per pair: the `tiles / 2` pairs shared out as evenly as possible over kinds
    `1..kinds` (the first `tiles / 2 % kinds` kinds get one pair more), kind 1's pairs first."""
    q, m = divmod(tiles // 2, kinds)
    counts = np.full(kinds, q, dtype=np.int64)
    counts[:m] += 1
    return np.repeat(np.arange(1, kinds + 1, dtype=np.uint16), counts)


def kshisen_pair_kinds(tiles: int, kinds: int) -> np.ndarray:
    """One entry per pair, as KShisen deals (src/board.cpp, `Board::newGame`, with its
    `nTiles = 42` as `kinds`): tile `i` gets kind `(i // 4) % kinds + 1`, four tiles a kind in
    turn, round and round. On 30x16 with 42 kinds: kinds 1-36 twelve tiles each, 37-42 eight.
    Kind 1's pairs first, like `pair_kinds`, which it equals when `tiles == 4 * kinds`."""
    pairs = np.arange(tiles // 2)
    return np.sort((pairs // 2) % kinds + 1).astype(np.uint16)


def _as_tiles(tiles: Any) -> TileMix:
    if not isinstance(tiles, str) or tiles not in TILE_MIXES:
        raise E.DEAL_TILES(mixes=", ".join(repr(m) for m in TILE_MIXES), value=_input.show(tiles))
    return tiles


def _as_layout(layout: Any, rows: int, cols: int) -> Layout:
    if layout is None:
        return Layout.full(rows, cols)
    if isinstance(layout, str):
        layout = Layout.named(layout)
    if not isinstance(layout, Layout):
        raise E.DEAL_LAYOUT(value=_input.show(layout))
    if (layout.rows, layout.cols) != (rows, cols):
        label = f"layout {layout.name!r}" if layout.name else "the layout"
        raise E.DEAL_LAYOUT_SIZE(
            label=label, layout_rows=layout.rows, layout_cols=layout.cols, rows=rows, cols=cols
        )
    return layout


@dataclass(frozen=True)
class DealSpec:
    """Everything a deal is made from, checked: the board's size and rules, its tile cells
    (`layout`; None for a full board), how many kinds, the seed, and whether it is dealt with a
    solution built in (docs/engine.md, "Deals"), and the rule variants (`chinese`, `slide`)."""

    rows: int
    cols: int
    kinds: int
    seed: int
    layout: Layout | None
    solvable: bool
    gravity: Gravity
    border: bool
    version: int = LATEST_DEAL_VERSION
    tiles: TileMix = "even"
    chinese: bool = False
    slide: bool = False

    @classmethod
    def checked(
        cls,
        rows: Any,
        cols: Any,
        *,
        kinds: Any,
        seed: Any,
        layout: Any = None,
        solvable: Any = True,
        gravity: Any = "none",
        border: Any = True,
        version: Any = LATEST_DEAL_VERSION,
        tiles: Any = "even",
        chinese: Any = False,
        slide: Any = False,
    ) -> DealSpec:
        """The spec of these arguments, or `BoardError` naming the first that is wrong."""
        rows = _input.as_int("rows", rows, minimum=1)
        cols = _input.as_int("cols", cols, minimum=1)
        _input.check_size(rows, cols)
        kinds = _input.as_int("kinds", kinds, minimum=1)
        seed = _input.as_seed(seed)
        solvable = _input.as_flag("solvable", solvable)
        border = _input.as_flag("border", border)
        gravity = _input.as_gravity(gravity)
        chinese = _input.as_flag("chinese", chinese)
        slide = _input.as_flag("slide", slide)
        _input.check_slide_size(rows, cols, slide)
        version = _input.as_int("version", version, minimum=1)
        if version not in DEAL_VERSIONS:
            raise E.DEAL_VERSION(version=version)
        if version == SLIDE_BUILT and not (slide and solvable):
            # Version 3 changed only the solvable slide deals: any other is version 2's board,
            # and its code says 2, as it always did (and as an older llk reads it).
            version = SLIDE_BUILT - 1
        mix = _as_tiles(tiles)
        shape = _as_layout(layout, rows, cols)
        count = shape.tiles
        if kinds > _input.MAX_KIND:
            raise E.DEAL_KINDS_MAX(max_kind=_input.MAX_KIND, kinds=kinds)
        if kinds > count // 2:
            raise E.DEAL_KINDS_ROOM(kinds=kinds, cells=2 * kinds, tiles=count)
        layout = None if layout is None else shape
        rules = (solvable, gravity, border, version, mix, chinese, slide)
        return cls(rows, cols, kinds, seed, layout, *rules)

    def mask(self) -> np.ndarray:
        """The tile cells as a uint16 grid of 1s (tile) and 0s (empty), for a core to deal on."""
        shape = self.layout if self.layout is not None else Layout.full(self.rows, self.cols)
        return shape.mask.astype(np.uint16)

    @property
    def groups(self) -> bool:
        """Whether the deal is made on Chinese style's match groups: `chinese` with all 42
        kinds of the Mahjong set (docs/engine.md, "Rule variants"). Then `pair_kinds` names
        each group by its key (35 the flowers, 39 the seasons), and the core deals the group's
        four faces in turn over its tiles."""
        return self.chinese and self.kinds >= CHINESE_KINDS

    def pair_kinds(self) -> np.ndarray:
        tiles = self.rows * self.cols if self.layout is None else self.layout.tiles
        mix = kshisen_pair_kinds if self.tiles == "kshisen" else pair_kinds
        if not self.groups:
            return mix(tiles, self.kinds)
        # Each group stands in for one kind of the mix: the flowers as kind 35, the seasons as
        # 36; the kinds after them move up past the groups' other faces.
        stand_ins = mix(tiles, self.kinds - 6).astype(np.int64)
        keys = np.where(stand_ins == 36, 39, np.where(stand_ins > 36, stand_ins + 6, stand_ins))
        return keys.astype(np.uint16)

    def code(self) -> str:
        """The share code that names this deal."""
        layout = self.layout
        if layout is None:
            shape = "-"
        elif layout.name in Layout.names() and Layout.named(layout.name) == layout:
            shape = layout.name
        else:
            bits = np.packbits(layout.mask.ravel()).tobytes()
            shape = "~" + base64.urlsafe_b64encode(bits).decode().rstrip("=")
        flags = ("s" if self.solvable else "r") + ("b" if self.border else "n")
        flags += "k" * (self.tiles == "kshisen") + "c" * self.chinese + "l" * self.slide
        size = f"{self.rows}x{self.cols}"
        head = f"llk{self.version}"
        return f"{head}.{size}.{self.kinds}.{self.seed}.{self.gravity}.{shape}.{flags}"


# ASCII digits only: `\d` alone also takes other scripts' digits (fullwidth, Arabic-Indic), which
# int() reads as 0..9.
_CODE = re.compile(
    r"llk(?P<version>[123])\.(?P<rows>\d+)x(?P<cols>\d+)\.(?P<kinds>\d+)\.(?P<seed>\d+)"
    r"\.(?P<gravity>[a-z-]+)"
    r"\.(?P<layout>-|~[A-Za-z0-9_-]*|[A-Za-z0-9_-]+)\.(?P<solvable>[sr])(?P<border>[bn])(?P<tiles>k?)"
    r"(?P<chinese>c?)(?P<slide>l?)",
    re.ASCII,
)
# No number in a code needs more digits than a seed (2**64 - 1 has 20); longer ones are refused
# before int() reads them, which it would refuse past 4300 digits with a ValueError of its own.
_DIGITS = 20


def parse_code(code: Any) -> DealSpec:
    """The deal a share code names, or `BoardError` saying what is wrong with the code."""
    if not isinstance(code, str):
        raise E.CODE_TYPE(type=type(code).__name__)
    found = _CODE.fullmatch(code.strip())
    if found is None:
        form = "llk2.ROWSxCOLS.KINDS.SEED.GRAVITY.LAYOUT.FLAGS"
        raise E.CODE_FORM(value=_input.show(code), form=form)
    for part in ("rows", "cols", "kinds", "seed"):
        if len(found[part].lstrip("0")) > _DIGITS:
            raise E.CODE_DIGITS(code=_input.show(code), part=part, digits=len(found[part]))
    rows, cols = int(found["rows"]), int(found["cols"])
    shape = found["layout"]
    layout: Layout | None
    if shape == "-":
        layout = None
    elif shape.startswith("~"):
        _input.check_size(rows, cols)
        # The mask's bytes in base64 without padding, as `code` writes them: checked before
        # decoding, so that a code of ten million characters costs nothing.
        if len(shape) - 1 != (4 * ((rows * cols + 7) // 8) + 2) // 3:
            raise E.CODE_LAYOUT_FIT(code=_input.show(code), rows=rows, cols=cols)
        try:
            bits = base64.urlsafe_b64decode(shape[1:] + "=" * (-len(shape[1:]) % 4))
        except ValueError as error:
            raise E.CODE_LAYOUT_BASE64(code=_input.show(code)) from error
        cells = np.unpackbits(np.frombuffer(bits, dtype=np.uint8))
        if cells.size < rows * cols or cells[rows * cols :].any() or cells.size >= rows * cols + 8:
            raise E.CODE_LAYOUT_FIT(code=_input.show(code), rows=rows, cols=cols)
        layout = Layout(cells[: rows * cols].reshape(rows, cols).astype(bool))
    else:
        layout = Layout.named(shape)
    return DealSpec.checked(
        rows,
        cols,
        kinds=int(found["kinds"]),
        seed=int(found["seed"]),
        layout=layout,
        solvable=found["solvable"] == "s",
        gravity=found["gravity"],
        border=found["border"] == "b",
        version=int(found["version"]),
        tiles="kshisen" if found["tiles"] else "even",
        chinese=bool(found["chinese"]),
        slide=bool(found["slide"]),
    )

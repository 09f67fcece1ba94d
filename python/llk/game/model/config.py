"""What a new game is dealt from: `GameConfig`, the board presets, the time modes and the
allowances a game starts with."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

import llk

from ..i18n import _
from . import difficulty

MAX_KINDS = 48  # tile faces drawn by scripts/make_assets.py
KSHISEN_KINDS = 42  # KShisen's tile mix without a number of kinds: its own (board.cpp, nTiles)
CHINESE_KINDS = 42  # Chinese style needs the kinds up to the last season (kinds 35..42)
HINTS = 5  # hints, shuffles and obstacles a game starts with (a journey level's are its stock)
SHUFFLES = 3
OBSTACLES = 3

# name -> (rows, cols, layout or None, kinds)
PRESETS: dict[str, tuple[int, int, str | None, int]] = {
    "10x10": (10, 10, "10x10", 25),
    "margin-14x14": (14, 14, "margin-14x14", 36),
    "11x19": (11, 19, "11x19", 48),
    "KShisen 14x6": (6, 14, None, 21),
    "KShisen 16x9": (9, 16, None, 36),
    "KShisen 18x8": (8, 18, None, 36),
    "KShisen 24x12": (12, 24, None, 48),
    "KShisen 26x14": (14, 26, None, 48),
    "KShisen 30x16": (16, 30, None, 48),
    "big 50x50": (50, 50, None, 48),
    "big 100x100": (100, 100, None, 48),
    "huge 300x300": (300, 300, None, 48),
    "huge 1000x1000": (1000, 1000, None, 48),
    "huge 2000x2000": (2000, 2000, None, 48),
}
TIME_MODES = ("relaxed", "countdown")
# The kinds of game: a free game, a journey level, the daily puzzle. Each keeps a save of its
# own (store/saves.py), and a table of high scores apart.
KINDS_OF_GAME = ("free", "journey", "daily")


def kind_of(mode: str) -> str:
    """The kind of game a config's `mode` names ("journey:7" is a journey level)."""
    kind = mode.split(":", 1)[0]
    return kind if kind in KINDS_OF_GAME else "free"


class DealtRules(Protocol):
    """What a game's table and help read of its board: the share code it was dealt by and its
    rule variants (an `llk.Board`, or a saved game's header, saved.SavedRules)."""

    @property
    def code(self) -> str | None: ...

    @property
    def chinese(self) -> bool: ...

    @property
    def slide(self) -> bool: ...


def variants_of(board: DealtRules) -> dict[str, bool]:
    """The rule variants `board` plays by, as `llk.Board` takes them (none: the classic
    rules)."""
    return {name: True for name in ("chinese", "slide") if getattr(board, name)}


def rules_of(config: GameConfig, board: DealtRules) -> list[str]:
    """A game's tile mix and rule variants when not the classic ones ("kshisen", "chinese",
    "slide"): the words of its high-score table, and the help's "this game"."""
    mix = tile_mix_of(config, board)
    return ([mix] if mix != "even" else []) + list(variants_of(board))


def tile_mix_of(config: GameConfig, board: DealtRules) -> str:
    """The tile mix `board` was dealt with: its share code says (a "k" among the flags, the
    code's last field, docs/engine.md), whatever the menu's row, so that a game started from a
    code enters the table of its own mix; the config's when the board has no code."""
    if board.code is None:
        return config.tiles
    return "kshisen" if "k" in board.code.rsplit(".", 1)[-1] else "even"


def category_of(config: GameConfig, rows: int, cols: int, gravity: str, board: DealtRules) -> str:
    """The high-score table and statistics a game counts in: a journey level's or a day's own,
    else a free game's size, shape, gravity, clock, difficulty, tile mix and rule variants."""
    if config.mode != "free":
        return config.mode.replace(":", " ")  # "journey 7", "daily 2026-12-01": tables apart
    shape = config.layout or "full"
    level = "" if config.difficulty == "any" else f" {config.difficulty}"
    # The tile mix and the rule variants, when not the classic ones: tables apart (a classic
    # game's category is what it was before they existed).
    rules = "".join(f" {rule}" for rule in rules_of(config, board))
    return f"{rows}x{cols} {shape} gravity={gravity} {config.time_mode}{level}{rules}"


def auto_kinds(config: GameConfig, tiles: int, mix: str, chinese: bool) -> int:
    """The kinds of a game of `tiles` tiles whose kinds the player left to the game: the
    board's own (`config.kinds`); with KShisen's mix, its 42; in Chinese style at least 42,
    the flowers and seasons among them. Never more than a pair a kind."""
    kinds = config.kinds
    if mix == "kshisen":
        kinds = min(KSHISEN_KINDS, tiles // 2)
    if chinese:
        kinds = max(kinds, min(CHINESE_KINDS, tiles // 2))
    return max(1, min(MAX_KINDS, kinds))


@dataclass(frozen=True)
class GameConfig:
    """What a new game is dealt from. `code` (a share code) wins over everything else."""

    rows: int = 6
    cols: int = 14
    kinds: int = 21
    layout: str | None = None
    gravity: llk.Gravity = "none"
    solvable: bool = True
    seed: int = 1
    time_mode: str = "relaxed"
    code: str | None = None
    # A countdown's limit in seconds (a journey level's); None: 3 seconds a tile.
    time_limit: float | None = None
    # "free", "journey:N" (journey.py) or "daily:YYYY-MM-DD" (daily.py): which game this is,
    # for its own high-score table and the screen at its end.
    mode: str = "free"
    # "any", or easy .. expert: the deal is picked by its rating (difficulty.py).
    difficulty: str = "any"
    # How the tiles are shared out over the kinds: "even", or "kshisen" (`llk.deal(tiles=...)`).
    tiles: llk.TileMix = "even"
    # The rule variants (`llk.deal(chinese=, slide=)`): KShisen's Chinese style (the flowers
    # match one another, and so do the seasons) and its tiles that slide. A free game's only:
    # the journey and the daily puzzle keep the classic rules, the same for every player.
    chinese: bool = False
    slide: bool = False

    @property
    def kind(self) -> str:
        """ "free", "journey" or "daily" (`kind_of`)."""
        return kind_of(self.mode)

    @classmethod
    def preset(cls, name: str, **changes: Any) -> GameConfig:
        rows, cols, layout, kinds = PRESETS[name]
        return replace(cls(rows=rows, cols=cols, kinds=kinds, layout=layout), **changes)

    @classmethod
    def for_layout(cls, name: str) -> GameConfig:
        """A game on a built-in layout: four tiles a kind, as far as the tile faces go."""
        layout = llk.Layout.named(name)
        kinds = min(MAX_KINDS, layout.tiles // 4)
        return cls(rows=layout.rows, cols=layout.cols, layout=layout.name, kinds=kinds)

    def check_slide_size(self) -> None:
        """A `BoardError`, in the player's words, when tiles slide on a board past
        `llk.MAX_SLIDE_CELLS` (the deal would refuse it): said when the game is chosen, before
        any deal starts. Not with a share code, whose own board is dealt (or refused)."""
        cells = self.rows * self.cols
        if self.slide and cells > llk.MAX_SLIDE_CELLS and not self.code:
            raise llk.BoardError(
                _(
                    "tiles slide on boards of at most {limit} cells, and {size} has {cells}: "
                    "every move under the slide rules tries each pair of tiles, a cost that "
                    "grows as the cells squared; choose a smaller board or turn the slides off"
                ).format(limit=llk.MAX_SLIDE_CELLS, size=f"{self.rows}x{self.cols}", cells=cells)
            )

    def deal(self) -> llk.Board:
        if self.code:
            return llk.Board.from_code(self.code)
        if self.difficulty != "any":
            return self.picked()[1]
        layout = llk.Layout.named(self.layout) if self.layout else None
        if layout is not None and (layout.rows, layout.cols) != (self.rows, self.cols):
            layout = None  # a shape chosen for another size: the full board instead
        return llk.deal(
            self.rows,
            self.cols,
            kinds=self.kinds,
            seed=self.seed,
            layout=layout,
            solvable=self.solvable,
            gravity=self.gravity,
            tiles=self.tiles,
            chinese=self.chinese,
            slide=self.slide,
        )

    def picked(self) -> tuple[GameConfig, llk.Board]:
        """The deal for `difficulty` (difficulty.py), and the config that deals it again at
        once (its share code). Runs for up to seconds: call it off the GUI thread."""
        return difficulty.pick(self, MAX_KINDS)

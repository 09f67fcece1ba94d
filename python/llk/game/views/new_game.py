"""The menu's choice of a new game: the rows that choose its board, kinds, gravity, clock,
difficulty, seed and share code (remembered from the last game), and the config they make."""

from __future__ import annotations

import random
from typing import Any, cast

import llk

from ..i18n import N_, _, ngettext
from ..model.config import MAX_KINDS, PRESETS, TIME_MODES, GameConfig, auto_kinds
from ..model.difficulty import LEVELS
from .widgets import Row

SHAPES = [n for n in llk.Layout.names() if not n[0].isdigit() and n != "margin-14x14"]
CUSTOM = "custom (rows x cols)"
BOARDS = list(PRESETS) + [f"shape {n}" for n in SHAPES] + [CUSTOM]
KINDS = ["auto", 8, 12, 16, 21, 24, 32, 36, 42, 48]
# The values as the player reads them (the boards' names: BOARD_NAMES).
SHOWN = {
    "auto": N_("auto"),
    CUSTOM: N_("custom (rows x cols)"),
    "any": N_("any"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "none": N_("none"),
    "down": N_("down"),
    "up": N_("up"),
    "left": N_("left"),
    "right": N_("right"),
    "split-h": N_("split left-right"),
    "split-v": N_("split up-down"),
    "relaxed": N_("relaxed"),
    "countdown": N_("countdown"),
    "even": N_("even"),
    "kshisen": N_("KShisen's"),
}


# The boards' and the built-in layouts' names as the player reads them: the menu's boards and
# shapes, the score tables' titles. The names kept (in the settings' last game, a table's
# category, a save) are the keys, whatever the language. A name that is a size and KShisen's
# boards ("10x10", "KShisen 14x6") read the same in every language.
BOARD_NAMES = {
    # Translators: a 14x14 board whose outer ring of cells is empty (12x12 tiles inside).
    "margin-14x14": N_("margin 14x14"),
    "big 50x50": N_("big 50x50"),
    "big 100x100": N_("big 100x100"),
    "huge 300x300": N_("huge 300x300"),
    "huge 1000x1000": N_("huge 1000x1000"),
    "huge 2000x2000": N_("huge 2000x2000"),
    # Translators: the shapes of the built-in layouts (the tiles laid out as the name says).
    "cross": N_("cross"),
    "diamond": N_("diamond"),
    "heart": N_("heart"),
    "hourglass": N_("hourglass"),
    "pyramid": N_("pyramid"),
    "ring": N_("ring"),
    "spiral": N_("spiral"),
    "two-islands": N_("two islands"),
}


def board_name(name: str) -> str:
    """A board preset's or a built-in layout's name as the player reads it."""
    return _(BOARD_NAMES[name]) if name in BOARD_NAMES else name


def shown(value: object) -> str:
    """A choice as the player reads it: translated where the catalog has it."""
    if isinstance(value, str) and value.startswith("shape "):
        return _("shape {name}").format(name=board_name(value.removeprefix("shape ")))
    if isinstance(value, str) and value in BOARD_NAMES:
        return board_name(value)
    return _(SHOWN[value]) if isinstance(value, str) and value in SHOWN else str(value)


def on_off(value: object) -> str:
    return _("on") if value else _("off")


FIRST_BOARD = "KShisen 14x6"  # KShisen's own first board
CUSTOM_MAX = 2000  # a side; the largest preset, four million tiles, deals in seconds
CODE_CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_~"


def _index(values: list[Any], value: object, default: int = 0) -> int:
    return values.index(value) if value in values else default


def _rule_rows(last: dict[str, Any]) -> tuple[Row, Row]:
    """The rows of the rule variants, Chinese style and tiles that slide: each off unless
    `last` has it on."""
    chinese = Row(
        N_("Chinese style"),
        [False, True],
        index=1 if last.get("chinese") is True else 0,
        show=on_off,
        about=N_(
            "As in Mahjong: the four flowers match one another, and so do the four seasons "
            "(42 kinds or more)"
        ),
    )
    slide = Row(
        N_("Tiles slide"),
        [False, True],
        index=1 if last.get("slide") is True else 0,
        show=on_off,
        about=N_(
            "Links of one turn at most, but a tile may push the tiles in its way along its "
            "row or column"
        ),
    )
    return chinese, slide


def custom_board(text: str) -> GameConfig:
    """The custom board that `text` ("ROWSxCOLS") asks for; a BoardError that says what is
    wrong with it (not a size, too large, or an odd number of cells)."""
    try:
        rows, cols = (int(n) for n in text.split("x"))
    except ValueError:
        raise llk.BoardError(
            _("the custom size must be ROWSxCOLS, like 8x12, not {size!r}").format(size=text)
        ) from None
    if not (1 <= rows <= CUSTOM_MAX and 1 <= cols <= CUSTOM_MAX):
        raise llk.BoardError(
            _("the custom size must be at most {most}x{most}, not {size}").format(
                most=CUSTOM_MAX, size=f"{rows}x{cols}"
            )
        )
    if rows * cols % 2:
        odd = ngettext(
            "{size} is {tiles} tile, an odd number: tiles go in pairs, so make one side even",
            "{size} is {tiles} tiles, an odd number: tiles go in pairs, so make one side even",
            rows * cols,
        )
        raise llk.BoardError(odd.format(size=f"{rows}x{cols}", tiles=rows * cols))
    return GameConfig(rows=rows, cols=cols, kinds=max(1, min(MAX_KINDS, rows * cols // 4)))


class NewGameChoice:
    """The rows of a new game's options, set as `last` (the settings' last_game) says."""

    def __init__(self, last: dict[str, Any]) -> None:
        first = BOARDS.index(FIRST_BOARD)
        board = _index(BOARDS, last.get("board"), first)
        self.board = Row(N_("Board"), BOARDS, index=board, show=shown)
        self.custom_size = Row(
            N_("Custom size (rows x cols)"),
            text=str(last.get("size", "8x12")),
            allowed="0123456789x",
        )
        kinds = _index(KINDS, last.get("kinds", "auto"))
        self.kinds = Row(N_("Kinds"), KINDS, index=kinds, show=shown)
        mixes = ["even", "kshisen"]
        self.tiles = Row(
            N_("Tile mix"),
            mixes,
            index=_index(mixes, last.get("tiles")),
            show=shown,
            about=N_(
                "Even: each kind as often as can be. KShisen's: 42 kinds, four tiles at a time, "
                "round and round"
            ),
        )
        gravities = list(llk.GRAVITY_MODES)
        gravity = _index(gravities, last.get("gravity"))
        self.gravity = Row(N_("Gravity"), gravities, index=gravity, show=shown)
        self.chinese, self.slide = _rule_rows(last)
        modes = list(TIME_MODES)
        mode = _index(modes, last.get("time_mode"))
        self.time_mode = Row(N_("Time"), modes, index=mode, show=shown)
        difficulties = ["any", *LEVELS]
        self.difficulty = Row(
            N_("Difficulty (by rating)"),
            difficulties,
            index=_index(difficulties, last.get("difficulty")),
            show=shown,
        )
        self.solvable = Row(
            N_("Solvable deals only"),
            [True, False],
            index=1 if last.get("solvable") is False else 0,
            show=lambda v: _("yes") if v else _("no"),
        )
        seed = str(random.randrange(1, 100_000))
        self.seed = Row(N_("Seed"), text=seed, allowed="0123456789")
        self.code = Row(N_("Share code (wins over the above)"), text="", allowed=CODE_CHARACTERS)

    @property
    def rows(self) -> list[Row]:
        return [
            self.board,
            self.custom_size,
            self.kinds,
            self.tiles,
            self.gravity,
            self.chinese,
            self.slide,
            self.time_mode,
            self.difficulty,
            self.solvable,
            self.seed,
            self.code,
        ]

    def config(self) -> GameConfig:
        name = str(self.board.value)
        if name == CUSTOM:
            config = custom_board(self.custom_size.text or "")
        elif name.startswith("shape "):
            config = GameConfig.for_layout(name.removeprefix("shape "))
        else:
            config = GameConfig.preset(name)
        mix = cast("llk.TileMix", str(self.tiles.value))
        chinese, slide = bool(self.chinese.value), bool(self.slide.value)
        kinds = self.chosen_kinds(config, mix, chinese)
        if self.difficulty.value != "any" and (chinese or slide):
            raise llk.BoardError(
                _(
                    "the difficulty is rated under the classic rules: with Chinese style or "
                    "tiles that slide, choose the difficulty any"
                )
            )
        chosen = GameConfig(
            rows=config.rows,
            cols=config.cols,
            layout=config.layout,
            kinds=kinds,
            gravity=cast("llk.Gravity", str(self.gravity.value)),
            solvable=bool(self.solvable.value),
            seed=int(self.seed.text or 0),
            time_mode=str(self.time_mode.value),
            code=cast(str, self.code.text).strip() or None,  # a text row
            difficulty=str(self.difficulty.value),
            tiles=mix,
            chinese=chinese,
            slide=slide,
        )
        chosen.check_slide_size()
        return chosen

    def chosen_kinds(self, config: GameConfig, mix: llk.TileMix, chinese: bool) -> int:
        """The kinds the row chose, or on auto the board's own (auto_kinds). More kinds than
        the board has pairs is refused here, in the player's words (the deal would refuse them
        in the engine's); not with a share code, which wins over the rows."""
        layout = llk.Layout.named(config.layout) if config.layout else None
        tiles = layout.tiles if layout else config.rows * config.cols
        if self.kinds.value == "auto":
            return auto_kinds(config, tiles, mix, chinese)
        kinds = int(self.kinds.value)
        if 2 * kinds > tiles and not str(self.code.text).strip():
            raise llk.BoardError(
                _(
                    "{kinds} kinds need at least {least} tiles, and this board has {tiles}: "
                    "choose fewer kinds"
                ).format(kinds=kinds, least=2 * kinds, tiles=tiles)
            )
        return kinds

    def last_game(self) -> dict[str, Any]:
        """What the settings keep of the choice, for the next time (`last`)."""
        return {
            "board": self.board.value,
            "size": self.custom_size.text,
            "kinds": self.kinds.value,
            "tiles": self.tiles.value,
            "gravity": self.gravity.value,
            "chinese": self.chinese.value,
            "slide": self.slide.value,
            "time_mode": self.time_mode.value,
            "difficulty": self.difficulty.value,
            "solvable": self.solvable.value,
        }

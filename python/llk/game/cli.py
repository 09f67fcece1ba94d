"""`llk play`: its options, registered by llk.cli without importing arcade (only running the
game does). Its help is in the system's language (i18n.system_language: LANGUAGE, LC_ALL,
LC_MESSAGES, LANG), argparse's own headings included."""

from __future__ import annotations

import argparse
from typing import Any, cast

import llk

from . import i18n
from .i18n import _
from .model.config import MAX_KINDS, PRESETS, TIME_MODES, GameConfig, auto_kinds
from .store.settings import TILE_SETS, TileSet


class _Formatter(argparse.HelpFormatter):
    """argparse's help with its "usage: " in the catalog's words."""

    def add_usage(
        self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None
    ) -> None:
        super().add_usage(usage, actions, groups, prefix if prefix is not None else _("usage: "))


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers `llk play` and its options, in the help's order and in the system's language."""
    i18n.use(i18n.system_language())
    p = subparsers.add_parser(
        "play",
        help=_("play the game (a window); with no options: the menu"),
        description=_("Play llk (LianLianKan) in a window; with no options, the menu opens."),
        formatter_class=_Formatter,
        add_help=False,
    )
    p.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))
    p._optionals.title = _("options")
    _add_board_options(p)
    _add_rule_options(p)
    _add_deal_options(p)
    _add_one_deal_options(p)
    _add_drawing_options(p)
    p.set_defaults(run=run_play)


def _add_board_options(p: argparse.ArgumentParser) -> None:
    """The board dealt: its size or shape, its kinds, its gravity, its seed."""
    p.add_argument(
        "--size",
        help=_("ROWSxCOLS, e.g. 6x14, or a preset: {presets}").format(presets=", ".join(PRESETS)),
    )
    p.add_argument("--layout", help=_("a layout shape (see llk.Layout.names())"))
    p.add_argument(
        "--kinds", type=int, help=_("kinds of tiles (at most {most})").format(most=MAX_KINDS)
    )
    p.add_argument(
        "--gravity",
        choices=llk.GRAVITY_MODES,
        default=None,
        help=_("where the tiles slide after a pair is removed (default: none)"),
    )
    p.add_argument("--seed", type=int, help=_("the deal's seed: the same seed, the same board"))


def _add_rule_options(p: argparse.ArgumentParser) -> None:
    """The tile mix and the rule variants (Chinese style, tiles that slide)."""
    p.add_argument(
        "--tiles",
        choices=("even", "kshisen"),
        default=None,
        help=_(
            "even: as many tiles of each kind as can be; kshisen: KShisen's 42 kinds four "
            "tiles at a time (8 or 12 of a kind on its big boards; the kinds unless --kinds "
            "says)"
        ),
    )
    p.add_argument(
        "--chinese",
        action="store_true",
        default=None,
        help=_(
            "Chinese style: the four flowers match one another, and so do the four seasons "
            "(at least 42 kinds unless --kinds says; the Mahjong tiles unless --tile-set or "
            "the settings chose a set)"
        ),
    )
    p.add_argument(
        "--slide",
        action="store_true",
        default=None,
        help=_(
            "tiles slide: links of one turn at most, but a tile may push the tiles in its way "
            "along its row or column into the empty cells beyond"
        ),
    )


def _add_deal_options(p: argparse.ArgumentParser) -> None:
    """Which deal of the board (a share code, solvable or not, by rating) and its clock."""
    p.add_argument("--code", help=_("a share code: deals exactly that board"))
    p.add_argument(
        "--time",
        choices=TIME_MODES,
        dest="time_mode",
        help=_("relaxed (a clock that counts up) or countdown (a time limit)"),
    )
    p.add_argument(
        "--random-deal", action="store_true", help=_("allow deals that may not be solvable")
    )
    p.add_argument(
        "--difficulty",
        choices=("any", "easy", "normal", "hard", "expert"),
        help=_(
            "pick the deal by its rating (llk.rate; docs/difficulty.md): hard and expert come "
            "from a table of rated seeds, other sizes are searched (seconds)"
        ),
    )


def _add_one_deal_options(p: argparse.ArgumentParser) -> None:
    """The modes whose deal is fixed for every player: a journey level, a daily puzzle."""
    p.add_argument("--journey", type=int, metavar="N", help=_("play level N of the journey"))
    p.add_argument(
        "--daily",
        nargs="?",
        const="today",
        metavar="YYYY-MM-DD",
        help=_("play the daily puzzle (today's, or that day's)"),
    )


def _add_drawing_options(p: argparse.ArgumentParser) -> None:
    """How the board is drawn: the tile set and the renderer."""
    p.add_argument(
        "--tile-set",
        choices=TILE_SETS,
        help=_("the tile set, for this run and kept in the settings"),
    )
    p.add_argument(
        "--renderer",
        choices=("auto", "grid", "sprites"),
        help=_(
            "how the board is drawn: grid (one shader, any size), sprites (a sprite per tile, "
            "up to 40,000 cells) or auto (sprites up to 1,000 cells, else grid; the default)"
        ),
    )
    p.add_argument(
        "--speak",
        action="store_true",
        help=_(
            "spoken feedback through the system's speech service (kept in the settings; "
            "needs pip install 'llk[speech]')"
        ),
    )


def config_from_args(args: argparse.Namespace) -> GameConfig | None:
    """The game the options ask for, or None (no options: open the menu)."""
    variant = getattr(args, "chinese", None) or getattr(args, "slide", None)
    one_deal = getattr(args, "journey", None) is not None or getattr(args, "daily", None)
    if variant and one_deal:
        # The same deal and rules for every player: their tables and results compare.
        raise llk.BoardError(_("the journey and the daily puzzle keep the classic rules"))
    if getattr(args, "journey", None) is not None:
        return _journey_config(args.journey)
    if getattr(args, "daily", None) is not None:
        return _daily_config(args.daily)
    if not _chooses_a_free_game(args):
        return None
    config = _with_options(_board_config(args), args)
    config.check_slide_size()
    if config.difficulty != "any" and (config.chinese or config.slide):
        raise llk.BoardError(
            _("--difficulty is rated under the classic rules: not with --chinese or --slide")
        )
    if not 1 <= config.kinds <= MAX_KINDS:
        raise llk.BoardError(
            f"the game has {MAX_KINDS} tile faces: --kinds must be in 1..{MAX_KINDS}"
        )
    return config


def _chooses_a_free_game(args: argparse.Namespace) -> bool:
    """Whether any of the options that choose a free game was given (none: the menu opens)."""
    chosen = [
        args.size,
        args.layout,
        args.kinds,
        args.gravity,
        args.seed,
        getattr(args, "tiles", None),
        getattr(args, "chinese", None),
        getattr(args, "slide", None),
        args.code,
        args.time_mode,
        args.random_deal or None,
        getattr(args, "difficulty", None),
    ]
    return not all(v is None for v in chosen)


def _board_config(args: argparse.Namespace) -> GameConfig:
    """The board --size or --layout names, as that preset, size or shape deals it by default;
    without either, the default game. A --size that is neither is a BoardError."""
    if args.size in PRESETS:
        return GameConfig.preset(args.size)
    if args.size:
        try:
            rows, cols = (int(n) for n in args.size.lower().split("x"))
        except ValueError:
            raise llk.BoardError(
                f"--size must be ROWSxCOLS or a preset, not {args.size!r}"
            ) from None
        return GameConfig(rows=rows, cols=cols, kinds=min(MAX_KINDS, max(1, rows * cols // 4)))
    if args.layout:
        return GameConfig.for_layout(args.layout)
    return GameConfig()


def _with_options(config: GameConfig, args: argparse.Namespace) -> GameConfig:
    """`config` as the other options change it: layout, tiles, rules, gravity, seed, clock,
    share code, difficulty; its kinds as --kinds says, else the board's, tile mix's and rules'
    (auto_kinds). Not checked: config_from_args refuses what cannot be played."""
    from dataclasses import replace

    changes = {
        "layout": args.layout or config.layout,
        "kinds": config.kinds if args.kinds is None else args.kinds,
        "tiles": getattr(args, "tiles", None) or "even",
        "gravity": args.gravity or config.gravity,
        "seed": config.seed if args.seed is None else args.seed,
        "time_mode": args.time_mode or config.time_mode,
        "solvable": not args.random_deal,
        "code": args.code,
        "difficulty": getattr(args, "difficulty", None) or "any",
        "chinese": bool(getattr(args, "chinese", None)),
        "slide": bool(getattr(args, "slide", None)),
    }
    if args.kinds is None:
        layout = changes["layout"]
        tiles = llk.Layout.named(layout).tiles if layout else config.rows * config.cols
        changes["kinds"] = auto_kinds(config, tiles, changes["tiles"], changes["chinese"])
    return replace(config, **changes)


def _journey_config(number: int) -> GameConfig:
    from .model.journey import levels
    from .store.storage import Storage

    count = len(levels())
    if not 1 <= number <= count:
        raise llk.BoardError(f"--journey: the journey has levels 1 to {count}, not {number}")
    if not Storage().load_journey().is_unlocked(number):
        raise llk.BoardError(f"--journey: level {number} is locked; clear level {number - 1}")
    return levels()[number - 1].config()


def _daily_config(day: str) -> GameConfig:
    import datetime as dt

    from .model import daily

    if day == "today":
        return daily.config_for(daily.today())
    try:
        return daily.config_for(dt.date.fromisoformat(day))
    except ValueError:
        raise llk.BoardError(f"--daily takes a date as YYYY-MM-DD, not {day!r}") from None


def run_play(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    # A bad combination fails here, with the engine's message, before a window opens; the board
    # dealt is the one played (a 1000x1000 deal is not done twice).
    board = None
    if config is not None and config.difficulty != "any" and not config.code:
        config, board = config.picked()  # kept as its share code: R deals it again at once
    elif config is not None:
        board = config.deal()
    from .app import run

    tile_set = cast("TileSet | None", getattr(args, "tile_set", None))
    try:
        run(config, board=board, renderer=args.renderer, tiles=tile_set, speak=args.speak)
    except Exception as error:
        if not _is_no_display(error):
            raise
        raise NoDisplay(
            _(
                "no display to open the game's window on ({error}); run llk play on a desktop, "
                "or under a virtual display: xvfb-run llk play"
            ).format(error=error)
        ) from None
    return 0


class NoDisplay(Exception):
    """`llk play` found no display to open its window on; the message says how to get one."""


def _is_no_display(error: Exception) -> bool:
    """Whether `error` is pyglet saying there is no display to open a window on: its window
    module's NoSuchDisplayException, or the X11 display's own class of that name."""
    import pyglet.window

    if isinstance(error, pyglet.window.NoSuchDisplayException):
        return True
    try:
        from pyglet.display.xlib import NoSuchDisplayException
    except ImportError:  # not an X11 system
        return False
    return isinstance(error, NoSuchDisplayException)

"""What the help (F1) says of the game in play, decided here and drawn by the help screen
(views/covers.py `HelpView`, laid out with the keys by views/keymap.py): how a pair links under
the game's rules (a slide game's links have one turn at most), where the tiles go after a pair
under its gravity, the tile mix and rule variants, and what its mode makes of the keys (a
journey level's hint takes a power-up, N deals no new game in a level or the daily puzzle).

Each mode says its part (`FreeMode.help_lines`, `FreeMode.key_help` and their overrides in
journey.py and daily.py); `game_help` puts the lines in their order. The words are the
catalog's, translated when the help is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..i18n import N_, _
from .config import rules_of

if TYPE_CHECKING:
    from .free import FreeMode
    from .game import Game


@dataclass(frozen=True)
class GameHelp:
    """The help of one game: `lines` on its rules, in order, and `keys`, the words of each
    action (views/keymap.py's PLAY_KEYS) that the game's mode changes; the others keep the
    table's."""

    lines: list[str]
    keys: dict[str, str] = field(default_factory=dict)


LINKS = N_("Mouse: click a tile, then an equal one that links (<= 2 turns)")
SLIDE_LINKS = N_("Mouse: click a tile, then an equal one that links (<= 1 turn, may push tiles)")
GRAVITY = {
    "down": N_("Gravity down: when a pair goes, the tiles above it fall into the gap"),
    "up": N_("Gravity up: when a pair goes, the tiles below it rise into the gap"),
    "left": N_("Gravity left: when a pair goes, the tiles right of it slide left"),
    "right": N_("Gravity right: when a pair goes, the tiles left of it slide right"),
    "split-h": N_("Gravity split left-right: each row's halves close toward its ends"),
    "split-v": N_("Gravity split up-down: each column's halves close toward its ends"),
}

# The rules a free game may be played by (the menu's rows): the help explains each, and says
# which the game under it plays.
RULE_LINES = [
    N_("Tile mix: even (each kind as often as can be) or KShisen's (42 kinds, 4 at a time)"),
    N_("Chinese style: the four flowers match one another, and so do the four seasons"),
    N_(
        "Tiles slide: links of one turn at most; a tile may push the tiles in its way "
        "along its line"
    ),
]
# Chinese style drawn with a set other than the Mahjong tiles: the groups' marks
# (board/group_marks.py) say which tiles match.
GROUP_MARKS_LINE = N_(
    "Tiles with a round flower badge match one another; so do tiles with a square leaf badge"
)
RULE_NAMES = {
    "kshisen": N_("KShisen's tile mix"),
    "chinese": N_("Chinese style"),
    "slide": N_("tiles slide"),
}


def game_help(mode: FreeMode, marked: bool = False) -> GameHelp:
    """The help of the game `mode` rules: how a pair links (and, when its tiles are `marked`
    with Chinese style's groups, what the marks mean), what gravity does after it, the mode's
    lines on its rules, and the keys it changes."""
    board = mode.game.board
    lines = [_(SLIDE_LINKS if board.slide else LINKS)]
    if marked:
        lines.append(_(GROUP_MARKS_LINE))
    if board.gravity in GRAVITY:
        lines.append(_(GRAVITY[board.gravity]))
    return GameHelp(lines + mode.help_lines(), mode.key_help())


def rules_line(rules: list[str]) -> str:
    """What the help says of the rules a free game plays by (config.py's `rules_of`)."""
    said = _(", ").join(_(RULE_NAMES[rule]) for rule in rules) if rules else _("classic")
    return _("This game: {rules} (the menu's rows choose them)").format(rules=said)


def free_rules(game: Game) -> list[str]:
    """A free game's rules: which it plays by, and what each the menu offers means."""
    return [rules_line(rules_of(game.config, game.board)), *(_(line) for line in RULE_LINES)]

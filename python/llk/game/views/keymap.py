"""The key map: which key does what on the play screen. One table, so that the play screen
dispatches through it and the help lists exactly the keys that work."""

from __future__ import annotations

from arcade import key
from pyglet.window.key import symbol_string

from ..i18n import N_, _

# (action, keys, description): the play screen has one handler an action (PlayView.actions).
PLAY_KEYS: list[tuple[str, tuple[int, ...], str]] = [
    ("select", (key.SPACE, key.ENTER, key.RETURN), N_("select the tile under the cursor")),
    ("hint", (key.H,), N_("hint: the pair nearest the view, and its path")),
    ("shuffle", (key.S,), N_("shuffle the tiles (limited)")),
    ("undo", (key.Z,), N_("undo (also Ctrl+Z)")),
    ("redo", (key.Y,), N_("redo (also Ctrl+Y)")),
    ("pause", (key.P,), N_("pause / resume")),
    ("restart", (key.R,), N_("restart this deal (asks first)")),
    ("new", (key.N,), N_("new game, same settings (asks first)")),
    ("mirror", (key.M,), N_("mirror prop: flip the board left-right")),
    (
        "obstacles",
        (key.O,),
        N_("obstacles prop: 2 pairs more on the board, 30 s more on a countdown"),
    ),
    ("autoplay", (key.A,), N_("auto-play: the solver plays, the game scores 0")),
    ("frame_times", (key.F,), N_("frame-time overlay")),
    ("fit", (key.HOME,), N_("fit the board to the window")),
    ("minimap", (key.TAB,), N_("minimap: the whole board, where the moves are (click: go there)")),
    ("heat_map", (key.W,), N_("where to look: zoomed out, tiles coloured by the moves near them")),
    ("help", (key.F1, key.QUESTION, key.SLASH), N_("this help")),
    ("menu", (key.ESCAPE,), N_("back to the menu (the game is saved)")),
]
# The arrows: the cursor moves, or with a modifier the board pans ("cursor up", "pan up").
ARROWS = {key.UP: "up", key.DOWN: "down", key.LEFT: "left", key.RIGHT: "right"}
PAN_MODIFIERS = key.MOD_SHIFT | key.MOD_CTRL | key.MOD_ALT

HELP_LINES = [
    N_("Mouse: click a tile, then an equal one that links (<= 2 turns)"),
    N_("Right click: highlight every tile of that kind (zoomed out: and count them)"),
    N_("Tiles too small to read: a click zooms in there"),
    N_("H: the pair nearest the middle of the view; H again: the next one outward, free"),
    N_("Wheel: zoom at the pointer    Drag: pan (never selects)    Home: fit"),
    N_("Arrows: move the cursor    Shift/Ctrl+arrows: pan"),
]


# The rules a game may be played by (the menu's rows): the help explains each, and says which
# the game under it plays.
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


def key_name(symbol: int) -> str:
    names = {
        key.SPACE: "Space",
        key.ENTER: "Enter",
        key.RETURN: "Enter",
        key.ESCAPE: "Esc",
        key.HOME: "Home",
        key.TAB: "Tab",
        key.F1: "F1",
        key.QUESTION: "?",
        key.SLASH: "?",
    }
    return names.get(symbol, symbol_string(symbol))


def rules_line(rules: list[str]) -> str:
    """What the help says of the rules a game plays by (model/config.py's `rules_of`)."""
    said = _(", ").join(_(RULE_NAMES[rule]) for rule in rules) if rules else _("classic")
    return _("This game: {rules} (the menu's rows choose them)").format(rules=said)


def group_marks_lines(marked: bool) -> list[str]:
    """The help's line on the group marks, when the game's tiles carry them (`marked`)."""
    return [_(GROUP_MARKS_LINE)] if marked else []


def help_lines(rules: list[str] | None = None, marked: bool = False) -> list[str]:
    """The help's lines: the mouse, and the rules (with what `rules` says this game plays by,
    and how its tiles show Chinese style's groups when they are `marked`); the keys are
    `key_rows`."""
    lines = [_(line) for line in HELP_LINES]
    if rules is not None:
        lines += [rules_line(rules), *group_marks_lines(marked)]
        lines += [_(line) for line in RULE_LINES]
    return lines


def key_rows() -> list[tuple[str, str]]:
    """The help's table of keys: each action's keys, and what they do."""
    return [
        (" / ".join(dict.fromkeys(key_name(k) for k in keys)), _(what))
        for _action, keys, what in PLAY_KEYS
    ]


def actions() -> list[str]:
    """Every action a key can ask for: the table's and the arrows'."""
    moves = [f"{how} {way}" for how in ("cursor", "pan") for way in ARROWS.values()]
    return [action for action, _keys, _what in PLAY_KEYS] + moves


def action_for(symbol: int, modifiers: int = 0) -> str | None:
    if symbol in ARROWS:
        return f"{'pan' if modifiers & PAN_MODIFIERS else 'cursor'} {ARROWS[symbol]}"
    for action, keys, _what in PLAY_KEYS:
        if symbol in keys:
            return action
    return None

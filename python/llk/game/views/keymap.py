"""The key map: which key does what on the play screen. One table, so that the play screen
dispatches through it and the help lists exactly the keys that work."""

from __future__ import annotations

from arcade import key
from pyglet.window.key import symbol_string

from ..i18n import N_, _
from ..model.game_help import GameHelp

# (action, keys, description): the play screen has one handler an action (PlayView.actions).
PLAY_KEYS: list[tuple[str, tuple[int, ...], str]] = [
    ("select", (key.SPACE, key.ENTER, key.RETURN), N_("select the tile under the cursor")),
    ("hint", (key.H,), N_("hint: the pair nearest the view, and its path")),
    (
        "to_hint",
        (key.J,),
        N_("cursor to the hinted pair (a hint first if none shows); again: its other tile"),
    ),
    (
        "same_kind",
        (key.K,),
        N_("cursor to the next tile that links with the one under it, its kind marked"),
    ),
    ("zoom_in", (key.EQUAL, key.PLUS, key.NUM_ADD), N_("zoom in (at the cursor)")),
    ("zoom_out", (key.MINUS, key.NUM_SUBTRACT), N_("zoom out (at the cursor)")),
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
    ("say_hud", (key.I,), N_("say the time, score, pairs left and moves (spoken feedback)")),
    ("fit", (key.HOME,), N_("fit the board to the window")),
    ("minimap", (key.TAB,), N_("minimap: the whole board, where the moves are (click: go there)")),
    ("heat_map", (key.W,), N_("where to look: zoomed out, tiles coloured by the moves near them")),
    ("help", (key.F1, key.QUESTION, key.SLASH), N_("this help")),
    ("menu", (key.ESCAPE,), N_("back to the menu (the game is saved)")),
]
# The arrows: the cursor moves, or with a modifier the board pans ("cursor up", "pan up").
ARROWS = {key.UP: "up", key.DOWN: "down", key.LEFT: "left", key.RIGHT: "right"}
PAN_MODIFIERS = key.MOD_SHIFT | key.MOD_CTRL | key.MOD_ALT

# The mouse and the view, whatever the game (what its rules and mode say: model/game_help.py).
HELP_LINES = [
    N_("Right click: highlight every tile of that kind (zoomed out: and count them)"),
    N_("Tiles too small to read: a click zooms in there"),
    N_("H: the pair nearest the middle of the view; H again: the next one outward, free"),
    N_("Wheel: zoom at the pointer    Drag: pan (never selects)    Home: fit"),
    N_("Arrows: the cursor to the next tile that way    Shift/Ctrl+arrows: pan"),
]


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
        key.EQUAL: "+",
        key.PLUS: "+",
        key.NUM_ADD: "+",
        key.MINUS: "-",
        key.NUM_SUBTRACT: "-",
    }
    return names.get(symbol, symbol_string(symbol))


def help_lines(about: GameHelp) -> list[str]:
    """The help's prose: what the model says of the game under it (`about`: how a pair links,
    its rules), then the mouse and the view; the keys are `key_rows`."""
    return [*about.lines, *(_(line) for line in HELP_LINES)]


def key_rows(about: GameHelp) -> list[tuple[str, str]]:
    """The help's table of keys: each action's keys, and what they do in the game under it
    (`about.keys`: the words its mode gives an action, else the table's)."""
    return [
        (" / ".join(dict.fromkeys(key_name(k) for k in keys)), about.keys.get(action) or _(what))
        for action, keys, what in PLAY_KEYS
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

"""What spoken feedback says (views/speech.py says it): sentences made from what the game knows,
in the language in force. Pure functions, tested without a window: what the cursor is on,
what a click did, the HUD's numbers on a key, a change of the whole board, a screen's title and
its focused row.

A sentence is short and says the news first (a screen reader's habit: the player may cut it
off with the next key)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from .outcomes import Cell, Changed, Deselected, Linked, Moved, Outcome, Refused, Selected
from .tile_names import tile_name

if TYPE_CHECKING:
    import llk

    from .game import Game


ENDS = tuple("!?.:。！？：")  # a title that ends a sentence itself  # noqa: RUF001


def place(cell: Cell) -> str:
    """A cell as the player counts: "row 2 column 5" (from 1: the grid's cell (1, 4))."""
    return _("row {row} column {col}").format(row=cell[0] + 1, col=cell[1] + 1)


def on_cell(tile_set: str, kind: int, cell: Cell) -> str:
    """What the cursor is on: "bamboo 3, row 2 column 5", or "empty, ..."."""
    what = tile_name(tile_set, kind) if kind > 0 else _("empty")
    return _("{what}, {place}").format(what=what, place=place(cell))


def pairs_left(remaining: int) -> str:
    pairs = remaining // 2
    return ngettext("{pairs} pair left", "{pairs} pairs left", pairs).format(pairs=pairs)


def click(outcome: Outcome, tile_set: str, board: llk.Board) -> str:
    """What a click did ("" for nothing): the tile selected, the selection dropped, why a pair
    was refused, or the pair linked and the pairs left."""
    if isinstance(outcome, (Selected, Moved)):
        return _("{tile} selected").format(tile=tile_name(tile_set, board[outcome.cell]))
    if isinstance(outcome, Deselected):
        return _("selection dropped")
    if isinstance(outcome, Refused):
        return _("refused: {why}").format(why=outcome.said)
    if isinstance(outcome, Linked):
        return _("linked, {left}").format(left=pairs_left(board.remaining))
    return ""


def hint(pair: tuple[Cell, Cell], tile_set: str, board: llk.Board) -> str:
    """A hinted pair: its kind and where its two tiles are."""
    a, c = pair
    return _("hint: {tile}, {a} and {c}").format(
        tile=tile_name(tile_set, board[a]), a=place(a), c=place(c)
    )


def change(changed: Changed, remaining: int) -> str:
    """A change of the whole board (undo, redo, a shuffle, a prop): what it was and the pairs
    left."""
    left = pairs_left(remaining)
    if changed.how == "rearranged":
        return _("shuffled, {left}").format(left=left)
    return _("{said}, {left}").format(said=changed.said, left=left) if changed.said else left


def duration(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return _("{minutes} min {seconds} s").format(minutes=minutes, seconds=rest)


def hud(game: Game, moves: int | None) -> str:
    """The HUD's numbers (key I): the time, the score, the pairs left and the moves."""
    if game.time_left is not None:
        time = _("{time} left").format(time=duration(game.time_left))
    else:
        time = _("time {time}").format(time=duration(game.elapsed))
    if moves is None:
        counted = _("moves being counted")
    else:
        counted = ngettext("{moves} move", "{moves} moves", moves).format(moves=moves)
    said = _("{time}, score {score}, {left}, {moves}")
    left = pairs_left(game.board.remaining)
    return said.format(time=time, score=game.score, left=left, moves=counted)


def game_title(title: str, rows: int, cols: int) -> str:
    """A game as its screen opens: its mode's title (a journey level, the daily puzzle), or
    for a free game its board's size."""
    return title or _("{rows} by {cols} board").format(rows=rows, cols=cols)


def row(name: str, value: str) -> str:
    """A row of a list (the menu, the settings): its name and its value when it has one."""
    return _("{name}: {value}").format(name=name, value=value) if value else name


def power_up(name: str, price: int, owned: int) -> str:
    """A power-up of the journey's shop as the focus lands on it: its name, its price and how
    many the player keeps (Enter buys)."""
    costs = ngettext("{name}: {price} star", "{name}: {price} stars", price)
    return _("{costs}, {owned} kept").format(
        costs=costs.format(name=name, price=price), owned=owned
    )


def help_text(title: str, lines: list[str], keys: list[tuple[str, str]]) -> str:
    """The help as spoken: its title, its lines, then each key and what it does."""
    said = [title, *lines, *(_("{keys}: {what}").format(keys=k, what=w) for k, w in keys)]
    return " ".join(
        line if line.endswith(ENDS) else _("{line}.").format(line=line) for line in said
    )


def edited(before: str, after: str) -> str:
    """A text field's change as a screen reader echoes it: the characters typed, or those
    deleted; "" when nothing changed. A space alone is said as a word (a voice says nothing)."""

    def heard(chars: str) -> str:
        return _("space") if chars.isspace() else chars

    if after == before:
        return ""
    if after.startswith(before):
        return heard(after[len(before) :])
    if before.startswith(after):
        return _("{chars} deleted").format(chars=heard(before[len(after) :]))
    return after


def screen(title: str, focused: str) -> str:
    """A screen as it opens: its title, then its focused row (after a stop, unless the title
    ends in its own: "Cleared! Score 120")."""
    if not focused:
        return title
    if title.endswith(ENDS):
        return _("{title} {focused}").format(title=title, focused=focused)
    return _("{title}. {focused}").format(title=title, focused=focused)

"""How many tiny boards only KShisen's choice of push clears (docs/engine.md, "Differences from
KShisen"). Under tiles that slide, llk makes one link of a pair, always the same push; KShisen
(src/board.cpp: `findSimplePath`, `canSlideTiles`; `Board::marked` asks the player when more
than one way exists and one slides) lets the player push with either tile (the one clicked
first slides) toward either corner, or take a plain link instead.

Every board of ROWSxCOLS with EMPTY empty cells and KINDS kinds of PER tiles each, kinds
numbered in order of first appearance (so no board is counted twice under a renaming), is
solved twice, exhaustively, without gravity: by llk's solver (`llk.solve`, slide=True) and by
a search here over every move KShisen offers. Each move llk makes is checked to be one of
KShisen's. Prints a Markdown table: boards, clearable in each, clearable only in KShisen (and
only in llk, which must be 0), with the first few boards only KShisen clears.

    python scripts/kshisen_slide_choice.py > docs/results/kshisen-slide-choice.md
    python scripts/kshisen_slide_choice.py ROWSxCOLS EMPTY KINDS PER     (one family)

Without arguments: the families of the result file (3x3 with 1 empty cell and 2x5 with 2,
4 kinds x 2 each: no difference; 3x4 with 4 empty, 4 kinds x 2: some), a few minutes.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import cache
from itertools import combinations

import llk

Grid = tuple[tuple[int, ...], ...]
Cell = tuple[int, int]


def boards(rows: int, cols: int, empty: int, kinds: int, per: int) -> Iterator[Grid]:
    """Every board of the family, each once up to a renaming of its kinds."""
    cells = rows * cols
    for holes in combinations(range(cells), empty):
        tiles = [i for i in range(cells) if i not in holes]
        for kinds_of in _fills(len(tiles), kinds, per):
            flat = [0] * cells
            for cell, kind in zip(tiles, kinds_of, strict=True):
                flat[cell] = kind
            yield tuple(tuple(flat[r * cols : (r + 1) * cols]) for r in range(rows))


def _fills(n: int, kinds: int, per: int) -> Iterator[list[int]]:
    """Sequences of n kinds, `per` of each, each new kind the next number (1, 2, ...)."""

    def go(prefix: list[int], counts: list[int]) -> Iterator[list[int]]:
        if len(prefix) == n:
            yield list(prefix)
            return
        used = sum(1 for c in counts if c)
        for kind in range(1, min(used + 1, kinds) + 1):
            if counts[kind - 1] < per:
                counts[kind - 1] += 1
                prefix.append(kind)
                yield from go(prefix, counts)
                prefix.pop()
                counts[kind - 1] -= 1

    yield from go([], [0] * kinds)


def _clear(g: Grid, p: Cell, q: Cell) -> bool:
    """KShisen's `canMakePath`: p and q in a line, the cells strictly between empty."""
    if p[0] == q[0]:
        return all(g[p[0]][c] == 0 for c in range(min(p[1], q[1]) + 1, max(p[1], q[1])))
    if p[1] == q[1]:
        return all(g[r][p[1]] == 0 for r in range(min(p[0], q[0]) + 1, max(p[0], q[0])))
    return False


def _pushed(g: Grid, m: Cell, q: Cell) -> Grid | None:
    """KShisen's `canSlideTiles` and `performSlide`: the board after `m` pushes the tiles next
    to it toward `q`, far enough that the cells from `m` to `q` are empty; None when the gap
    beyond them is too small (or there is no run or no gap)."""
    rows, cols = len(g), len(g[0])
    dr, dc = (q[0] > m[0]) - (q[0] < m[0]), (q[1] > m[1]) - (q[1] < m[1])
    distance = abs(q[0] - m[0]) + abs(q[1] - m[1])

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols

    r, c = m[0] + dr, m[1] + dc
    if not inside(r, c) or g[r][c] == 0:
        return None  # no tile next to the mover: a plain link or none
    run = []
    while inside(r, c) and g[r][c] != 0:
        run.append((r, c))
        r, c = r + dr, c + dc
    gap = 0
    while inside(r, c) and g[r][c] == 0:
        gap, r, c = gap + 1, r + dr, c + dc
    if gap == 0 or distance > gap:
        return None
    out = [list(row) for row in g]
    for rr, cc in reversed(run):
        out[rr + dr * distance][cc + dc * distance] = g[rr][cc]
        out[rr][cc] = 0
    return tuple(map(tuple, out))


def _without(g: Grid, a: Cell, c: Cell) -> Grid:
    out = [list(row) for row in g]
    out[a[0]][a[1]] = out[c[0]][c[1]] = 0
    return tuple(map(tuple, out))


def kshisen_moves(g: Grid, a: Cell, c: Cell) -> set[Grid]:
    """The boards every way KShisen links a and c leaves (`findSimplePath` with slides)."""
    if g[a[0]][a[1]] != g[c[0]][c[1]]:
        return set()
    if a[0] == c[0] or a[1] == c[1]:
        return {_without(g, a, c)} if _clear(g, a, c) else set()
    after = set()
    for m, o in ((a, c), (c, a)):  # the tile clicked first slides
        for q in ((m[0], o[1]), (o[0], m[1])):  # routes A and B
            pushed = _pushed(g, m, q)
            if pushed is not None and _clear(g, q, o):
                after.add(_without(pushed, m, o))
            if g[q[0]][q[1]] == 0 and _clear(g, m, q) and _clear(g, q, o):
                after.add(_without(g, a, c))
    return after


def _tiles(g: Grid) -> list[Cell]:
    return [(r, c) for r, row in enumerate(g) for c, k in enumerate(row) if k]


@cache
def kshisen_clears(g: Grid) -> bool:
    tiles = _tiles(g)
    if not tiles:
        return True
    return any(
        kshisen_clears(after) for a, c in combinations(tiles, 2) for after in kshisen_moves(g, a, c)
    )


def llk_clears(g: Grid) -> bool:
    board = llk.Board([list(row) for row in g], slide=True)
    for a, c in board.moves():  # each of llk's links is one of KShisen's
        one = board.copy()
        one.remove(a, c)
        after = tuple(map(tuple, one.grid.tolist()))
        if after not in kshisen_moves(g, a, c):
            raise AssertionError(f"llk's link of {a} and {c} on {g} is not KShisen's")
    status = llk.solve(board, budget=10_000_000).status
    if status == "unknown":
        raise AssertionError(f"the solver did not finish on {g}")
    return status == "solved"


def count(rows: int, cols: int, empty: int, kinds: int, per: int) -> tuple[str, list[Grid]]:
    """The family's row of the table, and the boards only KShisen clears."""
    total = ours = theirs = only_ours = 0
    only_theirs: list[Grid] = []
    for g in boards(rows, cols, empty, kinds, per):
        total += 1
        a, b = llk_clears(g), kshisen_clears(g)
        ours, theirs = ours + a, theirs + b
        if b and not a:
            only_theirs.append(g)
        only_ours += a and not b
    family = f"{rows}x{cols}, {empty} empty, {kinds} kinds x {per}"
    row = f"| {family} | {total} | {ours} | {theirs} | {len(only_theirs)} | {only_ours} |"
    return row, only_theirs


FAMILIES = [["3x3", "1", "4", "2"], ["2x5", "2", "4", "2"], ["3x4", "4", "4", "2"]]


def main(argv: list[str]) -> None:
    families = [argv] if argv else FAMILIES
    print("| family | boards | llk clears | KShisen clears | only KShisen | only llk |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    shown = []
    for size, empty, kinds, per in families:
        rows, cols = map(int, size.split("x"))
        row, only_theirs = count(rows, cols, int(empty), int(kinds), int(per))
        print(row)
        shown += only_theirs[:2]
    if shown:
        print("\nBoards only KShisen clears (the first two of each family; `.` empty):\n")
        print("```")
        print(
            "\n\n".join(
                "\n".join(" ".join(str(k) if k else "." for k in r) for r in g) for g in shown
            )
        )
        print("```")


if __name__ == "__main__":
    main(sys.argv[1:])

"""KShisen's tile mix (`llk.deal(..., tiles="kshisen")`, issue 27 item 6): four tiles a kind in
turn, round and round the kinds, as KShisen's `Board::newGame` deals; carried in share codes by
a trailing "k" that codes made before it never have."""

from __future__ import annotations

import hashlib
from collections import Counter

import numpy as np
import pytest

import llk
from llk.codes import kshisen_pair_kinds, pair_kinds, parse_code
from tests.conftest import needs_both

# KShisen's sizes (columns x rows), its 42 kinds, and the mix the issue read off board.cpp:
# {tiles a kind: how many kinds}.
KSHISEN = {
    "14x6": {4: 21},
    "16x9": {4: 36},
    "18x8": {4: 36},
    "24x12": {8: 30, 4: 12},
    "26x14": {12: 7, 8: 35},
    "30x16": {12: 36, 8: 6},
}


def tiles_a_kind(pairs: np.ndarray) -> dict[int, int]:
    _, counts = np.unique(pairs, return_counts=True)
    return dict(Counter((2 * counts).tolist()))


@pytest.mark.parametrize("size", KSHISEN)
def test_the_mix_is_kshisens_rule_and_the_issues_figures(size: str) -> None:
    cols, rows = map(int, size.split("x"))
    tiles = rows * cols
    pairs = kshisen_pair_kinds(tiles, 42)
    # KShisen's loop: tile i (in reading order) gets kind (i / 4) % 42 + 1.
    rule = sorted((i // 4) % 42 + 1 for i in range(tiles))
    assert sorted(np.repeat(pairs, 2).tolist()) == rule
    assert tiles_a_kind(pairs) == KSHISEN[size]
    assert pairs.dtype == np.uint16 and list(pairs) == sorted(pairs)


def test_on_kshisens_small_sizes_both_mixes_deal_the_same_board(backend: str) -> None:
    # 4 tiles a kind there either way (84 or 144 tiles, at most 42 kinds of 4).
    for rows, cols in ((6, 14), (9, 16), (8, 18)):
        assert np.array_equal(
            kshisen_pair_kinds(rows * cols, 42), pair_kinds(rows * cols, rows * cols // 4)
        )
    a = llk.deal(6, 14, kinds=42, seed=3, tiles="kshisen", solvable=False, backend=backend)
    b = llk.deal(6, 14, kinds=21, seed=3, solvable=False, backend=backend)
    assert a.grid.tolist() == b.grid.tolist() and a.code != b.code


def test_a_kshisen_deal_has_the_mix_and_its_code_deals_it_again(backend: str) -> None:
    for solvable in (False, True):
        b = llk.deal(
            16,
            30,
            kinds=42,
            seed=11,
            gravity="down",
            solvable=solvable,
            tiles="kshisen",
            backend=backend,
        )
        grid = b.grid
        counts = Counter(Counter(grid[grid > 0].tolist()).values())
        assert counts == {12: 36, 8: 6}
        flags = "sbk" if solvable else "rbk"
        assert b.code == f"llk2.16x30.42.11.down.-.{flags}"
        again = llk.Board.from_code(b.code, backend=backend)
        assert again == b and again.code == b.code and again.solution == b.solution


# Share codes of the even mix, as llk dealt them before the tile mix existed (digests of the
# grids that /work/main's cores dealt for them, on both backends).
OLD_CODES = {
    "llk2.12x24.42.5.down.-.rb": "0d486267cb18e5de",
    "llk2.16x30.120.7.none.-.sb": "b46b6816269fb20f",
    "llk1.13x18.20.3.split-h.heart.sn": "acf944549f3f35de",
}


@pytest.mark.parametrize("code", OLD_CODES)
def test_codes_without_the_flag_deal_what_they_always_dealt(backend: str, code: str) -> None:
    b = llk.Board.from_code(code, backend=backend)
    assert hashlib.sha256(str(b.grid.tolist()).encode()).hexdigest()[:16] == OLD_CODES[code]
    assert b.code == code
    # The default mix is the even one, and says nothing in the code; a "k" asks for KShisen's.
    assert parse_code(code).tiles == "even" and parse_code(code + "k").tiles == "kshisen"


@pytest.mark.parametrize("code", ["llk2.6x14.42.1.none.-.sbkk", "llk2.6x14.42.1.none.-.skb"])
def test_a_misplaced_flag_is_a_bad_code(backend: str, code: str) -> None:
    with pytest.raises(llk.BoardError, match="not an llk share code"):
        llk.Board.from_code(code, backend=backend)


@pytest.mark.parametrize("tiles", ["KShisen", "", None, 4])
def test_an_unknown_mix_is_refused(backend: str, tiles: object) -> None:
    with pytest.raises(llk.BoardError, match="tiles must be one of 'even', 'kshisen'"):
        llk.deal(6, 14, kinds=21, seed=1, tiles=tiles, backend=backend)  # type: ignore[arg-type]


@needs_both
@pytest.mark.parametrize("gravity", ["none", "down", "split-v"])
def test_both_cores_deal_the_same_kshisen_boards(gravity: str) -> None:
    for rows, cols, seed, solvable in ((12, 24, 5, False), (14, 26, 9, True), (9, 16, 2, True)):
        boards = [
            llk.deal(
                rows,
                cols,
                kinds=42,
                seed=seed,
                gravity=gravity,
                solvable=solvable,
                tiles="kshisen",
                backend=name,
            )
            for name in llk.BACKENDS
        ]
        assert boards[0].grid.tolist() == boards[1].grid.tolist()
        assert boards[0].solution == boards[1].solution and boards[0].code == boards[1].code

"""The keyboard's cursor rules (model/cursor.py), without a window: each checked on boards
drawn for the case and against a slow, obviously correct reference on random boards."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from llk.game.model.cursor import WAYS, nearest_tile, next_of_kind, step, to_hint


def board(*rows: str) -> np.ndarray:
    """A grid from rows of characters: "." no tile, a digit a tile of that kind."""
    return np.array([[0 if ch == "." else int(ch) for ch in row] for row in rows], np.uint16)


# The references: every tile looked at, the rule as the docstring words it.


def slow_step(grid: np.ndarray, cell, way):
    dr, dc = WAYS[way]
    r, c = cell
    tiles = list(zip(*np.nonzero(grid), strict=True))
    ahead = [(y, x) for y, x in tiles if (y - r) * dr + (x - c) * dc > 0]
    own = [(y, x) for y, x in ahead if (y == r if dr == 0 else x == c)]
    if own:
        return min(own, key=lambda t: abs(t[0] - r) + abs(t[1] - c))
    # (steps, lines away along the arrow, index across, the tile)
    beyond = [
        (
            abs(y - r) + abs(x - c),
            abs(x - c) if dr == 0 else abs(y - r),
            y if dr == 0 else x,
            (y, x),
        )
        for y, x in ahead
    ]
    return min(beyond)[3] if beyond else cell


def slow_nearest(grid: np.ndarray, cell):
    tiles = list(zip(*np.nonzero(grid), strict=True))
    if not tiles:
        return None
    return min(tiles, key=lambda t: (abs(t[0] - cell[0]) + abs(t[1] - cell[1]), t[0], t[1]))


def slow_next_of_kind(grid: np.ndarray, cell, kinds):
    rows, cols = grid.shape
    here = cell[0] * cols + cell[1]
    order = [(here + i) % (rows * cols) for i in range(1, rows * cols)]
    for index in order:
        r, c = divmod(index, cols)
        if grid[r, c] and grid[r, c] in kinds:
            return (r, c)
    return None


def test_an_arrow_skips_the_empty_cells_of_its_row_and_column():
    grid = board(
        "1..2",
        "....",
        "3..4",
    )
    assert step(grid, (0, 0), "right") == (0, 3)
    assert step(grid, (0, 3), "left") == (0, 0)
    assert step(grid, (0, 0), "down") == (2, 0)
    assert step(grid, (2, 3), "up") == (0, 3)


def test_with_no_tile_further_along_its_line_an_arrow_takes_the_nearest_in_the_half_plane():
    grid = board(
        "....5",
        "1....",
        "...2.",
        ".3...",
    )
    # Right from row 1: nothing further on row 1; (3, 1) is 3 steps away, (2, 3) is 4.
    assert step(grid, (1, 0), "right") == (3, 1)
    # Down from (0, 4): nothing below in column 4; (2, 3) is 3 steps, (3, 1) is 6.
    assert step(grid, (0, 4), "down") == (2, 3)
    # Left from (0, 4): (1, 0) is 5 steps, (2, 3) is 3.
    assert step(grid, (0, 4), "left") == (2, 3)


def test_a_tie_goes_to_the_tile_nearer_along_the_arrow_then_to_the_upper_or_left_one():
    grid = board(
        "..1..",
        ".....",
        "5....",
        ".....",
        "..2..",
    )
    # Right from (2, 0): (0, 2) and (4, 2) are both 4 steps and 2 columns on: the upper one.
    assert step(grid, (2, 0), "right") == (0, 2)
    grid = board(
        "....",
        "1...",
        "....",
        "..3.",
    )
    # Right from (0, 0): (1, 0) is not to the right; (3, 2) is the only tile there.
    assert step(grid, (0, 0), "right") == (3, 2)
    grid = board(
        ".2..",
        "1...",
        "....",
        "...3",
    )
    # Right from (1, 0): (0, 1) is 2 steps and 1 column on, (3, 3) 5 steps.
    assert step(grid, (1, 0), "right") == (0, 1)


def test_with_no_tile_that_way_at_all_the_cursor_stays():
    grid = board(
        "1..",
        "...",
        "..2",
    )
    assert step(grid, (0, 0), "up") == (0, 0)
    assert step(grid, (0, 0), "left") == (0, 0)
    assert step(grid, (2, 2), "right") == (2, 2)
    assert step(board("...", "..."), (1, 1), "left") == (1, 1)


def test_an_arrow_works_from_an_empty_cell_and_refuses_what_is_not_on_the_board():
    grid = board("1.2")
    assert step(grid, (0, 1), "left") == (0, 0)
    with pytest.raises(ValueError, match=r"\(0, 3\)"):
        step(grid, (0, 3), "left")
    with pytest.raises(ValueError, match="sideways"):
        step(grid, (0, 0), "sideways")


def test_the_cursor_starts_on_the_tile_nearest_where_the_player_looks():
    grid = board(
        "1....",
        ".....",
        ".....",
        "....2",
    )
    assert nearest_tile(grid, (1, 1)) == (0, 0)
    assert nearest_tile(grid, (3, 3)) == (3, 4)
    assert nearest_tile(grid, (0, 0)) == (0, 0)
    assert nearest_tile(board("...", "..."), (1, 1)) is None
    # Found first in the square round the cell, and yet not nearest: a corner of the square
    # is 8 steps off, a cell just past its side 5.
    grid = np.zeros((12, 12), np.uint16)
    grid[4, 4] = grid[5, 0] = 1
    assert nearest_tile(grid, (0, 0)) == (5, 0)


def test_the_same_kind_key_goes_round_in_reading_order_past_the_other_kinds():
    grid = board(
        "1.2",
        "2.1",
        "1..",
    )
    assert next_of_kind(grid, (0, 0), {1}) == (1, 2)
    assert next_of_kind(grid, (1, 2), {1}) == (2, 0)
    assert next_of_kind(grid, (2, 0), {1}) == (0, 0)  # round to the first
    assert next_of_kind(grid, (0, 2), {2}) == (1, 0)
    assert next_of_kind(board("1.2"), (0, 0), {1}) is None  # no other tile of it
    assert next_of_kind(grid, (0, 0), {1, 2}) == (0, 2)  # a group: any of its kinds


def test_the_hint_key_goes_to_the_pairs_first_tile_then_to_the_other():
    pair = ((1, 2), (3, 4))
    assert to_hint(pair, None) == (1, 2)
    assert to_hint(pair, (0, 0)) == (1, 2)
    assert to_hint(pair, (1, 2)) == (3, 4)
    assert to_hint(pair, (3, 4)) == (1, 2)


grids = st.tuples(st.integers(1, 12), st.integers(1, 12)).flatmap(
    lambda shape: arrays(np.uint16, shape, elements=st.sampled_from([0, 0, 0, 1, 2, 3]))
)


@settings(max_examples=300, deadline=None)
@given(grids, st.data())
def test_the_rules_agree_with_the_slow_reference_on_random_boards(grid, data):
    rows, cols = grid.shape
    cell = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    for way in WAYS:
        assert step(grid, cell, way) == slow_step(grid, cell, way), way
    assert nearest_tile(grid, cell) == slow_nearest(grid, cell)
    kinds = data.draw(st.sets(st.sampled_from([1, 2, 3]), min_size=1))
    assert next_of_kind(grid, cell, kinds) == slow_next_of_kind(grid, cell, kinds)


def test_a_big_sparse_board_is_walked_the_same_way_past_the_blocks():
    # Tiles further apart than a block of lines: the outward search crosses blocks.
    grid = np.zeros((300, 300), np.uint16)
    grid[5, 250] = grid[290, 10] = grid[150, 150] = 7
    for cell in [(0, 0), (150, 149), (299, 299), (5, 250)]:
        for way in WAYS:
            assert step(grid, cell, way) == slow_step(grid, cell, way), (cell, way)
        assert nearest_tile(grid, cell) == slow_nearest(grid, cell)
        assert next_of_kind(grid, cell, {7}) == slow_next_of_kind(grid, cell, {7})


@st.composite
def sparse_boards(draw):
    """A big board with a few tiles, far apart: the searches go past their first blocks."""
    rows, cols = draw(st.integers(70, 200)), draw(st.integers(70, 200))
    grid = np.zeros((rows, cols), np.uint16)
    for _ in range(draw(st.integers(0, 8))):
        grid[draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))] = draw(
            st.sampled_from([1, 2])
        )
    cell = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    return grid, cell


@settings(max_examples=150, deadline=None)
@given(sparse_boards())
def test_the_rules_agree_with_the_slow_reference_on_big_sparse_boards(drawn):
    grid, cell = drawn
    for way in WAYS:
        assert step(grid, cell, way) == slow_step(grid, cell, way), way
    assert nearest_tile(grid, cell) == slow_nearest(grid, cell)
    assert next_of_kind(grid, cell, {1}) == slow_next_of_kind(grid, cell, {1})

"""The journey map's layout without a window (model/journey.py: map_place, level_at_place,
map_step): the levels wind down the map as a snake, and an arrow moves to the node next to the
focus in its direction on screen, whatever the levels' numbers (issue 38: Right went left on
the rows drawn right to left, and Down jumped across the map)."""

from __future__ import annotations

import pytest

from llk.game.model import journey

COLS = journey.MAP_COLUMNS
COUNT = len(journey.levels())


def test_the_levels_wind_as_a_snake_each_beside_the_one_before():
    assert [journey.map_place(n) for n in range(1, 2 * COLS + 2)] == [
        *((0, c) for c in range(COLS)),
        *((1, c) for c in reversed(range(COLS))),
        (2, 0),
    ]
    for number in range(2, COUNT + 1):
        (r1, c1), (r2, c2) = journey.map_place(number - 1), journey.map_place(number)
        assert abs(r1 - r2) + abs(c1 - c2) == 1, number  # next to it, across or down
        assert journey.level_at_place(r2, c2, COUNT) == number


@pytest.mark.parametrize("direction", list(journey.MAP_STEPS))
def test_an_arrow_moves_to_the_node_next_in_its_direction_on_every_row(direction):
    down, right = journey.MAP_STEPS[direction]
    assert COUNT % COLS == 0  # full rows (a short one: the test below)
    for number in range(1, COUNT + 1):
        row, col = journey.map_place(number)
        moved = journey.map_step(number, direction)
        beyond = not (0 <= col + right < COLS and 0 <= row + down < COUNT // COLS)
        if beyond:
            assert moved == number, (number, direction)  # the map's edge: it stays
        else:
            assert journey.map_place(moved) == (row + down, col + right), (number, direction)


def test_the_snakes_rows_as_the_player_sees_them():
    step = journey.map_step
    assert [step(n, "right") for n in (1, 4, 5)] == [2, 5, 5]  # the first row, left to right
    assert [step(n, "right") for n in (7, 6, 10)] == [6, 6, 9]  # the second, right to left
    assert [step(n, "left") for n in (7, 10, 11)] == [8, 10, 11]
    assert [step(n, "down") for n in (1, 5, 6, 10)] == [10, 6, 15, 11]  # the node below
    assert [step(n, "up") for n in (1, 10, 15)] == [1, 1, 6]


def test_a_short_last_row_has_an_empty_end_the_arrows_stay_out_of():
    # Seven levels: the second row holds 6 and 7, at its right end (it runs right to left).
    assert [journey.map_place(n) for n in (6, 7)] == [(1, COLS - 1), (1, COLS - 2)]
    assert journey.level_at_place(1, 0, 7) is None
    assert journey.map_step(1, "down", count=7) == 1  # nothing below level 1
    assert journey.map_step(4, "down", count=7) == 7
    assert journey.map_step(7, "left", count=7) == 7
    assert journey.map_step(7, "right", count=7) == 6
    assert journey.level_at_place(-1, 0, 7) is None and journey.level_at_place(0, COLS, 7) is None

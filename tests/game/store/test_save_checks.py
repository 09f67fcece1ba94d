"""What a save must be before it is believed (store/checks.py, store/savefile.py,
model/saved.py): a grid of int cells, a history as long as it says, and a replay that leads to
the saved grid; otherwise the save is refused, or the board comes from the grid alone."""

from __future__ import annotations

import json
import struct
import zlib

import numpy as np
import pytest

import llk
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.store import savefile
from llk.game.store.checks import is_saved_game


def played(backend: str) -> Game:
    config = GameConfig(rows=4, cols=6, kinds=4, seed=5)
    game = Game(config, llk.Board.from_code(config.deal().code, backend=backend))
    for a, c in game.board.solution[:3]:
        game.board.remove(a, c)
    return game


def test_a_replay_that_does_not_lead_to_the_saved_grid_gives_way_to_the_grid(backend) -> None:
    game = played(backend)
    data = game.to_save()
    grid = np.array(data["grid"])
    tiles = np.flatnonzero(grid)
    a, c = tiles[0], tiles[-1]
    if grid.flat[a] == grid.flat[c]:
        c = next(t for t in tiles if grid.flat[t] != grid.flat[a])
    grid.flat[[a, c]] = grid.flat[[c, a]]  # the file says otherwise than its moves
    data["grid"] = grid.tolist()
    restored = Game.from_save(data)
    assert restored.board.grid.tolist() == data["grid"]
    assert Game.from_save(game.to_save()).board.grid.tolist() == game.board.grid.tolist()


@pytest.mark.parametrize("cell", [1.0, 1.5, "1", True, None, [1]])
def test_a_grid_cell_that_is_not_an_int_is_no_saved_game(cell) -> None:
    assert is_saved_game({"grid": [[1, 1], [2, 2]]})
    assert not is_saved_game({"grid": [[1, 1], [2, cell]]})


def _with_header(raw: bytes, change) -> bytes:
    """The save `raw` with its JSON header changed by `change` (the rest as it was)."""
    start = len(savefile.MAGIC) + 1
    body = zlib.decompress(raw[start:])
    (size,) = struct.unpack_from("<I", body)
    header = json.loads(body[4 : 4 + size])
    change(header)
    new = json.dumps(header).encode()
    return raw[:start] + zlib.compress(struct.pack("<I", len(new)) + new + body[4 + size :])


def test_a_history_of_another_length_than_it_says_is_a_damaged_save(backend) -> None:
    raw = savefile.encode(played(backend).to_save())
    assert savefile.decode(_with_header(raw, lambda h: None))["history"]

    def longer(header):
        header["history"]["length"] += 1

    def shorter(header):
        header["history"]["length"] -= 1

    for change in (longer, shorter):
        with pytest.raises(ValueError, match="history of the wrong length"):
            savefile.decode(_with_header(raw, change))


def test_an_array_grid_must_be_a_2d_uint16_one_with_cells_and_good_fields() -> None:
    """The binary save's grid (savefile.decode's uint16 array): each condition is needed on its
    own (mutants of scripts/mutation that joined them with `or`, or accepted any dict, survived
    the suite: docs/mutation-survivors.md)."""
    good = np.array([[1, 1], [0, 0]], dtype=np.uint16)
    assert is_saved_game({"grid": good})
    assert not is_saved_game([good])  # not a dict at all
    assert not is_saved_game({"grid": good.astype(np.int16)})  # signed, itemsize 2
    assert not is_saved_game({"grid": good.astype(np.uint8)})  # unsigned, itemsize 1
    assert not is_saved_game({"grid": good.ravel()})  # one dimension
    assert not is_saved_game({"grid": np.zeros((0, 2), dtype=np.uint16)})  # no cells
    assert not is_saved_game({"grid": good, "score": -1})  # a bad field


def test_a_list_grid_must_be_a_non_empty_list_of_rows() -> None:
    """The JSON save's grid: a list, not empty, of lists (each condition on its own: mutants of
    scripts/mutation that joined them with `or`, or let the grid through when it was none,
    survived the suite: docs/mutation-survivors.md); one cell is a grid, in a list or an array."""
    assert is_saved_game({"grid": [[1]]})
    assert is_saved_game({"grid": np.ones((1, 1), dtype=np.uint16)})
    assert not is_saved_game({})  # no grid at all
    assert not is_saved_game({"grid": None})
    assert not is_saved_game({"grid": []})  # no rows
    assert not is_saved_game({"grid": [1, 2]})  # rows that are not lists
    assert not is_saved_game({"grid": ((1, 1), (2, 2))})  # not a list


GRID = [[1, 1], [2, 2]]


@pytest.mark.parametrize(
    "row",
    [[0, 0, None], [10, 2, None], [12, 3, 4.5], [12.0, 3, 0]],
    ids=["start", "no-time", "a-time", "whole-float"],
)
def test_a_tally_row_of_a_score_a_combo_and_a_time_or_none_is_kept(row) -> None:
    assert is_saved_game({"grid": GRID, "tallies": [[0, 0, None], row]})


@pytest.mark.parametrize(
    "row",
    [
        [1, 2],
        [1, 2, None, 0],
        (1, 2, None),
        "123",
        [-1, 0, None],
        [1.5, 0, None],
        [1, -1, None],
        [1, True, None],
        [1, 1, -0.5],
        [1, 1, "3"],
        [1, 1, float("nan")],
    ],
    ids=[
        "short",
        "long",
        "tuple",
        "string",
        "score-negative",
        "score-half",
        "combo-negative",
        "combo-bool",
        "time-negative",
        "time-string",
        "time-nan",
    ],
)
def test_a_tally_row_of_another_shape_or_a_bad_number_is_no_saved_game(row) -> None:
    """Each part of a tally row is checked on its own (mutants that joined the checks with `or`
    survived the suite: docs/mutation-survivors.md)."""
    assert is_saved_game({"grid": GRID, "tallies": [[0, 0, None]]})
    assert not is_saved_game({"grid": GRID, "tallies": [[0, 0, None], row]})


GOOD_FIELDS = {
    "config": {"chinese": True, "slide": False, "tiles": "even"},
    "spent": {"hint": 2, "shuffle": 0.0},
    "score": 2**53,  # the largest count: exact as a float
    "elapsed": float(2**53),
}


def test_a_save_whose_config_assists_and_numbers_are_in_range_is_kept() -> None:
    assert is_saved_game({"grid": GRID, **GOOD_FIELDS})


@pytest.mark.parametrize(
    "fields",
    [
        {"config": {"chinese": "yes"}},
        {"config": {"slide": 1}},
        {"config": {"tiles": 3}},
        {"spent": {"hint": -1}},
        {"spent": {"hint": 1.5}},
        {"spent": [1]},
        {"score": 2**53 + 1},
        {"elapsed": 2.0**54},
        {"elapsed": -0.5},
    ],
    ids=[
        "config-chinese",
        "config-slide",
        "config-tiles",
        "spent-negative",
        "spent-half",
        "spent-list",
        "count-too-big",
        "amount-too-big",
        "amount-negative",
    ],
)
def test_a_bad_config_assist_or_number_is_no_saved_game(fields) -> None:
    """The save's config and its table of assists spent are read by their own names, and a
    number is refused past the largest count (mutants that read other keys, joined the checks
    with `or` or moved the bound survived the suite without the window's tests:
    docs/mutation-survivors.md)."""
    assert not is_saved_game({"grid": GRID, **GOOD_FIELDS, **fields})

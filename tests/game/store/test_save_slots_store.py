"""store/saves.py without a window: the slot of a save, the read of an older llk's one save,
what `peek_game` answers, a save kept beside another game's, and a save that could not be
written (the mutation sample's survivors in saves.py: docs/results/mutation/report.md)."""

from __future__ import annotations

import json
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import llk
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.store import savefile, saves
from llk.game.store.files import LOCK_FILE
from llk.game.store.saves import JSON_SAVE_FILE, LEGACY_SAVE_FILE, SaveSlots, slot_of

GRID = [[1, 2, 0, 0], [2, 1, 3, 3]]
# The store syncs every file it writes: on a RAM disk, where there is one, that costs nothing.
RAM_DISK = Path("/dev/shm")


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A folder of its own for each test, on the RAM disk when there is one."""
    if not RAM_DISK.is_dir():
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=RAM_DISK) as folder:
        yield Path(folder)


def a_save(mode: str = "free", save_id: str = "g1", grid: Any = GRID) -> dict[str, Any]:
    board = llk.Board(grid)
    config = GameConfig(rows=board.rows, cols=board.cols, kinds=3, seed=1, mode=mode)
    game = Game(config, board)
    game.save_id = save_id
    game.elapsed = 4.0
    return game.to_save()


def names(slots: SaveSlots) -> list[str]:
    """The folder's files but the lock the store takes for its writes (store/files.py)."""
    return sorted(p.name for p in slots.root.iterdir() if p.name != LOCK_FILE)


def test_the_slot_of_a_save_is_its_kind_of_game() -> None:
    assert slot_of({"config": {"mode": "journey:7"}}) == "journey"
    assert slot_of({"config": {"mode": "daily"}}) == "daily"
    assert slot_of({"config": {"mode": "free"}}) == "free"
    for odd in ({}, {"config": None}, {"config": {}}, {"config": {"mode": 3}}):
        assert slot_of(odd) == "free"
    assert slot_of({"config": {"mode": "chess"}}) == "free"


def test_peek_answers_a_saves_summary_and_none_for_an_empty_slot(folder) -> None:
    slots = SaveSlots(folder)
    assert slots.peek_game("free") is None
    slots.save_game(a_save())
    peeked = slots.peek_game("free")
    assert peeked is not None
    assert (peeked["id"], peeked["rows"], peeked["cols"]) == ("g1", 2, 4)
    assert (peeked["remaining"], peeked["elapsed"]) == (6, 4.0)
    assert slots.peek_game("journey") is None and slots.problems == []
    assert list(slots.saved_games()) == ["free"]
    slots.save_game(a_save("daily", grid=[[3], [3]]))  # one column is a size
    peeked = slots.peek_game("daily")
    assert peeked is not None and (peeked["rows"], peeked["cols"]) == (2, 1)
    slots.save_game(a_save("journey:1", grid=[[3, 3]]))  # and so is one row
    assert list(slots.saved_games()) == ["free", "journey", "daily"]


def test_peek_counts_the_tiles_of_a_save_from_before_remaining(folder) -> None:
    older = a_save()
    del older["remaining"]
    (folder / "saved-free.llk").write_bytes(savefile.encode(older))
    peeked = SaveSlots(folder).peek_game("free")
    assert peeked is not None and peeked["remaining"] == 6


def test_peek_sets_aside_a_save_in_the_wrong_slot_or_unreadable(folder) -> None:
    (folder / "saved-free.llk").write_bytes(savefile.encode(a_save("journey:2")))
    (folder / "saved-daily.llk").write_bytes(b"not a save")
    slots = SaveSlots(folder)
    assert slots.peek_game("free") is None and slots.peek_game("daily") is None
    assert names(slots) == ["saved-daily.llk.corrupt-1", "saved-free.llk.corrupt-1"]
    assert len(slots.problems) == 2


def test_peek_sets_aside_a_save_of_no_cells(folder) -> None:
    empty = a_save()
    empty["grid"] = [[]]  # one row of no columns: nothing a game could be restored from
    (folder / "saved-free.llk").write_bytes(savefile.encode(empty))
    slots = SaveSlots(folder)
    assert slots.peek_game("free") is None
    assert names(slots) == ["saved-free.llk.corrupt-1"] and len(slots.problems) == 1


def test_an_older_llks_save_moves_into_its_kinds_slot_once(folder) -> None:
    (folder / LEGACY_SAVE_FILE).write_bytes(savefile.encode(a_save("journey:3", "old")))
    slots = SaveSlots(folder)
    peeked = slots.peek_game("journey")
    assert peeked is not None and peeked["id"] == "old"
    assert names(slots) == ["saved-journey.llk"] and slots.problems == []
    # Read once a run: an older save that turns up later stays where it is.
    (folder / JSON_SAVE_FILE).write_text(json.dumps(a_save("daily", "late")))
    assert slots.peek_game("daily") is None
    assert names(slots) == [JSON_SAVE_FILE, "saved-journey.llk"]


def test_an_older_json_save_is_packed_into_its_slot(folder) -> None:
    (folder / JSON_SAVE_FILE).write_text(json.dumps(a_save("daily", "js")))
    slots = SaveSlots(folder)
    loaded = slots.load_game("daily")
    assert loaded is not None and loaded["id"] == "js"
    assert names(slots) == ["saved-daily.llk"] and slots.problems == []


def test_an_older_save_beside_a_save_of_its_kind_is_kept_as_older(folder) -> None:
    (folder / "saved-free.llk").write_bytes(savefile.encode(a_save(save_id="new")))
    (folder / LEGACY_SAVE_FILE).write_bytes(savefile.encode(a_save(save_id="old")))
    slots = SaveSlots(folder)
    peeked = slots.peek_game("free")
    assert peeked is not None and peeked["id"] == "new"
    assert names(slots) == ["saved-free.llk", f"{LEGACY_SAVE_FILE}.older-1"]
    assert len(slots.problems) == 1


@pytest.mark.parametrize("content", [b"garbage", savefile.encode({"config": {}})])
def test_an_older_save_that_is_not_a_save_is_set_aside(folder, content) -> None:
    (folder / LEGACY_SAVE_FILE).write_bytes(content)
    slots = SaveSlots(folder)
    assert slots.saved_games() == {}
    assert names(slots) == [f"{LEGACY_SAVE_FILE}.corrupt-1"] and len(slots.problems) == 1


def test_a_save_over_another_games_keeps_that_one_beside(folder) -> None:
    slots = SaveSlots(folder)
    slots.save_game(a_save(save_id="first"))
    first = (folder / "saved-free.llk").read_bytes()
    slots.save_game(a_save(save_id="first"))  # the same game: written over
    assert names(slots) == ["saved-free.llk"] and slots.problems == []
    slots.save_game(a_save(save_id="second"))
    assert names(slots) == ["saved-free.llk", "saved-free.llk.replaced-1"]
    assert (folder / "saved-free.llk.replaced-1").read_bytes() == first
    assert slots.problems == [
        "saved-free.llk held another game's save, kept as saved-free.llk.replaced-1"
    ]
    peeked = slots.peek_game("free")
    assert peeked is not None and peeked["id"] == "second"


def test_a_save_over_an_unreadable_file_sets_it_aside(folder) -> None:
    (folder / "saved-free.llk").write_bytes(b"damaged")
    slots = SaveSlots(folder)
    slots.save_game(a_save())
    assert names(slots) == ["saved-free.llk", "saved-free.llk.corrupt-1"]
    assert len(slots.problems) == 1


def failing_writes(monkeypatch) -> None:
    def refuse(path, data) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_atomically", refuse)


def test_a_save_that_cannot_be_written_is_kept_then_set_aside_on_request(folder, monkeypatch):
    slots = SaveSlots(folder)
    assert not slots.keeps_unwritten_game()
    with monkeypatch.context() as patch:
        failing_writes(patch)
        slots.save_game(a_save(save_id="kept"))
    assert slots.keeps_unwritten_game() and names(slots) == []
    peeked = slots.peek_game("free")
    assert peeked is not None and peeked["id"] == "kept"
    slots.problems.clear()
    slots.set_aside_game("free", "a reason")
    assert not slots.keeps_unwritten_game() and slots.peek_game("free") is None
    assert slots.problems == ["the unsaved game could not be restored (a reason)"]


def test_a_save_that_reads_but_cannot_be_restored_is_set_aside(folder) -> None:
    slots = SaveSlots(folder)
    slots.set_aside_game("free", "no file")
    assert names(slots) == [] and slots.problems == []
    slots.save_game(a_save())
    slots.set_aside_game("free", "a reason")
    assert names(slots) == ["saved-free.llk.corrupt-1"]
    assert slots.problems == [
        "saved-free.llk was unreadable (a reason); moved to saved-free.llk.corrupt-1"
    ]


def test_a_save_in_flight_answers_with_its_summary_and_keeps_nothing_meanwhile(
    folder, monkeypatch
) -> None:
    slots = SaveSlots(folder)
    with monkeypatch.context() as patch:
        failing_writes(patch)
        slots.save_game(a_save(save_id="kept"))
    go = threading.Event()

    def make() -> dict[str, Any]:
        go.wait(10)
        return a_save("journey:2", save_id="late")

    said = {"id": "late", "config": {"mode": "journey:2"}, "rows": 2, "cols": 4}
    slots.save_game_later(make, said)
    try:
        # The failed save may yet be written over: not kept until the one in flight is done.
        assert not slots.keeps_unwritten_game()
        assert slots.peek_game("journey") is said
        peeked = slots.peek_game("free")
        assert peeked is not None and peeked["id"] == "kept"
    finally:
        go.set()  # the worker is not a daemon: a failed assert must not leave it waiting
    slots.wait_for_saves()
    assert slots.keeps_unwritten_game()
    peeked = slots.peek_game("journey")
    assert peeked is not None and peeked is not said and peeked["remaining"] == 6

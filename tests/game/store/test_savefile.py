"""The compact saved-game format (savefile.py): the game's dicts come back exactly, a JSON save
of an older llk still loads, and a million-tile game after 10,000 moves saves and loads
identically (its size and times are in `llk bench --frames`' save rows, not asserted here)."""

from __future__ import annotations

import json
import threading

import numpy as np
import pytest

import llk
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.store import savefile
from llk.game.store.saves import JSON_SAVE_FILE, slot_file
from llk.game.store.storage import Storage

from ...saved_dicts import plain

SAVE_FILE = slot_file("free")  # the save a free game writes


def played(config: GameConfig, moves: int, backend: str | None = None) -> Game:
    """A game of `config` after `moves` pairs, a shuffle, a mirror and one more pair; its board
    on `backend` (the default core when None)."""
    board = None if backend is None else llk.Board.from_code(config.deal().code, backend=backend)
    game = Game(config, board)
    solution = game.board.solution
    for a, c in solution[:moves]:
        game.board.remove(a, c)
    game.board.shuffle(7)
    game.board.mirror("v")
    for a, c in game.board.moves()[:3]:
        game.board.remove(a, c)
        break
    return game


@pytest.mark.parametrize(
    "data",
    [
        {"grid": [[1, 1]]},
        {"grid": [[70000, 1]], "history": [["mirror", "h"]], "code": None},
        {
            "grid": [[0, 2], [2, 0]],
            "history": [["remove", [[0, 0], [0, 1]]], ["shuffle", [3, True]]],
        },
        {"grid": [[True, 1]], "score": 2.5},
        {"config": {"rows": 2}, "history": []},
    ],
)
def test_dicts_come_back_exactly(data) -> None:
    assert savefile.decode(savefile.encode(data)) == data


@pytest.mark.parametrize("gravity", ["none", "down"])
def test_the_compact_dict_writes_the_same_file(backend: str, gravity: str) -> None:
    # The game saves through to_save(compact=True): the board's grid array and its history in
    # bulk, written without a Python object per removal. The same bytes as the plain dict.
    config = GameConfig(rows=12, cols=16, kinds=10, seed=4, gravity=gravity)
    board = llk.deal(12, 16, kinds=10, seed=4, gravity=gravity, backend=backend)
    game = Game(config, board)
    for a, c in board.solution[:20]:
        board.remove(a, c)
    board.shuffle(7)
    board.mirror("v")
    board.add_obstacles(2, 9)
    for a, c in board.moves()[:2]:
        if board.can_link(a, c):
            board.remove(a, c)
    board.undo()  # what was undone is not saved
    compact, plain = game.to_save(compact=True), game.to_save()
    assert isinstance(compact["history"], savefile.Log)
    assert compact["history"].entries() == plain["history"]
    assert savefile.encode(compact) == savefile.encode(plain)
    assert savefile.decode(savefile.encode(compact)) == plain


def test_a_played_game_saves_and_restores(tmp_path, backend: str) -> None:
    # Played on either core, restored on the default one: the save is the same either way.
    game = played(GameConfig(rows=12, cols=16, kinds=10, seed=4), 30, backend)
    assert game.board.backend == backend
    storage = Storage(tmp_path)
    storage.save_game(game.to_save())
    assert (tmp_path / SAVE_FILE).read_bytes().startswith(savefile.MAGIC)
    restored = Game.from_save(Storage(tmp_path).load_game("free"))
    if restored.history_to_come is not None:  # a big board: played at once, its history after
        assert restored.board.grid.tolist() == game.board.grid.tolist()
        assert restored.take_history(restored.history_work()())
    assert restored.board == game.board
    assert len(restored.board.history) == len(game.board.history)
    assert restored.score == game.score


def test_a_loaded_grid_stays_the_files_array_for_a_quick_restore(tmp_path) -> None:
    # Continue restores on a worker while frames are drawn: a million cells made into lists,
    # checked one by one and made into an array again took 0.3 s and held the frame thread
    # for 24 ms at a time (llk bench --frames, "hand-over: continue").
    game = played(GameConfig(rows=6, cols=8, kinds=6, seed=1), 5)
    storage = Storage(tmp_path)
    storage.save_game(game.to_save(compact=True))
    for loaded in (storage.load_game("free"), Storage(tmp_path).load_game("free")):
        assert isinstance(loaded["grid"], np.ndarray) and loaded["grid"].dtype == np.uint16
        assert Game.from_save(loaded).board == game.board
    assert Storage(tmp_path).peek_game("free")["remaining"] == game.board.remaining


def test_an_older_json_save_still_loads_and_the_next_save_replaces_it(tmp_path) -> None:
    game = played(GameConfig(rows=6, cols=8, kinds=6, seed=1), 5)
    (tmp_path / JSON_SAVE_FILE).write_text(json.dumps(game.to_save()))
    storage = Storage(tmp_path)
    assert Game.from_save(storage.load_game("free")).board == game.board
    storage.save_game(game.to_save())
    assert not (tmp_path / JSON_SAVE_FILE).exists()
    assert Game.from_save(Storage(tmp_path).load_game("free")).board == game.board


def test_a_newer_format_is_refused_with_its_version(tmp_path) -> None:
    raw = savefile.encode({"grid": [[1, 1]]})
    (tmp_path / SAVE_FILE).write_bytes(raw[: len(savefile.MAGIC)] + bytes([9]) + raw[9:])
    storage = Storage(tmp_path)
    assert storage.load_game("free") is None
    assert "format 9" in storage.problems[0]


def test_a_million_tile_game_saves_and_loads_identically(tmp_path) -> None:
    # The pure-Python core deals a million tiles in 15 s and loads them in 9: the same format
    # on 300x300 keeps its pass of the suite quick.
    n = 1000 if llk.BACKEND == "rust" else 300
    game = Game(GameConfig(rows=n, cols=n, kinds=48, seed=3))
    for a, c in game.board.solution[: n * 10]:
        game.board.remove(a, c)
    storage = Storage(tmp_path)
    storage.save_game(game.to_save())
    restored = Game.from_save(Storage(tmp_path).load_game("free"))
    if restored.history_to_come is not None:  # a big board: played at once, its history after
        assert restored.board.grid.tolist() == game.board.grid.tolist()
        assert restored.take_history(restored.history_work()())
    assert restored.board == game.board
    assert [a.args for a in restored.board.history] == [a.args for a in game.board.history]
    assert isinstance(restored.board, llk.Board) and restored.board.code == game.board.code


def test_the_menu_reads_a_save_by_its_header(tmp_path) -> None:
    game = played(GameConfig(rows=12, cols=16, kinds=10, seed=4), 30)
    storage = Storage(tmp_path)
    storage.save_game(game.to_save(compact=True))
    summary = Storage(tmp_path).peek_game("free")
    assert summary is not None
    assert (summary["rows"], summary["cols"]) == (12, 16)
    assert summary["remaining"] == game.board.remaining and "grid" not in summary
    assert summary["elapsed"] == game.elapsed


@pytest.mark.parametrize(
    "fields",
    [{"elapsed": "an hour"}, {"config": [1]}, {"remaining": True}, {"code": 5}],
)
def test_a_header_of_the_wrong_shape_is_set_aside_before_the_menu_shows_it(tmp_path, fields):
    game = played(GameConfig(rows=12, cols=16, kinds=10, seed=4), 30)
    (tmp_path / SAVE_FILE).write_bytes(savefile.encode({**game.to_save(), **fields}))
    storage = Storage(tmp_path)
    assert storage.peek_game("free") is None
    assert "not a saved game" in storage.problems[0]
    assert (tmp_path / f"{SAVE_FILE}.corrupt-1").exists()


def test_a_save_being_written_is_described_from_its_summary(tmp_path) -> None:
    game = played(GameConfig(rows=12, cols=16, kinds=10, seed=4), 30)
    storage = Storage(tmp_path)
    release = threading.Event()

    def make():
        release.wait(10)
        return game.to_save(compact=True)

    storage.save_game_later(make, game.save_summary())
    assert storage.peek_game("free") == game.save_summary()  # at once, while the write waits
    assert not (tmp_path / SAVE_FILE).exists()
    release.set()
    assert plain(storage.load_game("free")) == game.to_save()  # waited for the write


def test_a_save_that_cannot_be_written_is_kept_and_restored_instead_of_the_older_file(
    tmp_path, monkeypatch
) -> None:
    older = played(GameConfig(rows=12, cols=16, kinds=10, seed=4), 10)
    newer = played(GameConfig(rows=12, cols=16, kinds=10, seed=4), 40)
    storage = Storage(tmp_path)
    storage.save_game(older.to_save(compact=True))
    on_disk = (tmp_path / SAVE_FILE).read_bytes()

    def disk_full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("llk.game.store.saves.write_atomically", disk_full)
    storage.save_game_later(lambda: newer.to_save(compact=True), newer.save_summary())
    storage.wait_for_saves()
    assert (tmp_path / SAVE_FILE).read_bytes() == on_disk  # the older file, whole
    assert "No space left on device" in storage.problems[0]
    assert "kept until you quit" in storage.problems[0]
    # The menu describes, and Continue restores, the game just left: not the older file.
    assert storage.peek_game("free")["remaining"] == newer.board.remaining != older.board.remaining
    assert plain(storage.load_game("free")) == newer.to_save()
    monkeypatch.undo()
    storage.save_game(older.to_save(compact=True))  # written this time: the file answers
    assert plain(storage.load_game("free")) == older.to_save()
    storage.save_game_later(lambda: newer.to_save(compact=True), newer.save_summary())
    storage.drop_game("free")
    assert storage.peek_game("free") is None and storage.load_game("free") is None


def test_a_game_kept_in_memory_is_written_once_the_disk_has_room(tmp_path, monkeypatch) -> None:
    game = played(GameConfig(rows=12, cols=16, kinds=10, seed=4), 30)
    storage = Storage(tmp_path)
    assert storage.save_kept_game()  # nothing kept: nothing to lose
    writes = []

    def disk_full(path, text):
        writes.append(path)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("llk.game.store.saves.write_atomically", disk_full)
    storage.save_game(game.to_save(compact=True))
    assert not storage.save_kept_game() and len(writes) == 2  # tried again, still full
    assert plain(storage.load_game("free")) == game.to_save()
    assert not (tmp_path / SAVE_FILE).exists()
    monkeypatch.undo()
    assert storage.save_kept_game()
    # On disk now, for the next run.
    assert plain(Storage(tmp_path).load_game("free")) == game.to_save()
    assert storage.save_kept_game() and plain(storage.load_game("free")) == game.to_save()

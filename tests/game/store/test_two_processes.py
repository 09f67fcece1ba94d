"""Two processes writing the same data folder at once (store/files.py `Folder.locked`): each
read-modify-write holds the folder's lock, so neither loses the other's games, scores or daily
results; a lock held too long is a problem note, not a hang."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path
from typing import Any

from filelock import FileLock

from llk.game.store import files
from llk.game.store.storage import Storage

GAMES = 40


def _play(root: str, name: str, start: Any) -> None:
    start.wait()
    storage = Storage(Path(root))
    for i in range(GAMES):
        storage.record_game("6x14", won=True, seconds=10.0 + i)
        storage.add_score(f"table {i % 2}", {"score": i, "who": name})
        storage.keep_daily_result(f"llk-daily {name} {i} " + "x" * 5000)


def test_two_games_at_once_lose_nothing_of_each_other(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)  # both play from when both are ready
    players = [context.Process(target=_play, args=(str(tmp_path), n, start)) for n in "ab"]
    for p in players:
        p.start()
    for p in players:
        p.join(120)
        assert p.exitcode == 0
    storage = Storage(tmp_path)
    # Every game counted: a read-modify-write of another process never wrote over this one's.
    assert storage.load_stats()["played"] == storage.load_stats()["won"] == 2 * GAMES
    scores = storage.load_scores()
    assert sorted(e["score"] for e in scores["table 1"]) == sorted(list(range(31, 40, 2)) * 2)
    lines = (tmp_path / "daily-results.txt").read_text().splitlines()
    assert sorted(lines) == sorted(
        f"llk-daily {n} {i} " + "x" * 5000 for n in "ab" for i in range(GAMES)
    )
    assert storage.problems == []


def test_a_lock_held_elsewhere_is_a_problem_note_after_a_while_not_a_hang(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setattr(files, "LOCK_SECONDS", 0.2)
    storage = Storage(tmp_path)
    # Another holder of the folder's lock (another file object, as another process would be).
    with FileLock(tmp_path / files.LOCK_FILE):
        started = time.monotonic()
        storage.record_game("6x14", won=False)
        assert 0.2 <= time.monotonic() - started < 5
    assert len(storage.problems) == 1 and files.LOCK_FILE in storage.problems[0]
    assert storage.load_stats()["played"] == 1  # written all the same
    # Free again: no note.
    storage.problems.clear()
    storage.record_game("6x14", won=False)
    assert storage.problems == [] and storage.load_stats()["played"] == 2

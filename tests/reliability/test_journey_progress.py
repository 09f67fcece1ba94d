"""Issue 16: the journey's progress (stars, stars spent, power-ups) survives save and load and a
writer killed at any moment, like the game's other files (test_storage_faults.py): written
atomically beside the scores, a file cut short or garbled is reported and moved aside, and the
journey starts over rather than the game stopping."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from llk.game.model.journey import Progress
from llk.game.store.progress import JOURNEY_FILE
from llk.game.store.scores import SCORES_FILE
from llk.game.store.storage import Storage

from .writers import kill_writer, start_writer

# Round n clears level n % 30 + 1 with a star more than before (up to 3) and buys a hint when
# it can: the stars earned only grow (writers.py: "fsync:K" or "replace:K" stops inside that
# call).
WRITER = """
from llk.game.store.storage import Storage

storage = Storage(sys.argv[1])
n = 0
while True:
    progress = storage.load_journey()
    number = n % 30 + 1
    progress.record(number, min(3, progress.stars.get(number, 0) + 1))
    progress.buy("hint")
    storage.save_journey(progress)
    storage.add_score(f"journey {number}", {"score": n, "seconds": 1.0})
    if storage.problems:
        sys.exit("problems: " + "; ".join(storage.problems))
    print("round", n, flush=True)
    n += 1
"""


def read_back(folder: Path) -> Progress:
    storage = Storage(folder)
    progress = storage.load_journey()
    storage.load_scores()
    assert storage.problems == [], storage.problems
    assert progress.spent == progress.power_ups["hint"] and progress.spent <= progress.earned
    return progress


def test_save_and_load_keep_stars_and_power_ups(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    assert storage.load_journey() == Progress()
    progress = Progress(stars={1: 3, 2: 1, 3: 2})
    assert progress.buy("mirror") and progress.buy("hint")
    storage.save_journey(progress)
    assert Storage(tmp_path).load_journey() == progress
    # Beside the scores, in the same data directory.
    storage.add_score("journey 1", {"score": 10})
    assert {JOURNEY_FILE, SCORES_FILE} <= set(os.listdir(tmp_path))


def test_a_writer_killed_at_any_moment_leaves_the_progress_whole(tmp_path: Path) -> None:
    rng = random.Random(16)
    last = -1
    for kill in range(9):
        how = ("fsync", "replace", "random")[kill % 3]
        pause = "" if how == "random" else f"{how}:{rng.randint(1, 6)}"
        writer = start_writer(WRITER, tmp_path, pause)
        try:
            for _ in range(20):
                words = writer.stdout.readline().split()
                if words[:1] == ["paused"]:
                    read_back(tmp_path)  # stopped inside a write: the old file, whole
                    break
                assert words[:1] == ["round"], (words, writer.stderr.read())
                if not pause and int(words[1]) >= rng.randint(0, 3):
                    break
        finally:
            kill_writer(writer)
        progress = read_back(tmp_path)
        assert progress.earned >= last  # never older than what was read before the kill
        last = progress.earned
        assert not [p for p in os.listdir(tmp_path) if ".corrupt-" in p]
    assert last > 0


def test_a_progress_file_cut_short_or_garbled_is_set_aside(tmp_path: Path) -> None:
    progress = Progress(stars={1: 3, 2: 2})
    progress.buy("shuffle")
    whole = json.dumps(progress.to_json(), indent=1).encode()
    path = tmp_path / JOURNEY_FILE
    for cut in range(0, len(whole), 3):
        path.write_bytes(whole[:cut])
        storage = Storage(tmp_path)
        loaded = storage.load_journey()
        assert loaded == Progress()
        assert storage.problems and "journey.json was unreadable" in storage.problems[0]
        assert not path.exists()
    for bad in (b"\xff\xfe", b'{"stars": {"1": 9}}', b"[1, 2]", b'{"spent": 5}'):
        path.write_bytes(bad)
        storage = Storage(tmp_path)
        assert storage.load_journey() == Progress() and storage.problems
    path.write_bytes(whole)
    assert Storage(tmp_path).load_journey() == progress


@pytest.mark.parametrize("stale", [True, False])
def test_a_killed_writers_temporary_file_is_swept_only_when_stale(tmp_path, stale) -> None:
    from llk.game.store.files import STALE_TEMP_SECONDS

    leftover = tmp_path / f".{JOURNEY_FILE}.abc.tmp"
    leftover.write_text('{"stars": {"1"')
    if stale:
        old = leftover.stat().st_mtime - STALE_TEMP_SECONDS - 60
        os.utime(leftover, (old, old))
    Storage(tmp_path).save_journey(Progress(stars={1: 1}))
    assert leftover.exists() is not stale
    assert Storage(tmp_path).load_journey().stars == {1: 1}

"""The game's files survive their writer being killed: saves, high scores and settings are
written atomically (temporary file, fsync, rename), so a SIGKILL at any moment leaves the
previous file whole. A file cut short or garbled is reported, moved aside, and the game starts
clean (each of the three files). llk.game.store needs no display: it must not import arcade.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from llk.game.store import savefile
from llk.game.store.files import STALE_TEMP_SECONDS
from llk.game.store.saves import slot_file
from llk.game.store.scores import SCORES_FILE
from llk.game.store.settings import SETTINGS_FILE, Settings
from llk.game.store.storage import Storage

from ..saved_dicts import plain
from .writers import kill_writer, start_writer

KILLS = 30
PAD = 40_000  # ints in each save: about 210 KB

# Writes the three files over and over through llk.game.store, each write naming its
# generation, and prints "round N" (and whether arcade or pyglet came in) after each round;
# writers.py stops it inside a write when asked.
WRITER = f"""
from llk.game.store.settings import ANIMATION_SPEEDS, Settings, TILE_SETS
from llk.game.store.storage import Storage

storage = Storage(sys.argv[1])
saved = storage.load_game("free")
n = 0 if saved is None else saved["generation"] + 1
while True:
    grid = [[(n + r + c) % 9 for c in range(40)] for r in range(40)]
    storage.save_game({{"grid": grid, "generation": n, "pad": [n] * {PAD}}})
    storage.add_score("big", {{"score": n, "seconds": 1.5, "when": "x" * 30_000}})
    storage.save_settings(
        Settings(
            sound=n % 2 == 0,
            animation_speed=ANIMATION_SPEEDS[n % len(ANIMATION_SPEEDS)],
            tile_set=TILE_SETS[n % len(TILE_SETS)],
        )
    )
    if storage.problems:
        sys.exit("problems: " + "; ".join(storage.problems))
    print("round", n, "arcade" in sys.modules, "pyglet" in sys.modules, flush=True)
    n += 1
"""

SAVE_FILE = slot_file("free")  # the save a free game writes


def generations(folder: Path) -> tuple[int, int, Settings]:
    """Reads the three files back as the game does: each must load whole, with no problem."""
    storage = Storage(folder)
    saved = storage.load_game("free")
    scores = storage.load_scores()
    settings = storage.load_settings()
    assert storage.problems == [], storage.problems
    assert saved is not None and saved["pad"] == [saved["generation"]] * PAD
    n = saved["generation"]
    assert plain(saved)["grid"] == [[(n + r + c) % 9 for c in range(40)] for r in range(40)]
    table = scores["big"]
    assert [e["score"] for e in table] == sorted((e["score"] for e in table), reverse=True)
    assert all(e["when"] == "x" * 30_000 for e in table)
    return n, table[0]["score"], settings


def run_until_killed(folder: Path, pause: str, rng: random.Random) -> None:
    """Starts a writer and kills it: inside the call `pause` names, or, without one, at a
    random moment after its first round."""
    writer = start_writer(WRITER, folder, pause)
    try:
        for _ in range(8):
            words = writer.stdout.readline().split()
            if words[:1] == ["paused"]:
                # Stopped inside a write: a reader sees the old files, whole.
                generations(folder)
                break
            assert words[:1] == ["round"], (words, writer.stderr.read())
            assert words[2:] == ["False", "False"], "llk.game.store brought in a display"
            if not pause:
                time.sleep(rng.uniform(0, 0.05))
                break
        else:
            raise AssertionError(f"the writer never reached {pause}: storage changed its way?")
    finally:
        kill_writer(writer)


def test_a_writer_killed_at_any_moment_never_leaves_a_broken_file(tmp_path: Path) -> None:
    rng = random.Random(8)
    last = (-1, -1)
    for kill in range(KILLS):
        # A third at random moments; the others inside a write, at the very calls that make it
        # atomic. Each file takes two fsyncs (its data, the directory) and one replace.
        how = ("random", "fsync", "replace")[kill % 3]
        pause = "" if how == "random" else f"{how}:{rng.randint(1, 9)}"
        run_until_killed(tmp_path, pause, rng)
        save, score, _ = generations(tmp_path)
        # The previous files are intact: never older than what was read before the kill.
        assert save >= last[0] and score >= last[1]
        last = (save, score)
        assert not [p for p in os.listdir(tmp_path) if ".corrupt-" in p]
    # The files moved on: each writer killed at random wrote every file at least once.
    assert last[0] >= KILLS // 3 - 1 and last[1] >= KILLS // 3 - 1
    # A kill before a rename leaves the temporary file behind; the next write of that file
    # sweeps those old enough to be nobody's write in progress.
    temporaries = [tmp_path / p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    assert temporaries
    old = time.time() - STALE_TEMP_SECONDS - 60
    for path in temporaries:
        os.utime(path, (old, old))
    storage = Storage(tmp_path)
    storage.save_game(storage.load_game("free"))
    storage.add_score("big", {"score": -1})
    storage.save_settings(storage.load_settings())
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    assert storage.problems == []


def test_a_write_in_progress_elsewhere_is_not_swept(tmp_path: Path) -> None:
    fresh = tmp_path / f".{SAVE_FILE}.abc123.tmp"
    fresh.write_text("another process is writing this")
    Storage(tmp_path).save_game({"grid": [[1, 1]]})
    assert fresh.exists() and plain(Storage(tmp_path).load_game("free")) == {"grid": [[1, 1]]}


def test_storage_imports_no_display() -> None:
    code = (
        "import sys, llk.game.store.storage\n"
        "print(sorted(m for m in ('arcade', 'pyglet') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# Each of the three files cut short at every length, or with one byte garbled: whatever is read
# back is either the whole file or nothing (reported, moved aside, defaults), never a crash or
# half a file.

CONTENTS = {
    SETTINGS_FILE: (Storage.load_settings, Settings(), Settings(sound=False, tile_set="night")),
    SCORES_FILE: (
        Storage.load_scores,
        {},
        {"6x14 full": [{"score": 120, "seconds": 61.5, "assisted": False, "when": "today"}]},
    ),
    SAVE_FILE: (
        lambda storage: plain(storage.load_game("free")),
        None,
        {"grid": [[1, 2], [2, 1]], "score": 10, "config": {"rows": 2}, "history": []},
    ),
}


def written(folder: Path, name: str) -> bytes:
    storage = Storage(folder)
    _, _, data = CONTENTS[name]
    if name == SETTINGS_FILE:
        storage.save_settings(data)
    elif name == SCORES_FILE:
        storage.add_score("6x14 full", data["6x14 full"][0])
    else:
        storage.save_game(data)
    return (folder / name).read_bytes()


def damaged(good: bytes, rng: random.Random) -> list[bytes]:
    cuts = [good[:n] for n in range(len(good))]
    garbled = []
    for _ in range(len(good)):
        i = rng.randrange(len(good))
        garbled.append(good[:i] + bytes([rng.randrange(256)]) + good[i + 1 :])
    return cuts + garbled


@pytest.mark.parametrize("name", list(CONTENTS))
def test_a_file_cut_short_or_garbled_is_set_aside_and_the_game_starts_clean(
    name: str, tmp_path: Path
) -> None:
    load, clean, data = CONTENTS[name]
    good = written(tmp_path / "good", name)
    folder = tmp_path / "play"
    folder.mkdir()
    rng = random.Random(name)
    outcomes = {"whole": 0, "set aside": 0}
    for bad in damaged(good, rng):
        (folder / name).write_bytes(bad)
        storage = Storage(folder)
        got = load(storage)
        if storage.problems:
            assert got == clean
            assert len(storage.problems) == 1 and "moved to" in storage.problems[0]
            aside = sorted(folder.glob(f"{name}.corrupt-*"))
            assert [p.read_bytes() for p in aside][-1] == bad and not (folder / name).exists()
            for path in aside:
                path.unlink()
            outcomes["set aside"] += 1
        else:
            # A byte garbled inside a string or a number can leave valid JSON of the right
            # shape: read as it stands, never as a crash.
            assert got != clean
            outcomes["whole"] += 1
    assert outcomes["set aside"] >= len(good)  # every cut, at least
    # And a clean start writes and reads the file again.
    (folder / name).unlink(missing_ok=True)
    raw = written(folder, name)
    assert (savefile.decode(raw) if name == SAVE_FILE else json.loads(raw)) is not None
    assert load(Storage(folder)) == data

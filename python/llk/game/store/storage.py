"""Saved game, high scores, statistics, settings and the journey's progress in the user data
directory: all but the saved game as JSON, the saved game in the compact format of savefile.py
(a JSON save of an older llk still loads, and is replaced by the next save).

`LLK_DATA_DIR` overrides the directory (the tests use it). Files are written atomically: a
temporary file in the same directory, fsync, then `os.replace` (and an fsync of the directory),
so a crash never leaves half a file; the temporary file a killed writer leaves behind is swept
away by a later write. A file that cannot be read (not UTF-8, not JSON, or JSON of the wrong
shape) is moved aside (`name.corrupt-N`) and reported through `Storage.problems`, and the game
goes on with defaults: a bad file must never stop the game.

No arcade and no board here: the module imports nothing heavier than numpy (for the save).
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import savefile

if TYPE_CHECKING:
    from .journey import Progress

SETTINGS_FILE = "settings.json"
SCORES_FILE = "scores.json"
SAVE_FILE = "saved-game.llk"
JSON_SAVE_FILE = "saved-game.json"  # before savefile.py: still read, never written
STATS_FILE = "statistics.json"
JOURNEY_FILE = "journey.json"  # the journey's stars and power-ups (journey.Progress)
SCORES_KEPT = 10
ASSISTED = " (assisted)"  # the suffix of a table of assisted games, ranked apart
NAME_MAX = 16

ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 4.0)
TILE_SETS = ("paper", "night", "pictures")
# assets/backgrounds/<name>.png; "plain" is the palette's flat colour (the game's first look).
BACKGROUNDS = ("felt", "wood", "waves", "dusk", "plain")
MUSIC_VOLUMES = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
# A temporary file this old is a killed writer's leftover, not a write in progress (a write
# takes milliseconds); the next write of the same file removes it.
STALE_TEMP_SECONDS = 600.0


def _is_number(value: Any) -> bool:
    """A JSON number, finite (`json` reads NaN and Infinity, and ints of any size)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


@dataclass
class Settings:
    sound: bool = True
    animation_speed: float = 1.0
    tile_set: str = "paper"
    colour_blind_safe: bool = False
    background: str = "felt"
    music: bool = True
    music_volume: float = 0.5
    # With no shuffle left, a deadlock (or S) shuffles anyway and the game is assisted;
    # off, KShisen's rule: a deadlock with no shuffle left ends the game.
    extra_shuffles: bool = False
    player_name: str = ""  # the last name entered for a high score: the next one's default
    last_game: dict = field(default_factory=dict)  # the menu's last choices (views/menu.py)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from their JSON. A value of the wrong type means the file is garbled
        (`ValueError`); a value of the right type that this version does not offer (a speed or
        tile set from another version) falls back to its default. Unknown keys are ignored."""
        if not isinstance(data, dict):
            raise ValueError("settings are not a JSON object")
        settings = cls()
        for f in fields(cls):
            if f.name in data:
                value = data[f.name]
                if not _SETTING_TYPES[f.name](value):
                    raise ValueError(f"setting {f.name!r} is {json.dumps(value)[:40]}")
                setattr(settings, f.name, value)
        if settings.animation_speed not in ANIMATION_SPEEDS:
            settings.animation_speed = 1.0
        if settings.tile_set not in TILE_SETS:
            settings.tile_set = "paper"
        if settings.background not in BACKGROUNDS:
            settings.background = "felt"
        if settings.music_volume not in MUSIC_VOLUMES:
            settings.music_volume = min(MUSIC_VOLUMES, key=lambda v: abs(v - settings.music_volume))
        return settings


_SETTING_TYPES = {
    "sound": _is_bool,
    "animation_speed": _is_number,
    "tile_set": _is_str,
    "colour_blind_safe": _is_bool,
    "background": _is_str,
    "music": _is_bool,
    "music_volume": _is_number,
    "extra_shuffles": _is_bool,
    "player_name": _is_str,
    "last_game": lambda v: isinstance(v, dict),
}


def data_dir() -> Path:
    override = os.environ.get("LLK_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("llk", appauthor=False))


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def write_atomically(path: Path, text: str | bytes) -> None:
    """Replaces `path` with `text` so that a reader, or a crash at any moment, sees the old
    file or the new one, never a mix: a temporary file beside it, fsync, `os.replace`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sweep_temporaries(path)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=_temp_prefix(path), suffix=".tmp")
    try:
        raw = text.encode("utf-8") if isinstance(text, str) else text
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    _fsync_directory(path.parent)


def _fsync_directory(folder: Path) -> None:
    """Makes the rename itself durable (POSIX; Windows cannot open a directory, and its
    rename is durable without this)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def sweep_temporaries(path: Path, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Removes the temporary files of `path` that writers killed mid-write left behind (those
    older than `older_than` seconds, so that another process's write in progress is left
    alone); returns how many."""
    swept = 0
    cutoff = time.time() - older_than
    try:
        leftovers = [
            p
            for p in path.parent.iterdir()
            if p.name.startswith(_temp_prefix(path)) and p.name.endswith(".tmp")
        ]
    except OSError:
        return 0
    for leftover in leftovers:
        try:
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink()
                swept += 1
        except OSError:
            pass  # gone already, or not ours to remove
    return swept


class Storage:
    """Reads and writes the game's files (settings, scores, statistics, the journey's progress,
    the saved game)
    under `root` (default: `data_dir()`)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self.problems: list[str] = []
        # A save being written on a worker thread (save_game_later), and what the menu says of
        # it meanwhile.
        self._saving: threading.Thread | None = None
        self._saving_summary: dict[str, Any] | None = None
        # The newest save's bytes when its file could not be written (a full disk, a
        # read-only folder): what the menu describes and Continue restores, rather than the
        # older file, until a later save or a drop replaces it. Kept for this run only.
        self._unwritten: bytes | None = None

    def _read(self, name: str) -> Any | None:
        path = self.root / name
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            self.problems.append(f"could not read {path}: {error}")
            return None
        try:
            return json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as error:
            self._set_aside(path, f"not UTF-8 text: {error.reason} at byte {error.start}")
        except RecursionError:  # JSON nested thousands deep: garbage, not a game's file
            self._set_aside(path, "nested too deeply")
        except ValueError as error:
            self._set_aside(path, f"not JSON: {error}")
        return None

    def _set_aside(self, path: Path, why: str) -> None:
        n = 1
        while path.with_name(f"{path.name}.corrupt-{n}").exists():
            n += 1
        aside = path.with_name(f"{path.name}.corrupt-{n}")
        try:
            os.replace(path, aside)
            self.problems.append(f"{path.name} was unreadable ({why}); moved to {aside.name}")
        except OSError as error:
            self.problems.append(
                f"{path.name} was unreadable ({why}) and could not be moved: {error}"
            )

    def _write(self, name: str, data: Any) -> None:
        try:
            write_atomically(self.root / name, json.dumps(data, indent=1))
        except OSError as error:
            self.problems.append(f"could not write {self.root / name}: {error}")

    # Settings.

    def load_settings(self) -> Settings:
        data = self._read(SETTINGS_FILE)
        if data is None:
            return Settings()
        try:
            return Settings.from_json(data)
        except (ValueError, TypeError) as error:
            self._set_aside(self.root / SETTINGS_FILE, str(error))
            return Settings()

    def save_settings(self, settings: Settings) -> None:
        self._write(SETTINGS_FILE, asdict(settings))

    # High scores: a table per board category (size, layout, gravity, time mode), and one
    # beside it for the category's assisted games (`table_name`), best first.

    def load_scores(self) -> dict[str, list[dict[str, Any]]]:
        data = self._read(SCORES_FILE)
        if data is None:
            return {}
        valid = isinstance(data, dict) and all(
            isinstance(v, list) and all(_is_score(e) for e in v) for v in data.values()
        )
        if not valid:
            self._set_aside(self.root / SCORES_FILE, "not a table of scores")
            return {}
        return _migrated(data)

    @staticmethod
    def table_name(category: str, assisted: bool) -> str:
        return category + ASSISTED if assisted else category

    def place_for(self, table: str, score: float, seconds: float) -> int | None:
        """The place a game of `score` in `seconds` would take in `table`, None when it would
        not make it (ties go to the game already there)."""
        entries = self.load_scores().get(table, [])
        place = 1 + sum(1 for e in entries if _rank(e) <= (-score, seconds))
        return place if place <= SCORES_KEPT else None

    def add_score(self, table: str, entry: dict[str, Any]) -> int | None:
        """Adds `entry` (with at least `score`) to the table; returns its place (1-based), or
        None when it did not make the table. An entry marked assisted goes to the assisted
        table of its category."""
        if entry.get("assisted") and not table.endswith(ASSISTED):
            table += ASSISTED
        scores = self.load_scores()
        rows = scores.setdefault(table, [])
        rows.append(entry)
        rows.sort(key=_rank)  # stable: an equal score and time ranks below the older one
        place = next(i for i, e in enumerate(rows) if e is entry) + 1
        del rows[SCORES_KEPT:]
        self._write(SCORES_FILE, scores)
        return place if place <= SCORES_KEPT else None

    # Statistics: games played and won, the streak of wins, the best time per category.

    def load_stats(self) -> dict[str, Any]:
        data = self._read(STATS_FILE)
        if data is None:
            return _fresh_stats()
        if not _is_stats(data):
            self._set_aside(self.root / STATS_FILE, "not statistics")
            return _fresh_stats()
        return {**_fresh_stats(), **data}

    def record_game(self, category: str, won: bool, seconds: float | None = None) -> None:
        """A game ended: won, or lost (time up, no moves, given up for another). `seconds`
        counts for the category's best time (an unassisted win)."""
        stats = self.load_stats()
        stats["played"] += 1
        if won:
            stats["won"] += 1
            stats["streak"] += 1
            stats["best_streak"] = max(stats["best_streak"], stats["streak"])
            if seconds is not None:
                best = stats["best_times"].get(category)
                if best is None or seconds < best:
                    stats["best_times"][category] = round(seconds, 1)
        else:
            stats["streak"] = 0
        self._write(STATS_FILE, stats)

    # The journey's progress: stars per level, stars spent, power-ups in stock.

    def load_journey(self) -> Progress:
        from .journey import Progress

        data = self._read(JOURNEY_FILE)
        if data is None:
            return Progress()
        try:
            return Progress.from_json(data)
        except ValueError as error:
            self._set_aside(self.root / JOURNEY_FILE, str(error))
            return Progress()

    def save_journey(self, progress: Progress) -> None:
        self._write(JOURNEY_FILE, progress.to_json())

    # The saved game.

    def load_game(self) -> dict[str, Any] | None:
        self.wait_for_saves()
        if self._unwritten is not None:
            return savefile.decode(self._unwritten)
        name, (found, data) = SAVE_FILE, self._read_save()
        if not found:
            name, data = JSON_SAVE_FILE, self._read(JSON_SAVE_FILE)
        if data is None:
            return None
        if not _is_saved_game(data):
            self._set_aside(self.root / name, "not a saved game")
            return None
        return data

    def peek_game(self) -> dict[str, Any] | None:
        """What the menu's "Continue" says of the saved game (rows, cols, remaining, elapsed
        and the other fields of `Game.save_summary`), without unpacking its grid and history
        (savefile.peek): a million-tile save is read whole only when the game is restored. A
        save still being written answers at once with the summary it was given."""
        if self._save_in_flight():
            return self._saving_summary
        self.wait_for_saves()
        if self._unwritten is not None:
            return savefile.peek(self._unwritten)
        path = self.root / SAVE_FILE
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            saved = self.load_game()  # an older llk's JSON save, small
            if saved is None:
                return None
            grid = saved["grid"]
            remaining = sum(1 for row in grid for v in row if v)
            return {**saved, "rows": len(grid), "cols": len(grid[0]), "remaining": remaining}
        except OSError as error:
            self.problems.append(f"could not read {path}: {error}")
            return None
        try:
            summary = savefile.peek(raw)
        except ValueError as error:
            self._set_aside(path, str(error))
            return None
        except RecursionError:
            self._set_aside(path, "nested too deeply")
            return None
        sized = all(type(summary[k]) is int and summary[k] > 0 for k in ("rows", "cols"))
        if not (sized and _has_field_types(summary)):
            self._set_aside(path, "not a saved game")
            return None
        if type(summary.get("remaining")) is not int:
            saved = self.load_game()  # a save from before the field: counted once
            if saved is None:
                return None
            summary["remaining"] = sum(1 for row in saved["grid"] for v in row if v)
        return summary

    def _read_save(self) -> tuple[bool, dict[str, Any] | None]:
        """(is there a file, what it holds when it reads)."""
        path = self.root / SAVE_FILE
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return False, None
        except OSError as error:
            self.problems.append(f"could not read {path}: {error}")
            return True, None
        try:
            return True, savefile.decode(raw)
        except ValueError as error:
            self._set_aside(path, str(error))
        except RecursionError:
            self._set_aside(path, "nested too deeply")
        return True, None

    def save_game(self, data: dict[str, Any]) -> None:
        """Writes the saved game. When the file cannot be written the save is kept in memory:
        `peek_game` and `load_game` answer with it (not the older file) for the rest of the run."""
        self.wait_for_saves()
        self._write_save(data)

    def _write_save(self, data: dict[str, Any]) -> None:
        raw = savefile.encode(data)
        error = self._put_save(raw)
        if error is not None:
            self.problems.append(
                f"could not write {self.root / SAVE_FILE}: {error}; the game is kept until you quit"
            )
            self._unwritten = raw

    def _put_save(self, raw: bytes) -> OSError | None:
        """Writes a save's bytes to the file; the error when it cannot."""
        try:
            write_atomically(self.root / SAVE_FILE, raw)
        except OSError as error:
            return error
        self._unwritten = None
        # Only once the new file is in place: a crash before leaves the old save.
        (self.root / JSON_SAVE_FILE).unlink(missing_ok=True)
        return None

    def keeps_unwritten_game(self) -> bool:
        """Is a game kept in memory only, its save having failed? Without waiting: while a save
        is being written the answer is no (that save may yet succeed; save_kept_game waits)."""
        if self._save_in_flight():
            return False
        return self._unwritten is not None

    def save_kept_game(self) -> bool:
        """Tries once more to write the game kept in memory because its save failed (the disk
        may have room by now). True when no game is left unwritten: quitting loses nothing."""
        self.wait_for_saves()
        return self._unwritten is None or self._put_save(self._unwritten) is None

    def save_game_later(self, make: Callable[[], dict[str, Any]], summary: dict[str, Any]) -> None:
        """Saves `make()` on a worker thread: a million-tile game's dict and file take a second
        or more, which the frame loop must not wait for. `summary` is what `peek_game` answers
        meanwhile. Every other use of the saved game (load, peek, save, drop) waits for the
        write first, and so does the interpreter's exit (the thread is not a daemon): the save
        is never lost, and the file is always whole (written atomically). `make` must read
        what nothing changes meanwhile (the game the player has just left)."""
        self.wait_for_saves()
        self._saving_summary = summary

        def save() -> None:
            try:
                self._write_save(make())
            except Exception as error:  # a worker has nobody to raise to: the game reports it
                self.problems.append(f"could not save the game: {error!r}")

        self._saving = threading.Thread(target=save, name="llk-save")
        self._saving.start()

    def _save_in_flight(self) -> bool:
        """Is a save being written on its worker now (save_game_later)?"""
        return self._saving is not None and self._saving.is_alive()

    def wait_for_saves(self) -> None:
        """Returns once no save is being written (save_game_later)."""
        if self._saving is not None:
            self._saving.join()
            self._saving = self._saving_summary = None

    def drop_game(self) -> None:
        self.wait_for_saves()
        self._unwritten = None
        (self.root / SAVE_FILE).unlink(missing_ok=True)
        (self.root / JSON_SAVE_FILE).unlink(missing_ok=True)

    def set_aside_game(self, why: str) -> None:
        """The saved game reads but cannot be restored: kept as `saved-game.llk.corrupt-N`
        (or `saved-game.json.corrupt-N`) for the player to look at, not deleted."""
        self.wait_for_saves()
        if self._unwritten is not None:  # the game kept in memory was the one that failed
            self._unwritten = None
            self.problems.append(f"the unsaved game could not be restored ({why})")
            return
        for name in (SAVE_FILE, JSON_SAVE_FILE):
            path = self.root / name
            if path.exists():
                self._set_aside(path, why)
                return


# What add_score writes and the scores screen reads, besides the `score` itself.
_SCORE_FIELDS = {
    "seconds": _is_number,
    "assisted": _is_bool,
    "when": _is_str,
    "code": lambda v: v is None or _is_str(v),
    "name": _is_str,
}


def _rank(entry: dict[str, Any]) -> tuple[float, float]:
    # The higher score first; of two equal scores, the faster game.
    return (-entry["score"], entry.get("seconds", 0))


def _migrated(scores: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """Files written before assisted games had tables of their own kept them in the same table,
    marked: they move to the assisted table, each table ranked again. Reading an old file
    changes nothing on disk; the next score written saves the new shape."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for name, entries in scores.items():
        for entry in entries:
            table = (
                name + ASSISTED if entry.get("assisted") and not name.endswith(ASSISTED) else name
            )
            tables.setdefault(table, []).append(entry)
    for entries in tables.values():
        entries.sort(key=_rank)
        del entries[SCORES_KEPT:]
    return tables


def _fresh_stats() -> dict[str, Any]:
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "best_times": {}}


def _is_stats(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    counts = ("played", "won", "streak", "best_streak")
    if not all(type(data.get(k, 0)) is int and data.get(k, 0) >= 0 for k in counts):
        return False
    times = data.get("best_times", {})
    return isinstance(times, dict) and all(_is_number(v) for v in times.values())


def _is_score(entry: Any) -> bool:
    """An entry of a high-score table: a number `score`, and the other fields, when present,
    of the types they are written with."""
    if not isinstance(entry, dict) or not _is_number(entry.get("score")):
        return False
    return all(check(entry[key]) for key, check in _SCORE_FIELDS.items() if key in entry)


def _is_saved_game(data: Any) -> bool:
    """The shape of a saved game (llk.game.model.Game.to_save): a grid of int rows and, when
    present, fields of the right JSON types. Whether the board is a legal one is the engine's
    to say when the game is restored."""
    if not isinstance(data, dict):
        return False
    grid = data.get("grid")
    if not (isinstance(grid, list) and grid and all(isinstance(row, list) for row in grid)):
        return False
    if not all(type(v) is int for row in grid for v in row):
        return False
    return _has_field_types(data)


def _has_field_types(data: dict[str, Any]) -> bool:
    """The fields of a saved game other than its grid, when present, of the right JSON types."""
    kinds: dict[str, Any] = {
        "config": dict,
        "history": list,
        "border": bool,
        "gravity": str,
        "assisted": bool,
        "code": (str, type(None)),
    }
    numbers = ("score", "elapsed", "hints_left", "shuffles_left", "tiles_at_start", "remaining")
    return all(isinstance(data[k], t) for k, t in kinds.items() if k in data) and all(
        _is_number(data[k]) for k in numbers if k in data
    )

"""Saved game, high scores and settings as JSON files in the user data directory.

`LLK_DATA_DIR` overrides the directory (the tests use it). Files are written atomically: a
temporary file in the same directory, fsync, then `os.replace`, so a crash never leaves half a
file. A file that cannot be read is moved aside (`name.corrupt-N`) and reported through
`Storage.problems`, and the game goes on with defaults: a bad file must never stop the game.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

SETTINGS_FILE = "settings.json"
SCORES_FILE = "scores.json"
SAVE_FILE = "saved-game.json"
SCORES_KEPT = 10

ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 4.0)
TILE_SETS = ("paper", "night")


@dataclass
class Settings:
    sound: bool = True
    animation_speed: float = 1.0
    tile_set: str = "paper"
    colour_blind_safe: bool = False

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise ValueError("settings are not a JSON object")
        settings = cls()
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key in known:
                setattr(settings, key, value)
        if settings.animation_speed not in ANIMATION_SPEEDS:
            settings.animation_speed = 1.0
        if settings.tile_set not in TILE_SETS:
            settings.tile_set = "paper"
        settings.sound, settings.colour_blind_safe = (
            bool(settings.sound),
            bool(settings.colour_blind_safe),
        )
        return settings


def data_dir() -> Path:
    override = os.environ.get("LLK_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("llk", appauthor=False))


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


class Storage:
    """Reads and writes the game's three files under `root` (default: `data_dir()`)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self.problems: list[str] = []

    def _read(self, name: str) -> Any | None:
        path = self.root / name
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as error:
            self.problems.append(f"could not read {path}: {error}")
            return None
        try:
            return json.loads(text)
        except ValueError as error:
            self._set_aside(path, f"{error}")
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

    # High scores: a table per board category (size, layout, gravity, time mode), best first.

    def load_scores(self) -> dict[str, list[dict[str, Any]]]:
        data = self._read(SCORES_FILE)
        if data is None:
            return {}
        valid = isinstance(data, dict) and all(
            isinstance(v, list) and all(isinstance(e, dict) and "score" in e for e in v)
            for v in data.values()
        )
        if not valid:
            self._set_aside(self.root / SCORES_FILE, "not a table of scores")
            return {}
        return data

    def add_score(self, category: str, entry: dict[str, Any]) -> int | None:
        """Adds `entry` (with at least `score`) to the category's table; returns its place
        (1-based), or None when it did not make the table."""
        scores = self.load_scores()
        table = scores.setdefault(category, [])
        table.append(entry)
        # Unassisted games rank above assisted ones of the same score; then the faster one.
        table.sort(key=lambda e: (-e["score"], bool(e.get("assisted")), e.get("seconds", 0)))
        place = next(i for i, e in enumerate(table) if e is entry) + 1
        del table[SCORES_KEPT:]
        self._write(SCORES_FILE, scores)
        return place if place <= SCORES_KEPT else None

    # The saved game.

    def load_game(self) -> dict[str, Any] | None:
        data = self._read(SAVE_FILE)
        if data is None:
            return None
        if not isinstance(data, dict) or "grid" not in data:
            self._set_aside(self.root / SAVE_FILE, "not a saved game")
            return None
        return data

    def save_game(self, data: dict[str, Any]) -> None:
        self._write(SAVE_FILE, data)

    def drop_game(self) -> None:
        (self.root / SAVE_FILE).unlink(missing_ok=True)

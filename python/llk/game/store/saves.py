"""The saved game: one slot (saved-game.llk, in savefile.py's format; a JSON save of an older
llk still loads, and is replaced by the next save), written on a worker thread when the player
leaves a game for the menu, and kept in memory when it cannot be written."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import savefile
from .files import Folder, is_number, write_atomically

SAVE_FILE = "saved-game.llk"
JSON_SAVE_FILE = "saved-game.json"  # before savefile.py: still read, never written


class SaveSlot(Folder):
    def __init__(self, root: Path | None = None) -> None:
        super().__init__(root)
        # A save being written on a worker thread (save_game_later), and what the menu says of
        # it meanwhile.
        self._saving: threading.Thread | None = None
        self._saving_summary: dict[str, Any] | None = None
        # The newest save's bytes when its file could not be written (a full disk, a
        # read-only folder): what the menu describes and Continue restores, rather than the
        # older file, until a later save or a drop replaces it. Kept for this run only.
        self._unwritten: bytes | None = None

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


def _is_saved_game(data: Any) -> bool:
    """The shape of a saved game (model/saved.py): a grid of int rows and, when
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
        is_number(data[k]) for k in numbers if k in data
    )

"""The saved games: one slot for each kind of game (a free game, a journey level, the daily
puzzle: `saved-free.llk`, `saved-journey.llk`, `saved-daily.llk`, in savefile.py's format).

A game's save is written on a worker thread when the player leaves it for the menu, and kept in
memory when it cannot be written. Ending a game (won, lost, given up) removes its own save only:
a slot's save is removed for another game only on the player's word (the window asks before a
new game takes a slot that holds one), and a save that would be written over another game's is
written, the other kept beside it (`saved-free.llk.replaced-N`) and reported, never lost.

The one save of an older llk (`saved-game.llk`, or `saved-game.json` before the compact format)
is moved into the slot of its kind the first time the saves are read.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..i18n import _
from ..model.config import KINDS_OF_GAME, kind_of
from . import savefile
from .checks import has_field_types, is_saved_game
from .files import Folder, beside, write_atomically

SLOTS = KINDS_OF_GAME
LEGACY_SAVE_FILE = "saved-game.llk"  # before the slots: one save, of any kind
JSON_SAVE_FILE = "saved-game.json"  # before savefile.py
ANY = object()  # `drop_game(slot)`: whichever game the slot holds


def slot_file(slot: str) -> str:
    return f"saved-{slot}.llk"


def slot_of(data: dict[str, Any]) -> str:
    """The slot of a save's dict (or of its summary): the kind of its game."""
    config = data.get("config")
    mode = config.get("mode", "free") if isinstance(config, dict) else "free"
    return kind_of(mode if isinstance(mode, str) else "free")


class SaveSlots(Folder):
    def __init__(self, root: Path | None = None) -> None:
        super().__init__(root)
        # A save being written on a worker thread (save_game_later): its slot and what the
        # menu says of it meanwhile.
        self._saving: threading.Thread | None = None
        self._saving_summary: tuple[str, dict[str, Any]] | None = None
        # A save's bytes, by slot, when its file could not be written (a full disk, a
        # read-only folder): what the menu describes and Continue restores, rather than the
        # older file, until a later save or a drop replaces it. Kept for this run only.
        self._unwritten: dict[str, bytes] = {}
        self._legacy_read = False

    # Reading.

    def saved_games(self) -> dict[str, dict[str, Any]]:
        """What the menu's "Continue" says of each slot that holds a save (`peek_game`)."""
        return {slot: s for slot in SLOTS if (s := self.peek_game(slot)) is not None}

    def peek_game(self, slot: str) -> dict[str, Any] | None:
        """What the menu's "Continue" says of a slot's save (rows, cols, remaining, elapsed and
        the other fields of `Game.save_summary`), without unpacking its grid and history
        (savefile.peek): a million-tile save is read whole only when the game is restored. A
        save still being written answers at once with the summary it was given."""
        in_flight = self._saving_summary if self._save_in_flight() else None
        if in_flight is not None and in_flight[0] == slot:
            return in_flight[1]
        self._read_legacy()
        if slot in self._unwritten:
            return savefile.peek(self._unwritten[slot])
        path = self.root / slot_file(slot)
        raw = self._raw(path)
        if raw is None:
            return None
        try:
            summary = savefile.peek(raw)
        except ValueError as error:
            self._set_aside(path, str(error))
            return None
        sized = all(type(summary[k]) is int and summary[k] > 0 for k in ("rows", "cols"))
        if not (sized and has_field_types(summary) and slot_of(summary) == slot):
            self._set_aside(path, _("not a saved game"))
            return None
        if type(summary.get("remaining")) is not int:
            saved = self.load_game(slot)  # a save from before the field: counted once
            if saved is None:
                return None
            summary["remaining"] = int(np.count_nonzero(saved["grid"]))
        return summary

    def load_game(self, slot: str) -> dict[str, Any] | None:
        """The slot's save whole, checked (checks.py); None when there is none, or when it
        cannot be read (it is then set aside, and `problems` says why)."""
        self.wait_for_saves()
        self._read_legacy()
        if slot in self._unwritten:
            return savefile.decode(self._unwritten[slot], grid_array=True)
        path = self.root / slot_file(slot)
        raw = self._raw(path)
        if raw is None:
            return None
        try:
            data = savefile.decode(raw, grid_array=True)
        except ValueError as error:
            self._set_aside(path, str(error))
            return None
        if not is_saved_game(data) or slot_of(data) != slot:
            self._set_aside(path, _("not a saved game"))
            return None
        return data

    def _raw(self, path: Path) -> bytes | None:
        try:
            return path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            self.problems.append(_("could not read {path}: {error}").format(path=path, error=error))
            return None

    def _read_legacy(self) -> None:
        """Moves the one save of an older llk into its kind's slot (once a run): the compact
        file as it is, a JSON save packed into the compact format. A slot that holds a save
        already keeps it, and the older one is kept beside."""
        if self._legacy_read:
            return
        self._legacy_read = True
        for name in (LEGACY_SAVE_FILE, JSON_SAVE_FILE):
            path = self.root / name
            if not path.is_file():
                continue  # none (or no folder to hold one: the slots' reads say so)
            if name == JSON_SAVE_FILE:
                data = self._read(name)  # a file that is not JSON is set aside there
                if data is None:
                    continue
            else:
                try:
                    data = savefile.decode(path.read_bytes())
                except (OSError, ValueError) as error:
                    self._set_aside(path, str(error))
                    continue
            if not is_saved_game(data):
                self._set_aside(path, _("not a saved game"))
                continue
            target = self.root / slot_file(slot_of(data))
            if target.exists():
                self._keep_aside(path, "older", _("is older than the save of its kind"))
                continue
            try:
                write_atomically(target, savefile.encode(data))
                path.unlink()
            except OSError as error:
                said = _("could not move {path} into its slot: {error}")
                self.problems.append(said.format(path=path, error=error))

    # Writing.

    def save_game(self, data: dict[str, Any]) -> None:
        """Writes the game's save into its slot. When the file cannot be written the save is
        kept in memory: `peek_game` and `load_game` answer with it (not the older file) for the
        rest of the run."""
        self.wait_for_saves()
        self._write_save(data)

    def _write_save(self, data: dict[str, Any]) -> None:
        slot = slot_of(data)
        raw = savefile.encode(data)
        error = self._put_save(slot, raw)
        if error is not None:
            path = self.root / slot_file(slot)
            said = _("could not write {path}: {error}; the game is kept until you quit")
            self.problems.append(said.format(path=path, error=error))
            self._unwritten[slot] = raw

    def _put_save(self, slot: str, raw: bytes) -> OSError | None:
        """Writes a save's bytes to its slot's file; the error when it cannot. When the file
        holds another game's save, that one is kept beside (`.replaced-N`, a second name for
        the same file, made before the write and dropped when the write fails): never lost."""
        path = self.root / slot_file(slot)
        kept = None
        try:
            # Another game's save, written meanwhile by another llk, is seen and kept.
            with self.locked():
                kept = self._name_anothers(path, savefile.peek(raw).get("id"))
                write_atomically(path, raw)
        except OSError as error:
            if kept is not None:
                kept.unlink(missing_ok=True)
            return error
        if kept is not None:
            said = _("{name} held another game's save, kept as {kept}")
            self.problems.append(said.format(name=path.name, kept=kept.name))
        self._unwritten.pop(slot, None)
        return None

    def _name_anothers(self, path: Path, game_id: Any) -> Path | None:
        """A second name (`.replaced-N`) for the slot's file when it holds another game than
        `game_id`; None when it holds this game or nothing (an unreadable file is set aside).
        OSError when the other game's save cannot be kept: then nothing is written over it."""
        raw = self._raw(path)
        if raw is None:
            return None
        try:
            if savefile.peek(raw).get("id") == game_id:
                return None
        except ValueError as error:
            self._set_aside(path, str(error))
            return None
        aside = beside(path, "replaced")
        try:
            os.link(path, aside)
        except OSError:  # no hard links here: a copy (which a full disk may refuse: raised)
            write_atomically(aside, raw)
        return aside

    def save_game_later(self, make: Callable[[], dict[str, Any]], summary: dict[str, Any]) -> None:
        """Saves `make()` on a worker thread: a million-tile game's dict and file take a second
        or more, which the frame loop must not wait for. `summary` is what `peek_game` answers
        meanwhile. Every other use of the saves (load, save, drop) waits for the write first,
        and so does the interpreter's exit (the thread is not a daemon): the save is never
        lost, and the file is always whole (written atomically). `make` must read what nothing
        changes meanwhile (the game the player has just left)."""
        self.wait_for_saves()
        self._read_legacy()  # before the write: an older save is moved, not written over
        self._saving_summary = (slot_of(summary), summary)

        def save() -> None:
            try:
                self._write_save(make())
            except Exception as error:  # a worker has nobody to raise to: the game reports it
                said = _("could not save the game: {error}")
                self.problems.append(said.format(error=repr(error)))

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

    def keeps_unwritten_game(self) -> bool:
        """Is a game kept in memory only, its save having failed? Without waiting: while a save
        is being written the answer is no (that save may yet succeed; save_kept_game waits)."""
        return not self._save_in_flight() and bool(self._unwritten)

    def save_kept_game(self) -> bool:
        """Tries once more to write the games kept in memory because their saves failed (the
        disk may have room by now). True when no game is left unwritten: quitting loses
        nothing."""
        self.wait_for_saves()
        for slot, raw in list(self._unwritten.items()):
            self._put_save(slot, raw)
        return not self._unwritten

    # Removing: a game's own save, or, on the player's word, whatever a slot holds.

    def drop_game(self, slot: str, game_id: Any = ANY) -> None:
        """Removes the slot's save when it is the game `game_id`'s (a save from before the ids
        is None's), or whatever it is with `ANY` (the player said so)."""
        self.wait_for_saves()
        self._read_legacy()
        if slot in self._unwritten:
            if game_id is ANY or savefile.peek(self._unwritten[slot]).get("id") == game_id:
                del self._unwritten[slot]
            return
        path = self.root / slot_file(slot)
        if game_id is not ANY:
            summary = self.peek_game(slot)
            if summary is None or summary.get("id") != game_id:
                return
        path.unlink(missing_ok=True)

    def set_aside_game(self, slot: str, why: str) -> None:
        """The slot's save reads but cannot be restored: kept as `saved-<slot>.llk.corrupt-N`
        for the player to look at, not deleted."""
        self.wait_for_saves()
        if self._unwritten.pop(slot, None) is not None:  # the game kept in memory failed
            said = _("the unsaved game could not be restored ({why})")
            self.problems.append(said.format(why=why))
            return
        path = self.root / slot_file(slot)
        if path.exists():
            self._set_aside(path, why)

"""The data directory and how a file in it is read and written: atomically (a temporary file
in the same directory, fsync, then `os.replace`, and an fsync of the directory), so a crash
never leaves half a file; the temporary file a killed writer leaves behind is swept away by a
later write. A file that cannot be read (not UTF-8, not JSON, or JSON of the wrong shape) is
moved aside (`name.corrupt-N`) and reported in `problems`, and the game goes on with defaults:
a bad file must never stop the game.

Two games open at once (two windows, or `llk play` beside a test run) take turns: each
read-modify-write of the folder's files (a score added, a game counted, a save, a daily result
appended) holds the folder's lock, filelock's `FileLock` on one hidden file, `.llk.lock`. It is
the kernel's lock (flock), let go when a process dies, so it is never stale; the file is left
in place (removing it on release would race with the next taker). A lock held by another
process for `LOCK_SECONDS` is a problem note, and the write goes on without it: a game never
hangs on another.

`LLK_DATA_DIR` overrides the directory (the tests use it).
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import _

if TYPE_CHECKING:
    from filelock import FileLock

# A temporary file this old is a killed writer's leftover, not a write in progress (a write
# takes milliseconds); the next write of the same file removes it.
STALE_TEMP_SECONDS = 600.0
# The folder's lock (see above): a hidden file in it, and how long a write waits for it.
LOCK_FILE = ".llk.lock"
LOCK_SECONDS = 5.0


def is_number(value: Any) -> bool:
    """A JSON number, finite (`json` reads NaN and Infinity, and ints of any size)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def is_str(value: Any) -> bool:
    return isinstance(value, str)


def data_dir() -> Path:
    override = os.environ.get("LLK_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("llk", appauthor=False))


def scratch_dir(prefix: str) -> Path:
    """A new empty directory of the system's temporary files (a throw-away data directory)."""
    return Path(tempfile.mkdtemp(prefix=prefix))


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


def beside(path: Path, tag: str) -> Path:
    """The first free name `name.TAG-N` beside `path` (N from 1)."""
    n = 1
    while path.with_name(f"{path.name}.{tag}-{n}").exists():
        n += 1
    return path.with_name(f"{path.name}.{tag}-{n}")


class Folder:
    """The game's files under `root` (default: `data_dir()`), and the problems met with them
    (for the menu to show)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self.problems: list[str] = []
        self._lock: FileLock | None = None
        self._turn = threading.local()  # depth 1: this thread's write is in its turn

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Holds the folder's lock (`LOCK_FILE`) for a read-modify-write of its files; another
        process's turn is waited for `LOCK_SECONDS` at most, then noted in `problems`, and the
        write goes on. A turn inside a turn (a score's write) is the outer one's; the save
        thread's turn waits for the game thread's."""
        if getattr(self._turn, "depth", 0):
            yield
            return
        from filelock import FileLock, Timeout

        lock = self._lock = self._lock or FileLock(self.root / LOCK_FILE, timeout=LOCK_SECONDS)
        held = False
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            lock.acquire(timeout=LOCK_SECONDS)
            held = True
        except Timeout:
            said = _("another llk held {path} for {seconds:g} s; wrote without waiting longer")
            self.problems.append(said.format(path=self.root / LOCK_FILE, seconds=LOCK_SECONDS))
        except OSError:
            pass  # a folder that cannot be written: the write itself says so
        self._turn.depth = 1
        try:
            yield
        finally:
            self._turn.depth = 0
            if held:
                lock.release()

    def _read(self, name: str) -> Any | None:
        path = self.root / name
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            self.problems.append(_("could not read {path}: {error}").format(path=path, error=error))
            return None
        try:
            return json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as error:
            why = _("not UTF-8 text: {reason} at byte {start}")
            self._set_aside(path, why.format(reason=error.reason, start=error.start))
        except RecursionError:  # JSON nested thousands deep: garbage, not a game's file
            self._set_aside(path, _("nested too deeply"))
        except ValueError as error:
            self._set_aside(path, _("not JSON: {error}").format(error=error))
        return None

    def _set_aside(self, path: Path, why: str) -> None:
        """A file that cannot be read, kept beside as `name.corrupt-N` and reported."""
        self._keep_aside(path, "corrupt", _("was unreadable ({why})").format(why=why))

    def _keep_aside(self, path: Path, tag: str, what: str) -> Path | None:
        """Moves `path` to `name.TAG-N` (the first N free) rather than losing it, and reports
        that it `what`; the new path, or None when it could not be moved."""
        aside = beside(path, tag)
        try:
            os.replace(path, aside)
        except OSError as error:
            said = _("{name} {what} and could not be moved: {error}")
            self.problems.append(said.format(name=path.name, what=what, error=error))
            return None
        said = _("{name} {what}; moved to {aside}")
        self.problems.append(said.format(name=path.name, what=what, aside=aside.name))
        return aside

    def _write(self, name: str, data: Any) -> None:
        try:
            with self.locked():
                write_atomically(self.root / name, json.dumps(data, indent=1))
        except OSError as error:
            said = _("could not write {path}: {error}")
            self.problems.append(said.format(path=self.root / name, error=error))

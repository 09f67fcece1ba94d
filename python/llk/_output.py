"""The files the `llk` command writes (`llk solve --batch --out`, `llk bench --json/--csv/--plot`,
`llk bench plot --out`): their path checked before any work is done, then written whole or not
at all, and any failure said as one `CommandError` naming the file, the fault and the fix.

A regular file (or a new one) is written to a temporary file beside it, then `os.replace`d: a
full disk or a kill mid-write leaves the old file, never half a new one. A path that exists and
is not a regular file (`/dev/stdout`, a pipe, `/dev/null`) cannot be replaced: it is written
straight, and nothing is ever read back from it (reading `/dev/stdout` waits for a keyboard,
reading `/dev/full` never ends).

A file replaced whole needs no lock: two processes writing it leave one whole file, the last.
A file appended to (`llk solve --batch --out`) is read, repaired and appended to in its turn
(`locked`): filelock's `FileLock` on a hidden `.name.lock` beside it, the kernel's lock, let go
when a process dies, so never stale. That small file is left there, as removing it on release
would race with the next taker. A lock another process holds for `LOCK_SECONDS` is a
`CommandError`, not a hang.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from .errors import CommandError

# How long a writer waits for another process's turn at the same file.
LOCK_SECONDS = 10.0

_FIXES = {
    errno.ENOSPC: "free some space on that disk or write elsewhere",
    errno.EDQUOT: "free some space on that disk or write elsewhere",
    errno.EACCES: "name a file you may write",
    errno.EPERM: "name a file you may write",
    errno.EROFS: "name a file on a disk that can be written",
}


def is_regular(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is a regular file or does not exist yet (what can be replaced whole)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return True  # unreadable metadata: the write itself will say what is wrong


def check_target(path: str | os.PathLike[str], option: str) -> None:
    """Refuses, before any work, an output path that names a folder or lies in a folder that
    does not exist."""
    target = Path(path)
    if not str(path):
        raise CommandError(f"{option} is empty; name the file to write")
    if target.is_dir():
        raise CommandError(
            f"{option} {path} is a folder; name a file in it, e.g. {target / 'results'}"
        )
    folder = target.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise CommandError(
            f"{option} {path}: {folder} {what}; create the folder first (mkdir -p {folder}) "
            "or name a file in one that exists"
        )


def write_error(path: str | os.PathLike[str], option: str, error: OSError) -> CommandError:
    """The one line that says why `path` could not be written, and what to do."""
    reason = error.strerror or str(error)
    fix = _FIXES.get(error.errno or 0, f"choose another {option}")
    return CommandError(f"cannot write {path} ({option}): {reason}; {fix}")


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of `path`: hidden beside it, `.name.lock`."""
    return Path(path).with_name(f".{Path(path).name}.lock")


@contextmanager
def locked(path: str | os.PathLike[str], option: str) -> Iterator[None]:
    """Holds the lock beside `path` (`lock_path`) while the caller reads or appends to it; a
    path that is not a regular file (`/dev/stdout`) has none. Raises `CommandError` when
    another process keeps it `LOCK_SECONDS`."""
    if not is_regular(path):
        yield
        return
    from filelock import FileLock, Timeout

    lock = FileLock(lock_path(path))
    try:
        lock.acquire(timeout=LOCK_SECONDS)
    except Timeout:
        raise CommandError(
            f"{path} ({option}) is being written by another process: it has held "
            f"{lock_path(path)} for {LOCK_SECONDS:g} s; let that run end, or name another file"
        ) from None
    except OSError as error:
        raise write_error(path, option, error) from None
    try:
        yield
    finally:
        lock.release()


def _open(target: str | os.PathLike[str] | int, binary: bool) -> IO[Any]:
    if binary:
        return open(target, "wb")
    return open(target, "w", encoding="utf-8", newline="")


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_whole(
    path: str | os.PathLike[str],
    option: str,
    write: Callable[[IO[Any]], None],
    *,
    binary: bool = False,
) -> None:
    """Calls `write(file)` on a temporary file beside `path`, then puts it in `path`'s place;
    a path that is not a regular file is written straight. Any OSError on the way becomes a
    `CommandError` (and the temporary file is removed)."""
    check_target(path, option)
    try:
        if not is_regular(path):
            with _open(path, binary) as file:
                write(file)
            return
        _replace_whole(path, write, binary)
    except OSError as error:
        raise write_error(path, option, error) from None


def _replace_whole(
    path: str | os.PathLike[str], write: Callable[[IO[Any]], None], binary: bool
) -> None:
    """`write_whole` for a regular file: a temporary file beside it, then `os.replace`."""
    folder = Path(path).parent
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{Path(path).name}.", suffix=".tmp")
    try:
        with _open(fd, binary) as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temp, 0o666 & ~_umask())  # mkstemp's 0600 is not what a result file wants
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_text(path: str | os.PathLike[str], option: str, text: str) -> None:
    """`text` written whole to `path` (`write_whole`)."""

    def put(file: IO[Any]) -> None:
        file.write(text)

    write_whole(path, option, put)

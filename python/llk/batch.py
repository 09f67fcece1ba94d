"""Batch runs of the solver over random deals: `llk solve --batch` (one JSON line a deal, sharded
and resumable) and `llk solve --stats` (the table of how many are solvable, from a run in
memory or from the files of batch runs). Any `concurrent.futures.Executor` runs the deals:
threads here, Dask's `Client.get_executor()` over machines (docs/solver.md, "Batch runs").

Its public API is `__all__` (docs/api.md, "Batch runs"): `tasks` lists the deals, `run` solves
them into a file, `read_records` reads such files; the rest serves the `llk` command.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TextIO

import llk

from . import _output
from ._input import json_or_why, show
from ._limits import GRAVITY_MODES
from ._types import Gravity, TileMix
from .codes import DealSpec
from .errors import CommandError

if TYPE_CHECKING:
    from tqdm import tqdm

__all__ = ["KSHISEN_SIZES", "MAX_DEALS", "Task", "read_records", "run", "solve_task", "tasks"]

# KShisen's board sizes as it names them (columns x rows), and ours (rows x cols).
KSHISEN_SIZES = [
    ("14x6", 6, 14),
    ("16x9", 9, 16),
    ("18x8", 8, 18),
    ("24x12", 12, 24),
    ("26x14", 14, 26),
    ("30x16", 16, 30),
]
"""KShisen's six board sizes: its name (columns x rows), then rows and columns."""
KSHISEN_KINDS = 42  # board.cpp's nTiles: the kinds its tile mix cycles through
TIER_FACTOR = 10  # each tier re-runs what is still unknown with this many times the budget
VERDICTS = ("solved", "unsolvable", "unknown", "intractable")
MAX_DEALS = 1_000_000
"""The most deals one run (`--batch`, `--stats`) takes: each is listed in memory before the
run starts (a few hundred bytes each), and a million deals already take hours."""


@dataclass(frozen=True)
class Task:
    """One deal to solve: a KShisen size, gravity, tile mix and seed, with the solver's budget
    (states, and seconds if `seconds`) and how many tiers of 10x may re-run it if unknown."""

    size: str
    gravity: Gravity
    tiles: TileMix
    seed: int
    budget: int
    seconds: float | None = None
    tiers: int = 0

    @property
    def kinds(self) -> int:
        """4 tiles a kind (the even mix), or KShisen's 42 kinds four tiles at a time."""
        rows, cols = _shape(self.size)
        return KSHISEN_KINDS if self.tiles == "kshisen" else rows * cols // 4

    def board(self) -> llk.Board:
        rows, cols = _shape(self.size)
        return llk.deal(
            rows,
            cols,
            kinds=self.kinds,
            seed=self.seed,
            gravity=self.gravity,
            solvable=False,
            tiles=self.tiles,
        )


def _shape(size: str) -> tuple[int, int]:
    for name, rows, cols in KSHISEN_SIZES:
        if name == size:
            return rows, cols
    names = ", ".join(name for name, _, _ in KSHISEN_SIZES)
    raise llk.BoardError(f"--sizes: {size!r} is not one of KShisen's {names}")


def solve_task(task: Task) -> dict[str, Any]:
    """Deals and solves `task`; its JSON record. An unknown verdict is tried again at 10x the
    budget (and time), `task.tiers` times; what is still unknown after them is "intractable"
    (with no tiers: "unknown"). `states` counts the searches that ended by themselves: a time
    limit stops one without its count (null when only such searches ran).

    Args:
        task: The deal and the solver's budget.

    Returns:
        The record: the task's fields, the verdict, states, seconds, the deal's share code,
        the tier that ended it and the backend.
    """
    board = task.board()
    started = time.perf_counter()
    verdict, states, tier = "unknown", None, 0
    for tier in range(task.tiers + 1):
        factor = TIER_FACTOR**tier
        limit = None if task.seconds is None else task.seconds * factor
        begun = time.perf_counter()
        # The cancel hook (polled every 50 ms) makes a time limit: unknown once it says stop.
        late = None if limit is None else (lambda b=begun, s=limit: time.perf_counter() - b > s)
        try:
            found = board.solve(budget=task.budget * factor, cancel=late)
        except llk.Cancelled:
            continue
        states = (states or 0) + found.states
        verdict = found.status
        if verdict != "unknown":
            break
    if verdict == "unknown" and task.tiers:
        verdict = "intractable"
    record = {k: v for k, v in asdict(task).items() if k not in ("budget", "seconds", "tiers")}
    record.update(verdict=verdict, states=states, seconds=round(time.perf_counter() - started, 6))
    record.update(code=board.code, tier=tier, budget=task.budget, limit=task.seconds)
    record.update(tiers=task.tiers, backend=board.backend)
    return record


def tasks(
    sizes: Sequence[str],
    gravities: Sequence[Gravity],
    tiles: Sequence[TileMix],
    seeds: Iterable[int],
    *,
    budget: int,
    seconds: float | None = None,
    tiers: int = 0,
) -> list[Task]:
    """Every deal of these sizes, gravities, mixes and seeds, in that order.

    Args:
        sizes: KShisen's sizes to deal, by its names ("14x6" .. "30x16").
        gravities: The gravity modes.
        tiles: The tile mixes, "even" and or "kshisen".
        seeds: The seeds of each size, gravity and mix.
        budget: The solver's states for each deal.
        seconds: A time limit for each deal's first search (None: none).
        tiers: How many times an unknown verdict is tried again at 10x the budget.

    Returns:
        The tasks, sizes in KShisen's order.
    """
    seeds = list(seeds)
    return [
        Task(size, gravity, mix, seed, budget, seconds, tiers)
        for size, _, _ in KSHISEN_SIZES
        if size in sizes
        for gravity in gravities
        for mix in tiles
        for seed in seeds
    ]


def _key(record: dict[str, Any]) -> tuple[Any, ...]:
    return (record["code"], record["budget"], record["limit"], record["tiers"])


def _task_key(task: Task) -> tuple[Any, ...]:
    """The key of the record `task` will give, without dealing it.

    Returns:
        The fields that name the deal, as `_key` reads them from its record.
    """
    rows, cols = _shape(task.size)
    spec = DealSpec.checked(
        rows,
        cols,
        kinds=task.kinds,
        seed=task.seed,
        solvable=False,
        gravity=task.gravity,
        tiles=task.tiles,
    )
    return (spec.code(), task.budget, task.seconds, task.tiers)


def _is_int(value: Any, minimum: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and minimum <= value < 1 << 64


def _is_seconds(value: Any) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


# What a record's fields must hold for `llk solve --stats --from` and a resumed run to read it:
# the field, its test, and what it should be (said when it is not).
RECORD_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "size": (lambda v: v in [name for name, _, _ in KSHISEN_SIZES], "a KShisen size like 14x6"),
    "gravity": (lambda v: v in GRAVITY_MODES, "a gravity mode"),
    "tiles": (lambda v: v in ("even", "kshisen"), "even or kshisen"),
    "seed": (_is_int, "a seed (an int from 0 to 2**64-1)"),
    "verdict": (lambda v: v in VERDICTS, f"one of {', '.join(VERDICTS)}"),
    "seconds": (_is_seconds, "a number of seconds"),
    "code": (lambda v: isinstance(v, str), "a share code"),
    "budget": (_is_int, "a budget (an int >= 0)"),
    "limit": (lambda v: v is None or _is_seconds(v), "null or a number of seconds"),
    "tiers": (_is_int, "a count of tiers (an int >= 0)"),
}


def record_fault(record: Any) -> str | None:
    """What keeps `record` (a line's JSON) from being a batch record.

    Args:
        record: A line's JSON, as read.

    Returns:
        The fault in words, or None when it is a record.
    """
    if not isinstance(record, dict):
        return f"{show(record)} is not a record (a JSON object)"
    for name, (test, wanted) in RECORD_FIELDS.items():
        if name not in record:
            return f"the record has no {name!r}"
        if not _safe_test(test, record[name]):
            return f"its {name!r} is {show(record[name])}, not {wanted}"
    return None


def _safe_test(test: Callable[[Any], bool], value: Any) -> bool:
    try:
        return bool(test(value))
    except TypeError:  # an unhashable value tested for membership: not what was wanted
        return False


def _read_bytes(path: str | os.PathLike[str], option: str) -> bytes:
    """The bytes of a batch file (none when it does not exist yet, or is not a regular file:
    `/dev/stdout` or a pipe cannot hold records to read back).

    Returns:
        The file's bytes, or none.

    Raises:
        CommandError: The path is a folder, a `--from` file is missing, or it cannot be read.
    """
    file = Path(path)
    if file.is_dir():
        raise CommandError(f"{option} {path} is a folder; name a batch file (JSON lines)")
    if not file.exists() and option == "--from":
        raise CommandError(f"--from {path}: no such file; name a file --batch --out wrote")
    if not file.exists() or not _output.is_regular(file):
        return b""
    try:
        return file.read_bytes()
    except OSError as error:
        reason = error.strerror or str(error)
        raise CommandError(f"cannot read {path} ({option}): {reason}; name a batch file") from None


def read_records(
    path: str | os.PathLike[str], *, repair: bool = False, option: str = "--out"
) -> list[dict[str, Any]]:
    """The records of a batch file. A line a killed writer left unfinished (no newline at the
    end) is not a record; with `repair` it is cut off the file, so that appending goes on from
    the last whole line.

    Args:
        path: A JSON lines file `run` (or `llk solve --batch --out`) wrote.
        repair: Cut an unfinished last line off the file.
        option: The command's option that named the file, for the messages.

    Returns:
        The records, one dict a line, in the file's order.

    Raises:
        CommandError: A line that is not a record (the message names the file, the line and
            the fault), a folder, or a file that cannot be read. A `BoardError`.
    """
    data = _read_bytes(path, option)
    whole = data[: data.rfind(b"\n") + 1]
    records = []
    for number, line in enumerate(whole.split(b"\n")[:-1], 1):
        record, fault = json_or_why(line)
        fault = fault or record_fault(record)
        if fault:
            raise CommandError(
                f"{path}, line {number}: not a record of llk solve --batch ({fault}); "
                "remove or fix that line, or name another file"
            )
        records.append(record)
    if repair and len(whole) < len(data):  # only once every line is known good
        with open(path, "r+b") as f:
            f.truncate(len(whole))
    return records


def run(
    todo: Sequence[Task],
    out: str | os.PathLike[str],
    *,
    executor: Executor | None = None,
    jobs: int = 1,
    err: TextIO | None = None,
) -> tuple[int, int]:
    """Solves the tasks not yet in `out` and appends each record as its deal finishes, one
    line written and flushed at a time: a run killed loses only the deals in flight, and a run
    again skips what is done.

    Args:
        todo: The deals, from `tasks`.
        out: The JSON lines file to append to (made if missing).
        executor: Runs the deals, such as Dask's `Client.get_executor()` (default: `jobs`
            threads).
        jobs: The threads when no executor is given.
        err: Where the progress bar goes (drawn only on a terminal; None: no bar).

    Returns:
        (solved now, skipped as already in `out`).

    Raises:
        CommandError: `out` cannot be written, or holds a line that is not a record. A line
            that cannot be written (a full disk) is cut off again: the file keeps whole lines.
    """
    _output.check_target(out, "--out")
    with _output.locked(out, "--out"):  # not while another run's line is half written
        done = {_key(r) for r in read_records(out, repair=True)}
    left = [t for t in todo if _task_key(t) not in done]
    own = executor is None
    pool = ThreadPoolExecutor(max_workers=jobs) if executor is None else executor
    count = 0
    try:
        with _append(out) as f, progress_bar(len(left), str(out), err) as bar:
            futures = [pool.submit(solve_task, task) for task in left]
            for future in as_completed(futures):
                _write_line(f, out, json.dumps(future.result()) + "\n")
                count += 1
                bar.update()
    finally:
        if own:
            pool.shutdown(wait=False, cancel_futures=True)
    return count, len(todo) - len(left)


def _append(out: str | os.PathLike[str]) -> IO[bytes]:
    # Unbuffered: a line is written by its own write calls, so a failed one leaves nothing
    # pending for the close to try again.
    try:
        return open(out, "ab", buffering=0)
    except OSError as error:
        raise _output.write_error(out, "--out", error) from None


def _write_line(f: IO[bytes], out: str | os.PathLike[str], line: str) -> None:
    """Appends one whole line, or none: what a failed write left of it is cut off again.

    Raises:
        CommandError: The write failed (`_output.write_error`).
    """  # noqa: DOC501 (a CommandError: ruff cannot tell it from the call)
    regular = _output.is_regular(out)
    # In the file's lock: another run appending to it meanwhile would be cut off with the rest.
    with _output.locked(out, "--out"):
        start = os.fstat(f.fileno()).st_size if regular else 0
        data = memoryview(line.encode("utf-8"))
        try:
            while data:
                data = data[f.write(data) or 0 :]
        except OSError as error:
            if regular:
                with contextlib.suppress(OSError):
                    os.truncate(f.fileno(), start)
            raise _output.write_error(out, "--out", error) from None


def progress_bar(total: int, label: str, err: TextIO | None) -> tqdm[Any]:
    """tqdm's bar of `total` deals on `err`, drawn only on a terminal (disable=None): a log
    gets no carriage returns; no `err`, no bar.

    Returns:
        The bar, to use as a context manager.
    """
    # Imported here: `llk`'s parser reads this module, and most commands draw no bar.
    from tqdm import tqdm

    return tqdm(total=total, desc=label, unit="deal", file=err, disable=None if err else True)

"""`llk bench --saves`: how big a saved game is and how long it takes to write and to read.

For each size a solvable deal is played for SAVE_MOVES moves of its solution (fewer on a small
board), then saved the way the game saves (`Game.to_save(compact=True)`, `Storage.save_game`:
savefile.py's format, written atomically), read back (`Storage.load_game`) and restored
(`Game.from_save`). The restore is timed apart from the read, in two parts: until the game can
be played, and its history (the deal dealt again from its share code and the moves replayed,
so that undo works as before). A small board's history comes with the restore; a big one is
played at once from its grid and its history follows from a worker (model/saved.py), so its
Continue waits for the first part only.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SAVE_MOVES = 10_000
KINDS = 48
# The targets for a 1000x1000 game after 10,000 moves.
SIZE_LIMIT = 1_500_000
WRITE_LIMIT_S = READ_LIMIT_S = 0.3


@dataclass(frozen=True)
class SaveResult:
    size: str
    backend: str
    moves: int
    bytes: int
    write_s: float
    read_s: float
    restore_s: float  # until the game can be played
    history_s: float  # its history, when it follows (a big board), else 0

    def record(self) -> dict[str, Any]:
        return dict(self.__dict__)


def run_saves(sizes: list[tuple[int, int]], backend: str, seed: int) -> list[SaveResult]:
    from ..game.model.config import GameConfig
    from ..game.model.game import Game
    from ..game.store.saves import slot_file
    from ..game.store.storage import Storage

    results = []
    for rows, cols in sizes:
        game = Game(GameConfig(rows=rows, cols=cols, kinds=min(KINDS, rows * cols // 4), seed=seed))
        if game.board.backend != backend:
            raise ValueError(f"the game plays on {game.board.backend}, not {backend}")
        solution = game.board.solution or []
        moves = min(SAVE_MOVES, len(solution) // 2)
        for a, c in solution[:moves]:
            game.board.remove(a, c)
        with tempfile.TemporaryDirectory(prefix="llk-saves-") as folder:
            storage = Storage(Path(folder))
            started = time.perf_counter()
            storage.save_game(game.to_save(compact=True))
            written = time.perf_counter()
            data = Storage(Path(folder)).load_game("free")
            read = time.perf_counter()
            restored = Game.from_save(data) if data is not None else None
            done = time.perf_counter()
            history = done  # a small board's history came with the restore
            if restored is not None and restored.history_to_come is not None:
                restored.take_history(restored.history_work()())
                history = time.perf_counter()
            size = (Path(folder) / slot_file("free")).stat().st_size
        if restored is None or restored.board != game.board:
            raise RuntimeError(f"the {rows}x{cols} save did not restore the same board")
        results.append(
            SaveResult(
                f"{rows}x{cols}",
                backend,
                moves,
                size,
                written - started,
                read - written,
                done - read,
                history - done,
            )
        )
    return results


def table(results: list[SaveResult]) -> str:
    lines = [
        "| board | backend | moves | file | write | read | restore: playable "
        "| history (deal + replay), after |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        after = f"{r.history_s * 1000:.0f} ms" if r.history_s else "with the restore"
        lines.append(
            f"| {r.size} | {r.backend} | {r.moves:,} | {r.bytes / 1e6:.2f} MB | "
            f"{r.write_s * 1000:.0f} ms | {r.read_s * 1000:.0f} ms | {r.restore_s * 1000:.0f} ms "
            f"| {after} |"
        )
    return "\n".join(lines)


def targets_table(results: list[SaveResult]) -> str:
    """The issue's targets, for the 1000x1000 case when it ran."""
    lines = ["| target | limit | measured | |", "| --- | ---: | ---: | --- |"]
    for r in results:
        if r.size != "1000x1000":
            continue
        for what, limit, value, shown in (
            ("save file", SIZE_LIMIT, r.bytes, f"{r.bytes / 1e6:.2f} MB"),
            ("write", WRITE_LIMIT_S, r.write_s, f"{r.write_s * 1000:.0f} ms"),
            ("read", READ_LIMIT_S, r.read_s, f"{r.read_s * 1000:.0f} ms"),
        ):
            limit_shown = f"{limit / 1e6:g} MB" if what == "save file" else f"{limit * 1000:g} ms"
            verdict = "holds" if value <= limit else "MISSED"
            lines.append(f"| {what}, {r.moves:,} moves | {limit_shown} | {shown} | {verdict} |")
    return "\n".join(lines)

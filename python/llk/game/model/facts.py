"""What the play screen needs to know of the board after each change, worked out off the frame
loop from one snapshot: the moves left (the HUD's count, and from it the deadlock verdict), and
per block of cells the tiles and those of them that have a partner (the minimap and the heat
map).

After a change the game asks once (`BoardFacts.request`): one snapshot of the board
(`Board.snapshot`), taken on the frame thread when the worker is free, which the worker asks
every question (the Rust scans release the GIL, so frames keep coming on big boards). On the
Rust core a snapshot shares the grid until the game's board changes, so the frame that asks
copies nothing, and the worker builds no core. Each answer carries the game's board version
it was asked for, so that its reader can tell an answer about a board that is gone.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

import llk

BLOCKS_A_SIDE = 250  # the density is counted in at most this many blocks a side


def block_for(rows: int, cols: int) -> int:
    """Cells per block side so that a board has at most BLOCKS_A_SIDE blocks a side."""
    return max(1, math.ceil(max(rows, cols) / BLOCKS_A_SIDE))


@dataclass(frozen=True)
class Facts:
    """The board at `version`: `moves` linkable pairs (`deadlocked`: tiles left and none), and
    per block of `block x block` cells, `tiles` (float32) and `linked`, the tiles among them
    that link with another (uint32, `Board.move_density`)."""

    version: int
    moves: int
    deadlocked: bool
    block: int
    tiles: np.ndarray
    linked: np.ndarray
    seconds: float


def _work(board: llk.Board, block: int, version: int) -> Facts:
    # `board`, a snapshot (`Board.snapshot`), was taken on the frame thread, which paid for no
    # copy of the grid (on the Rust core; the Python core's copies it) and no history: the
    # kinds needed here are copied here, on the worker.
    started = time.perf_counter()
    moves = board.move_count()
    linked = board.move_density(block)
    grid = board.grid
    rows, cols = grid.shape
    br, bc = linked.shape
    padded = np.zeros((br * block, bc * block), dtype=bool)
    padded[:rows, :cols] = grid != 0
    tiles = padded.reshape(br, block, bc, block).sum(axis=(1, 3), dtype=np.float32)
    seconds = time.perf_counter() - started
    deadlocked = board.remaining > 0 and moves == 0
    return Facts(version, moves, deadlocked, block, tiles, linked, seconds)


class BoardFacts:
    """One worker for a game. At most one snapshot is worked on at a time; a request made
    meanwhile is remembered (only the latest: the board it names supersedes the others) and
    started, from a fresh snapshot, when the running one ends. So removing a pair every frame on
    a million-cell board never queues a backlog: the answers keep up with the game, whatever
    its pace.

    After work of t seconds the worker rests t before the next, so it takes at most half a core
    from the frames (llvmpipe draws them on the CPU); `poll(wait=True)` does not wait for that.
    The snapshot keeps the board's rules: links depend on the rule variants (not on gravity).
    `border` and `backend` are the game board's, which the snapshot carries too."""

    def __init__(self, border: bool, backend: llk.BackendName, block: int) -> None:
        self.border, self.backend, self.block = border, backend, block
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llk-facts")
        self._running: Future[Facts] | None = None
        self._wanted: tuple[int, llk.Board] | None = None
        self._rest_until = 0.0

    def request(self, board: llk.Board, version: int) -> None:
        """Asks for the facts of `board`, which is the game's board at `version`. The snapshot
        is taken now when the worker is free, else when it is (by `poll`, on this thread: the
        worker never reads a board the frame loop changes)."""
        self._wanted = (version, board)
        self._start()

    def _start(self, now: bool = False) -> None:
        if self._running is None and self._wanted is not None:
            if not now and time.perf_counter() < self._rest_until:
                return  # resting: poll starts it later
            (version, board), self._wanted = self._wanted, None
            self._running = self._pool.submit(_work, board.snapshot(), self.block, version)

    def poll(self, wait: bool = False) -> Facts | None:
        """The facts just worked out, each handed out once, or None; `wait`: blocks until those
        of the latest request are in (when one was made)."""
        self._start(now=wait)
        found = None
        while self._running is not None and (wait or self._running.done()):
            found = self._running.result()
            self._running = None
            self._rest_until = time.perf_counter() + found.seconds
            self._start(now=wait)
            if not wait:
                break
        return found

    @property
    def busy(self) -> bool:
        return self._running is not None or self._wanted is not None

    def close(self, wait: bool = False) -> None:
        """No more work: what was asked and not started is dropped; `wait`: returns once the
        scan under way has ended (the window closing; leaving for the menu does not wait). At
        the interpreter's exit the pool's worker, not a daemon, is joined all the same: a scan
        releases the GIL but never polls Python, and it ends before Python goes."""
        self._wanted = None
        self._pool.shutdown(wait=wait, cancel_futures=True)

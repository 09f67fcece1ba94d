"""The board facts' worker (llk.game.model.facts.BoardFacts: the moves, the deadlock verdict and
the density, from one snapshot) under a hammering: the main thread removes, undoes, redoes and
shuffles while the worker works. Facts labelled with the board's version are that board's own,
an answer about an older board never carries the current version, and nothing hangs or races.

The length of the run is a count of operations, never a time: the machine is shared. The
operations are drawn from a seeded generator, so the boards visited are the same on every run;
only which scans have finished when they are polled depends on the scheduler.
"""

from __future__ import annotations

import random
import time

import numpy as np

import llk
from llk.game.model.facts import BoardFacts, Facts, block_for

OPERATIONS = 2000


def verdict_of(facts: Facts | None, version: int) -> bool | None:
    """The deadlock verdict on the board at `version`, when `facts` are that board's."""
    return None if facts is None or facts.version != version else facts.deadlocked


def assert_facts_of(facts: Facts, board: llk.Board) -> None:
    block = facts.block
    assert facts.deadlocked == board.is_deadlocked()
    assert facts.moves == board.move_count()
    assert np.array_equal(facts.linked, board.move_density(block))
    assert facts.tiles.sum() == board.remaining
    rows, cols = facts.tiles.shape
    assert (rows, cols) == (-(-board.rows // block), -(-board.cols // block))


def hammer(backend: str, seed: int) -> dict[str, int]:
    """Plays OPERATIONS frames: each polls for the facts of the board as it stands, then
    changes the board and, most of the time, asks for its facts. Returns what was seen."""
    rng = random.Random(seed)
    # Without the ring and with many kinds, random play reaches deadlocks often, and the board
    # has hundreds of moves at the start.
    board = llk.deal(24, 24, kinds=72, seed=seed, solvable=False, border=False, backend=backend)
    watcher = BoardFacts(border=False, backend=backend, block=5)
    version = 0
    asked = stale = False  # a scan of this version was asked for; this version was not
    seen = {"verdicts": 0, "stale polls": 0, "waited": 0, "waited deadlocked": 0}
    try:
        for step in range(OPERATIONS):
            # A frame: the verdict on the board as it stands, if the worker has it (every
            # seventh frame waits for it). Between frames the game rests: the worker gets the
            # interpreter then, so scans finish while the board keeps changing.
            time.sleep(0)
            wait = step % 7 == 0
            facts = watcher.poll(wait=wait)
            verdict = verdict_of(facts, version)
            if stale:
                # No scan of this version was asked for: any answer is about an older board.
                assert verdict is None
                seen["stale polls"] += 1
                stale = False
            elif asked and wait:
                assert verdict is not None
                seen["waited"] += 1
                seen["waited deadlocked"] += verdict
            if verdict is not None:
                assert asked and facts is not None
                assert_facts_of(facts, board)
                assert watcher.poll() is None  # facts are handed out once
                seen["verdicts"] += 1
                asked = False
            # A change to the board, scanned in the background while the next ones are made.
            moves = board.moves()
            pick = rng.random()
            if moves and pick < 0.55:
                board.remove(*moves[rng.randrange(len(moves))])
            elif board.can_undo and pick < 0.8:
                board.undo()
            elif board.can_redo and pick < 0.9:
                board.redo()
            elif board.remaining and not moves:
                board.shuffle(rng.randrange(2**64))
            elif board.can_undo:
                board.undo()
            version += 1
            if rng.random() < 0.15:
                # Not asked about: whatever scan is under way is of an older board.
                stale, asked = True, False
            else:
                watcher.request(board, version)
                asked, stale = True, False
    finally:
        watcher.close()
    return seen


def test_no_stale_verdict_is_ever_acted_on(backend: str) -> None:
    seen = hammer(backend, seed=11)
    # These counts follow from the seed alone (the waited polls, the skipped requests).
    assert seen["verdicts"] >= seen["waited"] > 200
    assert 0 < seen["waited deadlocked"] < seen["waited"]
    assert seen["stale polls"] > 200


def test_requests_faster_than_the_worker_answer_the_last(backend: str) -> None:
    board = llk.deal(60, 60, kinds=100, seed=2, solvable=False, backend=backend)
    watcher = BoardFacts(border=True, backend=backend, block=block_for(60, 60))
    try:
        for version in range(200):
            watcher.request(board, version)
        facts = watcher.poll(wait=True)
        assert facts is not None and facts.version == 199
        assert_facts_of(facts, board)
        watcher.request(board, 200)
        board.remove(*board.hint())  # version 201, not asked about
        assert verdict_of(watcher.poll(wait=True), 201) is None
        watcher.request(board, 201)
        facts = watcher.poll(wait=True)
        assert facts is not None and facts.version == 201
        assert_facts_of(facts, board)
    finally:
        watcher.close()

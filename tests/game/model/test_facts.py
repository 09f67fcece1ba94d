"""The board facts' worker answers from a snapshot of the board (`Board.snapshot`): the frame
that asks copies no grid and builds no core (issue 37), and the facts are those of the board
as it was asked for, whatever the game does meanwhile."""

from __future__ import annotations

import threading

import llk
from llk.game.model.facts import BoardFacts, block_for


def test_the_frame_that_asks_copies_no_grid(backend, monkeypatch):
    board = llk.deal(30, 40, kinds=12, seed=7, gravity="down", backend=backend)
    asked = board.snapshot()
    reads: list[str] = []
    grid = llk.Board.grid
    made = llk.Board.__init__

    def read(b: llk.Board):
        reads.append(threading.current_thread().name)
        return grid.fget(b)

    def built(*args, **kwargs):
        reads.append(f"built on {threading.current_thread().name}")
        made(*args, **kwargs)

    monkeypatch.setattr(llk.Board, "grid", property(read))
    monkeypatch.setattr(llk.Board, "__init__", built)
    facts = BoardFacts(board.border, backend, block_for(board.rows, board.cols))
    try:
        facts.request(board, 1)
        board.remove(*board.solution[0])  # the game goes on while the worker works
        found = facts.poll(wait=True)
    finally:
        facts.close(wait=True)
    main = threading.current_thread().name
    assert reads and main not in reads and not any(r.startswith("built") for r in reads)
    assert found is not None and found.version == 1
    assert found.moves == asked.move_count() and found.tiles.sum() == board.remaining + 2
    assert (found.linked == asked.move_density(found.block)).all()

#!/usr/bin/env python3
"""Measures a safe hint with its default arguments on a big deal (docs/engine.md, "Safe hints"):

    python scripts/measure_safe_hint.py [--size 1000x1000] [--kinds 48] [--runs 5] [--backend rust]

Deals a solvable board (seed 1) and times `board.hint(safe=True)` `--runs` times, each on a
fresh copy; prints the default budget, each time, their median, and whether every hint was
safe. Not a test: a shared machine's times vary, so a unit test checks the budget instead.
"""

from __future__ import annotations

import argparse
import statistics
import time

import llk
from llk._limits import safe_hint_budget


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1000x1000", help="ROWSxCOLS (default 1000x1000)")
    parser.add_argument("--kinds", type=int, default=48, help="kinds in the deal (default 48)")
    parser.add_argument("--runs", type=int, default=5, help="timed safe hints (default 5)")
    parser.add_argument("--backend", default=None, help="rust or python (default llk.BACKEND)")
    args = parser.parse_args()
    rows, cols = (int(n) for n in args.size.lower().split("x"))
    board = llk.deal(rows, cols, kinds=args.kinds, seed=1, backend=args.backend)
    print(
        f"{rows}x{cols}, {args.kinds} kinds, {board.backend} core: default budget "
        f"{safe_hint_budget(board.remaining):,} states for {board.remaining:,} tiles"
    )
    times, hints = [], []
    for _ in range(args.runs):
        copy = board.copy()
        started = time.perf_counter()
        hints.append(copy.hint(safe=True))
        times.append(time.perf_counter() - started)
    print("times (s):", ", ".join(f"{t:.2f}" for t in times))
    print(f"median {statistics.median(times):.2f} s; hint {hints[0]}; all safe: "
          f"{all(h is not None and h.safe for h in hints)}")  # fmt: skip


if __name__ == "__main__":
    main()

"""Writes random deals (4 tiles a kind, `solvable=False`) one a line, `seed rows cols border
kinds...`, for rust/examples/solve_profile.rs (docs/engine.md, "Where the states go").

python scripts/solve_boards.py COLSxROWS SEEDS GRAVITY > FILE   (SEEDS as A:B)
"""

from __future__ import annotations

import sys

import numpy as np

import llk


def main(size: str, seeds: str, gravity: str) -> None:
    cols, rows = map(int, size.split("x"))
    first, end = map(int, seeds.split(":"))
    for seed in range(first, end):
        board = llk.deal(rows, cols, kinds=rows * cols // 4, seed=seed, solvable=False,
                         gravity=gravity)  # fmt: skip
        kinds = " ".join(map(str, np.asarray(board.grid).ravel().tolist()))
        print(f"{seed} {rows} {cols} {board.border} {kinds}")


if __name__ == "__main__":
    main(*sys.argv[1:4])

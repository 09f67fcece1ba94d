#!/usr/bin/env python3
"""Measures how much harder each difficulty of a free game is (README.md, "Difficulty"):

    python scripts/measure_difficulty.py [--board "KShisen 14x6"] [--deals 20] [--playouts 200]

For each difficulty, `--deals` deals picked as the game picks them (GameConfig.picked, from seeds
1, 101, 201, ...) are measured two ways: llk.rate's dead-end share and mean choices along the
solver's solution, and how often a player who links a uniformly random linkable pair each
time clears the board (`--playouts` games a deal, no shuffle): the share of random games
cleared. Prints a Markdown table of medians (and the mean of the random clears).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import llk
from llk.game.model.config import GameConfig
from llk.game.model.difficulty import LEVELS


def random_clears(board: llk.Board, playouts: int, rng: random.Random) -> float:
    cleared = 0
    for _ in range(playouts):
        game = board.copy()
        while True:
            moves = game.moves()
            if not moves:
                break
            game.remove(*rng.choice(moves))
        cleared += game.is_cleared()
    return cleared / playouts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="KShisen 14x6")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=200)
    args = parser.parse_args(argv)
    rng = random.Random(1)
    print(
        f"{args.board}, {args.deals} deals a difficulty, {args.playouts} random games a deal, "
        f"{llk.BACKEND} backend"
    )
    print()
    print(
        "| difficulty | kinds | dealt | dead-end share | mean choices | random games cleared "
        "| pick time |"
    )
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for level in LEVELS:
        shares, choices, clears, times = [], [], [], []
        kinds = dealt = None
        for i in range(args.deals):
            config = GameConfig.preset(args.board, seed=1 + 100 * i, difficulty=level)
            started = time.perf_counter()
            found, board = config.picked()
            times.append(time.perf_counter() - started)
            rating = llk.rate(board)
            kinds, dealt = (
                found.kinds,
                "solvable" if board.code.endswith("sb") else "random, solved",
            )
            shares.append(rating.dead_end_share)
            choices.append(rating.mean_choices)
            clears.append(random_clears(board, args.playouts, rng))
        print(
            f"| {level} | {kinds} | {dealt} | {statistics.median(shares):.3f} | "
            f"{statistics.median(choices):.1f} | {statistics.mean(clears):.0%} | "
            f"{statistics.median(times):.2f} s |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Measures how much harder each difficulty of a free game is, and how long picking a deal
takes (docs/difficulty.md quotes its output file):

    python scripts/measure_difficulty.py [--board "KShisen 14x6"] [--deals 20] [--playouts 200]
        [--pick-times] [--out docs/results/difficulty.md]

For each difficulty, `--deals` deals picked as the game picks them (GameConfig.picked, from seeds
1, 101, 201, ...) are measured two ways: llk.rate's dead-end share and mean choices along the
solver's solution, and how often a player who links a uniformly random linkable pair each
time clears the board (`--playouts` games a deal, no shuffle): the share of random games
cleared. Prints a Markdown table of medians (and the mean of the random clears).

`--pick-times` adds a table of the time `picked` takes a difficulty (median and max over the
same seeds, for each `--board`, which may be given more than once): with the table of rated
seeds (assets/difficulty/rated-seeds.json) and without it (the search, as for a board the
table lacks). `--out` writes what is printed to a file as well, with the machine's load.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import statistics
import sys
import time

import llk
from llk.game.model import difficulty
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


def pick_times(board: str, level: str, deals: int, table: bool) -> list[float]:
    """Seconds `picked` took for each of `deals` seeds, with the table or without it."""
    difficulty.rated_seeds.cache_clear()
    rated_seeds = difficulty.rated_seeds
    if not table:
        difficulty.rated_seeds = dict  # type: ignore[assignment] # no table: the search
    try:
        times = []
        for i in range(deals):
            config = GameConfig.preset(board, seed=1 + 100 * i, difficulty=level)
            started = time.perf_counter()
            config.picked()
            times.append(time.perf_counter() - started)
        return times
    finally:
        difficulty.rated_seeds = rated_seeds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", action="append", help='default: "KShisen 14x6"')
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--pick-times", action="store_true")
    parser.add_argument("--out", help="also write the output to this file")
    args = parser.parse_args(argv)
    boards = args.board or ["KShisen 14x6"]
    lines: list[str] = []

    def say(line: str = "") -> None:
        print(line, flush=True)
        lines.append(line)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    say(
        f"`python scripts/measure_difficulty.py {shlex.join(argv or sys.argv[1:])}`: "
        f"{args.deals} deals a difficulty, {llk.BACKEND} backend, {os.cpu_count()} cores, "
        f"load average {load:.1f} at the start"
    )
    say()
    say(
        f"{boards[0]}, {args.playouts} random games a deal (llk.rate's defaults; medians over "
        "the deals, the random games' clears averaged):"
    )
    say()
    rng = random.Random(1)
    say(
        "| difficulty | kinds | dealt | dead-end share | mean choices | random games cleared "
        "| labels |"
    )
    say("| --- | ---: | --- | ---: | ---: | ---: | --- |")
    for level in LEVELS:
        shares, choices, clears, labels = [], [], [], {}
        kinds = dealt = None
        for i in range(args.deals):
            config = GameConfig.preset(boards[0], seed=1 + 100 * i, difficulty=level)
            found, board = config.picked()
            rating = llk.rate(board)
            kinds, dealt = (
                found.kinds,
                "solvable" if board.code.endswith("sb") else "random, solved",
            )
            shares.append(rating.dead_end_share)
            choices.append(rating.mean_choices)
            clears.append(random_clears(board, args.playouts, rng))
            labels[rating.label] = labels.get(rating.label, 0) + 1
        rated = ", ".join(f"{n} {label}" for label, n in labels.items())
        say(
            f"| {level} | {kinds} | {dealt} | {statistics.median(shares):.3f} | "
            f"{statistics.median(choices):.1f} | {statistics.mean(clears):.0%} | {rated} |"
        )
    if args.pick_times:
        say()
        say(
            "Time to pick a deal (`GameConfig.picked`), median and max over the seeds: from "
            "the table of rated seeds, and by the search (a board the table lacks):"
        )
        say()
        say("| board | difficulty | table median | table max | search median | search max |")
        say("| --- | --- | ---: | ---: | ---: | ---: |")
        for board in boards:
            for level in LEVELS:
                table = pick_times(board, level, args.deals, table=True)
                search = pick_times(board, level, args.deals, table=False)
                say(
                    f"| {board} | {level} | {seconds(statistics.median(table))} | "
                    f"{seconds(max(table))} | {seconds(statistics.median(search))} | "
                    f"{seconds(max(search))} |"
                )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    say()
    say(f"Load average {load:.1f} at the end.")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
    return 0


def seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


if __name__ == "__main__":
    sys.exit(main())

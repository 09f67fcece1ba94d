#!/usr/bin/env python3
"""Writes assets/journey/levels.json, the journey's 30 levels (python/llk/game/model/journey.py):

    python scripts/make_journey.py [--out assets/journey/levels.json]

Six chapters of five levels, each chapter on a bigger board with more kinds and less time a
pair. The gravity changes from one level to the next, round the seven modes. Chapters 1-2 are
deals with a certificate of their own (`board.solution`); from chapter 3 on they are random
deals (`solvable=False`) that the solver clears, its moves kept as the certificate, because a
random deal has dead ends and a dealt-solvable one hardly ever does (llk.rate finds none on
those). For each level the seeds are tried in turn from the chapter's first until the deal is
solved and its rating (`llk.rate`, its dead-end share) falls in the chapter's band, so the
difficulty rises chapter by chapter; the rating is stored, and
tests/game/model/test_journey_levels.py checks it again.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import llk

# (rows, cols, layout, kinds, dealt solvable, dead-end share band, seconds a pair)
CHAPTERS = [
    (6, 8, None, 8, True, (0.0, 0.0), 7.0),
    (6, 10, None, 12, True, (0.0, 0.0), 6.0),
    (8, 10, None, 20, False, (0.0, 0.04), 5.5),
    (6, 14, None, 21, False, (0.01, 0.08), 5.0),
    (10, 10, "10x10", 25, False, (0.03, 0.12), 4.5),
    (9, 16, None, 36, False, (0.05, 1.0), 4.0),
]
LEVELS_PER_CHAPTER = 5
# The deal version the levels were made with, pinned: the game deals each level from its
# share code, which names it, so a newer llk.deal default never changes a level.
DEAL_VERSION = 1
SEED_TRIES = 2000


def _rating(board: llk.Board) -> llk.Difficulty:
    return llk.rate(board)


def make_level(number: int, chapter: int, first_seed: int) -> tuple[dict, int]:
    rows, cols, layout, kinds, solvable, (low, high), per_pair = CHAPTERS[chapter - 1]
    gravity = llk.GRAVITY_MODES[(number - 1) % len(llk.GRAVITY_MODES)]
    for seed in range(first_seed, first_seed + SEED_TRIES):
        board = llk.deal(
            rows,
            cols,
            kinds=kinds,
            seed=seed,
            layout=layout,
            solvable=solvable,
            gravity=gravity,
            version=DEAL_VERSION,
        )
        rating = _rating(board)
        if rating.status != "solved" or not low <= rating.dead_end_share <= high:
            continue
        # A random deal's certificate is the solver's solution.
        solution = board.solution if solvable else [tuple(m) for m in llk.solve(board).moves]
        level = {
            "number": number,
            "chapter": chapter,
            "rows": rows,
            "cols": cols,
            "layout": layout,
            "kinds": kinds,
            "gravity": gravity,
            "seed": seed,
            "solvable": solvable,
            "time_limit": round(per_pair * board.remaining / 2),
            "code": board.code,
            "rating": {
                "score": rating.score,
                "label": rating.label,
                "dead_end_share": round(rating.dead_end_share, 6),
                "mean_choices": round(rating.mean_choices, 4),
                "states": rating.states,
            },
            "solution": [[list(a), list(c)] for a, c in solution],
        }
        return level, seed + 1
    raise SystemExit(f"level {number}: no seed in {SEED_TRIES} from {first_seed} fits the band")


def compact_json(header: dict) -> str:
    """The file as JSON, indented, with each level's certificate on one line (a few hundred
    numbers: one line a level keeps the file short and its diffs readable)."""
    marks = {}
    for level in header["levels"]:
        mark = f"@solution-{level['number']}@"
        marks[mark] = json.dumps(level["solution"], separators=(",", ":"))
        level["solution"] = mark
    text = json.dumps(header, indent=1)
    for mark, solution in marks.items():
        text = text.replace(json.dumps(mark), solution)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", default=str(Path(__file__).parent.parent / "assets/journey/levels.json")
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    levels = []
    for chapter in range(1, len(CHAPTERS) + 1):
        seed = 1000 * chapter
        for i in range(LEVELS_PER_CHAPTER):
            number = (chapter - 1) * LEVELS_PER_CHAPTER + i + 1
            level, seed = make_level(number, chapter, seed)
            levels.append(level)
            r = level["rating"]
            print(
                f"level {number:2}: {level['code']:34} dead ends {r['dead_end_share']:.3f} "
                f"choices {r['mean_choices']:5.1f} limit {level['time_limit']} s",
                file=sys.stderr,
            )
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    header = {
        "about": "The journey's levels; written by scripts/make_journey.py, do not edit by hand.",
        "rated_with": "llk.rate(board) defaults: budget 200000, probe_budget 2000",
        "levels": levels,
    }
    out.write_text(compact_json(header) + "\n")
    print(f"{len(levels)} levels in {out} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The two experiments that hold `llk bench compare` to its word (issue 41, item 2), and the
page of docs/benchmarking.md that shows them (docs/results/compare-experiments.md):

1. Noise alone: `llk bench` run TRIES + 1 times on the same build; each run compared with the
   next (`--fail-above 1.10`). Every comparison must report no significant row and exit 0.
2. A planted slowdown: each of those runs compared with a run whose one operation (`--plant`,
   default hint) takes 1.5 times as long (LLK_BENCH_PLANT, llk/bench/processes.py: the
   operation's samples spin for half their time again). Every row of that operation must be
   reported significantly slower, no other row, and `--fail-above 1.10` must exit 1.

`--hogs N` runs N busy loops beside the bench (a loaded machine), one process each.

    python scripts/compare_experiments.py --out docs/results/compare-experiments.md
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = [
    "--sizes", "100x100",
    "--ops", "hint,move_count",
    "--backends", "rust,python",
    "--max-time", "1",
]  # fmt: skip


def _hog() -> None:
    while True:
        pass


def bench(json_path: Path, plant: str | None) -> None:
    env = dict(os.environ)
    env.pop("LLK_BENCH_PLANT", None)
    if plant:
        env["LLK_BENCH_PLANT"] = plant
    command = [sys.executable, "-m", "llk", "bench", *BENCH, "--json", str(json_path)]
    subprocess.run(
        command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def compare(old: Path, new: Path) -> tuple[int, list[list[str]]]:
    """`llk bench compare --fail-above 1.10`'s exit code and its table's rows."""
    command = [sys.executable, "-m", "llk", "bench", "compare", str(old), str(new)]
    done = subprocess.run(
        [*command, "--fail-above", "1.10"], capture_output=True, text=True, check=False
    )
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in done.stdout.splitlines()
        if line.startswith("| ")
    ][2:]
    return done.returncode, rows


def significant(rows: list[list[str]]) -> list[list[str]]:
    return [row for row in rows if row[9] != "not significant"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=10)
    parser.add_argument("--plant", default="hint", help="the operation slowed down 1.5x")
    parser.add_argument("--hogs", type=int, default=0, help="busy loops beside the bench")
    parser.add_argument("--out", type=Path, required=True, help="the Markdown page to write")
    parser.add_argument("--keep", type=Path, help="keep the result files in this folder")
    args = parser.parse_args()
    hogs = [multiprocessing.Process(target=_hog, daemon=True) for _ in range(args.hogs)]
    for hog in hogs:
        hog.start()
    lines = []
    noise_ok = planted_ok = failed = rows_caught = rows_planted = 0
    try:
        with tempfile.TemporaryDirectory() as temporary:
            scratch = args.keep or Path(temporary)
            scratch.mkdir(parents=True, exist_ok=True)
            runs = [Path(scratch, f"same-{i}.json") for i in range(args.tries + 1)]
            bench(runs[0], None)
            for i in range(args.tries):
                bench(runs[i + 1], None)
                planted = Path(scratch, f"planted-{i}.json")
                bench(planted, f"{args.plant}=1.5")
                code, rows = compare(runs[i], runs[i + 1])
                same = significant(rows)
                noise_ok += code == 0 and not same
                pcode, prows = compare(runs[i], planted)
                caught = significant(prows)
                ours = [row for row in prows if row[0] == args.plant]
                right = (
                    pcode == 1
                    and all(row in caught for row in ours)
                    and all(row[0] == args.plant for row in caught)
                    and all(row[9].endswith("slower") for row in caught)
                )
                planted_ok += right
                failed += pcode == 1
                rows_caught += sum(row in caught for row in ours)
                rows_planted += len(ours)
                ratios = ", ".join(f"{float(row[6]):.2f}" for row in ours)
                lines.append(
                    f"| {i + 1} | {len(rows)} | {len(same)} | {code} | {len(caught)} of "
                    f"{len(ours)} | {ratios} | {pcode} |\n"
                )
                print(f"try {i + 1}: {lines[-1]}", end="", file=sys.stderr, flush=True)
    finally:
        for hog in hogs:
            hog.kill()
    load = os.getloadavg()[0]
    page = [
        f"`python scripts/compare_experiments.py --tries {args.tries} --plant {args.plant} "
        f"--hogs {args.hogs}`: `llk bench {' '.join(BENCH)}` (4 worker processes a case), "
        f"{os.cpu_count()} cores, {args.hogs} busy loops beside it, load average {load:.2f} at "
        "the end.\n\n",
        "| try | rows | same build: significant | exit | planted: significant "
        f"| {args.plant} new ÷ old | exit |\n| ---: | ---: | ---: | ---: | ---: | --- | ---: |\n",
        *lines,
        f"\nSame build: {noise_ok} of {args.tries} comparisons with no significant row and "
        f"exit 0. Planted 1.5x slowdown of {args.plant}: caught in {planted_ok} of "
        f"{args.tries} (every {args.plant} row significantly slower, no other row, exit 1); "
        f"`--fail-above 1.10` exited 1 in {failed} of {args.tries}, and {rows_caught} of "
        f"{rows_planted} {args.plant} rows were reported slower.\n",
    ]
    args.out.write_text("".join(page))
    return 0 if noise_ok == planted_ok == args.tries else 1


if __name__ == "__main__":
    sys.exit(main())

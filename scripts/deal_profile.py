#!/usr/bin/env python3
"""Why a solvable deal on the Rust core does not grow linearly with the board (issue 41,
item 6; docs/engine.md, "What a deal costs as the board grows"): the time per cell of
`llk.deal` from 100x100 to 2000x2000, and, with `--perf-core`, where the time goes at the
smallest and the largest size, by `perf record` (a software clock: no hardware counters needed)
over an extension built with line tables, so that perf can name the functions, and the
instructions a deal runs at 250x250 and 1000x1000 (valgrind's callgrind):

    CARGO_TARGET_DIR=/tmp/tgt-prof CARGO_PROFILE_RELEASE_DEBUG=line-tables-only \\
        CARGO_PROFILE_RELEASE_STRIP=none cargo build --release -p llk-core --features python,classic
    python scripts/deal_profile.py --perf-core /tmp/tgt-prof/release/libllk_core.so \\
        --out docs/results/deal-profile.md
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import llk

SIZES = (100, 200, 500, 1000, 1414, 2000)
KINDS = 50
# Enough deals a size that the small ones are timed over at least a tenth of a second.
DEALS = {100: 40, 200: 20, 500: 6, 1000: 3, 1414: 3, 2000: 3}
DEAL_ONCE = "import sys, llk\nn, k = int(sys.argv[1]), int(sys.argv[2])\n" + (
    "for s in range(k): llk.deal(n, n, kinds=50, seed=s, backend='rust')\n"
)


def times(n: int) -> list[float]:
    taken = []
    for seed in range(DEALS[n]):
        start = time.perf_counter()
        llk.deal(n, n, kinds=KINDS, seed=seed, backend="rust")
        taken.append(time.perf_counter() - start)
    return taken


def scaling_table() -> list[str]:
    rows = [
        "| board | cells | deals | median | ns a cell | exponent from the size before |\n",
        "| --- | ---: | ---: | ---: | ---: | ---: |\n",
    ]
    before = None
    for n in SIZES:
        median = statistics.median(times(n))
        cells = n * n
        k = (
            ""
            if before is None
            else f"{math.log(median / before[1]) / math.log(cells / before[0]):.2f}"
        )
        rows.append(
            f"| {n}x{n} | {cells:,} | {DEALS[n]} | {median * 1e3:.1f} ms | "
            f"{median / cells * 1e9:.0f} | {k} |\n"
        )
        before = (cells, median)
    return rows


def perf_shares(core: Path, n: int, deals: int) -> list[tuple[str, float]]:
    """The functions that took the most of `deals` deals of n x n, by perf's samples."""
    with tempfile.TemporaryDirectory() as scratch:
        package = Path(scratch, "llk")
        shutil.copytree(Path(llk.__file__).parent, package)
        shutil.copy(core, package / "_core.abi3.so")
        data = Path(scratch, "perf.data")
        env = {**os.environ, "PYTHONPATH": scratch}
        subprocess.run(
            ["perf", "record", "-q", "-e", "cpu-clock", "-F", "4000", "-o", str(data),
             sys.executable, "-c", DEAL_ONCE, str(n), str(deals)],
            env=env, check=True, capture_output=True,
        )  # fmt: skip
        report = subprocess.run(
            ["perf", "report", "-i", str(data), "--no-children", "--sort", "symbol", "--stdio"],
            check=True, capture_output=True, text=True,
        ).stdout  # fmt: skip
    shares = []
    for line in report.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0].endswith("%") and "llk_core::" in line:
            name = line.split("]", 1)[1].split("  ")[0].strip()
            shares.append((name.replace("llk_core::", ""), float(parts[0][:-1])))
    return shares[:6]


def instructions(core: Path, n: int) -> int:
    """The instructions one deal of n x n runs inside `deal::deal` (callgrind)."""
    with tempfile.TemporaryDirectory() as scratch:
        package = Path(scratch, "llk")
        shutil.copytree(Path(llk.__file__).parent, package)
        shutil.copy(core, package / "_core.abi3.so")
        out = Path(scratch, "callgrind.out")
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             "--toggle-collect=llk_core::deal::deal*",
             sys.executable, "-c", DEAL_ONCE, str(n), "1"],
            env={**os.environ, "PYTHONPATH": scratch}, check=True, capture_output=True, text=True,
        )  # fmt: skip
    line = next(x for x in done.stderr.splitlines() if "Collected :" in x)
    return int(line.split(":")[-1].strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--perf-core", type=Path, help="an extension built with line tables")
    args = parser.parse_args()
    page = [
        f"`python scripts/deal_profile.py`: `llk.deal(n, n, kinds={KINDS}, seed=s, "
        f"backend='rust')`, solvable, no gravity; {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.2f} at the end of the timings.\n\n",
        *scaling_table(),
    ]
    if args.perf_core:
        page.append("\nWhere the time goes (`perf record -e cpu-clock`, share of all samples):\n\n")
        page.append(
            "| function | 200x200 (60 deals) | 2000x2000 (1 deal) |\n| --- | ---: | ---: |\n"
        )
        small, large = (
            dict(perf_shares(args.perf_core, 200, 60)),
            perf_shares(args.perf_core, 2000, 1),
        )
        for name, share in large:
            page.append(f"| `{name}` | {small.get(name, 0.0):.1f}% | {share:.1f}% |\n")
        page.append("\nInstructions inside `deal::deal` (callgrind), one deal:\n\n")
        page.append("| board | instructions | a cell |\n| --- | ---: | ---: |\n")
        for n in (250, 1000):
            count = instructions(args.perf_core, n)
            page.append(f"| {n}x{n} | {count:,} | {count / (n * n):.0f} |\n")
    args.out.write_text("".join(page))
    return 0


if __name__ == "__main__":
    sys.exit(main())

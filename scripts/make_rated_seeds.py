#!/usr/bin/env python3
"""Writes assets/difficulty/rated-seeds.json, the table of rated seeds a free game's hard and
expert deals come from (python/llk/game/model/difficulty.py, issue 24):

    python scripts/make_rated_seeds.py [--want 8] [--jobs 2] [--max-seconds 240]

For every board the game rates (each preset and layout the menu and `llk play` offer with at
most RATE_MAX_TILES tiles, and the menu's default custom size) and each gravity, the random
deals `pick` would rate are rated from seed 1 on, as `pick` rates them (RATE_BUDGET,
PROBE_BUDGET). A deal whose dead-end share falls in hard's or expert's band, and that
llk.rate's defaults (`llk solve --rate`) label the same, is kept for that level, until
`--want` seeds a level or `--max-seconds` (wall clock) of rating a board (then the key keeps
what it has; a key with none is left out and the game searches for it). Rust core; one
process a board and gravity, `--jobs` at a time. Prints what each board took and the total.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace
from pathlib import Path

import llk
from llk.game.model import difficulty
from llk.game.model.config import MAX_KINDS, PRESETS, GameConfig
from llk.solver import in_band

OUT = Path(__file__).resolve().parent.parent / "assets" / "difficulty" / "rated-seeds.json"
CUSTOM_DEFAULT = (8, 12)  # the menu's custom size until the player types another


def rated_boards() -> list[GameConfig]:
    """Every board the game rates deals of, once each (a preset on a layout is that layout)."""
    found: dict[tuple, GameConfig] = {}
    configs = [GameConfig.preset(name) for name in PRESETS]
    configs += [GameConfig.for_layout(name) for name in llk.Layout.names()]
    configs.append(GameConfig(rows=CUSTOM_DEFAULT[0], cols=CUSTOM_DEFAULT[1]))
    for config in configs:
        base = difficulty.base_for(replace(config, difficulty="hard"), MAX_KINDS)
        if not base.solvable:  # dealt at random, to be rated: at most RATE_MAX_TILES tiles
            found.setdefault((base.rows, base.cols, base.layout), config)
    return list(found.values())


def keys_of(config: GameConfig, gravity: str) -> dict[str, GameConfig]:
    """The table's keys of a board and gravity (hard's and expert's) -> the deal's config."""
    bases = {}
    for level in difficulty.RATED:
        base = difficulty.base_for(replace(config, gravity=gravity, difficulty=level), MAX_KINDS)
        bases[difficulty.table_key(base, level)] = base
    return bases


def scan(
    config: GameConfig,
    gravity: str,
    want: int,
    max_seconds: float,
    have: dict | None = None,
    tried: dict | None = None,
) -> dict:
    """Rates `config`'s random deals under `gravity` from seed 1 on (when topping up, after
    the seeds it `have` and those `tried` in vain); the seeds kept a key."""
    have, tried = have or {}, tried or {}
    kept: dict[str, list[int]] = {}
    bases = {}
    for key, base in keys_of(config, gravity).items():
        level = key.rsplit(" ", 1)[1]
        bases[level] = base
        kept[key] = list(have.get(key, []))
    # Hard and expert deal the same random boards (4 tiles a kind): one rating serves both.
    assert len({b for b in bases.values()}) == 1, bases
    base = bases["hard"]
    seed = max([s for seeds in kept.values() for s in seeds] + [tried.get(k, 0) for k in kept])
    started, cpu, rated = time.perf_counter(), time.process_time(), 0
    while time.perf_counter() - started < max_seconds:
        if all(len(seeds) >= want for seeds in kept.values()):
            break
        seed += 1
        board = replace(base, seed=seed).deal()
        rated += 1
        rating = llk.rate(
            board, budget=difficulty.RATE_BUDGET, probe_budget=difficulty.PROBE_BUDGET
        )
        if rating.status != "solved":
            continue
        for level in difficulty.RATED:
            seeds = kept[difficulty.table_key(bases[level], level)]
            # In the band, and `llk solve --rate` calls it the same (llk.rate's defaults).
            share = rating.dead_end_share
            if len(seeds) < want and in_band(share, level) and llk.rate(board).label == level:
                seeds.append(seed)
    return {
        "seeds": kept,
        "last": seed,
        "rated": rated,
        "seconds": time.perf_counter() - started,
        "cpu": time.process_time() - cpu,
        "board": f"{config.rows}x{config.cols} {config.layout or '-'} {gravity}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--want", type=int, default=8, help="seeds a key (default 8)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--max-seconds", type=float, default=240.0, help="rating time a board and gravity"
    )
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--top-up",
        action="store_true",
        help="keep the seeds of the table at --out and rate on after them for the keys short"
        " of --want",
    )
    args = parser.parse_args(argv)
    if llk.BACKEND != "rust":
        parser.error("the table is made on the Rust core (LLK_BACKEND=rust)")
    jobs = [(c, g) for c in rated_boards() for g in llk.GRAVITY_MODES]
    keys = 2 * len(jobs)
    seeds: dict[str, list[int]] = {}
    unfound: dict[str, int] = {}  # key -> the last seed rated in vain (seeds 1 to it)
    if args.top_up:
        table = json.loads(args.out.read_text(encoding="utf-8"))
        if any(table.get(k) != v for k, v in difficulty.table_header().items()):
            parser.error(f"{args.out} was made with another version, budgets or bands")
        seeds, unfound = table["seeds"], table.get("unfound", {})
        jobs = [
            (c, g) for c, g in jobs if any(len(seeds.get(k, [])) < args.want for k in keys_of(c, g))
        ]
    print(f"{len(jobs)} boards and gravities of {keys // 2} to rate, {args.jobs} jobs", flush=True)
    started, cpu = time.perf_counter(), 0.0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            pool.submit(scan, c, g, args.want, args.max_seconds, seeds, unfound) for c, g in jobs
        ]
        for future in as_completed(futures):
            done = future.result()
            cpu += done["cpu"]
            counts = [len(v) for v in done["seeds"].values()]
            print(
                f"{done['board']}: {done['rated']} deals rated in {done['seconds']:.0f} s "
                f"({done['cpu']:.0f} s of a core), "
                f"seeds {counts}",
                flush=True,
            )
            seeds.update({k: v for k, v in done["seeds"].items() if v})
            for k, v in done["seeds"].items():
                if v:
                    unfound.pop(k, None)
                else:
                    unfound[k] = done["last"]
            write(args.out, seeds, unfound)  # as it goes: an interrupted run keeps its keys
    counts = sorted(len(v) for v in seeds.values())
    print(
        f"{len(seeds)} of {keys} keys, {counts[0] if counts else 0}-"
        f"{counts[-1] if counts else 0} seeds a key ({sum(counts)} in all); rating took "
        f"{cpu:.0f} s of one core's time in all, {time.perf_counter() - started:.0f} s on "
        f"{args.jobs} jobs",
        flush=True,
    )
    return 0


def write(out: Path, seeds: dict[str, list[int]], unfound: dict[str, int]) -> None:
    """The table: its header, the keys without a seed (and the seeds rated in vain: 1 to the
    number given; the game searches for them), then the seeds, a key a line."""
    table = {
        "about": "Rated seeds of the hard and expert deals (python/llk/game/model/difficulty.py)"
        "; written by scripts/make_rated_seeds.py, do not edit by hand.",
        **difficulty.table_header(),
        "unfound": {key: unfound[key] for key in sorted(unfound)},
        "seeds": {key: seeds[key] for key in sorted(seeds)},
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in table["seeds"].items()]
    head = json.dumps({k: v for k, v in table.items() if k != "seeds"}, indent=1)[:-2]
    text = head + ',\n "seeds": {\n' + ",\n".join(lines) + "\n }\n}\n"
    json.loads(text)  # the hand-made layout (one key a line) is still JSON
    tmp = out.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)


if __name__ == "__main__":
    sys.exit(main())

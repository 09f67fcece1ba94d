#!/usr/bin/env python3
"""Finds mahjong_tiles.ORDERS: for each palette and suit, which of the suit's nine colours each
face takes, so that the faces read apart at 16 and 35 px by tests/test_tiles_read_small.py's
measure (D, against its thresholds). Every face is drawn in each of its suit's nine colours; a
search over swaps (from a few fixed starts) then raises the suit's worst pair, counting the pairs
with the suits already placed too (a suit's two and the next suit's two are laid out alike).

    python scripts/mahjong_orders.py   # prints ORDERS, to paste into mahjong_tiles.py
"""

from __future__ import annotations

import importlib.util
import io
import itertools
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import mahjong_tiles  # noqa: E402
import make_assets  # noqa: E402

spec = importlib.util.spec_from_file_location(
    "read_small", HERE.parent / "tests" / "test_tiles_read_small.py"
)
read_small = importlib.util.module_from_spec(spec)
spec.loader.exec_module(read_small)


def features(palette: str, suit: int) -> dict[tuple[int, int, int], tuple]:
    """(face, colour position, width) -> the measure's view of that face in that colour."""
    original = mahjong_tiles.ORDERS[palette][suit]
    found = {}
    for shift in range(9):  # each face in each colour: nine orders, each a rotation
        mahjong_tiles.ORDERS[palette][suit] = [(i + shift) % 9 for i in range(9)]
        make_assets.mahjong_colours.cache_clear()
        for face in range(9):
            image = make_assets.draw_face(mahjong_tiles.SUITS[suit][face], "mahjong", palette)
            png = io.BytesIO()
            image.save(png, format="PNG")
            for width in read_small.THRESHOLD:
                png.seek(0)
                found[face, (face + shift) % 9, width] = read_small.small_face(
                    png, width, "mahjong"
                )
    mahjong_tiles.ORDERS[palette][suit] = original
    make_assets.mahjong_colours.cache_clear()
    return found


def worst(order: list[int], seen: dict, placed: list | None = None) -> float:
    """The suit's worst pair, as a share of its size's threshold (>= 1 reads apart), among its
    own faces and against `placed` (the faces of the suits placed before, width -> views)."""
    own = min(
        float(read_small.distance(seen[a, order[a], w], seen[b, order[b], w])) / limit
        for a, b in itertools.combinations(range(9), 2)
        for w, limit in read_small.THRESHOLD.items()
    )
    across = min(
        (
            float(read_small.distance(seen[a, order[a], w], other)) / limit
            for a in range(9)
            for w, limit in read_small.THRESHOLD.items()
            for other in (placed or {}).get(w, [])
        ),
        default=own,
    )
    return min(own, across)


def search(seen: dict, placed: dict) -> list[int]:
    rng = random.Random(28)
    best_order, best = list(range(9)), -1.0
    for _start in range(6):
        order = list(range(9))
        rng.shuffle(order)
        score = worst(order, seen, placed)
        improved = True
        while improved:
            improved = False
            for a, b in itertools.combinations(range(9), 2):
                order[a], order[b] = order[b], order[a]
                now = worst(order, seen, placed)
                if now > score:
                    score, improved = now, True
                else:
                    order[a], order[b] = order[b], order[a]
        if score > best:
            best_order, best = list(order), score
    return best_order


def main() -> None:
    orders = {}
    for palette in make_assets.PALETTES:
        orders[palette] = []
        placed: dict[int, list] = {w: [] for w in read_small.THRESHOLD}
        for suit in range(len(mahjong_tiles.SUITS)):
            seen = features(palette, suit)
            order = search(seen, placed)
            score = worst(order, seen, placed)
            print(f"{palette} suit {suit}: {order} worst {score:.2f}", file=sys.stderr)
            orders[palette].append(order)
            for w in placed:
                placed[w] += [seen[face, order[face], w] for face in range(9)]
    print("ORDERS =", orders)


if __name__ == "__main__":
    main()

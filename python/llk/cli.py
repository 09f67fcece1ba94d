"""The `llk` command: `llk demo` plays a seeded board to the end in the terminal."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import TextIO

import numpy as np

import llk

from . import _backend, _input
from ._types import BackendName
from .errors import CommandError


def paired_board(
    rows: int, cols: int, kinds: int, seed: int, *, border: bool, backend: BackendName | None
) -> llk.Board:
    """A full board of `kinds` kinds in pairs, dealt by the shared PRNG (same on both backends)."""
    _input.check_size(rows, cols)  # before the kinds are listed: a board too large is refused
    cells = rows * cols
    if cells % 2:
        raise llk.BoardError(
            f"a {rows}x{cols} board has an odd number of cells ({cells}): tiles come in pairs"
        )
    if not 1 <= kinds <= 65535:
        raise llk.BoardError(f"kinds must be in 1..65535, got {kinds}")
    # Kind i gets pair after pair in turn, so counts differ by at most one pair.
    flat = np.repeat(np.arange(cells // 2) % kinds + 1, 2)
    board = llk.Board(flat.reshape(rows, cols), border=border, backend=backend)
    board.shuffle(seed)
    return board


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _cell(cell: tuple[int, int]) -> str:
    return f"({cell[0]}, {cell[1]})"


def demo(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    board = paired_board(
        args.rows, args.cols, args.kinds, args.seed, border=not args.no_border, backend=args.backend
    )
    print(
        f"llk demo: {args.rows}x{args.cols}, {_count(args.kinds, 'kind')}, seed {args.seed}, "
        f"{'with' if board.border else 'without'} the outer ring, {board.backend} backend",
        file=out,
    )
    print(board, file=out)
    started = time.perf_counter()
    step = shuffles = 0
    while not board.is_cleared():
        hint = board.hint()
        if hint is None:
            shuffles += 1
            seed = args.seed + shuffles
            board.shuffle(seed)
            print(f"  deadlock with {board.remaining} tiles left: shuffled (seed {seed})", file=out)
            continue
        kind = board[hint[0]]
        path = board.remove(*hint)
        step += 1
        via = " via " + " ".join(_cell(c) for c in path.corners[1:-1]) if path.turns else ""
        print(
            f"{step:5}. {_cell(hint[0])} - {_cell(hint[1])}  kind {kind:<3} "
            f"{_count(path.turns, 'turn')}, {_count(path.length, 'step')}{via}",
            file=out,
        )
    elapsed = time.perf_counter() - started
    print(f"cleared in {step} moves and {shuffles} shuffles ({elapsed * 1000:.1f} ms)", file=out)
    return 0


def solve_board(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    if args.batch or args.stats:
        from . import stats

        return stats.batch(args, out) if args.batch else stats.stats(args, out)
    if args.code is None:
        raise llk.BoardError("give a share code to solve, or --stats, or --batch")
    board = llk.Board.from_code(args.code, backend=args.backend)
    started = time.perf_counter()
    found = board.solve(budget=args.budget, time_limit=args.time_limit)
    elapsed = time.perf_counter() - started
    took = f"{found.states:,} states in {elapsed * 1000:.1f} ms"
    verdict = found.status if found.reason is None else f"{found.status} ({found.reason})"
    print(f"{verdict} after {took} ({board.backend} backend)", file=out)
    for step, (a, c) in enumerate(found.moves, 1):
        print(f"{step:5}. {_cell(a)} - {_cell(c)}", file=out)
    if args.rate:
        started = time.perf_counter()
        rating = llk.rate(board, time_limit=args.time_limit)
        print(rating_table(rating, time.perf_counter() - started), file=out)
    return 0 if found.status == "solved" else 1


def rating_table(rating: llk.Difficulty, seconds: float) -> str:
    """`llk.rate`'s answer as `llk solve --rate` prints it: one row a measure, rounded."""
    solved = rating.status == "solved"
    rows = [
        ("difficulty", rating.label if rating.reason is None else f"unknown ({rating.reason})"),
        ("dead-end share", f"{rating.dead_end_share:.1%}" if solved else "-"),
        (
            "mean choices",
            f"{rating.mean_choices:.1f} a move, {rating.moves} moves" if solved else "-",
        ),
        ("undecided", f"{rating.unknown_share:.1%} of the moves" if solved else "-"),
        ("states", f"{rating.states:,}"),
        ("time", f"{seconds * 1000:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"),
    ]
    width = max(len(name) for name, _ in rows)
    return "\n".join(["rating:", *(f"  {name:<{width}}  {value}" for name, value in rows)])


def _version() -> str:
    return f"llk {llk.__version__} ({_backend.BACKEND} backend)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="llk", description="LianLianKan: the engine and the game."
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser(
        "demo", help="play a seeded board to the end with hints, printing each move and path"
    )
    d.add_argument("--rows", type=int, default=8)
    d.add_argument("--cols", type=int, default=10)
    d.add_argument("--kinds", type=int, default=12, help="number of distinct tile kinds")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument(
        "--no-border", action="store_true", help="paths may not use the ring around the board"
    )
    d.add_argument(
        "--backend", choices=llk.BACKENDS, default=None, help="default: LLK_BACKEND / auto"
    )
    d.set_defaults(run=demo)

    s = sub.add_parser(
        "solve",
        help="solve a board given by its share code, or tabulate how many deals are solvable"
        " (--stats), or solve a range of seeds into a JSON lines file (--batch)",
    )
    s.add_argument("code", nargs="?", help="a share code, as `board.code` gives it")
    s.add_argument("--budget", type=int, default=1_000_000, help="states the solver may expand")
    s.add_argument("--rate", action="store_true", help="also rate the board's difficulty")
    s.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="S",
        help="seconds the solve (and the rating) may take: past them, unknown (time limit)",
    )
    s.add_argument("--backend", choices=llk.BACKENDS, default=None)
    from .stats import add_arguments

    add_arguments(s)  # --stats, --batch and their options
    s.set_defaults(run=solve_board)
    from .doctor import add_parser as add_doctor

    add_doctor(sub)
    from .game.cli import add_parser as add_play  # `llk play`; arcade loads only when it runs

    add_play(sub)
    from .bench.cli import add_parser as add_bench

    add_bench(sub)
    return parser


def dashes_as_a_value(given: Sequence[str]) -> str | None:
    """The option given as `--name=--`, if any: argparse takes that for no value at all and
    hands the command an empty list where it reads a str (a traceback, found by
    tests/cli/test_fuzzed_files.py)."""
    for token in given:
        if token == "--":  # what follows is no option
            return None
        name, equals, value = token.partition("=")
        if name.startswith("--") and equals and value == "--":
            return name
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command; what the user gave wrong ends in one line and status 2 (argparse's
    own errors too), a bug in a traceback."""
    parser = build_parser()
    from .game.cli import NoDisplay  # loaded by build_parser already; arcade is not

    given = list(sys.argv[1:] if argv is None else argv)
    if (name := dashes_as_a_value(given)) is not None:
        command = f"llk {given[0]}" if not given[0].startswith("-") else "llk"
        parser.exit(2, f"{command}: error: {name}=-- gives {name} no value; give it one\n")
    args = parser.parse_args(given)
    # What the command was asked, as given (the bench's results record their command line).
    args.argv = given
    try:
        code: int = args.run(args)
        return code
    # What the user gave wrong (CommandError and BoardError are ValueErrors, named for the
    # reader), and an LLK_BACKEND that cannot be imported; anything else is a bug: a traceback.
    except (CommandError, NoDisplay, llk.BoardError, llk.IllegalMove, ValueError, ImportError) as e:
        # One line, whatever the message quotes (a file's line, a path with a newline in it).
        line = " ".join(str(e).splitlines())
        parser.exit(2, f"llk {args.command}: error: {line}\n")
    except KeyboardInterrupt:
        parser.exit(130, "interrupted\n")
    except BrokenPipeError:
        # The reader (`| head`) left: not an error of ours. Point stdout at nothing so that the
        # interpreter's final flush does not complain either.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0


if __name__ == "__main__":
    sys.exit(main())

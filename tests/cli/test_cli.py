"""The `llk` command as a user runs it."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

import llk
from llk import cli


def run(*argv: str) -> str:
    out = io.StringIO()
    args = cli.build_parser().parse_args(list(argv))
    assert args.run(args, out=out) == 0
    return out.getvalue()


def test_demo_plays_to_the_end_and_prints_every_move(backend: str) -> None:
    text = run(
        "demo", "--rows", "6", "--cols", "8", "--kinds", "6", "--seed", "5", "--backend", backend
    )
    moves = re.findall(r"^\s+\d+\. \((\d+), (\d+)\) - \((\d+), (\d+)\)", text, flags=re.M)
    assert len(moves) == 24
    assert re.search(r"^cleared in 24 moves and \d+ shuffles", text, flags=re.M)
    assert f"{backend} backend" in text.splitlines()[0]


def test_demo_is_the_same_game_on_both_backends() -> None:
    if not llk.rust_available():
        pytest.skip("needs the built extension")

    def game(backend: str) -> list[str]:
        text = run(
            "demo",
            "--rows",
            "8",
            "--cols",
            "8",
            "--kinds",
            "10",
            "--no-border",
            "--backend",
            backend,
        )
        return [line for line in text.splitlines()[1:] if not line.startswith("cleared")]

    assert game("rust") == game("python")


@pytest.mark.parametrize(
    "argv,message",
    [
        (["demo", "--rows", "3", "--cols", "3"], "odd number of cells"),
        (["demo", "--seed", "-4"], "seed must be an int"),
        (["demo", "--kinds", "0"], "kinds must be in 1..65535"),
        (["demo", "--rows", "0"], "odd number of cells|empty"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(argv: list[str], message: str) -> None:
    done = subprocess.run([sys.executable, "-m", "llk", *argv], capture_output=True, text=True)
    assert done.returncode == 2
    assert re.search(message, done.stderr), done.stderr
    assert "Traceback" not in done.stderr


def test_version_names_the_backend() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "llk", "--version"], capture_output=True, text=True
    )
    assert done.stdout.strip() == f"llk {llk.__version__} ({llk.BACKEND} backend)"


def test_solve_prints_the_solution_of_a_share_code(backend: str) -> None:
    code = llk.deal(6, 8, kinds=6, seed=2).code
    text = run("solve", code, "--backend", backend)
    assert text.startswith("solved after ") and f"({backend} backend)" in text
    assert len(re.findall(r"^\s+\d+\. \(\d+, \d+\) - \(\d+, \d+\)$", text, flags=re.M)) == 24


def test_solve_rate_prints_a_readable_table() -> None:
    """Issue 25, item 7: it printed the Difficulty's repr, floats to 16 digits."""
    text = run("solve", "llk2.6x14.21.56.none.-.rb", "--rate")
    table = text[text.index("rating:") :].splitlines()
    assert [line.split("  ")[1] for line in table[1:]] == [
        "difficulty", "dead-end share", "mean choices", "undecided", "states", "time"
    ]  # fmt: skip
    assert re.fullmatch(r"  difficulty +expert", table[1])
    assert re.fullmatch(r"  dead-end share +8\.2%", table[2])
    assert re.fullmatch(r"  mean choices +\d+\.\d a move, 42 moves", table[3])
    assert re.fullmatch(r"  states +[\d,]+", table[5]) and re.fullmatch(r"  time +\d+ ms", table[6])
    assert "Difficulty(" not in text and not re.search(r"\d\.\d{4,}", text)


def test_solve_stats_prints_a_table() -> None:
    text = run("solve", "--stats", "--samples", "2", "--budget", "2000", "--gravity", "none")
    rows = [
        line
        for line in text.splitlines()
        if line.startswith("| 14x6") or line.startswith("| 30x16")
    ]
    # size, board, gravity, tiles, deals, four verdicts, solvable, its interval, two timings
    assert len(rows) == 2 and all(line.count(" | ") == 12 for line in rows)


def test_solve_stats_runs_the_sizes_asked_for() -> None:
    argv = ("solve", "--stats", "--samples", "2", "--budget", "500", "--gravity", "down")
    text = run(*argv, "--sizes", "30x16,14x6")
    rows = re.findall(r"^\| (\d+x\d+) \| ", text, flags=re.M)
    # In KShisen's order, whatever the order asked; the command line the table names says so.
    assert rows == ["14x6", "30x16"] and "--sizes 30x16,14x6 --gravity down" in text
    with pytest.raises(llk.BoardError, match="12x24"):
        run(*argv, "--sizes", "12x24")


def test_solve_stats_with_a_time_limit_calls_what_it_cuts_short_unknown() -> None:
    # A budget no board here uses up, and 10 ms a board: 24x12 seed 0 with gravity takes over
    # 500,000 states to leave unknown (README), so the time limit, not the budget, ends it.
    argv = ("solve", "--stats", "--samples", "2", "--budget", str(10**12), "--gravity", "down")
    text = run(*argv, "--sizes", "24x12", "--seconds", "0.01")
    assert "or 0.01 s a board, whichever ends first" in text and "--seconds 0.01 --sizes" in text
    (row,) = [line for line in text.splitlines() if line.startswith("| 24x12")]
    unknown = row.split("|")[8].strip()
    assert unknown in ("50%", "100%")


def test_the_stats_table_is_the_same_on_any_number_of_jobs() -> None:
    # The pure-Python core spends far more a state: a smaller budget (more "unknown" verdicts,
    # which must agree as well) keeps its pass of the suite quick.
    budget = "3000" if llk.BACKEND == "rust" else "400"
    argv = ("solve", "--stats", "--samples", "3", "--budget", budget, "--gravity", "down")
    tables = [run(*argv, "--jobs", jobs) for jobs in ("1", "3")]
    # The timings differ from run to run; the verdicts may not.
    cut = [
        [line.rsplit("|", 3)[0] for line in t.splitlines() if line.startswith("| ")] for t in tables
    ]
    assert cut[0] == cut[1] and len(cut[0]) == 8


def test_the_wilson_interval() -> None:
    from llk.stats import wilson

    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0 and 0.25 < wilson(0, 10)[1] < 0.35
    assert wilson(10, 10)[1] == 1.0


def test_solve_refuses_a_bad_code() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "llk", "solve", "nonsense"], capture_output=True, text=True
    )
    assert done.returncode == 2 and "not an llk share code" in done.stderr

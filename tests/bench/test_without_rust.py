"""`llk bench` where the Rust core is not built (issue 25, item 6c): asking for a Rust contender
by name is an error that says so and how to get it, not a table of skipped rows that exits 0;
the contenders it has still run, and by default it times them alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import llk
from llk.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAYS = "the Rust core is not built in this install"


@pytest.fixture
def no_rust(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as an install without the extension sees it."""
    monkeypatch.setattr(llk._backend, "RUST", None)
    monkeypatch.setattr(llk._backend, "BACKEND", "python")


@pytest.mark.parametrize(
    "argv",
    [
        ["--backends", "rust"],
        ["--backends", "python,classic-rust"],
        ["--backends", "classic"],
        ["--solver", "--backends", "rust,python"],
        ["--frames", "--backends", "rust"],
    ],
)
def test_a_rust_contender_asked_for_is_an_error(no_rust, capsys, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", "--quick", "--sizes", "4x4", *argv])
    out, err = capsys.readouterr()
    assert exited.value.code == 2 and out == ""
    assert SAYS in err and "pip install ." in err and "--backends python" in err


def test_by_default_it_times_the_contenders_it_has(no_rust, capsys) -> None:
    code = main(["bench", "--quick", "--sizes", "4x4", "--ops", "hint"])
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("| operation"))
    assert code == 0 and "Rust extension: not built" in out
    assert header == "| operation | board | size | Python core | classic (Python) |"
    assert out.count("| hint |") == 3  # a row a family, none of them skipped


# The `llk` command in a process whose llk cannot import its Rust core, as a pure install.
PURE = """
import sys
sys.modules["llk._core"] = None
import llk_cli
sys.argv[0] = "llk"
sys.exit(llk_cli.main())
"""


def test_the_command_exits_2_in_a_pure_install() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PURE, "bench", "--backends", "rust", "--quick", "--ops", "hint"],
        capture_output=True,
        text=True,
        env={**os.environ, "LLK_BACKEND": "python"},
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith(
        f"llk bench: error: argument --backends: rust: {SAYS}"
    )

"""CONTRIBUTING.md's commands exist: the scripts it runs, the `llk` subcommands and options it
gives (parsed by the real parser, not run), the files and folders it names, the extras it
installs."""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

import pytest

from llk import cli

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
if not (ROOT / "CONTRIBUTING.md").is_file():
    pytest.skip(
        "CONTRIBUTING.md is not next to tests/: not run from a source checkout",
        allow_module_level=True,
    )
TEXT = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
# A path in the tree as the page writes one: from a top-level folder of the checkout.
TREE_PATH = re.compile(r"\b(?:scripts|tests|docs|rust|python|build_backend)/[\w./-]*[\w/]")


def commands() -> list[list[str]]:
    """Each command of the page's sh blocks as words: comments cut, `&&` chains split, leading
    VAR=value assignments dropped."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", TEXT, flags=re.S):
        for line in block.splitlines():
            for part in line.split("#")[0].split("&&"):
                words = shlex.split(part)
                while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
                    words.pop(0)
                if words:
                    found.append(words)
    return found


COMMANDS = commands()


def test_the_page_has_commands_of_each_kind() -> None:
    """The checks below are not vacuous: the page runs scripts, llk and pytest."""
    heads = {words[0] for words in COMMANDS}
    assert {"scripts/test-all", "scripts/package-check", "scripts/fuzz", "llk", "python"} <= heads


@pytest.mark.parametrize("path", sorted({w for c in COMMANDS for w in c if "scripts/" in w}))
def test_the_scripts_exist_and_run(path: str) -> None:
    script = ROOT / path
    assert script.is_file(), path
    assert os.access(script, os.X_OK), f"{path} is not executable"


@pytest.mark.parametrize(
    "argv", [c[1:] for c in COMMANDS if c[0] == "llk"], ids=lambda argv: " ".join(argv)
)
def test_the_llk_commands_parse(argv: list[str]) -> None:
    """Each `llk ...` line is a subcommand with options the parser takes (argparse exits with
    status 2 on an unknown one)."""
    assert argv and not argv[0].startswith("-")
    args = cli.build_parser().parse_args(argv)
    assert callable(args.run)


def test_the_files_it_names_exist() -> None:
    named = set(TREE_PATH.findall(TEXT)) | {"CHANGELOG.md"}
    assert {"docs/architecture.md", "tests/test_architecture.py"} <= named
    assert not [p for p in sorted(named) if not (ROOT / p).exists()]


def test_the_pip_install_names_extras_that_exist() -> None:
    with open(ROOT / "pyproject.toml", "rb") as f:
        extras = set(tomllib.load(f)["project"]["optional-dependencies"])
    installs = [c for c in COMMANDS if c[:2] == ["pip", "install"]]
    assert installs
    for words in installs:
        for word in words[2:]:
            wanted = re.fullmatch(r"\.\[([\w,]+)\]", word)
            if wanted:
                assert set(wanted[1].split(",")) <= extras, word


def test_cargo_bench_has_benches() -> None:
    assert ["cargo", "bench"] in COMMANDS
    assert list((ROOT / "rust" / "benches").glob("*.rs"))

"""Every code example of README.md and of the docs pages (docs/*.md) runs, and what it shows is
what it prints, with sybil (https://sybil.readthedocs.io) reading the Markdown:

- ```python blocks run in one namespace per page, in order; a block of `>>>` lines is a
  doctest, its shown output compared with the output (`...` matches anything);
- ```console blocks: each `$ command` line runs in bash from the repository's top, and its
  output (stdout and stderr) is compared with the lines under it (`...` matches anything);
- ```sh blocks run in bash and must succeed;
- a block after `<!-- skip: next "why" -->` does not run (sybil's skip directive): the ones
  that install, build, open a window or run for minutes. Other fences (text, none) are prose.

The `>>>` examples of the llk package's docstrings, which the API reference shows, run too
(stdlib doctest). One test per page, so that a page's examples run in order on one xdist
worker. It runs in both passes of scripts/test-all: the examples show what either backend
prints.
"""

from __future__ import annotations

import doctest
import importlib
import os
import subprocess
import sys
import unittest
from pathlib import Path

import pytest

sybil = pytest.importorskip("sybil")
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser, SkipParser  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if not (ROOT / "README.md").is_file() or not (ROOT / "docs").is_dir():
    pytest.skip("README.md and docs/ are not next to tests/", allow_module_level=True)
PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
CHECKER = doctest.OutputChecker()


def _bash(script: str) -> subprocess.CompletedProcess[str]:
    if os.name == "nt":  # "bash" may be WSL's there, outside the venv
        raise unittest.SkipTest("the shell examples run on POSIX systems")
    # The interpreter's scripts (`llk`) first on PATH, whichever venv runs the tests.
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def run_console(example: sybil.Example) -> str | None:
    """`$ command` lines and the output each shows."""
    commands: list[tuple[str, list[str]]] = []
    for line in example.parsed.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line)
        else:
            return f"a console block starts with `$ command`, not {line!r}"
    for command, shown in commands:
        done = _bash(command)
        want, got = "\n".join(shown).rstrip() + "\n", (done.stdout + done.stderr).rstrip() + "\n"
        if done.returncode != 0:
            return f"`{command}` exited with {done.returncode}:\n{got}"
        if not CHECKER.check_output(want, got, doctest.ELLIPSIS):
            return f"`{command}` printed:\n{got}\nthe page shows:\n{want}"
    return None


def run_sh(example: sybil.Example) -> str | None:
    done = _bash("set -e\n" + example.parsed)
    if done.returncode != 0:
        return f"exited with {done.returncode}:\n{done.stdout}{done.stderr}"
    return None


DOCS = sybil.Sybil(
    parsers=[
        SkipParser(),
        PythonCodeBlockParser(doctest_optionflags=doctest.ELLIPSIS),
        CodeBlockParser(language="console", evaluator=run_console),
        CodeBlockParser(language="sh", evaluator=run_sh),
    ],
    path=str(ROOT),
)


def examples(page: str) -> list[sybil.Example]:
    return list(DOCS.parse(ROOT / page))


@pytest.mark.parametrize("page", PAGES)
def test_the_examples_run_and_print_what_they_show(page: str) -> None:
    ran = 0
    for example in examples(page):
        try:
            example.evaluate()
        except unittest.SkipTest:  # a skip directive: this example only
            continue
        ran += 1
    if page in ("README.md", "docs/api.md"):
        assert ran >= 2, "the examples did not run"


def test_the_pages_hold_examples_sybil_sees() -> None:
    # A parser that found nothing would pass every page: README and the API page have some.
    assert len(examples("README.md")) >= 3
    if (ROOT / "docs" / "api.md").is_file():  # a copy of the suite has README.md alone
        assert len(examples("docs/api.md")) >= 2


# The package's modules as imported (a copy of the suite tests an installed llk).
MODULES = sorted(
    "llk" if p.stem == "__init__" else f"llk.{p.stem}"
    for p in Path(importlib.import_module("llk").__file__ or "").parent.glob("*.py")
    if p.stem != "__main__"
)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_print_what_they_show(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert failed == 0, f"{name}: a docstring example printed something else (above)"

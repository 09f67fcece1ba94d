"""README.md's promise: its two commands are the ones CI runs. (Its examples, and the docs',
run in tests/test_docs_examples.py, their output compared with what they show.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if not (ROOT / "README.md").is_file() or not (ROOT / ".ci" / "run").is_file():
    pytest.skip(
        "README.md and .ci/run are not next to tests/: not run from a source checkout",
        allow_module_level=True,
    )
README = (ROOT / "README.md").read_text()


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, flags=re.S)


def test_readme_starts_with_the_two_commands_and_ci_runs_the_test_one() -> None:
    install_and_run, install_and_test = (b.strip() for b in blocks("sh")[:2])
    assert README.index(install_and_run) < README.index(install_and_test) < README.index("---")
    assert "pip install ." in install_and_run and "llk " in install_and_run
    ci = (ROOT / ".ci" / "run").read_text()
    assert install_and_test in ci.splitlines()

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


# [text](target) and ![alt](target), not inside code.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)[^)]*\)")


def _prose(text: str) -> str:
    """The Markdown without its fenced blocks and inline code."""
    return re.sub(r"`[^`\n]*`", "", re.sub(r"```.*?```", "", text, flags=re.S))


def relative_links(text: str) -> list[str]:
    return [t for t in LINK.findall(_prose(text)) if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def test_readme_links_are_absolute_so_they_work_on_the_package_index() -> None:
    # PyPI shows README.md as the project's description, where `docs/api.md` leads nowhere.
    assert LINK.findall(_prose(README)), "no link found: the check would pass on anything"
    assert relative_links(README) == []


def test_readme_gives_the_published_docs_url_that_pyproject_and_mkdocs_name() -> None:
    import tomllib

    url = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Documentation"]
    assert url in README
    site_url = re.search(r"^site_url: *(\S+)", (ROOT / "mkdocs.yml").read_text(), flags=re.M)
    assert site_url and site_url[1] == url
    for target in LINK.findall(_prose(README)):
        if "github.io" in target:
            assert target.startswith(url), target


def test_readme_names_what_ci_installs_for_the_tests() -> None:
    # .ci/run's apt-get command, its continued lines too: the GL, EGL and font libraries, the
    # CJK font, Speech Dispatcher and espeak-ng.
    ci = (ROOT / ".ci" / "run").read_text().replace("\\\n", " ")
    line = next(line for line in ci.splitlines() if "apt-get install" in line)
    packages = [w for w in line.split("apt-get install", 1)[1].split() if w[0].isalnum()]
    assert packages, "no package found on the apt-get line"
    assert [p for p in packages if p not in README] == []
    assert "rustfmt" in README and "clippy" in README

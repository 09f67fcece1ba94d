"""The docs' benchmark figures are made from the committed result files, never typed (issue 26,
item 6): docs/benchmarks.md includes docs/results/NAME.md, and each must be what one command
prints from the JSON beside it:

    llk bench report docs/results/bench.json > docs/results/bench.md
    llk bench report docs/results/scaling.json > docs/results/scaling.md
    llk bench compare docs/results/quick-1.json docs/results/quick-2.json \
        > docs/results/compare.md

A result file run again, or a figure edited by hand, fails here until the page is made again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from llk.bench import commands, files
from llk.cli import main

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "results"
PAGE = ROOT / "docs" / "benchmarks.md"
REPORTED = ["bench", "scaling"]


@pytest.mark.parametrize("name", REPORTED)
def test_the_page_shows_what_the_result_file_holds(name: str) -> None:
    document = files.read(RESULTS / f"{name}.json")
    made = commands.text(document)
    assert (RESULTS / f"{name}.md").read_text() == made, (
        f"docs/results/{name}.md is not what docs/results/{name}.json says: "
        f"llk bench report docs/results/{name}.json > docs/results/{name}.md"
    )


def test_the_page_shows_the_comparison_of_its_two_quick_runs(capsys) -> None:
    pytest.importorskip("scipy")
    old, new = (str(RESULTS / f"quick-{i}.json") for i in (1, 2))
    main(["bench", "compare", old, new])
    printed = capsys.readouterr().out
    # Run from the repository's top: the paths as the command was given them there.
    printed = printed.replace(str(ROOT) + "/", "")
    assert (RESULTS / "compare.md").read_text() == printed


def test_the_page_includes_the_generated_files() -> None:
    page = PAGE.read_text()
    for name in [*REPORTED, "compare"]:
        assert f'--8<-- "docs/results/{name}.md"' in page

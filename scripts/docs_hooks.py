"""MkDocs hooks (mkdocs.yml `hooks:`): the changelog page includes CHANGELOG.md by a snippet
when the file is there; until it is, the page says so instead of failing the strict build
(which fails on every other missing snippet, the result files included)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SNIPPET = '--8<-- "CHANGELOG.md"'


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    if SNIPPET in markdown and not (ROOT / "CHANGELOG.md").is_file():
        return markdown.replace(SNIPPET, "*No CHANGELOG.md in this tree yet.*")
    return markdown

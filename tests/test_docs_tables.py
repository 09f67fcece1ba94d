"""The docs' tables that describe the build are what scripts/docs_tables.py makes from the tree
(docs/installing.md, "What the wheel holds"): a file added to the package or the assets
without rerunning it fails here."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "docs_tables.py"
if not SCRIPT.is_file() or not (ROOT / "docs").is_dir():
    pytest.skip("scripts/ and docs/ are not next to tests/", allow_module_level=True)
pytest.importorskip("tomllib")


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_tables", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_tables_are_what_the_tree_makes() -> None:
    stale = load().drifted(write=False)
    assert stale == [], "run: python scripts/docs_tables.py"


def test_the_wheel_table_counts_the_tree() -> None:
    table = load().wheel_holds()
    pure_core = len(list((ROOT / "python" / "llk" / "_pycore").glob("*.py")))
    assert f"the pure-Python core ({pure_core} files)" in table
    assert f"layouts/ ({len(list((ROOT / 'assets' / 'layouts').glob('*.txt')))} .txt)" in table

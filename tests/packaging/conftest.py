"""Packaging tests: they check the installed package (run them from a copy of tests/ outside the
source tree to test a wheel) and, when the source tree is at hand, its pure-Python build.

The source tree is the folder above tests/, or `LLK_SOURCE_TREE` when the tests were copied out
of it (scripts/package-check does that); the tests that need it skip without it.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

SOURCE_MISSING = "needs llk's source tree: run from a checkout, or set LLK_SOURCE_TREE to one"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: builds or runs something in a child process (seconds, not ms)"
    )


def find_source_tree() -> Path | None:
    """The source checkout these tests came from, if it can be found."""
    candidates = [Path(__file__).resolve().parents[2]]
    if os.environ.get("LLK_SOURCE_TREE"):
        candidates.insert(0, Path(os.environ["LLK_SOURCE_TREE"]).resolve())
    for root in candidates:
        if (root / "build_backend" / "llk_build.py").is_file() and (
            root / "python" / "llk" / "__init__.py"
        ).is_file():
            return root
    return None


@pytest.fixture(scope="session")
def source_tree() -> Path:
    root = find_source_tree()
    if root is None:
        pytest.skip(SOURCE_MISSING)
    return root


def load_backend(root: Path) -> ModuleType:
    """build_backend/llk_build.py of a source tree, imported by path."""
    path = root / "build_backend" / "llk_build.py"
    spec = importlib.util.spec_from_file_location("llk_build", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def llk_build(source_tree: Path) -> ModuleType:
    return load_backend(source_tree)

"""Packaging tests: they check the installed package (run them from a copy of tests/ outside the
source tree to test a wheel) and, when the source tree is at hand, its pure-Python build.

The source tree is the folder above tests/, or `LLK_SOURCE_TREE` when the tests were copied out
of it (scripts/package-check does that); the tests that need it skip without it.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import zipfile
from email.parser import Parser
from pathlib import Path
from types import ModuleType

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

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


def cargo_version(root: Path) -> str:
    """The Cargo workspace's version, spelt for Python as maturin and hatchling spell it."""
    with open(root / "Cargo.toml", "rb") as f:
        return str(Version(tomllib.load(f)["workspace"]["package"]["version"]))


def core_metadata(text: str) -> dict[str, object]:
    """A METADATA or PKG-INFO file as what it means: each field's values as a sorted list (the
    requirements as packaging reads them, so `a>=1,<2; extra == 'x'` is `a<2,>=1; extra ==
    "x"`), the content type without its parameters, and the description less its trailing
    newlines."""
    message = Parser().parsestr(text)
    fields: dict[str, object] = {}
    for key in sorted(set(message.keys())):
        values = message.get_all(key)
        if key == "Requires-Dist":
            values = [str(Requirement(v)) for v in values]
        elif key == "Description-Content-Type":
            values = [v.split(";")[0].strip() for v in values]
        fields[key] = sorted(values)
    fields["description"] = message.get_payload().rstrip("\n")  # maturin adds a blank line
    return fields


# The backend's build, as its tests run it. scripts/test-all runs pytest with LLK_REQUIRE_RUST=1,
# which the build backend reads too.
BUILD_VARS = ("LLK_PURE_PYTHON", "LLK_REQUIRE_RUST")


@pytest.fixture
def pure_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LLK_REQUIRE_RUST", raising=False)
    monkeypatch.setenv("LLK_PURE_PYTHON", "1")


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in BUILD_VARS:
        monkeypatch.delenv(name, raising=False)


def fake_cargo(folder: Path, script: str) -> str:
    """A PATH that holds only a `cargo` running `script` (sh builtins only)."""
    if sys.platform == "win32":
        pytest.skip("a shell script stands in for cargo, and Windows runs none without .exe")
    folder.mkdir(parents=True, exist_ok=True)
    cargo = folder / "cargo"
    cargo.write_text(f"#!/bin/sh\n{script}\n")
    cargo.chmod(0o755)
    return str(folder)


def build(llk_build: ModuleType, root: Path, out: Path, hook: str = "build_wheel") -> Path:
    """Runs a wheel hook of the backend as a PEP 517 frontend does: from the source tree."""
    out.mkdir(parents=True, exist_ok=True)  # a frontend makes the folder it names
    here = Path.cwd()
    os.chdir(root)
    try:
        name = getattr(llk_build, hook)(str(out))
    finally:
        os.chdir(here)
    return out / name


def names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as zf:
        return zf.namelist()


def read(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as zf:
        return zf.read(name).decode("utf-8")

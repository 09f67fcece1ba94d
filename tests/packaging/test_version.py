"""One version everywhere: Cargo.toml's, the installed metadata's, `llk.__version__`, the
extension's, and what `llk --version` prints along with the backend."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import llk
from tests.conftest import RUST_MISSING

from .conftest import cargo_version


def installed_version() -> str:
    try:
        return importlib.metadata.version("llk")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("llk is not installed (running from a source tree on sys.path)")


def test_version_comes_from_the_installed_metadata() -> None:
    assert llk.__version__ == installed_version()
    assert llk.__version__ != "0+unknown"


def test_version_is_cargo_workspace_version(source_tree: Path) -> None:
    assert cargo_version(source_tree) == installed_version() == llk.__version__


@pytest.mark.skipif(not llk.rust_available(), reason=RUST_MISSING)
def test_the_extension_was_built_from_the_same_version() -> None:
    from llk import _core

    # Cargo writes pre-releases as 1.2.3-alpha.4, Python as 1.2.3a4: while the version is a
    # plain release the two spellings agree.
    assert _core.__version__ == llk.__version__
    assert _core.BUILD_PROFILE in ("release", "debug")


def llk_command() -> Path:
    script = Path(sysconfig.get_path("scripts")) / ("llk.exe" if os.name == "nt" else "llk")
    if not script.is_file():
        pytest.skip(f"the llk console script is not installed ({script})")
    return script


@pytest.mark.parametrize("backend", ["python", "rust"])
def test_llk_version_prints_the_version_and_backend(backend: str) -> None:
    if backend == "rust" and not llk.rust_available():
        pytest.skip(RUST_MISSING)
    env = {**os.environ, "LLK_BACKEND": backend}
    for command in ([str(llk_command())], [sys.executable, "-m", "llk"]):
        done = subprocess.run(
            [*command, "--version"], capture_output=True, text=True, env=env, check=True
        )
        assert done.stdout.strip() == f"llk {llk.__version__} ({backend} backend)"


def test_llk_version_follows_the_default_backend() -> None:
    env = {k: v for k, v in os.environ.items() if k != "LLK_BACKEND"}
    done = subprocess.run(
        [str(llk_command()), "--version"], capture_output=True, text=True, env=env, check=True
    )
    expected = "rust" if llk.rust_available() else "python"
    assert done.stdout.strip() == f"llk {llk.__version__} ({expected} backend)"

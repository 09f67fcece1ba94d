"""What hatchling takes from llk for the pure-Python wheel beyond pyproject.toml's
`[tool.hatch]`, which names this file twice: the version (`cargo_version()`, the Cargo
workspace's, spelt as maturin spells it: packaging turns 1.2.3-alpha.4 into 1.2.3a4), and a
build hook that writes why the wheel has no extension (`LLK_PURE_PYTHON=1`, or no Rust toolchain
found), as build_backend/llk_build.py decides it, into the .dist-info as
`extra_metadata/llk-pure-python`, where `llk doctor` reads it."""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:  # llk_build.py asks for tomli on 3.10
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
NAME = "llk-pure-python"


def cargo_version() -> str:
    with open(HERE.parent / "Cargo.toml", "rb") as f:
        return str(Version(tomllib.load(f)["workspace"]["package"]["version"]))


def why_pure() -> str:
    spec = importlib.util.spec_from_file_location("llk_build", HERE / "llk_build.py")
    assert spec is not None and spec.loader is not None
    backend = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(backend)
    return backend.WHY_PURE.get(backend.build_mode(), "hatchling was run without llk_build")


class WhyPure(BuildHookInterface):
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._folder = tempfile.TemporaryDirectory()
        note = Path(self._folder.name, NAME)
        note.write_text(why_pure() + "\n", encoding="utf-8")
        build_data["extra_metadata"][str(note)] = NAME

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        self._folder.cleanup()

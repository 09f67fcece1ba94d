"""The distributions scripts/package-check builds, read as archives: the manylinux abi3 wheel, the
free-threaded cp314t wheel, the pure-Python wheel and the sdist. Each holds what the tree says it
must, and all four carry one metadata. Run by package-check with LLK_DISTS naming the folder
that holds them; without it they skip (building them takes minutes and zig)."""

from __future__ import annotations

import os
import re
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.tags import Tag
from packaging.utils import parse_wheel_filename

from .conftest import core_metadata

if not os.environ.get("LLK_DISTS"):
    pytest.skip("LLK_DISTS is not set: scripts/package-check builds them", allow_module_level=True)
DISTS = Path(os.environ["LLK_DISTS"])
MANYLINUX = ("manylinux2014_x86_64", "manylinux_2_17_x86_64")


def one(pattern: str) -> Path:
    found = sorted(DISTS.glob(pattern))
    assert len(found) == 1, f"{pattern} in {DISTS}: {[p.name for p in found]}"
    return found[0]


ABI3 = one("llk-*-cp310-abi3-*.whl")
FREE_THREADED = one("llk-*-cp314-cp314t-*.whl")
PURE = one("llk-*-py3-none-any.whl")
SDIST = one("llk-*.tar.gz")


def files(wheel: Path) -> set[str]:
    """What a wheel installs: its files but the .dist-info's."""
    with zipfile.ZipFile(wheel) as zf:
        return {n for n in zf.namelist() if ".dist-info/" not in n}


def dist_info(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as zf:
        (path,) = [n for n in zf.namelist() if n.endswith(f".dist-info/{name}")]
        return zf.read(path).decode("utf-8")


def package_files(source_tree: Path) -> set[str]:
    """Every file of the packages in python/ (the assets link not followed), as in a wheel."""
    python = source_tree / "python"
    found = set()
    for name in ("llk", "llk_cli"):
        for folder, dirs, walked in os.walk(python / name):
            dirs[:] = [d for d in dirs if d != "__pycache__" and not Path(folder, d).is_symlink()]
            for f in walked:
                if not f.endswith((".pyc", ".so", ".pyd")):
                    found.add(Path(folder, f).relative_to(python).as_posix())
    return found


def asset_files(source_tree: Path) -> set[str]:
    assets = source_tree / "assets"
    return {
        f"llk/assets/{p.relative_to(assets).as_posix()}"
        for p in assets.rglob("*")
        if p.is_file() and not p.name.startswith("README")
    }


def test_the_wheel_holds_the_packages_the_assets_and_the_extension(source_tree: Path) -> None:
    expected = package_files(source_tree) | asset_files(source_tree) | {"llk/_core.abi3.so"}
    assert {"llk/_core.pyi", "llk/py.typed", "llk_cli/__init__.py"} <= expected
    assert files(ABI3) == expected, sorted(files(ABI3) ^ expected)


def test_the_wheel_is_abi3_and_manylinux_2_17() -> None:
    _, _, _, tags = parse_wheel_filename(ABI3.name)
    assert tags == {Tag("cp310", "abi3", p) for p in MANYLINUX}


def test_the_pure_wheel_is_the_wheel_less_its_extension() -> None:
    assert files(PURE) == files(ABI3) - {"llk/_core.abi3.so"}


def test_the_free_threaded_wheel_is_cp314t_with_a_cp314t_extension() -> None:
    """Not abi3 (a free-threaded CPython cannot load the limited API): an extension for
    CPython 3.14t only, tagged so in the file name and in its WHEEL record."""
    _, version, _, tags = parse_wheel_filename(FREE_THREADED.name)
    assert tags == {Tag("cp314", "cp314t", p) for p in MANYLINUX}
    wheel = Parser().parsestr(dist_info(FREE_THREADED, "WHEEL"))
    assert {Tag(*t.split("-")) for t in wheel.get_all("Tag")} == tags
    assert wheel["Root-Is-Purelib"] == "false"
    extension = "llk/_core.cpython-314t-x86_64-linux-gnu.so"
    assert files(FREE_THREADED) == files(ABI3) - {"llk/_core.abi3.so"} | {extension}
    assert str(version) == PURE.name.split("-")[1]


def test_the_sdist_holds_what_a_build_needs(source_tree: Path) -> None:
    top = SDIST.name.removesuffix(".tar.gz")
    with tarfile.open(SDIST) as tf:
        names = {n.removeprefix(f"{top}/") for n in tf.getnames()}
    needed = {"pyproject.toml", "Cargo.toml", "Cargo.lock", "rust/Cargo.toml", "README.md"}
    needed |= {"LICENSE"}
    needed |= {f"build_backend/{p.name}" for p in (source_tree / "build_backend").glob("*.py")}
    needed |= {f"python/{p}" for p in package_files(source_tree)}
    assert needed <= names, sorted(needed - names)
    assets = "python/llk/assets/"
    shipped = {f"llk/assets/{n.removeprefix(assets)}" for n in names if n.startswith(assets)}
    assert shipped == asset_files(source_tree)
    assert not [n for n in names if re.search(r"(^|/)(target|__pycache__)/|\.so$", n)]


def test_every_dist_carries_the_licence(source_tree: Path) -> None:
    """PEP 639: the tree's LICENSE at the sdist's top and in each wheel's .dist-info/licenses/,
    named by `License-File`, beside `License-Expression: MIT` in metadata 2.4."""
    licence = (source_tree / "LICENSE").read_bytes()
    top = SDIST.name.removesuffix(".tar.gz")
    with tarfile.open(SDIST) as tf:
        member = tf.extractfile(f"{top}/LICENSE")
        assert member is not None and member.read() == licence
    for wheel in (ABI3, FREE_THREADED, PURE):
        with zipfile.ZipFile(wheel) as zf:
            found = [n for n in zf.namelist() if ".dist-info/licenses/" in n]
            assert [n.split("/", 1)[1] for n in found] == ["licenses/LICENSE"], wheel.name
            assert zf.read(found[0]) == licence, wheel.name
        meta = Parser().parsestr(dist_info(wheel, "METADATA"))
        assert meta["Metadata-Version"] == "2.4", wheel.name
        assert (meta["License-Expression"], meta.get_all("License-File")) == ("MIT", ["LICENSE"])


def test_every_dist_has_one_metadata() -> None:
    """maturin's wheels, hatchling's pure wheel and maturin's sdist: one name, version,
    summary, requirements and description, field by field."""
    with tarfile.open(SDIST) as tf:
        top = SDIST.name.removesuffix(".tar.gz")
        member = tf.extractfile(f"{top}/PKG-INFO")
        assert member is not None
        sdist = core_metadata(member.read().decode("utf-8"))
    for wheel in (ABI3, FREE_THREADED, PURE):
        assert core_metadata(dist_info(wheel, "METADATA")) == sdist, wheel.name

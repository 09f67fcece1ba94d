"""The pure-Python wheel hatchling builds for build_backend/llk_build.py (with `LLK_PURE_PYTHON=1`
here): the package and its assets, a correct record and metadata, the Cargo version, an editable
variant, and the very files and metadata the hand-written backend before it wrote. Wheels are
built into tmp dirs and read as zips."""

from __future__ import annotations

import base64
import csv
import gettext
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from email.parser import Parser
from pathlib import Path
from types import ModuleType

import pytest

from .conftest import build, cargo_version, core_metadata, load_backend, names, read

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib


def packages(source_tree: Path) -> list[str]:
    """llk and every package `[tool.maturin] python-packages` adds."""
    with open(source_tree / "pyproject.toml", "rb") as f:
        maturin = tomllib.load(f)["tool"]["maturin"]
    return ["llk", *maturin.get("python-packages", [])]


@pytest.fixture(scope="module")
def wheel(source_tree: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("LLK_REQUIRE_RUST", raising=False)
        mp.setenv("LLK_PURE_PYTHON", "1")
        yield build(load_backend(source_tree), source_tree, tmp_path_factory.mktemp("pure"))


def test_the_wheel_is_pure_and_named_for_the_cargo_version(wheel: Path, source_tree: Path) -> None:
    assert wheel.name == f"llk-{cargo_version(source_tree)}-py3-none-any.whl"


def test_the_wheel_holds_the_package_stubs_and_assets_but_no_extension(
    wheel: Path, source_tree: Path
) -> None:
    listed = names(wheel)
    assert len(listed) == len(set(listed))
    python = source_tree / "python"
    sources = set()
    for name in packages(source_tree):
        found = [python / f"{name}.py"] if (python / f"{name}.py").is_file() else []
        # Every file, not only the sources (the game's shaders are files of the package too),
        # but byte code, an extension a `maturin develop` left, and the assets link.
        for folder, dirs, walked in os.walk(python / name):
            dirs[:] = [d for d in dirs if d != "__pycache__" and not Path(folder, d).is_symlink()]
            found += [Path(folder, f) for f in walked if not f.endswith((".pyc", ".so", ".pyd"))]
        sources |= {p.relative_to(python).as_posix() for p in found}
    assert sources and sources <= set(listed), sorted(sources - set(listed))
    assert {"llk/__init__.py", "llk/_core.pyi", "llk/py.typed", "llk/doctor.py"} <= set(listed)
    assets = source_tree / "assets"
    shipped = {
        f"llk/assets/{p.relative_to(assets).as_posix()}"
        for p in assets.rglob("*")
        if p.is_file() and not p.name.startswith("README")
    }
    assert shipped and shipped == {n for n in listed if n.startswith("llk/assets/")}
    assert not [n for n in listed if n.endswith((".so", ".pyd", ".pyc")) or "__pycache__" in n]
    tops = {n.split("/")[0].removesuffix(".py") for n in listed}
    assert tops == {*packages(source_tree), f"llk-{wheel.name.split('-')[1]}.dist-info"}
    assert "llk_cli/__init__.py" in listed  # the `llk` command's launcher


def test_the_wheel_carries_the_compiled_chinese_catalog(wheel: Path) -> None:
    # The game's zh_CN words (assets/locale/, committed compiled: no build step makes them).
    with zipfile.ZipFile(wheel) as zf:
        data = zf.read("llk/assets/locale/zh_CN/LC_MESSAGES/llk.mo")
        assert "llk/assets/locale/zh_CN/LC_MESSAGES/llk.po" in zf.namelist()
    catalog = gettext.GNUTranslations(io.BytesIO(data))
    assert catalog.gettext("New game") == "新游戏"


def test_the_record_lists_every_file_with_its_hash_and_size(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        dist_info = next(n.split("/")[0] for n in zf.namelist() if ".dist-info/" in n)
        rows = list(csv.reader(io.StringIO(zf.read(f"{dist_info}/RECORD").decode())))
        assert [r[0] for r in rows] == zf.namelist()
        for path, digest, size in rows:
            if path == f"{dist_info}/RECORD":
                assert (digest, size) == ("", "")
                continue
            data = zf.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == "sha256=" + expected.decode() and int(size) == len(data), path


def test_the_metadata(wheel: Path, source_tree: Path) -> None:
    v = cargo_version(source_tree)
    meta = Parser().parsestr(read(wheel, f"llk-{v}.dist-info/METADATA"))
    assert meta["Metadata-Version"] == "2.4"
    assert (meta["Name"], meta["Version"]) == ("llk", v)
    assert meta["Requires-Python"] == ">=3.10"
    requires = core_metadata(read(wheel, f"llk-{v}.dist-info/METADATA"))["Requires-Dist"]
    assert any(r.startswith("numpy>=") for r in requires)
    assert "test" in meta.get_all("Provides-Extra")
    assert 'pytest>=8; extra == "test"' in requires
    assert meta["Description-Content-Type"] == "text/markdown"
    assert (meta["License-Expression"], meta.get_all("License-File")) == ("MIT", ["LICENSE"])
    assert meta["License"] is None  # PEP 639: the expression replaces the free-text field
    assert not [c for c in meta.get_all("Classifier") if c.startswith("License ::")]
    assert meta.get_payload() == (source_tree / "README.md").read_text(encoding="utf-8")
    wheel_file = Parser().parsestr(read(wheel, f"llk-{v}.dist-info/WHEEL"))
    assert wheel_file["Root-Is-Purelib"] == "true"
    assert wheel_file.get_all("Tag") == ["py3-none-any"]
    why = read(wheel, f"llk-{v}.dist-info/extra_metadata/llk-pure-python")
    assert why == "LLK_PURE_PYTHON=1\n"
    entry_points = read(wheel, f"llk-{v}.dist-info/entry_points.txt")
    assert entry_points == "[console_scripts]\nllk = llk_cli:main\n"


def test_the_licence_is_in_the_dist_info(wheel: Path, source_tree: Path) -> None:
    """PEP 639: each `License-File` under .dist-info/licenses/, the very bytes of the tree's."""
    dist_info = f"llk-{cargo_version(source_tree)}.dist-info"
    assert [n for n in names(wheel) if "/licenses/" in n] == [f"{dist_info}/licenses/LICENSE"]
    licence = (source_tree / "LICENSE").read_text(encoding="utf-8")
    assert read(wheel, f"{dist_info}/licenses/LICENSE") == licence
    assert licence.startswith("MIT License\n") and "the llk authors" in licence


def test_prepare_metadata_writes_what_the_wheel_holds(
    wheel: Path, source_tree: Path, llk_build: ModuleType, pure_env: None, tmp_path: Path
) -> None:
    dist_info = build(llk_build, source_tree, tmp_path, "prepare_metadata_for_build_wheel")
    written = sorted(p.name for p in dist_info.iterdir())
    assert "METADATA" in written
    for name in written:
        inside = read(wheel, f"{dist_info.name}/{name}")
        assert (dist_info / name).read_text(encoding="utf-8") == inside


def test_the_wheel_is_reproducible(
    wheel: Path, source_tree: Path, llk_build: ModuleType, pure_env: None, tmp_path: Path
) -> None:
    again = build(llk_build, source_tree, tmp_path)
    assert again.read_bytes() == wheel.read_bytes()


def test_the_editable_wheel_points_at_python_source(
    source_tree: Path, llk_build: ModuleType, pure_env: None, tmp_path: Path
) -> None:
    editable = build(llk_build, source_tree, tmp_path, "build_editable")
    assert editable.name.endswith("-py3-none-any.whl")
    pth = [n for n in names(editable) if n.endswith(".pth")]
    assert pth == ["_llk.pth"]
    assert read(editable, pth[0]).strip() == str((source_tree / "python").resolve())
    assert not [n for n in names(editable) if n.startswith("llk/")]


def test_assets_anywhere_under_assets_ship_and_readmes_stay_out(
    source_tree: Path, pure_env: None, tmp_path: Path
) -> None:
    """A miniature checkout: tiles and sounds added later land in the wheel like the layouts,
    through the same symlink; READMEs, byte code and a `maturin develop` extension do not."""
    root = mini_tree(source_tree, tmp_path / "tree")
    package = root / "python" / "llk"
    (package / "__pycache__").mkdir(parents=True)
    (package / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"\0")
    (package / "_core.abi3.so").write_bytes(b"\x7fELF")
    (package / "assets").symlink_to(Path("..", "..", "assets"))
    files = {
        "layouts/one.txt": b"##\n",
        "tiles/set-1/kind-01.png": b"\x89PNG",
        "sounds/link.ogg": b"OggS",
        "sounds/LICENSE.txt": b"CC0",
        "README.md": b"about the assets",
        "tiles/README": b"about the tiles",
    }
    for name, data in files.items():
        (root / "assets" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "assets" / name).write_bytes(data)
    backend = load_backend(root)
    wheel = build(backend, root, tmp_path / "out")
    with zipfile.ZipFile(wheel) as zf:
        listed = [n for n in zf.namelist() if not n.startswith("llk-")]
        assert listed == [
            "llk/__init__.py",
            "llk/assets/layouts/one.txt",
            "llk/assets/sounds/LICENSE.txt",
            "llk/assets/sounds/link.ogg",
            "llk/assets/tiles/set-1/kind-01.png",
            "llk_cli/__init__.py",
        ]
        assert zf.read("llk/assets/tiles/set-1/kind-01.png") == b"\x89PNG"


def mini_tree(source_tree: Path, root: Path) -> Path:
    """A miniature checkout: the build files, and python/llk and python/llk_cli, each with an
    __init__.py."""
    for name in ("pyproject.toml", "Cargo.toml", "README.md", "LICENSE", "rust/Cargo.toml"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source_tree / name, root / name)
    shutil.copytree(source_tree / "build_backend", root / "build_backend")
    for package in ("llk", "llk_cli"):
        (root / "python" / package).mkdir(parents=True)
        (root / "python" / package / "__init__.py").write_text("")
    return root


def test_the_pure_wheel_ships_the_packages_maturins_ships(source_tree: Path) -> None:
    """hatchling's package list is maturin's: `llk` and what `python-packages` adds."""
    with open(source_tree / "pyproject.toml", "rb") as f:
        tool = tomllib.load(f)["tool"]
    hatch = tool["hatch"]["build"]["targets"]["wheel"]["packages"]
    assert hatch == [f"python/{name}" for name in packages(source_tree)]
    assert tool["maturin"]["python-source"] == "python"


@pytest.mark.parametrize(
    ("cargo", "python"),
    [
        ("0.1.0", "0.1.0"),
        ("1.2.3-alpha.4", "1.2.3a4"),
        ("1.2.3-beta.1", "1.2.3b1"),
        ("2.0.0-rc.2", "2.0.0rc2"),
        ("2.0.0-rc", "2.0.0rc0"),
        ("0.3.0+abc.5", "0.3.0+abc.5"),
    ],
)
def test_cargo_versions_become_python_versions(
    source_tree: Path, pure_env: None, tmp_path: Path, cargo: str, python: str
) -> None:
    """The workspace's version, as maturin spells it for Python, names the pure wheel."""
    root = mini_tree(source_tree, tmp_path / "tree")
    manifest = root / "Cargo.toml"
    text = manifest.read_text()
    assert re.search(r'(?m)^version = "[^"]+"$', text)
    manifest.write_text(re.sub(r'(?m)^version = "[^"]+"$', f'version = "{cargo}"', text))
    dist_info = build(
        load_backend(root), root, tmp_path / "meta", "prepare_metadata_for_build_wheel"
    )
    assert dist_info.name == f"llk-{python}.dist-info"
    assert Parser().parsestr((dist_info / "METADATA").read_text())["Version"] == python


# The last commit whose build_backend/llk_build.py wrote the pure wheel by hand (issue 23 gave it
# to hatchling). The hatchling wheel must hold what that one wrote from the same tree.
HAND_WRITTEN = "e29f225"


def hand_written_backend(source_tree: Path, folder: Path) -> ModuleType:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    done = subprocess.run(
        ["git", "-C", str(source_tree), "show", f"{HAND_WRITTEN}:build_backend/llk_build.py"],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"the source tree has no commit {HAND_WRITTEN}: {done.stderr.strip()}")
    (folder / "build_backend").mkdir(parents=True)
    (folder / "build_backend" / "llk_build.py").write_text(done.stdout)
    return load_backend(folder)


def test_the_wheel_holds_what_the_hand_written_backend_wrote(
    wheel: Path, source_tree: Path, tmp_path: Path
) -> None:
    """The same files with the same bytes, the same metadata and entry points; only the
    .dist-info's bookkeeping differs (hatchling's WHEEL and RECORD, the note of why), and the
    licence that PEP 639 added later (licenses/LICENSE and its `License-File` field)."""
    old = hand_written_backend(source_tree, tmp_path / "old")
    before = old.write_pure_wheel(source_tree, tmp_path / "before", why="LLK_PURE_PYTHON=1")
    assert before.name == wheel.name
    dist_info = f"llk-{cargo_version(source_tree)}.dist-info"
    bookkeeping = {f"{dist_info}/{n}" for n in ("WHEEL", "RECORD", "METADATA")}
    with zipfile.ZipFile(before) as was, zipfile.ZipFile(wheel) as now:
        was_files = set(was.namelist()) - bookkeeping
        now_files = set(now.namelist()) - bookkeeping
        now_files -= {
            f"{dist_info}/{n}" for n in ("extra_metadata/llk-pure-python", "licenses/LICENSE")
        }
        assert sorted(now_files ^ was_files) == []
        for name in sorted(was_files):
            assert now.read(name) == was.read(name), name
        metadata = f"{dist_info}/METADATA"
        now_metadata = core_metadata(now.read(metadata).decode())
        assert now_metadata.pop("License-File") == ["LICENSE"]
        assert now_metadata == core_metadata(was.read(metadata).decode())


@pytest.mark.slow
def test_the_pure_wheel_runs_on_the_python_backend(wheel: Path, tmp_path: Path) -> None:
    """Unpacked (a pure wheel's install is an unzip) and imported first on sys.path, in a child
    process: llk comes from the wheel, finds its layouts and its version, and has no extension."""
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp_path / "site")
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import llk\n"
        "assert llk.__file__.startswith(sys.argv[1]), llk.__file__\n"
        "assert not llk.rust_available()\n"
        "print(llk.BACKEND, llk.__version__, len(llk.Layout.names()))\n"
        "print(llk.deal(6, 8, kinds=6, seed=2).solve().status)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("LLK_BACKEND", "PYTHONPATH")}
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "site")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    backend, version, layouts, status = done.stdout.split()
    assert (backend, status) == ("python", "solved")
    assert version == wheel.name.split("-")[1]
    assert int(layouts) > 0

"""The pure-Python build: build_backend/llk_build.py writes a correct `py3-none-any` wheel of the
package and its assets, with no Rust, when `LLK_PURE_PYTHON=1` asks for it or when no Rust
toolchain answers (with a warning), refuses to when `LLK_REQUIRE_RUST=1`, and otherwise hands
every hook to maturin. Wheels are built into tmp dirs and read as zips."""

from __future__ import annotations

import base64
import csv
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
from types import ModuleType, SimpleNamespace

import pytest

from .conftest import load_backend

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

# scripts/test-all runs pytest with LLK_REQUIRE_RUST=1, which the build backend reads too.
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


def packages(source_tree: Path) -> list[str]:
    """llk and every package `[tool.maturin] python-packages` adds."""
    with open(source_tree / "pyproject.toml", "rb") as f:
        maturin = tomllib.load(f)["tool"]["maturin"]
    return ["llk", *maturin.get("python-packages", [])]


def build(llk_build: ModuleType, root: Path, out: Path, hook: str = "build_wheel") -> Path:
    """Runs a wheel hook of the backend as a PEP 517 frontend does: from the source tree."""
    here = Path.cwd()
    os.chdir(root)
    try:
        name = getattr(llk_build, hook)(str(out))
    finally:
        os.chdir(here)
    return out / name


@pytest.fixture(scope="module")
def wheel(source_tree: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("LLK_REQUIRE_RUST", raising=False)
        mp.setenv("LLK_PURE_PYTHON", "1")
        yield build(load_backend(source_tree), source_tree, tmp_path_factory.mktemp("pure"))


def names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as zf:
        return zf.namelist()


def read(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as zf:
        return zf.read(name).decode("utf-8")


def version(source_tree: Path, llk_build: ModuleType) -> str:
    return llk_build.cargo_version(source_tree / "rust" / "Cargo.toml")


def test_the_wheel_is_pure_and_named_for_the_cargo_version(
    wheel: Path, source_tree: Path, llk_build: ModuleType
) -> None:
    assert wheel.name == f"llk-{version(source_tree, llk_build)}-py3-none-any.whl"


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


def test_the_metadata(wheel: Path, source_tree: Path, llk_build: ModuleType) -> None:
    v = version(source_tree, llk_build)
    meta = Parser().parsestr(read(wheel, f"llk-{v}.dist-info/METADATA"))
    assert meta["Metadata-Version"] == "2.4"
    assert (meta["Name"], meta["Version"]) == ("llk", v)
    assert meta["Requires-Python"] == ">=3.10"
    requires = meta.get_all("Requires-Dist")
    assert any(r.startswith("numpy>=") for r in requires)
    assert "test" in meta.get_all("Provides-Extra")
    assert 'pytest>=8; extra == "test"' in requires
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload() == (source_tree / "README.md").read_text(encoding="utf-8")
    wheel_file = Parser().parsestr(read(wheel, f"llk-{v}.dist-info/WHEEL"))
    assert wheel_file["Root-Is-Purelib"] == "true"
    assert wheel_file["Generator"] == "llk_build (pure Python, no extension: LLK_PURE_PYTHON=1)"
    assert wheel_file.get_all("Tag") == ["py3-none-any"]
    entry_points = read(wheel, f"llk-{v}.dist-info/entry_points.txt")
    assert entry_points == "[console_scripts]\nllk = llk_cli:main\n"


def test_prepare_metadata_writes_what_the_wheel_holds(
    wheel: Path, source_tree: Path, llk_build: ModuleType, pure_env: None, tmp_path: Path
) -> None:
    dist_info = build(llk_build, source_tree, tmp_path, "prepare_metadata_for_build_wheel")
    for name in ("METADATA", "WHEEL", "entry_points.txt"):
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
    assert pth == ["_llk_editable.pth"]
    assert read(editable, pth[0]).strip() == str((source_tree / "python").resolve())
    assert not [n for n in names(editable) if n.startswith("llk/")]


def test_assets_anywhere_under_assets_ship_and_readmes_stay_out(
    source_tree: Path, pure_env: None, tmp_path: Path
) -> None:
    """A miniature checkout: tiles and sounds added later land in the wheel like the layouts,
    through the same symlink; READMEs, byte code and a `maturin develop` extension do not."""
    root = mini_tree(source_tree, tmp_path / "tree", ["llk_cli"])
    package = root / "python" / "llk"
    (package / "__pycache__").mkdir(parents=True)
    (package / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"\0")
    (package / "_core.abi3.so").write_bytes(b"\x7fELF")
    (package / "assets").symlink_to(Path("..", "..", "assets"))
    (root / "python" / "llk_cli").mkdir()
    (root / "python" / "llk_cli" / "__init__.py").write_text("")
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


HOOKS = [
    "build_wheel",
    "build_sdist",
    "build_editable",
    "get_requires_for_build_wheel",
    "get_requires_for_build_sdist",
    "get_requires_for_build_editable",
    "prepare_metadata_for_build_wheel",
    "prepare_metadata_for_build_editable",
]


@pytest.fixture
def fake_maturin(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Stands in for maturin's hooks; returns the list of those called."""
    calls: list[str] = []

    def hook(name: str):
        return lambda *args: calls.append(name) or f"from maturin: {name}"

    monkeypatch.setitem(sys.modules, "maturin", SimpleNamespace(**{h: hook(h) for h in HOOKS}))
    return calls


def call_hooks(llk_build: ModuleType, out: Path) -> list[object]:
    return [
        getattr(llk_build, h)(*([] if h.startswith("get_requires") else [str(out)])) for h in HOOKS
    ]


def test_with_a_toolchain_and_no_variable_every_hook_is_maturins(
    llk_build: ModuleType,
    fake_maturin: list[str],
    clean_env: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """maturin is asked for by the requirement hooks (it is no static requirement) and does the
    rest; "0", "" and "false" mean unset, and LLK_REQUIRE_RUST=1 changes nothing here."""
    monkeypatch.setenv("PATH", fake_cargo(tmp_path / "bin", 'echo "cargo 1.95.0 (fake)"'))
    settings = [(None, None), ("LLK_PURE_PYTHON", "0"), ("LLK_PURE_PYTHON", "")]
    settings += [("LLK_PURE_PYTHON", "false"), ("LLK_REQUIRE_RUST", "1")]
    for name, value in settings:
        if name is not None:
            monkeypatch.setenv(name, value)
        fake_maturin.clear()
        results = call_hooks(llk_build, tmp_path)
        for h, result in zip(HOOKS, results, strict=True):
            expected = [llk_build.MATURIN] if h.startswith("get_requires") else f"from maturin: {h}"
            assert result == expected, (name, value, h)
        assert fake_maturin == [h for h in HOOKS if not h.startswith("get_requires")]
        if name is not None:
            monkeypatch.delenv(name)


def test_a_rust_build_without_maturin_installed_says_what_is_missing(
    llk_build: ModuleType, clean_env: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Only a build without isolation can get there: pip installs what get_requires asks for."""
    monkeypatch.setenv("PATH", fake_cargo(tmp_path / "bin", 'echo "cargo 1.95.0 (fake)"'))
    monkeypatch.setitem(sys.modules, "maturin", None)  # makes `import maturin` fail
    with pytest.raises(RuntimeError, match=r"needs maturin>=.*not installed.*LLK_PURE_PYTHON=1"):
        llk_build.build_wheel(str(tmp_path))


def test_pure_python_1_needs_nothing_and_bad_values_are_refused(
    llk_build: ModuleType, pure_env: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert llk_build.get_requires_for_build_wheel() == []
    assert llk_build.get_requires_for_build_editable() == []
    monkeypatch.setenv("LLK_PURE_PYTHON", "perhaps")
    with pytest.raises(ValueError, match="LLK_PURE_PYTHON must be 1 or 0"):
        llk_build.build_wheel(str(tmp_path))
    monkeypatch.delenv("LLK_PURE_PYTHON")
    monkeypatch.setenv("LLK_REQUIRE_RUST", "always")
    with pytest.raises(ValueError, match=r"LLK_REQUIRE_RUST must be 1 or 0.*'always'"):
        llk_build.get_requires_for_build_wheel()


def test_both_variables_at_once_are_refused(
    llk_build: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LLK_PURE_PYTHON", "1")
    monkeypatch.setenv("LLK_REQUIRE_RUST", "yes")
    with pytest.raises(ValueError, match=r"LLK_PURE_PYTHON=1 .* LLK_REQUIRE_RUST=1 .* unset one"):
        llk_build.build_wheel(str(tmp_path))


@pytest.mark.parametrize(
    ("script", "reason"),
    [
        (None, "cargo is not on PATH"),
        ("echo 'error: rustup could not choose a version of cargo' >&2; exit 1", "rustup could"),
        ("echo 'something else'", "printed 'something else', not cargo's version"),
    ],
    ids=["no-cargo", "cargo-fails", "not-cargo"],
)
def test_without_a_toolchain_the_wheel_falls_back_to_pure_python_with_one_warning(
    source_tree: Path,
    llk_build: ModuleType,
    fake_maturin: list[str],
    clean_env: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    script: str | None,
    reason: str,
) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    path = str(bin_dir) if script is None else fake_cargo(bin_dir, script)
    monkeypatch.setenv("PATH", path)
    assert llk_build.rust_toolchain() is not None and reason in llk_build.rust_toolchain()
    assert llk_build.get_requires_for_build_wheel() == []
    dist_info = build(llk_build, source_tree, tmp_path / "meta", "prepare_metadata_for_build_wheel")
    assert capsys.readouterr().err == "", "only the hook that writes the wheel warns"
    wheel = build(llk_build, source_tree, tmp_path / "out")
    warning = capsys.readouterr().err
    assert warning.count("\n") == 1 and warning.startswith("llk: no Rust toolchain (")
    assert reason in warning and "https://rustup.rs" in warning and "LLK_REQUIRE_RUST=1" in warning
    if script is None:  # README.md's "Installing" quotes this one
        readme = (source_tree / "README.md").read_text(encoding="utf-8")
        assert f"\n{warning}" in readme, "README.md quotes another warning"
    assert wheel.name.endswith("-py3-none-any.whl")
    generator = "llk_build (pure Python, no extension: no Rust toolchain found)"
    assert f"Generator: {generator}" in read(wheel, f"{dist_info.name}/WHEEL")
    assert (dist_info / "WHEEL").read_text() == read(wheel, f"{dist_info.name}/WHEEL")
    assert not [n for n in names(wheel) if n.endswith((".so", ".pyd"))]
    assert fake_maturin == [], "maturin was called"
    # The sdist is maturin's whatever: it asks for maturin, which then needs cargo.
    assert llk_build.get_requires_for_build_sdist() == [llk_build.MATURIN]


def test_require_rust_turns_a_missing_toolchain_into_an_error(
    llk_build: ModuleType,
    fake_maturin: list[str],
    clean_env: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("LLK_REQUIRE_RUST", "1")
    for hook in ("get_requires_for_build_wheel", "get_requires_for_build_editable"):
        with pytest.raises(RuntimeError) as raised:
            getattr(llk_build, hook)()
        message = str(raised.value)
        assert message.startswith("llk: LLK_REQUIRE_RUST=1 but there is no Rust toolchain (")
        assert "cargo is not on PATH" in message and "https://rustup.rs" in message
    with pytest.raises(RuntimeError, match="LLK_REQUIRE_RUST=1 but there is no Rust"):
        llk_build.build_wheel(str(tmp_path))
    assert fake_maturin == []


def mini_tree(source_tree: Path, root: Path, python_packages: list[str] | None = None) -> Path:
    """A miniature checkout: the build files, and python/llk with an __init__.py; its
    `[tool.maturin] python-packages` set to `python_packages` when given."""
    for name in ("pyproject.toml", "Cargo.toml", "README.md", "rust/Cargo.toml"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source_tree / name, root / name)
    if python_packages is not None:
        text = (root / "pyproject.toml").read_text()
        text = re.sub(r"(?m)^python-packages\s*=.*\n", "", text)
        listed = ", ".join(f'"{n}"' for n in python_packages)
        text = text.replace("[tool.maturin]\n", f"[tool.maturin]\npython-packages = [{listed}]\n")
        (root / "pyproject.toml").write_text(text)
    shutil.copytree(source_tree / "build_backend", root / "build_backend")
    (root / "python" / "llk").mkdir(parents=True)
    (root / "python" / "llk" / "__init__.py").write_text("")
    return root


def test_every_package_python_packages_names_ships(
    source_tree: Path, pure_env: None, tmp_path: Path
) -> None:
    """The `llk` command's launcher is a package of its own beside llk: a package folder or a
    module file, each named in python-packages, go into the wheel; a missing one is an error."""
    root = mini_tree(source_tree, tmp_path / "tree", ["llk_cli", "llk_extra"])
    (root / "python" / "llk_cli" / "__pycache__").mkdir(parents=True)
    (root / "python" / "llk_cli" / "__init__.py").write_text("def main(): pass\n")
    (root / "python" / "llk_cli" / "__pycache__" / "x.pyc").write_bytes(b"\0")
    (root / "python" / "llk_extra.py").write_text("")
    (root / "python" / "not_listed").mkdir()
    (root / "python" / "not_listed" / "__init__.py").write_text("")
    wheel = build(load_backend(root), root, tmp_path / "out")
    listed = [n for n in names(wheel) if ".dist-info/" not in n]
    assert listed == ["llk/__init__.py", "llk_cli/__init__.py", "llk_extra.py"]

    (root / "python" / "llk_extra.py").unlink()
    with pytest.raises(FileNotFoundError, match="python-packages names 'llk_extra'"):
        build(load_backend(root), root, tmp_path / "out2")


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
    llk_build: ModuleType, cargo: str, python: str
) -> None:
    assert llk_build.python_version(cargo) == python


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

"""build_backend/llk_build.py chooses: every hook is maturin's when a Rust toolchain answers and
no variable says otherwise; hatchling's pure wheel when `LLK_PURE_PYTHON=1` asks for it or when
no toolchain answers (then with one warning); an error when `LLK_REQUIRE_RUST=1` finds none.
The requirement hooks ask for the backend the build will use, and nothing else."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from .conftest import build, fake_cargo, names, read

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


def test_pure_python_1_needs_only_hatchling_and_bad_values_are_refused(
    llk_build: ModuleType, pure_env: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert llk_build.get_requires_for_build_wheel() == [llk_build.HATCHLING, llk_build.TOMLI]
    assert llk_build.get_requires_for_build_editable() == [llk_build.HATCHLING, llk_build.TOMLI]
    monkeypatch.setenv("LLK_PURE_PYTHON", "perhaps")
    with pytest.raises(ValueError, match="LLK_PURE_PYTHON must be 1 or 0"):
        llk_build.build_wheel(str(tmp_path))
    monkeypatch.delenv("LLK_PURE_PYTHON")
    monkeypatch.setenv("LLK_REQUIRE_RUST", "always")
    with pytest.raises(ValueError, match=r"LLK_REQUIRE_RUST must be 1 or 0.*'always'"):
        llk_build.get_requires_for_build_wheel()


def test_an_optional_hook_the_chosen_backend_lacks_is_missing_here_too(
    llk_build: ModuleType, pure_env: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """hatchling hides its prepare_metadata hooks from pip (under PIP_BUILD_TRACKER): then
    llk_build has none either, so that pip reads the metadata from the built wheel instead of
    calling a hook that is not there."""
    fake = SimpleNamespace(build_wheel=lambda *args: "llk-0-py3-none-any.whl")
    monkeypatch.setitem(sys.modules, "hatchling", SimpleNamespace(build=fake))
    assert not hasattr(llk_build, "prepare_metadata_for_build_wheel")
    assert not hasattr(llk_build, "prepare_metadata_for_build_editable")
    assert llk_build.build_wheel(str(tmp_path)) == "llk-0-py3-none-any.whl"
    fake.prepare_metadata_for_build_wheel = lambda *args: "llk-0.dist-info"
    assert llk_build.prepare_metadata_for_build_wheel(str(tmp_path)) == "llk-0.dist-info"


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
    assert llk_build.get_requires_for_build_wheel() == [llk_build.HATCHLING, llk_build.TOMLI]
    dist_info = build(llk_build, source_tree, tmp_path / "meta", "prepare_metadata_for_build_wheel")
    assert capsys.readouterr().err == "", "only the hook that writes the wheel warns"
    wheel = build(llk_build, source_tree, tmp_path / "out")
    warning = capsys.readouterr().err
    assert warning.count("\n") == 1 and warning.startswith("llk: no Rust toolchain (")
    assert reason in warning and "https://rustup.rs" in warning and "LLK_REQUIRE_RUST=1" in warning
    page = source_tree / "docs" / "installing.md"  # not in an sdist
    if script is None and page.is_file():  # the docs' "Installing" quotes this one
        text = page.read_text(encoding="utf-8")
        assert f"\n{warning}" in text, "docs/installing.md quotes another warning"
    assert wheel.name.endswith("-py3-none-any.whl")
    why = read(wheel, f"{dist_info.name}/extra_metadata/llk-pure-python")
    assert why == "no Rust toolchain found\n"
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

"""`llk doctor` reports what a bug report needs, and never crashes, whatever is missing or
broken."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import llk
from llk import cli, doctor

LABELS = [
    "llk",
    "installed as",
    "wheel platform",
    "python",
    "platform",
    "backend",
    "rust extension",
    "extension build",
    "numpy",
    "arcade",
    "pyglet",
    "GL renderer",
]


def run_doctor(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, str]:
    assert cli.main(["doctor", *argv]) == 0
    lines = capsys.readouterr().out.splitlines()
    report = dict(line.split(":", 1) for line in lines)
    assert list(report) == LABELS
    return {k: v.strip() for k, v in report.items()}


def installed(name: str) -> bool:
    try:
        importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def test_doctor_names_the_version_backend_and_extension(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_doctor(capsys, "--no-gl")
    assert report["llk"].startswith(f"{llk.__version__} (")
    assert report["backend"].startswith(f"{llk.BACKEND} (LLK_BACKEND=")
    if llk.rust_available():
        assert report["rust extension"].startswith(f"loaded, version {llk.__version__}")
        assert report["extension build"] in ("release", "debug")
    else:
        assert report["rust extension"].startswith("not available (")
        assert report["extension build"] == "none (no extension)"
    assert report["numpy"] == importlib.metadata.version("numpy")
    assert report["GL renderer"] == "not probed (--no-gl)"


@pytest.mark.parametrize("name", ["arcade", "pyglet"])
def test_doctor_says_not_installed_for_a_missing_library(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    report = run_doctor(capsys, "--no-gl")
    expected = importlib.metadata.version(name) if installed(name) else "not installed"
    assert report[name] == expected


@pytest.mark.parametrize(
    ("tags", "why_pure", "editable", "installed", "platform"),
    [
        (
            ["cp310-abi3-manylinux2014_x86_64", "cp310-abi3-manylinux_2_17_x86_64"],
            "",
            False,
            "wheel cp310-abi3",
            "manylinux2014_x86_64, manylinux_2_17_x86_64 (Linux x86_64 with glibc 2.17 or newer)",
        ),
        (
            ["cp310-abi3-musllinux_1_2_aarch64"],
            "",
            False,
            "wheel cp310-abi3",
            "musllinux_1_2_aarch64 (Linux aarch64 with musl 1.2 or newer)",
        ),
        (
            ["cp310-abi3-macosx_11_0_arm64"],
            "",
            False,
            "wheel cp310-abi3",
            "macosx_11_0_arm64 (macOS 11.0 or newer on arm64)",
        ),
        (
            ["cp310-abi3-win_amd64"],
            "",
            False,
            "wheel cp310-abi3",
            "win_amd64 (Windows amd64)",
        ),
        (
            ["cp310-abi3-linux_x86_64"],
            "",
            True,
            "wheel cp310-abi3 (editable)",
            "linux_x86_64 (Linux x86_64, the build machine's libraries: not a manylinux wheel)",
        ),
        (
            ["py3-none-any"],
            "no Rust toolchain found",
            False,
            "wheel py3-none",
            "any (pure Python: no Rust toolchain found)",
        ),
        ([], "", False, "no WHEEL record", "unknown: no Tag in the WHEEL record"),
    ],
)
def test_doctor_says_what_the_wheel_is_for(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tags: list[str],
    why_pure: str,
    editable: bool,
    installed: str,
    platform: str,
) -> None:
    monkeypatch.setattr(doctor, "_wheel", lambda: (tags, why_pure, editable))
    report = run_doctor(capsys, "--no-gl")
    assert (report["installed as"], report["wheel platform"]) == (installed, platform)


def test_doctor_without_an_installed_llk(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(doctor, "_wheel", lambda: None)
    report = run_doctor(capsys, "--no-gl")
    assert report["installed as"] == "not installed: running from a source tree"
    assert report["wheel platform"] == "none: running from a source tree"


def test_the_wheel_record_is_read_from_the_installed_distribution() -> None:
    """The real record of this install: a tag for each way it was built."""
    found = doctor._wheel()
    if found is None:
        pytest.skip("llk is not installed (running from a source tree)")
    tags, why_pure, _ = found
    assert tags and all(t.count("-") == 2 for t in tags)
    platforms = {t.split("-")[2] for t in tags}
    if llk.rust_available():
        assert why_pure == "" and "any" not in platforms
    else:
        assert why_pure in ("no Rust toolchain found", "LLK_PURE_PYTHON=1")
        assert platforms == {"any"}


def test_gl_renderer_is_not_probed_without_arcade(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(doctor.importlib.util, "find_spec", lambda name: None)
    assert doctor.gl_renderer() == "not determined: arcade is not installed"


def fake_arcade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    """Makes the GL probe's child process import an `arcade` written here."""
    package = tmp_path / "fake" / "arcade"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(body))
    monkeypatch.setenv("PYTHONPATH", str(package.parent))
    monkeypatch.setattr(doctor.importlib.util, "find_spec", lambda name: object())


@pytest.mark.slow
def test_gl_renderer_reads_the_context_arcade_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_arcade(
        tmp_path,
        monkeypatch,
        """
        class _Info:
            RENDERER = "llvmpipe (LLVM 15.0.6, 256 bits)"
            VENDOR = "Mesa"

        class _Ctx:
            info = _Info()
            gl_version = (3, 3)

        class Window:
            def __init__(self, *args, **kwargs):
                print("chatter from a driver")
                self.ctx = _Ctx()

            def close(self):
                raise RuntimeError("closing fails too")
        """,
    )
    text = doctor.gl_renderer()
    assert text.startswith("llvmpipe (LLVM 15.0.6, 256 bits) (Mesa, OpenGL 3.3, ")
    assert text.endswith("headless EGL)" if sys.platform.startswith("linux") else "window)")


@pytest.mark.slow
def test_gl_renderer_reports_a_broken_arcade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_arcade(tmp_path, monkeypatch, "raise ImportError('libEGL.so.1: cannot open')\n")
    assert doctor.gl_renderer() == "not determined: ImportError: libEGL.so.1: cannot open"


@pytest.mark.slow
def test_gl_renderer_gives_up_on_a_hanging_driver(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_arcade(tmp_path, monkeypatch, "import time\ntime.sleep(60)\n")
    text = doctor.gl_renderer(timeout=1)
    assert text == "not determined: opening a GL context took more than 1 s"


@pytest.mark.slow
def test_gl_renderer_reports_a_crashing_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    crash = "import os, sys\nsys.stderr.write('segfault\\n')\nos._exit(139)\n"
    fake_arcade(tmp_path, monkeypatch, crash)
    assert doctor.gl_renderer() == "not determined: the probe failed (segfault)"


def test_a_failing_check_becomes_a_line_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken() -> tuple[str, str]:
        raise OSError("disk on fire")

    monkeypatch.setattr(doctor, "_extension", broken)
    report = run_doctor(capsys, "--no-gl")
    assert report["rust extension"] == "error: OSError: disk on fire"
    assert report["extension build"] == "error: OSError: disk on fire"


@pytest.mark.slow
def test_llk_doctor_runs_as_a_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "llk", "doctor", "--gl-timeout", "30"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    labels = [line.split(":", 1)[0] for line in done.stdout.splitlines()]
    assert labels == LABELS

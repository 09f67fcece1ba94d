"""`llk doctor`: what a bug report needs to say about this install.

It prints llk's version and where it runs from, how it was installed and the platform its wheel
is for, the Python and the platform, the backend in use,
the Rust extension (loaded or why not, and its build profile), numpy, arcade and pyglet (or "not
installed"), and the OpenGL renderer. The renderer is probed only when arcade is installed, in a
separate process with a time limit, so a broken GL driver cannot hang or crash the report; on
Linux that process asks for a headless context (`ARCADE_HEADLESS=1`, EGL). Nothing in here may
raise: each line says what went wrong instead.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import json
import os
import platform
import subprocess
import sys
from collections.abc import Callable
from typing import Any, TextIO

GL_TIMEOUT = 20.0

# Run in a child process: opens a hidden (on Linux headless) arcade window and reports its GL
# context as one line of JSON on stdout.
_GL_PROBE = r"""
import json, os, sys
if sys.platform.startswith("linux"):
    os.environ.setdefault("ARCADE_HEADLESS", "1")
try:
    import arcade
    window = arcade.Window(64, 64, "llk doctor", visible=False)
    ctx = window.ctx
    info = getattr(ctx, "info", None) or getattr(ctx, "limits", None)
    found = {
        "renderer": str(getattr(info, "RENDERER", "?")),
        "vendor": str(getattr(info, "VENDOR", "?")),
        "version": ".".join(str(n) for n in getattr(ctx, "gl_version", ())),
        "headless": bool(os.environ.get("ARCADE_HEADLESS")),
    }
    try:
        window.close()
    except Exception:
        pass
except BaseException as error:
    found = {"error": f"{type(error).__name__}: {error}".strip()}
sys.stdout.write("\n" + json.dumps(found) + "\n")
sys.stdout.flush()
os._exit(0)
"""


def _distribution_version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def _llk() -> str:
    import llk

    return f"{llk.__version__} ({os.path.dirname(llk.__file__)})"


def _wheel() -> tuple[list[str], str, bool] | None:
    """llk's installed WHEEL record: (tags, why the wheel is pure, editable), or None without
    one. A pure wheel says why in its .dist-info (build_backend/hatch_why.py); others, ""."""
    try:
        dist = importlib.metadata.distribution("llk")
    except importlib.metadata.PackageNotFoundError:
        return None
    direct = json.loads(dist.read_text("direct_url.json") or "{}")
    editable = bool(direct.get("dir_info", {}).get("editable"))
    fields = [line.partition(":")[::2] for line in (dist.read_text("WHEEL") or "").splitlines()]
    tags = [value.strip() for key, value in fields if key == "Tag"]
    why_pure = (dist.read_text("extra_metadata/llk-pure-python") or "").strip()
    return tags, why_pure, editable


def _install() -> str:
    """How llk was installed: a wheel's Python and ABI tags, or editable / from a source tree."""
    found = _wheel()
    if found is None:
        return "not installed: running from a source tree"
    tags, _, editable = found
    interpreters = list(dict.fromkeys(t.rsplit("-", 1)[0] for t in tags if t.count("-") == 2))
    text = "wheel " + ", ".join(interpreters) if interpreters else "no WHEEL record"
    return text + (" (editable)" if editable else "")


def describe_platform(tag: str) -> str:
    """What a wheel's platform tag (`manylinux_2_17_x86_64`...) asks of the machine."""
    for prefix, libc in (("manylinux_", "glibc"), ("musllinux_", "musl")):
        if tag.startswith(prefix):
            major, minor, arch = tag[len(prefix) :].split("_", 2)
            return f"Linux {arch} with {libc} {major}.{minor} or newer"
    if tag.startswith("macosx_"):
        major, minor, arch = tag[len("macosx_") :].split("_", 2)
        return f"macOS {major}.{minor} or newer on {arch}"
    if tag.startswith("win"):
        return f"Windows {tag.partition('_')[2] or 'x86'}"
    if tag.startswith("linux_"):
        return f"Linux {tag[len('linux_') :]}, the build machine's libraries: not a manylinux wheel"
    return tag


def _platform_tag() -> str:
    """The installed wheel's platform tag, and what it means (pure wheels say why they are)."""
    found = _wheel()
    if found is None:
        return "none: running from a source tree"
    tags, why, _ = found
    platforms = list(dict.fromkeys(t.split("-", 2)[2] for t in tags if t.count("-") == 2))
    if not platforms:
        return "unknown: no Tag in the WHEEL record"
    if platforms == ["any"]:
        return "any (pure Python" + (f": {why})" if why else ")")
    # manylinux2014_x86_64 and the like are older spellings of a manylinux_X_Y tag beside it.
    plain = [p for p in platforms if not p.startswith(("manylinux1", "manylinux20"))]
    return f"{', '.join(platforms)} ({describe_platform((plain or platforms)[0])})"


def _backend() -> str:
    from . import _backend

    chosen = os.environ.get("LLK_BACKEND", "")
    return f"{_backend.BACKEND} (LLK_BACKEND={chosen or 'auto, not set'})"


def _extension() -> tuple[str, str]:
    """(state of the Rust extension, its build profile)."""
    try:
        core = importlib.import_module("llk._core")
    except Exception as error:
        return f"not available ({type(error).__name__}: {error})", "none (no extension)"
    version = getattr(core, "__version__", "?")
    profile = str(getattr(core, "BUILD_PROFILE", "unknown"))
    return f"loaded, version {version} ({os.path.basename(core.__file__ or '?')})", profile


def gl_renderer(timeout: float = GL_TIMEOUT) -> str:
    """The OpenGL renderer arcade gets, or why it could not be determined."""
    if importlib.util.find_spec("arcade") is None:
        return "not determined: arcade is not installed"
    try:
        done = subprocess.run(
            [sys.executable, "-c", _GL_PROBE],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return f"not determined: opening a GL context took more than {timeout:g} s"
    except OSError as error:
        return f"not determined: {error}"
    lines = done.stdout.strip().splitlines()
    try:
        found: dict[str, Any] = json.loads(lines[-1])
    except (IndexError, ValueError):
        last = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        return f"not determined: the probe failed ({last})"
    if "error" in found:
        return f"not determined: {found['error']}"
    how = "headless EGL" if found.get("headless") else "hidden window"
    return f"{found['renderer']} ({found['vendor']}, OpenGL {found['version']}, {how})"


def report(*, gl: bool = True, timeout: float = GL_TIMEOUT) -> list[tuple[str, str]]:
    """The doctor's lines, as (label, value) pairs."""
    extension: tuple[str, str] | None = None

    def ext(i: int) -> str:
        nonlocal extension
        if extension is None:
            extension = _extension()
        return extension[i]

    items: list[tuple[str, Callable[[], str]]] = [
        ("llk", _llk),
        ("installed as", _install),
        ("wheel platform", _platform_tag),
        (
            "python",
            lambda: f"{platform.python_version()} {sys.implementation.name} ({sys.executable})",
        ),
        ("platform", platform.platform),
        ("backend", _backend),
        ("rust extension", lambda: ext(0)),
        ("extension build", lambda: ext(1)),
        ("numpy", lambda: _distribution_version("numpy")),
        ("arcade", lambda: _distribution_version("arcade")),
        ("pyglet", lambda: _distribution_version("pyglet")),
        (
            "GL renderer",
            (lambda: gl_renderer(timeout)) if gl else (lambda: "not probed (--no-gl)"),
        ),
    ]
    lines = []
    for label, value in items:
        try:
            text = value()
        except Exception as error:  # a report must come out whatever is broken
            text = f"error: {type(error).__name__}: {error}"
        lines.append((label, text))
    return lines


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out
    for label, value in report(gl=not args.no_gl, timeout=args.gl_timeout):
        print(f"{label + ':':<17}{value}", file=out)
    return 0


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Adds `llk doctor` to the `llk` command's subparsers."""
    parser = subparsers.add_parser(
        "doctor",
        help="print versions, backend, extension build and GL renderer, for bug reports",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
    )
    parser.add_argument(
        "--no-gl", action="store_true", help="do not probe the GL renderer (opens no window)"
    )
    parser.add_argument(
        "--gl-timeout",
        type=float,
        default=GL_TIMEOUT,
        metavar="SECONDS",
        help=f"give up on the GL probe after this long (default {GL_TIMEOUT:g})",
    )
    parser.set_defaults(run=run)
    return parser

"""llk's PEP 517 build backend: it chooses, maturin or hatchling builds (pyproject.toml).

`LLK_PURE_PYTHON=1` (or true, yes, on): hatchling's pure-Python `py3-none-any` wheel, whatever
is installed. `LLK_REQUIRE_RUST=1`: maturin's wheel with the extension `llk._core`, or an error
before anything is fetched when no Rust toolchain answers (for packagers, whose builds must not
quietly lose the fast core; tests/conftest.py reads it too). Neither: maturin when `cargo
--version` answers, else the pure wheel with a one-line warning on stderr (pip shows it with
`-v`). A machine without Rust never downloads maturin; the sdist is always maturin's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

PURE_ENV, REQUIRE_ENV = "LLK_PURE_PYTHON", "LLK_REQUIRE_RUST"
# maturin 1.12.1 resolves the wheel `include` patterns inside python-source; hatchling 1.27
# writes core metadata 2.4, as maturin does; pure_wheel.py reads Cargo.toml with tomli on 3.10.
MATURIN = "maturin>=1.12.1,<2"
HATCHLING = "hatchling>=1.27"
TOMLI = "tomli>=1.1; python_version < '3.11'"

# What build_mode() decides, and why the wheel is pure (which `llk doctor` repeats).
RUST, PURE, FALLBACK = "rust", "pure", "fallback"
WHY_PURE = {PURE: f"{PURE_ENV}=1", FALLBACK: "no Rust toolchain found"}


def _flag(name: str, environ: Mapping[str, str]) -> bool:
    value = environ.get(name, "").strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("", "0", "false", "no", "off"):
        return False
    raise ValueError(f"{name} must be 1 or 0 (or true/false, yes/no, on/off), not {value!r}")


def rust_toolchain(environ: Mapping[str, str] = os.environ) -> str | None:
    """Why no Rust toolchain can build the extension, or None when `cargo --version` answers."""
    cargo = shutil.which("cargo", path=environ.get("PATH"))
    if cargo is None:
        return "cargo is not on PATH"
    try:  # 60 s: long enough for a rustup proxy on a slow machine, not to hang a build
        done = subprocess.run(
            [cargo, "--version"], capture_output=True, text=True, env=dict(environ), timeout=60
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"{cargo} --version failed: {error}"
    if done.returncode != 0:
        said = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        return f"{cargo} --version failed: {said}"
    if not done.stdout.startswith("cargo "):
        return f"{cargo} --version printed {done.stdout.strip()[:80]!r}, not cargo's version"
    return None


def build_mode(environ: Mapping[str, str] = os.environ) -> str:
    """RUST, PURE (asked for) or FALLBACK (no toolchain): which wheel this build makes.
    ValueError for contradicting or malformed variables, RuntimeError when Rust is required
    and missing."""
    pure, require = _flag(PURE_ENV, environ), _flag(REQUIRE_ENV, environ)
    if pure and require:
        raise ValueError(
            f"{PURE_ENV}=1 asks for the pure-Python wheel and {REQUIRE_ENV}=1 for the Rust one: "
            "unset one of them"
        )
    if pure:
        return PURE
    missing = rust_toolchain(environ)
    if missing is None:
        return RUST
    if require:
        raise RuntimeError(
            f"llk: {REQUIRE_ENV}=1 but there is no Rust toolchain ({missing}); install Rust "
            f"(https://rustup.rs), or unset {REQUIRE_ENV} to build the pure-Python wheel"
        )
    return FALLBACK


def _backend(warn: bool = False) -> Any:
    """maturin or hatchling's backend, as build_mode() chooses. `warn`: say so on stderr when the
    build falls back (only the hooks that write a wheel do: one warning)."""
    mode = build_mode()
    if mode == RUST:
        try:
            import maturin
        except ImportError as error:  # only without build isolation: else pip brought it
            raise RuntimeError(
                f"llk: a Rust toolchain is here, so the build needs {MATURIN}, which is not "
                f"installed ({error}); install it, or set {PURE_ENV}=1 for the pure-Python wheel"
            ) from error
        return maturin
    if warn and mode == FALLBACK:
        print(
            f"llk: no Rust toolchain ({rust_toolchain()}), so this is the pure-Python llk, "
            "slower; for the fast core install Rust (https://rustup.rs) and reinstall with "
            f"--no-cache-dir; {REQUIRE_ENV}=1 makes this an error",
            file=sys.stderr,
        )
    from hatchling import build

    return build


# --- PEP 517 and PEP 660 hooks ------------------------------------------------------------------
# Each hook runs in a process of its own, so each chooses again, the same way.


def build_wheel(
    wheel_directory: str, config_settings: Any = None, metadata_directory: Any = None
) -> str:
    return _backend(warn=True).build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(
    wheel_directory: str, config_settings: Any = None, metadata_directory: Any = None
) -> str:
    return _backend(warn=True).build_editable(wheel_directory, config_settings, metadata_directory)


def __getattr__(name: str) -> Any:
    """The optional hooks are the chosen backend's, and missing where it has none (hatchling
    hides them from pip), so that the frontend then reads the metadata from the wheel."""
    if name in ("prepare_metadata_for_build_wheel", "prepare_metadata_for_build_editable"):
        hook = getattr(_backend(), name, None)
        if hook is not None:
            return hook
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The requirement hooks may import neither backend: it is what they ask for.
def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [MATURIN] if build_mode() == RUST else [HATCHLING, TOMLI]


get_requires_for_build_editable = get_requires_for_build_wheel


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [MATURIN]


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    import maturin

    return maturin.build_sdist(sdist_directory, config_settings)

"""llk's PEP 517 build backend: maturin when Rust is there, else a pure-Python wheel.

pyproject.toml names this module (`backend-path = ["build_backend"]`). Which wheel a build
makes is settled once, from the environment, by `build_mode()`:

- `LLK_PURE_PYTHON=1` (or `true`, `yes`, `on`): the pure-Python wheel, whatever is installed.
- `LLK_REQUIRE_RUST=1`: maturin's wheel with the Rust extension `llk._core`, and an error,
  before anything is fetched, when no Rust toolchain answers. For packagers, whose builds must
  not quietly lose the fast core; the test suite reads the same variable to refuse running
  without the extension (tests/conftest.py). The two together are an error.
- Neither: maturin's wheel when `cargo --version` answers, else the pure-Python wheel with a
  one-line warning on stderr (pip shows it with `-v`), as markupsafe and pyyaml fall back when
  their extensions cannot be built.

maturin is not a static build requirement (pyproject.toml's `requires` holds only tomli, for
Python 3.10): the wheel hooks ask for it only when they will use it, so a machine without Rust
never downloads it, nor tries to build it where PyPI has no maturin wheel for the platform.
The sdist hooks always use maturin (`maturin sdist` needs cargo).

The pure wheel (`py3-none-any`) is written here, with the standard library only, and llk
installed from it runs on its pure-Python core (`llk.BACKEND == "python"`). It holds what
maturin's wheel holds, less the extension: every file of the package in `python-source` and of
each package `[tool.maturin] python-packages` names (the top-level `assets/` come in through
the `python/llk/assets` symlink, or as plain files in a source distribution), without
`__pycache__`, compiled files and native extensions left in the tree by a `maturin develop`,
and without what `[tool.maturin] exclude` leaves out. Its metadata comes from `[project]`, and
its version from Cargo.toml, as maturin's. Its WHEEL file's `Generator` says why it is pure,
and `llk doctor` repeats it.
"""

from __future__ import annotations

import base64
import fnmatch
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pyproject.toml's build requirements bring tomli to Python 3.10
    import tomli as tomllib

PURE_ENV = "LLK_PURE_PYTHON"
REQUIRE_ENV = "LLK_REQUIRE_RUST"
# The build requirement of the Rust wheel and the sdist (see the module's docstring for why it
# is not in pyproject.toml's static `requires`). 1.12.1 resolves the wheel `include` patterns
# inside python-source.
MATURIN = "maturin>=1.12.1,<2"
GENERATOR = "llk_build (pure Python, no extension"
TAG = "py3-none-any"
# Left out of the pure wheel wherever they are: byte code, and native extensions that a
# `maturin develop` (or `pip install -e .`) put into the source tree.
SKIP_DIRS = {"__pycache__"}
SKIP_SUFFIXES = (".pyc", ".pyo", ".so", ".pyd", ".dylib", ".dll")
# A fixed date keeps the wheel byte-for-byte reproducible (zip cannot store dates before 1980).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# Long enough for a rustup proxy to answer on a slow machine, short enough not to hang a build.
CARGO_TIMEOUT = 60.0

# What build_mode() decides.
RUST, PURE, FALLBACK = "rust", "pure", "fallback"
WHY_PURE = {PURE: f"{PURE_ENV}=1", FALLBACK: "no Rust toolchain found"}


def _flag(name: str, environ: Mapping[str, str]) -> bool:
    value = environ.get(name, "").strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("", "0", "false", "no", "off"):
        return False
    raise ValueError(f"{name} must be 1 or 0 (or true/false, yes/no, on/off), not {value!r}")


def pure_requested(environ: Mapping[str, str] = os.environ) -> bool:
    """Is `LLK_PURE_PYTHON` set to build the pure-Python wheel?"""
    return _flag(PURE_ENV, environ)


def rust_toolchain(environ: Mapping[str, str] = os.environ) -> str | None:
    """Why no Rust toolchain can build the extension, or None when `cargo --version` answers."""
    cargo = shutil.which("cargo", path=environ.get("PATH"))
    if cargo is None:
        return "cargo is not on PATH"
    try:
        done = subprocess.run(
            [cargo, "--version"],
            capture_output=True,
            text=True,
            timeout=CARGO_TIMEOUT,
            env=dict(environ),
            stdin=subprocess.DEVNULL,
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


def _pure(*, warn: bool = False, environ: Mapping[str, str] = os.environ) -> str | None:
    """None when maturin builds; else why the wheel is pure. `warn`: say so on stderr when it
    falls back (only the hooks that write the wheel do, so that a build warns once)."""
    mode = build_mode(environ)
    if mode == RUST:
        return None
    if warn and mode == FALLBACK:
        print(
            f"llk: no Rust toolchain ({rust_toolchain(environ)}), so this is the pure-Python "
            "llk, slower; for the fast core install Rust (https://rustup.rs) and reinstall "
            f"with --no-cache-dir; {REQUIRE_ENV}=1 makes this an error",
            file=sys.stderr,
        )
    return WHY_PURE[mode]


def _maturin() -> Any:
    try:
        import maturin
    except ImportError as error:
        # Only without build isolation (pip --no-build-isolation): else pip installed it.
        raise RuntimeError(
            f"llk: a Rust toolchain is here, so the build needs {MATURIN}, which is not "
            f"installed ({error}); install it, or set {PURE_ENV}=1 for the pure-Python wheel"
        ) from error
    return maturin


# --- PEP 517 and PEP 660 hooks ------------------------------------------------------------------
# Each hook runs in a process of its own, so each decides again; the same environment gives the
# same answer. The get_requires hooks may not import maturin: it is what they ask for.


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [] if _pure() else [MATURIN]


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: dict[str, Any] | None = None
) -> str:
    why = _pure()
    if why:
        return _write_dist_info(Project(Path.cwd(), why), Path(metadata_directory))
    return _maturin().prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    why = _pure(warn=True)
    if why:
        return write_pure_wheel(Path.cwd(), Path(wheel_directory), why=why).name
    return _maturin().build_wheel(wheel_directory, config_settings, metadata_directory)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [] if _pure() else [MATURIN]


def prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: dict[str, Any] | None = None
) -> str:
    why = _pure()
    if why:
        return _write_dist_info(Project(Path.cwd(), why), Path(metadata_directory))
    return _maturin().prepare_metadata_for_build_editable(metadata_directory, config_settings)


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    why = _pure(warn=True)
    if why:
        return write_pure_wheel(Path.cwd(), Path(wheel_directory), editable=True, why=why).name
    return _maturin().build_editable(wheel_directory, config_settings, metadata_directory)


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [MATURIN]


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    return _maturin().build_sdist(sdist_directory, config_settings)


# --- the project, as pyproject.toml and Cargo.toml describe it ---------------------------------


class Project:
    """What the pure wheel needs from a source tree (a checkout or an unpacked sdist)."""

    def __init__(self, root: Path, why: str = WHY_PURE[PURE]) -> None:
        self.root = root
        self.why = why
        with open(root / "pyproject.toml", "rb") as f:
            pyproject = tomllib.load(f)
        self.project: dict[str, Any] = pyproject["project"]
        self.maturin: dict[str, Any] = pyproject.get("tool", {}).get("maturin", {})
        unsupported = set(self.project.get("dynamic", [])) - {"version"}
        if unsupported:
            raise ValueError(
                f"the pure-Python build only fills in a dynamic version, not {sorted(unsupported)}"
            )
        self.name: str = self.project["name"]
        self.version = self.project.get("version") or cargo_version(self._manifest())
        self.python_source = root / self.maturin.get("python-source", ".")
        module = self.maturin.get("module-name") or self.name.replace("-", "_")
        self.package = module.split(".")[0]
        extra = self.maturin.get("python-packages", [])
        if not (isinstance(extra, list) and all(isinstance(n, str) and n for n in extra)):
            raise ValueError(f"[tool.maturin] python-packages must list names, not {extra!r}")
        # The package of the extension first, then the others, each once.
        self.packages: list[str] = list(dict.fromkeys([self.package, *extra]))

    def _manifest(self) -> Path:
        return self.root / self.maturin.get("manifest-path", "Cargo.toml")

    @property
    def dist_name(self) -> str:
        """The name as wheel and dist-info file names spell it."""
        return re.sub(r"[-_.]+", "_", self.name).lower()

    @property
    def dist_info(self) -> str:
        return f"{self.dist_name}-{self.version}.dist-info"

    def _patterns(self, key: str, fmt: str) -> list[str]:
        """`[tool.maturin] include` or `exclude` patterns that apply to wheels."""
        found = []
        for entry in self.maturin.get(key, []):
            if isinstance(entry, str):
                entry = {"path": entry}
            formats = entry.get("format", [fmt])
            if fmt in ([formats] if isinstance(formats, str) else formats):
                found.append(entry["path"])
        return found

    def package_files(self) -> dict[str, Path]:
        """The files of the package, by their path in the wheel."""
        excluded = [_glob_regex(p) for p in self._patterns("exclude", "wheel")]
        files: dict[str, Path] = {}

        def add(path: Path, in_wheel: str) -> None:
            source = path.relative_to(self.root).as_posix()
            if path.name.endswith(SKIP_SUFFIXES) or any(r.fullmatch(source) for r in excluded):
                return
            files[in_wheel] = path

        top = self.python_source / self.package
        if not (top / "__init__.py").is_file():
            raise FileNotFoundError(f"no package {self.package!r} in {self.python_source}")
        for name in self.packages:
            folder, module = self.python_source / name, self.python_source / f"{name}.py"
            if folder.is_dir():
                # Follow symlinks: the package's assets/ is a link to the top-level assets/.
                for where, dirs, names in os.walk(folder, followlinks=True):
                    dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
                    for file in sorted(names):
                        path = Path(where, file)
                        add(path, path.relative_to(self.python_source).as_posix())
            elif module.is_file():
                add(module, module.name)
            else:
                raise FileNotFoundError(
                    f"[tool.maturin] python-packages names {name!r}, but {self.python_source} "
                    f"has no {name}/ nor {name}.py"
                )
        # Wheel includes are resolved inside python-source, as maturin does.
        for pattern in self._patterns("include", "wheel"):
            for match in sorted(glob.glob(pattern, root_dir=self.python_source, recursive=True)):
                path = self.python_source / match
                if path.is_file():
                    add(path, Path(match).as_posix())
        return dict(sorted(files.items()))

    # Metadata.

    def metadata(self) -> str:
        p = self.project
        lines = [
            "Metadata-Version: 2.4",
            f"Name: {self.name}",
            f"Version: {self.version}",
        ]
        if "description" in p:
            lines.append(f"Summary: {p['description']}")
        if p.get("keywords"):
            lines.append(f"Keywords: {','.join(p['keywords'])}")
        for role, field in (("authors", "Author"), ("maintainers", "Maintainer")):
            named = [a["name"] for a in p.get(role, []) if "name" in a and "email" not in a]
            mailed = [
                f"{a['name']} <{a['email']}>" if "name" in a else a["email"]
                for a in p.get(role, [])
                if "email" in a
            ]
            if named:
                lines.append(f"{field}: {', '.join(named)}")
            if mailed:
                lines.append(f"{field}-email: {', '.join(mailed)}")
        lic = p.get("license")
        if isinstance(lic, str):
            lines.append(f"License-Expression: {lic}")
        elif isinstance(lic, dict) and "text" in lic:
            lines.append(f"License: {lic['text']}")
        elif isinstance(lic, dict) and "file" in lic:
            text = (self.root / lic["file"]).read_text(encoding="utf-8")
            lines.append("License: " + text.strip().replace("\n", "\n       "))
        lines += [f"Classifier: {c}" for c in p.get("classifiers", [])]
        if "requires-python" in p:
            lines.append(f"Requires-Python: {p['requires-python']}")
        lines += [f"Requires-Dist: {r}" for r in p.get("dependencies", [])]
        for extra, requirements in p.get("optional-dependencies", {}).items():
            extra = re.sub(r"[-_.]+", "-", extra).lower()
            lines.append(f"Provides-Extra: {extra}")
            lines += [f"Requires-Dist: {_with_extra(r, extra)}" for r in requirements]
        lines += [f"Project-URL: {label}, {url}" for label, url in p.get("urls", {}).items()]
        body = ""
        readme = p.get("readme")
        if isinstance(readme, str):
            readme = {"file": readme}
        if readme:
            kind = readme.get("content-type") or _content_type(readme.get("file", ""))
            lines.append(f"Description-Content-Type: {kind}")
            body = readme["text"] if "text" in readme else self._read(readme["file"])
        return "\n".join(lines) + "\n\n" + body

    def _read(self, name: str) -> str:
        return (self.root / name).read_text(encoding="utf-8")

    def entry_points(self) -> str:
        groups = dict(self.project.get("entry-points", {}))
        if self.project.get("scripts"):
            groups["console_scripts"] = self.project["scripts"]
        if self.project.get("gui-scripts"):
            groups["gui_scripts"] = self.project["gui-scripts"]
        return "\n".join(
            f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items())
            for group, points in groups.items()
        )

    def wheel_file(self) -> str:
        return (
            f"Wheel-Version: 1.0\nGenerator: {GENERATOR}: {self.why})\n"
            f"Root-Is-Purelib: true\nTag: {TAG}\n"
        )

    def dist_info_files(self) -> dict[str, bytes]:
        files = {"METADATA": self.metadata(), "WHEEL": self.wheel_file()}
        entry_points = self.entry_points()
        if entry_points:
            files["entry_points.txt"] = entry_points
        return {f"{self.dist_info}/{k}": v.encode("utf-8") for k, v in files.items()}


def _with_extra(requirement: str, extra: str) -> str:
    spec, _, marker = requirement.partition(";")
    condition = f'extra == "{extra}"'
    if marker.strip():
        condition = f"({marker.strip()}) and {condition}"
    return f"{spec.strip()}; {condition}"


def _content_type(name: str) -> str:
    suffix = Path(name).suffix.lower()
    return {".md": "text/markdown", ".rst": "text/x-rst"}.get(suffix, "text/plain")


def _glob_regex(pattern: str) -> re.Pattern[str]:
    """A `[tool.maturin]` glob as a regex: `**/` any folders, `*` and `?` within one name."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        elif pattern[i] == "[":
            end = pattern.find("]", i + 1)
            if end < 0:
                out, i = out + re.escape("["), i + 1
            else:
                out, i = out + fnmatch.translate(pattern[i : end + 1])[4:-3], end + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out)


# Cargo versions, as maturin turns them into Python ones: 1.2.3-alpha.4 is 1.2.3a4, and
# build metadata (+abc) becomes a local version.
_CARGO_VERSION = re.compile(
    r"(?P<release>\d+(?:\.\d+)*)"
    r"(?:-(?P<pre>alpha|beta|rc|a|b|c|dev)\.?(?P<n>\d+)?)?"
    r"(?:\+(?P<local>[0-9A-Za-z.]+))?"
)
_PRE = {"alpha": "a", "a": "a", "beta": "b", "b": "b", "rc": "rc", "c": "rc", "dev": ".dev"}


def python_version(cargo: str) -> str:
    found = _CARGO_VERSION.fullmatch(cargo)
    if found is None:
        raise ValueError(f"cannot turn the Cargo version {cargo!r} into a Python version")
    version = found["release"]
    if found["pre"]:
        version += _PRE[found["pre"]] + (found["n"] or "0")
    if found["local"]:
        version += "+" + found["local"]
    return version


def cargo_version(manifest: Path) -> str:
    """The package's version from its Cargo.toml, or from the workspace's when inherited."""
    with open(manifest, "rb") as f:
        version = tomllib.load(f)["package"]["version"]
    if isinstance(version, str):
        return python_version(version)
    for folder in manifest.resolve().parent.parents:
        candidate = folder / "Cargo.toml"
        if candidate.is_file():
            with open(candidate, "rb") as f:
                workspace = tomllib.load(f).get("workspace")
            if workspace is not None:
                return python_version(workspace["package"]["version"])
    raise ValueError(f"{manifest} inherits its version, but no workspace Cargo.toml was found")


# --- writing ---------------------------------------------------------------------------------


def _write_dist_info(project: Project, metadata_directory: Path) -> str:
    for name, data in project.dist_info_files().items():
        target = metadata_directory / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return project.dist_info


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _entries(project: Project, editable: bool) -> Iterator[tuple[str, bytes]]:
    if editable:
        # A .pth line puts python-source on sys.path: the package runs from the tree as it is.
        source = str(project.python_source.resolve())
        yield f"_{project.dist_name}_editable.pth", (source + "\n").encode()
    else:
        for name, path in project.package_files().items():
            yield name, path.read_bytes()
    yield from project.dist_info_files().items()


def write_pure_wheel(
    root: Path, wheel_directory: Path, *, editable: bool = False, why: str = WHY_PURE[PURE]
) -> Path:
    """Writes the pure-Python wheel (or the editable one) of the source tree at `root` into
    `wheel_directory` and returns its path. `why` it is pure goes into its WHEEL file."""
    project = Project(root, why)
    wheel_directory.mkdir(parents=True, exist_ok=True)
    wheel = wheel_directory / f"{project.dist_name}-{project.version}-{TAG}.whl"
    record = []
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in _entries(project, editable):
            _write(zf, name, data)
            record.append(_record_line(name, data))
        record_name = f"{project.dist_info}/RECORD"
        record.append(f"{record_name},,")
        _write(zf, record_name, ("\n".join(record) + "\n").encode())
    return wheel


def _write(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)

"""What every `llk bench` result file says about where it was measured: the context that lets
two files be told apart and compared fairly (issue 26, as pyperf keeps metadata beside its
timings).

`context(argv)` is taken once, when a run starts: the load average is the machine's at the
start, before the bench itself loads it. `FORMAT` is the result files' layout version: 2 is
the first with a context (the files before it had a `machine` entry only, and are read as 1).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any, TextIO

from .. import _backend

FORMAT = 2
# A load average over this much per core at the start makes the timings suspect: warn.
BUSY_PER_CORE = 0.5
# What a comparison needs the same on both sides, else it warns (compare.py).
SAME_MACHINE = ("cpu", "cores", "os", "build_profile", "python")


def cpu_name() -> str | None:
    """The CPU's model name (Linux's /proc/cpuinfo), else None."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def machine() -> dict[str, Any]:
    """The machine and the build, in short (the header line of the tables)."""
    rust = _backend.RUST
    return {
        "platform": platform.platform(),
        "processor": cpu_name() or platform.processor(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "rust_extension": None if rust is None else getattr(rust, "BUILD_PROFILE", "?"),
    }


def load_average() -> float | None:
    """The 1-minute load average, or None where the system has none (Windows)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _git(source: Path, *argv: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(source), *argv], capture_output=True, text=True, timeout=10
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def git_commit() -> tuple[str | None, bool | None]:
    """The commit of the checkout llk runs from and whether its code (python/, rust/, the
    build files) differs from it; (None, None) when llk is not run from a git checkout of
    its own (an installed wheel, even one inside some other repository's venv)."""
    package = Path(__file__).resolve().parents[1]
    top = _git(package, "rev-parse", "--show-toplevel")
    if top is None or Path(top).resolve() / "python" / "llk" != package:
        return None, None
    commit = _git(package, "rev-parse", "HEAD")
    # The result files the bench writes are tracked too: only the code makes a run "dirty".
    code = ["python", "rust", "Cargo.toml", "Cargo.lock", "pyproject.toml"]
    status = _git(Path(top), "status", "--porcelain", "--untracked-files=no", "--", *code)
    return commit, None if status is None else bool(status)


def context(argv: list[str]) -> dict[str, Any]:
    """The run's context, for the JSON's "context" entry; `argv` is the `llk` command's
    arguments (`["bench", "--quick"]`)."""
    from .. import __version__, engine

    commit, dirty = git_commit()
    rust = _backend.RUST
    return {
        "format": FORMAT,
        "llk": __version__,
        "commit": commit,
        "dirty": dirty,
        "default_backend": engine.BACKEND,
        "rust_extension": rust is not None,
        "build_profile": None if rust is None else getattr(rust, "BUILD_PROFILE", None),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "numpy": _numpy_version(),
        "os": platform.platform(),
        "cpu": cpu_name() or platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "load_average": load_average(),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": shlex.join(["llk", *argv]),
    }


def start(args: argparse.Namespace, err: TextIO) -> dict[str, Any]:
    """The context of a run of `llk bench` given `args` (`args.argv`, which `llk.cli.main`
    sets, else this process's arguments), and the busy machine's warning on `err`."""
    argv = getattr(args, "argv", None)
    ctx = context(list(sys.argv[1:] if argv is None else argv))
    warning = busy_warning(ctx)
    if warning:
        err.write(warning)
    return ctx


def _numpy_version() -> str:
    import numpy

    return str(numpy.__version__)


def busy_warning(ctx: dict[str, Any]) -> str | None:
    """A warning when the machine was busy at the start (load average over `BUSY_PER_CORE`
    a core), else None."""
    load, cores = ctx.get("load_average"), ctx.get("cores") or 1
    if load is None or load <= BUSY_PER_CORE * cores:
        return None
    return (
        f"llk bench: warning: the machine is busy (load average {load:.2f} on {cores} cores at "
        "the start): other work will slow some samples and widen the intervals; the cases "
        "that do not settle are marked unstable\n"
    )


def summary(ctx: dict[str, Any]) -> str:
    """The context in one line, under the machine's line of a table."""
    commit = ctx.get("commit")
    where = f" ({commit[:10]}{'+dirty' if ctx.get('dirty') else ''})" if commit else ""
    load = ctx.get("load_average")
    return (
        f"llk {ctx.get('llk')}{where}, {ctx.get('date')}, "
        f"load average {'?' if load is None else f'{load:.2f}'} at the start"
    )

"""Which core runs: the Rust extension `llk._core` or the pure-Python twin `llk._pycore`.

`LLK_BACKEND` chooses once, when llk is imported: `auto` (the default) takes the Rust core when
it is built and the pure-Python core otherwise, `rust` insists on the Rust core, `python` forces
the twin. A choice that cannot be honoured raises `ImportError` with a message that says what to
do; nothing here reads the command line or ends the process (the `llk` command catches the
error and prints it: python/llk_cli). This is the only module that imports a core by name.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING

from . import _pycore
from ._input import show
from ._types import BackendName, CoreBoardClass
from .errors import BACKEND_NAME, BACKEND_RUST_MISSING, BACKEND_UNKNOWN, RUST_NOT_BUILT

BACKENDS: tuple[BackendName, ...] = ("rust", "python")
"""The backends a board may run on: the Rust core and its pure-Python twin."""
CHOICES = ("auto", *BACKENDS)

if TYPE_CHECKING:
    # The mypy half of the check that both cores meet the facade's interface (the run-time
    # half is tests/engine/test_types.py): each Board class is a CoreBoardClass.
    from . import _core

    _RUST_BOARD: CoreBoardClass = _core.Board
    _PYTHON_BOARD: CoreBoardClass = _pycore.Board


def _import_rust() -> tuple[ModuleType | None, ImportError | None]:
    try:
        from . import _core
    except ImportError as error:
        return None, error
    return _core, None


RUST, RUST_IMPORT_ERROR = _import_rust()
"""The Rust extension module, or None (and why not) when it is not built or cannot load."""


def _as_llk_import_error(error: BaseException) -> ImportError:
    # `name` marks the failure as llk's own import failing, so that `python -m llk` reports it
    # in runpy's one line instead of a traceback.
    error.name = "llk"  # type: ignore[attr-defined]
    return error  # type: ignore[return-value]


def choose(environ: Mapping[str, str] = os.environ) -> BackendName:
    """The backend `LLK_BACKEND` in `environ` asks for; `ImportError` when it cannot be had."""
    raw = environ.get("LLK_BACKEND", "auto")
    wanted = raw.strip().lower() or "auto"
    if wanted not in CHOICES:
        raise _as_llk_import_error(BACKEND_UNKNOWN(value=show(raw)))
    if wanted == "rust" and RUST is None:
        raise _as_llk_import_error(BACKEND_RUST_MISSING())
    if wanted == "python" or RUST is None:
        return "python"
    return "rust"


BACKEND: BackendName = choose()
"""The backend of boards that do not name one."""


def rust_available() -> bool:
    """Is the Rust extension built and importable?"""
    return RUST is not None


def core_class(backend: object) -> tuple[BackendName, CoreBoardClass]:
    """`(name, core class)` for a backend name, or for `llk.BACKEND` when `backend` is None."""
    # Types first: `==` on a numpy array compares every cell, which for a broadcast view of a
    # trillion cells is a trillion comparisons.
    name = BACKEND if backend is None else backend if isinstance(backend, str) else ""
    if name == "python":
        return "python", _pycore.Board
    if name == "rust":
        if RUST is None:
            raise RUST_NOT_BUILT()
        board: CoreBoardClass = RUST.Board
        return "rust", board
    raise BACKEND_NAME(value=show(backend))

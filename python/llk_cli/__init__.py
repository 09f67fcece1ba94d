"""The `llk` command's launcher, outside the `llk` package on purpose.

Importing `llk` picks the engine's core from `LLK_BACKEND` and raises `ImportError` when that
choice cannot be honoured (llk/_backend.py). A console script that imported `llk.cli` would
die of it with a traceback before any of the command's code ran; this launcher imports llk
itself, so that the command can say what is wrong in one line and exit with status 2, as it
does for its other usage errors.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    try:
        from llk.cli import main as run
    except ImportError as error:
        if getattr(error, "name", None) != "llk":
            raise  # not llk refusing its backend: a broken install, worth its traceback
        sys.stderr.write(f"llk: error: {error}\n")
        return 2
    return run(argv)

"""Shared fixtures: every engine test runs on each backend (markupsafe's pattern)."""

from __future__ import annotations

import os

import pytest

import llk

RUST_MISSING = "the Rust extension llk._core is not built (`pip install .` builds it)"

if os.environ.get("LLK_REQUIRE_RUST") == "1" and not llk.rust_available():
    # CI builds the extension; a run that silently skipped every Rust case would prove nothing.
    raise pytest.UsageError(f"LLK_REQUIRE_RUST=1 but {RUST_MISSING}")


def backend_params() -> list:
    return [
        pytest.param(
            name,
            id=name,
            marks=[pytest.mark.skip(reason=RUST_MISSING)]
            if name == "rust" and not llk.rust_available()
            else [],
        )
        for name in llk.BACKENDS
    ]


@pytest.fixture(params=backend_params(), scope="session")
def backend(request: pytest.FixtureRequest) -> str:
    """The name of a backend; tests using it run once per backend."""
    return request.param


needs_both = pytest.mark.skipif(not llk.rust_available(), reason=RUST_MISSING)

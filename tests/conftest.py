"""Shared fixtures: every engine test runs on each backend (markupsafe's pattern)."""

from __future__ import annotations

import os

import pytest

# The both-cores harness's asserts report as a test's do.
pytest.register_assert_rewrite("tests.both_cores")

import llk  # noqa: E402

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


# scripts/test-all runs the suite twice, the second time with LLK_BACKEND=python, so that
# everything on the default backend (the game, the command, the facade's defaults) runs on the
# pure-Python core too. Tests that name their backends themselves (the `backend` fixture, the
# `names_its_backends` mark: parity, the pure core against the reference, the frame bench's
# runs) do the very same work in either pass; with LLK_DEFAULT_BACKEND_ONLY=1 the second pass
# leaves them out. Without the variable every test runs.
DEFAULT_BACKEND_ONLY = os.environ.get("LLK_DEFAULT_BACKEND_ONLY") == "1"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "names_its_backends: runs the same whatever LLK_BACKEND says (see tests/conftest.py)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not DEFAULT_BACKEND_ONLY:
        return
    if not llk.rust_available():
        # No first pass on the Rust core to have run them: they stay.
        return
    same_in_any_pass = [
        item
        for item in items
        if "backend" in getattr(item, "fixturenames", ())
        or item.get_closest_marker("names_its_backends") is not None
    ]
    if same_in_any_pass:
        left_out = set(map(id, same_in_any_pass))
        items[:] = [item for item in items if id(item) not in left_out]
        config.hook.pytest_deselected(items=same_in_any_pass)

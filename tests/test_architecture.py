"""The house's import rules (docs/architecture.md, "What may import what"), checked on the
source: a room that reaches into another fails here, not in a review."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "llk"

# The engine's rooms: plain Python over a core, no window, no command line.
ENGINE = [
    "__init__.py",
    "_backend.py",
    "_input.py",
    "_limits.py",
    "codes.py",
    "deals.py",
    "engine.py",
    "errors.py",
    "layout.py",
    "solver.py",
]


def imports(path: Path) -> set[str]:
    """Every module `path` imports, as absolute dotted names (relative ones resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = list(path.relative_to(ROOT / "python").with_suffix("").parts)
    package = parts[:-1]  # a module's package; an __init__'s is the package itself
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            # `from . import x` imports the module x when x is one.
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def reaches(path: Path, *modules: str) -> set[str]:
    """Which of `modules` (or their submodules) `path` imports."""
    return {
        name for name in imports(path) for m in modules if name == m or name.startswith(m + ".")
    }


@pytest.mark.parametrize("name", ENGINE)
def test_the_engine_never_imports_the_game_the_bench_or_the_command(name: str) -> None:
    assert not reaches(PACKAGE / name, "llk.game", "llk.bench", "llk.cli", "arcade", "pyglet")


@pytest.mark.parametrize("path", sorted((PACKAGE / "_pycore").glob("*.py")), ids=lambda p: p.name)
def test_the_pure_python_core_knows_only_itself_the_error_table_and_the_limits(path: Path) -> None:
    outside = {
        name
        for name in imports(path)
        if name.startswith("llk")
        and not name.startswith(("llk._pycore", "llk.errors", "llk._limits"))
        and name != "llk"
    }
    assert not outside, f"{path.name} imports {sorted(outside)}"


def test_only_the_backend_choice_imports_a_core_by_name() -> None:
    for path in PACKAGE.rglob("*.py"):
        if "_pycore" in path.parts or path.name == "_backend.py":
            continue
        got = reaches(path, "llk._core", "llk._pycore")
        assert not got, f"{path.relative_to(PACKAGE)} imports {sorted(got)}"


def test_share_codes_and_deals_do_not_import_each_other_in_a_circle() -> None:
    assert not reaches(PACKAGE / "codes.py", "llk.engine", "llk.deals")
    assert not reaches(PACKAGE / "engine.py", "llk.deals", "llk.solver")


def test_the_game_uses_the_public_engine_only() -> None:
    for path in (PACKAGE / "game").rglob("*.py"):
        got = reaches(path, "llk._core", "llk._pycore", "llk._backend", "llk._input", "llk.codes")
        assert not got, f"{path.relative_to(PACKAGE)} imports {sorted(got)}"


def test_nothing_at_import_reads_the_command_line_or_exits() -> None:
    for name in ENGINE:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                assert (node.value.id, node.attr) not in {
                    ("sys", "argv"),
                    ("sys", "orig_argv"),
                    ("sys", "exit"),
                }, f"{name} uses sys.{node.attr}"
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                assert not (isinstance(func, ast.Name) and func.id == "SystemExit"), name


def test_only_the_bindings_know_pyo3() -> None:
    for path in (ROOT / "rust" / "src").rglob("*.rs"):
        if path.name.startswith("bindings") or "bindings" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        assert "pyo3" not in text and "numpy::" not in text, path.relative_to(ROOT)


def test_every_engine_message_is_worded_in_the_error_table() -> None:
    # Messages are the table's (errors.py); a raise with a literal message elsewhere in the
    # engine's rooms would be a second wording. layout.py words its own parse errors.
    for name in ["_backend.py", "_input.py", "codes.py", "deals.py", "engine.py", "solver.py"]:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            if isinstance(func, ast.Name) and func.id in ("BoardError", "IllegalMove"):
                pytest.fail(f"{name}:{node.lineno} words a {func.id} itself")
    for path in (PACKAGE / "_pycore").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "BoardError(" not in text and "IllegalMove(" not in text, path.name

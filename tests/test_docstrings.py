"""Every public name of llk has a docstring, and so has every public member of its classes:
the API reference (docs/api.md, mkdocstrings) is made of them. Read from the source, as griffe
reads it for the docs: a function's or method's docstring, and for an attribute (a constant, a
field, an annotated instance attribute) the string that follows its assignment.

The API reference lists every name of `llk.__all__`, and the public modules' docstrings have
the Google-style sections mkdocstrings renders (Args, Returns, Raises), as a docstring linter
checks them: ruff's port of pydoclint (DOC: a `return` or a `raise` the docstring does not
name) and pydocstyle's section rules (D4xx: an argument Args leaves out, an empty section)."""

from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import llk

PACKAGE = Path(llk.__file__).parent


def _documented_attributes(body: list[ast.stmt]) -> set[str]:
    """Names assigned in `body` (and in its `try`/`if` blocks) with a string right after."""
    names: set[str] = set()
    for stmt, after in zip(body, [*body[1:], None], strict=True):
        for inner in ("body", "orelse", "finalbody"):
            if isinstance(stmt, ast.Try | ast.If) and getattr(stmt, inner, None):
                names |= _documented_attributes(getattr(stmt, inner))
        if not (
            isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            continue
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _module_attributes() -> set[str]:
    names: set[str] = set()
    for source in PACKAGE.glob("*.py"):
        names |= _documented_attributes(ast.parse(source.read_text()).body)
    return names


def _class_members(cls: type) -> tuple[list[str], set[str]]:
    """The public names defined in the class's body, and those of them with a docstring."""
    node = ast.parse(inspect.getsource(cls)).body[0]
    assert isinstance(node, ast.ClassDef)
    public, documented = [], _documented_attributes(node.body)
    for stmt in node.body:
        if isinstance(stmt, ast.FunctionDef):
            name = stmt.name
            if ast.get_docstring(stmt):
                documented.add(name)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            name = stmt.target.id
        else:
            continue
        if not name.startswith("_") and name not in public:
            public.append(name)
    return public, documented


def undocumented() -> list[str]:
    missing = []
    attributes = _module_attributes()
    for name in llk.__all__:
        obj = getattr(llk, name)
        if inspect.isclass(obj):
            if not obj.__dict__.get("__doc__"):
                missing.append(name)
            public, documented = _class_members(obj)
            missing += [f"{name}.{member}" for member in public if member not in documented]
        elif inspect.isroutine(obj):
            if not inspect.getdoc(obj):
                missing.append(name)
        elif name not in attributes:
            missing.append(name)
    return missing


def test_every_public_name_and_member_has_a_docstring() -> None:
    assert undocumented() == []


def test_the_check_sees_what_it_checks() -> None:
    # The classes' members are found: a check that saw none would pass on anything.
    public, _ = _class_members(llk.Board)
    assert {"rows", "path", "remove", "hint", "undo", "from_code"} <= set(public)
    assert {"corners", "turns", "length", "slides"} <= set(_class_members(llk.Path)[0])
    assert "BACKEND" in _module_attributes()


# The modules of the public API (llk.__all__ comes from them, and llk.batch): their docstrings
# give Args/Returns/Raises (Yields), as the linter asks.
SECTIONED = [
    "__init__.py",
    "_types.py",
    "batch.py",
    "deals.py",
    "engine.py",
    "errors.py",
    "layout.py",
    "solver.py",
    "values.py",
]
DOCSTRING_RULES = (
    "D405,D406,D407,D410,D411,D412,D414,D416,D417,D419,DOC201,DOC202,DOC402,DOC403,DOC501"
)


def docstring_lint(*paths: Path) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("ruff")
    command = ["check", "--preview", "--select", DOCSTRING_RULES, "--output-format", "concise"]
    google = ["--config", 'lint.pydocstyle.convention = "google"', "--no-cache"]
    return subprocess.run(
        [sys.executable, "-m", "ruff", *command, *google, *map(str, paths)],
        capture_output=True,
        text=True,
    )


def test_the_public_docstrings_say_args_returns_and_raises() -> None:
    done = docstring_lint(*(PACKAGE / name for name in SECTIONED))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_linter_sees_a_missing_section(tmp_path: Path) -> None:
    # A check that found nothing would pass on anything: a raise and a return left out.
    source = tmp_path / "m.py"
    source.write_text(
        'def f(x: int) -> int:\n    """Doubles.\n\n    Args:\n        x: a number.\n    """\n'
        "    if x < 0:\n        raise ValueError(x)\n    return 2 * x\n"
    )
    found = docstring_lint(source).stdout
    assert "DOC201" in found or "missing-returns" in found
    assert "DOC501" in found or "missing-exception" in found


API_PAGE = PACKAGE.parent.parent / "docs" / "api.md"


@pytest.mark.skipif(not API_PAGE.is_file(), reason="docs/api.md is not beside the package")
def test_the_api_reference_lists_every_public_name() -> None:
    listed = set(re.findall(r"^::: llk\.(\w+)$", API_PAGE.read_text(), flags=re.M))
    assert {"Board", "CellLike"} <= listed, "the page's entries were not found"
    assert sorted(set(llk.__all__) - listed) == []


RECIPES = PACKAGE.parent.parent / "docs" / "recipes"


def private_uses(source: str) -> list[str]:
    """The names of llk a recipe takes that are not public: outside `llk.__all__`, or a
    module's name outside that module's `__all__` (or the module has none)."""
    import importlib

    tree = ast.parse(source)
    modules, found = {}, []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "llk":
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if node.module == "llk" and alias.name in llk.__all__:
                    continue
                try:
                    module = importlib.import_module(full)
                except ImportError:
                    found.append(full)
                    continue
                if alias.name.startswith("_") or not hasattr(module, "__all__"):
                    found.append(full)
                modules[alias.asname or alias.name] = module
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("llk.")]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            module = modules.get(node.value.id)
            if module is not None and node.attr not in getattr(module, "__all__", ()):
                found.append(f"{module.__name__}.{node.attr}")
    return found


@pytest.mark.skipif(not RECIPES.is_dir(), reason="docs/recipes is not beside the package")
def test_the_recipes_use_only_the_public_api() -> None:
    recipes = sorted(RECIPES.glob("*.py"))
    assert recipes, "no recipe found"
    for recipe in recipes:
        assert private_uses(recipe.read_text()) == [], recipe.name
    # The check sees a private use.
    assert private_uses("from llk import batch\nbatch.progress_bar(1, 'x', None)\n") == [
        "llk.batch.progress_bar"
    ]

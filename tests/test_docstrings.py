"""Every public name of llk has a docstring, and so has every public member of its classes:
the API reference (docs/api.md, mkdocstrings) is made of them. Read from the source, as griffe
reads it for the docs: a function's or method's docstring, and for an attribute (a constant, a
field, an annotated instance attribute) the string that follows its assignment."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

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

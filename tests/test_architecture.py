"""The house's rules (docs/architecture.md, "What may import what"), checked on the source: a
room that reaches into another, a circle of imports, a room grown past its size or a file the
map does not name fails here, not in a review."""

from __future__ import annotations

import ast
import re
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
    "_pickling.py",
    "_types.py",
    "codes.py",
    "deals.py",
    "engine.py",
    "errors.py",
    "layout.py",
    "_layout_read.py",
    "solver.py",
    "values.py",
]


def _is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def _nodes(tree: ast.AST, at_run_time: bool) -> list[ast.AST]:
    """Every node of `tree`; `at_run_time`: without the `if TYPE_CHECKING:` blocks, which are
    read by type checkers only."""
    if not at_run_time:
        return list(ast.walk(tree))
    found, todo = [], [tree]
    while todo:
        node = todo.pop()
        found.append(node)
        todo.extend(c for c in ast.iter_child_nodes(node) if not _is_type_checking(c))
    return found


def imports(path: Path, at_run_time: bool = False) -> set[str]:
    """Every module `path` imports, as absolute dotted names (relative ones resolved), lazy
    imports inside functions included; `at_run_time`: not those for type checkers only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = list(path.relative_to(ROOT / "python").with_suffix("").parts)
    package = parts[:-1]  # a module's package; an __init__'s is the package itself
    found: set[str] = set()
    for node in _nodes(tree, at_run_time):
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
    # engine's rooms would be a second wording. layout.py and _layout_read.py word their own parse
    # errors.
    rooms = ["_backend.py", "_input.py", "codes.py", "deals.py", "engine.py", "solver.py"]
    for name in [*rooms, "values.py"]:
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


# The game's layers (docs/architecture.md, "The game's layers"): each may use the ones before it
# and the package's read-only data (game/assets.py), never one after it.
GAME = PACKAGE / "game"
LAYERS = ["model", "store", "board", "views"]
ABOVE_THE_LAYERS = ["llk.game.app", "llk.game.cli", "llk.game.screenshots"]
DRAWING = ["arcade", "pyglet", "PIL"]


def rooms_of(layer: str) -> list[Path]:
    return sorted((GAME / layer).rglob("*.py"))


def layers_after(layer: str) -> list[str]:
    after = LAYERS[LAYERS.index(layer) + 1 :]
    return [f"llk.game.{name}" for name in after] + ABOVE_THE_LAYERS


@pytest.mark.parametrize("path", rooms_of("model"), ids=lambda p: p.name)
def test_the_model_knows_no_drawing_and_no_other_game_layer(path: Path) -> None:
    got = reaches(path, *DRAWING, *layers_after("model"))
    assert not got, f"model/{path.name} imports {sorted(got)}"


@pytest.mark.parametrize("path", rooms_of("store"), ids=lambda p: p.name)
def test_the_store_knows_no_drawing_and_only_the_model_besides(path: Path) -> None:
    got = reaches(path, *DRAWING, *layers_after("store"))
    assert not got, f"store/{path.name} imports {sorted(got)}"


@pytest.mark.parametrize("layer", ["board", "views"])
def test_a_layer_never_reaches_the_ones_after_it(layer: str) -> None:
    for path in rooms_of(layer):
        got = reaches(path, *layers_after(layer))
        assert not got, f"{layer}/{path.name} imports {sorted(got)}"


# What opens, writes, lists or removes a file: the store's calls alone. (The package's own
# read-only data is read through game/assets.py.)
FILE_METHODS = {
    "open",
    "read_text",
    "read_bytes",
    "write_text",
    "write_bytes",
    "mkdir",
    "unlink",
    "rmdir",
    "touch",
    "iterdir",
    "rename",
}
FILE_MODULES = {"os", "shutil", "tempfile", "io"}
NOT_FILES = {("os", "environ"), ("os", "getenv"), ("io", "BytesIO"), ("io", "StringIO")}


def file_calls(path: Path) -> list[str]:
    """The calls in `path` that touch a file, as "line: call"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "open":
            found.append(f"{node.lineno}: open(...)")
        elif isinstance(func, ast.Attribute):
            owner = func.value.id if isinstance(func.value, ast.Name) else None
            if owner in FILE_MODULES and (owner, func.attr) not in NOT_FILES:
                found.append(f"{node.lineno}: {owner}.{func.attr}(...)")
            elif func.attr in FILE_METHODS:
                found.append(f"{node.lineno}: .{func.attr}(...)")
    return found


def test_nothing_but_the_store_opens_a_file() -> None:
    readers = {GAME / "assets.py"}
    # The gamepads' `controller.open()` opens pyglet's input device to hear it: no file.
    devices = {GAME / "views" / "gamepad.py"}
    for path in sorted(GAME.rglob("*.py")):
        if "store" in path.relative_to(GAME).parts or path in readers:
            continue
        calls = file_calls(path)
        if path in devices:
            calls = [call for call in calls if not call.endswith(": .open(...)")]
        assert not calls, f"{path.relative_to(PACKAGE)}: {calls}"


def test_the_file_check_sees_the_ways_a_file_is_written(tmp_path: Path) -> None:
    room = tmp_path / "room.py"
    room.write_text(
        "import os, tempfile\n"
        "open('x', 'w')\n"
        "path.write_bytes(b'')\n"
        "os.replace(a, b)\n"
        "tempfile.mkdtemp()\n"
        "os.environ.get('X')\n"
    )
    assert [call.split(":")[0] for call in file_calls(room)] == ["2", "3", "4", "5"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT / "python").with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Each module of python/llk and the modules of python/llk it imports when it runs (lazy
    imports inside functions included; not those for type checkers only). `from pkg import
    mod` is an edge to `pkg.mod` alone: the package itself is already being imported then."""
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    # The compiled core is a module too (its stub names it), though not one of these files.
    modules = set(paths) | {module_name(p) for p in PACKAGE.rglob("*.pyi")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        parts = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        edges = set()
        for node in _nodes(ast.parse(path.read_text(encoding="utf-8")), at_run_time=True):
            if isinstance(node, ast.Import):
                edges.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = parts[: len(parts) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    edges.add(sub if sub in modules else module)
        graph[name] = {e for e in edges if e in paths}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module, or of one importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_anywhere_in_the_package() -> None:
    assert cycles(import_graph()) == []


def test_the_circle_check_sees_a_lazy_circle() -> None:
    graph = import_graph()
    graph["llk.game.model.difficulty"] = {"llk.game.model.config"}  # config imports it
    assert ["llk.game.model.config", "llk.game.model.difficulty"] in cycles(graph)


# One class, one room (issue 37): a class sets every attribute it declares. A class cut across
# files (a mixin that declares its host's fields for the type checker) fails here; a file is
# split where a second object lives, never to meet a line count, so no room has a size cap.
RECORD_BASES = ("Protocol", "TypedDict", "NamedTuple", "Enum", "Exception", "Error")


def hosted_classes(source: str, where: str) -> list[str]:
    """The classes of `source` that declare attributes they never set: a `TYPE_CHECKING`
    block in the class body, or bare annotations with no `__init__`/`__new__` to set them
    (records apart: Protocols, TypedDicts, NamedTuples, Enums, exceptions, dataclasses)."""
    found = []
    for cls in (n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ClassDef)):
        bases = " ".join(ast.unparse(b) for b in cls.bases)
        decorators = " ".join(ast.unparse(d) for d in cls.decorator_list)
        if any(record in bases for record in RECORD_BASES) or "dataclass" in decorators:
            continue
        hosted = any(_is_type_checking(stmt) for stmt in cls.body)
        bare = any(isinstance(s, ast.AnnAssign) and s.value is None for s in cls.body)
        sets = any(
            isinstance(s, ast.FunctionDef) and s.name in ("__init__", "__new__") for s in cls.body
        )
        if hosted or (bare and not sets):
            found.append(f"{where}:{cls.lineno} {cls.name}")
    return found


def test_no_class_declares_attributes_it_does_not_set() -> None:
    found = [
        hosted
        for path in sorted(PACKAGE.rglob("*.py"))
        for hosted in hosted_classes(
            path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE))
        )
    ]
    assert not found, f"classes that declare attributes they never set: {found}"


def test_the_class_check_sees_a_mixin() -> None:
    mixin = "class Commands:\n    game: Game\n    def hint(self):\n        return self.game\n"
    typed = "class Changes:\n    if TYPE_CHECKING:\n        def say(self) -> None: ...\n"
    kept = "class Board:\n    grid: Grid\n    def __init__(self):\n        self.grid = 1\n"
    record = "class Entry(NamedTuple):\n    name: str\n"
    assert hosted_classes(mixin + typed + kept + record, "r.py") == [
        "r.py:1 Commands",
        "r.py:5 Changes",
    ]


# The model decides, the screen shows (issue 37): a screen turns input into a call of the model
# and its outcome into pixels. It never asks a mode's rules itself, nor sets the game's fields.
MODE_RULES = ("allows", "refused", "took_back", "gave_up", "shuffle_cost")


def screen_rules(source: str, where: str) -> list[str]:
    """Where `source` calls a mode's rules (`MODE_RULES`) or assigns to a field of a game (an
    attribute of a name or attribute called `game`), in the order of the lines."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        call = node.func if isinstance(node, ast.Call) else None
        if isinstance(call, ast.Attribute) and call.attr in MODE_RULES:
            found.append((node.lineno, f"{where}:{node.lineno} calls .{call.attr}()"))
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, (ast.AugAssign, ast.AnnAssign))
            else []
        )
        for target in targets:
            if isinstance(target, ast.Attribute):
                owner = target.value
                name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
                if name == "game":
                    found.append((node.lineno, f"{where}:{node.lineno} sets game.{target.attr}"))
    return [said for _line, said in sorted(found)]


def test_no_screen_decides_a_rule_or_sets_the_games_fields() -> None:
    found = [
        rule
        for path in sorted((GAME / "views").glob("*.py"))
        for rule in screen_rules(path.read_text(encoding="utf-8"), path.name)
    ]
    assert not found, f"rules decided on a screen (the model's to answer): {found}"


def test_only_the_game_sets_its_fields() -> None:
    """Only model/game.py assigns a game's fields (a saved game is restored through the
    constructor, a mode's allowances through `Game.allow`): no other room of the game."""
    found = [
        said
        for path in sorted(GAME.rglob("*.py"))
        if path != GAME / "model" / "game.py"
        for said in screen_rules(path.read_text(encoding="utf-8"), str(path.relative_to(GAME)))
        if " sets game." in said
    ]
    assert not found, f"a game's fields set outside model/game.py: {found}"


def test_the_screen_rule_check_sees_a_rule_and_an_assignment() -> None:
    source = (
        "if not self.mode.allows('mirror'):\n    pass\n"
        "self.game.rearranges += 1\n"
        "game.hints_left = 0\n"
        "self.board_view.cursor = None\n"
    )
    assert screen_rules(source, "v.py") == [
        "v.py:1 calls .allows()",
        "v.py:3 sets game.rearranges",
        "v.py:4 sets game.hints_left",
    ]


# The game is a user of llk like any other: it imports llk's public names only (llk.__all__),
# never a module of the engine (llk.solver, llk.codes) nor a private one.


def engine_names(source: str, module: str, public: set[str]) -> list[str]:
    """What `source` (a module of the game) takes from the engine that is not public: an
    import of an engine module other than `llk` itself, a name imported from `llk` or an
    attribute `llk.<name>` not in `public`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module == "llk":
                found += [f"{module}: llk.{a.name}" for a in node.names if a.name not in public]
            elif node.module.startswith("llk.") and not node.module.startswith("llk.game"):
                found.append(f"{module}: {node.module}")
        elif isinstance(node, ast.Import):
            found += [
                f"{module}: {a.name}"
                for a in node.names
                if a.name.startswith("llk.") and not a.name.startswith("llk.game")
            ]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "llk"
            and node.attr not in public | {"game"}
        ):
            found.append(f"{module}: llk.{node.attr}")
    return found


def test_the_game_uses_llks_public_names_only() -> None:
    import llk

    public = set(llk.__all__)
    found = [
        name
        for path in sorted(GAME.rglob("*.py"))
        for name in engine_names(path.read_text(encoding="utf-8"), path.name, public)
    ]
    assert not found, f"the game reaches past llk's public names: {sorted(set(found))}"


def test_the_public_names_check_sees_a_private_reach() -> None:
    source = (
        "import llk\nfrom llk import Board, _input\nfrom llk.solver import BANDS\n"
        "import llk.codes\nx = llk.Path\ny = llk._backend\nfrom llk.game import app\n"
    )
    assert engine_names(source, "m.py", {"Board", "Path"}) == [
        "m.py: llk._input",
        "m.py: llk.solver",
        "m.py: llk.codes",
        "m.py: llk._backend",
    ]


# A function past its size is doing two things (issue 37): split where its parts are separate.
GAME_FUNCTION_MAX = 60


def long_functions(source: str, name: str) -> list[str]:
    """The functions and methods of `source` over GAME_FUNCTION_MAX lines, counted from the
    `def` line to the last (decorators not counted), as "name:line name (n lines)"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > GAME_FUNCTION_MAX:
                found.append(f"{name}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_game_function_is_over_60_lines() -> None:
    long = [
        found
        for path in sorted(GAME.rglob("*.py"))
        for found in long_functions(path.read_text(encoding="utf-8"), str(path.relative_to(GAME)))
    ]
    assert not long, f"over {GAME_FUNCTION_MAX} lines: {', '.join(long)}"


def test_the_function_check_sees_a_long_function() -> None:
    def function(indent: str, name: str, length: int) -> str:
        return f"{indent}def {name}():\n" + f"{indent}    x = 1\n" * (length - 1)

    # 60 lines, a decorator above them (not counted), then a method of 61 lines.
    source = (
        "@decorated\n" + function("", "short", 60) + "class Room:\n" + function("    ", "long", 61)
    )
    assert long_functions(source, "room.py") == ["room.py:63 long (61 lines)"]


# One map: docs/architecture.md names every file of the house, each once, and no file that is
# gone. Its sections are headed by a folder in backticks; their tables name the folder's files.
MAP = ROOT / "docs" / "architecture.md"
MAPPED = [
    (PACKAGE, ("*.py", "*.pyi")),
    (ROOT / "python" / "llk_cli", ("*.py",)),
    (ROOT / "rust" / "src", ("*.rs",)),
    (GAME / "board" / "shaders", ("*.glsl",)),
]


def mapped_files() -> list[str]:
    """The files the map must name, relative to the repository."""
    found = set()
    for folder, patterns in MAPPED:
        for pattern in patterns:
            found.update(str(p.relative_to(ROOT)) for p in folder.rglob(pattern))
    return sorted(found)


def named_in_map(text: str) -> list[str]:
    """The files the map names: each table row's first cell, in its section's folder."""
    named, folder = [], None
    for line in text.splitlines():
        if line.startswith("#"):
            heading = re.match(r"#+ `([^`]+/)`", line)
            folder = heading.group(1) if heading else None  # another section: no folder's
            continue
        row = re.match(r"\| `([^`]+)` \|", line)
        if row and folder is not None:
            named.append(folder + row.group(1))
    return named


def test_the_map_names_every_file_once_and_no_file_that_is_gone() -> None:
    named = named_in_map(MAP.read_text(encoding="utf-8"))
    assert sorted(set(named)) == sorted(named), "a file named twice"
    files = mapped_files()
    assert sorted(set(files) - set(named)) == [], "files the map does not name"
    assert sorted(set(named) - set(files)) == [], "files the map names that are gone"


def test_the_map_check_reads_sections_and_rows() -> None:
    text = (
        "### `rust/src/solve/` (layer: x)\n\n| file | what |\n| --- | --- |\n| `mod.rs` | y |\n"
        "## One history\n\n| entry | args |\n| --- | --- |\n| `remove` | two cells |\n"
    )
    assert named_in_map(text) == ["rust/src/solve/mod.rs"]

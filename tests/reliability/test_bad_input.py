"""Each row of docs/bad-input.md (tests/reliability/cases.py) on each backend: the exception
class and message the table promises, the same on both; `llk` exiting 2 with one line, never a
traceback; a bad game file reported, moved aside, and the game starting clean."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import llk
from llk.game.model.config import GameConfig
from llk.game.model.game import Game
from llk.game.store.settings import Settings
from llk.game.store.storage import Storage
from tests.reliability import cases
from tests.reliability.cases import ApiCase, Case, CliCase, FileCase

ROOT = Path(__file__).resolve().parents[2]


def of(kind: type[Case]) -> list:
    return [pytest.param(c, id=c.id) for c in cases.CASES if isinstance(c, kind)]


@pytest.mark.parametrize("case", of(ApiCase))
def test_api_refuses(backend: str, case: ApiCase, tmp_path: Path) -> None:
    for name, data in cases.LAYOUT_FILES.items():
        (tmp_path / name).write_bytes(data)
    with pytest.raises(BaseException) as caught:
        case.call(backend, tmp_path)
    assert caught.type is case.error, caught.value
    assert case.matches(str(caught.value), dir=str(tmp_path), backend=backend), caught.value


# What the `llk` console script does (pyproject.toml's [project.scripts]).
LLK_COMMAND = 'import sys, llk_cli\nsys.argv[0] = "llk"\nsys.exit(llk_cli.main())\n'


def run_llk(argv: list[str], env: dict[str, str], *, script: str | None = None):
    """`llk ARGV` (or `python -c SCRIPT ARGV`) as a user runs it."""
    command = ["-c", script or LLK_COMMAND]
    return subprocess.run(
        [sys.executable, *command, *argv],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def assert_one_line(done: subprocess.CompletedProcess, case: Case, backend: str, usage=False):
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert usage or len(lines) == 1, done.stderr
    assert case.matches(lines[-1], backend=backend), done.stderr


@pytest.mark.parametrize("case", of(CliCase))
def test_cli_refuses(backend: str, case: CliCase) -> None:
    env = {"LLK_BACKEND": backend}
    env.update((k, v.replace("{backend}", backend)) for k, v in case.env)
    done = run_llk(list(case.argv), env)
    assert_one_line(done, case, backend, usage=case.usage)


@pytest.fixture
def on_backend(backend: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Boards made without naming a backend (a restored game's) use `backend`."""
    monkeypatch.setattr(llk._backend, "BACKEND", backend)
    return backend


LOADERS = {
    "settings.json": (Storage.load_settings, Settings()),
    "scores.json": (Storage.load_scores, {}),
    "saved-game.json": (lambda storage: storage.load_game("free"), None),
}


@pytest.mark.parametrize("case", of(FileCase))
def test_bad_file_is_set_aside(on_backend: str, case: FileCase, tmp_path: Path) -> None:
    (tmp_path / case.file).write_bytes(case.content)
    storage = Storage(tmp_path)
    load, clean = LOADERS[case.file]
    assert load(storage) == clean
    assert len(storage.problems) == 1 and case.matches(storage.problems[0]), storage.problems
    assert (tmp_path / f"{case.file}.corrupt-1").read_bytes() == case.content
    assert not (tmp_path / case.file).exists()
    # The game starts clean: nothing more to report, and the next write is read back.
    assert load(Storage(tmp_path)) == clean
    if case.file == "saved-game.json":
        game = Game(GameConfig(rows=4, cols=4, kinds=2))
        storage.save_game(game.to_save())
        restored = Game.from_save(Storage(tmp_path).load_game("free"))
        assert restored.board == game.board and restored.board.backend == on_backend
    elif case.file == "scores.json":
        assert storage.add_score("4x4", {"score": 10, "seconds": 3.5}) == 1
        assert Storage(tmp_path).load_scores() == {"4x4": [{"score": 10, "seconds": 3.5}]}
    else:
        storage.save_settings(Settings(sound=False))
        assert Storage(tmp_path).load_settings() == Settings(sound=False)
    assert storage.problems == [storage.problems[0]]


SPECIAL = {c.id: c for c in cases.SPECIAL}


def special(case_id: str):
    return pytest.mark.parametrize("case", [pytest.param(SPECIAL[case_id], id=case_id)])


@special("save-kind")
def test_saved_game_with_a_bad_kind(on_backend: str, case: Case, tmp_path: Path) -> None:
    # Well-formed JSON with a kind no board can hold: the engine refuses it when the game is
    # restored, and the menu shows that message ("the saved game could not be restored: ...").
    game = Game(GameConfig(rows=2, cols=2, kinds=1))
    saved = {**game.to_save(), "code": None, "grid": [[70000, 1], [1, 1]]}
    Storage(tmp_path).save_game(saved)
    data = Storage(tmp_path).load_game("free")
    assert data == saved
    with pytest.raises(llk.BoardError) as caught:
        Game.from_save(data)
    assert case.matches(str(caught.value)), caught.value


@special("env-data-dir")
def test_data_dir_that_is_a_file(backend: str, case: Case, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a directory")
    code = (
        "from llk.game.store.storage import Storage\nfrom llk.game.store.settings import Settings\n"
        "s = Storage()\n"
        "assert s.load_settings() == Settings() and s.load_scores() == {}\n"
        "assert s.load_game('free') is None\n"
        "s.save_settings(Settings())\n"
        "print(s.problems[0]); print(len(s.problems))\n"
    )
    env = {"LLK_BACKEND": backend, "LLK_DATA_DIR": str(tmp_path / "file")}
    done = run_llk([], env, script=code)
    assert done.returncode == 0, done.stderr
    first, count = done.stdout.splitlines()
    assert case.matches(first, dir=str(tmp_path)), first
    assert count == "4"  # three reads and one write, each noted; nothing raised


# Makes `import llk._core` fail, as on a machine where the extension was never built.
WITHOUT_EXTENSION = """
import runpy, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "llk._core":
            raise ImportError("not built")
sys.meta_path.insert(0, Block())
"""
RUN_LLK = LLK_COMMAND


@special("env-no-extension")
def test_env_rust_without_the_extension(backend: str, case: Case) -> None:
    env = {"LLK_BACKEND": backend}
    done = run_llk(["--version"], env, script=WITHOUT_EXTENSION + RUN_LLK)
    if backend == "rust":
        assert_one_line(done, case, backend)
        # A program importing llk gets the ImportError itself.
        imported = run_llk([], env, script=WITHOUT_EXTENSION + "import llk\n")
        assert imported.stderr.splitlines()[-1] == "ImportError: " + case.message.removeprefix(
            "llk: error: "
        )
    else:
        # The Python backend needs nothing built.
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"llk {llk.__version__} (python backend)"


def test_python_dash_m_llk_says_a_bad_backend_in_one_line() -> None:
    # `python -m llk` imports the package before any of the command's code runs, so Python's
    # runpy reports the refusal: one line naming it, exit status 1, no traceback.
    done = subprocess.run(
        [sys.executable, "-m", "llk", "--version"],
        env={**os.environ, "LLK_BACKEND": "bogus"},
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    refused = "LLK_BACKEND must be 'auto', 'rust' or 'python', not 'bogus'"
    assert line.endswith(f"(ImportError: {refused})")


def test_the_table_in_the_docs_is_up_to_date() -> None:
    doc = (ROOT / "docs" / "bad-input.md").read_text(encoding="utf-8")
    assert cases.table() in doc, "regenerate it: python -m tests.reliability.cases"


def test_every_row_names_a_test_that_exists() -> None:
    names = {n for n in globals() if n.startswith("test_")}
    assert {c.test for c in cases.ALL} <= names
    assert len({c.id for c in cases.ALL}) == len(cases.ALL) >= 40

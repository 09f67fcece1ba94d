"""The game in Simplified Chinese (issue 28, item 4): every word a player reads goes through the
catalog, the zh_CN catalog translates every one of them, and the compiled catalog the wheels
carry is its .po compiled.

- The source's words (scripts/make_catalogs.py extracts the arguments of `_`, `N_`, `ngettext`)
  are exactly the .po's: none missing, none left over.
- Every message of zh_CN has a translation, none fuzzy, with the same {placeholders}.
- The committed .mo says what the .po says (compiled again here, with Babel).
- No string literal reaches a drawing call without the catalog: an AST walk of the game's screens,
  its model and `llk play`'s options, with a short allow-list of words that are not language.
"""

from __future__ import annotations

import ast
import gettext
import importlib.util
import io
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("babel")

from llk.game import i18n

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "python" / "llk" / "game"


@pytest.fixture(scope="module")
def make_catalogs():
    path = ROOT / "scripts" / "make_catalogs.py"
    spec = importlib.util.spec_from_file_location("make_catalogs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def zh_cn(make_catalogs):
    return make_catalogs.read("zh_CN")


def ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


def test_the_catalog_has_every_word_of_the_source_and_no_other(make_catalogs, zh_cn):
    source = ids(make_catalogs.extract())
    assert len(source) > 200
    assert sorted(map(str, source - ids(zh_cn))) == [], "run scripts/make_catalogs.py"
    assert sorted(map(str, ids(zh_cn) - source)) == [], "run scripts/make_catalogs.py"


PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def test_zh_cn_translates_every_message_with_its_placeholders(zh_cn):
    assert not zh_cn.fuzzy
    for message in zh_cn:
        if not message.id:
            continue
        singular = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert strings and all(strings), f"untranslated: {singular!r}"
        assert not message.fuzzy, f"fuzzy: {singular!r}"
        for string in strings:
            assert sorted(PLACEHOLDER.findall(string)) == sorted(PLACEHOLDER.findall(singular)), (
                singular,
                string,
            )
            # Chinese, not the English left in place (a key's name or a code may stay; a
            # message of placeholders alone has no words, only its punctuation to translate).
            worded = re.search("[A-Za-z]{2}", PLACEHOLDER.sub("", singular))
            chinese = re.search("[\u4e00-\u9fff]", string)
            assert not worded or chinese, f"not Chinese: {singular!r} -> {string!r}"


def test_the_committed_mo_is_the_po_compiled(make_catalogs, zh_cn):
    compiled = gettext.GNUTranslations(io.BytesIO(make_catalogs.mo_bytes(zh_cn)))
    committed = i18n.catalog("zh_CN")
    assert committed._catalog == compiled._catalog  # type: ignore[attr-defined]


def test_the_language_comes_from_the_settings_or_the_system():
    assert i18n.system_language({"LANG": "zh_CN.UTF-8"}) == "zh_CN"
    assert i18n.system_language({"LC_ALL": "zh_SG.UTF-8", "LANG": "en_GB.UTF-8"}) == "zh_CN"
    assert i18n.system_language({"LC_MESSAGES": "de_DE.UTF-8", "LANG": "zh_CN.UTF-8"}) == "en"
    assert i18n.system_language({"LANGUAGE": "zh_CN:en", "LANG": "C"}) == "zh_CN"
    assert i18n.system_language({}) == "en"
    assert i18n.resolve("en", {"LANG": "zh_CN.UTF-8"}) == "en"
    assert i18n.resolve("auto", {"LANG": "zh_CN.UTF-8"}) == "zh_CN"
    assert i18n.resolve("zh_CN", {"LANG": "C"}) == "zh_CN"
    before = i18n.language()
    try:
        i18n.use("zh_CN")
        assert i18n._("Paused") == "暂停" and i18n._("New game") == "新游戏"
        i18n.use("en")
        assert i18n._("Paused") == "Paused"
    finally:
        i18n.use(before)


# Calls whose first argument (or `reason=`, `help=`, `description=`) a player reads.
SINKS = {
    "draw_label", "label", "draw_fitted", "fitted", "draw_keys", "Row", "Line", "say", "ask",
    "_confirmed", "Task", "run_task", "QuestionView", "finish", "Text", "_place", "Notice",
    "Question", "Work", "_work", "add_parser", "add_argument", "BoardError",
}  # fmt: skip
READ_KEYWORDS = {"reason", "help", "description", "question", "text", "label", "said"}
# Names assigned words a player reads (module constants, class attributes, fields).
READ_NAMES = re.compile(r"^(title|SUBTITLE|KEYS|.*_NOTE|message|error|question|reason|notice)$")
# Words that are not English: the game's name, units and debugging aids (file, words).
ALLOWED = {
    ("views/menu.py", "llk"),  # the game's name
    ("views/hud.py", "frame median {…} ms  p95 {…} ms"),  # F: the developers' frame times
    # `llk play`'s own refusals are the engine's kind of message: BoardError words, in English.
    ("cli.py", "--size must be ROWSxCOLS or a preset, not {…}"),
    ("cli.py", "the game has {…} tile faces: --kinds must be in 1..{…}"),
    ("cli.py", "--journey: the journey has levels 1 to {…}, not {…}"),
    ("cli.py", "--journey: level {…} is locked; clear level {…}"),
    ("cli.py", "--daily takes a date as YYYY-MM-DD, not {…}"),
}
CHECKED = ["views", "model", "board", "app.py", "cli.py"]


def english(node: ast.AST | None) -> list[str]:
    """The words of `node` a player would read untranslated: string literals with letters, and
    f-strings, outside a call of the catalog (`_`, `N_`, `ngettext`)."""
    if node is None:
        return []
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in ("_", "N_", "ngettext"):
            return []
        if name == "format" and isinstance(func, ast.Attribute):
            return english(func.value)
        if name == "join" and isinstance(func, ast.Attribute):
            return [w for arg in node.args for w in english(arg)]
        return []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if re.search("[A-Za-z]{2}", node.value) else []
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value if isinstance(v, ast.Constant) else "{…}" for v in node.values)
        return [text] if re.search("[A-Za-z]{2}", text) else []
    if isinstance(node, ast.BinOp):
        return english(node.left) + english(node.right)
    if isinstance(node, ast.IfExp):
        return english(node.body) + english(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [w for v in node.values for w in english(v)]
    return []


def untranslated(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in SINKS:
                # An option's or a command's name is no word to translate: their help is.
                first = [] if name in ("add_argument", "add_parser") else node.args[:1]
                read = first + [k.value for k in node.keywords if k.arg in READ_KEYWORDS]
                found += [(node.lineno, w) for arg in read for w in english(arg)]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
                if READ_NAMES.match(name):
                    found += [(node.lineno, w) for w in english(node.value)]
    return sorted(found)


def checked_files() -> list[Path]:
    files = []
    for part in CHECKED:
        path = GAME / part
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


@pytest.mark.parametrize("path", checked_files(), ids=lambda p: p.relative_to(GAME).as_posix())
def test_every_word_a_player_reads_goes_through_the_catalog(path):
    room = path.relative_to(GAME).as_posix()
    words = [(line, w) for line, w in untranslated(path) if (room, w) not in ALLOWED]
    assert words == [], f"{room}: words drawn without the catalog (i18n._ or N_)"


def test_the_check_sees_a_word_drawn_without_the_catalog(tmp_path):
    room = tmp_path / "room.py"
    room.write_text(
        "draw_label('Game over', 0, 0)\n"
        "draw_label(_('Game over'), 0, 0)\n"
        "self.say(f'{n} tiles left')\n"
        "self.say(_('{n} tiles left').format(n=n))\n"
        "Row(N_('Sound'))\n"
        "title = 'Cleared!' if won else _('Lost')\n"
        "draw_label(str(n), 0, 0)\n"
        "draw_keys('-', 0, 0)\n"
    )
    assert untranslated(room) == [(1, "Game over"), (3, "{…} tiles left"), (6, "Cleared!")]


def catalog_calls(source: str) -> list[tuple[int, str | tuple[str, str]]]:
    """Every word the source hands the catalog as a literal (`_`, `N_`, `ngettext`), wherever
    the call is: inside an f-string too, where Babel does not look."""
    found: list[tuple[int, str | tuple[str, str]]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        words = [a.value for a in node.args if isinstance(a, ast.Constant)]
        if node.func.id in ("_", "N_") and words and isinstance(words[0], str):
            found.append((node.lineno, words[0]))
        elif node.func.id == "ngettext" and len(words) >= 2:
            found.append((node.lineno, (words[0], words[1])))
    return sorted(found, key=lambda found: found[0])


def test_every_word_handed_to_the_catalog_is_in_it(make_catalogs):
    source = ids(make_catalogs.extract())
    missed = [
        (path.relative_to(GAME).as_posix(), line, word)
        for path in sorted(GAME.rglob("*.py"))
        for line, word in catalog_calls(path.read_text(encoding="utf-8"))
        if word not in source
    ]
    assert missed == [], "a word Babel cannot extract: take the call out of the f-string"


def test_the_check_sees_a_call_of_the_catalog_inside_an_f_string():
    source = "header = f\"{_('Name')} {x}\"\nn = ngettext('a tile', 'tiles', k)\n"
    assert catalog_calls(source) == [(1, "Name"), (2, ("a tile", "tiles"))]


def test_llk_play_help_speaks_the_systems_language():
    import os
    import subprocess

    def help_in(lang: str) -> str:
        env = {**os.environ, "LANG": lang, "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""}
        code = "import llk.cli; llk.cli.main(['play', '--help'])"
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
        )
        return done.stdout

    chinese, english_help = help_in("zh_CN.UTF-8"), help_in("C.UTF-8")
    assert "用法" in chinese and "显示此帮助信息并退出" in chinese and "--tiles" in chinese
    assert "牌面" in chinese and "usage:" not in chinese
    assert "usage:" in english_help and "show this help message and exit" in english_help
    assert not re.search("[\u4e00-\u9fff]", english_help)

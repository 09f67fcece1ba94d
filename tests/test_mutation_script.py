"""scripts/mutation without a mutation run: which files --changed picks, how the tools' outputs
are counted and scored, and the caps CI relies on (docs/testing.md)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "mutation"


def load():
    loader = importlib.machinery.SourceFileLoader("llk_mutation_script", str(SCRIPT))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[loader.name] = module  # dataclasses look their module up
    loader.exec_module(module)
    return module


mutation = load()
# The script's rooms, which it puts on sys.path.
import mutation_areas as areas  # noqa: E402
import mutation_results as results  # noqa: E402
import mutation_tools as tools  # noqa: E402


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A repository with main and a branch that touches one file of each area, and a README."""
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "config", "user.email", "t@example.invalid")
    git(tmp_path, "config", "user.name", "t")
    files = [
        "python/llk/_pycore/path.py",
        "python/llk/engine.py",
        "python/llk/game/model/score.py",
        "python/llk/game/views/menu.py",
        "rust/src/path.rs",
        "README.md",
    ]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("one\n")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-q", "-m", "base")
    git(tmp_path, "checkout", "-q", "-b", "work")
    for name in ("python/llk/_pycore/path.py", "python/llk/game/views/menu.py", "README.md"):
        (tmp_path / name).write_text("two\n")
    git(tmp_path, "commit", "-q", "-am", "change")
    monkeypatch.setattr(mutation, "REPO", tmp_path)
    return tmp_path


def test_changed_picks_the_files_the_diff_touches_committed_or_not(repo):
    (repo / "rust/src/path.rs").write_text("uncommitted\n")
    assert mutation.changed_files("main") == [
        "README.md",
        "python/llk/_pycore/path.py",
        "python/llk/game/views/menu.py",
        "rust/src/path.rs",
    ]


def test_changed_runs_only_the_areas_whose_files_changed(repo):
    areas, files = mutation.plan(mutation.parse_args(["--changed", "main"]))
    # The game's views are not an area's: only the engine's cores are left.
    assert [a.name for a in areas] == ["engine-python"]
    assert files["engine-python"] == ["python/llk/_pycore/path.py"]
    (repo / "rust/src/path.rs").write_text("uncommitted\n")
    (repo / "python/llk/game/model/score.py").write_text("three\n")
    areas, files = mutation.plan(mutation.parse_args(["--changed", "main"]))
    assert [a.name for a in areas] == ["engine-rust", "engine-python", "game"]
    assert files["engine-rust"] == ["rust/src/path.rs"]
    assert files["game"] == ["python/llk/game/model/score.py"]


def test_changed_with_nothing_to_mutate_writes_an_empty_report_and_passes(repo, tmp_path_factory):
    git(repo, "checkout", "-q", "main")
    out = tmp_path_factory.mktemp("report")
    assert mutation.main(["--changed", "main", "--out", str(out)]) == 0
    assert json.loads((out / "report.json").read_text())["areas"] == []


MUTMUT_RESULTS = """\
    llk._pycore.history.x_undo__mutmut_1: killed
    llk._pycore.history.x_undo__mutmut_2: survived
    llk._pycore.history.x_redo__mutmut_1: timeout
    llk._pycore.history.x_redo__mutmut_2: no tests
    llk._pycore.history.x_redo__mutmut_3: not checked
    llk._pycore.history.x_redo__mutmut_4: caught by type check
    llk._pycore.history.x_redo__mutmut_5: killed
"""


def test_mutmut_results_are_counted_and_scored():
    r = results.parse_mutmut_results(MUTMUT_RESULTS, results.AreaResult("engine-python", "mutmut"))
    assert (r.caught, r.missed, r.timeouts, r.unviable, r.not_run) == (3, 2, 1, 0, 1)
    assert r.mutants == 7
    # Caught and timeouts over what ran: (3 + 1) / (3 + 2 + 1); "not checked" is left out.
    assert r.score == pytest.approx(4 / 6)
    assert r.survivors == [
        "llk._pycore.history.x_undo__mutmut_2 (survived)",
        "llk._pycore.history.x_redo__mutmut_2 (no tests)",
    ]
    assert results.percent(r.score) == "66.7%"


def mutant(name: str, summary: str) -> dict:
    return {"scenario": {"Mutant": {"name": name}}, "summary": summary}


def test_cargo_mutants_outcomes_are_counted_and_scored_and_timed():
    outcomes = {
        "total_mutants": 7,
        "start_time": "2026-12-03T10:46:04.077189481Z",
        "end_time": "2026-12-03T11:06:40.924291714Z",
        "outcomes": [
            {"scenario": "Baseline", "summary": "Success"},
            mutant("a.rs:1:1: replace f with 0", "CaughtMutant"),
            mutant("a.rs:2:1: replace < with <=", "MissedMutant"),
            mutant("a.rs:3:1: replace g with ()", "Timeout"),
            mutant("a.rs:4:1: replace h with 1", "Unviable"),
            mutant("a.rs:5:1: replace + with -", "CaughtMutant"),
        ],
    }
    r = results.parse_cargo_mutants(outcomes, results.AreaResult("engine-rust", "cargo-mutants"))
    # Two of the seven never ran (the run was stopped): not run, and out of the score.
    assert (r.caught, r.missed, r.timeouts, r.unviable, r.not_run) == (2, 1, 1, 1, 2)
    assert r.score == pytest.approx(3 / 4)
    assert r.survivors == ["a.rs:2:1: replace < with <="]
    assert r.seconds == pytest.approx(1236.8, abs=0.1)
    assert results.AreaResult("x", "y").score is None


def run_of(start: str, end: str, *verdicts: tuple[str, str]) -> dict:
    return {
        "start_time": start,
        "end_time": end,
        "outcomes": [{"scenario": "Baseline"}, *(mutant(n, v) for n, v in verdicts)],
    }


def write_outcomes(work: Path, outcomes: dict) -> None:
    (work / "mutants.out").mkdir(parents=True, exist_ok=True)
    (work / "mutants.out" / "outcomes.json").write_text(json.dumps(outcomes))


def test_iterate_runs_again_only_the_unsettled_mutants_and_counts_each_by_its_latest_verdict(
    tmp_path, monkeypatch
):
    """--iterate: a shard's first run caught a, missed b and c, timed out on d and never reached
    e and f; a test is added; the second run takes b, c, e and f only (a caught or timed-out
    mutant stays so), catches b and is stopped before f; the report counts each mutant of the
    shard by its latest verdict (f not run), the two runs' times added."""
    work = tmp_path / "shard-0-of-60"
    shard = ["a", "b", "c", "d", "e", "f"]
    names = {n: f"x.rs:{i}:1: replace {n}() -> u8 with 0" for i, n in enumerate(shard)}
    first = run_of(
        "2026-12-03T10:00:00Z",
        "2026-12-03T10:10:00Z",
        *(
            (names[n], v)
            for n, v in zip(
                "abcd", ("CaughtMutant", "MissedMutant", "MissedMutant", "Timeout"), strict=True
            )
        ),
    )
    write_outcomes(work, first)
    commands = []

    def fake_run(cmd, env, cwd, log, limit):
        commands.append(cmd)
        second = run_of(
            "2026-12-03T11:00:00Z",
            "2026-12-03T11:05:00Z",
            (names["b"], "CaughtMutant"),
            (names["c"], "MissedMutant"),
            (names["e"], "Unviable"),
        )
        write_outcomes(work, second)
        return 2

    monkeypatch.setattr(tools.shutil, "which", lambda name: "/bin/" + name)
    monkeypatch.setattr(tools, "list_mutants", lambda base: [names[n] for n in shard])
    monkeypatch.setattr(tools, "run_capped", fake_run)
    r = tools.run_cargo_mutants(work, None, "0/60", None, 1, [], None, iterate=True)
    (cmd,) = commands
    assert "--shard" not in cmd  # the names choose, not the shard
    pattern = re.compile(cmd[cmd.index("--re") + 1])
    assert sorted(n for n in names if pattern.search(names[n])) == ["b", "c", "e", "f"]
    assert not pattern.search(names["b"] + "x") and not pattern.search("y" + names["c"])
    assert (r.caught, r.missed, r.timeouts, r.unviable, r.not_run) == (2, 1, 1, 1, 1)
    assert r.survivors == [names["c"]]
    assert r.seconds == 900
    # Another test catches c; the shard has lost d (its line moved): only c runs, and d is
    # no longer counted.
    monkeypatch.setattr(tools, "list_mutants", lambda base: [names[n] for n in "abce"])

    def third_run(cmd, env, cwd, log, limit):
        commands.append(cmd)
        write_outcomes(
            work,
            run_of("2026-12-03T12:00:00Z", "2026-12-03T12:01:00Z", (names["c"], "CaughtMutant")),
        )
        return 0

    monkeypatch.setattr(tools, "run_capped", third_run)
    again = tools.run_cargo_mutants(work, None, "0/60", None, 1, [], None, iterate=True)
    pattern = re.compile(commands[-1][commands[-1].index("--re") + 1])
    assert [n for n in names if pattern.search(names[n])] == ["c"]
    assert (again.caught, again.missed, again.timeouts, again.unviable, again.mutants) == (
        3,
        0,
        0,
        1,
        4,
    )
    assert again.seconds == 960 == tools.collect_cargo_mutants(work).seconds  # each run once
    # With nothing left to run, --iterate runs nothing and counts each run's time once.
    settled = tools.run_cargo_mutants(work, None, "0/60", None, 1, [], None, iterate=True)
    assert (
        len(commands) == 2 and settled.seconds == 960 == tools.collect_cargo_mutants(work).seconds
    )
    assert settled.sample == again.sample == "shard 0/60 (round-robin)"  # run or not
    # A run without --iterate judges every mutant afresh: the kept verdicts go.
    monkeypatch.setattr(tools, "run_capped", lambda *a: write_outcomes(work, first) or 2)
    alone = tools.run_cargo_mutants(work, None, "0/60", None, 1, [], None)
    assert (alone.caught, alone.missed, alone.timeouts, alone.seconds) == (1, 2, 1, 600)
    assert not (work / "verdicts.json").exists()


def test_the_report_gives_each_area_its_figures(tmp_path):
    """The raw score first, survivors counted as survivors, as the tools do; then the equivalent
    survivors (those accepted.txt lists) and the score without them, as the mutation literature
    does; each survivor with its verdict: accepted.txt's reason, or a gap in the tests."""
    r = results.parse_mutmut_results(MUTMUT_RESULTS, results.AreaResult("game", "mutmut"))
    r.seconds = 90
    accepted = {"llk._pycore.history.x_redo__mutmut_2": "no caller reads it", "unrelated": "-"}
    results.mark_equivalent([r], accepted)
    results.write_report([r], tmp_path, "a test")
    saved = json.loads((tmp_path / "report.json").read_text())["areas"][0]
    assert (saved["mutants"], saved["caught"], saved["missed"], saved["equivalent"]) == (7, 3, 2, 1)
    assert (saved["score"], saved["raw_score"]) == (0.8, 0.6667)  # 4 of 5; 4 of 6
    assert saved["reasons"] == {"llk._pycore.history.x_redo__mutmut_2": "no caller reads it"}
    md = (tmp_path / "report.md").read_text()
    assert "| game | mutmut | 7 | 4 | 2 | 66.7% | 1 | 80.0% | 0 | 1 | - | - | 1.5 min |" in md
    assert md.index("raw score") < md.index("| score |")
    assert (
        "- `llk._pycore.history.x_undo__mutmut_2 (survived)`: not equivalent: a gap in the tests"
        in md
    )
    assert (
        "- `llk._pycore.history.x_redo__mutmut_2 (no tests)`: equivalent: no caller reads it" in md
    )
    r.equivalent = r.missed + r.caught + r.timeouts  # nothing left that could be caught
    assert r.score is None and r.raw_score == pytest.approx(4 / 6)


def test_the_report_gives_the_samples_share_of_the_whole():
    r = results.AreaResult("engine-rust", "cargo-mutants", caught=30, missed=5, not_run=2)
    r.modules_in_area, r.mutants_in_area, r.modules_sampled, r.mutants_in_sampled = (
        40,
        3015,
        12,
        1103,
    )
    row = results.markdown([r], "t").splitlines()[4]
    assert row.endswith("| 12 of 40 | 37 of 3015 | 0.0 min |")


def test_ci_fails_only_on_survivors_not_accepted(tmp_path):
    r = results.parse_mutmut_results(MUTMUT_RESULTS, results.AreaResult("engine-python", "mutmut"))
    accepted = tmp_path / "accepted.txt"
    accepted.write_text(
        "# equivalent: ...\nllk._pycore.history.x_undo__mutmut_2  # the same answer\n"
    )
    assert results.unaccepted([r], results.read_accepted(accepted)) == [
        "llk._pycore.history.x_redo__mutmut_2 (no tests)"
    ]
    assert results.read_accepted(tmp_path / "missing.txt") == {}


def test_a_mutant_is_accepted_as_equivalent_only_with_a_reason(tmp_path):
    accepted = tmp_path / "accepted.txt"
    accepted.write_text("# comment\n\na.b.x_f__mutmut_1  # the same answer\na.b.x_g__mutmut_2\n")
    with pytest.raises(
        ValueError, match=r"accepted.txt:4: 'a.b.x_g__mutmut_2' .* without a reason"
    ):
        results.read_accepted(accepted)
    accepted.write_text("a.b.x_g__mutmut_2  #   \n")
    with pytest.raises(ValueError, match="without a reason"):
        results.read_accepted(accepted)
    assert all(results.read_accepted().values())  # the committed list: a reason on each line


def test_a_rust_survivor_is_accepted_by_its_whole_name_parentheses_and_all():
    """cargo-mutants' names may hold " (" (a function returning a tuple): only a mutmut
    survivor's status is taken off before the name is looked up in accepted.txt."""
    tuple_fn = "rust/src/g.rs:9:5: replace Segment::bits -> (usize, usize) with (1, 1)"
    other = "rust/src/g.rs:12:5: replace Segment::len -> usize with 1"
    r = results.AreaResult("engine-rust", "cargo-mutants", missed=2, survivors=[tuple_fn, other])
    results.mark_equivalent([r], {tuple_fn: "why"})
    assert r.equivalent == 1 and r.reasons == {tuple_fn: "why"}
    assert results.unaccepted([r], {tuple_fn: "why"}) == [other]
    assert results.mutant_name("llk.x.f__mutmut_3 (survived)") == "llk.x.f__mutmut_3"


def test_the_games_survivors_are_reported_but_do_not_fail_ci(tmp_path):
    # The game's mutants are judged without the window's tests, which catch many of them.
    game = results.parse_mutmut_results(MUTMUT_RESULTS, results.AreaResult("game", "mutmut"))
    engine = results.parse_mutmut_results(
        MUTMUT_RESULTS, results.AreaResult("engine-python", "mutmut")
    )
    assert game.survivors and results.unaccepted([game], {}) == []
    assert results.unaccepted([game, engine], {}) == engine.survivors


def test_the_mutant_cap_is_a_round_robin_shard_of_at_most_n():
    assert tools.shard_for_cap(70, None) is None
    assert tools.shard_for_cap(20, 20) is None
    assert tools.shard_for_cap(21, 20) == "0/2"
    assert tools.shard_for_cap(70, 20) == "0/4"  # 18 mutants
    args = tools.cargo_mutants_args(Path("d.diff"), "0/4", 2, [])
    assert args[args.index("--shard") + 1] == "0/4"
    assert args[args.index("--in-diff") + 1] == "d.diff"
    assert "round-robin" in args


def test_the_time_limit_stops_a_run_and_keeps_its_log(tmp_path):
    """At its time limit a run is interrupted as Ctrl-C would (the tools keep what they had
    finished): the child, asleep for a minute, gets a KeyboardInterrupt, not a kill a minute
    later; the log keeps its output and says why it stopped."""
    log = tmp_path / "log.txt"
    cmd = [sys.executable, "-c", "print('started', flush=True); import time; time.sleep(60)"]
    assert tools.run_capped(cmd, {}, tmp_path, log, 3.0) == 0
    text = log.read_text()
    assert "started" in text and "KeyboardInterrupt" in text
    assert "the time limit, 3 s, stopped the run" in text


def test_a_run_within_its_time_gives_its_exit_code(tmp_path):
    cmd = [sys.executable, "-c", "raise SystemExit(3)"]
    assert tools.run_capped(cmd, {}, tmp_path, tmp_path / "log.txt", 30.0) == 3


def test_each_area_mutates_its_own_files_only():
    known = areas.AREAS
    assert known["engine-python"].owns("python/llk/_pycore/path.py")
    assert known["engine-python"].owns("python/llk/engine.py")
    assert not known["engine-python"].owns("python/llk/game/model/score.py")
    assert known["game"].owns("python/llk/game/store/saves.py")
    assert not known["game"].owns("python/llk/game/views/menu.py")
    assert known["engine-rust"].owns("rust/src/solve/dive.rs")
    assert not known["engine-rust"].owns("rust/benches/core.rs")


def test_the_sample_is_every_kth_mutant_of_the_sampled_files_by_name():
    names = ["llk.engine.xǁBoardǁpath__mutmut_1", "llk._pycore.pathology.x_f__mutmut_1"]
    names += [f"llk._pycore.path.x_f__mutmut_{i}" for i in (7, 3, 1, 5, 2, 6, 4)]
    names += ["llk._pycore.rng.x_g__mutmut_1"]  # as mutmut lists them: in no order of ours
    files = ["python/llk/_pycore/path.py", "python/llk/engine.py"]
    chosen = tools.chosen_sample(names, files, 3)
    # Sorted: path's 1..7, then engine's one ("_" before "e"); every third from the first.
    assert chosen == [
        "llk._pycore.path.x_f__mutmut_1",
        "llk._pycore.path.x_f__mutmut_4",
        "llk._pycore.path.x_f__mutmut_7",
    ]
    assert tools.mutmut_module("llk.engine.xǁBoardǁpath__mutmut_1") == "llk.engine"
    assert tools.mutmut_module("llk._pycore.path.x__ray__mutmut_2") == "llk._pycore.path"
    assert tools.module_of("python/llk/game/store/saves.py") == "llk.game.store.saves"


def test_a_mutmut_samples_result_counts_the_chosen_mutants_and_the_share(tmp_path, monkeypatch):
    statuses = {
        "llk._pycore.path.x_f__mutmut_1": "killed",
        "llk._pycore.path.x_f__mutmut_2": "survived",
        "llk._pycore.path.x_f__mutmut_3": "not checked",
        "llk._pycore.scan.x_g__mutmut_1": "killed",
        "llk._pycore.rng.x_h__mutmut_1": "not checked",
    }
    monkeypatch.setattr(tools, "mutmut_statuses", lambda work: statuses)
    (tmp_path / tools.SAMPLE).write_text(
        "llk._pycore.path.x_f__mutmut_2\nllk._pycore.scan.x_g__mutmut_1\n"
    )
    area = areas.Area(
        "engine-python",
        "mutmut",
        (),
        sample=("python/llk/_pycore/path.py", "python/llk/_pycore/scan.py"),
        sample_every=2,
    )
    r = tools.collect_mutmut_sample(area, tmp_path)
    assert (r.mutants, r.caught, r.missed, r.not_run) == (2, 1, 1, 0)
    assert (r.modules_sampled, r.modules_in_area) == (2, 3)
    assert (r.mutants_in_sampled, r.mutants_in_area) == (4, 5)
    assert r.sample == "every 2nd mutant of the files below, by name"
    assert [tools.ordinal(n) for n in (1, 3, 11, 12, 20, 21, 30)] == [
        "1st",
        "3rd",
        "11th",
        "12th",
        "20th",
        "21st",
        "30th",
    ]


def test_a_mutmut_sample_stopped_before_its_stats_counts_its_chosen_as_not_run(
    tmp_path, monkeypatch
):
    statuses = {f"llk._pycore.path.x_f__mutmut_{i}": "not checked" for i in range(1, 6)}
    statuses["llk._pycore.rng.x_h__mutmut_1"] = "not checked"
    monkeypatch.setattr(tools, "mutmut_statuses", lambda work: statuses)
    area = areas.Area(
        "engine-python", "mutmut", (), sample=("python/llk/_pycore/path.py",), sample_every=2
    )
    r = tools.collect_mutmut_sample(area, tmp_path)  # no sample.txt: nothing was chosen to run
    assert (r.mutants, r.not_run, r.caught + r.missed) == (3, 3, 0)
    assert r.raw_score is None and (r.mutants_in_sampled, r.mutants_in_area) == (5, 6)


def test_the_sample_holds_the_modules_issue_38_names():
    sample = {name: set(area.sample) for name, area in areas.AREAS.items()}
    assert {f"python/llk/_pycore/{m}.py" for m in ("path", "scan", "near", "board")} | {
        "python/llk/engine.py"
    } <= sample["engine-python"]
    assert {
        "python/llk/game/model/game.py",
        "python/llk/game/model/saved.py",
        "python/llk/game/store/saves.py",
    } <= sample["game"]
    assert {"rust/src/path.rs", "rust/src/board.rs", "rust/src/scan/**/*.rs"} <= sample[
        "engine-rust"
    ]


def test_copies_mutmut_would_keep_stale_are_dropped_and_mutants_kept(tmp_path):
    """mutmut never copies a file again once its copy exists: a rebuilt extension or an edited
    module the run does not mutate would be tested as it was (the game's sample once ran on the
    engine and model of hours before). The stale copies go; the mutant and mutmut's files stay."""
    source, copies = tmp_path / "python", tmp_path / "mutants" / "src"
    for root, names in ((source, ("llk/a.py", "llk/_core.so", "llk/m.py")), (copies, ())):
        for name in names:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text("new\n")
    shutil.copytree(source, copies)
    (source / "llk" / "_core.so").write_text("rebuilt\n")
    (copies / "llk" / "m.py").write_text("mutated\n")
    for name in ("llk/m.py.meta", "llk/gone.py"):
        (copies / name).write_text("{}\n")
    removed = tools.drop_stale_copies(copies, source, lambda rel: rel == "llk/m.py")
    assert sorted(p.relative_to(copies).as_posix() for p in removed) == [
        "llk/_core.so",
        "llk/gone.py",
    ]
    assert sorted(p.relative_to(copies).as_posix() for p in copies.rglob("*.*")) == [
        "llk/a.py",
        "llk/m.py",
        "llk/m.py.meta",
    ]


REPORT = Path(__file__).resolve().parents[1] / "docs" / "results" / "mutation"


def test_the_committed_report_is_the_scripts_writing_and_the_docs_include_it():
    """docs/testing.md's figures are report.md, which is what the script writes from the counts
    in report.json (nothing typed by hand)."""
    saved = json.loads((REPORT / "report.json").read_text())
    read = []
    for area in saved["areas"]:
        fields = {k: v for k, v in area.items() if k not in ("mutants", "score", "raw_score")}
        result = results.AreaResult(**fields)
        assert result.to_json() == area  # every count, the scores (None: nothing judged)
        equivalent = result.equivalent
        results.mark_equivalent([result], results.read_accepted())  # the list, not a typed count
        assert result.equivalent == equivalent
        read.append(result)
    assert {r.area for r in read} == set(areas.AREAS)
    assert (REPORT / "report.md").read_text() == results.markdown(read, saved["title"])
    page = (REPORT.parents[1] / "testing.md").read_text()
    assert '--8<-- "docs/results/mutation/report.md"' in page


def test_reaccept_judges_the_reports_survivors_by_the_list_as_it_is_now(tmp_path):
    """--reaccept: a mutant accepted since the run counts as equivalent, with its reason, and
    the counts of the run stay as they were."""
    shutil.copy(REPORT / "report.json", tmp_path / "report.json")
    saved = json.loads((tmp_path / "report.json").read_text())
    area = next(a for a in saved["areas"] if a["survivors"])
    survivor = results.mutant_name(area["survivors"][0])
    accepted = tmp_path / "accepted.txt"
    accepted.write_text(f"{survivor}  # a reason\n")
    assert mutation.main(["--reaccept", "--out", str(tmp_path), "--accepted", str(accepted)]) == 0
    again = json.loads((tmp_path / "report.json").read_text())
    judged = next(a for a in again["areas"] if a["area"] == area["area"])
    assert judged["equivalent"] == 1 and judged["reasons"] == {survivor: "a reason"}
    assert (judged["caught"], judged["missed"]) == (area["caught"], area["missed"])
    others = [a for a in again["areas"] if a["area"] != area["area"]]
    assert all(a["equivalent"] == 0 for a in others)


def test_the_time_limit_interrupts_a_run_even_from_where_ctrl_c_is_ignored(tmp_path):
    """A run started where SIGINT is ignored (a shell's background job, a worker of a test
    runner) would inherit that through exec and sleep out its minute: the child hears it."""
    log = tmp_path / "log.txt"
    cmd = [sys.executable, "-c", "print('started', flush=True); import time; time.sleep(60)"]
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        started = time.monotonic()
        assert tools.run_capped(cmd, {}, tmp_path, log, 3.0) == 0
    finally:
        signal.signal(signal.SIGINT, before)
    assert "KeyboardInterrupt" in log.read_text()
    assert time.monotonic() - started < 50  # interrupted, not killed a minute later

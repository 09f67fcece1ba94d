"""scripts/mutation's runs of the tools: mutmut in a working directory of its own per area,
cargo-mutants in a copy of the tree per job, each stopped at its share of the time limit."""

from __future__ import annotations

import filecmp
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from fnmatch import fnmatch
from pathlib import Path

from mutation_areas import Area
from mutation_results import (
    MUTMUT_LINE,
    AreaResult,
    count_cargo_verdict,
    mutant_outcomes,
    parse_cargo_mutants,
    parse_mutmut_results,
    seconds_between,
)

REPO = Path(__file__).resolve().parents[1]


def _hear_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_capped(
    cmd: Sequence[str], env: dict[str, str], cwd: Path, log: Path, limit: float | None
) -> int:
    """Runs cmd, its output to log; at the time limit, interrupts it as Ctrl-C would (both
    tools keep what they had finished), then kills it if it has not stopped a minute later."""
    with log.open("w") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            # Ctrl-C heard even where it is ignored here (a shell's background job, a test
            # runner's worker): an ignored signal is inherited through exec.
            preexec_fn=_hear_ctrl_c,
        )
        try:
            return proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            out.write(f"\n[scripts/mutation: the time limit, {limit:.0f} s, stopped the run]\n")
            out.flush()
            os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            return 0


def mutmut_config(area: Area, files: Sequence[str]) -> str:
    """The pyproject.toml of the area's mutmut working directory: mutmut reads its settings
    from the working directory's, one set a directory, so each area has its own."""
    pyproject = (REPO / "pyproject.toml").read_text("utf-8")
    pytest_ini = pyproject[pyproject.index("[tool.pytest.ini_options]") :].split("\n\n")[0]
    return "\n".join(
        [
            "# Written by scripts/mutation for one area; not the project's pyproject.toml.",
            "[tool.mutmut]",
            'source_paths = ["src/llk"]',
            f"only_mutate = {json.dumps([as_src(f) for f in files or area.files])}",
            f"pytest_add_cli_args_test_selection = {json.dumps(list(area.tests))}",
            # One process a mutant (mutmut forks); no cache of failed tests between them.
            "pytest_add_cli_args = "
            + json.dumps(
                ["-p", "no:xdist", "-p", "no:cacheprovider"]
                + [arg for test in area.deselect for arg in ("--deselect", test)]
            ),
            "",
            pytest_ini,
            "",
        ]
    )


def as_src(path: str) -> str:
    """python/llk/x.py as mutmut sees it: src/llk/x.py. mutmut names a module by its file's path
    less a src/ (or source/) prefix, and puts mutants/src first on sys.path; so its working
    directory calls the package's python/ src/ (a link), and the names come out as llk.x."""
    return "src/" + path.removeprefix("python/")


def prepare_mutmut_dir(work: Path, area: Area, files: Sequence[str]) -> None:
    """mutmut copies python/llk and tests/ into work/mutants and runs pytest there: the tree's
    other top-level files (assets, docs, scripts, ...) are linked in beside them, so that tests
    that read them from the repository's top find them, and so is the package's assets link."""
    work.mkdir(parents=True, exist_ok=True)
    for name, target in (("src", "python"), ("tests", "tests")):
        link = work / name
        if not link.is_symlink():
            link.symlink_to(REPO / target)
    (work / "pyproject.toml").write_text(mutmut_config(area, files), "utf-8")
    mutants = work / "mutants"
    patterns = list(files) or list(area.files)
    drop_stale_copies(
        mutants / "src",
        REPO / "python",
        lambda rel: any(fnmatch(f"python/{rel}", pattern) for pattern in patterns),
    )
    (mutants / "src" / "llk").mkdir(parents=True, exist_ok=True)
    own = {"tests", "pyproject.toml", ".git", "build", "target", ".venv"}
    for entry in REPO.iterdir():
        link = mutants / entry.name
        skip = entry.name in own or entry.name.startswith(".")  # no caches, no .git
        if not skip and not link.exists() and not link.is_symlink():
            link.symlink_to(entry)
    assets = mutants / "src" / "llk" / "assets"
    if not assets.is_symlink():
        assets.symlink_to(os.readlink(REPO / "python" / "llk" / "assets"))  # ../../assets


def drop_stale_copies(copies: Path, source: Path, mutated: Callable[[str], bool]) -> list[Path]:
    """mutmut copies the package into mutants/src once and keeps a copy that exists: a file the
    run does not mutate whose source changed since (a rebuilt extension, an edited module, one
    deleted) would be tested as it was. Each such copy is removed, so that mutmut copies it
    afresh; the files the run mutates (`mutated`, by their path under `source`) mutmut makes
    again itself when their source is newer. Returns the copies removed."""
    removed: list[Path] = []
    if not copies.is_dir():
        return removed
    for copy in sorted(copies.rglob("*")):
        if copy.is_symlink() or not copy.is_file() or "__pycache__" in copy.parts:
            continue
        rel = copy.relative_to(copies).as_posix()
        if copy.suffix in {".meta", ".spans"} or mutated(rel):  # mutmut's own, or a mutant
            continue
        original = source / rel
        if not (original.is_file() and filecmp.cmp(original, copy, shallow=False)):
            copy.unlink()
            removed.append(copy)
    return removed


def run_mutmut(
    area: Area, files: Sequence[str], work: Path, jobs: int, limit: float | None
) -> AreaResult:
    prepare_mutmut_dir(work, area, files)
    env = dict(os.environ, **dict(area.env))
    # mutmut puts mutants/src first on sys.path itself; the editable install's python/ comes
    # after it, so that the tests import the mutated copy.
    env["PYTHONPATH"] = str(work / "mutants" / "src")
    rc = run_capped(
        ["mutmut", "run", "--max-children", str(jobs)], env, work, work / "log.txt", limit
    )
    if rc != 0:
        sys.stdout.write((work / "log.txt").read_text("utf-8", "replace")[-4000:])
        raise SystemExit(f"scripts/mutation: mutmut failed in {area.name} (exit {rc})")
    return collect_mutmut(area, work)


def collect_mutmut(area: Area, work: Path) -> AreaResult:
    env = dict(os.environ, PYTHONPATH=str(work / "mutants" / "src"))
    # A run stopped at its time limit before mutmut had mutants to list reports none.
    text = subprocess.run(
        ["mutmut", "results", "--all", "true"], cwd=work, env=env, capture_output=True, text=True
    ).stdout
    return parse_mutmut_results(text, AreaResult(area.name, area.tool))


# ----------------------------------------------------------- --sample: every k-th mutant

SAMPLE = "sample.txt"  # the mutants a sampled mutmut run chose, one name a line
NO_SUCH_MUTANT = "llk.no_such_module.x_no_such_function__mutmut_0"
# mutmut's name for a mutant: the module, then ".x_" and the function or ".xǁClassǁ" a method.
MUTMUT_MODULE = re.compile(r"^(?P<module>.+?)\.x[_ǁ]")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st, ..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def mutmut_module(name: str) -> str:
    match = MUTMUT_MODULE.match(name)
    return match["module"] if match else name


def module_of(path: str) -> str:
    """python/llk/_pycore/path.py as mutmut names its module: llk._pycore.path."""
    return path.removeprefix("python/").removesuffix(".py").replace("/", ".")


def mutmut_statuses(work: Path) -> dict[str, str]:
    """Every mutant of the work directory's last generation, by name, with its status."""
    env = dict(os.environ, PYTHONPATH=str(work / "mutants" / "src"))
    text = subprocess.run(
        ["mutmut", "results", "--all", "true"], cwd=work, env=env, capture_output=True, text=True
    ).stdout
    lines = (MUTMUT_LINE.match(line) for line in text.splitlines())
    return {m["name"]: m["status"] for m in lines if m is not None}


def chosen_sample(names: Sequence[str], files: Sequence[str], every: int) -> list[str]:
    """Every `every`-th mutant of the sampled files, in the order of their sorted names."""
    modules = {module_of(f) for f in files}
    return sorted(n for n in names if mutmut_module(n) in modules)[::every]


def run_mutmut_sample(area: Area, work: Path, jobs: int, limit: float | None) -> AreaResult:
    """mutmut over the whole area's files, so that every mutant of the area is made and counted;
    its stats run once (which tests reach which function); then only the sample's chosen
    mutants run. mutmut has no "make the mutants only": a run asked for a mutant that does not
    exist makes them and the stats, then stops on finding none to run."""
    prepare_mutmut_dir(work, area, [])
    env = dict(os.environ, **dict(area.env))
    env["PYTHONPATH"] = str(work / "mutants" / "src")
    started = time.monotonic()
    cmd = ["mutmut", "run", "--max-children", str(jobs)]
    run_capped([*cmd, NO_SUCH_MUTANT], env, work, work / "log-stats.txt", limit)
    log = (work / "log-stats.txt").read_text("utf-8", "replace")
    if "stopped the run]" in log:  # the time limit came first: none of the sample has run
        return collect_mutmut_sample(area, work)
    if "nothing matches" not in log:
        sys.stdout.write(log[-4000:])
        raise SystemExit(f"scripts/mutation: mutmut's stats run failed in {area.name}")
    chosen = chosen_sample(list(mutmut_statuses(work)), area.sample, area.sample_every)
    (work / SAMPLE).write_text("".join(f"{name}\n" for name in chosen), "utf-8")
    left = None if limit is None else max(1.0, limit - (time.monotonic() - started))
    rc = run_capped([*cmd, *chosen], env, work, work / "log.txt", left)
    if rc != 0:
        sys.stdout.write((work / "log.txt").read_text("utf-8", "replace")[-4000:])
        raise SystemExit(f"scripts/mutation: mutmut failed in {area.name} (exit {rc})")
    return collect_mutmut_sample(area, work)


def collect_mutmut_sample(area: Area, work: Path) -> AreaResult:
    """The chosen mutants' verdicts, and the sample's share of the whole area."""
    statuses = mutmut_statuses(work)
    sample = work / SAMPLE
    # A run stopped before its stats were done chose nothing yet: every chosen one is not run.
    chosen = (
        sample.read_text("utf-8").split()
        if sample.exists()
        else chosen_sample(list(statuses), area.sample, area.sample_every)
    )
    lines = "".join(f"    {name}: {statuses.get(name, 'not checked')}\n" for name in chosen)
    result = parse_mutmut_results(lines, AreaResult(area.name, area.tool))
    sampled = {module_of(f) for f in area.sample}
    modules = {mutmut_module(name) for name in statuses}
    result.modules_in_area, result.mutants_in_area = len(modules), len(statuses)
    result.modules_sampled = len(modules & sampled)
    result.mutants_in_sampled = sum(mutmut_module(n) in sampled for n in statuses)
    result.sample = f"every {ordinal(area.sample_every)} mutant of the files below, by name"
    return result


def rust_share(result: AreaResult, files: Sequence[str]) -> AreaResult:
    """The Rust sample's share of the whole crate: cargo-mutants' lists, no build needed."""
    whole = list_mutants(cargo_mutants_args(None, None, 1, []))
    sampled = list_mutants(cargo_mutants_args(None, None, 1, files))
    result.modules_in_area = len({name.split(":")[0] for name in whole})
    result.mutants_in_area = len(whole)
    result.modules_sampled = len({name.split(":")[0] for name in sampled})
    result.mutants_in_sampled = len(sampled)
    return result


def stopped_at(work: Path) -> float:
    """A mutmut run's seconds when it was stopped from outside (no `seconds` file): from its
    start (this script writes the area's pyproject.toml first) to its last result or log."""
    results = [p.stat().st_mtime for p in (work / "mutants").rglob("*.meta")]
    results += [p.stat().st_mtime for p in work.glob("log*.txt")]  # a stats run stopped too
    start = (work / "pyproject.toml").stat().st_mtime
    return round(max(results, default=start) - start, 1)


def cargo_mutants_args(
    diff: Path | None, shard: str | None, jobs: int, files: Sequence[str]
) -> list[str]:
    args = ["cargo", "mutants", "-j", str(jobs), "--output"]
    if diff is not None:
        args += ["--in-diff", str(diff)]
    if shard:
        args += ["--shard", shard, "--sharding", "round-robin"]
    for f in files:
        args += ["--file", f]
    return args


def shard_for_cap(count: int, cap: int | None) -> str | None:
    """The round-robin shard 0/n that runs at most cap of count mutants (None: all of them)."""
    if cap is None or count <= cap:
        return None
    return f"0/{math.ceil(count / cap)}"


def run_cargo_mutants(
    work: Path,
    diff: Path | None,
    shard: str | None,
    cap: int | None,
    jobs: int,
    files: Sequence[str],
    limit: float | None,
    iterate: bool = False,
) -> AreaResult:
    """Runs cargo-mutants into work/mutants.out. With `iterate`, only the mutants that the runs
    kept in work/verdicts.json have not settled (see SETTLED) run again, and the report counts
    every mutant this run covers by its latest verdict."""
    if shutil.which("cargo-mutants") is None:
        raise SystemExit(
            "scripts/mutation: cargo-mutants missing: cargo install cargo-mutants --locked"
        )
    work.mkdir(parents=True, exist_ok=True)
    base = cargo_mutants_args(diff, shard, jobs, files)
    if shard is None and cap is not None:
        shard = shard_for_cap(len(list_mutants(base)), cap)
        base = cargo_mutants_args(diff, shard, jobs, files)
    to_run = True
    if iterate:
        listed = list_mutants(base)
        kept = kept_verdicts(work)
        (work / VERDICTS).write_text(json.dumps(kept, indent=1) + "\n", "utf-8")
        (work / LISTED).write_text("".join(f"{name}\n" for name in listed), "utf-8")
        unsettled = [name for name in listed if kept["verdicts"].get(name) not in SETTLED]
        to_run = bool(unsettled)
        base = [*cargo_mutants_args(diff, None, jobs, files), "--re", exactly(unsettled)]
    else:  # a run of its own: no verdicts of earlier runs count
        (work / VERDICTS).unlink(missing_ok=True)
        (work / LISTED).unlink(missing_ok=True)
    if to_run:
        env = dict(os.environ)
        # Each job builds in its own copy of the tree; a shared CARGO_TARGET_DIR would let two
        # jobs overwrite each other's test binary (a mutant then judged by another's build).
        env.pop("CARGO_TARGET_DIR", None)
        rc = run_capped([*base[:5], str(work), *base[5:]], env, REPO, work / "log.txt", limit)
        # 0: all caught; 2: some missed; 3: some timeouts (cargo-mutants' documented codes).
        if rc not in (0, 2, 3):
            sys.stdout.write((work / "log.txt").read_text("utf-8", "replace")[-4000:])
            raise SystemExit(f"scripts/mutation: cargo-mutants failed (exit {rc})")
    result = collect_cargo_mutants(work)
    result.sample = f"shard {shard} (round-robin)" if shard else ""
    return result


def list_mutants(base: Sequence[str]) -> list[str]:
    """The names of the mutants a cargo_mutants_args command would test."""
    return subprocess.run(
        [*base[:2], "--list", *base[5:]], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.splitlines()


def collect_cargo_mutants(work: Path) -> AreaResult:
    result = AreaResult("engine-rust", "cargo-mutants")
    if (work / LISTED).exists():  # an iterated run: each mutant's latest verdict
        kept = kept_verdicts(work)
        for name in (work / LISTED).read_text("utf-8").splitlines():
            count_cargo_verdict(result, name, kept["verdicts"].get(name))
        result.seconds = round(sum(kept["runs"].values()), 1)
        return result
    path = work / "mutants.out" / "outcomes.json"
    # A run stopped at its time limit before its first outcome has none.
    outcomes = json.loads(path.read_text("utf-8")) if path.exists() else {"outcomes": []}
    listed = work / "mutants.out" / "mutants.json"  # every mutant the run was to test
    if listed.exists():
        total = len(json.loads(listed.read_text("utf-8")))
        outcomes["total_mutants"] = max(outcomes.get("total_mutants", 0), total)
    if path.exists() and not outcomes.get("end_time"):
        outcomes["stopped"] = last_outcome_at(path)
    return parse_cargo_mutants(outcomes, result)


def last_outcome_at(path: Path) -> str:
    """When a run stopped before its end wrote its last outcome, as cargo-mutants writes times."""
    stamp = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)
    return stamp.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


# ------------------------------------------------------------- --iterate: verdicts kept

VERDICTS = "verdicts.json"  # {"verdicts": {name: summary}, "runs": {start time: seconds}}
LISTED = "listed.txt"  # the mutants an iterated run covers, one name a line
# A mutant caught, timed out or unviable stays so while its code is the same: tests added since
# can only catch more. cargo-mutants names a mutant by its file, line, column and change, so one
# whose line moved has a new name and runs again (as cargo-mutants' own --iterate, which also
# runs timeouts again; a timeout here costs a minute and a half). A run without --iterate
# judges every mutant afresh.
SETTLED = {"CaughtMutant", "Timeout", "Unviable"}


def kept_verdicts(work: Path) -> dict:
    """The verdicts so far: work/verdicts.json, the outcomes in work/mutants.out over them."""
    path = work / VERDICTS
    kept = json.loads(path.read_text("utf-8")) if path.exists() else {"verdicts": {}, "runs": {}}
    outcomes = work / "mutants.out" / "outcomes.json"
    if outcomes.exists():
        merge_outcomes(kept, json.loads(outcomes.read_text("utf-8")), last_outcome_at(outcomes))
    return kept


def merge_outcomes(kept: dict, outcomes: dict, stopped: str) -> None:
    """One run's outcomes.json over the kept verdicts, and its time (to its end, or to `stopped`
    when it did not reach it); merging the same run twice changes nothing."""
    kept["verdicts"].update(mutant_outcomes(outcomes))
    start = outcomes.get("start_time")
    if start:
        kept["runs"][start] = seconds_between(start, outcomes.get("end_time") or stopped)


def exactly(names: Sequence[str]) -> str:
    """A regular expression (cargo-mutants' --re) that matches these mutant names and no other."""
    special = set("\\.+*?()|[]{}^$#&-~")
    escaped = ("".join(f"\\{c}" if c in special else c for c in name) for name in names)
    return "^(?:" + "|".join(escaped) + ")$"

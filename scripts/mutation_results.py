"""scripts/mutation's results: the tools' outputs counted and scored, the report written, and
the survivors checked against the accepted list (docs/testing.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path

from mutation_areas import AREAS

REPORT_DIR = Path(__file__).resolve().parents[1] / "docs" / "results" / "mutation"
ACCEPTED = REPORT_DIR / "accepted.txt"


@dataclass
class AreaResult:
    """One area's counts, as the tools report them."""

    area: str
    tool: str
    caught: int = 0
    missed: int = 0
    timeouts: int = 0
    unviable: int = 0
    not_run: int = 0
    seconds: float = 0.0
    files: list[str] = field(default_factory=list)
    sample: str = ""
    survivors: list[str] = field(default_factory=list)
    # The survivors that docs/results/mutation/accepted.txt lists as equivalent mutants, and
    # the reason it gives for each (a reviewer checks it): no test could catch them.
    equivalent: int = 0
    reasons: dict[str, str] = field(default_factory=dict)
    # The sample's share of the whole (--sample): the area's modules that have mutants and their
    # mutants, the modules sampled and their mutants (of which `mutants` were chosen to run).
    modules_in_area: int = 0
    mutants_in_area: int = 0
    modules_sampled: int = 0
    mutants_in_sampled: int = 0

    @property
    def mutants(self) -> int:
        return self.caught + self.missed + self.timeouts + self.unviable + self.not_run

    @property
    def score(self) -> float | None:
        """The mutation score: caught (a timeout is caught: the tests did not pass) over the
        mutants that ran, built and could be caught: unviable mutants (they do not compile),
        those not run and the equivalent ones are left out."""
        judged = self.caught + self.missed + self.timeouts - self.equivalent
        return None if judged <= 0 else (self.caught + self.timeouts) / judged

    @property
    def raw_score(self) -> float | None:
        """The score with the equivalent mutants counted as missed, as the tools count."""
        judged = self.caught + self.missed + self.timeouts
        return None if judged == 0 else (self.caught + self.timeouts) / judged

    def to_json(self) -> dict[str, object]:
        out = asdict(self)
        out["mutants"] = self.mutants
        for name in ("score", "raw_score"):
            value = getattr(self, name)
            out[name] = None if value is None else round(value, 4)
        return out


def mark_equivalent(results: Iterable[AreaResult], accepted: Mapping[str, str]) -> None:
    """Counts each area's survivors that the accepted list names as equivalent, with its reasons."""
    for result in results:
        names = [mutant_name(s) for s in result.survivors]
        result.reasons = {name: accepted[name] for name in names if name in accepted}
        result.equivalent = len(result.reasons)


# mutmut's words for a mutant's fate (`mutmut results --all true`).
MUTMUT_CAUGHT = {"killed", "caught by type check"}
MUTMUT_MISSED = {"survived", "no tests"}
MUTMUT_TIMEOUT = {"timeout"}
MUTMUT_NOT_RUN = {"not checked", "skipped", "check was interrupted by user"}
MUTMUT_LINE = re.compile(r"^\s*(?P<name>\S+): (?P<status>.+?)\s*$")
# The status a mutmut survivor is reported with ("name (survived)"); cargo-mutants' names have
# none, and may hold " (" themselves ("replace f -> (u8, u8) with (0, 0)").
SURVIVOR_STATUS = re.compile(r" \((?:" + "|".join(map(re.escape, sorted(MUTMUT_MISSED))) + r")\)$")


def mutant_name(survivor: str) -> str:
    """A survivor as reported, its mutant's name as accepted.txt lists it."""
    return SURVIVOR_STATUS.sub("", survivor)


def parse_mutmut_results(text: str, result: AreaResult) -> AreaResult:
    """Counts `mutmut results --all true`'s lines ("    name: status") into result."""
    for line in text.splitlines():
        match = MUTMUT_LINE.match(line)
        if match is None:
            continue
        name, status = match["name"], match["status"]
        if status in MUTMUT_CAUGHT:
            result.caught += 1
        elif status in MUTMUT_MISSED:
            result.missed += 1
            result.survivors.append(f"{name} ({status})")
        elif status in MUTMUT_TIMEOUT:
            result.timeouts += 1
        elif status in MUTMUT_NOT_RUN:
            result.not_run += 1
        else:  # "suspicious", "segfault": the tests did not pass
            result.caught += 1
    return result


def parse_cargo_mutants(outcomes: dict, result: AreaResult) -> AreaResult:
    """Counts cargo-mutants' outcomes.json into result."""
    for name, summary in mutant_outcomes(outcomes):
        count_cargo_verdict(result, name, summary)
    # Mutants listed but never reached (the run was stopped at its cap).
    result.not_run += max(0, outcomes.get("total_mutants", 0) - result.mutants)
    start, end = outcomes.get("start_time"), outcomes.get("end_time") or outcomes.get("stopped")
    if start and end:
        result.seconds = seconds_between(start, end)
    return result


def mutant_outcomes(outcomes: dict) -> Iterator[tuple[str, str]]:
    """Each mutant's name and summary in cargo-mutants' outcomes.json, the baseline aside."""
    for outcome in outcomes["outcomes"]:
        scenario = outcome["scenario"]
        if isinstance(scenario, dict):  # not the "Baseline"
            yield scenario["Mutant"]["name"], outcome["summary"]


def count_cargo_verdict(result: AreaResult, name: str, summary: str | None) -> None:
    """One mutant's cargo-mutants summary ("CaughtMutant", ...; None: never run) into result."""
    if summary == "CaughtMutant":
        result.caught += 1
    elif summary == "MissedMutant":
        result.missed += 1
        result.survivors.append(name)
    elif summary == "Timeout":
        result.timeouts += 1
    elif summary == "Unviable":
        result.unviable += 1
    else:
        result.not_run += 1


def seconds_between(start: str, end: str) -> float:
    """The seconds from one of cargo-mutants' times to another, to a tenth."""
    return round((rfc3339(end) - rfc3339(start)).total_seconds(), 1)


def rfc3339(stamp: str) -> datetime:
    """cargo-mutants' times, nanoseconds and all ("2026-12-03T10:46:04.077189481Z")."""
    whole, _, fraction = stamp.rstrip("Z").partition(".")
    return datetime.fromisoformat(whole).replace(microsecond=int((fraction + "000000")[:6]))


def read_accepted(path: Path = ACCEPTED) -> dict[str, str]:
    """The equivalent mutants, each name with its reason: a line is `NAME  # reason`, a line
    that starts with `#` a comment. A name without a reason is refused: a mutant is equivalent
    only with a reason a reviewer can check."""
    if not path.exists():
        return {}
    accepted = {}
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, _, reason = line.partition("  # ")
        if not reason.strip():
            raise ValueError(f"{path}:{number}: {name.strip()!r} is accepted without a reason")
        accepted[name.strip()] = reason.strip()
    return accepted


def unaccepted(results: Iterable[AreaResult], accepted: Mapping[str, str]) -> list[str]:
    """The survivors not listed as accepted, in the areas that gate (`Area.gates`)."""
    return [
        survivor
        for result in results
        if result.area not in AREAS or AREAS[result.area].gates
        for survivor in result.survivors
        if mutant_name(survivor) not in accepted
    ]


def percent(score: float | None) -> str:
    return "-" if score is None else f"{100 * score:.1f}%"


def fraction(part: int, whole: int) -> str:
    return f"{part} of {whole}" if whole else "-"


def markdown(results: Sequence[AreaResult], title: str) -> str:
    """The report: per area the raw score first (survivors counted as survivors), then the
    equivalent ones and the score without them, and what share of the whole the run covers."""
    lines = [
        f"**{title}**",
        "",
        "| area | tool | chosen | killed | survived | raw score | of the survivors equivalent "
        "| score | unviable | not run | modules sampled | chosen of all mutants | run time |",
        "| --- | --- |" + " ---: |" * 11,
    ]
    for r in results:
        lines.append(
            f"| {r.area} | {r.tool} | {r.mutants} | {r.caught + r.timeouts} | {r.missed} "
            f"| {percent(r.raw_score)} | {r.equivalent} | {percent(r.score)} | {r.unviable} "
            f"| {r.not_run} | {fraction(r.modules_sampled, r.modules_in_area)} "
            f"| {fraction(r.mutants, r.mutants_in_area)} | {r.seconds / 60:.1f} min |"
        )
    lines += [
        "",
        "Chosen: the mutants the sample picked (killed, survived, unviable and not run add up to"
        " it); killed: caught by a test, or a timeout; raw score: killed over killed and"
        " survived (unviable and not run left out); score: the same with the equivalent"
        " survivors left out. Modules sampled: of the area's modules that have mutants; chosen"
        " of all mutants: of every mutant the tool makes in the area.",
        "",
    ]
    for r in results:
        what = r.sample or "whole area"
        lines.append(f"- {r.area}: {what}; files: {', '.join(r.files) or 'all of the area'}")
    for r in results:
        if r.survivors:
            lines += ["", f"Survivors, {r.area} (equivalent: accepted.txt's reason):", ""]
            for s in r.survivors:
                reason = r.reasons.get(mutant_name(s))
                gap = "not equivalent: a gap in the tests"
                verdict = f"equivalent: {reason}" if reason else gap
                lines.append(f"- `{s}`: {verdict}")
    return "\n".join(lines) + "\n"


def write_report(results: Sequence[AreaResult], out: Path, title: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(
        json.dumps({"title": title, "areas": [r.to_json() for r in results]}, indent=2) + "\n",
        "utf-8",
    )
    (out / "report.md").write_text(markdown(results, title), "utf-8")

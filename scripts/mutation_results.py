"""scripts/mutation's results: the tools' outputs counted and scored, the report written, and
the survivors checked against the accepted list (docs/testing.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
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
    # The survivors that docs/results/mutation/accepted.txt lists as equivalent mutants (each
    # with its reason in docs/mutation-survivors.md): no test could catch them.
    equivalent: int = 0

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


def mark_equivalent(results: Iterable[AreaResult], accepted: set[str]) -> None:
    """Counts each area's survivors that the accepted list names as equivalent."""
    for result in results:
        result.equivalent = sum(mutant_name(s) in accepted for s in result.survivors)


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


def combined(parts: Sequence[AreaResult], sample: str) -> AreaResult:
    """One area's result from the results of its parts (the shards of a sample)."""
    total = AreaResult(parts[0].area, parts[0].tool, sample=sample)
    for part in parts:
        for name in ("caught", "missed", "timeouts", "unviable", "not_run", "seconds"):
            setattr(total, name, getattr(total, name) + getattr(part, name))
        total.survivors += part.survivors
    total.seconds = round(total.seconds, 1)
    return total


def seconds_between(start: str, end: str) -> float:
    """The seconds from one of cargo-mutants' times to another, to a tenth."""
    return round((rfc3339(end) - rfc3339(start)).total_seconds(), 1)


def rfc3339(stamp: str) -> datetime:
    """cargo-mutants' times, nanoseconds and all ("2026-12-03T10:46:04.077189481Z")."""
    whole, _, fraction = stamp.rstrip("Z").partition(".")
    return datetime.fromisoformat(whole).replace(microsecond=int((fraction + "000000")[:6]))


def read_accepted(path: Path = ACCEPTED) -> set[str]:
    if not path.exists():
        return set()
    lines = (line.split("#", 1)[0].strip() for line in path.read_text("utf-8").splitlines())
    return {line for line in lines if line}


def unaccepted(results: Iterable[AreaResult], accepted: set[str]) -> list[str]:
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


def markdown(results: Sequence[AreaResult], title: str) -> str:
    lines = [
        f"**{title}**",
        "",
        "| area | tool | mutants | caught | missed | of them equivalent | timeouts | unviable |"
        " not run | score | raw score | run time |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        lines.append(
            f"| {r.area} | {r.tool} | {r.mutants} | {r.caught} | {r.missed} | {r.equivalent} "
            f"| {r.timeouts} | {r.unviable} | {r.not_run} | {percent(r.score)} "
            f"| {percent(r.raw_score)} | {r.seconds / 60:.1f} min |"
        )
    lines += [
        "",
        "Score: caught and timeouts over the mutants that could be caught (unviable, not run and"
        " equivalent left out); raw score: the equivalent counted as missed.",
    ]
    lines.append("")
    for r in results:
        what = r.sample or "whole area"
        lines.append(f"- {r.area}: {what}; files: {', '.join(r.files) or 'all of the area'}")
    for r in results:
        if r.survivors:
            lines += ["", f"Survivors, {r.area}:", ""]
            lines += [f"- `{s}`" for s in r.survivors]
    return "\n".join(lines) + "\n"


def write_report(results: Sequence[AreaResult], out: Path, title: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(
        json.dumps({"title": title, "areas": [r.to_json() for r in results]}, indent=2) + "\n",
        "utf-8",
    )
    (out / "report.md").write_text(markdown(results, title), "utf-8")

"""The files the `llk` command reads, made of anything (hypothesis): batch files for
`llk solve --stats --from` and a resumed `llk solve --batch --out`, result files for `llk bench
compare`. Whatever they hold, the command ends in status 0 or 2, never in a traceback; a refusal
is one line on stderr; and a batch file is either left as it was or only has whole records
appended to it."""

from __future__ import annotations

import contextlib
import json
import math
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from llk import cli
from llk.batch import record_fault

from .test_bad_input import DROP, GOOD, GOOD_TEXT, QUICK, RECORD, _timed

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@st.composite
def spoiled(draw: st.DrawFn, whole: dict[str, Any]) -> dict[str, Any]:
    """`whole` with a few of its fields dropped or replaced by any JSON value."""
    spoilt = dict(whole)
    for key in draw(st.lists(st.sampled_from(sorted(whole)), max_size=3, unique=True)):
        if draw(st.booleans()):
            del spoilt[key]
        else:
            spoilt[key] = draw(JSON_VALUES)
    return spoilt


LINES = st.one_of(
    st.just(RECORD).map(json.dumps),
    spoiled(RECORD).map(json.dumps),
    JSON_VALUES.map(json.dumps),
    st.text(max_size=20),
).map(str.encode) | st.binary(max_size=20)
BATCH_FILES = st.builds(
    lambda lines, end: b"\n".join(lines) + end,
    st.lists(LINES, max_size=4),
    st.sampled_from([b"\n", b""]),
)


def ran(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    """`llk ARGV`'s status, stdout and stderr; a refusal must be one line."""
    try:
        code = cli.main(argv)
    except SystemExit as exited:
        code = exited.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert code in (0, 2), err
    if code == 2:  # one line, or argparse's: its usage, then one line
        lines = err.splitlines()
        assert lines[-1].startswith(f"llk {argv[0]}: error: "), err
        assert len(lines) == 1 or lines[0].startswith("usage: "), err
        assert "Traceback" not in err
    return code, out, err


@FUZZ
@given(data=BATCH_FILES)
def test_stats_from_any_batch_file(data: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.jsonl"
        path.write_bytes(data)
        ran(capsys, ["solve", "--stats", "--from", str(path)])
        assert path.read_bytes() == data


@FUZZ
@given(data=BATCH_FILES)
def test_a_batch_resumed_from_any_file_appends_whole_records_or_nothing(
    data: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.jsonl"
        path.write_bytes(data)
        argv = ["solve", "--batch", "--seeds", "0:2", *QUICK, "--out", str(path)]
        code, _, err = ran(capsys, argv)
        after = path.read_bytes()
        if code == 2:
            assert after == data, err
            return
        # The unfinished last line cut off, then whole records only.
        kept = data[: data.rfind(b"\n") + 1]
        assert after.startswith(kept)
        added = after[len(kept) :].decode().splitlines(keepends=True)
        assert all(line.endswith("\n") for line in added)
        assert all(record_fault(json.loads(line)) is None for line in added)


# A sample: a time, or one of the floats that are not (NaN, infinite, not positive), or any
# float or JSON scalar.
SAMPLE = st.one_of(
    st.floats(min_value=1e-9, max_value=1.0),
    st.sampled_from([math.nan, math.inf, -math.inf, 0.0, -1e-6]),
    st.floats() | SCALARS,
)
RESULTS = st.one_of(
    st.just(_timed()),
    spoiled(_timed()),
    spoiled(_timed(samples_s=DROP, per_sample=DROP, unstable=DROP, skipped="n/a")),
    JSON_VALUES,
)
DOCUMENTS = st.one_of(
    st.builds(lambda results: {**GOOD, "results": results}, st.lists(RESULTS, max_size=3)),
    spoiled(GOOD),
    JSON_VALUES,
)
RESULT_FILES = DOCUMENTS.map(lambda d: json.dumps(d).encode()) | st.binary(max_size=40)


def compares(data: bytes, first: bool, capsys: pytest.CaptureFixture[str]) -> None:
    """`llk bench compare` of a file of `data` and a good one (`first`: the fuzzed one OLD)."""
    pytest.importorskip("scipy")
    with tempfile.TemporaryDirectory() as folder:
        fuzzed, good = Path(folder) / "fuzzed.json", Path(folder) / "good.json"
        fuzzed.write_bytes(data)
        good.write_text(GOOD_TEXT)
        pair = [str(fuzzed), str(good)] if first else [str(good), str(fuzzed)]
        code, out, _ = ran(capsys, ["bench", "compare", *pair])
        if code == 0:  # a time or a ratio printed is a number: never NaN
            timed = [line.split("|")[5:8] for line in out.splitlines() if line.startswith("| ")]
            assert not any("nan" in cell for row in timed[2:] for cell in row), out


@FUZZ
@given(data=RESULT_FILES, first=st.booleans())
def test_bench_compare_of_any_result_file(
    data: bytes, first: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    compares(data, first, capsys)


@settings(FUZZ, max_examples=100)
@given(samples=st.lists(SAMPLE, min_size=1, max_size=3), first=st.booleans())
def test_bench_compare_of_any_samples(
    samples: list[Any], first: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    compares(json.dumps({**GOOD, "results": [_timed(samples_s=samples)]}).encode(), first, capsys)


# `llk solve --batch` and `--stats` with options made of anything, on the smallest deals (the
# fixed options first: a fuzzed one given again wins, as argparse takes the last).
ODD_VALUES = st.sampled_from(
    [
        *("", "nan", "inf", "-1", "0", str(2**64), str(10**30), "0:0", "1/0", "/", ":"),
        *("9" * 30, "4000000000", "0:4000000000", f"0:{2**64}"),
    ]
)
VALUES = st.one_of(ODD_VALUES, st.text(alphabet="0129:/-.naex ", max_size=4))
NAMES = [
    *("--seeds", "--shard", "--out", "--tiers", "--budget", "--jobs", "--seconds"),
    *("--samples", "--sizes", "--gravity", "--tiles"),
]
OPTIONS = st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=4)


@settings(FUZZ, max_examples=200)
@given(mode=st.sampled_from(["--batch", "--stats"]), options=OPTIONS)
# The runaways of issue 41, which the search above finds only now and then.
@example(mode="--stats", options={"--samples": "4000000000"})
@example(mode="--batch", options={"--seeds": "0:4000000000"})
@example(mode="--batch", options={"--seeds": f"0:{2**64}", "--shard": ""})
@example(mode="--batch", options={"--tiers": str(2**63)})
def test_solve_with_any_options(
    mode: str, options: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["solve", mode, "--seeds", "0:2", "--out", "r.jsonl", "--samples", "2", *QUICK]
    argv += [f"{name}={value}" for name, value in options.items()]
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        ran(capsys, argv)
        for path in Path(folder).rglob("*"):  # whatever was written: whole records only
            if path.is_file():
                data = path.read_bytes()
                assert data.endswith(b"\n") or not data
                assert all(record_fault(json.loads(line)) is None for line in data.splitlines())

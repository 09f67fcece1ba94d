"""The modes' files without a window (store/progress.py): the journey's progress read back as
written, a missing file as a fresh start, a garbled one moved aside and reported; the daily
results appended a line a day and each day's line found again. Written for the mutants that
scripts/mutation found no test of the store reached (docs/mutation-survivors.md)."""

from __future__ import annotations

import datetime as dt
import json

from llk.game import i18n
from llk.game.model.daily import result_line
from llk.game.model.journey import Progress
from llk.game.store.progress import DAILY_RESULTS_FILE, JOURNEY_FILE
from llk.game.store.storage import Storage


def test_the_journey_reads_back_as_saved_and_starts_fresh_without_a_file(tmp_path) -> None:
    storage = Storage(tmp_path)
    assert storage.load_journey() == Progress()
    progress = Progress(stars={1: 3, 2: 1}, spent=2)
    progress.power_ups["hint"] = 1
    storage.save_journey(progress)
    assert json.loads((tmp_path / JOURNEY_FILE).read_text())
    assert Storage(tmp_path).load_journey() == progress
    assert storage.problems == []


def test_a_garbled_journey_is_moved_aside_and_reported(tmp_path) -> None:
    (tmp_path / JOURNEY_FILE).write_text(json.dumps({"stars": "many"}))
    storage = Storage(tmp_path)
    assert storage.load_journey() == Progress()
    assert not (tmp_path / JOURNEY_FILE).exists()
    assert [p.name for p in tmp_path.iterdir()] == [f"{JOURNEY_FILE}.corrupt-1"]
    [problem] = storage.problems
    # The report says why: the reading's own error, not "None".
    assert JOURNEY_FILE in problem and "unreadable (" in problem and "None" not in problem


def test_each_days_result_line_is_appended_and_found_again(tmp_path) -> None:
    storage = Storage(tmp_path / "new" / "folder")  # made, parents and all
    assert storage.daily_result("2026-12-03") is None
    first = "llk daily 2026-12-02 cleared 1:05"
    path = storage.keep_daily_result(first)
    assert path == tmp_path / "new" / "folder" / DAILY_RESULTS_FILE
    storage.keep_daily_result("llk daily 2026-12-03 stuck 2:10")
    assert path.read_text(encoding="utf-8").splitlines() == [
        first,
        "llk daily 2026-12-03 stuck 2:10",
    ]
    assert storage.daily_result("2026-12-02") == first
    assert storage.daily_result("2026-12-03") == "llk daily 2026-12-03 stuck 2:10"
    # A day is matched whole: "2026-12-0" is no day of the file.
    assert storage.daily_result("2026-12-0") is None
    assert storage.daily_result("2026-12-04") is None
    assert storage.problems == []


def test_a_days_line_written_in_chinese_is_found_in_english(tmp_path) -> None:
    day = dt.date(2026, 12, 1)
    try:
        i18n.use("zh_CN")
        line = result_line(day, "llk2.9x16.36.20261201.up.-.sb", False, 61, 30, True)
        Storage(tmp_path).keep_daily_result(line)
    finally:
        i18n.use("en")
    assert "步" in line  # the words after the tag are Chinese
    assert Storage(tmp_path).daily_result("2026-12-01") == line


def test_a_daily_file_with_bytes_that_are_not_utf8_is_read_around_them(tmp_path) -> None:
    """A garbled daily-results file (a bad disk, an editor's other encoding) never stops the
    game: a line is found by its whole prefix, its bad bytes replaced; a line whose prefix is
    garbled is no day's; nothing raises and nothing is reported."""
    garbled = (
        b"llk daily 2026-12-01 cleared \xff\xfe 1:05\n"  # the day's prefix whole, the rest not
        b"\x80\x81\xc3(\n"  # no line at all
        b"llk daily 2026-12-03 stuck 2:10\n"
        b"llk daily 2026-12-\xe904 cleared 0:40\n"  # the day itself garbled
    )
    (tmp_path / DAILY_RESULTS_FILE).write_bytes(garbled)
    storage = Storage(tmp_path)
    assert storage.daily_result("2026-12-03") == "llk daily 2026-12-03 stuck 2:10"
    assert storage.daily_result("2026-12-01") == "llk daily 2026-12-01 cleared \ufffd\ufffd 1:05"
    assert storage.daily_result("2026-12-04") is None
    storage.keep_daily_result("llk daily 2026-12-05 cleared 3:00")  # appended after the rest
    assert storage.daily_result("2026-12-05") == "llk daily 2026-12-05 cleared 3:00"
    assert (tmp_path / DAILY_RESULTS_FILE).read_bytes().startswith(garbled)
    assert storage.problems == []


def test_an_unreadable_daily_file_is_reported_not_raised(tmp_path) -> None:
    (tmp_path / DAILY_RESULTS_FILE).mkdir()  # a directory where the file should be
    storage = Storage(tmp_path)
    assert storage.daily_result("2026-12-03") is None
    assert len(storage.problems) == 1 and DAILY_RESULTS_FILE in storage.problems[0]

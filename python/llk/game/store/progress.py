"""The modes' files: the journey's progress (journey.json: stars, stars spent, power-ups) and
the daily puzzle's result lines (daily-results.txt, appended)."""

from __future__ import annotations

from pathlib import Path

from ..i18n import _
from ..model.daily import RESULT_TAG
from ..model.journey import Progress
from .files import Folder

JOURNEY_FILE = "journey.json"  # the journey's stars and power-ups (model/journey.Progress)
DAILY_RESULTS_FILE = "daily-results.txt"  # every daily result line, appended


class ProgressFiles(Folder):
    # The journey's progress: stars per level, stars spent, power-ups in stock.

    def load_journey(self) -> Progress:
        data = self._read(JOURNEY_FILE)
        if data is None:
            return Progress()
        try:
            return Progress.from_json(data)
        except ValueError as error:
            self._set_aside(self.root / JOURNEY_FILE, str(error))
            return Progress()

    def save_journey(self, progress: Progress) -> None:
        self._write(JOURNEY_FILE, progress.to_json())

    # The daily puzzle's results: the counted attempt of each day, a line each (daily.py).

    def daily_result(self, day: str) -> str | None:
        """The day's counted result line (day as YYYY-MM-DD), None before one."""
        path = self.root / DAILY_RESULTS_FILE
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return None
        except OSError as error:
            self.problems.append(_("could not read {path}: {error}").format(path=path, error=error))
            return None
        prefix = f"{RESULT_TAG} {day} "  # the same in every language
        return next((line for line in text.splitlines() if line.startswith(prefix)), None)

    def keep_daily_result(self, line: str) -> Path:
        """Appends the line to DAILY_RESULTS_FILE; returns the file's path."""
        path = self.root / DAILY_RESULTS_FILE
        self.root.mkdir(parents=True, exist_ok=True)
        with self.locked(), path.open("a", encoding="utf-8") as out:
            out.write(line + "\n")
        return path

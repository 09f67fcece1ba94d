"""The high scores (a table per board category, and one beside it for the category's assisted
games, best first) and the statistics of every game played (scores.json, statistics.json)."""

from __future__ import annotations

from typing import Any

from ..i18n import _
from .files import Folder, is_bool, is_number, is_str

SCORES_FILE = "scores.json"
STATS_FILE = "statistics.json"
SCORES_KEPT = 10
ASSISTED = " (assisted)"  # the suffix of a table of assisted games, ranked apart
NAME_MAX = 16


class ScoreTables(Folder):
    # High scores: a table per board category (size, layout, gravity, time mode), and one
    # beside it for the category's assisted games (`table_name`), best first.

    def load_scores(self) -> dict[str, list[dict[str, Any]]]:
        data = self._read(SCORES_FILE)
        if data is None:
            return {}
        valid = isinstance(data, dict) and all(
            isinstance(v, list) and all(_is_score(e) for e in v) for v in data.values()
        )
        if not valid:
            self._set_aside(self.root / SCORES_FILE, _("not a table of scores"))
            return {}
        return _migrated(data)

    @staticmethod
    def table_name(category: str, assisted: bool) -> str:
        return category + ASSISTED if assisted else category

    def place_for(self, table: str, score: float, seconds: float) -> int | None:
        """The place a game of `score` in `seconds` would take in `table`, None when it would
        not make it (ties go to the game already there)."""
        entries = self.load_scores().get(table, [])
        place = 1 + sum(1 for e in entries if _rank(e) <= (-score, seconds))
        return place if place <= SCORES_KEPT else None

    def add_score(self, table: str, entry: dict[str, Any]) -> int | None:
        """Adds `entry` (with at least `score`) to the table; returns its place (1-based), or
        None when it did not make the table. An entry marked assisted goes to the assisted
        table of its category."""
        if entry.get("assisted") and not table.endswith(ASSISTED):
            table += ASSISTED
        with self.locked():  # another game's score, added meanwhile, is not written over
            scores = self.load_scores()
            rows = scores.setdefault(table, [])
            rows.append(entry)
            rows.sort(key=_rank)  # stable: an equal score and time ranks below the older one
            place = next(i for i, e in enumerate(rows) if e is entry) + 1
            del rows[SCORES_KEPT:]
            self._write(SCORES_FILE, scores)
        return place if place <= SCORES_KEPT else None

    # Statistics: games played and won, the streak of wins, the best time per category.

    def load_stats(self) -> dict[str, Any]:
        data = self._read(STATS_FILE)
        if data is None:
            return _fresh_stats()
        if not _is_stats(data):
            self._set_aside(self.root / STATS_FILE, "not statistics")
            return _fresh_stats()
        return {**_fresh_stats(), **data}

    def record_game(self, category: str, won: bool, seconds: float | None = None) -> None:
        """A game ended: won, or lost (time up, no moves, given up for another). `seconds`
        counts for the category's best time (an unassisted win)."""
        with self.locked():  # another game counted meanwhile is not written over
            stats = self.load_stats()
            stats["played"] += 1
            if won:
                stats["won"] += 1
                stats["streak"] += 1
                stats["best_streak"] = max(stats["best_streak"], stats["streak"])
                if seconds is not None:
                    best = stats["best_times"].get(category)
                    if best is None or seconds < best:
                        stats["best_times"][category] = round(seconds, 1)
            else:
                stats["streak"] = 0
            self._write(STATS_FILE, stats)


# What add_score writes and the scores screen reads, besides the `score` itself.
_SCORE_FIELDS = {
    "seconds": is_number,
    "assisted": is_bool,
    "when": is_str,
    "code": lambda v: v is None or is_str(v),
    "name": is_str,
}


def _rank(entry: dict[str, Any]) -> tuple[float, float]:
    # The higher score first; of two equal scores, the faster game.
    return (-entry["score"], entry.get("seconds", 0))


def _migrated(scores: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """Files written before assisted games had tables of their own kept them in the same table,
    marked: they move to the assisted table, each table ranked again. Reading an old file
    changes nothing on disk; the next score written saves the new shape."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for name, entries in scores.items():
        for entry in entries:
            table = (
                name + ASSISTED if entry.get("assisted") and not name.endswith(ASSISTED) else name
            )
            tables.setdefault(table, []).append(entry)
    for entries in tables.values():
        entries.sort(key=_rank)
        del entries[SCORES_KEPT:]
    return tables


def _fresh_stats() -> dict[str, Any]:
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "best_times": {}}


def _is_stats(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    counts = ("played", "won", "streak", "best_streak")
    if not all(type(data.get(k, 0)) is int and data.get(k, 0) >= 0 for k in counts):
        return False
    times = data.get("best_times", {})
    return isinstance(times, dict) and all(is_number(v) for v in times.values())


def _is_score(entry: Any) -> bool:
    """An entry of a high-score table: a number `score`, and the other fields, when present,
    of the types they are written with."""
    if not isinstance(entry, dict) or not is_number(entry.get("score")):
        return False
    return all(check(entry[key]) for key, check in _SCORE_FIELDS.items() if key in entry)

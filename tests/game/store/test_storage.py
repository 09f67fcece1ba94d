"""Storage without a window (store/storage.py, store/scores.py): corrupt files set aside, scores
ranked ten deep, old scores files, statistics."""

from __future__ import annotations

import os

from llk.game.store.settings import Settings
from llk.game.store.storage import Storage


def test_corrupt_files_are_set_aside(tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    (tmp_path / "scores.json").write_text("[1, 2]")
    storage = Storage(tmp_path)
    assert storage.load_settings() == Settings()
    assert storage.load_scores() == {}
    assert (tmp_path / "settings.json.corrupt-1").exists()
    assert (tmp_path / "scores.json.corrupt-1").exists()
    assert len(storage.problems) == 2
    storage.save_settings(Settings(sound=False))
    assert not Storage(tmp_path).load_settings().sound
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_scores_rank_and_keep_ten(tmp_path):
    storage = Storage(tmp_path)
    places = [storage.add_score("x", {"score": s}) for s in range(12)]
    assert places[-1] == 1 and storage.add_score("x", {"score": -1}) is None
    assert len(storage.load_scores()["x"]) == 10


def test_old_scores_files_load_with_assisted_games_moved_apart(tmp_path):
    """Before assisted games had their own table they were marked in the category's table."""
    import json

    old = {
        "6x14 full gravity=none relaxed": [
            {"score": 900, "seconds": 50, "assisted": True, "when": "2026-11-01 10:00"},
            {"score": 400, "seconds": 90, "assisted": False, "when": "2026-11-02 10:00"},
            {"score": 300, "seconds": 80, "when": "2026-11-03 10:00"},
        ]
    }
    (tmp_path / "scores.json").write_text(json.dumps(old))
    storage = Storage(tmp_path)
    scores = storage.load_scores()
    assert [e["score"] for e in scores["6x14 full gravity=none relaxed"]] == [400, 300]
    assert [e["score"] for e in scores["6x14 full gravity=none relaxed (assisted)"]] == [900]
    assert not storage.problems
    # The next score is written in the new shape, the old entries kept.
    table = "6x14 full gravity=none relaxed"
    assert storage.place_for(table, 350, 70) == 2
    assert storage.add_score(table, {"name": "Ada", "score": 350, "seconds": 70}) == 2
    again = json.loads((tmp_path / "scores.json").read_text())
    assert [e["score"] for e in again[table]] == [400, 350, 300]
    assert len(again[table + " (assisted)"]) == 1


def test_statistics_count_streaks_and_best_times(tmp_path):
    storage = Storage(tmp_path)
    for won, seconds in [(True, 80.0), (True, 60.0), (False, None), (True, 70.0)]:
        storage.record_game("6x14", won=won, seconds=seconds)
    stats = Storage(tmp_path).load_stats()
    assert (stats["played"], stats["won"], stats["streak"], stats["best_streak"]) == (4, 3, 1, 2)
    assert stats["best_times"] == {"6x14": 60.0}
    (tmp_path / "statistics.json").write_text('{"played": -1}')
    bad = Storage(tmp_path)
    assert bad.load_stats()["played"] == 0 and bad.problems

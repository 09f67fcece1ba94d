"""Issue 16: the journey's levels file (assets/journey/levels.json) is checked whole. Every level
deals the board it names, its certificate clears it, its rating is the one stored (re-rated on
the cheap levels and a sample of the rest), the difficulty rises chapter by chapter, the gravity
changes from level to level, and its time limit leaves auto-play time to spare. No window."""

from __future__ import annotations

import itertools
import json
import statistics
from importlib.resources import files

import pytest

import llk
from llk.game.board.view import FADE_SECONDS
from llk.game.model import journey
from llk.game.views.play import AUTOPLAY_GAP

LEVELS = journey.levels()
CODES = {
    entry["number"]: entry["code"]
    for entry in json.loads(
        files("llk").joinpath("assets", "journey", "levels.json").read_text("utf-8")
    )["levels"]
}


def test_there_are_at_least_30_levels_in_chapters_of_five():
    assert len(LEVELS) >= 30
    assert [lv.chapter for lv in LEVELS] == [1 + i // 5 for i in range(len(LEVELS))]


def test_the_gravity_changes_from_level_to_level_through_every_mode():
    gravities = [lv.gravity for lv in LEVELS]
    assert all(a != b for a, b in itertools.pairwise(gravities))
    assert set(gravities) == set(llk.GRAVITY_MODES)


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: f"level{lv.number}")
def test_every_level_deals_and_its_certificate_clears_it(level):
    board = level.deal()
    assert board.code == CODES[level.number]  # the deal the file was made from
    assert board.gravity == level.gravity and board.remaining == len(level.solution) * 2
    if level.solvable:
        assert [tuple(m) for m in board.solution] == list(level.solution)
    for a, c in level.solution:
        board.remove(a, c)  # IllegalMove if the certificate were wrong
    assert board.is_cleared()


def chapter_medians() -> list[float]:
    chapters: dict[int, list[float]] = {}
    for level in LEVELS:
        chapters.setdefault(level.chapter, []).append(level.rating["dead_end_share"])
    return [statistics.median(shares) for _, shares in sorted(chapters.items())]


def test_the_rating_rises_along_the_journey():
    """ "Rises" means: the median dead-end share (llk.rate) of each chapter is at least the one
    before it, and the last chapter's is well above the first's; a level may be easier than the
    one before it, as in any Onet game, but no chapter is easier than the last."""
    medians = chapter_medians()
    assert medians == sorted(medians)
    assert medians[-1] >= medians[0] + 0.05
    # The choices thin out too: fewer linkable pairs to pick from along the way.
    first = statistics.median(lv.rating["mean_choices"] for lv in LEVELS if lv.chapter == 1)
    last = statistics.median(lv.rating["mean_choices"] for lv in LEVELS if lv.chapter == 6)
    assert last < first / 2


# Rating a level takes 0.01-0.5 s on the Rust core and seconds in pure Python: the Rust core
# re-rates one level of each chapter, the Python one the cheapest random deal.
SAMPLE = [1, 8, 11, 16, 22, 27] if llk.BACKEND == "rust" else [11]


@pytest.mark.parametrize("number", SAMPLE, ids=lambda n: f"level{n}")
def test_the_stored_rating_is_llk_rate_of_the_deal(number):
    level = journey.level(number)
    rating = llk.rate(level.deal())
    assert rating.status == "solved"
    assert rating.score == level.rating["score"] and rating.states == level.rating["states"]
    assert rating.dead_end_share == pytest.approx(level.rating["dead_end_share"], abs=1e-6)
    assert rating.mean_choices == pytest.approx(level.rating["mean_choices"], abs=1e-4)


def test_every_time_limit_leaves_auto_play_time_to_spare():
    """Auto-play links a pair every AUTOPLAY_GAP once the last one's fade (and slides) ended:
    with half a second a pair it needs less than a quarter of every level's limit
    (test_journey.py watches it play a level through to check the pace)."""
    per_pair = AUTOPLAY_GAP + 2 * FADE_SECONDS
    assert per_pair <= 0.7
    for level in LEVELS:
        assert len(level.solution) * per_pair < level.time_limit / 4, level.number


def test_stars_follow_the_time_left():
    assert journey.stars_for(84, 168) == 3
    assert journey.stars_for(83.9, 168) == 2
    assert journey.stars_for(42, 168) == 2
    assert journey.stars_for(41.9, 168) == 1
    assert journey.stars_for(0.0, 168) == 1


def test_levels_unlock_in_order_and_stars_buy_power_ups():
    progress = journey.Progress()
    assert progress.is_unlocked(1) and not progress.is_unlocked(2)
    assert not progress.buy("hint") and progress.balance == 0
    assert progress.record(1, 2) and not progress.record(1, 1) and progress.stars == {1: 2}
    assert progress.is_unlocked(2) and not progress.is_unlocked(3)
    assert progress.next_level == 2
    assert progress.buy("shuffle") and progress.balance == 0 and progress.power_ups["shuffle"] == 1
    assert not progress.buy("hint")
    # A better result on a level already cleared earns the difference only.
    assert progress.record(1, 3) and progress.balance == 1 and progress.earned == 3
    assert progress.use("shuffle") and not progress.use("shuffle") and not progress.use("mirror")
    assert journey.Progress.from_json(progress.to_json()) == progress


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"stars": {"1": 4}},
        {"stars": {"x": 1}},
        {"stars": {"1": 1}, "spent": 2},
        {"power_ups": {"teleport": 1}},
        {"power_ups": {"hint": -1}},
        {"stars": []},
    ],
)
def test_progress_of_the_wrong_shape_is_refused(bad):
    with pytest.raises(ValueError, match="journey progress"):
        journey.Progress.from_json(bad)

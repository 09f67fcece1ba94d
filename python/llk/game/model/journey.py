"""The journey: levels read from assets/journey/levels.json (made by scripts/make_journey.py),
the stars a level earns from the time left, the order levels unlock in, the player's progress
and the power-ups that stars buy.

No arcade and no files here: the rules are tested without a window, and the progress is kept
by the store (store/progress.py: one JSON file beside the scores), which `JourneyMode` is
handed as a `ModeStore`.

The rules, as docs/playing.md ("Journey") says them:

- A level is cleared within its time limit, or lost. Cleared with at least half of the time
  left it earns 3 stars, with a quarter 2, else 1. A level keeps its best result.
- Level 1 is open; level n opens once level n - 1 is cleared.
- Stars to spend = stars earned (the best of each level) - stars spent. Power-ups cost
  `PRICES` stars each and are kept until used: a hint, a re-arrange (a shuffle), the mirror,
  and obstacles (2 pairs more on the board, and 30 s more on the clock). Every level has one
  free re-arrange; a power-up used marks the game assisted, so its score goes to the level's
  assisted table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

import llk

from ..assets import asset_text
from ..i18n import N_, _
from .config import GameConfig
from .free import FreeMode, ModeStore

if TYPE_CHECKING:
    from .game import Game

Cell = tuple[int, int]

JOURNEY_MODE = "journey"
FREE_SHUFFLES = 1  # a re-arrange every level gets for nothing
THREE_STARS, TWO_STARS = 0.5, 0.25  # shares of the time limit left
PRICES = {"hint": 1, "shuffle": 2, "mirror": 2, "obstacles": 1}
POWER_UP_NAMES = {  # the catalog's (i18n.N_): translated where they are shown
    "hint": N_("Hint"),
    "shuffle": N_("Re-arrange"),
    "mirror": N_("Mirror"),
    "obstacles": N_("Obstacles (+30 s)"),
}
REFUSALS = {
    "hint": N_("No hint power-up: buy one with stars"),
    "shuffle": N_("No re-arrange power-up: buy one with stars"),
    "mirror": N_("No mirror power-up: buy one with stars"),
    "obstacles": N_("No obstacles power-up: buy one with stars"),
}
OBSTACLE_PAIRS = 2
OBSTACLE_SECONDS = 30.0
UNDO_SECONDS = 10.0  # a take-back in a level costs this much of its clock
# What the keys do in a level, where it is not what they do in a free game (the help says it).
KEY_HELP = {
    "hint": N_("hint: takes a hint power-up (stars buy them on the journey's map)"),
    "shuffle": N_("re-arrange: the level's free one, then a re-arrange power-up"),
    "undo": N_("undo (also Ctrl+Z): {seconds} s off the clock"),
    "new": N_("no new deal in a level: R plays this one again"),
    "mirror": N_("mirror power-up: flip the board left-right"),
    "obstacles": N_("obstacles power-up: {pairs} pairs more, {seconds} s more on the clock"),
    "autoplay": N_("auto-play: the solver plays; no stars, no score"),
}
LEVEL_HELP = N_(
    "A journey level: classic rules, a countdown; half the time left earns 3 stars, "
    "a quarter 2, else 1"
)


@dataclass(frozen=True)
class Level:
    """One level of the journey, as levels.json holds it."""

    number: int
    chapter: int
    rows: int
    cols: int
    layout: str | None
    kinds: int
    gravity: llk.Gravity
    seed: int
    # The share code the file was made from: the level deals from it, so that a later deal
    # version (llk.deal's default) never changes a level under its stored certificate.
    code: str
    solvable: bool  # a deal with a certificate of its own; else a random deal the solver cleared
    time_limit: float
    solution: tuple[tuple[Cell, Cell], ...]  # the certificate: moves that clear the deal
    rating: dict[str, Any] = field(compare=False)  # llk.rate's answer, precomputed

    @property
    def mode(self) -> str:
        return f"{JOURNEY_MODE}:{self.number}"

    def config(self) -> GameConfig:
        return GameConfig(
            rows=self.rows,
            cols=self.cols,
            kinds=self.kinds,
            layout=self.layout,
            gravity=self.gravity,
            solvable=self.solvable,
            seed=self.seed,
            code=self.code,
            time_mode="countdown",
            time_limit=self.time_limit,
            mode=self.mode,
        )

    def deal(self) -> llk.Board:
        return self.config().deal()

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Level:
        return cls(
            number=int(data["number"]),
            chapter=int(data["chapter"]),
            rows=int(data["rows"]),
            cols=int(data["cols"]),
            layout=data.get("layout"),
            kinds=int(data["kinds"]),
            # The deal refuses any other name (tests/game check every level's).
            gravity=cast("llk.Gravity", str(data["gravity"])),
            seed=int(data["seed"]),
            code=str(data["code"]),
            solvable=bool(data["solvable"]),
            time_limit=float(data["time_limit"]),
            solution=tuple(
                ((int(a[0]), int(a[1])), (int(c[0]), int(c[1]))) for a, c in data["solution"]
            ),
            rating=dict(data["rating"]),
        )


@lru_cache(maxsize=1)
def levels() -> tuple[Level, ...]:
    """The journey's levels, in order (numbers 1..n)."""
    raw = json.loads(asset_text("journey", "levels.json"))
    found = tuple(Level.from_json(entry) for entry in raw["levels"])
    if [lv.number for lv in found] != list(range(1, len(found) + 1)):
        raise ValueError("levels.json: the levels must be numbered 1, 2, 3... in order")
    return found


def level(number: int) -> Level:
    return levels()[number - 1]


def level_of(config: GameConfig) -> Level | None:
    """The journey level a game is, None for another game."""
    if not config.mode.startswith(JOURNEY_MODE + ":"):
        return None
    number = int(config.mode.split(":", 1)[1])
    return level(number) if 1 <= number <= len(levels()) else None


# The map (views/journey.py draws it): the levels wind down it as a snake, MAP_COLUMNS a row,
# the first row left to right, the next right to left, and so on, so that every level sits
# beside the one before it and each turn is one step down.
MAP_COLUMNS = 5
MAP_STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}


def map_place(number: int) -> tuple[int, int]:
    """Level `number`'s place on the map: (row, column), row 0 at the top, column 0 at the
    left."""
    row, along = divmod(number - 1, MAP_COLUMNS)
    return row, MAP_COLUMNS - 1 - along if row % 2 else along


def level_at_place(row: int, col: int, count: int) -> int | None:
    """The level at (row, column) of a map of `count` levels; None off the map, or in the
    empty end of a short last row."""
    if row < 0 or not 0 <= col < MAP_COLUMNS:
        return None
    number = row * MAP_COLUMNS + (MAP_COLUMNS - 1 - col if row % 2 else col) + 1
    return number if number <= count else None


def map_step(number: int, direction: str, count: int | None = None) -> int:
    """The level an arrow key moves to from level `number`: the node next to it on the map in
    `direction` ("left", "right", "up", "down": MAP_STEPS), as the player sees it, whatever
    the numbers. Where there is none (an edge of the map, the empty end of a short last row)
    it stays: at a row's end the snake turns down, so Down already follows the path there,
    and Right or Left would have to jump to a node the eye does not see in that direction.
    `count`: the levels on the map (default: the journey's)."""
    count = len(levels()) if count is None else count
    down, right = MAP_STEPS[direction]
    row, col = map_place(number)
    found = level_at_place(row + down, col + right, count)
    return number if found is None else found


def stars_for(time_left: float, time_limit: float) -> int:
    """The stars of a level cleared with `time_left` of `time_limit` seconds (1 to 3)."""
    share = time_left / time_limit if time_limit > 0 else 0.0
    return 3 if share >= THREE_STARS else 2 if share >= TWO_STARS else 1


@dataclass
class Progress:
    """The player's journey: the best stars of each level cleared, stars spent, power-ups
    bought and not yet used."""

    stars: dict[int, int] = field(default_factory=dict)
    spent: int = 0
    power_ups: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PRICES, 0))

    @property
    def earned(self) -> int:
        return sum(self.stars.values())

    @property
    def balance(self) -> int:
        return self.earned - self.spent

    def is_unlocked(self, number: int) -> bool:
        return number == 1 or self.stars.get(number - 1, 0) > 0

    @property
    def next_level(self) -> int:
        """The first level not cleared yet (the last one once all are)."""
        count = len(levels())
        return next((n for n in range(1, count + 1) if not self.stars.get(n)), count)

    def record(self, number: int, stars: int) -> bool:
        """A level cleared with `stars`; True when that beats its best."""
        if stars <= self.stars.get(number, 0):
            return False
        self.stars[number] = stars
        return True

    def buy(self, name: str) -> bool:
        """Buys one power-up with stars; False when the stars do not reach its price."""
        price = PRICES[name]
        if self.balance < price:
            return False
        self.spent += price
        self.power_ups[name] = self.power_ups.get(name, 0) + 1
        return True

    def use(self, name: str) -> bool:
        """Takes one power-up out of the stock; False when there is none."""
        if self.power_ups.get(name, 0) <= 0:
            return False
        self.power_ups[name] -= 1
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            "stars": {str(n): s for n, s in sorted(self.stars.items())},
            "spent": self.spent,
            "power_ups": dict(self.power_ups),
        }

    @classmethod
    def from_json(cls, data: Any) -> Progress:
        """Progress from its JSON; `ValueError` when it is not the shape written (the file is
        then set aside, like any other unreadable file of the game)."""
        if not isinstance(data, dict):
            raise ValueError("journey progress is not a JSON object")
        stars, spent, power_ups = (
            data.get("stars", {}),
            data.get("spent", 0),
            data.get("power_ups", {}),
        )
        if not isinstance(stars, dict) or not isinstance(power_ups, dict):
            raise ValueError("journey progress: stars and power_ups must be objects")
        progress = cls()
        for key, value in stars.items():
            if not (key.isdigit() and type(value) is int and 0 <= value <= 3):
                raise ValueError(f"journey progress: level {key!r} has {value!r} stars")
            if value:
                progress.stars[int(key)] = value
        if type(spent) is not int or not 0 <= spent <= progress.earned:
            raise ValueError(f"journey progress: {spent!r} stars spent of {progress.earned}")
        for name, count in power_ups.items():
            if name not in PRICES or type(count) is not int or count < 0:
                raise ValueError(f"journey progress: power-up {name!r} x {count!r}")
            progress.power_ups[name] = count
        progress.spent = spent
        return progress


class JourneyMode(FreeMode):
    """A journey level: hints and props come from the power-ups bought with stars (one
    re-arrange free), each one used is taken out of the stock at once and marks the game
    assisted; its end is the level's stars."""

    name = JOURNEY_MODE
    one_deal = True

    def __init__(self, game: Game, level: Level, store: ModeStore) -> None:
        super().__init__(game)
        self.level, self.store = level, store
        stock = store.load_journey().power_ups
        self.stock = dict(stock)  # for the HUD: read once, kept in step by `spend`
        self.title = _("Level {number}").format(number=level.number)
        # The stock is the truth, for a new level and a continued one alike.
        free_left = max(0, FREE_SHUFFLES - game.spent.get("shuffle", 0))
        shuffles = free_left + stock.get("shuffle", 0)
        game.allow(stock.get("hint", 0), shuffles, stock.get("obstacles", 0), self.spend)

    def spend(self, game: Game, prop: str) -> None:
        if prop == "shuffle" and game.spent["shuffle"] <= FREE_SHUFFLES:
            return  # the level's own re-arrange
        progress = self.store.load_journey()
        progress.use(prop)
        self.store.save_journey(progress)
        self.stock = dict(progress.power_ups)
        game.mark_assisted()

    @property
    def status(self) -> str:  # type: ignore[override]
        # Hints and re-arranges are counted in the HUD already; the props here.
        return _("mirror {mirrors}  obstacles {obstacles}").format(
            mirrors=self.stock.get("mirror", 0), obstacles=self.stock.get("obstacles", 0)
        )

    def allows(self, prop: str) -> bool:
        return self.store.load_journey().power_ups.get(prop, 0) > 0

    def refused(self, prop: str) -> str:
        return _(REFUSALS[prop])

    def took_back(self) -> str:
        """A take-back costs UNDO_SECONDS of the level's clock (so that undo and redo cannot
        keep three stars in reach for free)."""
        if self.game.time_limit:
            self.game.spend_time(UNDO_SECONDS)
        return _("Undo: {seconds} s off the clock").format(seconds=f"{UNDO_SECONDS:.0f}")

    def help_lines(self) -> list[str]:
        return [_(LEVEL_HELP)]

    def key_help(self) -> dict[str, str]:
        numbers = {"pairs": OBSTACLE_PAIRS}
        seconds = {"undo": UNDO_SECONDS, "obstacles": OBSTACLE_SECONDS}
        return {
            action: _(what).format(seconds=f"{seconds.get(action, 0):.0f}", **numbers)
            for action, what in KEY_HELP.items()
        }

    def record(self, won: bool) -> tuple[int, bool]:
        """The level ended: its stars (0 unless won by the player), kept in the progress when
        they beat the level's best; and whether they did."""
        game = self.game
        if not won or game.autoplayed:
            return 0, False
        stars = stars_for(game.time_left or 0.0, game.time_limit or 0.0)
        progress = self.store.load_journey()
        best = progress.record(self.level.number, stars)
        self.store.save_journey(progress)
        return stars, best

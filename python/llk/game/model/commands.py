"""The play commands: one method for each action of the player that carries a rule (hint,
shuffle, the deadlock's re-arrange, undo, redo, mirror, obstacles, restart, new game, auto-play,
giving up) and the game's end, each answering with one outcome (outcomes.py) for the play
screen to show.

What a command costs, whether the mode allows it, what is said when it is refused, when the
player is asked first and what runs on a worker are decided here, without a window, so that
each rule is tested as a call and its answer (tests/game/model/test_commands.py). The play
screen turns a key into one of these calls and the answer into pixels; it assigns nothing of
the game's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

import llk

from ..i18n import _
from . import daily
from .assists import AutoPlayer, hint_work
from .config import GameConfig, category_of
from .difficulty import picking_label
from .free import FreeMode, ModeStore
from .game import THINKING_SECONDS
from .journey import OBSTACLE_PAIRS, OBSTACLE_SECONDS
from .outcomes import (
    Ended,
    Hinted,
    Ignored,
    NextGame,
    Notice,
    Outcome,
    PlayOutcome,
    Question,
    Shuffled,
    Work,
)

if TYPE_CHECKING:
    from .game import Game

Cell = tuple[int, int]


class PlayStore(ModeStore, Protocol):
    """What the commands keep of a game that is left (the game's store, which the model does
    not import): the mode's records, the statistics, and the save that goes with the game."""

    def record_game(self, category: str, won: bool, seconds: float | None = None) -> None: ...

    def drop_game(self, slot: str, game_id: Any = ...) -> None: ...


class PlayRules:
    """The rules of the play commands for one game under its `mode`. `extra_shuffles` says
    whether the settings allow shuffles past the allowance (the game is then assisted); it is
    asked at each shuffle, since the settings may change. `finished` once the game has ended
    or been given up: nothing more is counted for it."""

    def __init__(
        self,
        game: Game,
        mode: FreeMode,
        store: PlayStore,
        extra_shuffles: Callable[[], bool] = lambda: False,
    ) -> None:
        self.game, self.mode, self.store = game, mode, store
        self.extra_shuffles = extra_shuffles
        self.autoplayer: AutoPlayer | None = None
        self.finished = False

    # Hints.

    def hint(self, near: tuple[float, float]) -> PlayOutcome:
        """A hint near `near` (a point in cells: the middle of what the player sees), found
        on a worker; refused, in the mode's words, when none is left."""
        game = self.game
        if game.hints_left <= 0:
            return Notice(self.mode.refused("hint") or _("No hints left"))
        stop = threading.Event()
        work = hint_work(game.board, near, stop)
        return self._work(_("Looking for a hint"), work, self._hinted, stop)

    def _hinted(self, hint: llk.Hint | None) -> PlayOutcome:
        if hint is None:
            return Notice(_("No pair links: the tiles will be re-arranged"))
        self.game.take_hint(hint)
        a, c = hint
        return Hinted((a, c), self.game.board.path(a, c))

    # Changes of the whole board.

    def shuffle(self) -> PlayOutcome:
        """The player's shuffle: one of those left, or an assist when the settings allow
        more; refused in the mode's words when neither."""
        game = self.game
        if game.board.remaining == 0:
            return Ignored(None)
        cost = game.shuffle_cost(self.extra_shuffles())
        if cost is None:
            return Notice(self.mode.refused("shuffle") or _("No shuffles left"))
        return self._shuffle(cost, _("Shuffling"))

    def rearrange(self) -> PlayOutcome:
        """KShisen's rule for a deadlock: the re-arrange costs a shuffle, and with none left
        the game is lost, unless the settings allow more (the game is then assisted). Nothing
        when the board has a move again (the player undid or shuffled meanwhile)."""
        game = self.game
        if not game.board.is_deadlocked():
            return Ignored(None)
        cost = game.shuffle_cost(self.extra_shuffles())
        if cost is None:
            return self._end(False, _("No moves left and no shuffles left"))
        game.count_rearrange()
        return self._shuffle(cost, _("Re-arranging"))

    def _shuffle(self, cost: str, label: str) -> Work:
        def done(shuffled: Shuffled | None) -> PlayOutcome:
            if shuffled is None:
                return self._end(False, _("No arrangement of the tiles left has a move"))
            changed = self.game.take_shuffle(shuffled, cost)
            return Ignored(None) if changed is None else replace(changed, how="rearranged")

        return self._work(label, self.game.shuffle_work(self.game.next_seed()), done)

    def undo(self) -> PlayOutcome:
        """Takes back the last change; what it costs is the mode's to say (a journey level's
        clock pays for it)."""
        game = self.game
        changed = game.undo()
        if changed is not None:
            return replace(changed, said=self.mode.took_back())
        if game.history_to_come is not None:
            return Notice(_("Undo is on its way: the saved moves are being restored"))
        return Notice(_("Nothing to undo"))

    def redo(self) -> PlayOutcome:
        changed = self.game.redo()
        return Notice(_("Nothing to redo")) if changed is None else changed

    def mirror(self) -> PlayOutcome:
        if not self.mode.allows("mirror"):
            return Notice(self.mode.refused("mirror"))
        return replace(self.game.mirror(), said=_("Mirrored"))

    def obstacles(self) -> PlayOutcome:
        if not self.mode.allows("obstacles"):
            return Notice(self.mode.refused("obstacles"))
        game = self.game
        changed = game.add_obstacles(OBSTACLE_PAIRS, OBSTACLE_SECONDS, game.next_seed())
        if changed is None:
            return Notice(_("No room for obstacles"))
        said = _("Obstacles: {pairs} pairs more, {seconds} s more")
        return replace(
            changed, said=said.format(pairs=OBSTACLE_PAIRS, seconds=f"{OBSTACLE_SECONDS:.0f}")
        )

    # Leaving this game for another: the same deal again, or a new one.

    def restart(self) -> PlayOutcome:
        """The same deal again; asks first when this game has something to lose."""
        return self._confirmed(
            _("Restart this deal? This game's progress is lost."),
            lambda: self._leave(self.game.config),
        )

    def new_game(self) -> PlayOutcome:
        """A new deal with the same settings (the next seed); refused in a mode of one deal;
        asks first when this game has something to lose."""
        if self.mode.one_deal:
            return Notice(_("This game has one deal: R plays it again"))
        return self._confirmed(_("Start a new game? This one is lost."), self._new)

    def _new(self) -> PlayOutcome:
        config = self.game.config
        config = replace(config, seed=config.seed + 1, code=None)
        if config.difficulty == "any":
            return self._leave(config, config.deal())

        # A deal picked by its difficulty (the config picked keeps its share code): rating
        # deals until one fits takes seconds. This game is given up only once it is found.
        def found(picked: tuple[GameConfig, llk.Board]) -> PlayOutcome:
            return self._leave(*picked)

        return self._work(picking_label(config.difficulty), config.picked, found)

    def _confirmed(self, question: str, then: Callable[[], PlayOutcome]) -> PlayOutcome:
        """`then` at once when nothing is at stake, else a question whose yes runs it."""
        return Question(question, then) if self.game.in_progress else then()

    def _leave(self, config: GameConfig, board: llk.Board | None = None) -> NextGame:
        self.give_up()
        return NextGame(config, board)

    def give_up(self) -> None:
        """A game left unfinished for another counts as played and lost (the statistics),
        its mode keeps what it keeps of it (the daily's attempt ends here), and its save goes:
        the game it holds is over."""
        game = self.game
        if game.in_progress and not self.finished:
            self.finished = True
            self.mode.gave_up()
            self.store.record_game(game.category, won=False)
            self.store.drop_game(game.config.kind, game.save_id)

    # Auto-play.

    def autoplay(self) -> PlayOutcome:
        """Auto-play on, after the player agrees that the game will score nothing (asked the
        first time only), or off again."""
        if self.autoplayer is not None:
            self.autoplayer = None
            return Notice(_("Auto-play off"))
        if self.game.autoplayed:
            return self._plan()
        return Question(_("Let the solver play? The game will score nothing."), self._plan)

    def _plan(self) -> Work:
        # The game is the solver's from its first move (autoplay_step): Esc while it plans,
        # or A again before that move, leaves the game as it was.
        self.game.clear_selection()

        def done(plan: list[tuple[Cell, Cell]]) -> PlayOutcome:
            self.autoplayer = AutoPlayer(plan)
            return Notice(_("Auto-play (A stops it)"))

        stop = threading.Event()
        plan = AutoPlayer.plan_work(self.game.board, stop)
        return self._work(_("Auto-play: the solver plans"), plan, done, stop)

    def autoplay_step(self) -> Outcome | None:
        """Auto-play's next pair, clicked as a player would: the second click's outcome, or
        None when auto-play is off or the board has no move (the deadlock's re-arrange comes
        first). The first move makes the game the solver's, for good."""
        game = self.game
        if self.autoplayer is None or game.is_won():
            return None
        move = self.autoplayer.next_move(game.board)
        if move is None:
            return None
        if not game.autoplayed:
            game.start_autoplay()
        game.clear_selection()
        game.click(move[0])
        return game.click(move[1])

    # The end.

    def ending(self, settled: bool) -> Ended | None:
        """The game's end, once: won (when the last removal has `settled` on screen), or lost
        when the time is up; None while it goes on."""
        game = self.game
        if self.finished:
            return None
        if game.is_won() and settled:
            return self._end(True)
        if game.is_out_of_time():
            return self._end(False, _("Time is up"))
        return None

    def _end(self, won: bool, reason: str = "") -> Ended:
        self.finished = True
        return Ended(won, reason)

    def _work(
        self,
        label: str,
        work: Callable[[], Any],
        done: Callable[[Any], PlayOutcome],
        stop: threading.Event | None = None,
    ) -> Work:
        return Work(label, work, done, self.game.version, stop, Notice(_("Cancelled")))


@dataclass(frozen=True)
class SavedRules:
    """A saved game's deal as its header says it (config.DealtRules): its share code and its
    rule variants."""

    code: str | None
    chinese: bool
    slide: bool


def give_up_saved(saved: dict[str, Any], store: PlayStore) -> None:
    """A saved game replaced by a new one of its kind (the slot keeps one) is given up, as R
    and N give up the game in play (`PlayRules.give_up`): counted as played and lost when it
    had something at stake (a move made, or time spent thinking), and a day's puzzle whose
    attempt was not counted yet keeps its line, stopped. `saved` is the save's header (the
    store's `peek_game`, its fields checked); one that cannot say what game it was counts
    nothing."""
    try:
        config = GameConfig(**saved["config"])
        rows, cols, elapsed = int(saved["rows"]), int(saved["cols"]), float(saved["elapsed"])
        rules = SavedRules(saved.get("code"), bool(saved.get("chinese")), bool(saved.get("slide")))
        moves = (int(saved["tiles_at_start"]) - int(saved["remaining"])) // 2
        gravity = str(saved.get("gravity", config.gravity))
    except (KeyError, TypeError, ValueError):
        return
    if int(saved.get("position", 0)) == 0 and elapsed < THINKING_SECONDS:
        return  # nothing at stake: not a game played
    store.record_game(category_of(config, rows, cols, gravity, rules), won=False)
    day = daily.day_of(config)
    if day is not None and store.daily_result(day.isoformat()) is None:
        assisted = bool(saved.get("assisted"))
        line = daily.result_line(day, rules.code or "", False, elapsed, moves, assisted)
        store.keep_daily_result(line)

"""The play screen's commands: one for each action of the key table (keymap.py), which
`key_actions` maps to them, and what they start (a task's progress, a question, the pause).

Each asks the game model and shows its answer; what a command costs and whether the mode allows
it are the model's to say (model/game.py, model/free.py and the modes built on it).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from ..board.grid_tiles import GridTiles
from ..i18n import _
from ..model.assists import AutoPlayer, hint_work
from ..model.config import rules_of
from ..model.difficulty import picking_label
from ..model.journey import OBSTACLE_PAIRS, OBSTACLE_SECONDS
from .covers import HelpView, PauseView, ProgressView, QuestionView
from .tasks import Task

if TYPE_CHECKING:
    import llk

    from ..board.minimap import Minimap
    from ..board.navigate import HintsOutward
    from ..board.view import BoardView
    from ..model.config import GameConfig
    from ..model.free import FreeMode
    from ..model.game import Game
    from ..model.outcomes import Cell, Changed, Shuffled
    from .hud import Hud
    from .services import Services

PAN_STEP = 60  # screen pixels per arrow key press with a modifier


class PlayCommands:
    """The commands of PlayView (which has the attributes below)."""

    services: Services
    game: Game
    mode: FreeMode
    board_view: BoardView
    minimap: Minimap
    hud: Hud
    hints_outward: HintsOutward
    autoplayer: AutoPlayer | None
    finished: bool

    if TYPE_CHECKING:

        def say(self, text: str, seconds: float = ...) -> None: ...

        def board_changed(self) -> None: ...

        def click(self, cell: Cell | None) -> None: ...

        def finish(self, won: bool, reason: str = "") -> None: ...

        def save(self, later: bool = False) -> None: ...

    def key_actions(self) -> dict[str, Callable[[], None]]:
        """Each action of the key table (keymap.actions()) and what does it."""
        moves = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
        table: dict[str, Callable[[], None]] = {
            "select": self.do_select,
            "hint": self.do_hint,
            "shuffle": self.do_shuffle,
            "undo": self.do_undo,
            "redo": self.do_redo,
            "pause": self.do_pause,
            "restart": self.do_restart,
            "new": self.do_new,
            "mirror": self.do_mirror,
            "obstacles": self.do_obstacles,
            "autoplay": self.do_autoplay,
            "frame_times": self.do_frame_times,
            "fit": self.board_view.fit,
            "minimap": self.do_minimap,
            "heat_map": self.do_heat_map,
            "help": self.do_help,
            "menu": self.do_menu,
        }
        for way, (dr, dc) in moves.items():
            table[f"cursor {way}"] = partial(self.move_cursor, dr, dc)
            table[f"pan {way}"] = partial(self.board_view.pan, -dc * PAN_STEP, dr * PAN_STEP)
        return table

    # Work on a worker thread, and questions.

    def run_task(
        self,
        label: str,
        work: Callable[[], Any],
        done: Callable[[Any], None],
        cancelled: Callable[[], None] | None = None,
        stop: threading.Event | None = None,
    ) -> None:
        """Runs `work` on a worker thread under the progress screen; `stop` is the event its
        solver polls, set by Esc. Its answer is dropped when the board changed meanwhile."""
        version = self.game.version

        def answer(result: Any) -> None:
            if self.game.version == version:
                done(result)

        def cancel() -> None:
            if cancelled is not None:
                cancelled()
            self.say(_("Cancelled"))

        task = Task(label, work, version, stop)
        ProgressView(self, task, answer, cancelled=cancel).show()  # type: ignore[arg-type]

    def ask(self, question: str, action: Callable[[], None]) -> None:
        QuestionView(self, question, action).show()  # type: ignore[arg-type]

    def confirmed(self, question: str, action: Callable[[], None]) -> None:
        """Runs `action` at once when nothing is at stake, else after the player says yes."""
        if self.game.in_progress:
            self.ask(question, action)
        else:
            action()

    # The cursor.

    def move_cursor(self, dr: int, dc: int) -> None:
        bv = self.board_view
        if bv.cursor is None:
            # It starts where the player looks, not at a corner that may be off-screen.
            bv.cursor = self.game.selected or bv.cell_near_centre()
        else:
            r, c = bv.cursor
            bv.cursor = (min(max(r + dr, 0), bv.rows - 1), min(max(c + dc, 0), bv.cols - 1))
        bv.keep_in_view(bv.cursor)

    def do_select(self) -> None:
        bv = self.board_view
        if bv.cursor is None:
            bv.cursor = bv.cell_near_centre()
        elif self.autoplayer is None:
            self.click(bv.cursor)

    # Hints.

    def do_hint(self) -> None:
        # H again while a hint shows: the next pair outward, free (navigate.HintsOutward).
        if self.board_view.hint is not None:
            further = self.hints_outward.next(self.game.board, self.game.version)
            if further is not None:
                self.show_hint(further)
                self.say(_("Next hint outward"))
                return
        if self.game.hints_left <= 0:
            self.say(self.mode.refused("hint") or _("No hints left"))
            return
        stop = threading.Event()
        work = hint_work(self.game.board, self.board_view.view_centre(), stop)
        self.run_task(_("Looking for a hint"), work, self._show_hint, stop=stop)

    def _show_hint(self, hint: llk.Hint | None) -> None:
        if hint is None:
            self.say(_("No pair links: the tiles will be re-arranged"))
            return
        self.game.take_hint(hint)
        pair = cast("tuple[Cell, Cell]", tuple(hint))
        self.hints_outward.start(self.board_view.cell_near_centre(), self.game.version, pair)
        self.show_hint(pair)

    def show_hint(self, pair: tuple[Cell, Cell]) -> None:
        self.board_view.show_hint(pair, self.game.board.path(*pair))
        self.board_view.bring_into_view(pair)

    # Changes of the whole board.

    def do_shuffle(self) -> None:
        game = self.game
        if game.board.remaining == 0:
            return
        cost = game.shuffle_cost(self.services.settings.extra_shuffles)
        if cost is None:
            self.say(self.mode.refused("shuffle") or _("No shuffles left"))
            return
        self.start_shuffle(cost, _("Shuffling"))

    def rearrange_deadlock(self) -> None:
        """KShisen's rule: the re-arrange costs a shuffle, and with none left the game is lost,
        unless the settings allow more (the game is then assisted)."""
        game = self.game
        if not game.board.is_deadlocked():
            return  # the player undid or shuffled meanwhile
        cost = game.shuffle_cost(self.services.settings.extra_shuffles)
        if cost is None:
            self.finish(won=False, reason=_("No moves left and no shuffles left"))
            return
        game.rearranges += 1
        self.start_shuffle(cost, _("Re-arranging"))

    def start_shuffle(self, cost: str, label: str) -> None:
        def done(shuffled: Shuffled | None) -> None:
            if shuffled is None:
                self.finish(won=False, reason=_("No arrangement of the tiles left has a move"))
                return
            changed = self.game.take_shuffle(shuffled, cost)
            if changed is not None:
                self.board_view.clear_overlays()
                self.board_view.show_rearrange(changed.cells)
                self.services.sound.play("shuffle")
                self.board_changed()

        self.run_task(label, self.game.shuffle_work(self.game.next_seed()), done)

    def do_undo(self) -> None:
        changed = self.game.undo()
        if changed is not None:
            self._after_history_step(changed)
            cost = self.mode.took_back()  # a journey level's clock pays for it
            if cost:
                self.say(cost)
        elif self.game.history_to_come is not None:
            self.say(_("Undo is on its way: the saved moves are being restored"))
        else:
            self.say(_("Nothing to undo"))

    def do_redo(self) -> None:
        changed = self.game.redo()
        if changed is not None:
            self._after_history_step(changed)
        else:
            self.say(_("Nothing to redo"))

    def _after_history_step(self, changed: Changed) -> None:
        bv = self.board_view
        bv.finish_animations()
        bv.clear_overlays()
        bv.show_cells(changed.cells)
        self.board_changed()

    def do_mirror(self) -> None:
        if not self.mode.allows("mirror"):
            self.say(self.mode.refused("mirror"))
            return
        self._after_history_step(self.game.mirror())
        self.say(_("Mirrored"))

    def do_obstacles(self) -> None:
        if not self.mode.allows("obstacles"):
            self.say(self.mode.refused("obstacles"))
            return
        changed = self.game.add_obstacles(OBSTACLE_PAIRS, OBSTACLE_SECONDS, self.game.next_seed())
        if changed is None:
            self.say(_("No room for obstacles"))
            return
        self._after_history_step(changed)
        said = _("Obstacles: {pairs} pairs more, {seconds} s more")
        self.say(said.format(pairs=OBSTACLE_PAIRS, seconds=f"{OBSTACLE_SECONDS:.0f}"))

    # Leaving this game: for the same deal, a new one, the menu, the solver.

    def do_restart(self) -> None:
        self.confirmed(_("Restart this deal? This game's progress is lost."), self._restart)

    def _restart(self) -> None:
        self.give_up()
        self.services.screens.start_game(self.game.config)

    def do_new(self) -> None:
        if self.mode.one_deal:
            self.say(_("This game has one deal: R plays it again"))
            return
        self.confirmed(_("Start a new game? This one is lost."), self._new)

    def _new(self) -> None:
        config = self.game.config
        config = replace(config, seed=config.seed + 1, code=None)

        def done(found: tuple[GameConfig, llk.Board]) -> None:
            self.give_up()
            self.services.screens.start_game(*found)

        if config.difficulty == "any":
            done((config, config.deal()))
        else:  # a deal picked by its difficulty (the config picked keeps its share code)
            self.run_task(picking_label(config.difficulty), config.picked, done)

    def give_up(self) -> None:
        """A game left unfinished for another counts as played and lost (statistics)."""
        if self.game.in_progress and not self.finished:
            self.finished = True
            self.mode.gave_up()  # the daily's attempt ends here
            self.services.storage.record_game(self.game.category, won=False)
            self.services.storage.drop_game(self.game.config.kind, self.game.save_id)

    def do_menu(self) -> None:
        self.save(later=True)
        self.services.screens.show_menu()

    def do_autoplay(self) -> None:
        if self.autoplayer is not None:
            self.autoplayer = None
            self.say(_("Auto-play off"))
            return
        if self.game.autoplayed:
            self._autoplay()
        else:
            self.ask(_("Let the solver play? The game will score nothing."), self._autoplay)

    def _autoplay(self) -> None:
        # The game is the solver's from its first move (PlayView.step_autoplay): Esc while it
        # plans, or A again before that move, leaves the game as it was.
        self.game.clear_selection()

        def done(plan: list[tuple[Cell, Cell]]) -> None:
            self.autoplayer = AutoPlayer(plan)
            self.say(_("Auto-play (A stops it)"))

        stop = threading.Event()
        plan = AutoPlayer.plan_work(self.game.board, stop)
        self.run_task(_("Auto-play: the solver plans"), plan, done, stop=stop)

    # What is shown.

    def do_pause(self) -> None:
        PauseView(self, self.do_menu).show()  # type: ignore[arg-type]

    def do_help(self) -> None:
        HelpView(self, rules_of(self.game.config, self.game.board)).show()  # type: ignore[arg-type]

    def do_frame_times(self) -> None:
        self.hud.show_frame_times = not self.hud.show_frame_times

    def do_minimap(self) -> None:
        self.minimap.visible = not self.minimap.visible

    def do_heat_map(self) -> None:
        tiles = self.board_view.tiles
        if not isinstance(tiles, GridTiles):
            self.say(_("The heat map is for big boards (drawn by the grid renderer)"))
            return
        tiles.heat_on = not tiles.heat_on
        if tiles.heat_on:
            self.say(_("Where to look: zoomed out, blue has no move, yellow the most"))
        else:
            self.say(_("Heat map off: the kinds' colours"))

"""The play screen: the board, the HUD, and the overlays (pause, help, a confirmation, the
progress of work on a worker thread).

Every rule question goes to the engine through `Game` (model.py); this view turns clicks and
keys into those questions and the answers into animations.

Input rules: a click is a press and a release within CLICK_SLOP pixels; anything further is a
drag, which pans and never selects. A press on the HUD bar never reaches the board. While an
overlay is up the board is not drawn, the clock stands still and clicks only close the overlay
(a confirmation waits for Y or N). While a task runs (tasks.py) the board stays on screen but
takes no input, and Esc cancels the task.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import arcade
import numpy as np

from ..board_view import BoardView
from ..grid_tiles import GridTiles
from ..hud import HUD_HEIGHT, Hud
from ..journey import OBSTACLE_PAIRS, OBSTACLE_SECONDS
from ..keymap import ARROWS, PAN_MODIFIERS, action_for
from ..minimap import Minimap
from ..model import Changed, Game, Ignored, Linked, Outcome, Refused, Selected, Shuffled
from ..modes import mode_for
from ..navigate import HintsOutward
from ..tasks import Task, draw_progress
from ..watcher import AutoPlayer, DeadlockWatcher
from .mode_hud import ModeHud
from .overlays import draw_confirm, draw_help, draw_pause

if TYPE_CHECKING:
    import llk

    from ..services import Services

Cell = tuple[int, int]

NOTICE_SECONDS = 1.2
DEADLOCK_PAUSE = 0.8  # the deadlock notice stays this long before the re-arrange
AUTOPLAY_GAP = 0.05
PAN_STEP = 60  # screen pixels per arrow key press with a modifier
CLICK_SLOP = 5  # screen pixels a press may move and still be a click
# One frame counts for at most this much play time: a suspended laptop or a debugger's stop
# must not run the countdown out (or give the relaxed clock an hour).
MAX_FRAME_STEP = 0.25


@dataclass
class Confirm:
    question: str
    action: Callable[[], None]


@dataclass
class Press:
    x: float
    y: float
    button: int
    dragging: bool = False


READABLE_PX = 12  # tiles narrower than this on screen: a click zooms in instead of selecting
ZOOMED_IN_PX = 32  # ... until they are this wide


class PlayView(arcade.View):
    def __init__(self, services: Services, game: Game) -> None:
        super().__init__()
        self.services = services
        self.game = game
        self.board_view = BoardView(
            game.board, services.theme, hud_height=HUD_HEIGHT, renderer=services.renderer
        )
        self.board_view.speed = services.settings.animation_speed
        self.hud = Hud(services.theme)
        self.mode = mode_for(services, game)  # a free game, a journey level, the daily puzzle
        self.mode_hud = ModeHud(services.theme, self.hud.camera)
        self.watcher = DeadlockWatcher()
        self.autoplayer: AutoPlayer | None = None
        self.hints_outward = HintsOutward()
        self.minimap = Minimap(self.board_view, game.board)
        self.on_minimap = False  # a press on the minimap: the drag steers the camera
        self.autoplay_wait = 0.0
        self.moves: int | None = None  # the watcher counts them off the frame loop
        # None, "pause", "help" or a Confirm: what covers the board.
        self.overlay: str | Confirm | None = None
        self.task: Task[Any] | None = None
        self._task_done: Callable[[Any], None] | None = None
        self._task_cancelled: Callable[[], None] | None = None
        self.press: Press | None = None
        self.notice: str | None = None
        self.notice_left = 0.0
        self.rearrange_in: float | None = None
        self.finished = False
        self.board_changed(check_deadlock=True)

    # What covers the board.

    @property
    def paused(self) -> bool:
        return self.overlay == "pause"

    @property
    def show_help(self) -> bool:
        return self.overlay == "help"

    @property
    def clock_runs(self) -> bool:
        return self.overlay is None and self.task is None and not self.finished

    def ask(self, question: str, action: Callable[[], None]) -> None:
        self.overlay = Confirm(question, action)

    def confirmed(self, question: str, action: Callable[[], None]) -> None:
        """Runs `action` at once when nothing is at stake, else after the player says yes."""
        if self.game.in_progress:
            self.ask(question, action)
        else:
            action()

    # The board changed: keep the move count, the deadlock check and the sprites in step.

    def board_changed(self, check_deadlock: bool = True) -> None:
        self.moves = None
        self.minimap.request(self.game.board)
        if check_deadlock and not self.game.is_won():
            self.watcher.request(self.game.board, self.game.version)

    def say(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        self.notice, self.notice_left = text, seconds

    # Work on a worker thread.

    def run_task(
        self,
        label: str,
        work: Callable[[], Any],
        done: Callable[[Any], None],
        cancelled: Callable[[], None] | None = None,
        stop: threading.Event | None = None,
    ) -> None:
        """Runs `work` on a worker thread; `stop` is the event its solver polls, set by Esc."""
        self.task = Task(label, work, self.game.version, stop)
        self._task_done, self._task_cancelled = done, cancelled

    def cancel_task(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
            if self._task_cancelled is not None:
                self._task_cancelled()
            self.say("Cancelled")

    def poll_task(self) -> None:
        task = self.task
        if task is None or not task.done:
            return
        self.task = None
        if task.version != self.game.version:
            return  # the board moved on: the answer is about a board that is gone
        done = self._task_done
        if done is not None:
            done(task.result())

    # Clicks: the game model answers each with one outcome, which is shown here.

    def click(self, cell: Cell | None) -> None:
        self.show(self.game.click(cell))

    def show(self, outcome: Outcome) -> None:
        if isinstance(outcome, Ignored):
            return
        bv, theme = self.board_view, self.services.theme
        if bv.highlight_kind is not None:
            bv.set_highlight_kind(None)
        if isinstance(outcome, Selected):
            theme.play("select")
        elif isinstance(outcome, Refused):
            theme.play("no-link")
        elif isinstance(outcome, Linked):
            bv.clear_overlays()
            bv.show_removal(outcome)
            theme.play("link")
            self.mode_hud.linked(outcome, self.game.combo, bv)
            self.board_changed()

    def on_hud(self, y: float) -> bool:
        return y >= self.window.height - HUD_HEIGHT

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.press = None
        if self.task is not None or isinstance(self.overlay, Confirm):
            return
        if self.overlay is not None:
            self.overlay = None  # a click closes pause or help, and does nothing else
            return
        if self.on_hud(y):
            return
        self.on_minimap = self.minimap.contains(x, y)
        if self.on_minimap:
            self.minimap.look_at(x, y)
            return
        self.press = Press(x, y, button)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.on_minimap:
            self.minimap.look_at(x, y)
            return
        press = self.press
        if press is None:
            return
        if not press.dragging:
            if abs(x - press.x) <= CLICK_SLOP and abs(y - press.y) <= CLICK_SLOP:
                return
            press.dragging = True
            # The board follows the pointer from where it was pressed, the slop included.
            dx, dy = x - press.x, y - press.y
        self.board_view.pan(dx, dy)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        press, self.press = self.press, None
        self.on_minimap = False
        if press is None or press.dragging or press.button != button:
            return
        cell = self.board_view.cell_at_screen(press.x, press.y)
        small = self.board_view.tile_pixels < READABLE_PX
        if button == arcade.MOUSE_BUTTON_RIGHT:
            kind = self.game.board[cell] if cell is not None else 0
            self.board_view.set_highlight_kind(kind or None)
            if kind and small:
                left = int(np.count_nonzero(self.game.board.grid == kind))
                self.say(f"{left} tiles of this kind left, marked")
        elif button == arcade.MOUSE_BUTTON_LEFT and small:
            # Tiles too small to read: the click zooms in there instead of selecting.
            self.board_view.zoom_at(press.x, press.y, ZOOMED_IN_PX / self.board_view.tile_pixels)
        elif button == arcade.MOUSE_BUTTON_LEFT and self.autoplayer is None:
            self.click(cell)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.overlay is None and scroll_y:
            self.board_view.zoom_at(x, y, 1.15**scroll_y)

    # Losing the window: the clock must not run while the player is elsewhere.

    def on_deactivate(self) -> None:
        self.auto_pause()

    def on_hide(self) -> None:
        self.auto_pause()

    def auto_pause(self) -> None:
        if self.overlay is None and not self.finished:
            self.overlay = "pause"

    # Keys.

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.task is not None:
            if symbol == arcade.key.ESCAPE:
                self.cancel_task()
            return
        overlay = self.overlay
        if isinstance(overlay, Confirm):
            if symbol in (arcade.key.Y, arcade.key.ENTER, arcade.key.RETURN):
                self.overlay = None
                overlay.action()
            elif symbol in (arcade.key.N, arcade.key.ESCAPE):
                self.overlay = None
            return
        action = action_for(symbol)
        if overlay == "help":
            self.overlay = None  # any key closes the help, and does nothing else
            return
        if overlay == "pause":
            if action in ("pause", "menu"):
                getattr(self, f"do_{action}")()
            return
        if symbol in ARROWS:
            dr, dc = ARROWS[symbol]
            if modifiers & PAN_MODIFIERS:
                self.board_view.pan(-dc * PAN_STEP, dr * PAN_STEP)
            else:
                self.move_cursor(dr, dc)
            return
        if action is not None:
            getattr(self, f"do_{action}")()

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

    def do_hint(self) -> None:
        # H again while a hint shows: the next pair outward, free (navigate.HintsOutward).
        if self.board_view.hint is not None:
            further = self.hints_outward.next(self.game.board, self.game.version)
            if further is not None:
                self.show_hint(further)
                self.say("Next hint outward")
                return
        if self.game.hints_left <= 0:
            self.say(self.mode.refused("hint") or "No hints left")
            return
        stop = threading.Event()
        self.run_task(
            "Looking for a hint",
            self.game.hint_work(self.board_view.view_centre(), stop),
            self._show_hint,
            stop=stop,
        )

    def _show_hint(self, hint: llk.Hint | None) -> None:
        if hint is None:
            self.say("No pair links: the tiles will be re-arranged")
            return
        self.game.take_hint(hint)
        self.hints_outward.start(self.board_view.cell_near_centre(), self.game.version, tuple(hint))
        self.show_hint(tuple(hint))

    def show_hint(self, pair: tuple[Cell, Cell]) -> None:
        self.board_view.show_hint(pair, self.game.board.path(*pair))
        self.board_view.bring_into_view(pair)

    def do_shuffle(self) -> None:
        game = self.game
        if game.board.remaining == 0:
            return
        if game.shuffles_left > 0:
            cost = "shuffle"
        elif self.services.settings.extra_shuffles:
            cost = "assist"
        else:
            self.say(self.mode.refused("shuffle") or "No shuffles left")
            return
        self.start_shuffle(cost, "Shuffling")

    def start_shuffle(self, cost: str, label: str) -> None:
        def done(shuffled: Shuffled | None) -> None:
            if shuffled is None:
                self.finish(won=False, reason="No arrangement of the tiles left has a move")
                return
            changed = self.game.take_shuffle(shuffled, cost)
            if changed is not None:
                self._after_rearrange(changed)

        self.run_task(label, self.game.shuffle_work(self._seed()), done)

    def _seed(self) -> int:
        # Fresh but reproducible from the game: the deal's seed and how far the game is.
        return (self.game.config.seed * 1_000_003 + self.game.version + self.game.position) % 2**63

    def _after_rearrange(self, changed: Changed) -> None:
        self.board_view.clear_overlays()
        self.board_view.show_rearrange(changed.cells)
        self.services.theme.play("shuffle")
        self.board_changed()

    def do_undo(self) -> None:
        changed = self.game.undo()
        if changed is not None:
            self._after_history_step(changed)
        else:
            self.say("Nothing to undo")

    def do_redo(self) -> None:
        changed = self.game.redo()
        if changed is not None:
            self._after_history_step(changed)
        else:
            self.say("Nothing to redo")

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
        self.say("Mirrored")

    def do_obstacles(self) -> None:
        if not self.mode.allows("obstacles"):
            self.say(self.mode.refused("obstacles"))
            return
        changed = self.game.add_obstacles(OBSTACLE_PAIRS, OBSTACLE_SECONDS, self._seed())
        if changed is None:
            self.say("No room for obstacles")
            return
        self._after_history_step(changed)
        self.say(f"Obstacles: {OBSTACLE_PAIRS} pairs more, {OBSTACLE_SECONDS:.0f} s more")

    def toggle_pause(self) -> None:
        self.overlay = None if self.overlay == "pause" else "pause"

    def do_pause(self) -> None:
        self.toggle_pause()

    def do_restart(self) -> None:
        self.confirmed("Restart this deal? This game's progress is lost.", self._restart)

    def _restart(self) -> None:
        self.give_up()
        self.services.screens.start_game(self.game.config)

    def do_new(self) -> None:
        if self.game.config.mode != "free":
            self.say("This game has one deal: R plays it again")
            return
        self.confirmed("Start a new game? This one is lost.", self._new)

    def _new(self) -> None:
        config = self.game.config
        config = replace(config, seed=config.seed + 1, code=None)

        def done(board: llk.Board) -> None:
            self.give_up()
            self.services.screens.start_game(config, board)

        if config.difficulty == "any":
            done(config.deal())
        else:  # a deal picked by its difficulty is rated first: seconds, on a worker
            self.run_task(f"Picking a {config.difficulty} deal", config.deal, done)

    def give_up(self) -> None:
        """A game left unfinished for another counts as played and lost (statistics)."""
        if self.game.in_progress and not self.finished:
            self.finished = True
            self.services.storage.record_game(self.game.category, won=False)
            self.services.storage.drop_game()

    def do_autoplay(self) -> None:
        if self.autoplayer is not None:
            self.autoplayer = None
            self.say("Auto-play off")
            return
        if self.game.autoplayed:
            self._autoplay()
        else:
            self.ask("Let the solver play? The game will score nothing.", self._autoplay)

    def _autoplay(self) -> None:
        self.game.start_autoplay()

        def done(plan: list[tuple[Cell, Cell]]) -> None:
            self.autoplayer = AutoPlayer(plan)
            self.say("Auto-play (A stops it)")

        stop = threading.Event()
        plan = AutoPlayer.plan_work(self.game.board, stop)
        self.run_task("Auto-play: the solver plans", plan, done, stop=stop)

    def do_frame_times(self) -> None:
        self.hud.show_frame_times = not self.hud.show_frame_times

    def do_fit(self) -> None:
        self.board_view.fit()

    def do_minimap(self) -> None:
        self.minimap.visible = not self.minimap.visible

    def do_heat_map(self) -> None:
        tiles = self.board_view.tiles
        if not isinstance(tiles, GridTiles):
            self.say("The heat map is for big boards (drawn by the grid renderer)")
            return
        tiles.heat_on = not tiles.heat_on
        if tiles.heat_on:
            self.say("Where to look: zoomed out, blue has no move, yellow the most")
        else:
            self.say("Heat map off: the kinds' colours")

    def do_help(self) -> None:
        self.overlay = None if self.overlay == "help" else "help"

    def do_menu(self) -> None:
        self.save(later=True)
        self.services.screens.show_menu()

    # Saving.

    def save(self, later: bool = False) -> None:
        """The game in progress to the save file; `later`: on a worker thread, for a screen
        that goes on drawing (the menu), since a million-tile game takes a second or more. The
        game is left as it is meanwhile: this view is leaving."""
        if self.finished or self.game.is_won():
            return
        storage, game = self.services.storage, self.game
        if later:
            storage.save_game_later(lambda: game.to_save(compact=True), game.save_summary())
        else:
            storage.save_game(game.to_save(compact=True))

    def on_hide_view(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
        self.watcher.close()
        self.minimap.close()
        self.board_view.release()

    # The frame loop.

    def on_update(self, delta_time: float) -> None:
        started = time.perf_counter()
        bv, game = self.board_view, self.game
        step = min(delta_time, MAX_FRAME_STEP)
        if self.clock_runs:
            game.tick(step)
        bv.update(step)
        self.mode_hud.update(step)
        if self.notice_left > 0:
            self.notice_left = max(0.0, self.notice_left - step)
            if self.notice_left == 0:
                self.notice = None
        self.poll_task()
        self.poll_deadlock()
        if self.rearrange_in is not None and self.task is None:
            self.rearrange_in -= step
            if self.rearrange_in <= 0:
                self.rearrange_in = None
                self.rearrange_deadlock()
        if self.autoplayer is not None and self.clock_runs:
            self.step_autoplay(step)
        self.check_end()
        self._update_ms = (time.perf_counter() - started) * 1000

    def poll_deadlock(self, wait: bool = False) -> None:
        verdict = self.watcher.poll(self.game.version, wait=wait)
        if verdict is not None:
            self.moves = self.watcher.move_count
        if verdict:
            self.say("No moves left: re-arranging", NOTICE_SECONDS + DEADLOCK_PAUSE)
            self.rearrange_in = DEADLOCK_PAUSE

    def rearrange_deadlock(self) -> None:
        """KShisen's rule: the re-arrange costs a shuffle, and with none left the game is lost,
        unless the settings allow more (the game is then assisted)."""
        game = self.game
        if not game.board.is_deadlocked():
            return  # the player undid or shuffled meanwhile
        if game.shuffles_left > 0:
            cost = "shuffle"
        elif self.services.settings.extra_shuffles:
            cost = "assist"
        else:
            self.finish(won=False, reason="No moves left and no shuffles left")
            return
        game.rearranges += 1
        self.start_shuffle(cost, "Re-arranging")

    def step_autoplay(self, dt: float) -> None:
        if self.board_view.animating or self.rearrange_in is not None or self.game.is_won():
            return
        self.autoplay_wait -= dt
        if self.autoplay_wait > 0:
            return
        move = self.autoplayer.next_move(self.game.board)
        if move is None:
            return  # deadlocked: the watcher re-arranges, then play goes on
        # The solver's pair, clicked as a player would, without the sound of the first click.
        self.game.clear_selection()
        self.game.click(move[0])
        self.click(move[1])
        self.autoplay_wait = AUTOPLAY_GAP

    def check_end(self) -> None:
        if self.finished:
            return
        if self.game.is_won() and not self.board_view.animating:
            self.finish(won=True)
        elif self.game.is_out_of_time():
            self.finish(won=False, reason="Time is up")

    def finish(self, won: bool, reason: str = "") -> None:
        from .win import GameOverView, NameEntryView, WinView

        self.finished = True
        game = self.game
        storage, screens = self.services.storage, self.services.screens
        storage.drop_game()
        # An auto-played game is neither a win nor a score: the solver played it.
        storage.record_game(
            game.category,
            won=won and not game.autoplayed,
            seconds=game.elapsed if won and not game.assisted else None,
        )
        ending = self.mode.result_view(won, reason)
        if ending is not None:
            screens.show_view(ending)
            return
        if not won:
            screens.show_view(GameOverView(self.services, game, reason))
            return
        self.services.theme.play("win")
        table = storage.table_name(game.category, game.assisted)
        if game.autoplayed or storage.place_for(table, game.score, game.elapsed) is None:
            screens.show_view(WinView(self.services, game, None))
        else:
            screens.show_view(NameEntryView(self.services, game, table))

    def on_resize(self, width: int, height: int) -> None:
        self.board_view.fit()

    def on_draw(self) -> None:
        started = time.perf_counter()
        covered = self.overlay is not None
        if covered or not self.board_view.paints_window:
            self.clear(self.services.theme.palette.background)
        if covered:
            # The board is not drawn at all under an overlay: no peeking, no playing blind.
            draw_pause(self.window, self.overlay == "pause")
        else:
            self.board_view.draw(self.game.selected)
            self.minimap.draw()
        self.hud.draw(self.game, self.moves, self.notice)
        self.mode_hud.draw(self.window, self.game, self.mode, covered)
        if self.overlay == "help":
            draw_help(self.window)
        elif isinstance(self.overlay, Confirm):
            draw_confirm(self.window, self.overlay.question)
        if self.task is not None and self.task.shows_progress:
            draw_progress(self.task, self.window.width, self.window.height)
        spent = (time.perf_counter() - started) * 1000 + getattr(self, "_update_ms", 0.0)
        self.hud.frame_ms.append(spent)

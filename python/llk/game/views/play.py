"""The play screen: the board, the HUD, and the pause and help overlays.

Every rule question goes to the engine through `Game` (model.py); this view turns clicks and
keys into those questions and the answers into animations.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import arcade

from ..board_view import BoardView
from ..hud import HUD_HEIGHT, Hud
from ..keymap import ARROWS, PAN_MODIFIERS, action_for
from ..model import Changed, Game, Ignored, Linked, Outcome, Refused, Selected
from ..watcher import AutoPlayer, DeadlockWatcher
from .overlays import draw_help, draw_pause

if TYPE_CHECKING:
    from ..services import Services

Cell = tuple[int, int]

NOTICE_SECONDS = 1.2
DEADLOCK_PAUSE = 0.8  # the deadlock notice stays this long before the re-arrange
AUTOPLAY_GAP = 0.05
PAN_STEP = 60  # screen pixels per arrow key press with a modifier


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
        self.watcher = DeadlockWatcher()
        self.autoplayer: AutoPlayer | None = None
        self.autoplay_wait = 0.0
        self.moves: int | None = None  # the watcher counts them off the frame loop
        self.paused = False
        self.show_help = False
        self.notice: str | None = None
        self.notice_left = 0.0
        self.rearrange_in: float | None = None
        self.finished = False
        self.dragged = False
        self._last_frame = time.perf_counter()
        self.board_changed(check_deadlock=True)

    # The board changed: keep the move count, the deadlock check and the sprites in step.

    def board_changed(self, check_deadlock: bool = True) -> None:
        self.moves = None
        if check_deadlock and not self.game.is_won():
            self.watcher.request(self.game.board, self.game.version)

    def say(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        self.notice, self.notice_left = text, seconds

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
            self.board_changed()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.paused:
            self.toggle_pause()
            return
        self.show_help = False
        self.dragged = False
        cell = self.board_view.cell_at_screen(x, y)
        if button == arcade.MOUSE_BUTTON_RIGHT:
            kind = self.game.board[cell] if cell is not None else 0
            self.board_view.set_highlight_kind(kind or None)
            return
        if button == arcade.MOUSE_BUTTON_LEFT and self.autoplayer is None:
            self.click(cell)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if not self.paused:
            self.board_view.pan(dx, dy)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if not self.paused and scroll_y:
            self.board_view.zoom_at(x, y, 1.15**scroll_y)

    # Keys.

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.show_help and symbol not in (arcade.key.F1, arcade.key.QUESTION, arcade.key.SLASH):
            self.show_help = False
            return
        if symbol in ARROWS:
            dr, dc = ARROWS[symbol]
            if modifiers & PAN_MODIFIERS:
                self.board_view.pan(-dc * PAN_STEP, dr * PAN_STEP)
            elif not self.paused:
                self.move_cursor(dr, dc)
            return
        action = action_for(symbol)
        if action is None:
            return
        if self.paused and action not in ("pause", "menu"):
            return
        getattr(self, f"do_{action}")()

    def move_cursor(self, dr: int, dc: int) -> None:
        bv = self.board_view
        r, c = bv.cursor if bv.cursor is not None else (self.game.selected or (0, 0))
        bv.cursor = (min(max(r + dr, 0), bv.rows - 1), min(max(c + dc, 0), bv.cols - 1))

    def do_select(self) -> None:
        if self.board_view.cursor is None:
            self.board_view.cursor = (0, 0)
        elif self.autoplayer is None:
            self.click(self.board_view.cursor)

    def do_hint(self) -> None:
        if self.game.hints_left <= 0:
            self.say("No hints left")
            return
        hint = self.game.hint()
        if hint is None:
            self.say("No move: the board will be re-arranged")
            return
        self.board_view.show_hint(tuple(hint), self.game.board.path(*hint))
        if not hint.safe:
            self.say("Hint (not proved safe)")

    def do_shuffle(self) -> None:
        if self.game.shuffles_left <= 0:
            self.say("No shuffles left")
            return
        changed = self.game.shuffle(self._seed())
        if changed is not None:
            self._after_rearrange(changed)

    def _seed(self) -> int:
        # Fresh but reproducible from the game: the deal's seed and how far the game is.
        return (
            self.game.config.seed * 1_000_003 + self.game.version + len(self.game.board.history)
        ) % 2**63

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
        self._after_history_step(self.game.mirror())
        self.say("Mirrored")

    def toggle_pause(self) -> None:
        self.paused = not self.paused

    def do_pause(self) -> None:
        self.toggle_pause()

    def do_restart(self) -> None:
        self.services.screens.start_game(self.game.config)

    def do_new(self) -> None:
        config = self.game.config
        from dataclasses import replace

        self.services.screens.start_game(replace(config, seed=config.seed + 1, code=None))

    def do_autoplay(self) -> None:
        if self.autoplayer is not None:
            self.autoplayer = None
            self.say("Auto-play off")
            return
        self.game.assisted = True
        self.game.clear_selection()
        self.autoplayer = AutoPlayer(self.game.board)
        self.say("Auto-play")

    def do_frame_times(self) -> None:
        self.hud.show_frame_times = not self.hud.show_frame_times

    def do_fit(self) -> None:
        self.board_view.fit()

    def do_help(self) -> None:
        self.show_help = not self.show_help

    def do_menu(self) -> None:
        self.save()
        self.services.screens.show_menu()

    # Saving.

    def save(self) -> None:
        if self.finished or self.game.is_won():
            return
        self.services.storage.save_game(self.game.to_save())

    def on_hide_view(self) -> None:
        self.watcher.close()
        self.board_view.release()

    # The frame loop.

    def on_update(self, delta_time: float) -> None:
        started = time.perf_counter()
        bv, game = self.board_view, self.game
        if not self.paused and not self.show_help:
            game.tick(delta_time)
        bv.update(delta_time)
        if self.notice_left > 0:
            self.notice_left = max(0.0, self.notice_left - delta_time)
            if self.notice_left == 0:
                self.notice = None
        self.poll_deadlock()
        if self.rearrange_in is not None:
            self.rearrange_in -= delta_time
            if self.rearrange_in <= 0:
                self.rearrange_in = None
                self.rearrange_deadlock()
        if self.autoplayer is not None and not self.paused:
            self.step_autoplay(delta_time)
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
        game = self.game
        if not game.board.is_deadlocked():
            return  # the player undid or shuffled meanwhile
        changed = game.rearrange(self._seed())
        if changed is not None:
            game.rearranges += 1
            self._after_rearrange(changed)
        else:
            self.finish(won=False, reason="No arrangement of the tiles left has a move")

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
        from .win import GameOverView, WinView

        self.finished = True
        storage, screens = self.services.storage, self.services.screens
        storage.drop_game()
        if won:
            self.services.theme.play("win")
            game = self.game
            place = storage.add_score(
                game.category,
                {
                    "score": game.score,
                    "seconds": round(game.elapsed, 1),
                    "assisted": game.assisted,
                    "code": game.board.code,
                    "when": time.strftime("%Y-%m-%d %H:%M"),
                },
            )
            screens.show_view(WinView(self.services, game, place))
        else:
            screens.show_view(GameOverView(self.services, self.game, reason))

    def on_resize(self, width: int, height: int) -> None:
        self.board_view.fit()

    def on_draw(self) -> None:
        started = time.perf_counter()
        if self.paused or not self.board_view.paints_window:
            self.clear(self.services.theme.palette.background)
        if self.paused:
            draw_pause(self.window)  # the board is not drawn at all: no peeking
        else:
            self.board_view.draw(self.game.selected)
        self.hud.draw(self.game, self.moves, self.notice)
        if self.show_help:
            draw_help(self.window)
        spent = (time.perf_counter() - started) * 1000 + getattr(self, "_update_ms", 0.0)
        self.hud.frame_ms.append(spent)

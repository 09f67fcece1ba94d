"""The play screen: the board, the HUD, the minimap, and the game's frame loop.

Every rule is the game model's: a click goes to the game (model/game.py) and a key of the key
table (keymap.py) to its play commands (model/commands.py); each answers with one outcome, which
`show` turns into pixels, sounds and words. This view keeps the input, the frame loop, the
camera's navigation and the drawing. What covers the board (the pause, the help, a question,
the progress of work on a worker thread) is a screen of its own over this one (covers.py), so
this view holds no state of theirs.

Input rules: a click is a press and a release within CLICK_SLOP pixels; anything further is a
drag, which pans and never selects. A press on the HUD bar never reaches the board. While a
cover is up this screen gets no input and its clock stands still.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import arcade
import numpy as np

from ..board.minimap import Minimap
from ..board.navigate import HintsOutward
from ..board.view import NEAREST_MARKED, BoardView
from ..i18n import _
from ..model import cursor, spoken
from ..model.commands import PlayRules
from ..model.facts import BoardFacts
from ..model.game import Game
from ..model.game_help import game_help
from ..model.matching import matching
from ..model.modes import mode_for
from ..model.motion import chosen_motion
from ..model.outcomes import (
    Cell,
    Changed,
    Deselected,
    Ended,
    Hinted,
    Linked,
    Moved,
    NextGame,
    Notice,
    PlayOutcome,
    Question,
    Refused,
    Selected,
    Work,
)
from ..phases import HUD, WORKERS, phase
from .covers import HelpView, PauseView, Screen, ask, run_work
from .dialogs import draw_cover
from .endings import show_ending
from .history_to_come import HistoryToCome
from .hud import Hud, hud_height
from .keymap import action_for
from .popups import Popups, combo_text
from .text import ui_scale

if TYPE_CHECKING:
    import llk

    from .services import Services

NOTICE_SECONDS = 1.2
DEADLOCK_PAUSE = 0.8  # the deadlock notice stays this long before the re-arrange
AUTOPLAY_GAP = 0.05
CLICK_SLOP = 5  # screen pixels a press may move and still be a click
# One frame counts for at most this much play time: a suspended laptop or a debugger's stop
# must not run the countdown out (or give the relaxed clock an hour).
MAX_FRAME_STEP = 0.25
READABLE_PX = 12  # tiles narrower than this on screen: a click zooms in instead of selecting
ZOOMED_IN_PX = 32  # ... until they are this wide
PAN_STEP = 60  # screen pixels per arrow key press with a modifier
ZOOM_STEP = 1.25  # the zoom keys' factor a press
SPEECHLESS_SECONDS = 6.0  # the one notice that spoken feedback cannot speak here


@dataclass
class Press:
    x: int
    y: int
    button: int
    dragging: bool = False


class PlayView(Screen):
    def __init__(self, services: Services, game: Game) -> None:
        super().__init__(services)
        self.game = game
        services.theme.for_game(game.board.chinese)
        self.board_view = BoardView(
            game.board, services.theme, hud_height(self.window), renderer=services.renderer
        )
        self.board_view.speed = services.settings.animation_speed
        motion = chosen_motion(services.settings.reduced_motion)
        self.board_view.motion = motion
        self.hud = Hud(services.theme)
        # The settings' overlay row is each game's start; F shows or hides it for this game.
        self.hud.show_frame_times = services.settings.frame_times
        self.mode = mode_for(game, services.storage)  # a free game, a journey level, the daily
        # The play commands' rules: what each key does to the game, and what it costs.
        self.rules = PlayRules(
            game, self.mode, services.storage, lambda: services.settings.extra_shuffles
        )
        self.popups = Popups(services.theme.palette.accent, motion)
        self.minimap = Minimap(self.board_view, game.board)
        # One worker for what the HUD, the minimap and the deadlock rule need to know after a
        # change: one snapshot a change (model/facts.py).
        self.facts = BoardFacts(game.board.border, game.board.backend, self.minimap.block)
        self.history_to_come = HistoryToCome(game)  # a big restored game's undo, on its way
        self.hints_outward = HintsOutward()
        self.on_minimap = False  # a press on the minimap: the drag steers the camera
        self.autoplay_wait = 0.0
        self.moves: int | None = None  # the facts' worker counts them off the frame loop
        self.press: Press | None = None
        self.notice: str | None = None
        self.notice_left = 0.0
        self.rearrange_in: float | None = None
        self.actions = self.key_actions()
        self._update_ms = 0.0
        self._kinds: tuple[int, np.ndarray] | None = None  # the board's kinds, by version
        self.cursor_awaits_hint = False  # J asked for a hint: the cursor goes to it
        self.announced = False  # spoken feedback has said which game this is
        self.board_changed()

    def on_show_view(self) -> None:
        if not self.announced:  # the game's first showing, not a cover's closing
            self.announced = True
            board = self.game.board
            title = spoken.game_title(self.mode.title, board.rows, board.cols)
            self.speak(spoken.screen(title, spoken.hud(self.game, self.moves)))

    @property
    def finished(self) -> bool:
        """The game has ended (its end screen shown) or was given up for another."""
        return self.rules.finished

    @property
    def clock_runs(self) -> bool:
        return not self.covered and not self.finished

    def key_actions(self) -> dict[str, Callable[[], None]]:
        """Each action of the key table (keymap.actions()) and what does it: the play
        commands' answers shown, or what the screen itself does (navigation, covers)."""
        rules = self.rules
        table: dict[str, Callable[[], None]] = {
            "select": self.do_select,
            "hint": self.hint_key,
            "to_hint": self.cursor_to_hint,
            "same_kind": self.cursor_to_same_kind,
            "zoom_in": partial(self.zoom_key, ZOOM_STEP),
            "zoom_out": partial(self.zoom_key, 1 / ZOOM_STEP),
            "shuffle": lambda: self.show(rules.shuffle()),
            "undo": lambda: self.show(rules.undo()),
            "redo": lambda: self.show(rules.redo()),
            "pause": self.do_pause,
            "restart": lambda: self.show(rules.restart()),
            "new": lambda: self.show(rules.new_game()),
            "mirror": lambda: self.show(rules.mirror()),
            "obstacles": lambda: self.show(rules.obstacles()),
            "autoplay": lambda: self.show(rules.autoplay()),
            "frame_times": self.do_frame_times,
            "say_hud": lambda: self.say(spoken.hud(self.game, self.moves)),
            "fit": self.board_view.fit,
            "minimap": self.do_minimap,
            "heat_map": self.do_heat_map,
            "help": self.do_help,
            "menu": self.do_menu,
        }
        for way, (dr, dc) in cursor.WAYS.items():
            table[f"cursor {way}"] = partial(self.move_cursor, way)
            table[f"pan {way}"] = partial(self.board_view.pan, -dc * PAN_STEP, dr * PAN_STEP)
        return table

    # The board changed: the move count, the deadlock verdict and the minimap follow.

    def board_changed(self) -> None:
        # The HUD keeps the last move count until the new one comes (poll_facts).
        self.facts.request(self.game.board, self.game.version)

    def poll_facts(self, wait: bool = False) -> None:
        """Takes the facts the worker found: the minimap's picture whatever board they are
        of, the move count and the deadlock verdict only for the board as it is now."""
        with phase(WORKERS):
            facts = self.facts.poll(wait)
        if facts is None:
            return
        self.minimap.show(facts)
        if facts.version != self.game.version:
            return  # about a board that is gone
        self.moves = facts.moves
        if facts.deadlocked:
            self.say(_("No moves left: re-arranging"), NOTICE_SECONDS + DEADLOCK_PAUSE)
            self.rearrange_in = DEADLOCK_PAUSE

    def say(self, text: str, seconds: float = NOTICE_SECONDS, spoken_too: bool = True) -> None:
        """Shows `text` in the HUD for `seconds`, and says it (spoken feedback, when on)
        unless `spoken_too` is False (the caller says it in other words)."""
        self.notice, self.notice_left = text, seconds
        if spoken_too:
            self.services.speech.say(text)

    def speak(self, text: str) -> None:
        """Says `text` (spoken feedback, when on: views/speech.py)."""
        self.services.speech.say(text)

    def speak_cursor(self) -> None:
        """What the cursor is on, said: its tile (or empty) and where."""
        cell = self.board_view.cursor
        if cell is not None:
            tile_set = self.services.theme.tile_set
            self.speak(spoken.on_cell(tile_set, self.game.board[cell], cell))

    # Clicks and commands: the game model answers each with one outcome, which is shown here.

    def click(self, cell: Cell | None) -> None:
        self.show(self.game.click(cell))

    def show(self, outcome: PlayOutcome | None) -> None:
        """Shows what the model answered: a click's outcome, a change of the board, words, a
        question, work for a worker, a hint, the end, or the next game."""
        if isinstance(outcome, (Selected, Deselected, Moved, Refused, Linked)):
            self.show_click(outcome)
        elif isinstance(outcome, Changed):
            self.show_change(outcome)
        elif isinstance(outcome, Notice):
            if outcome.text:
                self.say(outcome.text)
        elif isinstance(outcome, Question):
            question = outcome
            ask(self, question.text, lambda: self.show(question.yes()))
        elif isinstance(outcome, Work):
            run_work(self, outcome, self.show, current=lambda: self.game.version)
        elif isinstance(outcome, Hinted):
            near = self.board_view.cell_near_centre()
            self.hints_outward.start(near, self.game.version, outcome.pair)
            self.show_hint(outcome.pair, outcome.path)
            self.speak(spoken.hint(outcome.pair, self.services.theme.tile_set, self.game.board))
            if self.cursor_awaits_hint:
                self.cursor_awaits_hint = False
                self.place_cursor(outcome.pair[0])
        elif isinstance(outcome, Ended):
            self.finish(outcome.won, outcome.reason)
        elif isinstance(outcome, NextGame):
            self.services.screens.start_game(outcome.config, outcome.board)

    def show_click(self, outcome: Selected | Deselected | Moved | Refused | Linked) -> None:
        bv, sound = self.board_view, self.services.sound
        if bv.highlight_kind is not None:
            bv.set_highlight_kind(None)
        if bv.miss is not None:
            bv.show_miss(None)  # the last refusal's reason is answered by this click
        self.speak(spoken.click(outcome, self.services.theme.tile_set, self.game.board))
        if isinstance(outcome, Selected):
            sound.play("select")
        elif isinstance(outcome, Refused):
            sound.play("no-link")
            bv.show_miss(outcome.near)
            self.say(outcome.said, spoken_too=False)
        elif isinstance(outcome, Linked):
            bv.clear_overlays()
            bv.show_removal(outcome)
            sound.play("link")
            if self.game.combo:
                self.pop_up_combo(outcome)
            self.board_changed()

    def show_change(self, changed: Changed) -> None:
        """A change of the whole board: a step of the history or a prop shown at once, a
        shuffle faded in."""
        bv = self.board_view
        if changed.how == "rearranged":
            bv.clear_overlays()
            bv.show_rearrange(changed.cells)
            self.services.sound.play("shuffle")
        else:
            bv.finish_animations()
            bv.clear_overlays()
            bv.show_cells(changed.cells)
        if changed.said:
            self.say(changed.said, spoken_too=False)
        self.speak(spoken.change(changed, self.game.board.remaining))
        self.board_changed()

    def show_hint(self, pair: tuple[Cell, Cell], path: llk.Path | None = None) -> None:
        """Shows a hinted pair with its path (the board's, when not given) and brings it
        into view."""
        if path is None:
            path = self.game.board.path(*pair)
        self.board_view.show_hint(pair, path)
        self.board_view.bring_into_view(pair)

    def pop_up_combo(self, linked: Linked) -> None:
        """The combo's pop-up, clear of the pair and its path and over as few tiles as it can
        be, and its sound."""
        bv = self.board_view
        points = [bv.screen_of(cell) for cell in (linked.a, linked.c, *linked.path.corners)]
        xs, ys = zip(*points, strict=True)
        half = bv.tile_pixels / 2
        box = (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
        room = (0.0, 0.0, self.window.width, self.window.height - hud_height(self.window))
        scale = ui_scale(self.window)
        self.popups.add(combo_text(self.game.combo), box, room, scale, bv.tiles_within)
        self.services.sound.play("combo")

    def on_hud(self, y: float) -> bool:
        on: bool = y >= self.window.height - hud_height(self.window)
        return on

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.press = None
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
            board = self.game.board
            kind = board[cell] if cell is not None else 0
            kinds = matching(kind, board.chinese)  # the kinds it links with, as the engine says
            self.board_view.set_highlight_kind(kind or None, kinds, cell)
            if kind and small:
                left = int(np.count_nonzero(np.isin(board.grid, list(kinds))))
                if self.board_view.marks_nearest():
                    said = _("{tiles} tiles of this kind left, the nearest {marked} marked")
                    self.say(said.format(tiles=left, marked=NEAREST_MARKED))
                else:
                    self.say(_("{tiles} tiles of this kind left, marked").format(tiles=left))
        elif button == arcade.MOUSE_BUTTON_LEFT and small:
            # Tiles too small to read: the click zooms in there instead of selecting.
            self.board_view.zoom_at(press.x, press.y, ZOOMED_IN_PX / self.board_view.tile_pixels)
        elif button == arcade.MOUSE_BUTTON_LEFT and self.rules.autoplayer is None:
            self.click(cell)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if scroll_y:
            self.board_view.zoom_at(x, y, 1.15**scroll_y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        action = action_for(symbol, modifiers)
        if action is not None:
            self.actions[action]()

    # Losing the window: the clock must not run while the player is elsewhere.

    def on_deactivate(self) -> None:
        self.auto_pause()

    def on_hide(self) -> None:
        self.auto_pause()

    def auto_pause(self) -> None:
        if not self.covered and not self.finished:
            PauseView(self, self.do_menu).show()

    # The frame loop.

    def on_update(self, delta_time: float) -> None:
        started = time.perf_counter()
        bv, game = self.board_view, self.game
        step = min(delta_time, MAX_FRAME_STEP)
        if self.clock_runs:
            game.tick(step)
        bv.update(step)
        self.popups.update(step)
        if self.notice_left > 0:
            self.notice_left = max(0.0, self.notice_left - step)
            if self.notice_left == 0:
                self.notice = None
        self.poll_facts()
        with phase(WORKERS):
            self.history_to_come.poll()
        speechless = self.services.speech.take_problem()
        if speechless:
            self.say(speechless, SPEECHLESS_SECONDS, spoken_too=False)
        # A re-arrange waits while a cover is up: the player is away, or a task runs.
        if self.rearrange_in is not None and not self.covered:
            self.rearrange_in -= step
            if self.rearrange_in <= 0:
                self.rearrange_in = None
                self.show(self.rules.rearrange())
        if self.rules.autoplayer is not None and self.clock_runs:
            self.step_autoplay(step)
        if not self.finished:
            self.show(self.rules.ending(settled=not self.board_view.animating))
        self._update_ms = (time.perf_counter() - started) * 1000

    def step_autoplay(self, dt: float) -> None:
        if self.board_view.animating or self.rearrange_in is not None:
            return
        self.autoplay_wait -= dt
        if self.autoplay_wait > 0:
            return
        # The solver's pair, clicked as a player would: shown as the second click's outcome,
        # without the sound of the first. None: deadlocked, and the facts' verdict re-arranges.
        outcome = self.rules.autoplay_step()
        if outcome is not None:
            self.show(outcome)
            self.autoplay_wait = AUTOPLAY_GAP

    def finish(self, won: bool, reason: str = "") -> None:
        """The game ended (the model said so: outcomes.Ended): its end screen, by its mode
        (endings.py)."""
        show_ending(self.services, self.game, self.mode, won, reason)

    # The screen's own commands: the cursor, the covers, what is drawn.

    def kinds(self) -> np.ndarray:
        """The board's kinds as they are now, taken from the engine once a version."""
        version = self.game.version
        if self._kinds is None or self._kinds[0] != version:
            self._kinds = (version, self.game.board.grid)
        return self._kinds[1]

    def place_cursor(self, cell: Cell) -> None:
        self.board_view.cursor = cell
        self.board_view.keep_in_view(cell)
        self.speak_cursor()

    def start_cursor(self) -> bool:
        """Shows the cursor where the player looks (the selection, or the tile nearest the
        middle of the view, not a corner that may be off-screen); False if it was shown."""
        bv = self.board_view
        if bv.cursor is not None:
            return False
        near = self.game.selected or bv.cell_near_centre()
        self.place_cursor(cursor.nearest_tile(self.kinds(), near) or near)
        return True

    def move_cursor(self, way: str) -> None:
        """An arrow: the cursor to the next tile that way (model/cursor.py); the first press
        shows it."""
        bv = self.board_view
        if not self.start_cursor() and bv.cursor is not None:
            self.place_cursor(cursor.step(self.kinds(), bv.cursor, way))

    def cursor_to_same_kind(self) -> None:
        """K: the cursor to the next tile that links with the one under it (reading order,
        round), that kind marked as a right click marks it."""
        bv = self.board_view
        if self.start_cursor() or bv.cursor is None:
            return
        kinds = self.kinds()
        kind = int(kinds[bv.cursor])
        if not kind:
            self.say(_("No tile under the cursor"))
            return
        linking = matching(kind, self.game.board.chinese)
        found = cursor.next_of_kind(kinds, bv.cursor, linking)
        bv.set_highlight_kind(kind, linking, found or bv.cursor)
        if found is None:
            self.say(_("No other tile of this kind"))
        else:
            self.place_cursor(found)

    def cursor_to_hint(self) -> None:
        """J: the cursor to the hinted pair's first tile, then its other one; with no hint
        showing, H's hint first (what it costs is H's)."""
        bv = self.board_view
        if bv.hint is not None:
            self.place_cursor(cursor.to_hint(bv.hint, bv.cursor))
            return
        self.cursor_awaits_hint = True  # the hint is looked for on a worker
        self.do_hint()

    def zoom_key(self, factor: float) -> None:
        """+ and -: zoom at the cursor when it is in view, else at the middle of the view."""
        bv = self.board_view
        if bv.cursor is not None and bv.in_view(bv.cursor):
            x, y = bv.screen_of(bv.cursor)
        else:
            x, y = self.window.width / 2, (self.window.height - hud_height(self.window)) / 2
        bv.zoom_at(x, y, factor)

    def do_select(self) -> None:
        if not self.start_cursor() and self.rules.autoplayer is None:
            self.click(self.board_view.cursor)

    def hint_key(self) -> None:
        self.cursor_awaits_hint = False
        self.do_hint()

    def do_hint(self) -> None:
        # H again while a hint shows: the next pair outward from where the player looks, free
        # (navigate.HintsOutward): a step of navigation, not another hint.
        bv = self.board_view
        if bv.hint is not None:
            if bv.glide is None and not any(bv.in_view(cell) for cell in bv.hint):
                # Panned away from the hint: outward from where the player looks now, not
                # from where the hint was asked (the view glided back there).
                self.hints_outward.move_to(bv.cell_near_centre())
            further = self.hints_outward.next(self.game.board, self.game.version)
            if further is not None:
                self.show_hint(further)
                self.say(_("Next hint outward"))
                return
        self.show(self.rules.hint(bv.view_centre()))

    def do_menu(self) -> None:
        self.save(later=True)
        self.services.screens.show_menu()

    def do_pause(self) -> None:
        PauseView(self, self.do_menu).show()

    def do_help(self) -> None:
        marked = bool(self.services.theme.group_marks)  # the tiles show Chinese style's groups
        HelpView(self, game_help(self.mode, marked)).show()

    def do_frame_times(self) -> None:
        self.hud.show_frame_times = not self.hud.show_frame_times

    def do_minimap(self) -> None:
        self.minimap.visible = not self.minimap.visible

    def do_heat_map(self) -> None:
        tiles = self.board_view.tiles
        if not tiles.draws_heat:
            self.say(_("The heat map is for big boards (drawn by the grid renderer)"))
            return
        tiles.heat_on = not tiles.heat_on
        if tiles.heat_on:
            self.say(_("Where to look: zoomed out, blue has no move, yellow the most"))
        else:
            self.say(_("Heat map off: the kinds' colours"))

    # Saving and leaving.

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
        self.press = None
        if self.covered:
            return  # a cover went over it: it comes back
        self.facts.close()
        self.minimap.close()
        self.board_view.release()

    def on_resize(self, width: int, height: int) -> None:
        # The player's place on the board stays: the same middle, the same zoom.
        self.board_view.follow_window(hud_height(self.window))

    def reserved_top(self) -> float:
        return hud_height(self.window)

    # Drawing.

    def on_draw(self) -> None:
        started = time.perf_counter()
        if not self.board_view.paints_window:
            self.clear(self.services.theme.palette.background)
        self.board_view.draw(self.game.selected)
        with phase(HUD):
            self.minimap.draw()
            self.draw_hud(covered=False)
        ended = time.perf_counter()
        self.hud.frame_overlay.stats.add(ended, (ended - started) * 1000 + self._update_ms)

    def draw_covered(self) -> None:
        # The board is not drawn at all under a cover: no peeking, no playing blind.
        self.clear(self.services.theme.palette.background)
        draw_cover(self.window)
        self.draw_hud(covered=True)

    def draw_hud(self, covered: bool) -> None:
        self.hud.draw(self.game, self.moves, self.notice, self.mode)
        if not (covered or self.covered):  # nor over a task's box: the board's news can wait
            with self.hud.camera.activate():
                self.popups.draw()

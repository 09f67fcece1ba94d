"""The menu: new game options, continue, high scores, settings."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import arcade

import llk

from ..i18n import N_, _
from ..model import daily, spoken
from ..model.config import GameConfig
from ..model.difficulty import picking_label
from ..model.game import Game
from ..model.game_help import RULE_NAMES
from ..model.outcomes import Work
from .covers import ProgressView, Screen, ask, run_work
from .hud import clock
from .new_game import NewGameChoice
from .text import draw_keys, draw_label, fitted, label, note, ui_scale
from .widgets import MOVES, OptionList, Row

if TYPE_CHECKING:
    from collections.abc import Callable

    from .services import Services

TITLE, TITLE_STYLE = "llk", {"anchor_x": "center", "anchor_y": "top", "bold": True}
SUBTITLE = N_("LianLianKan: link two equal tiles with at most two turns")
SPOKEN_TITLE = N_("llk menu")  # what spoken feedback calls this screen
KEYS = N_("Up/Down or Tab choose, Left/Right change, Enter start, type a seed or code")
FOOTER = 30  # the keys' line at the foot: the rows end above it (at the screen's scale)
ABOUT = 22  # the focused row's explanation, over the keys' line

CODE_EXAMPLE = "llk2.6x14.21.1.none.-.sb"  # KShisen 14x6, seed 1 (tests/game check it deals)
# What a deal, a rated pick or a restore may refuse with: shown to the player, not raised.
REFUSALS = (KeyError, TypeError, ValueError, ArithmeticError, llk.BoardError, llk.IllegalMove)


def describe_save(summary: dict[str, Any]) -> str:
    """Which game a save holds (Storage.peek_game): its kind (a journey's level, the daily's
    day), its size, the tiles left and the time played."""
    config = summary.get("config", {})
    kind, _colon, which = str(config.get("mode", "free")).partition(":")
    if kind == "journey":
        what = _("journey level {level}").format(level=which)
    elif kind == "daily":
        what = _("daily puzzle {day}").format(day=which)
    else:
        what = _("free game")
        rules = [rule for rule in ("chinese", "slide") if config.get(rule) is True]
        what = _(", ").join([what, *(_(RULE_NAMES[rule]) for rule in rules)])
    return _("{game}, {size}, {tiles} tiles left, {time}").format(
        game=what,
        size=f"{summary['rows']}x{summary['cols']}",
        tiles=summary["remaining"],
        time=clock(float(summary.get("elapsed", 0.0))),
    )


def deal_code(config: GameConfig) -> llk.Board:
    """The board of `config`'s share code. A code the engine cannot read is refused in the
    player's words (the engine's are not the catalog's), with a code that reads for an
    example."""
    try:
        return config.deal()
    except llk.BoardError as error:
        refusal = _("{code} is not a share code: one looks like {example}")
        raise llk.BoardError(refusal.format(code=config.code, example=CODE_EXAMPLE)) from error


class MenuView(Screen):
    def __init__(self, services: Services) -> None:
        super().__init__(services)
        screens, storage = services.screens, services.storage
        self.error: str | None = None
        self.quit_loses_game = False
        # The headers only: a saved game is read whole when it is restored, on a worker.
        self.saved = storage.saved_games()
        last = services.settings.last_game
        rows = [
            Row(
                _("Continue: {game}").format(game=describe_save(summary)),
                action=partial(self.continue_game, slot),
            )
            for slot, summary in self.saved.items()
        ]
        self.choice = NewGameChoice(last)
        self.day = daily.today()
        rows += [
            Row(N_("New game"), action=self.new_game),
            *self.choice.rows,
            Row(N_("Journey: 30 levels, stars and power-ups"), action=screens.show_journey),
            Row(
                _("Daily puzzle {day}: {code}").format(
                    day=self.day.isoformat(), code=daily.code_for(self.day)
                ),
                action=self.daily,
            ),
            Row(N_("High scores"), action=screens.show_scores),
            Row(N_("Settings"), action=screens.show_settings),
            Row(N_("Quit"), action=self.quit),
        ]
        self.options = OptionList(rows)
        self.problems = list(storage.problems)
        storage.problems.clear()

    def config(self) -> GameConfig:
        return self.choice.config()

    def remember(self) -> None:
        self.services.settings.last_game = self.choice.last_game()
        self.services.storage.save_settings(self.services.settings)

    def new_game(self) -> None:
        try:
            config = self.config()
        except (llk.BoardError, ValueError) as error:
            self.error = str(error)
            return
        self.remember()
        if config.difficulty != "any" and not config.code:
            # Rating deals until one fits takes seconds: on a worker, like a huge deal.
            self.run_task(
                picking_label(config.difficulty),
                config.picked,
                lambda found: self.services.screens.start_game(*found),
            )
            return
        # A huge deal takes seconds: dealt on a worker while the menu keeps drawing.
        self.run_task(
            _("Dealing {size}").format(size=f"{config.rows}x{config.cols}"),
            partial(deal_code, config) if config.code else config.deal,
            lambda board: self.services.screens.start_game(config, board),
        )

    def daily(self) -> None:
        """Today's puzzle: the same deal for every player (daily.py)."""
        config = daily.config_for(self.day)
        self.run_task(
            _("Dealing the daily puzzle"),
            config.deal,
            lambda board: self.services.screens.start_game(config, board),
        )

    def continue_game(self, slot: str) -> None:
        """Restores the game saved in `slot` (on a worker: a million tiles are replayed)."""
        storage = self.services.storage

        def restore() -> Game:
            known = len(storage.problems)
            saved = storage.load_game(slot)
            if saved is None:
                # Damaged past its header (load_game set it aside and said why), or gone.
                raise ValueError("; ".join(storage.problems[known:]) or _("the save file is gone"))
            return Game.from_save(saved)

        self.run_task(
            _("Restoring the saved game"), restore, self.services.screens.play, restoring=slot
        )

    def run_task(
        self,
        label: str,
        work: Callable[[], Any],
        done: Callable[[Any], None],
        restoring: str | None = None,
    ) -> None:
        """Runs `work` on a worker thread under the progress screen. Its refusal (a bad share
        code, a save that cannot be restored, a board too wide for the GPU when the play
        screen is built) is shown here; a save that cannot be restored is set aside."""

        def failed(error: Exception) -> None:
            if not isinstance(error, REFUSALS):
                raise error
            if restoring is not None:  # the slot of a save that cannot be restored
                self.error = _("the saved game could not be restored: {error}").format(error=error)
                self.services.storage.set_aside_game(restoring, str(error))
            else:
                self.error = str(error)

        run_work(self, Work(label, work, done, version=0), failed=failed)

    def on_update(self, delta_time: float) -> None:
        # A save written on a worker (leaving a game for this menu) may fail after the menu
        # showed: the player is told at once, not at the next screen. (Not while a task runs:
        # a restore reads its own problems from there.)
        problems = self.services.storage.problems
        while problems and not self.covered:
            self.problems.append(problems.pop(0))
        speechless = self.services.speech.take_problem()
        if speechless:
            self.problems.append(speechless)

    def on_show_view(self) -> None:
        self.services.speech.say(spoken.screen(_(SPOKEN_TITLE), self.options.spoken_focus()))

    def quit(self) -> None:
        """Asks before quitting; when a game is kept in memory because its save failed, the
        question says that quitting loses it. (Nothing is written or waited for here: the
        frame goes on. The answer yes writes the kept game once more first.) A game being
        restored meanwhile (only the window's close asks while one is) is left: the question
        wants the keys."""
        cover = self.covered_by
        if isinstance(cover, ProgressView):
            cover.task.cancel()
            cover.close()
        self.quit_loses_game = self.services.storage.keeps_unwritten_game()
        self.ask_quit()

    def ask_quit(self) -> None:
        question = _("Quit and lose the unsaved game?") if self.quit_loses_game else _("Quit llk?")
        ask(self, question, self.quit_said_yes, hides_under=False)

    def quit_said_yes(self) -> None:
        """Quits once the game in progress is on disk: the save being written waited for, a
        kept one written once more (the disk may have room now). When it still cannot be, the
        question asks again, saying that quitting loses it, unless it said so already."""
        if self.services.storage.save_kept_game() or self.quit_loses_game:
            self.services.screens.close()
        else:
            self.quit_loses_game = True
            self.ask_quit()

    def dismiss_notes(self) -> None:
        """The error and the files' problems, shown until the player's next key or click: their
        band covers the last rows."""
        self.error = None
        self.problems.clear()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.dismiss_notes()
        before = self.options.rows[self.options.focus].text or ""
        if symbol == arcade.key.ESCAPE:
            self.quit()
        elif self.options.on_key(symbol, modifiers) and symbol in MOVES:
            self.services.speech.say(self.options.spoken_focus())
        elif symbol == arcade.key.BACKSPACE:
            self.echo(before)

    def on_text(self, text: str) -> None:
        before = self.options.rows[self.options.focus].text or ""
        self.options.on_text(text)
        self.echo(before)

    def echo(self, before: str) -> None:
        """The focused row's text as it was before a key: what changed, said (a seed, a code)."""
        said = spoken.edited(before, self.options.rows[self.options.focus].text or "")
        if said:
            self.services.speech.say(said)

    def place_rows(self) -> float:
        """Lays the rows out under the title, as the window allows; the scale it is drawn at."""
        w, h = self.window.width, self.window.height
        u = ui_scale(self.window)
        title = label(TITLE, w / 2, h - 6 * u, (255, 210, 90), 40 * u, **TITLE_STYLE)
        under = h - 6 * u - title.content_height
        subtitle = label(
            _(SUBTITLE),
            w / 2,
            under,
            (220, 220, 220),
            fitted(_(SUBTITLE), 14 * u, w - 20 * u),
            anchor_x="center",
            anchor_y="top",
        )
        self.options.place(
            self.window, under - subtitle.content_height - 6 * u, (FOOTER + ABOUT) * u
        )
        return u

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.place_rows()
        self.dismiss_notes()
        self.options.on_mouse(y, button)

    def on_draw(self) -> None:
        self.clear(self.services.theme.palette.background)
        w, h = self.window.width, self.window.height
        u = self.place_rows()
        title = label(TITLE, w / 2, h - 6 * u, (255, 210, 90), 40 * u, **TITLE_STYLE)
        title.draw()
        note(title)
        under = h - 6 * u - title.content_height
        size = fitted(_(SUBTITLE), 14 * u, w - 20 * u)
        draw_label(
            _(SUBTITLE), w / 2, under, (220, 220, 220), size, anchor_x="center", anchor_y="top"
        )
        self.options.draw(self.window)
        notes = ([self.error] if self.error else []) + self.problems
        # Wrapped to the window, from the foot up (a note names a file by its whole path), on a
        # dark band: two or three notes reach over the last rows.
        labels, y = [], FOOTER * u
        for said in notes[:3]:
            labels.append(
                label(
                    said,
                    w / 2,
                    y,
                    (255, 120, 100),
                    12 * u,
                    anchor_x="center",
                    anchor_y="bottom",
                    multiline=True,
                    width=max(100, int(w - 40 * u)),
                    align="center",
                )
            )
            y += labels[-1].content_height + 4 * u
        if labels:
            arcade.draw_lrbt_rectangle_filled(0, w, FOOTER * u - 4 * u, y + 2 * u, (0, 0, 0, 190))
        for text in labels:
            text.draw()
            note(text)
        about = self.options.about
        if about and not labels:
            size = fitted(about, 13 * u, w - 20 * u, (ABOUT - 2) * u)
            draw_label(about, w / 2, (FOOTER + 2) * u, (200, 230, 255), size, anchor_x="center")
        draw_keys(_(KEYS), w, 6 * u, u)

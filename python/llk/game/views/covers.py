"""Screens shown over another screen, which they keep and show again when they close (arcade's
examples/view_pause_screen.py): the pause, the help, a question, and the progress of work on a
worker thread (tasks.py). Every screen asks and runs work the same way: `ask` and `run_work`.

While a cover is up the screen under it gets no input, but it goes on being updated (its
workers, its animations; the play screen's clock stands still while it is covered) and drawn:
whole under a task's progress (the board stays on screen), and under the other covers as it
chooses (`Screen.draw_covered`: the play screen hides its board, so that nobody plays blind or
peeks while paused).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade

from ..i18n import _
from ..model import spoken
from .dialogs import draw_help, draw_pause, draw_progress, draw_question
from .keymap import action_for, help_lines, key_rows
from .padmap import help_line
from .tasks import Task
from .text import Box

if TYPE_CHECKING:
    from ..model.game_help import GameHelp
    from ..model.outcomes import Work
    from .services import Services


class Screen(arcade.View):
    """A screen that a cover can go over: it knows when it is covered. Like every screen it
    is handed its services, and covers come and go through their `screens`."""

    covered_by: Cover | None = None

    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services

    @property
    def covered(self) -> bool:
        return self.covered_by is not None

    def draw_covered(self) -> None:
        """What shows of this screen under a cover that hides it (by default: all of it)."""
        self.on_draw()

    def reserved_top(self) -> float:
        """The pixels at the window's top that a cover leaves free (the play screen's HUD)."""
        return 0.0


class Cover(arcade.View):
    hides_under = True  # the screen under it draws itself `draw_covered`

    def __init__(self, under: Screen) -> None:
        super().__init__()
        self.under = under
        self._closing = False

    def show(self) -> None:
        self.under.covered_by = self
        self.under.services.screens.show_view(self)
        self.under.services.speech.say(self.spoken())

    def spoken(self) -> str:
        """What spoken feedback says as the cover shows ("" for nothing)."""
        return ""

    def close(self) -> None:
        """Shows the screen under it again."""
        self._closing = True
        self.under.covered_by = None
        self.under.services.screens.show_view(self.under)

    def on_hide_view(self) -> None:
        if self._closing or self.under.covered_by is not self:
            return  # back to the screen under it, or another cover over it in its place
        # Another screen took over from the cover: the one under it is left for good.
        self.under.covered_by = None
        self.under.on_hide_view()

    def on_update(self, delta_time: float) -> None:
        self.under.on_update(delta_time)

    def on_resize(self, width: int, height: int) -> None:
        self.under.on_resize(width, height)

    def on_draw(self) -> None:
        if self.hides_under:
            self.under.draw_covered()
        else:
            self.under.on_draw()
        self.draw_over()

    def draw_over(self) -> None:
        """What the cover draws over the screen under it."""

    @property
    def room(self) -> Box:
        """Where the cover draws: the window, but what the screen under it keeps."""
        return (0.0, 0.0, self.window.width, self.window.height - self.under.reserved_top())


class PauseView(Cover):
    """Paused: the board hidden, the clock stopped. P or a click resumes; Esc leaves for the
    menu (the game is saved)."""

    def __init__(self, under: Screen, menu: Callable[[], None]) -> None:
        super().__init__(under)
        self.menu = menu

    def draw_over(self) -> None:
        draw_pause(self.window, self.room)

    def spoken(self) -> str:
        return spoken.screen(_("Paused"), _("P or a click to resume"))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        action = action_for(symbol, modifiers)
        if action == "pause":
            self.close()
        elif action == "menu":
            self.menu()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.close()


class HelpView(Cover):
    """The rules of the game under it as its model says them (`about`, model/game_help.py),
    the mouse and the keys: any key or click closes it."""

    def __init__(self, under: Screen, about: GameHelp) -> None:
        super().__init__(under)
        self.about = about

    def prose(self) -> list[str]:
        """The help's lines over its table of keys: the game's, the mouse's, the gamepad's."""
        return [*help_lines(self.about), help_line()]

    def draw_over(self) -> None:
        draw_help(self.window, self.room, self.prose(), key_rows(self.about))

    def spoken(self) -> str:
        """The whole help, not its heading only: a player who cannot see it hears the keys."""
        return spoken.help_text(
            _("Keys and mouse (any key closes)"), self.prose(), key_rows(self.about)
        )

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.close()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.close()


class QuestionView(Cover):
    """A yes-or-no question (and a line of `detail` under it): Y or Enter says yes, N or Esc
    no; a click answers nothing."""

    def __init__(
        self,
        under: Screen,
        question: str,
        yes: Callable[[], None],
        no: Callable[[], None] | None = None,
        hides_under: bool = True,
        detail: str = "",
    ) -> None:
        super().__init__(under)
        self.question, self.yes, self.no, self.detail = question, yes, no, detail
        self.hides_under = hides_under

    def draw_over(self) -> None:
        draw_question(self.window, self.room, self.question, self.detail)

    def spoken(self) -> str:
        return spoken.screen(self.question, self.detail)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (arcade.key.Y, arcade.key.ENTER, arcade.key.RETURN):
            self.close()
            self.yes()
        elif symbol in (arcade.key.N, arcade.key.ESCAPE):
            self.close()
            if self.no is not None:
                self.no()


class ProgressView(Cover):
    """Work on a worker thread (`task`): the screen under it stays in sight but takes no input;
    Esc cancels the task. When the work is done the screen under it comes back and `done` gets
    the answer; `failed` gets what the work (or `done`) raised, when given (else it is raised);
    `cancelled` hears of Esc. A window that lost the focus meanwhile passes that on when the
    screen under it comes back (the play screen pauses)."""

    hides_under = False

    def __init__(
        self,
        under: Screen,
        task: Task[Any],
        done: Callable[[Any], None],
        failed: Callable[[Exception], None] | None = None,
        cancelled: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(under)
        self.task, self.done, self.failed, self.cancelled = task, done, failed, cancelled
        self.focus_lost = False

    def draw_over(self) -> None:
        task = self.task
        if task.shows_progress:
            draw_progress(self.window, self.room, task.progress_text(), task.seconds)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.task.done and self.window.current_view is self:
            self.close()
            try:
                self.done(self.task.result())
            except Exception as error:
                if self.failed is None:
                    raise
                self.failed(error)
            if self.focus_lost:
                # The screen shown now hears that the player is away: the play screen pauses,
                # the one under this cover or a game the menu's deal has just started; a screen
                # with nothing to pause (the menu, after a refusal) has no such handler.
                away = getattr(self.window.current_view, "on_deactivate", None)
                if away is not None:
                    away()

    def on_hide_view(self) -> None:
        super().on_hide_view()
        if not self._closing:
            self.task.cancel()  # its screen is gone: nobody waits for the answer

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE:
            self.task.cancel()
            self.close()
            if self.cancelled is not None:
                self.cancelled()

    def on_deactivate(self) -> None:
        self.focus_lost = True

    def on_hide(self) -> None:
        self.focus_lost = True

    def on_activate(self) -> None:
        self.focus_lost = False

    def on_show(self) -> None:
        self.focus_lost = False


def ask(
    under: Screen,
    question: str,
    yes: Callable[[], None],
    no: Callable[[], None] | None = None,
    hides_under: bool = True,
    detail: str = "",
) -> None:
    """Asks `question` over `under` (QuestionView): `yes` runs when the player says yes."""
    QuestionView(under, question, yes, no, hides_under, detail).show()


def run_work(
    under: Screen,
    work: Work,
    show: Callable[[Any], None] = lambda outcome: None,
    current: Callable[[], int] | None = None,
    failed: Callable[[Exception], None] | None = None,
) -> None:
    """Runs `work` (the model's, outcomes.Work) on a worker thread under the progress screen
    over `under`; its answer goes through `work.done` and what that gives to `show`, unless
    `current()` (the version of the board now) is no longer `work.version`: an answer about a
    board that is gone is dropped. Esc cancels it (its `stop` is set) and shows
    `work.cancelled`; `failed` gets what the work raised (else it is raised)."""

    def answer(result: Any) -> None:
        if current is None or current() == work.version:
            show(work.done(result))

    task = Task(work.label, work.work, work.version, work.stop)
    ProgressView(under, task, answer, failed, lambda: show(work.cancelled)).show()

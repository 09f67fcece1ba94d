"""A big restored game is played at once from its saved grid; its history is replayed on a
worker meanwhile (model/saved.py, HistoryToCome). This keeps that worker going for the play
screen: it starts a round, and when the round's answer is in, the game takes it over between
two frames, or, when the board changed meanwhile (a move made, a shuffle taken), starts another
round from the replayed board (a copy and the few moves since: milliseconds).

No progress screen: the player plays on. Only undo past the restore waits for it (the play
screen says so)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _
from .tasks import Task

if TYPE_CHECKING:
    from ..model.game import Game
    from ..model.saved import Replayed


class HistoryToCome:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.task: Task[Replayed] | None = None
        self.rounds = 0

    @property
    def pending(self) -> bool:
        return self.game.history_to_come is not None

    def poll(self) -> None:
        """Called every frame: takes the answer in when it came, or starts a round."""
        game = self.game
        if game.history_to_come is None:
            return
        if self.task is not None:
            if not self.task.done:
                return
            task, self.task = self.task, None
            if game.take_history(task.result()):
                return
        if game.board.can_redo:
            return  # the round would lose what can be redone: the next change ends that
        self.rounds += 1
        self.task = Task(_("Restoring the game's history"), game.history_work(), game.version)

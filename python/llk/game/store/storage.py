"""Every file of the game, in the user data directory (files.py): the settings, the high
scores and statistics, the journey's progress and the daily results, the saved game. `Storage`
is them all, one object the game is handed; each room holds one concern.

No arcade here: the store imports nothing heavier than numpy (for the save), and the game's
model only for the types it keeps (the journey's progress, the save's history log).
"""

from __future__ import annotations

from .progress import ProgressFiles
from .saves import SaveSlots
from .scores import ScoreTables
from .settings import SettingsFile


class Storage(SettingsFile, ScoreTables, ProgressFiles, SaveSlots):
    """Reads and writes the game's files (settings, scores, statistics, the journey's progress,
    the daily results, the saved games) under `root` (default: `data_dir()`)."""

"""Every file of the player's, in the user data directory: the only layer that opens, writes
or removes one. `storage.Storage` is them all, one object the game is handed; its rooms:

- files.py: the directory, atomic writes, reading with damaged files set aside;
- settings.py: the settings and what each may be;
- scores.py: the high-score tables and the statistics;
- progress.py: the journey's progress and the daily results;
- saves.py: the saved game, its slot, written on a worker, kept in memory when it cannot be;
- savefile.py: the saved game's compact, checked format.
"""

"""The llk game, built with Arcade 3 on the engine. `llk play` starts it (see `llk.game.cli`).

The game holds no rules of its own: every question about links, paths, deadlocks and shuffles
goes to `llk.Board`. Importing this package does not import arcade; `app` and `views` do.
"""

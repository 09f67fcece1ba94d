"""The llk game, built with Arcade 3 on the engine. `llk play` starts it (see `llk.game.cli`).

The game holds no rules of linking: every question about links, paths, deadlocks and shuffles
goes to `llk.Board`. It is built in four layers, each a folder, each allowed to use only the
ones before it (tests/test_architecture.py checks it):

- `model/`: the game as rules and numbers (no arcade, no files);
- `store/`: every file of the player's (the only layer that writes);
- `board/`: drawing and navigating the board;
- `views/`: one screen each, and the covers shown over them;

and `app.py` wires them into the window. `assets.py` reads the package's own read-only data
for all of them. Importing this package does not import arcade; `app` and `views` do.
"""

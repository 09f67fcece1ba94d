"""The game as rules and numbers, over the engine: no arcade, no pyglet, no file. Its rooms, in
the order a click visits them:

- config.py: what a new game is dealt from (`GameConfig`, the presets, the allowances);
- cursor.py: where the keyboard's cursor goes (the cell a click is made on, by keys);
- game.py: the game in progress (`Game`): a click in, one outcome out;
- state.py: a game's bookkeeping beside its board (`GameState`), new or restored;
- matching.py: which kinds match which (Chinese style), asked of the engine;
- outcomes.py: the outcomes, and the cells each changed, from the engine's `Action`;
- commands.py: the play commands' rules (`PlayRules`), each answering with an outcome;
- score.py: the score rules, one `Tally` a history entry;
- facts.py: what the play screen needs to know after each change (moves, deadlock, density),
  worked out on one worker from one snapshot;
- assists.py: the hint and auto-play's plan, asked of the solver as far as solver_reach.py says;
- free.py, journey.py, daily.py: the modes' rules; modes.py: which mode a game is;
- game_help.py: what the help says of the game in play, each mode's part from the mode;
- difficulty.py: a free game's deal picked by its rating;
- saved.py: a game as a save's dict and back (the store writes it);
- save_fields.py: the save's fields, each with its type and check, written once.
"""

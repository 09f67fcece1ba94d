"""One arcade.View per screen, and the covers shown over a screen (covers.py: the pause, the
help, a question, a task's progress). Each view is handed the `Services` it uses
(services.py), not the window.

The screens: menu.py, play.py (its keys, keymap.py, call the model's play commands,
model/commands.py, and it shows their outcomes), endings.py (which screen ends each mode),
win.py (the name entry, the win and game-over screens), level_done.py and journey.py (the
journey), daily_done.py, scores.py, settings.py. Their parts: hud.py (with timebar.py),
popups.py, dialogs.py (the covers' boxes), text.py (labels, the screens' scale), widgets.py,
tasks.py (work on a worker thread), sound.py (the effects and the music).
"""

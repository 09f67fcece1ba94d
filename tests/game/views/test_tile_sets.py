"""The Mahjong tile set (issue 28, item 3) chosen as a player chooses it: the settings' Tile set
row with real keys, and `llk play --tiles` (board/test_tile_faces.py holds its faces to the board's
pixels, as every set's)."""

from __future__ import annotations

import arcade

from llk.game.store.storage import Storage
from llk.game.views.text import measured

from ..helpers import frame, key, start


def test_the_settings_row_chooses_the_mahjong_tiles_for_the_next_game(window):
    window.show_settings()
    view = window.current_view
    view.options.focus = view.options.rows.index(view.tile_set)
    for _ in range(len(view.tile_set.values)):
        if view.tile_set.value == "mahjong":
            break
        key(window, arcade.key.RIGHT)
    frame(window)
    with measured() as drawn:
        view.on_draw()
    assert "<  mahjong  >" in [d.text for d in drawn]
    assert Storage(window.storage.root).load_settings().tile_set == "mahjong"
    play = start(window)
    east = play.services.theme.face(28)  # kind 28: the east wind
    assert "mahjong" in str(east.file_path) and east.file_path.name == "28.png"

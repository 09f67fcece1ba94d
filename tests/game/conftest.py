"""One real (headless) window for the whole session; each test gets it back reset, with a
fresh data directory (LLK_DATA_DIR) so that saves and scores never touch the user's."""

from __future__ import annotations

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

import pyglet

pyglet.options["audio"] = ("silent",)

import pytest  # noqa: E402

WIDTH, HEIGHT = 1024, 720


@pytest.fixture(scope="session")
def session_window():
    from llk.game.app import GameWindow
    from llk.game.store.storage import Storage

    window = GameWindow(WIDTH, HEIGHT, storage=Storage(os.devnull), visible=False)
    yield window
    window.close()


@pytest.fixture(params=["grid", "sprites"])
def window(request, session_window, tmp_path, monkeypatch):
    """The window, reset; every game test runs once with each board renderer."""
    from llk.game.store.settings import Settings
    from llk.game.store.storage import Storage

    session_window.renderer = request.param
    monkeypatch.setenv("LLK_DATA_DIR", str(tmp_path))
    session_window.storage = Storage()
    # Silent, and on the plain background, so that a tile's pixels can be predicted from its
    # face and one colour (board/test_tile_faces.py tests the pictured backgrounds).
    # A player who has given a name once: the ends of journey levels and daily puzzles go to
    # their own screens (the first score's name entry is test_names.py's).
    # Full motion whatever this machine's desktop prefers: the animations' tests see them run.
    session_window.settings = Settings(
        sound=False,
        music=False,
        background="plain",
        player_name="Tester",
        language="en",
        reduced_motion="off",
    )
    session_window.sound.apply_music()
    # Speech, should a test turn it on (the settings' row), recorded and never said: only
    # views/test_speech_dispatcher.py reaches a real speech service.
    from llk.game.views.speech import RecordingVoice, Speech

    session_window.services.speech = Speech(
        session_window.settings, make_voice=lambda language: RecordingVoice()
    )
    session_window.set_size(WIDTH, HEIGHT)
    yield session_window
    if session_window.current_view is not None:
        import arcade

        # The test's screens let go of their workers and GL objects (a play screen's facts'
        # worker, its textures), covers and all.
        session_window.show_view(arcade.View())


# scripts/mutation runs the game's tests under mutmut, which forks a process a mutant: a GL
# context does not survive a fork, so there (LLK_TESTS_NO_WINDOW=1) the tests that take the
# window are left out and the model's and store's tests judge the mutants.
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("LLK_TESTS_NO_WINDOW") != "1":
        return
    windowed = [item for item in items if "session_window" in getattr(item, "fixturenames", ())]
    if windowed:
        left_out = set(map(id, windowed))
        items[:] = [item for item in items if id(item) not in left_out]
        config.hook.pytest_deselected(items=windowed)

"""Reduced motion's policy (model/motion.py), without a window: what moves, and the system's
preference read from the environment (GTK_ENABLE_ANIMATIONS, GNOME's enable-animations)."""

from __future__ import annotations

import pytest

from llk.game.model.motion import REDUCED_MOTION, Motion, system_reduces_motion


def never_asked() -> bool:
    raise AssertionError("the system was asked though the setting says")


def test_the_setting_says_or_the_system_does():
    assert Motion.for_setting("on", never_asked).reduced
    assert not Motion.for_setting("off", never_asked).reduced
    assert Motion.for_setting("auto", lambda: True).reduced
    assert not Motion.for_setting("auto", lambda: False).reduced
    with pytest.raises(ValueError, match="reduced motion"):
        Motion.for_setting("sometimes", never_asked)
    assert REDUCED_MOTION[0] == "auto"  # the default the settings screen shows first


def test_reduced_nothing_moves_and_everything_shows():
    full, reduced = Motion(False), Motion(True)
    assert full.seconds(0.45) == 0.45 and reduced.seconds(0.45) == 0.0
    # A fade: in between for full motion; whole until the time is up, then gone, reduced.
    assert [full.opacity(s) for s in (1.0, 0.5, 0.0)] == [1.0, 0.5, 0.0]
    assert [reduced.opacity(s) for s in (1.0, 0.5, 0.01, 0.0)] == [1.0, 1.0, 1.0, 0.0]
    assert full.risen(0.5) == 0.5 and reduced.risen(0.5) == 0.0
    assert full.grown(0.25) == 0.25 and reduced.grown(0.25) == 1.0


def gnome_says(value: str | None):
    def read() -> str | None:
        return value

    return read


@pytest.mark.parametrize(
    ("env", "gnome", "reduced"),
    [
        ({}, "false", False),  # not GNOME: its setting is not asked
        ({"GTK_ENABLE_ANIMATIONS": "0"}, None, True),
        ({"GTK_ENABLE_ANIMATIONS": "false"}, None, True),
        ({"GTK_ENABLE_ANIMATIONS": "1", "XDG_CURRENT_DESKTOP": "GNOME"}, "false", False),
        ({"XDG_CURRENT_DESKTOP": "ubuntu:GNOME"}, "false", True),
        ({"XDG_CURRENT_DESKTOP": "ubuntu:GNOME"}, "true", False),
        ({"XDG_CURRENT_DESKTOP": "GNOME"}, None, False),  # gsettings missing or failing
        ({"XDG_CURRENT_DESKTOP": "KDE"}, "false", False),
    ],
)
def test_the_system_preference_from_the_environment(env, gnome, reduced):
    assert system_reduces_motion(env, gnome_says(gnome)) is reduced

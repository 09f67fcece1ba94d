"""Reduced motion: the one place that decides whether an effect moves.

With motion reduced nothing fades, glides, rises or grows: what a fade would show is shown whole for
the fade's time and then is gone, a glide or a slide is a jump, a pop-up stands still. Nothing
is left out, only the movement. The setting is "auto" (the system's preference where it can be
read), "on" or "off".
"""

from __future__ import annotations

import functools
import os
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass

REDUCED_MOTION = ("auto", "on", "off")
GSETTINGS_TIMEOUT = 0.5  # seconds: a slow or stuck gsettings never holds the game's start


@dataclass(frozen=True)
class Motion:
    reduced: bool = False

    @classmethod
    def for_setting(cls, setting: str, system: Callable[[], bool]) -> Motion:
        """The motion of the setting; `system` (asked only for "auto") reads the system's."""
        if setting not in REDUCED_MOTION:
            raise ValueError(f"reduced motion must be one of {REDUCED_MOTION}, not {setting!r}")
        return cls(setting == "on" or (setting == "auto" and system()))

    def seconds(self, seconds: float) -> float:
        """How long a move (a glide, a slide, a push, a fade-in) takes: none at all, reduced."""
        return 0.0 if self.reduced else seconds

    def opacity(self, share_left: float) -> float:
        """How opaque something fading is with `share_left` of its time left (1 to 0):
        reduced, whole until its time is up."""
        if self.reduced:
            return 1.0 if share_left > 0 else 0.0
        return share_left

    def risen(self, share_gone: float) -> float:
        """How much of its rise a pop-up has made with `share_gone` of its time gone: none,
        reduced."""
        return 0.0 if self.reduced else share_gone

    def grown(self, share_gone: float) -> float:
        """How much of its growth something growing (a level's star) has made with
        `share_gone` of its time gone: all of it at once, reduced."""
        return 1.0 if self.reduced else share_gone


FULL_MOTION = Motion()


def _gnome_animations() -> str | None:
    """GNOME's `enable-animations` ("true"/"false"), None where it cannot be read (no
    gsettings: an OSError)."""
    command = ["gsettings", "get", "org.gnome.desktop.interface", "enable-animations"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=GSETTINGS_TIMEOUT)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def system_reduces_motion(
    env: Mapping[str, str], gnome: Callable[[], str | None] = _gnome_animations
) -> bool:
    """Does the system ask for reduced motion? GTK_ENABLE_ANIMATIONS=0 says so (=1 says not);
    else GNOME's setting where the desktop is GNOME; else no."""
    gtk = env.get("GTK_ENABLE_ANIMATIONS", "").strip().lower()
    if gtk in ("0", "false", "no"):
        return True
    if gtk in ("1", "true", "yes"):
        return False
    if "gnome" not in env.get("XDG_CURRENT_DESKTOP", "").lower():
        return False
    return gnome() == "false"


@functools.cache
def system_reduces_motion_now() -> bool:
    """The system's preference, read once a run (a gsettings call is a process)."""
    return system_reduces_motion(os.environ)


def chosen_motion(setting: str) -> Motion:
    """The motion of the settings' `reduced_motion`, "auto" the system's."""
    return Motion.for_setting(setting, system_reduces_motion_now)

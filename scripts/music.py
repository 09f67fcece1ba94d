"""The background music: a 32-second loop synthesised with numpy.

A quiet piece in C major pentatonic (the scale of much Chinese folk music, fitting a
LianLianKan game): a plucked melody like a guzheng's, soft chords of detuned sines, a bass
note a bar and a light tick on the off-beats, at 90 beats a minute, twelve bars. It loops
without a seam: every note's tail that runs past the end is added back at the start.

Mono, 16-bit, 11,025 samples a second: pyglet reads only WAV here (no Vorbis decoder), and the
whole loop is then ~0.7 MB. No randomness: reruns give the same bytes.
"""

from __future__ import annotations

import numpy as np

RATE = 11025
BPM = 90
BEAT = 60 / BPM
BARS = 12
LENGTH = round(BARS * 4 * BEAT * RATE)

# MIDI numbers. The chords a bar: C, Am, F, G, twice, then Em, Am, F, G.
CHORDS = [
    (48, 55, 64),
    (45, 52, 60),
    (41, 48, 57),
    (43, 50, 59),
    (48, 55, 64),
    (45, 52, 60),
    (41, 48, 57),
    (43, 50, 59),
    (40, 47, 55),
    (45, 52, 60),
    (41, 48, 57),
    (43, 50, 55),
]
# The melody: (bar, beat, midi, beats long), in C pentatonic (C D E G A).
MELODY_BARS = [
    [(0, 72, 1), (1, 74, 1), (2, 76, 1.5), (3.5, 79, 0.5)],
    [(0, 81, 1.5), (1.5, 79, 0.5), (2, 76, 2)],
    [(0, 76, 1), (1, 74, 1), (2, 72, 1), (3, 74, 1)],
    [(0, 76, 1.5), (1.5, 74, 0.5), (2, 72, 2)],
    [(0, 79, 1), (1, 81, 0.5), (1.5, 79, 0.5), (2, 76, 1), (3, 74, 1)],
    [(0, 72, 1), (1, 76, 1), (2, 81, 2)],
    [(0, 79, 1), (1, 76, 1), (2, 74, 1), (3, 72, 1)],
    [(0, 74, 3), (3, 67, 1)],
    [(0, 72, 1), (1, 76, 1), (2, 79, 1.5), (3.5, 76, 0.5)],
    [(0, 81, 1), (1, 84, 1), (2, 81, 1), (3, 79, 1)],
    [(0, 76, 1), (1, 74, 1), (2, 72, 1), (3, 69, 1)],
    [(0, 72, 2), (2, 74, 1), (3, 67, 1)],
]


def _freq(midi: float) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


def _pluck(midi: float, seconds: float) -> np.ndarray:
    """A plucked string: a few harmonics, each fading faster than the one below."""
    t = np.arange(int(seconds * RATE)) / RATE
    f = _freq(midi)
    tone = sum(
        np.sin(2 * np.pi * f * k * t) * np.exp(-t * (2.5 + 2.0 * k)) / k for k in (1, 2, 3, 4)
    )
    attack = np.clip(t / 0.004, 0, 1)
    return tone * attack


def _pad(notes: tuple[int, ...], seconds: float) -> np.ndarray:
    """Soft chord: each note two slightly detuned sines, swelling in and out."""
    t = np.arange(int(seconds * RATE)) / RATE
    swell = np.sin(np.pi * np.clip(t / seconds, 0, 1)) ** 1.5
    tone = sum(
        np.sin(2 * np.pi * _freq(n) * t) + np.sin(2 * np.pi * _freq(n) * 1.004 * t) for n in notes
    )
    return tone * swell / (2 * len(notes))


def _tick(seconds: float = 0.05) -> np.ndarray:
    t = np.arange(int(seconds * RATE)) / RATE
    return np.sin(2 * np.pi * (2400 - 12000 * t) * t) * np.exp(-t * 90)


def _add(track: np.ndarray, at: float, sound: np.ndarray) -> None:
    """Mixes `sound` in from `at` seconds, wrapping past the end (the loop is seamless)."""
    start = round(at * RATE) % LENGTH
    idx = (start + np.arange(sound.size)) % LENGTH
    np.add.at(track, idx, sound)


def track() -> np.ndarray:
    """The loop, as floats in -1 .. 1."""
    out = np.zeros(LENGTH)
    bar_seconds = 4 * BEAT
    for bar, (chord, melody) in enumerate(zip(CHORDS, MELODY_BARS, strict=True)):
        at = bar * bar_seconds
        _add(out, at, 0.22 * _pad(chord, bar_seconds * 1.15))
        _add(out, at, 0.35 * _pluck(chord[0] - 12, 2.5))
        _add(out, at + 2 * BEAT, 0.2 * _pluck(chord[1] - 12, 1.5))
        for beat in range(4):
            _add(out, at + (beat + 0.5) * BEAT, 0.05 * _tick())
        for beat, midi, beats in melody:
            _add(out, at + beat * BEAT, 0.3 * _pluck(midi, max(1.2, beats * BEAT + 0.8)))
    return 0.9 * out / np.abs(out).max()

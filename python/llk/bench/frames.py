"""`llk bench --frames`: the game's frame times, in a hidden window (headless with
ARCADE_HEADLESS=1: EGL on Mesa's llvmpipe), with no MSAA.

For each board size, engine backend and renderer it starts a real game (the play screen, HUD,
board facts' worker and all) and plays scripted frames:

- idle: the whole board fitted to the window, nothing moving;
- path-fade: a linking pair is clicked every FADE_EVERY frames, so its path and fade run;
- zoom-pan: the wheel zooms in from the whole board to tiles of about 32 pixels and out
  again, while the board is dragged;
- remove-every-frame: a linking pair is clicked in every frame (its path, fade and the
  deadlock scan of the new board included);
- minimap: what the minimap alone costs a frame (taking the board's facts when they come, its
  picture made and uploaded then, its draw), the facts asked for every FADE_EVERY frames as
  after a move;
- frame-overlay: what the frame-time overlay (F) alone costs a frame: its text (laid out again
  a few times a second) and its graph, drawn over the idle board and the GPU finished;
- navigate: zoomed in to tiles of ZOOM_TILE_PIXELS in one corner, a hint at the far corner is
  shown and the camera glides to it, and back, again and again;
- hand-over: start, shuffle and continue, each with a worker beside the frames (handover.py).

A frame is what the game does for one tick: the input, `on_update`, `on_draw`, and waiting
for the GPU to finish (`ctx.finish()`), so the time is the frame's real cost. The start-up of
each game (deal, play screen, first frame) is reported too, as scenario "startup".
frames_report.py holds the targets and writes the tables.
"""

from __future__ import annotations

import math
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO, cast

from .frames_report import FrameResult, percentile

if TYPE_CHECKING:
    import llk
    from llk import BackendName, Cell

    from ..game.model.config import GameConfig
    from ..game.views.play import PlayView

SCENARIOS = (
    "idle",
    "path-fade",
    "zoom-pan",
    "minimap",
    "frame-overlay",
    "navigate",
    "remove-every-frame",
)
RENDERERS = ("grid", "sprites")
FRAMES, QUICK_FRAMES = 120, 24
FADE_EVERY = 12
WINDOW = (1280, 800)
ZOOM_TILE_PIXELS = 32  # zoom-pan zooms in until a tile is this wide on screen
KINDS = 48


class FrameBench:
    """One hidden game window for the whole run."""

    def __init__(self) -> None:
        os.environ.setdefault("LLK_DATA_DIR", tempfile.mkdtemp(prefix="llk-frames-"))
        import pyglet

        if os.environ.get("ARCADE_HEADLESS"):
            pyglet.options["audio"] = ("silent",)
        from ..game.app import GameWindow
        from ..game.store.settings import Settings
        from ..game.store.storage import Storage

        self.window = GameWindow(*WINDOW, storage=Storage(), visible=False)
        self.window.settings.__dict__.update(Settings(sound=False).__dict__)
        self.window.theme.settings = self.window.settings
        self.gl_renderer = str(self.window.ctx.info.RENDERER)
        # Each frame's milliseconds by phase (game/phases.py), since the scenario began.
        self.phase_log: list[dict[str, float]] = []

    def close(self) -> None:
        import arcade

        self.window.show_view(arcade.View())  # the last game's screen lets go of its workers
        self.window.close()

    def board(self, rows: int, cols: int, backend: BackendName, seed: int) -> llk.Board:
        """A solvable deal on the given backend. The Rust core deals for the Python one when
        it can (the Python deal of a million cells takes minutes); the board is the same kind
        of board either way."""
        import llk

        dealer: BackendName = "rust" if llk.rust_available() else backend
        kinds = min(KINDS, max(1, rows * cols // 4))
        board = llk.deal(rows, cols, kinds=kinds, seed=seed, backend=dealer)
        return board if dealer == backend else llk.Board(board.grid, backend=backend)

    def start(self, rows: int, cols: int, backend: BackendName, renderer: str, seed: int) -> float:
        """Starts a game; returns the start-up time in ms (deal, play screen, first frame)."""

        self._game = (rows, cols, backend, renderer, seed)
        started = time.perf_counter()
        board = self.board(rows, cols, backend, seed)
        config = self.config(rows, cols, seed)
        self.window.renderer = renderer
        self.window.start_game(config, board)
        self.frame(lambda: None)
        return (time.perf_counter() - started) * 1000

    def config(self, rows: int, cols: int, seed: int) -> GameConfig:
        """The game config of the bench's boards (its deal is `board`)."""
        from ..game.model.config import GameConfig

        return GameConfig(rows=rows, cols=cols, kinds=min(KINDS, rows * cols // 4), seed=seed)

    @property
    def view(self) -> PlayView:
        """The play screen: every scenario runs in a game."""
        return cast("PlayView", self.window.current_view)

    def keep_playing(self) -> None:
        """A new game like the last one once that one is over: a small board cleared by the
        removal scenarios ends on the win screen, which has no board to play (untimed)."""
        if not self._playing():
            self.start(*self._game)

    def _playing(self) -> bool:
        from ..game.views.play import PlayView

        view = self.view
        return isinstance(view, PlayView) and not view.finished

    def frame(self, action: Callable[[], object], dt: float = 1 / 60) -> float:
        """One timed frame: the input, update, draw, and the GPU's work; its phases (when the
        phase timer is on) go to `phase_log`."""
        from ..game.phases import DRAW, GPU_WAIT, INPUT, TIMER, phase

        TIMER.take()  # what ran between frames (untimed set-up) is no frame's
        started = time.perf_counter()
        with phase(INPUT):
            action()
            self.view.on_update(dt)
        with phase(DRAW):
            self.view.on_draw()
        with phase(GPU_WAIT):
            self.window.ctx.finish()
        ms = (time.perf_counter() - started) * 1000
        if TIMER.on:
            self.phase_log.append(TIMER.take())
        return ms

    def hand_over(
        self, command: Callable[[], object], done: Callable[[], bool], after: int | None = None
    ) -> tuple[list[float], float]:
        """Timed frames from `command` until `done` and some more (handover.hand_over)."""
        from .handover import AFTER_FRAMES, hand_over

        return hand_over(self.frame, command, done, AFTER_FRAMES if after is None else after)

    def link_a_pair(self) -> None:
        if not self._playing():
            return  # the last pair went in an earlier frame; keep_playing deals again
        from ..game.phases import ENGINE, phase

        view = self.view
        board = view.game.board
        with phase(ENGINE):  # the scripted player's own look for a pair: an engine call
            pair = board.hint()
        if pair is None:
            view.poll_facts(wait=True)
            return
        view.game.clear_selection()
        view.click(pair[0])
        view.click(pair[1])

    def scenario(self, name: str, frames: int) -> list[float]:
        self.keep_playing()
        self.phase_log = []
        view = self.view
        view.board_view.fit()
        width, height = self.window.get_size()
        if name == "idle":
            return [self.frame(lambda: None) for _ in range(frames)]
        if name == "path-fade":
            times = []
            for i in range(frames):
                self.keep_playing()
                times.append(self.frame(self.link_a_pair if i % FADE_EVERY == 0 else _nothing))
            return times
        if name == "remove-every-frame":
            times = []
            for _ in range(frames):
                self.keep_playing()
                times.append(self.frame(self.link_a_pair))
            return times
        if name == "zoom-pan":
            # In from the whole board to tiles of ZOOM_TILE_PIXELS and out again, in equal
            # steps, dragging the board a little every frame.
            from ..game.board.theme import TILE_W

            start = view.board_view.camera.zoom
            top = max(start, ZOOM_TILE_PIXELS / TILE_W)
            half = max(1, frames // 2)
            step = math.exp(math.log(top / start) / half)
            times = []
            # A drag is a press and a pointer that moves (the play view pans only once it has
            # moved past a click's few pixels), released at the end.
            pointer = [width // 2, height // 2]
            view.on_mouse_press(pointer[0], pointer[1], 1, 0)
            for i in range(frames):
                factor = step if i < half else 1 / step
                drift = 6 if (i // 8) % 2 == 0 else -6

                def zoom_and_drag(factor: float = factor, drift: int = drift) -> None:
                    view.on_mouse_scroll(width // 2, height // 2, 0, math.log(factor, 1.15))
                    pointer[0] += drift
                    pointer[1] += drift // 2
                    view.on_mouse_drag(pointer[0], pointer[1], drift, drift // 2, 1, 0)

                times.append(self.frame(zoom_and_drag))
            view.on_mouse_release(pointer[0], pointer[1], 1, 0)
            return times
        if name == "minimap":
            return self.minimap_frames(frames)
        if name == "frame-overlay":
            return self.overlay_frames(frames)
        if name == "navigate":
            return self.navigate_frames(frames)
        raise ValueError(f"unknown scenario {name!r}")

    def minimap_frames(self, frames: int) -> list[float]:
        view = self.view
        minimap = view.minimap
        was, minimap.visible = minimap.visible, True
        times = []
        for i in range(frames):
            if i % FADE_EVERY == 0:
                view.board_changed()  # as after a move: the board's facts are asked for again
            # Timed: taking the facts when they are in (the minimap's picture made and uploaded
            # then) and drawing the minimap; the frame's other work is not.
            started = time.perf_counter()
            view.poll_facts()
            minimap.draw()
            self.window.ctx.finish()
            times.append((time.perf_counter() - started) * 1000)
            view.on_update(1 / 60)
            view.on_draw()
            self.window.ctx.finish()
        minimap.visible = was
        return times

    def overlay_frames(self, frames: int) -> list[float]:
        from ..game.views.text import ui_scale

        view, hud = self.view, self.view.hud
        was, hud.show_frame_times = hud.show_frame_times, False  # drawn once a frame: here
        times = []
        for _ in range(frames):
            view.on_update(1 / 60)
            view.on_draw()  # the frame, measured into the overlay's numbers as in play
            self.window.ctx.finish()
            # Timed: the overlay's draw and its GPU work, in the HUD's camera (set up for the
            # whole HUD in play, so not timed here).
            with hud.camera.activate():
                started = time.perf_counter()
                hud.draw_frame_overlay(ui_scale(self.window))
                self.window.ctx.finish()
                times.append((time.perf_counter() - started) * 1000)
        hud.show_frame_times = was
        return times

    def navigate_frames(self, frames: int) -> list[float]:
        from ..game.board.theme import TILE_W

        view = self.view
        bv, board = view.board_view, view.game.board
        bv.camera.zoom = ZOOM_TILE_PIXELS / TILE_W
        corners = [(0, 0), (bv.rows - 1, bv.cols - 1)]
        times: list[float] = []
        turn = 0
        while len(times) < frames:
            here, there = corners[turn % 2], corners[(turn + 1) % 2]
            bv.look_at(bv.centre_of(here), glide=False)
            pairs = board.hints_near(there, 1)
            if not pairs:
                break

            def show(pair: tuple[Cell, Cell] = pairs[0]) -> None:
                view.show_hint(pair)

            times.append(self.frame(show))
            while bv.glide is not None and len(times) < frames:
                times.append(self.frame(_nothing))
            turn += 1
        return times


def _nothing() -> None:
    pass


def timer_cost(calls: int = 100_000) -> tuple[float, float]:
    """What one marked phase costs, in ns, with the phase timer off and on (a timer of its
    own, so the game's is untouched): an empty `with timer.phase(...)` block, less the loop."""
    from ..game.phases import PhaseTimer

    timer = PhaseTimer()
    costs = []
    for on in (False, True):
        timer.on = on
        started = time.perf_counter()
        for _ in range(calls):
            with timer.phase("x"):
                pass
        marked = time.perf_counter() - started
        started = time.perf_counter()
        for _ in range(calls):
            pass
        costs.append(max(0.0, marked - (time.perf_counter() - started)) / calls * 1e9)
    return costs[0], costs[1]


def phase_statistics(
    log: list[dict[str, float]], times: list[float]
) -> dict[str, tuple[float, float]] | None:
    """Per phase (game/phases.py's ORDER, then "phases" for their sum and "other" for the
    frame's time outside them), the median and p95 over the frames in ms; None when the
    scenario timed part of a frame (minimap, frame-overlay), not whole frames."""
    from ..game.phases import ORDER

    if not log or len(log) != len(times):
        return None
    columns = {name: [frame.get(name, 0.0) for frame in log] for name in ORDER}
    sums = [sum(frame.values()) for frame in log]
    columns["phases"] = sums
    columns["other"] = [total - inside for total, inside in zip(times, sums, strict=True)]
    return {
        name: (statistics.median(values), percentile(values, 0.95))
        for name, values in columns.items()
    }


def run_frames(
    sizes: list[tuple[int, int]],
    backends: list[BackendName],
    renderers: list[str],
    quick: bool,
    seed: int,
    progress: TextIO,
) -> tuple[list[FrameResult], str]:
    """Every case's frame times, and the name of the GL renderer they were drawn with."""
    from ..game.board.sprite_tiles import SPRITE_MAX_CELLS
    from ..game.phases import TIMER
    from .handover import HANDOVER_SCENARIOS, run_handovers, why_not_handovers

    frames = QUICK_FRAMES if quick else FRAMES
    bench: FrameBench | None = None  # the window opens for the first case that runs
    results: list[FrameResult] = []
    TIMER.on = True
    try:
        for rows, cols in sizes:
            size = f"{rows}x{cols}"
            for backend in backends:
                for renderer in renderers:
                    if renderer == "sprites" and rows * cols > SPRITE_MAX_CELLS:
                        why: str | None = f"the sprite renderer stops at {SPRITE_MAX_CELLS:,} cells"
                        for scenario in ("startup", *SCENARIOS, *HANDOVER_SCENARIOS):
                            results.append(
                                FrameResult(scenario, size, backend, renderer, 0, None, None, why)
                            )
                        continue
                    if bench is None:
                        bench = FrameBench()
                    progress.write(f"frames: {size} {backend} {renderer}: start-up ...")
                    progress.flush()
                    startup = bench.start(rows, cols, backend, renderer, seed)
                    results.append(
                        FrameResult("startup", size, backend, renderer, 1, startup, startup)
                    )
                    progress.write(f" {startup:.0f} ms")
                    for scenario in SCENARIOS:
                        times = bench.scenario(scenario, frames)
                        results.append(
                            FrameResult(
                                scenario,
                                size,
                                backend,
                                renderer,
                                len(times),
                                statistics.median(times),
                                percentile(times, 0.95),
                                phases=phase_statistics(bench.phase_log, times),
                            )
                        )
                        progress.write(f", {scenario} {statistics.median(times):.1f} ms")
                        progress.flush()
                    why = why_not_handovers(rows, cols, backend)
                    if why is None:
                        handed = run_handovers(bench, rows, cols, backend, renderer, seed)
                        results += handed
                        for r in handed:
                            progress.write(f", {r.scenario} worst {r.worst_ms:.0f} ms")
                    else:
                        results += [
                            FrameResult(scenario, size, backend, renderer, 0, None, None, why)
                            for scenario in HANDOVER_SCENARIOS
                        ]
                    progress.write("\n")
    finally:
        TIMER.on = False
        if bench is not None:
            bench.close()
    return results, "none" if bench is None else bench.gl_renderer

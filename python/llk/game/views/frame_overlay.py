"""The frame-time overlay (F in play, or the settings' row for every game): the frames per
second, the last second's 95th-percentile frame time (frame_stats.py) and a graph of the last
frames' times, in the window's bottom right corner.

It must cost next to nothing, being drawn in every frame it measures: its one text is laid out
again at most 1/REFRESH times a second (a layout costs far more than a draw), and the graph (a
backdrop, a bar a frame, and marks at 8.3 and 16.7 ms: 120 and 60 Hz's budgets) is one draw
call of triangles from one buffer, in which a new frame moves only the bars' tops (arcade's
draw_lines and rectangles cost a tenth of a millisecond or more each, on llvmpipe).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import arcade
import numpy as np

from ..assets import shader_source
from ..i18n import _
from .frame_stats import GRAPH_FRAMES, FrameStats

# Sets a text's words (laid out again only when they change), size and place, and draws it
# (hud.Hud._place: the font for Chinese too).
Place = Callable[[arcade.Text, str, float, float, float], None]

REFRESH = 0.25  # seconds between the text's updates: four a second stays readable
GRAPH_HEIGHT = 40  # design pixels for SCALE_MS
SCALE_MS = 25.0  # the graph's top: a longer frame's bar is cut there
MARKS_MS = (1000 / 120, 1000 / 60)
TEXT_COLOUR = (255, 255, 0)
BACKDROP_COLOUR = (0, 0, 0, 160)
BAR_COLOUR = (120, 220, 120)
MARK_COLOUR = (255, 120, 100)
QUADS = 1 + GRAPH_FRAMES + len(MARKS_MS)  # the backdrop, the bars, the marks


def graph_quads(
    recent: Iterable[float], left: float, bottom: float, step: float, height: float
) -> np.ndarray:
    """The graph's rectangles in window pixels, (left, bottom, right, top) a row, and their
    colours (RGBA, 0 to 255): the backdrop, GRAPH_FRAMES bars (the newest at the right; a bar
    not drawn yet has no height) and the marks, a pixel thick."""
    ms = np.fromiter(recent, dtype=np.float64)[-GRAPH_FRAMES:]
    quads = np.zeros((QUADS, 8), dtype=np.float64)
    right = left + step * GRAPH_FRAMES
    quads[0] = (left, bottom, right, bottom + height, *BACKDROP_COLOUR)
    bars = quads[1 : 1 + GRAPH_FRAMES]
    bars[:, 0] = left + step * np.arange(GRAPH_FRAMES)
    bars[:, 1] = bars[:, 3] = bottom
    bars[:, 2] = bars[:, 0] + step
    if len(ms):
        bars[-len(ms) :, 3] = bottom + height * np.minimum(ms, SCALE_MS) / SCALE_MS
    bars[:, 4:] = (*BAR_COLOUR, 255)
    for quad, mark_ms in zip(quads[1 + GRAPH_FRAMES :], MARKS_MS, strict=True):
        y = round(bottom + height * mark_ms / SCALE_MS)
        quad[:] = (left, y, right, y + 1, *MARK_COLOUR, 255)
    return quads


def clip_triangles(quads: np.ndarray, width: float, height: float) -> np.ndarray:
    """`graph_quads`' rectangles as two triangles each in a `width` x `height` window's clip
    space: (rectangles, 6 vertices, x y r g b a) float32, colours 0 to 1; a rectangle's
    vertices 2, 4 and 5 are its top's (GraphVertices moves them)."""
    x0, y0 = quads[:, 0] / width * 2 - 1, quads[:, 1] / height * 2 - 1
    x1, y1 = quads[:, 2] / width * 2 - 1, quads[:, 3] / height * 2 - 1
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y0), (x1, y1), (x0, y1)]
    vertices = np.empty((len(quads), 6, 6), dtype=np.float32)
    for i, (x, y) in enumerate(corners):
        vertices[:, i, 0], vertices[:, i, 1] = x, y
        vertices[:, i, 2:] = quads[:, 4:] / 255
    return vertices


TOPS = [2, 4, 5]  # clip_triangles' vertices at a rectangle's top


class GraphVertices:
    """The graph's vertices for the GPU, kept between frames: laid out whole only when the
    graph moves (`place`); a new frame only moves the bars' tops (`update`)."""

    def __init__(self) -> None:
        self.array = np.zeros((QUADS, 6, 6), dtype=np.float32)
        self._place: tuple[float, ...] = ()

    def place(
        self, left: float, bottom: float, step: float, height: float, window: tuple[int, int]
    ) -> bool:
        """The graph at (left, bottom), `step` pixels a bar, `height` tall, in a window of
        that size; whether that moved it (its bars then have no height until `update`)."""
        where = (left, bottom, step, height, *window)
        if where == self._place:
            return False
        self._place = where
        self.array = clip_triangles(graph_quads((), left, bottom, step, height), *window)
        return True

    def update(self, recent: Iterable[float]) -> None:
        """The bars of these frame times (ms), the newest at the right."""
        _, bottom, _, height, _, window_height = self._place
        ms = np.fromiter(recent, dtype=np.float64)[-GRAPH_FRAMES:]
        tops = np.full(GRAPH_FRAMES, bottom, dtype=np.float64)
        if len(ms):
            tops[-len(ms) :] += height * np.minimum(ms, SCALE_MS) / SCALE_MS
        bars = self.array[1 : 1 + GRAPH_FRAMES]
        bars[:, TOPS, 1] = (tops / window_height * 2 - 1)[:, None]


class FrameOverlay:
    def __init__(self) -> None:
        self.stats = FrameStats()
        self.text = arcade.Text("", 0, 0, TEXT_COLOUR, 12, anchor_x="right")
        self.shown = ""  # the text's words, kept between refreshes
        self._text_at: float | None = None  # the `latest` frame when the words were last set
        # The graph's GL objects, made at its first draw; the buffer's contents are for `_key`.
        self._graph: tuple[arcade.gl.Program, arcade.gl.Buffer, arcade.gl.Geometry] | None = None
        self.vertices = GraphVertices()
        self._drawn_at: float | None = None  # the `latest` frame the buffer's bars show

    def words(self) -> str:
        """What the text says now."""
        p95 = self.stats.p95()
        return _("{fps} fps   p95 {ms} ms").format(
            fps=self.stats.fps(), ms="-" if p95 is None else f"{p95:.1f}"
        )

    def draw(self, right: float, bottom: float, u: float, place: Place) -> None:
        """The graph with its right edge at `right` above `bottom`, the text above it; `u` the
        window's scale (text.ui_scale). The caller's camera is the window's own."""
        latest = self.stats.latest
        due = latest is not None and (self._text_at is None or latest - self._text_at >= REFRESH)
        if due or not self.shown:
            self.shown = self.words()
            self._text_at = latest
        step, height = max(1, round(u)), GRAPH_HEIGHT * u
        self._draw_graph(right - step * GRAPH_FRAMES, bottom, step, height)
        place(self.text, self.shown, 12 * u, right, bottom + height + 4 * u)

    def _draw_graph(self, left: float, bottom: float, step: float, height: float) -> None:
        window = arcade.get_window()
        if self._graph is None:
            ctx = window.ctx
            program = ctx.program(
                vertex_shader=shader_source("frame_graph.vert.glsl"),
                fragment_shader=shader_source("frame_graph.frag.glsl"),
            )
            buffer = ctx.buffer(reserve=QUADS * 6 * 6 * 4)
            layout = arcade.gl.BufferDescription(buffer, "2f 4f", ["in_vert", "in_colour"])
            self._graph = program, buffer, ctx.geometry([layout], mode=ctx.TRIANGLES)
        program, buffer, geometry = self._graph
        moved = self.vertices.place(left, bottom, step, height, window.get_size())
        if moved or self.stats.latest != self._drawn_at:  # a frame measured since
            self.vertices.update(self.stats.recent)
            buffer.write(self.vertices.array.tobytes())
            self._drawn_at = self.stats.latest
        geometry.render(program)

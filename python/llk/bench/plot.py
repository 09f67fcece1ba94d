"""The log-log plot of `llk bench`: time per operation against the board's cells, drawn by a
run's `--plot` and, from a saved result, by `llk bench plot RESULT.json` (the same function on
the results read back)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from .._output import write_whole
from .ops import CONTENDERS
from .report import CONTENDER_TITLES, Result, _key, title

TITLE = "llk bench: time per operation against board size (log-log)"
SCALING_TITLE = "llk bench --scaling: cost against the board's cells (log-log)"


def plot(path: str, results: list[Result], heading: str = TITLE, option: str = "--plot") -> None:
    """A log-log plot of the time of one operation against the board's cells, one panel per
    operation, a colour per contender and a marker per board family."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise ImportError(
            "--plot needs matplotlib: pip install 'llk[bench]' (or pip install matplotlib)"
        ) from error
    # Operations timed on two sizes or more: a single point says nothing about growth.
    ops = [
        op
        for op in dict.fromkeys(r.op for r in sorted(results, key=_key))
        if len({r.cells for r in results if r.op == op and r.timing is not None}) >= 2
    ]
    if not ops:
        raise ValueError("nothing was timed on two sizes or more: no plot to draw")
    columns = min(3, len(ops))
    rows = (len(ops) + columns - 1) // columns
    figure, axes = plt.subplots(
        rows,
        columns,
        figsize=(4.4 * columns, 3.2 * rows + 0.8),
        squeeze=False,
        layout="constrained",
    )
    colours = {"rust": "#c0392b", "python": "#2471a3", "classic-rust": "#e67e22"}
    colours["classic-python"] = "#7d3c98"
    styles: dict[str, Literal["-", "--"]] = {
        "rust": "-",
        "python": "-",
        "classic-rust": "--",
        "classic-python": "--",
    }
    markers = {"full": "o", "half": "s", "unique": "^", "deadlocked": "D", "dealt": "o"}
    for ax, op in zip(axes.flat, ops, strict=False):
        for contender in CONTENDERS:
            for family in dict.fromkeys(r.family for r in results if r.op == op):
                points = sorted(
                    (r.cells, r.median)
                    for r in results
                    if (r.op, r.contender, r.family) == (op, contender, family) and r.median
                )
                if not points:
                    continue
                xs, ys = zip(*points, strict=True)
                ax.plot(
                    xs,
                    ys,
                    marker=markers.get(family, "o"),
                    color=colours[contender],
                    linestyle=styles[contender],
                    markersize=4,
                    linewidth=1.2,
                )
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(title(op), fontsize=10)
        ax.set_xlabel("cells", fontsize=8)
        ax.set_ylabel("seconds per operation", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(True, which="major", alpha=0.3)
    for ax in list(axes.flat)[len(ops) :]:
        ax.set_visible(False)
    from matplotlib.lines import Line2D

    shown = [c for c in CONTENDERS if any(r.contender == c and r.median for r in results)]
    handles = [
        Line2D([], [], color=colours[c], linestyle=styles[c], label=CONTENDER_TITLES[c])
        for c in shown
    ]
    families = [f for f in markers if f != "dealt" and any(r.family == f for r in results)]
    handles += [
        Line2D([], [], color="grey", marker=markers[f], linestyle="", label=f"{f} board")
        for f in families
    ]
    figure.legend(handles=handles, loc="outside lower center", ncols=len(handles), fontsize=8)
    figure.suptitle(heading, fontsize=11)
    # PNG unless the name says another format matplotlib knows (.svg, .pdf).
    form = Path(path).suffix.lstrip(".").lower() or "png"
    try:
        write_whole(
            path, option, lambda file: figure.savefig(file, dpi=80, format=form), binary=True
        )
    finally:
        plt.close(figure)

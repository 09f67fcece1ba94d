"""Every bad input docs/bad-input.md lists, with what the user sees: the table is made from this
list (`python -m tests.reliability.cases` prints it) and tests/reliability/test_bad_input.py
checks each row on both backends.

A message is matched in full; `…` stands for any text (a message quoting Python's own wording,
which may change between versions), `{dir}` for the test's temporary directory and `{backend}`
for the backend under test.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import llk

TEST_FILE = "tests/reliability/test_bad_input.py"


@dataclass(frozen=True)
class Case:
    id: str
    area: str
    bad: str  # the input, as the table shows it (Markdown)
    sees: str  # the exception class, or "exit 2" for the command line
    message: str  # the message template (see the module docstring)
    test: str  # the test function that checks it, parametrized by `id`

    def matches(self, text: str, **values: str) -> bool:
        parts = self.message.split("…")
        filled = [re.escape(p.replace("{dir}", values.get("dir", "{dir}"))) for p in parts]
        pattern = ".*".join(filled).replace(re.escape("{backend}"), values.get("backend", ""))
        return re.fullmatch(pattern, text, flags=re.S) is not None


@dataclass(frozen=True)
class ApiCase(Case):
    """A call of the Python API, given the backend's name and a temporary directory holding
    the layout files of `LAYOUT_FILES`; it must raise `error`."""

    call: Callable[[str, Path], Any] = field(default=lambda backend, folder: None, compare=False)
    error: type[BaseException] = llk.BoardError


@dataclass(frozen=True)
class CliCase(Case):
    """`llk ARGV...` (the console script), with LLK_BACKEND set to the backend; exit status 2 and
    the message as the last line of stderr (the only line unless argparse adds its usage)."""

    argv: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    usage: bool = False


@dataclass(frozen=True)
class FileCase(Case):
    """A game file with bad contents: the problem reported, the file moved aside, defaults."""

    file: str = ""
    content: bytes = b""


def _board(backend: str) -> llk.Board:
    return llk.Board([[1, 2, 1], [3, 1, 3], [2, 3, 0]], border=False, backend=backend)


def api(id, area, bad, message, call, error=llk.BoardError) -> ApiCase:
    return ApiCase(
        id,
        area,
        bad,
        error.__name__,
        message,
        "test_api_refuses",
        call=lambda backend, folder: call(backend),
        error=error,
    )


def layout_file(id, bad, message, name) -> ApiCase:
    """A layout file read, then dealt on the backend."""

    def call(backend: str, folder: Path) -> llk.Board:
        layout = llk.Layout.from_file(folder / name if name else folder)
        return llk.deal(layout.rows, layout.cols, kinds=1, seed=0, layout=layout, backend=backend)

    return ApiCase(
        id, FILES, bad, "BoardError", message, "test_api_refuses", call=call, error=llk.BoardError
    )


# The files the layout-file cases read, made in the test's temporary directory.
LAYOUT_FILES = {"binary.txt": b"\xff\xfe\x00junk", "odd.txt": b"#.#\n#..\n"}


def cli(id, bad, message, *argv, usage=False, env=()) -> CliCase:
    area = "environment" if env else "command line"
    return CliCase(
        id, area, bad, "exit 2", message, "test_cli_refuses", argv=argv, env=env, usage=usage
    )


def stored(id, bad, file, content, message) -> FileCase:
    return FileCase(
        id, "game files", bad, "a note", message, "test_bad_file_is_set_aside", file, content
    )


GRID = "grid"
CELLS = "cells, arguments"
DEALS = "deals"
CODES = "share codes"
LAYOUTS = "layouts"
FILES = "layout files"

KINDS = "kinds are 0 (empty) or 1..65535"
TOO_BIG = "at most 16777216 cells"
GRAVITIES = "none, down, up, left, right, split-h, split-v"
FORM = "(expected llk2.ROWSxCOLS.KINDS.SEED.GRAVITY.LAYOUT.FLAGS)"

# fmt: off
CASES: list[Case] = [
    # The grid of a board.
    api("grid-none", GRID, "`Board(None)`",
        "grid must be a 2-D array or a sequence of rows, not NoneType",
        lambda b: llk.Board(None, backend=b)),
    api("grid-text", GRID, '`Board("12\\n34")`',
        "grid must be a 2-D array or a sequence of rows, not str",
        lambda b: llk.Board("12\n34", backend=b)),
    api("grid-1d", GRID, "`Board([1, 2, 3])`",
        "grid must be 2-D: row 0 is 1, not a sequence of kinds",
        lambda b: llk.Board([1, 2, 3], backend=b)),
    api("grid-3d", GRID, "`Board([[[1]]])`",
        "grid must be 2-D: the cell at (0, 0) is a sequence",
        lambda b: llk.Board([[[1]]], backend=b)),
    api("grid-ragged", GRID, "`Board([[1, 2], [3]])`",
        "grid is ragged: row 0 has 2 cells, row 1 has 1",
        lambda b: llk.Board([[1, 2], [3]], backend=b)),
    api("grid-empty", GRID, "`Board([])`",
        "grid is empty (0x0): a board needs at least one row and one column",
        lambda b: llk.Board([], backend=b)),
    api("grid-float", GRID, "`Board([[1.5, 2]])`",
        "kind at (0, 0) is 1.5: kinds are ints, not float",
        lambda b: llk.Board([[1.5, 2]], backend=b)),
    api("grid-nan", GRID, '`Board([[float("nan")]])`',
        "kind at (0, 0) is nan: kinds are ints, not float",
        lambda b: llk.Board([[float("nan")]], backend=b)),
    api("grid-bool", GRID, "`Board([[True, 1]])`",
        "kind at (0, 0) is True: kinds are ints, not bool",
        lambda b: llk.Board([[True, 1]], backend=b)),
    api("grid-negative", GRID, "`Board([[1, -1]])`",
        f"kind at (0, 1) is -1: {KINDS}",
        lambda b: llk.Board([[1, -1]], backend=b)),
    api("grid-huge-kind", GRID, "`Board([[10**100]])`",
        f"kind at (0, 0) is 100000000000000000...0000000000000000000: {KINDS}",
        lambda b: llk.Board([[10**100]], backend=b)),
    api("grid-float-array", GRID, "`Board(np.ones((2, 2)))`",
        "grid must hold integer kinds, got an array of dtype float64",
        lambda b: llk.Board(np.ones((2, 2)), backend=b)),
    api("grid-bool-array", GRID, "`Board(np.ones((2, 2), bool))`",
        "grid must hold integer kinds, got an array of dtype bool",
        lambda b: llk.Board(np.ones((2, 2), bool), backend=b)),
    api("grid-uint64-array", GRID, "`Board(np.array([[2**64 - 1]], np.uint64))`",
        f"kind at (0, 0) is 18446744073709551615: {KINDS}",
        lambda b: llk.Board(np.array([[2**64 - 1]], np.uint64), backend=b)),
    api("grid-3d-array", GRID, "`Board(np.zeros((2, 2, 2), np.int32))`",
        "grid must be 2-D, got a 3-D array of shape (2, 2, 2)",
        lambda b: llk.Board(np.zeros((2, 2, 2), np.int32), backend=b)),
    api("grid-object-array", GRID, "`Board(np.array([[1, None]], dtype=object))`",
        "kind at (0, 1) is None: kinds are ints, not NoneType",
        lambda b: llk.Board(np.array([[1, None]], dtype=object), backend=b)),
    api("grid-masked-array", GRID,
        "`Board(np.ma.masked_array([[1, 99999]], mask=[[0, 1]]))`: the bad kind hidden",
        f"kind at (0, 1) is 99999: {KINDS}",
        lambda b: llk.Board(np.ma.masked_array([[1, 99999]], mask=[[0, 1]]), backend=b)),
    api("grid-memoryview", GRID, "`Board(memoryview(np.ones((2, 2))))`",
        "grid must hold integer kinds, got an array of dtype float64",
        lambda b: llk.Board(memoryview(np.ones((2, 2))), backend=b)),
    api("grid-bytearray-row", GRID, '`Board([bytearray(b"\\x01\\x01")])`',
        "grid must be 2-D: row 0 is bytearray(b'\\x01\\x01'), not a sequence of kinds",
        lambda b: llk.Board([bytearray(b"\x01\x01")], backend=b)),
    api("grid-too-large", GRID, "`Board(np.broadcast_to(np.uint8(1), (10**6, 10**6)))`",
        f"grid is too large (1000000x1000000 = 1000000000000 cells): {TOO_BIG}",
        lambda b: llk.Board(np.broadcast_to(np.uint8(1), (10**6, 10**6)), backend=b)),
    api("grid-range", GRID, "`Board(range(10**12))`: a trillion rows, never listed",
        f"grid is too large (1000000000000 rows): {TOO_BIG}",
        lambda b: llk.Board(range(10**12), backend=b)),
    api("grid-range-row", GRID, "`Board([range(2**70)])`: `len()` itself fails",
        f"grid is too large (more than 9223372036854775807 cells): {TOO_BIG}",
        lambda b: llk.Board([range(2**70)], backend=b)),
    api("border", GRID, '`Board(grid, border="yes")`',
        "border must be True or False, got 'yes'",
        lambda b: llk.Board([[1, 1]], border="yes", backend=b)),
    api("gravity", GRID, '`Board(grid, gravity="sideways")`',
        f"gravity must be one of {GRAVITIES}; got 'sideways'",
        lambda b: llk.Board([[1, 1]], gravity="sideways", backend=b)),
    api("backend", GRID, '`Board(grid, backend="fortran")`',
        "backend must be None, 'rust' or 'python', not 'fortran'",
        lambda b: llk.Board([[1, 1]], backend="fortran"),
        ValueError),
    # Cells and the other arguments of a board's methods (the 3x3 board of the parity tests).
    api("cell-off-board", CELLS, "`b.path((0, 0), (3, 0))`",
        "cell (3, 0) is outside the 3x3 board",
        lambda b: _board(b).path((0, 0), (3, 0))),
    api("cell-huge", CELLS, "`b[10**30, 0]`",
        "cell (1000000000000000000000000000000, 0) is outside the 3x3 board",
        lambda b: _board(b)[10**30, 0]),
    api("cell-not-pair", CELLS, "`b.can_link((0,), (0, 0))`",
        "a cell is a (row, col) pair of ints, got (0,)",
        lambda b: _board(b).can_link((0,), (0, 0))),
    api("cell-float", CELLS, "`b.remove((0.0, 0), (0, 2))`",
        "a cell is a (row, col) pair of ints, got (0.0, 0)",
        lambda b: _board(b).remove((0.0, 0), (0, 2))),
    # A 1-D integer array of two is a cell (`np.array([0, 0])`); other arrays are not.
    api("cell-array-long", CELLS, "`b.path(np.array([0, 0, 0]), (0, 2))`",
        "a cell is a (row, col) pair of ints, got array([0, 0, 0])",
        lambda b: _board(b).path(np.array([0, 0, 0]), (0, 2))),
    api("cell-array-float", CELLS, "`b.remove((0, 0), np.array([0.0, 2.0]))`",
        "a cell is a (row, col) pair of ints, got array([0., 2.])",
        lambda b: _board(b).remove((0, 0), np.array([0.0, 2.0]))),
    api("cell-array-2d", CELLS, "`b.hint(near=np.array([[0, 0]]))`",
        "a cell is a (row, col) pair of ints, got array([[0, 0]])",
        lambda b: _board(b).hint(near=np.array([[0, 0]]))),
    api("remove-different", CELLS, "`b.remove((0, 0), (0, 1))`",
        "cells (0, 0) and (0, 1) hold different kinds (1 and 2)",
        lambda b: _board(b).remove((0, 0), (0, 1)),
        llk.IllegalMove),
    api("seed-negative", CELLS, "`b.shuffle(-1)`",
        "seed must be an int in 0..2**64-1, got -1",
        lambda b: _board(b).shuffle(-1)),
    api("seed-huge", CELLS, "`b.shuffle(2**64)`",
        "seed must be an int in 0..2**64-1, got 18446744073709551616",
        lambda b: _board(b).shuffle(2**64)),
    api("budget-negative", CELLS, "`b.solve(budget=-1)`",
        "budget must be an int >= 0, got -1",
        lambda b: _board(b).solve(budget=-1)),
    api("budget-huge", CELLS, "`llk.solve(b, budget=2**64)`",
        "budget must be below 2**64, got 18446744073709551616",
        lambda b: llk.solve(_board(b), budget=2**64)),
    api("budget-nan", CELLS, '`b.solve(budget=float("nan"))`',
        "budget must be an int >= 0, got nan",
        lambda b: _board(b).solve(budget=float("nan"))),
    api("memory-zero", CELLS, "`b.solve(memory_mb=0)`",
        "memory_mb must be an int from 1 to 1048576 (MiB), got 0",
        lambda b: _board(b).solve(memory_mb=0)),
    api("memory-huge", CELLS, "`llk.solve(b, memory_mb=2**20 + 1)`",
        "memory_mb must be an int from 1 to 1048576 (MiB), got 1048577",
        lambda b: llk.solve(_board(b), memory_mb=2**20 + 1)),
    api("memory-hint", CELLS, '`b.hint(safe=True, memory_mb="x")`',
        "memory_mb must be an int from 1 to 1048576 (MiB), got 'x'",
        lambda b: _board(b).hint(safe=True, memory_mb="x")),
    api("memory-rate", CELLS, "`llk.rate(b, memory_mb=1.5)`",
        "memory_mb must be an int from 1 to 1048576 (MiB), got 1.5",
        lambda b: llk.rate(_board(b), memory_mb=1.5)),
    api("time-zero", CELLS, "`llk.solve(b, time_limit=0)`",
        "time_limit must be a number of seconds above 0 and finite, or None, got 0",
        lambda b: llk.solve(_board(b), time_limit=0)),
    api("time-nan", CELLS, '`b.hint(safe=True, time_limit=float("nan"))`',
        "time_limit must be a number of seconds above 0 and finite, or None, got nan",
        lambda b: _board(b).hint(safe=True, time_limit=float("nan"))),
    api("time-bool", CELLS, "`llk.rate(b, time_limit=True)`",
        "time_limit must be a number of seconds above 0 and finite, or None, got True",
        lambda b: llk.rate(_board(b), time_limit=True)),
    api("hint-safe", CELLS, '`b.hint(safe="yes")`',
        "safe must be True or False, got 'yes'",
        lambda b: _board(b).hint(safe="yes")),
    api("hint-budget", CELLS, '`b.hint(budget="x")`',
        "budget must be an int >= 0, got 'x'",
        lambda b: _board(b).hint(budget="x")),
    api("obstacles", CELLS, "`b.add_obstacles(0, seed=1)`",
        "pairs must be an int >= 1, got 0",
        lambda b: _board(b).add_obstacles(0, 1)),
    api("mirror", CELLS, '`b.mirror("x")`',
        "mirror axis must be 'h' or 'v', not 'x'",
        lambda b: _board(b).mirror("x")),
    api("undo", CELLS, "`b.undo()` on a new board",
        "nothing to undo",
        lambda b: _board(b).undo(),
        llk.IllegalMove),
    api("solve-not-a-board", CELLS, "`llk.solve([[1, 1]])`",
        "solve() needs an llk.Board, not list",
        lambda b: llk.solve([[1, 1]]),
        TypeError),
    api("rate-not-a-board", CELLS, "`llk.rate(None)`",
        "rate() needs an llk.Board, not NoneType",
        lambda b: llk.rate(None),
        TypeError),
    # Deals.
    api("deal-1e6", DEALS, "`llk.deal(10**6, 10**6, kinds=1, seed=0)`",
        f"grid is too large (1000000x1000000 = 1000000000000 cells): {TOO_BIG}",
        lambda b: llk.deal(10**6, 10**6, kinds=1, seed=0, backend=b)),
    api("deal-2e40", DEALS, "`llk.deal(2**40, 2**40, kinds=1, seed=0)`",
        "grid is too large (1099511627776x1099511627776 = 1208925819614629174706176 cells): "
        + TOO_BIG,
        lambda b: llk.deal(2**40, 2**40, kinds=1, seed=0, backend=b)),
    api("deal-2e64", DEALS, "`llk.deal(2**64, 2, kinds=1, seed=0)`",
        f"grid is too large (18446744073709551616x2 = 36893488147419103232 cells): {TOO_BIG}",
        lambda b: llk.deal(2**64, 2, kinds=1, seed=0, backend=b)),
    api("deal-odd", DEALS, "`llk.deal(3, 3, kinds=1, seed=0)`: 9 cells",
        "a full 3x3 layout has 9 tile cells: tiles come in pairs, so the count must be even",
        lambda b: llk.deal(3, 3, kinds=1, seed=0, backend=b)),
    api("deal-kinds", DEALS, "`llk.deal(2, 2, kinds=3, seed=0)`",
        "3 kinds need at least 6 tile cells; the layout has 4",
        lambda b: llk.deal(2, 2, kinds=3, seed=0, backend=b)),
    api("deal-kinds-huge", DEALS, "`llk.deal(400, 400, kinds=10**30, seed=0)`",
        "kinds must be at most 65535, got 1000000000000000000000000000000",
        lambda b: llk.deal(400, 400, kinds=10**30, seed=0, backend=b)),
    api("deal-rows-float", DEALS, "`llk.deal(2.0, 2, kinds=1, seed=0)`",
        "rows must be an int >= 1, got 2.0",
        lambda b: llk.deal(2.0, 2, kinds=1, seed=0, backend=b)),
    api("deal-layout-size", DEALS, '`llk.deal(2, 2, kinds=1, seed=0, layout="heart")`',
        "layout 'heart' is 13x18, not the 2x2 asked for",
        lambda b: llk.deal(2, 2, kinds=1, seed=0, layout="heart", backend=b)),
    api("deal-version", DEALS, "`llk.deal(2, 2, kinds=1, seed=0, version=4)`",
        "deal version must be 1, 2 or 3, got 4",
        lambda b: llk.deal(2, 2, kinds=1, seed=0, version=4, backend=b)),
    api("deal-tiles", DEALS, '`llk.deal(2, 2, kinds=1, seed=0, tiles="kshisn")`',
        "tiles must be one of 'even', 'kshisen', not 'kshisn'",
        lambda b: llk.deal(2, 2, kinds=1, seed=0, tiles="kshisn", backend=b)),
    # Share codes.
    api("code-junk", CODES, '`Board.from_code("hello")`',
        f"not an llk share code: 'hello' {FORM}",
        lambda b: llk.Board.from_code("hello", backend=b)),
    api("code-bytes", CODES, '`Board.from_code(b"llk1.2x2.1.0.none.-.sb")`',
        "a share code is a str, not bytes",
        lambda b: llk.Board.from_code(b"llk1.2x2.1.0.none.-.sb", backend=b)),
    api("code-huge-board", CODES, '`Board.from_code("llk1.1000000x1000000.1.0.none.-.sb")`',
        f"grid is too large (1000000x1000000 = 1000000000000 cells): {TOO_BIG}",
        lambda b: llk.Board.from_code("llk1.1000000x1000000.1.0.none.-.sb", backend=b)),
    api("code-long-seed", CODES, "a code whose seed has 5000 digits",
        "share code 'llk1.2x2.1.9999999999999999...999999999999999999.none.-.sb': its seed part"
        " has 5000 digits, more than any board or seed needs",
        lambda b: llk.Board.from_code(f"llk1.2x2.1.{'9' * 5000}.none.-.sb", backend=b)),
    api("code-fullwidth", CODES, '`Board.from_code("llk1.\uff12x2.1.0.none.-.sb")` (a fullwidth 2)',
        f"not an llk share code: 'llk1.\uff12x2.1.0.none.-.sb' {FORM}",
        lambda b: llk.Board.from_code("llk1.\uff12x2.1.0.none.-.sb", backend=b)),
    api("code-megabyte", CODES, "a code of a million characters",
        "not an llk share code: 'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx' "
        + FORM,
        lambda b: llk.Board.from_code("x" * 10**6, backend=b)),
    api("code-layout-size", CODES, '`Board.from_code("llk1.2x2.1.0.none.~AAAA.sb")`',
        "share code 'llk1.2x2.1.0.none.~AAAA.sb': the layout part does not fit 2x2",
        lambda b: llk.Board.from_code("llk1.2x2.1.0.none.~AAAA.sb", backend=b)),
    api("code-odd-layout", CODES, '`Board.from_code("llk1.1x3.1.0.none.~4A.sb")`: 3 tiles',
        "layout has 3 tile cells: tiles come in pairs, so the count must be even",
        lambda b: llk.Board.from_code("llk1.1x3.1.0.none.~4A.sb", backend=b)),
    api("code-gravity", CODES, '`Board.from_code("llk1.2x2.1.0.sideways.-.sb")`',
        f"gravity must be one of {GRAVITIES}; got 'sideways'",
        lambda b: llk.Board.from_code("llk1.2x2.1.0.sideways.-.sb", backend=b)),
    # Layouts, dealt on the backend when they are made.
    api("layout-odd", LAYOUTS, '`Layout.from_text("###")`',
        "layout has 3 tile cells: tiles come in pairs, so the count must be even",
        lambda b: llk.deal(1, 3, kinds=1, seed=0, layout=llk.Layout.from_text("###"), backend=b)),
    api("layout-char", LAYOUTS, '`Layout.from_text("#x")`',
        "layout line 1: unexpected character 'x' at column 2 (use '#' for a tile, '.' for empty)",
        lambda b: llk.Layout.from_text("#x")),
    api("layout-ragged", LAYOUTS, '`Layout.from_text("##\\n#")`',
        "layout line 2: row has 1 cell, the first row (line 1) has 2",
        lambda b: llk.Layout.from_text("##\n#")),
    api("layout-no-rows", LAYOUTS, '`Layout.from_text("; name: x")`',
        "layout has no rows",
        lambda b: llk.Layout.from_text("; name: x")),
    api("layout-too-large", LAYOUTS, "`Layout.from_text` of 5000 lines of 5000 `#`",
        "layout line 3356: too large: 3356x5000 = 16780000 cells so far, at most 16777216",
        lambda b: llk.Layout.from_text(("#" * 5000 + "\n") * 5000)),
    api("layout-mask-2", LAYOUTS, "`Layout([[2, 1]])`",
        "a layout mask holds booleans or 0/1, got 2 at (0, 0)",
        lambda b: llk.Layout([[2, 1]])),
    api("layout-mask-range", LAYOUTS, "`Layout(range(10**12))`",
        "layout is too large: 1000000000000 rows, at most 16777216 cells",
        lambda b: llk.Layout(range(10**12))),
    api("layout-mask-generator", LAYOUTS, "`Layout(row for row in rows)`",
        "a layout mask is a 2-D array or a sequence of rows, not generator",
        lambda b: llk.Layout(row for row in [[1, 1]])),
    api("layout-mask-object", LAYOUTS, "`Layout(np.array([[10**30, 1]], dtype=object))`",
        "a layout mask holds booleans or 0/1, got 1000000000000000000000000000000 at (0, 0)",
        lambda b: llk.Layout(np.array([[10**30, 1]], dtype=object))),
    api("layout-named", LAYOUTS, '`Layout.named("nope")`',
        "no built-in layout named 'nope'; the built-ins are: 10x10, …, two-islands",
        lambda b: llk.Layout.named("nope")),
    api("layout-full-huge", LAYOUTS, "`Layout.full(10**6, 10**6)`",
        "a full 1000000x1000000 layout is too large: 1000000x1000000 = 1000000000000 cells,"
        " at most 16777216",
        lambda b: llk.Layout.full(10**6, 10**6)),
    # Layout files (written in a temporary directory by the test).
    layout_file("file-missing", '`Layout.from_file("nope.txt")`',
        "cannot read layout file '{dir}/nope.txt': No such file or directory",
        "nope.txt"),
    layout_file("file-directory", "`Layout.from_file` of a directory",
        "cannot read layout file '{dir}': Is a directory",
        ""),
    layout_file("file-binary", "a layout file that is not UTF-8",
        "layout file '{dir}/binary.txt' is not UTF-8 text: invalid start byte at byte 0",
        "binary.txt"),
    layout_file("file-odd", "a layout file with 3 tile cells",
        "layout file '{dir}/odd.txt' has 3 tile cells: tiles come in pairs, so the count must"
        " be even",
        "odd.txt"),
    layout_file("file-nul", '`Layout.from_file("a\\0b.txt")`',
        "cannot read layout file '{dir}/a\\x00b.txt': embedded null byte",
        "a\0b.txt"),
    # The game's files, in LLK_DATA_DIR: what the menu notes, and the game starts clean.
    stored("settings-truncated", 'settings.json cut short: `{"sound": fal`', "settings.json",
        b'{"sound": fal',
        "settings.json was unreadable (not JSON: …); moved to settings.json.corrupt-1"),
    stored("settings-type", 'settings.json with `{"sound": "no"}`', "settings.json",
        b'{"sound": "no"}',
        "settings.json was unreadable (setting 'sound' is \"no\"); moved to "
        "settings.json.corrupt-1"),
    stored("scores-truncated", "scores.json cut short", "scores.json",
        b'{"6x14": [{"sco',
        "scores.json was unreadable (not JSON: …); moved to scores.json.corrupt-1"),
    stored("scores-type", 'scores.json with `{"6x14": [{"score": "many"}]}`', "scores.json",
        b'{"6x14": [{"score": "many"}]}',
        "scores.json was unreadable (not a table of scores); moved to scores.json.corrupt-1"),
    stored("scores-binary", "scores.json of random bytes", "scores.json",
        b"\xff\xfe\x00\x9c",
        "scores.json was unreadable (not UTF-8 text: invalid start byte at byte 0); moved to"
        " scores.json.corrupt-1"),
    stored("save-truncated", "saved-game.json cut short", "saved-game.json",
        b'{"grid": [[1, 2], [2',
        "saved-game.json was unreadable (not JSON: …); moved to saved-game.json.corrupt-1"),
    stored("save-nested", "saved-game.json of 100000 `[`", "saved-game.json",
        b"[" * 100_000,
        "saved-game.json was unreadable (nested too deeply); moved to saved-game.json.corrupt-1"),
    stored("save-shape", 'saved-game.json with `{"grid": "1 2"}`', "saved-game.json",
        b'{"grid": "1 2", "score": 10}',
        "saved-game.json was unreadable (not a saved game); moved to saved-game.json.corrupt-1"),
    # The command line (`llk`, LLK_BACKEND set to the backend under test).
    cli("demo-huge", "`llk demo --rows 1000000 --cols 1000000`",
        f"llk demo: error: grid is too large (1000000x1000000 = 1000000000000 cells): {TOO_BIG}",
        "demo", "--rows", "1000000", "--cols", "1000000"),
    cli("demo-2e40", "`llk demo --rows 1099511627776 --cols 1099511627776`",
        "llk demo: error: grid is too large (1099511627776x1099511627776 = "
        f"1208925819614629174706176 cells): {TOO_BIG}",
        "demo", "--rows", "1099511627776", "--cols", "1099511627776"),
    cli("demo-negative", "`llk demo --rows -2 --cols 4`",
        "llk demo: error: grid is empty (-2x4): a board needs at least one row and one column",
        "demo", "--rows", "-2", "--cols", "4"),
    cli("demo-odd", "`llk demo --rows 3 --cols 3`",
        "llk demo: error: a 3x3 board has an odd number of cells (9): tiles come in pairs",
        "demo", "--rows", "3", "--cols", "3"),
    cli("demo-not-a-number", "`llk demo --rows abc`",
        "llk demo: error: argument --rows: invalid int value: 'abc'",
        "demo", "--rows", "abc",
        usage=True),
    cli("demo-backend", "`llk demo --backend fortran`",
        "llk demo: error: argument --backend: invalid choice: 'fortran' (choose from …)",
        "demo", "--backend", "fortran",
        usage=True),
    cli("solve-junk", "`llk solve nonsense`",
        f"llk solve: error: not an llk share code: 'nonsense' {FORM}",
        "solve", "nonsense"),
    cli("solve-long-seed", "`llk solve` of a code whose seed has 5000 digits",
        "llk solve: error: share code 'llk1.2x2.1.9999999999999999...999999999999999999.none.-"
        ".sb': its seed part has 5000 digits, more than any board or seed needs",
        "solve", f"llk1.2x2.1.{'9' * 5000}.none.-.sb"),
    cli("solve-samples", "`llk solve --stats --samples 0`",
        "llk solve: error: --samples must be an int >= 1, got 0",
        "solve", "--stats", "--samples", "0"),
    cli("solve-seconds", "`llk solve --stats --seconds 0`",
        "llk solve: error: --seconds must be a number of seconds > 0, got 0.0",
        "solve", "--stats", "--seconds", "0"),
    cli("solve-seeds", "`llk solve --batch --seeds 9:3 --out r.jsonl`",
        "llk solve: error: --seeds must be A:B with 0 <= A < B (seeds A to B-1), got '9:3'; "
        "e.g. --seeds 0:1000",
        "solve", "--batch", "--seeds", "9:3", "--out", "r.jsonl"),
    cli("solve-seeds-huge", "`llk solve --batch --seeds 0:100000000000000000000 --out r.jsonl`",
        "llk solve: error: --seeds '0:100000000000000000000' goes past the last seed, 2**64-1; "
        "give a range below 2**64",
        "solve", "--batch", "--seeds", "0:100000000000000000000", "--out", "r.jsonl"),
    cli("solve-shard", "`llk solve --batch --seeds 0:9 --shard 2/2 --out r.jsonl`",
        "llk solve: error: --shard must be I/N with 0 <= I < N, got '2/2'; e.g. --shard 0/4 for "
        "the first of four shards",
        "solve", "--batch", "--seeds", "0:9", "--shard", "2/2", "--out", "r.jsonl"),
    cli("solve-shard-empty", "`llk solve --batch --seeds 0:9 --shard '' --out r.jsonl`",
        "llk solve: error: --shard must be I/N with 0 <= I < N, got ''; e.g. --shard 0/4 for "
        "the first of four shards",
        "solve", "--batch", "--seeds", "0:9", "--shard", "", "--out", "r.jsonl"),
    cli("solve-tiles", "`llk solve --stats --tiles kshisn`",
        "llk solve: error: --tiles must be even, kshisen or both, got 'kshisn'",
        "solve", "--stats", "--tiles", "kshisn"),
    cli("solve-budget", "`llk solve --budget -1 llk1.2x2.1.0.none.-.sb`",
        "llk solve: error: budget must be an int >= 0, got -1",
        "solve", "--budget", "-1", "llk1.2x2.1.0.none.-.sb"),
    cli("play-huge", "`llk play --size 1000000x1000000` (no window opens)",
        f"llk play: error: grid is too large (1000000x1000000 = 1000000000000 cells): {TOO_BIG}",
        "play", "--size", "1000000x1000000"),
    cli("play-size", "`llk play --size abc`",
        "llk play: error: --size must be ROWSxCOLS or a preset, not 'abc'",
        "play", "--size", "abc"),
    cli("play-layout", "`llk play --layout nope`",
        "llk play: error: no built-in layout named 'nope'; the built-ins are: 10x10, …",
        "play", "--layout", "nope"),
    cli("play-slide-huge", "`llk play --size 200x200 --slide` (no window opens)",
        "llk play: error: tiles slide on boards of at most 10000 cells, and 200x200 has 40000: "
        "every move under the slide rules tries each pair of tiles, a cost that grows as the "
        "cells squared; choose a smaller board or turn the slides off",
        "play", "--size", "200x200", "--slide"),
    # The environment.
    cli("env-backend", "`LLK_BACKEND={backend}3 llk --version` (`import llk`: `ImportError`)",
        "llk: error: LLK_BACKEND must be 'auto', 'rust' or 'python', not '{backend}3'",
        "--version",
        env=(("LLK_BACKEND", "{backend}3"),)),
    cli("env-backend-bogus", "`LLK_BACKEND=bogus llk demo`",
        "llk: error: LLK_BACKEND must be 'auto', 'rust' or 'python', not 'bogus'",
        "demo",
        env=(("LLK_BACKEND", "bogus"),)),
]

# Rows whose test is not the generic one of their kind.
SPECIAL: list[Case] = [
    Case("env-no-extension", "environment",
        "`LLK_BACKEND=rust llk --version` where the extension is not built",
        "exit 2",
        "llk: error: LLK_BACKEND=rust but the Rust extension llk._core is not built: install llk"
        " with `pip install .` (needs a Rust toolchain) or use LLK_BACKEND=python",
        "test_env_rust_without_the_extension"),
    Case("env-data-dir", "environment", "`LLK_DATA_DIR` names a file, not a directory",
        "a note",
        "could not read {dir}/file/settings.json: [Errno 20] Not a directory: …",
        "test_data_dir_that_is_a_file"),
    Case("save-kind", "game files", "saved-game.json with the grid `[[70000, 1]]`",
        "BoardError",
        f"kind at (0, 0) is 70000: {KINDS}",
        "test_saved_game_with_a_bad_kind"),
]
# fmt: on

ALL = CASES + SPECIAL


def table() -> str:
    """The table of docs/bad-input.md."""
    lines = [
        "| # | area | bad input | what the user sees | test |",
        "| --- | --- | --- | --- | --- |",
    ]
    for n, case in enumerate(ALL, 1):
        message = case.message.replace("{dir}", "<dir>").replace("|", "\\|")
        sees = f"{case.sees}: `{message}`"
        test = f"`{TEST_FILE.removeprefix('tests/reliability/')}::{case.test}[{case.id}]`"
        bad = case.bad.replace("|", "\\|")
        lines.append(f"| {n} | {case.area} | {bad} | {sees} | {test} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(table(), end="")

"""Garbage thrown at the public API (hypothesis): wrong types, huge and negative ints, NaN,
bools, nested junk, numpy arrays of every dtype and of non-contiguous, reversed, broadcast and
byte-swapped strides. Every call returns, or raises `BoardError`, `IllegalMove`, `TypeError`
or `ValueError` with a one-line message; the same on both backends, value or exception class
and message alike. Never a `PanicException`, a `MemoryError`, an `OverflowError` or a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as npst

import llk
from tests import both_cores
from tests.conftest import needs_both

ALLOWED = (llk.BoardError, llk.IllegalMove, TypeError, ValueError)
MESSAGE_LIMIT = 400

GARBAGE = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def summary(value: Any) -> Any:
    """What a call returned, comparable across backends."""
    if isinstance(value, llk.Board):
        return ("board", value.grid.tolist(), value.border, value.gravity, value.solution)
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.tolist())
    return value


def vetted(error: BaseException) -> None:
    """The exception is one the API may raise, with a message a user can read."""
    message = str(error)
    assert type(error) in ALLOWED, f"{type(error).__module__}.{type(error).__name__}: {error}"
    assert message and "\n" not in message and len(message) <= MESSAGE_LIMIT, message


# What this file's outcomes are: a summary of the value, or an exception vetted; a
# PanicException is a BaseException: it must be caught here.
HOW: dict[str, Any] = {"shown": summary, "catching": BaseException, "vetted": vetted}


def outcome(call: Callable[[], Any]) -> tuple:
    """The call's value, or its exception's class and message; checks the exception is one
    the API may raise, with a message a user can read."""
    return both_cores.outcome(call, **HOW)


def on_each(call: Callable[[str], Any]) -> tuple:
    """`call(backend)` on every backend built: the same outcome on each."""
    return both_cores.alike(call, BUILT, **HOW)


BUILT = both_cores.BUILT

# Junk: every kind of Python and numpy value, alone or nested.
numpy_scalars = npst.scalar_dtypes().flatmap(npst.from_dtype)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-3, 70_000),
    st.floats(),
    st.complex_numbers(),
    st.text(max_size=6),
    st.binary(max_size=6),
    st.sampled_from([object(), Ellipsis, NotImplemented, type, len, range(3), slice(1, 2)]),
    numpy_scalars,
)
# Values that cost nothing to make and would cost the memory of the machine to copy.
monsters = st.sampled_from(
    [
        lambda: range(10**12),
        lambda: range(2**70),
        lambda: [range(2**70)],
        lambda: [range(10**9)] * 3,
        lambda: np.broadcast_to(np.uint16(1), (10**6, 10**6)),
        lambda: np.broadcast_to(np.uint8(1), (2**40, 2**20)),
        lambda: np.ma.masked_array([[1, 99999]], mask=[[0, 1]]),
        lambda: memoryview(np.ones((2, 2), np.int32)),
        lambda: memoryview(np.ones((2, 2))),
        lambda: "x" * 10**6,
        lambda: [[1] * 3] * (2**24 // 3 + 1),
    ]
).map(lambda make: make())
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=2), inner, max_size=2),
        st.builds(bytearray, st.binary(max_size=4)),
        monsters,
    ),
    max_leaves=10,
)


def views(arrays: st.SearchStrategy[np.ndarray]) -> st.SearchStrategy[np.ndarray]:
    """Each array as itself or as a view with other strides: sliced with steps, reversed,
    transposed, Fortran-ordered, byte-swapped, broadcast, read-only, misaligned."""

    def view(arr: np.ndarray, how: str) -> np.ndarray:
        if arr.ndim == 0 or how == "as is":
            return arr
        if how == "every other":
            return arr[::2]
        if how == "reversed":
            return arr[::-1, ...] if arr.ndim == 1 else arr[::-1, ::-1]
        if how == "transposed":
            return arr.T
        if how == "fortran":
            return np.asfortranarray(arr)
        if how == "byte-swapped" and arr.dtype.kind not in "OUSV":
            return arr.byteswap().view(arr.dtype.newbyteorder())
        if how == "broadcast" and arr.shape[0] > 0:
            return np.broadcast_to(arr[:1], (3, *arr.shape[1:]))
        if how == "read-only":
            arr.flags.writeable = False
            return arr
        if how == "misaligned" and arr.dtype.kind in "iuf" and arr.dtype.itemsize > 1:
            raw = np.zeros(arr.nbytes + 1, np.uint8)
            out = raw[1:].view(arr.dtype).reshape(arr.shape)
            out[...] = arr
            return out
        return arr

    hows = st.sampled_from(
        ["as is", "every other", "reversed", "transposed", "fortran", "byte-swapped",
         "broadcast", "read-only", "misaligned"]
    )  # fmt: skip
    return st.builds(view, arrays, hows)


any_dtype = st.one_of(
    npst.scalar_dtypes(),
    npst.byte_string_dtypes(max_len=3),
    npst.unicode_string_dtypes(max_len=3),
    st.just(np.dtype(object)),
    st.just(np.dtype([("a", "i4")])),
)
any_arrays = views(
    any_dtype.flatmap(
        lambda dtype: npst.arrays(
            dtype,
            npst.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4),
            elements=st.integers(-2, 70_000) if dtype == np.dtype(object) else None,
        )
    )
)


def int_arrays(low: int, high: int) -> st.SearchStrategy[np.ndarray]:
    """2-D arrays of every integer dtype and byte order, elements in low..high (clipped to
    what the dtype holds)."""
    dtypes = st.one_of(
        npst.integer_dtypes(endianness="?"), npst.unsigned_integer_dtypes(endianness="?")
    )

    def arrays(dtype: np.dtype) -> st.SearchStrategy[np.ndarray]:
        info = np.iinfo(dtype)
        elements = st.integers(max(low, int(info.min)), min(high, int(info.max)))
        shape = npst.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=6)
        return npst.arrays(dtype, shape, elements=elements)

    return views(dtypes.flatmap(arrays))


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


# Grids.


@GARBAGE
@given(grid=st.one_of(junk, any_arrays, st.lists(st.lists(scalars, max_size=4), max_size=4)))
def test_any_grid_is_refused_or_taken_alike(grid: Any) -> None:
    on_each(lambda b: llk.Board(grid, backend=b))


@GARBAGE
@given(grid=int_arrays(0, 6))
def test_int_arrays_of_any_dtype_and_strides_are_read_as_they_look(grid: np.ndarray) -> None:
    expected = np.asarray(grid).tolist()
    result = on_each(lambda b: llk.Board(grid, backend=b))
    assert result[0] == "returned" and result[1][1] == expected
    on_each(lambda b: (llk.Board(grid, backend=b).moves(), llk.Board(grid, backend=b).hint()))


@GARBAGE
@given(grid=int_arrays(-(2**63), 2**64 - 1))
def test_int_arrays_out_of_range_name_the_first_bad_kind(grid: np.ndarray) -> None:
    result = on_each(lambda b: llk.Board(grid, backend=b))
    bad = (np.asarray(grid) < 0) | (np.asarray(grid) > 65535)
    if bad.any():
        r, c = np.argwhere(bad)[0]
        assert result[1] is llk.BoardError and result[2].startswith(f"kind at ({r}, {c}) is")
    else:
        assert result[0] == "returned"


@GARBAGE
@given(
    border=st.one_of(st.booleans(), junk),
    gravity=st.one_of(st.sampled_from(llk.GRAVITY_MODES), junk),
    backend=st.one_of(st.none(), junk),
)
def test_any_board_options_are_refused_or_taken_alike(border, gravity, backend) -> None:
    # `backend` junk goes to the facade, which must refuse it the same whichever runs.
    result = on_each(
        lambda b: llk.Board([[1, 1]], border=border, gravity=gravity, backend=backend or b)
    )
    if not (is_flag(border) and type(gravity) is str and gravity in llk.GRAVITY_MODES):
        assert result[0] == "raised"


# A board's methods, with junk and near-miss arguments: the outcome and the board after it.
# Arguments of the wrong type must be refused, not read as something else.


def is_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, (bool, np.bool_, np.timedelta64)
    )


def is_flag(value: Any) -> bool:
    return isinstance(value, (bool, np.bool_))


def is_cell(value: Any) -> bool:
    if isinstance(value, np.ndarray):  # a 1-D integer array of two is a cell too
        return value.ndim == 1 and value.dtype.kind in "iu" and is_cell(value.tolist())
    return isinstance(value, (tuple, list)) and len(value) == 2 and all(map(is_int, value))


def well_typed(name: str, args: tuple, kwargs: dict) -> bool:
    if name in ("path", "can_link", "remove", "__getitem__"):
        return all(map(is_cell, args))
    if name == "mirror":
        return type(args[0]) is str and args[0] in ("h", "v")
    if name == "hint":
        budget = kwargs["budget"]  # None: the default, which grows with the board
        return is_flag(kwargs["safe"]) and (budget is None or is_int(budget))
    return all(map(is_int, args)) and all(map(is_int, kwargs.values()))


cells = st.one_of(
    st.tuples(st.integers(-2, 4), st.integers(-2, 4)),
    st.tuples(st.integers(), st.integers()),
    st.lists(st.integers(0, 2), min_size=0, max_size=3),
    junk,
)
numbers = st.one_of(st.integers(-2, 4), st.integers(), st.floats(), junk)
CALLS: dict[str, Callable[..., st.SearchStrategy]] = {
    "path": lambda: st.tuples(cells, cells),
    "can_link": lambda: st.tuples(cells, cells),
    "remove": lambda: st.tuples(cells, cells),
    "__getitem__": lambda: st.tuples(cells),
    "shuffle": lambda: st.tuples(st.one_of(st.integers(0, 2**64 + 1), numbers)),
    "mirror": lambda: st.tuples(st.one_of(st.sampled_from("hv"), junk)),
    "add_obstacles": lambda: st.tuples(numbers, st.one_of(st.integers(0, 9), numbers)),
    "undo": lambda: st.tuples(),
    "redo": lambda: st.tuples(),
}
KEYWORD_CALLS = {
    "hint": lambda: st.fixed_dictionaries({"safe": st.one_of(st.booleans(), junk)}).flatmap(
        lambda kw: st.fixed_dictionaries({"budget": st.one_of(st.integers(0, 50), numbers)}).map(
            lambda more: {**kw, **more}
        )
    ),
    "solve": lambda: st.fixed_dictionaries({"budget": st.one_of(st.integers(0, 50), numbers)}),
}


@st.composite
def calls(draw) -> tuple[str, tuple, dict]:
    name = draw(st.sampled_from(sorted(CALLS) + sorted(KEYWORD_CALLS)))
    if name in CALLS:
        return name, draw(CALLS[name]()), {}
    return name, (), draw(KEYWORD_CALLS[name]())


@GARBAGE
@given(
    gravity=st.sampled_from(llk.GRAVITY_MODES),
    border=st.booleans(),
    steps=st.lists(calls(), min_size=1, max_size=6),
)
def test_any_calls_on_a_board_are_refused_or_done_alike(gravity, border, steps) -> None:
    grid = [[1, 2, 1, 0], [3, 1, 3, 2], [2, 3, 0, 4], [4, 0, 4, 4]]
    boards = {b: llk.Board(grid, border=border, gravity=gravity, backend=b) for b in BUILT}
    for name, args, kwargs in steps:
        result = on_each(lambda b, n=name, a=args, k=kwargs: getattr(boards[b], n)(*a, **k))
        if not well_typed(name, args, kwargs):
            assert result[0] == "raised" and result[1] is llk.BoardError, (name, args, result)
        on_each(lambda b: (boards[b].grid.tolist(), boards[b].history, boards[b].moves()))


@GARBAGE
@given(board=junk, budget=numbers, probe=numbers)
def test_solve_and_rate_refuse_what_is_not_a_board(board, budget, probe) -> None:
    on_each(lambda b: llk.solve(board, budget=budget))
    on_each(lambda b: llk.rate(llk.Board([[1, 1]], backend=b), budget=budget, probe_budget=probe))


# Deals, share codes, layouts.

# A side past MAX_CELLS (2**24) alone, refused whatever the other side: a side of exactly 2**24
# with one column is a legal board, which the pure-Python core takes minutes and gigabytes to
# deal (hypothesis tries the bound of a range first, and found it).
sizes = st.one_of(
    st.integers(-2, 7), st.integers(min_value=2**24 + 1), st.integers(max_value=-1), junk
)


@GARBAGE
@given(
    rows=sizes,
    cols=sizes,
    kinds=st.one_of(st.integers(-1, 20), st.integers(min_value=60_000), junk),
    seed=st.one_of(st.integers(-1, 2**64 + 1), junk),
    layout=st.one_of(st.none(), st.sampled_from(["heart", "6x14", "nope"]), junk),
    solvable=st.one_of(st.booleans(), junk),
    gravity=st.one_of(st.sampled_from(llk.GRAVITY_MODES), junk),
    border=st.one_of(st.booleans(), junk),
)
def test_any_deal_is_refused_or_dealt_alike(
    rows, cols, kinds, seed, layout, solvable, gravity, border
) -> None:
    result = on_each(
        lambda b: llk.deal(
            rows,
            cols,
            kinds=kinds,
            seed=seed,
            layout=layout,
            solvable=solvable,
            gravity=gravity,
            border=border,
            backend=b,
        )
    )
    typed = all(map(is_int, (rows, cols, kinds, seed))) and is_flag(solvable) and is_flag(border)
    if not (typed and type(gravity) is str and (layout is None or type(layout) is str)):
        assert result[0] == "raised" and result[1] is llk.BoardError, result


def code_part(valid: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    # Numbers of at most two digits, or past any limit (nine digits or more, 1 << 24 cells being
    # the most): a size in between, as in llk1.9405580x1, is a valid board of millions of
    # tiles, which the pure-Python core deals for minutes (and gigabytes) without telling
    # anything more about garbage.
    digits = st.one_of(
        st.text("0123456789", min_size=1, max_size=2),
        st.from_regex(r"0*[1-9][0-9]{8,29}", fullmatch=True),
    )
    odd = st.one_of(
        digits, st.text(max_size=5), st.sampled_from(["", "-1", "\uff12", "\u0663", "9" * 5000])
    )
    return st.one_of(valid, valid, odd)


share_codes = st.one_of(
    st.builds(
        "llk1.{}x{}.{}.{}.{}.{}.{}{}".format,
        code_part(st.integers(1, 6).map(str)),
        code_part(st.integers(1, 6).map(str)),
        code_part(st.integers(1, 9).map(str)),
        code_part(st.integers(0, 2**64 + 3).map(str)),
        code_part(st.sampled_from(llk.GRAVITY_MODES)),
        code_part(st.sampled_from(["-", "heart", "~", "~AA", "~_w", "~4A"])),
        code_part(st.sampled_from("sr")),
        code_part(st.sampled_from("bn")),
    ),
    st.text(max_size=40),
    junk,
)


@GARBAGE
@given(code=share_codes)
def test_any_share_code_is_refused_or_dealt_alike(code: Any) -> None:
    on_each(lambda b: llk.Board.from_code(code, backend=b))


@GARBAGE
@given(text=st.one_of(st.text("#.; \n\r\tnamex:", max_size=60), st.text(max_size=20), junk))
def test_any_layout_text_is_refused_or_dealt_alike(text: Any) -> None:
    made = outcome(lambda: llk.Layout.from_text(text))
    if made[0] == "returned":
        layout = llk.Layout.from_text(text)
        assert layout.tiles % 2 == 0 and layout.tiles > 0
        on_each(
            lambda b: llk.deal(layout.rows, layout.cols, kinds=1, seed=3, layout=layout, backend=b)
        )


@GARBAGE
@given(mask=st.one_of(junk, any_arrays, st.lists(st.lists(scalars, max_size=4), max_size=4)))
def test_any_layout_mask_is_refused_or_taken(mask: Any) -> None:
    outcome(lambda: llk.Layout(mask))


@GARBAGE
@given(rows=sizes, cols=sizes, name=junk)
def test_any_full_or_named_layout_is_refused_or_made(rows, cols, name) -> None:
    outcome(lambda: llk.Layout.full(rows, cols))
    outcome(lambda: llk.Layout.named(name))


# The Rust core itself: llk.Board checks everything before it, but a direct caller must get an
# exception too, never a panic.


@needs_both
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    grid=st.one_of(int_arrays(0, 65535), any_arrays, junk),
    border=st.one_of(st.booleans(), junk),
    gravity=st.one_of(st.sampled_from(llk.GRAVITY_MODES), junk),
    steps=st.lists(
        st.tuples(
            st.sampled_from(
                ["get", "path", "remove", "shuffle", "shuffle_solvable", "mirror",
                 "add_obstacles", "deal", "solve", "undo", "redo", "hint", "moves"]
            ),
            st.lists(st.one_of(st.integers(-3, 5), st.integers(), numbers, any_arrays), max_size=4),
        ),
        max_size=5,
    ),
)  # fmt: skip
def test_the_rust_core_never_panics(grid, border, gravity, steps) -> None:
    from llk import _core

    def never_panics(call: Callable[[], Any]) -> Any:
        try:
            return call()
        except Exception:  # any exception is fine here; a PanicException is not an Exception
            return None

    core = never_panics(lambda: _core.Board(grid, border, gravity))
    if core is None:
        return
    for name, args in steps:
        never_panics(lambda n=name, a=args: getattr(core, n)(*a))


@needs_both
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mask=npst.arrays(np.uint16, st.tuples(st.integers(1, 6), st.integers(1, 6)),
                     elements=st.integers(0, 3)),
    pair_kinds=npst.arrays(np.uint16, st.integers(0, 20), elements=st.integers(0, 65535)),
    seed=st.integers(0, 2**64 - 1),
    solvable=st.booleans(),
    gravity=st.sampled_from(llk.GRAVITY_MODES),
)  # fmt: skip
def test_the_rust_core_deals_any_pair_list_without_panicking(
    mask, pair_kinds, seed, solvable, gravity
) -> None:
    from llk import _core

    core = _core.Board(mask, True, gravity)
    try:
        core.deal(pair_kinds, seed, solvable)
    except Exception:
        return
    core.moves(), core.solve(50)

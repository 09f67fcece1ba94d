"""The rule variants' switches (docs/engine.md, "Rule variants"; docs/api.md): `chinese` and
`slide` are carried by the board, its copies, its pickles, its repr, its deal spec and its share
code, on both cores; codes without them are the classic rules they always were."""

from __future__ import annotations

import copy
import pickle

import pytest

import llk
from llk.codes import DealSpec, parse_code

GRID = [[1, 2, 0, 1], [3, 0, 2, 3], [0, 4, 4, 0]]


@pytest.mark.parametrize("chinese", [False, True])
@pytest.mark.parametrize("slide", [False, True])
def test_a_board_keeps_its_variants(backend: str, chinese: bool, slide: bool) -> None:
    board = llk.Board(GRID, gravity="down", chinese=chinese, slide=slide, backend=backend)
    assert (board.chinese, board.slide) == (chinese, slide)
    for twin in (board.copy(), copy.deepcopy(board), pickle.loads(pickle.dumps(board))):
        assert (twin.chinese, twin.slide) == (chinese, slide) and twin == board
    shown = repr(board)
    assert ("chinese=True" in shown) == chinese and ("slide=True" in shown) == slide
    assert "chinese=False" not in shown and "slide=False" not in shown


def test_the_variants_are_read_only(backend: str) -> None:
    board = llk.Board(GRID, backend=backend)
    for name in ("chinese", "slide"):
        with pytest.raises(AttributeError):
            setattr(board, name, True)
    assert not board.chinese and not board.slide


@pytest.mark.parametrize("name", ["chinese", "slide"])
@pytest.mark.parametrize("value", [1, "yes", None, 0.0])
def test_a_variant_that_is_not_a_bool_is_refused(backend: str, name: str, value: object) -> None:
    with pytest.raises(llk.BoardError, match=f"{name} must be True or False"):
        llk.Board(GRID, backend=backend, **{name: value})  # type: ignore[arg-type]
    with pytest.raises(llk.BoardError, match=f"{name} must be True or False"):
        llk.deal(6, 14, kinds=21, seed=1, backend=backend, **{name: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("chinese", "slide", "flags"),
    [(False, False, "sb"), (True, False, "sbc"), (False, True, "sbl"), (True, True, "sbcl")],
)
def test_the_code_carries_the_variants_and_deals_them_again(
    backend: str, chinese: bool, slide: bool, flags: str
) -> None:
    board = llk.deal(6, 14, kinds=21, seed=4, chinese=chinese, slide=slide, backend=backend)
    # A solvable slide deal is version 3's (built, not drawn); the others are version 2's.
    assert board.code == f"llk{2 + slide}.6x14.21.4.none.-.{flags}"
    assert (board.chinese, board.slide) == (chinese, slide)
    again = llk.Board.from_code(board.code, backend=backend)
    assert again == board and again.code == board.code
    assert (again.chinese, again.slide) == (chinese, slide)


@pytest.mark.parametrize(
    "code",
    [
        "llk2.12x14.42.7.none.-.sbkcl",
        "llk2.8x8.16.7.down.-.rnc",
        "llk2.8x8.16.7.down.-.rnl",
        "llk2.8x8.16.7.down.-.rbkl",
        "llk1.13x18.20.3.split-h.heart.snc",
        "llk2.8x8.16.7.up.-.sb",
    ],
)
def test_codes_parse_and_format_back(code: str) -> None:
    spec = parse_code(code)
    assert spec.code() == code
    flags = code.rsplit(".", 1)[1]
    assert (spec.chinese, spec.slide) == ("c" in flags, "l" in flags)
    assert spec.tiles == ("kshisen" if "k" in flags else "even")


def test_a_spec_without_the_variants_is_classic() -> None:
    spec = DealSpec.checked(8, 8, kinds=16, seed=1)
    assert (spec.chinese, spec.slide) == (False, False)
    assert spec.code() == "llk2.8x8.16.1.none.-.sb"


@pytest.mark.parametrize(
    "code",
    [
        "llk2.8x8.42.7.none.-.sblc",  # "l" before "c"
        "llk2.8x8.42.7.none.-.sbck",  # "k" after "c"
        "llk2.8x8.42.7.none.-.sbcc",
        "llk2.8x8.42.7.none.-.scb",
        "llk2.8x8.42.7.none.-.sbL",
    ],
)
def test_misplaced_variant_flags_are_bad_codes(code: str) -> None:
    with pytest.raises(llk.BoardError, match="not an llk share code"):
        parse_code(code)


def test_a_path_has_no_push_by_default(backend: str) -> None:
    # A plain one-turn link (the 1s of row 0 linked only through the ring, which the slide
    # variant's links of one turn never use).
    path = llk.Board(GRID, slide=True, backend=backend).path((0, 1), (1, 2))
    assert path is not None and path.pushed == ()
    assert "pushed" not in repr(path)
    pushed = llk.Path(((0, 0), (0, 3)), 0, 3, (), (((1, 0), (2, 0)),))
    assert repr(pushed).endswith("slides=(), pushed=(((1, 0), (2, 0)),))")
    assert pushed != llk.Path(((0, 0), (0, 3)), 0, 3)

"""Layouts: the text format, its error messages, the built-ins and the immutability promise."""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llk.errors import BoardError
from llk.layout import Layout

REPO = Path(__file__).resolve().parents[2]

# (rows, cols, tiles) of every built-in; a new built-in must be added here on purpose.
BUILTINS = {
    "10x10": (10, 10, 100),
    "margin-14x14": (14, 14, 144),
    "11x19": (11, 19, 208),
    "6x14": (6, 14, 84),
    "9x16": (9, 16, 144),
    "8x18": (8, 18, 144),
    "12x24": (12, 24, 288),
    "14x26": (14, 26, 364),
    "16x30": (16, 30, 480),
    "pyramid": (10, 20, 110),
    "heart": (13, 18, 150),
    "cross": (16, 16, 156),
    "ring": (14, 16, 136),
    "two-islands": (12, 22, 160),
    "diamond": (14, 16, 140),
    "hourglass": (14, 16, 140),
    "spiral": (16, 16, 142),
}

# KShisen names its sizes columns x rows; llk names them rows x columns.
KSHISEN = {
    "14x6": "6x14",
    "16x9": "9x16",
    "18x8": "8x18",
    "24x12": "12x24",
    "26x14": "14x26",
    "30x16": "16x30",
}


# --- the text format ---------------------------------------------------------------------------


def test_parses_a_plain_drawing() -> None:
    lay = Layout.from_text(".##.\n####\n")
    assert (lay.name, lay.description, lay.rows, lay.cols, lay.tiles) == (None, None, 2, 4, 6)
    assert lay.mask.dtype == np.bool_
    assert lay.mask.tolist() == [[False, True, True, False], [True, True, True, True]]


def test_comments_blank_lines_and_trailing_space_are_ignored() -> None:
    text = (
        "; a comment line\n"
        "\n"
        "   \n"
        "##..   ; the top row\n"
        "\t; an indented comment\n"
        "..##\t \n"
        ";\n"
        "####;no space before the comment\n"
    )
    assert Layout.from_text(text) == Layout.from_text("##..\n..##\n####")


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_any_line_ending(newline: str) -> None:
    text = newline.join(["; name: x", "#.", ".#", ""])
    lay = Layout.from_text(text)
    assert (lay.name, lay.mask.tolist()) == ("x", [[True, False], [False, True]])


def test_no_final_newline_needed() -> None:
    assert Layout.from_text("##") == Layout.from_text("##\n")


def test_headers_name_and_describe() -> None:
    text = "; name:  bar \n;Description: two rows; the top one short\n.##.\n####\n"
    lay = Layout.from_text(text)
    assert lay.name == "bar"
    assert lay.description == "two rows; the top one short"


def test_only_the_first_header_of_a_kind_counts() -> None:
    assert Layout.from_text("; name: first\n; name: second\n##").name == "first"


def test_headers_below_the_drawing_are_plain_comments() -> None:
    lay = Layout.from_text("##\n; name: late\n; description: late\n##")
    assert (lay.name, lay.description) == (None, None)


def test_header_keys_need_a_colon() -> None:
    assert Layout.from_text("; named after nobody\n; name heart\n##").name is None


def test_an_explicit_name_wins_over_the_header() -> None:
    assert Layout.from_text("; name: header\n##", name="given").name == "given"
    assert Layout.from_text("; name: header\n##", name=" ").name == "header"
    assert Layout.from_text("##", name="given").name == "given"


def test_a_text_that_is_not_a_str_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="must be a str, not bytes"):
        Layout.from_text(b"##")  # type: ignore[arg-type]


BAD_TEXTS = [
    pytest.param("", None, "layout has no rows", id="empty"),
    pytest.param("; only\n\n; comments\n", None, "layout has no rows", id="only-comments"),
    pytest.param(
        "##\n##\n#x\n",
        3,
        "unexpected character 'x' at column 2 (use '#' for a tile, '.' for empty)",
        id="letter",
    ),
    pytest.param("; head\n\n #.\n", 3, "unexpected character ' ' at column 1", id="indent"),
    pytest.param("#\t#\n", 1, r"unexpected character '\t' at column 2", id="tab-inside"),
    pytest.param("##\n#O\n", 2, "unexpected character 'O'", id="letter-o"),
    pytest.param("\ufeff##\n", 1, r"unexpected character '\ufeff'", id="bom-in-text"),
    pytest.param("##\n#.\x00\n", 2, r"unexpected character '\x00'", id="nul"),
    pytest.param(
        "; c\n########\n########\n#######\n",
        4,
        "row has 7 cells, the first row (line 2) has 8",
        id="short-row",
    ),
    pytest.param(
        "##\n\n; c\n###\n", 4, "row has 3 cells, the first row (line 1) has 2", id="long-row"
    ),
    pytest.param("##\n#\n", 2, "row has 1 cell, the first row", id="one-cell"),
    pytest.param(
        "###\n##.\n",
        None,
        "layout has 5 tile cells: tiles come in pairs, so the count must be even",
        id="odd",
    ),
    pytest.param("...\n...\n", None, "layout has no tile cells", id="no-tiles"),
    pytest.param("#" * (2**24 + 2), 1, "too large: 1x16777218 = 16777218 cells", id="too-wide"),
]


@pytest.mark.parametrize(("text", "line", "message"), BAD_TEXTS)
def test_malformed_texts_name_the_line(text: str, line: int | None, message: str) -> None:
    with pytest.raises(BoardError) as caught:
        Layout.from_text(text)
    got = str(caught.value)
    assert message in got
    if line is None:
        assert "line" not in got
    else:
        assert got.startswith(f"layout line {line}: ")


def test_too_many_rows_stops_at_the_row_that_overflows() -> None:
    text = ("#" * 4096 + "\n") * 4096 + "#" * 4096 + "\n"
    with pytest.raises(BoardError, match=r"^layout line 4097: too large: 4097x4096"):
        Layout.from_text(text)


def test_the_largest_layout_is_accepted() -> None:
    lay = Layout.from_text(("#" * 4096 + "\n") * 4096)
    assert (lay.rows, lay.cols, lay.tiles) == (4096, 4096, 2**24)


# --- round trips -------------------------------------------------------------------------------


def test_to_text_writes_headers_and_rows() -> None:
    lay = Layout.from_text("; name: bar\n; description: a bar\n.##.\n####\n")
    assert lay.to_text() == "; name: bar\n; description: a bar\n.##.\n####\n"
    assert Layout.from_text(".##.\n####").to_text() == ".##.\n####\n"


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_builtins_round_trip(name: str) -> None:
    lay = Layout.named(name)
    back = Layout.from_text(lay.to_text())
    assert back == lay
    assert (back.name, back.description) == (lay.name, lay.description)
    assert np.array_equal(back.mask, lay.mask)


@st.composite
def layouts(draw: st.DrawFn) -> tuple[np.ndarray, str | None]:
    rows = draw(st.integers(1, 12))
    cols = draw(st.integers(2 if rows == 1 else 1, 12))
    flat = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
    cells = np.array(flat, dtype=bool).reshape(rows, cols)
    if np.count_nonzero(cells) % 2:
        cells[tuple(np.argwhere(cells)[0])] = False
    if not cells.any():
        cells.flat[:2] = True
    labels = st.text(st.characters(exclude_characters="\r\n", exclude_categories=("Cs",)))
    return cells, draw(st.none() | labels)


@settings(max_examples=200, deadline=None)
@given(layouts())
def test_any_layout_round_trips(drawn: tuple[np.ndarray, str | None]) -> None:
    cells, name = drawn
    lay = Layout(cells, name=name, description=name)
    back = Layout.from_text(lay.to_text())
    assert back == lay
    assert (back.name, back.description) == (lay.name, lay.description)
    assert np.array_equal(back.mask, cells)
    assert back.tiles == int(cells.sum())


# --- built-ins ---------------------------------------------------------------------------------


def test_names_are_sorted_and_complete() -> None:
    names = Layout.names()
    assert names == sorted(names)
    assert set(names) == set(BUILTINS)
    assert set(names) == {p.stem for p in (REPO / "assets" / "layouts").glob("*.txt")}


def test_names_returns_a_fresh_list() -> None:
    Layout.names().clear()
    assert Layout.names()


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_every_builtin_loads_with_its_size(name: str) -> None:
    lay = Layout.named(name)
    assert (lay.rows, lay.cols, lay.tiles) == BUILTINS[name]
    assert lay.tiles > 0 and lay.tiles % 2 == 0
    assert lay.tiles == int(lay.mask.sum())
    assert lay.name == name
    assert lay.description, f"{name} needs a '; description:' header"


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_builtin_files_state_their_own_name(name: str) -> None:
    text = (REPO / "assets" / "layouts" / f"{name}.txt").read_text(encoding="utf-8")
    assert text.startswith(f"; name: {name}\n")
    assert Layout.from_text(text).name == name


def test_shapes_are_a_pleasant_size() -> None:
    for name, (_, _, tiles) in BUILTINS.items():
        if not re.fullmatch(r"(margin-)?\d+x\d+", name):
            assert 80 <= tiles <= 200, name


@pytest.mark.parametrize("name", ["10x10", "6x14", "9x16", "8x18", "12x24", "14x26", "16x30"])
def test_classic_sizes_are_full_rectangles(name: str) -> None:
    rows, cols = (int(n) for n in name.split("x"))
    assert Layout.named(name) == Layout.full(rows, cols)


def test_margin_board_has_an_empty_ring() -> None:
    mask = Layout.named("margin-14x14").mask
    assert not mask[0].any() and not mask[-1].any()
    assert not mask[:, 0].any() and not mask[:, -1].any()
    assert mask[1:-1, 1:-1].all()


def test_11x19_leaves_only_the_centre_empty() -> None:
    mask = Layout.named("11x19").mask
    assert not mask[5, 9]
    assert np.argwhere(~mask).tolist() == [[5, 9]]


@pytest.mark.parametrize(("kshisen", "ours"), sorted(KSHISEN.items()))
def test_kshisen_sizes_exist_as_rows_by_columns(kshisen: str, ours: str) -> None:
    cols, rows = (int(n) for n in kshisen.split("x"))
    lay = Layout.named(ours)
    assert (lay.rows, lay.cols, lay.tiles) == (rows, cols, rows * cols)
    assert kshisen in (lay.description or "")


def test_named_refuses_an_unknown_name_and_lists_the_known_ones() -> None:
    with pytest.raises(BoardError, match="no built-in layout named 'nope'") as caught:
        Layout.named("nope")
    assert ", ".join(Layout.names()) in str(caught.value)
    with pytest.raises(BoardError, match="no built-in layout named '14x6'"):
        Layout.named("14x6")
    with pytest.raises(BoardError, match=re.escape("no built-in layout named '../README'")):
        Layout.named("../README")


def test_named_returns_the_same_layout_each_time() -> None:
    assert Layout.named("heart") is Layout.named("heart")


def test_package_assets_link_to_the_top_level_assets() -> None:
    link = REPO / "python" / "llk" / "assets"
    assert link.is_symlink()
    assert link.readlink() == Path("../../assets")
    assert link.resolve() == (REPO / "assets").resolve()


# --- from_file ---------------------------------------------------------------------------------


def test_from_file_names_the_layout_after_its_stem(tmp_path: Path) -> None:
    path = tmp_path / "my-board.txt"
    path.write_text("; name: ignored\n; description: mine\n##\n", encoding="utf-8")
    lay = Layout.from_file(path)
    assert (lay.name, lay.description, lay.tiles) == ("my-board", "mine", 2)
    assert Layout.from_file(str(path)) == lay


def test_from_file_allows_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf##\r\n..\r\n")
    assert Layout.from_file(path) == Layout.from_text("##\n..")


def test_from_file_on_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.txt"
    with pytest.raises(BoardError) as caught:
        Layout.from_file(path)
    assert str(caught.value) == f"cannot read layout file '{path}': No such file or directory"
    assert isinstance(caught.value.__cause__, FileNotFoundError)


def test_from_file_on_a_directory(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match=f"cannot read layout file '{re.escape(str(tmp_path))}'"):
        Layout.from_file(tmp_path)


def test_from_file_on_a_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(BoardError) as caught:
        Layout.from_file(path)
    assert str(caught.value) == (
        f"layout file '{path}' is not UTF-8 text: invalid start byte at byte 0"
    )


def test_from_file_errors_name_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("; name: bad\n##\n#?\n", encoding="utf-8")
    with pytest.raises(BoardError, match=rf"^layout file '{re.escape(str(path))}' line 3: "):
        Layout.from_file(path)
    path.write_text("###\n", encoding="utf-8")
    with pytest.raises(BoardError, match=rf"^layout file '{re.escape(str(path))}' has 3 tile"):
        Layout.from_file(path)


# --- full and the mask constructor -------------------------------------------------------------


def test_full() -> None:
    lay = Layout.full(6, 14)
    assert (lay.name, lay.rows, lay.cols, lay.tiles) == ("6x14", 6, 14, 84)
    assert lay.mask.all()
    assert Layout.full(np.int64(2), 1).name == "2x1"


@pytest.mark.parametrize(
    ("rows", "cols", "message"),
    [
        (3, 3, "a full 3x3 layout has 9 tile cells: tiles come in pairs"),
        (0, 4, "a full 0x4 layout has no rows"),
        (4, -1, "a full 4x-1 layout has no columns"),
        (4097, 4096, "a full 4097x4096 layout is too large: 4097x4096 = 16781312 cells"),
        (True, 2, "needs int rows and cols"),
        (2.0, 2, "needs int rows and cols"),
    ],
)
def test_full_refuses(rows: int, cols: int, message: str) -> None:
    with pytest.raises(BoardError, match=re.escape(message)):
        Layout.full(rows, cols)


def test_from_a_mask() -> None:
    lay = Layout([[1, 0], [0, 1]], name="diag", description="two tiles")
    assert lay == Layout.from_text("#.\n.#")
    assert (lay.name, lay.description) == ("diag", "two tiles")
    assert Layout(np.array([[True, True]])) == Layout.full(1, 2)


@pytest.mark.parametrize(
    ("mask", "message"),
    [
        ([1, 1], "must be 2-D, got shape (2,)"),
        ([[1, 1], [1]], "must be a rectangular 2-D array"),
        ([[1, 2]], "holds booleans or 0/1, got 2 at (0, 1)"),
        ([[0.0, 1.0]], "got an array of dtype float64"),
        (np.zeros((0, 2), dtype=bool), "layout has no rows"),
        ([[True, False]], "layout has 1 tile cells"),
    ],
)
def test_a_bad_mask_is_refused(mask: object, message: str) -> None:
    with pytest.raises(BoardError, match=re.escape(message)):
        Layout(mask)  # type: ignore[arg-type]


def test_labels_are_one_line() -> None:
    with pytest.raises(BoardError, match="name must be one line"):
        Layout([[1, 1]], name="two\nlines")
    with pytest.raises(BoardError, match="description must be one line"):
        Layout([[1, 1]], description="a\rb")
    with pytest.raises(TypeError, match="name must be a str or None"):
        Layout([[1, 1]], name=3)  # type: ignore[arg-type]
    assert Layout([[1, 1]], name="  ").name is None


# --- immutability, equality, hashing -----------------------------------------------------------


def test_the_mask_cannot_be_written() -> None:
    lay = Layout.named("heart")
    mask = lay.mask
    with pytest.raises(ValueError, match="read-only"):
        mask[0, 0] = True
    with pytest.raises(ValueError):
        mask.flags.writeable = True
    with pytest.raises(ValueError):
        mask.base.flags.writeable = True  # type: ignore[union-attr]
    assert lay == Layout.named("heart") and not lay.mask[0, 0]


def test_reshaping_the_mask_in_place_leaves_the_layout_alone() -> None:
    lay = Layout.from_text("####\n....")
    mask = lay.mask
    mask.shape = (4, 2)
    assert lay.mask.shape == (2, 4)


def test_the_layout_copies_the_array_it_is_given() -> None:
    cells = np.array([[True, True], [False, False]])
    lay = Layout(cells)
    cells[1] = True
    assert lay.tiles == 2
    assert not np.shares_memory(lay.mask, cells)


def test_attributes_cannot_be_set_or_deleted() -> None:
    lay = Layout.full(2, 2)
    with pytest.raises(AttributeError, match="immutable"):
        lay.rows = 3  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        lay.name = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del lay.tiles
    with pytest.raises(AttributeError):
        lay.extra = 1  # type: ignore[attr-defined]


def test_equality_and_hash_follow_the_mask_only() -> None:
    a = Layout.from_text("; name: a\n; description: first\n#.\n.#")
    b = Layout.from_text("; name: b\n#.\n.#")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Layout.full(2, 2)}) == 2
    assert a != Layout.from_text(".#\n#.")
    assert Layout.full(1, 4) != Layout.full(2, 2)
    assert Layout.full(1, 4) != Layout.full(4, 1)
    assert a != a.mask.tolist()
    assert a != "#.\n.#"


def test_pickle_and_copy_keep_everything() -> None:
    lay = Layout.named("spiral")
    back = pickle.loads(pickle.dumps(lay))
    assert back == lay and (back.name, back.description) == (lay.name, lay.description)
    assert copy.copy(lay) is lay and copy.deepcopy(lay) is lay


def test_repr() -> None:
    assert repr(Layout.named("6x14")) == "Layout(name='6x14', rows=6, cols=14, tiles=84)"
    assert repr(Layout.from_text("##")) == "Layout(name=None, rows=1, cols=2, tiles=2)"

"""The public Board API on each backend: what it returns, what it refuses, and how."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import llk


def board(backend: str, grid, **kw) -> llk.Board:
    return llk.Board(grid, backend=backend, **kw)


def test_describes_itself(backend: str) -> None:
    b = board(backend, [[1, 0, 1], [2, 2, 0]])
    assert (b.rows, b.cols, b.border, b.backend, b.remaining) == (2, 3, True, backend, 4)
    assert b[0, 2] == 1 and b[(1, 2)] == 0
    assert b.grid.dtype == np.uint16 and b.grid.shape == (2, 3)
    assert b.grid.tolist() == [[1, 0, 1], [2, 2, 0]]
    assert str(b) == "1 . 1\n2 2 ."
    assert f"backend={backend}" in repr(b)


def test_grid_is_a_copy(backend: str) -> None:
    b = board(backend, [[1, 1]])
    g = b.grid
    g[0, 0] = 0
    assert b[0, 0] == 1


@pytest.mark.parametrize(
    "dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
)
def test_accepts_every_integer_dtype(backend: str, dtype) -> None:
    grid = np.array([[1, 0], [0, 1]], dtype=dtype)
    assert board(backend, grid).path((0, 0), (1, 1)).turns == 1


def test_accepts_strided_arrays_and_numpy_ints_in_lists(backend: str) -> None:
    big = np.arange(36).reshape(6, 6) % 3
    view = big[::2, ::3]
    assert not view.flags["C_CONTIGUOUS"]
    assert board(backend, view).grid.tolist() == view.tolist()
    assert board(backend, [[np.int64(2), np.uint8(2)]]).can_link((0, 0), (0, 1))
    assert board(backend, np.asfortranarray(big)).grid.tolist() == big.tolist()


def test_path_shapes_and_ring(backend: str) -> None:
    b = board(backend, [[2, 1, 2], [4, 4, 5]])
    p = b.path((0, 0), (0, 2))
    assert p == llk.Path(((0, 0), (-1, 0), (-1, 2), (0, 2)), 2, 4)
    assert list(p.cells()) == [(0, 0), (-1, 0), (-1, 1), (-1, 2), (0, 2)]
    assert b.path((0, 2), (0, 0)).corners == p.corners[::-1]
    assert board(backend, [[2, 1, 2], [4, 4, 5]], border=False).path((0, 0), (0, 2)) is None
    assert b.path((1, 0), (1, 1)) == llk.Path(((1, 0), (1, 1)), 0, 1)


def test_remove_returns_the_path_and_refuses_what_does_not_link(backend: str) -> None:
    b = board(backend, [[1, 2, 1], [3, 1, 3], [2, 3, 0]], border=False)
    with pytest.raises(
        llk.IllegalMove, match=r"no path with at most two turns links \(1, 0\) and \(1, 2\)"
    ):
        b.remove((1, 0), (1, 2))
    with pytest.raises(llk.IllegalMove, match=r"different kinds \(1 and 2\)"):
        b.remove((0, 0), (0, 1))
    with pytest.raises(llk.IllegalMove, match=r"cell \(2, 2\) is empty"):
        b.remove((0, 0), (2, 2))
    with pytest.raises(llk.IllegalMove, match="with itself"):
        b.remove((0, 0), (0, 0))
    assert b.remaining == 8
    p = b.remove((2, 1), (1, 2))
    assert p == llk.Path(((2, 1), (2, 2), (1, 2)), 1, 2)
    assert b.remaining == 6 and b[2, 1] == 0 and b[1, 2] == 0
    with pytest.raises(llk.IllegalMove, match="is empty"):
        b.remove((2, 1), (1, 2))


def test_scans(backend: str) -> None:
    b = board(backend, [[1, 2, 1], [3, 4, 3], [5, 6, 5]])
    assert b.moves() == [((0, 0), (0, 2)), ((2, 0), (2, 2))]
    assert b.hint() == ((0, 0), (0, 2))
    assert b.move_count() == 2 and not b.is_deadlocked()
    closed = board(backend, [[1, 2, 1], [3, 4, 3], [5, 6, 5]], border=False)
    assert closed.is_deadlocked() and closed.hint() is None and closed.moves() == []
    empty = board(backend, [[0, 0]])
    assert empty.is_cleared() and not empty.is_deadlocked() and empty.hint() is None


def test_playing_to_the_end_by_hints_clears_a_solvable_board(backend: str) -> None:
    b = board(backend, [[1, 2, 2, 3], [4, 1, 3, 4], [5, 6, 6, 5]])
    while (h := b.hint()) is not None:
        b.remove(*h)
    assert b.is_cleared() and b.remaining == 0 and not b.is_deadlocked()


def test_shuffle_keeps_positions_and_kinds_and_is_seeded(backend: str) -> None:
    rng = np.random.default_rng(3)
    grid = np.where(rng.random((12, 12)) < 0.6, rng.integers(1, 9, (12, 12)), 0)
    b, again, other = (board(backend, grid) for _ in range(3))
    b.shuffle(7)
    again.shuffle(7)
    other.shuffle(8)
    assert b == again and b != other
    assert ((b.grid > 0) == (grid > 0)).all()
    assert sorted(b.grid[b.grid > 0].tolist()) == sorted(grid[grid > 0].tolist())
    assert b.move_count() > 0


def test_shuffle_mends_a_board_random_deals_cannot(backend: str) -> None:
    # Unique kinds but one pair, no border: only neighbours link, so the mend must put the
    # pair side by side.
    grid = np.arange(1, 401).reshape(20, 20)
    grid[19, 19] = 1
    b = board(backend, grid, border=False)
    b.shuffle(1)
    assert b.move_count() == 1


def test_shuffle_refuses_when_no_arrangement_has_a_move(backend: str) -> None:
    b = board(backend, [[1, 2], [3, 4]])
    with pytest.raises(llk.IllegalMove, match="no kind has two tiles"):
        b.shuffle(0)
    assert b.grid.tolist() == [[1, 2], [3, 4]]


def test_copy_is_independent(backend: str) -> None:
    b = board(backend, [[1, 1, 2, 2]])
    c = b.copy()
    c.remove((0, 0), (0, 1))
    assert b.remaining == 4 and c.remaining == 2 and c.backend == backend
    import copy

    assert copy.deepcopy(b) == b and copy.copy(b) is not b


@pytest.mark.parametrize(
    "grid,message",
    [
        ([[1, 2], [3]], "ragged: row 0 has 2 cells, row 1 has 1"),
        ([[1.5, 2]], r"kind at \(0, 0\) is 1.5"),
        ([[1, -1]], r"kind at \(0, 1\) is -1"),
        (np.array([[1, 70000]]), r"kind at \(0, 1\) is 70000"),
        (np.zeros((2, 2, 2), dtype=int), "2-D"),
        ([], "empty"),
        (np.ones((2, 2)), "dtype float64"),
        ([[True]], "bool"),
    ],
)
def test_bad_grids_name_the_problem(backend: str, grid, message: str) -> None:
    with pytest.raises(llk.BoardError, match=message):
        board(backend, grid)


def test_bad_cells_name_the_problem(backend: str) -> None:
    b = board(backend, [[1, 1]])
    with pytest.raises(llk.BoardError, match=r"cell \(0, 2\) is outside the 1x2 board"):
        b.path((0, 0), (0, 2))
    with pytest.raises(llk.BoardError, match="pair of ints"):
        b.path((0, 0), "a")
    with pytest.raises(llk.BoardError, match="border must be True or False"):
        board(backend, [[1]], border="yes")


def test_errors_are_value_errors() -> None:
    assert issubclass(llk.BoardError, ValueError) and issubclass(llk.IllegalMove, ValueError)


def test_unknown_backend_name_is_refused() -> None:
    with pytest.raises(ValueError, match="backend must be"):
        llk.Board([[1]], backend="fortran")


def run_python(code: str, backend_env: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LLK_BACKEND": backend_env}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)


def test_llk_backend_python_forces_the_twin() -> None:
    done = run_python("import llk; print(llk.BACKEND, llk.Board([[1]]).backend)", "python")
    assert done.stdout.split() == ["python", "python"], done.stderr


def test_llk_backend_bogus_fails_loudly() -> None:
    done = run_python("import llk", "bogus")
    assert done.returncode != 0
    assert "LLK_BACKEND must be 'auto', 'rust' or 'python', not 'bogus'" in done.stderr


@pytest.mark.skipif(not llk.rust_available(), reason="needs the built extension")
def test_llk_backend_auto_and_rust_pick_rust() -> None:
    for env in ("auto", "rust", " Rust "):
        done = run_python("import llk; print(llk.BACKEND)", env)
        assert done.stdout.strip() == "rust", done.stderr


def test_llk_backend_rust_without_extension_is_an_import_error() -> None:
    # Hide the extension by making its import fail, as on a machine where it was never built.
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'llk._core': raise ImportError('blocked')\n"
        "sys.meta_path.insert(0, Block())\n"
        "try:\n"
        "    import llk\n"
        "except ImportError as e:\n"
        "    print('ImportError:', e)\n"
    )
    done = run_python(code, "rust")
    assert (
        "ImportError: LLK_BACKEND=rust but the Rust extension llk._core is not built" in done.stdout
    )
    done = run_python(
        code.replace(
            "except ImportError as e:\n    print('ImportError:', e)\n",
            "finally: pass\nprint(llk.BACKEND)\n",
        ),
        "auto",
    )
    assert done.stdout.strip() == "python", done.stderr

//! The only file that knows PyO3: converts arguments and results, releases the GIL around long
//! work, and turns every failure into a Python exception (never a panic).
//!
//! The public API (`llk.Board`) validates input and words every error; this class is its
//! Rust-backed core. It still checks what it is given, so that a direct caller gets an exception
//! from `llk.errors` rather than undefined behaviour.

use crate::board::{Axis, Board, ObstacleError};
use crate::classic::{self, ClassicGrid};
use crate::deal::DealError;
use crate::gravity::Gravity;
use crate::grid::{Cell, Grid};
use crate::path::{best_path, Path};
use crate::scan::{self, Tile};
use crate::shuffle::Shuffled;
use crate::solve::{solve_until, Interrupted};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::cell::{Cell as Slot, RefCell};
use std::time::{Duration, Instant};

/// An exception of `llk.errors` (ValueError if that module cannot be imported).
fn llk_error(py: Python<'_>, name: &str, msg: String) -> PyErr {
    let made = py.import("llk.errors").and_then(|m| m.getattr(name)).and_then(|cls| cls.call1((msg.clone(),)));
    match made {
        Ok(err) => PyErr::from_value(err),
        Err(_) => PyValueError::new_err(msg),
    }
}

#[pyclass(name = "Board", module = "llk._core")]
struct PyBoard {
    board: Board,
}

fn deal_error(py: Python<'_>, e: DealError) -> PyErr {
    match e {
        DealError::PairCount { tiles, pairs } => {
            llk_error(py, "BoardError", format!("{pairs} pairs cannot fill {tiles} tile cells"))
        }
        DealError::OddKind { kind, count } => llk_error(
            py,
            "IllegalMove",
            format!("cannot deal a solvable board: kind {kind} has an odd number of tiles ({count})"),
        ),
        // `interruptible` hands back the signal handler's own exception first; this is a stop
        // without one.
        DealError::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"),
    }
}

/// How often long work asks Python whether a signal came (Ctrl+C): often enough to stop within a
/// fraction of a second, seldom enough that the GIL is not fought over.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs long work with the GIL released, handing it a `stop` hook to poll. Every
/// `SIGNAL_POLL` the hook attaches to Python and runs its signal handlers (on the main thread
/// only; elsewhere it never stops); when one raises (KeyboardInterrupt for Ctrl+C) the hook says
/// stop, and that exception comes back, to be raised instead of the work's result.
fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce(&dyn Fn() -> bool) -> T + Send) -> (T, Option<PyErr>) {
    py.detach(|| {
        let polled = Slot::new(Instant::now());
        let raised: RefCell<Option<PyErr>> = RefCell::new(None);
        let stop = || {
            if raised.borrow().is_some() {
                return true;
            }
            if polled.get().elapsed() < SIGNAL_POLL {
                return false;
            }
            if let Err(e) = Python::attach(|py| py.check_signals()) {
                *raised.borrow_mut() = Some(e);
                return true;
            }
            polled.set(Instant::now());
            false
        };
        let out = work(&stop);
        (out, raised.into_inner())
    })
}

/// Moves as an int64 array of rows (r1, c1, r2, c2).
fn moves_array<'py>(py: Python<'py>, g: &Grid, moves: &[(Tile, Tile)]) -> PyResult<Bound<'py, PyArray2<i64>>> {
    let cols = g.cols() as i64;
    let flat: Vec<i64> = moves
        .iter()
        .flat_map(|&(a, b)| {
            let (a, b) = (a as i64, b as i64);
            [a / cols, a % cols, b / cols, b % cols]
        })
        .collect();
    PyArray1::from_vec(py, flat).reshape([moves.len(), 4])
}

impl PyBoard {
    fn cell(&self, py: Python<'_>, r: i64, c: i64) -> PyResult<Cell> {
        let (rows, cols) = (self.kinds().rows() as i64, self.kinds().cols() as i64);
        if (0..rows).contains(&r) && (0..cols).contains(&c) {
            Ok((r as i32, c as i32))
        } else {
            Err(llk_error(py, "BoardError", format!("cell ({r}, {c}) is outside the {rows}x{cols} board")))
        }
    }

    fn tile_cell(&self, t: Tile) -> (i64, i64) {
        let cols = self.kinds().cols() as Tile;
        ((t / cols) as i64, (t % cols) as i64)
    }

    fn kinds(&self) -> &Grid {
        self.board.grid()
    }
}

fn path_tuple<'py>(py: Python<'py>, p: Path, slides: Option<&[(Cell, Cell)]>) -> PyResult<Bound<'py, PyTuple>> {
    let corners = PyTuple::new(py, p.corners().iter().copied())?;
    let mut items =
        vec![p.turns.into_pyobject(py)?.into_any(), p.length.into_pyobject(py)?.into_any(), corners.into_any()];
    if let Some(slides) = slides {
        items.push(PyTuple::new(py, slides.iter().copied())?.into_any());
    }
    PyTuple::new(py, items)
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (grid, border, gravity = "none"))]
    fn new(py: Python<'_>, grid: PyReadonlyArray2<'_, u16>, border: bool, gravity: &str) -> PyResult<Self> {
        let Some(gravity) = Gravity::from_name(gravity) else {
            return Err(llk_error(py, "BoardError", format!("unknown gravity mode {gravity:?}")));
        };
        let [rows, cols] = [grid.shape()[0], grid.shape()[1]];
        Grid::check_size(rows, cols).map_err(|e| llk_error(py, "BoardError", e.to_string()))?;
        // as_slice also accepts a column-major array, whose memory is not in row-major order.
        let kinds = match grid.as_slice() {
            Ok(s) if grid.is_c_contiguous() => s.to_vec(),
            _ => grid.as_array().iter().copied().collect(),
        };
        let grid = Grid::new(rows, cols, kinds, border).map_err(|e| llk_error(py, "BoardError", e.to_string()))?;
        Ok(PyBoard { board: Board::new(grid, gravity) })
    }

    #[getter]
    fn rows(&self) -> usize {
        self.kinds().rows()
    }

    #[getter]
    fn cols(&self) -> usize {
        self.kinds().cols()
    }

    #[getter]
    fn border(&self) -> bool {
        self.kinds().border()
    }

    #[getter]
    fn remaining(&self) -> usize {
        self.kinds().remaining()
    }

    /// A copy of the kinds, shape (rows, cols), dtype uint16.
    fn grid<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u16>>> {
        PyArray1::from_slice(py, self.kinds().kinds()).reshape([self.kinds().rows(), self.kinds().cols()])
    }

    fn get(&self, py: Python<'_>, r: i64, c: i64) -> PyResult<u16> {
        let cell = self.cell(py, r, c)?;
        Ok(self.kinds().kind(cell))
    }

    /// (turns, length, corners) of the best path, or None.
    fn path<'py>(&self, py: Python<'py>, r1: i64, c1: i64, r2: i64, c2: i64) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let (a, b) = (self.cell(py, r1, c1)?, self.cell(py, r2, c2)?);
        best_path(self.kinds(), a, b).map(|p| path_tuple(py, p, None)).transpose()
    }

    /// Removes the pair when it links and returns (turns, length, corners, slides); None (board
    /// unchanged) otherwise.
    fn remove<'py>(
        &mut self,
        py: Python<'py>,
        r1: i64,
        c1: i64,
        r2: i64,
        c2: i64,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let (a, b) = (self.cell(py, r1, c1)?, self.cell(py, r2, c2)?);
        self.board.remove(a, b).map(|r| path_tuple(py, r.path, Some(&r.slides))).transpose()
    }

    fn hint(&self, py: Python<'_>) -> Option<(i64, i64, i64, i64)> {
        let grid = self.board.grid();
        py.detach(|| scan::hint(grid)).map(|(a, b)| {
            let ((r1, c1), (r2, c2)) = (self.tile_cell(a), self.tile_cell(b));
            (r1, c1, r2, c2)
        })
    }

    /// Every linking pair as rows (r1, c1, r2, c2), sorted: an int64 array of shape (n, 4).
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let grid = self.board.grid();
        let pairs = py.detach(|| scan::moves(grid));
        moves_array(py, grid, &pairs)
    }

    fn move_count(&self, py: Python<'_>) -> usize {
        let grid = self.board.grid();
        py.detach(|| scan::move_count(grid))
    }

    fn is_deadlocked(&self, py: Python<'_>) -> bool {
        let grid = self.board.grid();
        py.detach(|| scan::is_deadlocked(grid))
    }

    #[getter]
    fn gravity(&self) -> &'static str {
        self.board.gravity().name()
    }

    #[getter]
    fn undo_len(&self) -> usize {
        self.board.history().undo_len()
    }

    #[getter]
    fn redo_len(&self) -> usize {
        self.board.history().redo_len()
    }

    /// Re-deals the kinds: 0 done, 1 no kind has two tiles, 2 no two cells can ever link.
    fn shuffle(&mut self, py: Python<'_>, seed: u64) -> u8 {
        let board = &mut self.board;
        match py.detach(|| board.shuffle(seed)) {
            Shuffled::Done => 0,
            Shuffled::NoKindTwice => 1,
            Shuffled::NoLinkableCells => 2,
        }
    }

    /// Re-deals the kinds, positions kept, into a board with a known solution, returned.
    fn shuffle_solvable<'py>(&mut self, py: Python<'py>, seed: u64) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let board = &mut self.board;
        let (solution, raised) = interruptible(py, |stop| board.shuffle_solvable_until(seed, stop));
        if let Some(e) = raised {
            return Err(e);
        }
        let solution = solution.map_err(|e| deal_error(py, e))?;
        moves_array(py, self.kinds(), &solution)
    }

    /// Flips every cell: axis "h" swaps left and right, "v" top and bottom.
    fn mirror(&mut self, py: Python<'_>, axis: &str) -> PyResult<()> {
        let axis = match axis {
            "h" => Axis::Horizontal,
            "v" => Axis::Vertical,
            other => return Err(llk_error(py, "BoardError", format!("mirror axis must be 'h' or 'v', not {other:?}"))),
        };
        self.board.mirror(axis);
        Ok(())
    }

    /// Adds pairs of kinds already on the board: 0 done, 1 no kinds on the board, 2 no room.
    fn add_obstacles(&mut self, pairs: usize, seed: u64) -> u8 {
        match self.board.add_obstacles(pairs, seed) {
            Ok(()) => 0,
            Err(ObstacleError::NoKinds) => 1,
            Err(ObstacleError::NoRoom { .. }) => 2,
        }
    }

    fn undo(&mut self) -> bool {
        self.board.undo()
    }

    fn redo(&mut self) -> bool {
        self.board.redo()
    }

    /// Deals one pair of each listed kind over the occupied cells; the solution when solvable.
    fn deal<'py>(
        &mut self,
        py: Python<'py>,
        pair_kinds: PyReadonlyArray1<'_, u16>,
        seed: u64,
        solvable: bool,
    ) -> PyResult<Option<Bound<'py, PyArray2<i64>>>> {
        let pair_kinds = pair_kinds.as_array().to_vec();
        let board = &mut self.board;
        let (solution, raised) = interruptible(py, |stop| board.deal_until(&pair_kinds, seed, solvable, stop));
        if let Some(e) = raised {
            return Err(e);
        }
        let solution = solution.map_err(|e| deal_error(py, e))?;
        solution.map(|s| moves_array(py, self.kinds(), &s)).transpose()
    }

    /// (status, moves, states): status "solved", "unsolvable" or "unknown".
    fn solve<'py>(&self, py: Python<'py>, budget: u64) -> PyResult<(&'static str, Bound<'py, PyArray2<i64>>, u64)> {
        let board = &self.board;
        let (solution, raised) = interruptible(py, |stop| solve_until(board, budget, stop));
        let solution = match (solution, raised) {
            (_, Some(e)) => return Err(e),
            (Ok(solution), None) => solution,
            (Err(Interrupted), None) => return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted")),
        };
        Ok((solution.status.name(), moves_array(py, self.kinds(), &solution.moves)?, solution.states))
    }

    fn copy(&self) -> PyBoard {
        PyBoard { board: self.board.clone() }
    }
}

/// The classic algorithm of the tutorials (rust/src/classic.rs), which `llk bench` measures the
/// engine against, over a plain grid of kinds.
fn with_classic<T: Send>(
    py: Python<'_>,
    grid: &PyReadonlyArray2<'_, u16>,
    border: bool,
    work: impl FnOnce(&ClassicGrid<'_>) -> T + Send,
) -> T {
    let [rows, cols] = [grid.shape()[0], grid.shape()[1]];
    let copy: Vec<u16>;
    let kinds = match grid.as_slice() {
        Ok(kinds) if grid.is_c_contiguous() => kinds,
        _ => {
            // A view in another order (a transpose, a slice): copied in row-major order.
            copy = grid.as_array().iter().copied().collect();
            &copy
        }
    };
    py.detach(|| work(&ClassicGrid { kinds, rows, cols, border }))
}

/// The classic hint: the first linking pair met pairing tiles of one kind in row-major order,
/// as (r1, c1, r2, c2), or None.
#[pyfunction]
fn classic_hint(py: Python<'_>, grid: PyReadonlyArray2<'_, u16>, border: bool) -> Option<(usize, usize, usize, usize)> {
    let cols = grid.shape()[1];
    with_classic(py, &grid, border, classic::classic_hint).map(|(a, b)| (a / cols, a % cols, b / cols, b % cols))
}

/// The classic move count: every pair of tiles of one kind tested.
#[pyfunction]
fn classic_move_count(py: Python<'_>, grid: PyReadonlyArray2<'_, u16>, border: bool) -> usize {
    with_classic(py, &grid, border, classic::classic_move_count)
}

/// Do the tiles at (r1, c1) and (r2, c2) link, by the classic line-scan test?
#[pyfunction]
fn classic_path_exists(
    py: Python<'_>,
    grid: PyReadonlyArray2<'_, u16>,
    border: bool,
    r1: i64,
    c1: i64,
    r2: i64,
    c2: i64,
) -> PyResult<bool> {
    let [rows, cols] = [grid.shape()[0] as i64, grid.shape()[1] as i64];
    for (r, c) in [(r1, c1), (r2, c2)] {
        if !((0..rows).contains(&r) && (0..cols).contains(&c)) {
            return Err(llk_error(py, "BoardError", format!("cell ({r}, {c}) is outside the {rows}x{cols} board")));
        }
    }
    let (a, b) = ((r1 as usize, c1 as usize), (r2 as usize, c2 as usize));
    Ok(with_classic(py, &grid, border, |g| classic::classic_can_link(g, a, b)))
}

#[pymodule]
mod _core {
    #[pymodule_export]
    use super::PyBoard;

    #[pymodule_export]
    use super::{classic_hint, classic_move_count, classic_path_exists};

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add("BUILD_PROFILE", if cfg!(debug_assertions) { "debug" } else { "release" })?;
        Ok(())
    }
}

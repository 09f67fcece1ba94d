//! The only file that knows PyO3: converts arguments and results, releases the GIL around long
//! work, and turns every failure into a Python exception (never a panic).
//!
//! The public API (`llk.Board`) validates input and words every error; this class is its
//! Rust-backed core. It still checks what it is given, so that a direct caller gets an exception
//! from `llk.errors` rather than undefined behaviour. Every refusal is an [`Error`], raised
//! through the one `From<Error> for PyErr` below: its wording is the enum's `Display`.

use crate::board::{Axis, Board, Removal};
use crate::deal::DealVersion;
use crate::error::{Error, ErrorClass};
use crate::gravity::Gravity;
use crate::grid::{Cell, Grid, MAX_CELLS};
use crate::history::{Action, Entry};
use crate::miss::{near_miss, NearMiss};
use crate::path::Path;
use crate::scan::Tile;
use crate::slide;
use crate::solve::{solve_timed, DEFAULT_MEMORY_MB};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

/// The one mapping from the engine's errors to Python's: `llk.errors.BoardError` or
/// `IllegalMove` (ValueError if that module cannot be imported), or KeyboardInterrupt.
impl From<Error> for PyErr {
    fn from(error: Error) -> PyErr {
        let name = match error.class() {
            ErrorClass::Board => "BoardError",
            ErrorClass::IllegalMove => "IllegalMove",
            ErrorClass::Interrupted => return PyKeyboardInterrupt::new_err(error.to_string()),
            ErrorClass::Memory => return PyMemoryError::new_err(error.to_string()),
        };
        let message = error.to_string();
        Python::attach(|py| {
            let made = py.import("llk.errors").and_then(|m| m.getattr(name)).and_then(|cls| cls.call1((&message,)));
            match made {
                Ok(err) => PyErr::from_value(err),
                Err(_) => PyValueError::new_err(message),
            }
        })
    }
}

#[pyclass(name = "Board", module = "llk._core")]
struct PyBoard {
    board: Board,
    /// A snapshot (`snapshot`): it answers every question and refuses every change.
    frozen: bool,
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
    fn cell(&self, r: &Bound<'_, PyAny>, c: &Bound<'_, PyAny>) -> Result<Cell, Error> {
        let (r, c) = (args::coord(r)?, args::coord(c)?);
        let (rows, cols) = (self.kinds().rows(), self.kinds().cols());
        if (0..rows as i64).contains(&r) && (0..cols as i64).contains(&c) {
            Ok((r as i32, c as i32))
        } else {
            Err(Error::CellOffBoard { r, c, rows, cols })
        }
    }

    fn tile_cell(&self, t: Tile) -> (i64, i64) {
        let cols = self.kinds().cols() as Tile;
        ((t / cols) as i64, (t % cols) as i64)
    }

    fn kinds(&self) -> &Grid {
        self.board.grid()
    }

    /// The board to change; `Error::SnapshotChange` for a snapshot.
    fn changeable(&mut self) -> Result<&mut Board, Error> {
        if self.frozen {
            return Err(Error::SnapshotChange);
        }
        Ok(&mut self.board)
    }

    /// The entry the change just made recorded, as `entry_tuple` hands it over.
    fn last_entry<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let entry = self.board.history().done().last().expect("a change was just recorded");
        entry_tuple(py, self.kinds(), entry)
    }
}

/// `(turns, length, corners[, slides])`, and `(turns, length, corners, slides, pushed)` when a
/// slide link pushed tiles.
fn path_tuple<'py>(
    py: Python<'py>,
    p: &Path,
    slides: Option<&[(Cell, Cell)]>,
    pushed: &[(Cell, Cell)],
) -> PyResult<Bound<'py, PyTuple>> {
    let corners = PyTuple::new(py, p.corners().iter().copied())?;
    let mut items =
        vec![p.turns.into_pyobject(py)?.into_any(), p.length.into_pyobject(py)?.into_any(), corners.into_any()];
    if slides.is_some() || !pushed.is_empty() {
        items.push(PyTuple::new(py, slides.unwrap_or_default().iter().copied())?.into_any());
    }
    if !pushed.is_empty() {
        items.push(PyTuple::new(py, pushed.iter().copied())?.into_any());
    }
    PyTuple::new(py, items)
}

fn removal_tuple<'py>(py: Python<'py>, r: &Removal) -> PyResult<Bound<'py, PyTuple>> {
    path_tuple(py, &r.path, Some(&r.slides), &r.pushed)
}

/// A history entry as `(name, args, removal or None, changes)`: `args` are what would do it
/// again, `changes` the rows (row, col, old kind, new kind) in the order written, as the bytes
/// of a native-endian int64 array (n, 4). Bytes, not an array: undo and redo hand back their
/// entry every time, and a bytes object costs a copy where a numpy array costs far more; the
/// facade makes the array when it is asked for.
fn entry_tuple<'py>(py: Python<'py>, g: &Grid, entry: &Entry) -> PyResult<Bound<'py, PyTuple>> {
    let (args, removal) = match &entry.action {
        Action::Remove { a, b, removal } => ((*a, *b).into_pyobject(py)?.into_any(), Some(removal_tuple(py, removal)?)),
        Action::Shuffle { seed, solvable } => ((*seed, *solvable).into_pyobject(py)?.into_any(), None),
        Action::Mirror(axis) => ((axis.name(),).into_pyobject(py)?.into_any(), None),
        Action::Obstacles { pairs, seed } => ((*pairs, *seed).into_pyobject(py)?.into_any(), None),
    };
    let cols = g.cols() as i64;
    // Written straight into the bytes object, which Python allocates (a MemoryError, not an
    // abort, if a shuffle of millions of cells does not fit).
    let changes = PyBytes::new_with(py, entry.changes.len() * 32, |buf| {
        for (row, c) in buf.chunks_exact_mut(32).zip(&entry.changes) {
            let values = [c.index as i64 / cols, c.index as i64 % cols, c.old as i64, c.new as i64];
            for (out, v) in row.chunks_exact_mut(8).zip(values) {
                out.copy_from_slice(&v.to_ne_bytes());
            }
        }
        Ok(())
    })?;
    let name = entry.action.name().into_pyobject(py)?.into_any();
    let removal = match removal {
        Some(t) => t.into_any(),
        None => py.None().into_bound(py),
    };
    PyTuple::new(py, [name, args, removal, changes.into_any()])
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (grid, border, gravity = None, chinese = None, slide = None))]
    fn new(
        py: Python<'_>,
        grid: &Bound<'_, PyAny>,
        border: &Bound<'_, PyAny>,
        gravity: Option<&Bound<'_, PyAny>>,
        chinese: Option<&Bound<'_, PyAny>>,
        slide: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let grid = args::grid(grid)?;
        let border = args::flag("border", border)?;
        let chinese = chinese.map_or(Ok(false), |v| args::flag("chinese", v))?;
        let slide = slide.map_or(Ok(false), |v| args::flag("slide", v))?;
        let gravity = match gravity {
            None => Gravity::None,
            Some(name) => {
                let name = name.str()?.to_string();
                Gravity::from_name(&name).ok_or(Error::UnknownGravity(name))?
            }
        };
        let [rows, cols] = [grid.shape()[0], grid.shape()[1]];
        Grid::check_size(rows, cols)?;
        // as_slice also accepts a column-major array, whose memory is not in row-major order.
        let kinds = match grid.as_slice() {
            Ok(s) if grid.is_c_contiguous() => s.to_vec(),
            _ => grid.as_array().iter().copied().collect(),
        };
        // Building the occupancy bitsets of a million cells takes milliseconds: let the game's
        // frame loop run meanwhile (its deadlock watcher builds boards on a worker thread).
        let grid = py.detach(|| Grid::new(rows, cols, kinds, border))?;
        Ok(PyBoard { board: Board::new(grid, gravity).with_variants(chinese, slide), frozen: false })
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
    fn chinese(&self) -> bool {
        self.board.chinese()
    }

    #[getter]
    fn slide(&self) -> bool {
        self.board.slide()
    }

    #[getter]
    fn remaining(&self) -> usize {
        self.kinds().remaining()
    }

    /// A copy of the kinds, shape (rows, cols), dtype uint16.
    fn grid<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u16>>> {
        PyArray1::from_slice(py, self.kinds().faces()).reshape([self.kinds().rows(), self.kinds().cols()])
    }

    fn get(&self, r: &Bound<'_, PyAny>, c: &Bound<'_, PyAny>) -> PyResult<u16> {
        let cell = self.cell(r, c)?;
        Ok(self.kinds().face(self.kinds().index(cell)))
    }

    /// (turns, length, corners) of the best path, or None.
    fn path<'py>(
        &self,
        py: Python<'py>,
        r1: &Bound<'py, PyAny>,
        c1: &Bound<'py, PyAny>,
        r2: &Bound<'py, PyAny>,
        c2: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let (a, b) = (self.cell(r1, c1)?, self.cell(r2, c2)?);
        self.board.link(a, b).map(|(p, pushed)| path_tuple(py, &p, None, &pushed)).transpose()
    }

    /// (3, length, corners) of the best three-turn path joining two tiles of one kind that do
    /// not link, or None (not such a pair, a pair that links, or blocked even for three turns).
    fn near_miss<'py>(
        &self,
        py: Python<'py>,
        r1: &Bound<'py, PyAny>,
        c1: &Bound<'py, PyAny>,
        r2: &Bound<'py, PyAny>,
        c2: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let (a, b) = (self.cell(r1, c1)?, self.cell(r2, c2)?);
        let Some(m) = near_miss(self.kinds(), a, b).filter(|_| !self.board.slide()) else { return Ok(None) };
        let corners = PyTuple::new(py, m.corners().iter().copied())?;
        Ok(Some((NearMiss::TURNS, m.length, corners).into_pyobject(py)?))
    }

    /// Removes the pair when it links and returns the entry it recorded, as `entry` does;
    /// refused (board unchanged) with IllegalMove saying why otherwise.
    fn remove<'py>(
        &mut self,
        py: Python<'py>,
        r1: &Bound<'py, PyAny>,
        c1: &Bound<'py, PyAny>,
        r2: &Bound<'py, PyAny>,
        c2: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.changeable()?;
        let (a, b) = (self.cell(r1, c1)?, self.cell(r2, c2)?);
        self.board.remove(a, b)?;
        self.last_entry(py)
    }

    fn hint(&self, py: Python<'_>) -> Option<(i64, i64, i64, i64)> {
        let grid = self.board.grid();
        py.detach(|| slide::hint(grid, self.board.slide())).map(|(a, b)| {
            let ((r1, c1), (r2, c2)) = (self.tile_cell(a), self.tile_cell(b));
            (r1, c1, r2, c2)
        })
    }

    /// The first `count` linking pairs in order of distance to (r, c), as rows (r1, c1, r2, c2):
    /// an int64 array of shape (n, 4).
    fn hints_near<'py>(
        &self,
        py: Python<'py>,
        r: &Bound<'py, PyAny>,
        c: &Bound<'py, PyAny>,
        count: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let (r, c) = self.cell(r, c)?;
        // More pairs than a board can hold are as many as it holds.
        let count = usize::try_from(args::int("count", count, 0)?).unwrap_or(usize::MAX);
        let grid = self.board.grid();
        let pairs = py.detach(|| slide::hints_near(grid, (r as usize, c as usize), count, self.board.slide()));
        moves_array(py, grid, &pairs)
    }

    /// Per block x block cells, the tiles that have a partner: a uint32 array of the blocks.
    fn move_density<'py>(&self, py: Python<'py>, block: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyArray2<u32>>> {
        let block = usize::try_from(args::int("block", block, 1)?).unwrap_or(usize::MAX);
        let grid = self.board.grid();
        let (br, bc, counts) = py.detach(|| slide::move_density(grid, block, self.board.slide()));
        PyArray1::from_vec(py, counts).reshape([br, bc])
    }

    /// Every linking pair as rows (r1, c1, r2, c2), sorted: an int64 array of shape (n, 4).
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let grid = self.board.grid();
        let pairs = py.detach(|| slide::scan_moves(grid, self.board.slide()));
        moves_array(py, grid, &pairs)
    }

    fn move_count(&self, py: Python<'_>) -> usize {
        let grid = self.board.grid();
        py.detach(|| slide::move_count(grid, self.board.slide()))
    }

    fn is_deadlocked(&self, py: Python<'_>) -> bool {
        let grid = self.board.grid();
        let slide = self.board.slide();
        py.detach(|| grid.remaining() > 0 && !slide::has_move(grid, slide))
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

    /// The `index`-th entry that `undo` can take back (0 the oldest), as
    /// (name, args, removal or None, changes).
    fn entry<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let index = args::int("index", index, 0)?;
        let done = self.board.history().done();
        let Some(entry) = usize::try_from(index).ok().and_then(|i| done.get(i)) else {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "history entry {index} out of range: the history has {} entries",
                done.len()
            )));
        };
        entry_tuple(py, self.kinds(), entry)
    }

    /// Every removal that `undo` can take back, as rows (position, r1, c1, r2, c2): an int64
    /// array of shape (n, 5), for a save of a long game (one call, not one per entry).
    fn history_removals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let done = self.board.history().done();
        let mut flat: Vec<i64> = Vec::new();
        flat.try_reserve_exact(done.len() * 5).map_err(|_| Error::OutOfMemory { bytes: done.len() * 40 })?;
        let mut rows = 0;
        for (position, entry) in done.iter().enumerate() {
            if let Action::Remove { a, b, .. } = entry.action {
                flat.extend([position as i64, a.0 as i64, a.1 as i64, b.0 as i64, b.1 as i64]);
                rows += 1;
            }
        }
        PyArray1::from_vec(py, flat).reshape([rows, 5])
    }

    /// Re-deals the kinds until a move exists and returns the entry it recorded; refused
    /// (board unchanged) when no arrangement has one.
    fn shuffle<'py>(&mut self, py: Python<'py>, seed: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        self.changeable()?;
        let seed = args::int("seed", seed, 0)?;
        let board = &mut self.board;
        py.detach(|| board.shuffle(seed))?;
        self.last_entry(py)
    }

    /// Re-deals the kinds, positions kept, into a board with a known solution: returns the
    /// solution and the entry it recorded.
    #[allow(clippy::type_complexity)]
    fn shuffle_solvable<'py>(
        &mut self,
        py: Python<'py>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyArray2<i64>>, Bound<'py, PyTuple>)> {
        self.changeable()?;
        let seed = args::int("seed", seed, 0)?;
        let board = &mut self.board;
        let solution = finished(interruptible(py, |stop| board.shuffle_solvable_until(seed, stop)))?;
        Ok((moves_array(py, self.kinds(), &solution)?, self.last_entry(py)?))
    }

    /// Flips every cell: axis "h" swaps left and right, "v" top and bottom; returns the entry
    /// it recorded.
    fn mirror<'py>(&mut self, py: Python<'py>, axis: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        self.changeable()?;
        self.board.mirror(Axis::from_name(&axis.str()?.to_string())?);
        self.last_entry(py)
    }

    /// Adds pairs of kinds already on the board and returns the entry it recorded; refused
    /// when there is no kind or no room.
    fn add_obstacles<'py>(
        &mut self,
        py: Python<'py>,
        pairs: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.changeable()?;
        let pairs = usize::try_from(args::int("pairs", pairs, 0)?).unwrap_or(usize::MAX);
        let seed = args::int("seed", seed, 0)?;
        self.board.add_obstacles(pairs, seed)?;
        self.last_entry(py)
    }

    /// Takes back the last change and returns its entry.
    fn undo<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let entry = self.changeable()?.undo()?.clone();
        entry_tuple(py, self.kinds(), &entry)
    }

    /// Does the last undone change again and returns its entry.
    fn redo<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let entry = self.changeable()?.redo()?.clone();
        entry_tuple(py, self.kinds(), &entry)
    }

    /// Deals one pair of each listed kind over the occupied cells by the rules of deal
    /// `version`; the solution when solvable. `groups` (Chinese style): the pairs listed as 35
    /// and 39 stand for the flower and season groups, whose faces are then dealt in turn.
    #[pyo3(signature = (pair_kinds, seed, solvable, version = None, groups = None))]
    fn deal<'py>(
        &mut self,
        py: Python<'py>,
        pair_kinds: PyReadonlyArray1<'_, u16>,
        seed: &Bound<'py, PyAny>,
        solvable: &Bound<'py, PyAny>,
        version: Option<&Bound<'py, PyAny>>,
        groups: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyArray2<i64>>>> {
        self.changeable()?;
        let seed = args::int("seed", seed, 0)?;
        let solvable = args::flag("solvable", solvable)?;
        let groups = groups.map_or(Ok(false), |v| args::flag("groups", v))?;
        let version = DealVersion::from_number(version.map_or(Ok(2), |v| args::int("version", v, 0))?)?;
        let pair_kinds = pair_kinds.as_array().to_vec();
        let board = &mut self.board;
        let solution =
            finished(interruptible(py, |stop| board.deal_until(&pair_kinds, seed, solvable, version, stop)))?;
        if groups {
            board.paint_groups();
        }
        solution.map(|s| moves_array(py, self.kinds(), &s)).transpose()
    }

    /// (status, moves, states): status "solved", "unsolvable", "unknown" (the budget ran out)
    /// or "timed out" (`time_limit` seconds passed first); the search keeps within `memory_mb`
    /// MiB. `cancel`, a callable, is called every `SIGNAL_POLL` (GIL held for the call only);
    /// what it raises stops the search and is raised here.
    #[pyo3(signature = (budget, memory_mb = None, cancel = None, time_limit = None))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        budget: &Bound<'py, PyAny>,
        memory_mb: Option<&Bound<'py, PyAny>>,
        cancel: Option<Py<PyAny>>,
        time_limit: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(&'static str, Bound<'py, PyArray2<i64>>, u64)> {
        let budget = args::int("budget", budget, 0)?;
        let memory_mb = memory_mb.map_or(Ok(DEFAULT_MEMORY_MB), |m| args::int("memory_mb", m, 0))?;
        let time_limit = args::time_limit(time_limit)?;
        let board = &self.board;
        let solution =
            finished(cancellable(py, cancel.as_ref(), |stop| solve_timed(board, budget, memory_mb, time_limit, stop)))?;
        Ok((solution.status.name(), moves_array(py, self.kinds(), &solution.moves)?, solution.states))
    }

    /// An independent copy, history included (a snapshot's copy is a snapshot).
    fn copy(&self) -> PyBoard {
        PyBoard { board: self.board.clone(), frozen: self.frozen }
    }

    /// The board as it is now, without its history, refusing every change: it shares the
    /// grid until this board is changed, so it costs nothing to take (a worker's to read).
    fn snapshot(&self) -> PyBoard {
        PyBoard { board: self.board.snapshot(), frozen: true }
    }

    /// Whether this is a snapshot, which refuses every change.
    #[getter]
    fn frozen(&self) -> bool {
        self.frozen
    }
}

/// What the class checks of its arguments itself (bindings/args.rs).
mod args;

/// Long work with the GIL released, stoppable (bindings/poll.rs).
mod poll;
use poll::{cancellable, finished, interruptible};

/// `llk._core.classic`, `llk bench`'s contender (bindings/classic.rs).
#[cfg(feature = "classic")]
mod classic;

// A free-threaded CPython keeps its GIL off for this module: README "Free-threaded Python"
// says what that rests on (tests/packaging/test_threads.py checks it on the regular build).
#[pymodule(gil_used = false)]
mod _core {
    #[pymodule_export]
    use super::PyBoard;

    #[cfg(feature = "classic")]
    #[pymodule_export]
    use super::classic::classic;

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add("BUILD_PROFILE", if cfg!(debug_assertions) { "debug" } else { "release" })?;
        // The limit the facade checks against: a parity test keeps Python's in step with it.
        m.add("MAX_CELLS", super::MAX_CELLS)?;
        Ok(())
    }
}

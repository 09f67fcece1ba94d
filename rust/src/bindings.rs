//! The only file that knows PyO3: converts arguments and results, releases the GIL around long
//! work, and turns every failure into a Python exception (never a panic).
//!
//! The public API (`llk.Board`) validates input and words every error; this class is its
//! Rust-backed core. It still checks what it is given, so that a direct caller gets an exception
//! from `llk.errors` rather than undefined behaviour.

use crate::grid::{Cell, Grid};
use crate::path::{best_path, Path};
use crate::scan::{self, Tile};
use crate::shuffle::{shuffle, Shuffled};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// An exception of `llk.errors` (ValueError if that module cannot be imported).
fn llk_error(py: Python<'_>, name: &str, msg: String) -> PyErr {
    let made = py
        .import("llk.errors")
        .and_then(|m| m.getattr(name))
        .and_then(|cls| cls.call1((msg.clone(),)));
    match made {
        Ok(err) => PyErr::from_value(err),
        Err(_) => PyValueError::new_err(msg),
    }
}

#[pyclass(name = "Board", module = "llk._core")]
struct PyBoard {
    grid: Grid,
}

impl PyBoard {
    fn cell(&self, py: Python<'_>, r: i64, c: i64) -> PyResult<Cell> {
        let (rows, cols) = (self.grid.rows() as i64, self.grid.cols() as i64);
        if (0..rows).contains(&r) && (0..cols).contains(&c) {
            Ok((r as i32, c as i32))
        } else {
            Err(llk_error(
                py,
                "BoardError",
                format!("cell ({r}, {c}) is outside the {rows}x{cols} board"),
            ))
        }
    }

    fn tile_cell(&self, t: Tile) -> (i64, i64) {
        let cols = self.grid.cols() as Tile;
        ((t / cols) as i64, (t % cols) as i64)
    }
}

fn path_tuple<'py>(py: Python<'py>, p: Path) -> PyResult<Bound<'py, PyTuple>> {
    let corners = PyTuple::new(py, p.corners().iter().copied())?;
    PyTuple::new(
        py,
        [
            p.turns.into_pyobject(py)?.into_any(),
            p.length.into_pyobject(py)?.into_any(),
            corners.into_any(),
        ],
    )
}

#[pymethods]
impl PyBoard {
    #[new]
    fn new(py: Python<'_>, grid: PyReadonlyArray2<'_, u16>, border: bool) -> PyResult<Self> {
        let [rows, cols] = [grid.shape()[0], grid.shape()[1]];
        Grid::check_size(rows, cols).map_err(|e| llk_error(py, "BoardError", e.to_string()))?;
        let kinds = match grid.as_slice() {
            Ok(s) => s.to_vec(),
            Err(_) => grid.as_array().iter().copied().collect(),
        };
        let grid = Grid::new(rows, cols, kinds, border)
            .map_err(|e| llk_error(py, "BoardError", e.to_string()))?;
        Ok(PyBoard { grid })
    }

    #[getter]
    fn rows(&self) -> usize {
        self.grid.rows()
    }

    #[getter]
    fn cols(&self) -> usize {
        self.grid.cols()
    }

    #[getter]
    fn border(&self) -> bool {
        self.grid.border()
    }

    #[getter]
    fn remaining(&self) -> usize {
        self.grid.remaining()
    }

    /// A copy of the kinds, shape (rows, cols), dtype uint16.
    fn grid<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u16>>> {
        PyArray1::from_slice(py, self.grid.kinds()).reshape([self.grid.rows(), self.grid.cols()])
    }

    fn get(&self, py: Python<'_>, r: i64, c: i64) -> PyResult<u16> {
        let cell = self.cell(py, r, c)?;
        Ok(self.grid.kind(cell))
    }

    /// (turns, length, corners) of the best path, or None.
    fn path<'py>(
        &self,
        py: Python<'py>,
        r1: i64,
        c1: i64,
        r2: i64,
        c2: i64,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let (a, b) = (self.cell(py, r1, c1)?, self.cell(py, r2, c2)?);
        best_path(&self.grid, a, b)
            .map(|p| path_tuple(py, p))
            .transpose()
    }

    /// Removes the pair when it links and returns its path; None (board unchanged) otherwise.
    fn remove<'py>(
        &mut self,
        py: Python<'py>,
        r1: i64,
        c1: i64,
        r2: i64,
        c2: i64,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let (a, b) = (self.cell(py, r1, c1)?, self.cell(py, r2, c2)?);
        let Some(p) = best_path(&self.grid, a, b) else {
            return Ok(None);
        };
        self.grid.clear((a.0 as usize, a.1 as usize));
        self.grid.clear((b.0 as usize, b.1 as usize));
        path_tuple(py, p).map(Some)
    }

    fn hint(&self, py: Python<'_>) -> Option<(i64, i64, i64, i64)> {
        let grid = &self.grid;
        py.detach(|| scan::hint(grid)).map(|(a, b)| {
            let ((r1, c1), (r2, c2)) = (self.tile_cell(a), self.tile_cell(b));
            (r1, c1, r2, c2)
        })
    }

    /// Every linking pair as rows (r1, c1, r2, c2), sorted: an int64 array of shape (n, 4).
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let grid = &self.grid;
        let pairs = py.detach(|| scan::moves(grid));
        let mut flat = Vec::with_capacity(pairs.len() * 4);
        for (a, b) in pairs {
            let ((r1, c1), (r2, c2)) = (self.tile_cell(a), self.tile_cell(b));
            flat.extend_from_slice(&[r1, c1, r2, c2]);
        }
        let n = flat.len() / 4;
        PyArray1::from_vec(py, flat).reshape([n, 4])
    }

    fn move_count(&self, py: Python<'_>) -> usize {
        let grid = &self.grid;
        py.detach(|| scan::move_count(grid))
    }

    fn is_deadlocked(&self, py: Python<'_>) -> bool {
        let grid = &self.grid;
        py.detach(|| scan::is_deadlocked(grid))
    }

    /// Re-deals the kinds: 0 done, 1 no kind has two tiles, 2 no two cells can ever link.
    fn shuffle(&mut self, py: Python<'_>, seed: u64) -> u8 {
        let grid = &mut self.grid;
        match py.detach(|| shuffle(grid, seed)) {
            Shuffled::Done => 0,
            Shuffled::NoKindTwice => 1,
            Shuffled::NoLinkableCells => 2,
        }
    }

    fn copy(&self) -> PyBoard {
        PyBoard {
            grid: self.grid.clone(),
        }
    }
}

#[pymodule]
mod _core {
    #[pymodule_export]
    use super::PyBoard;

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add(
            "BUILD_PROFILE",
            if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            },
        )?;
        Ok(())
    }
}

//! `llk._core.classic`: the classic algorithm of the tutorials (rust/src/classic.rs), which
//! `llk bench` measures the engine against, over a plain grid of kinds. A submodule of its own,
//! built only with the `classic` feature, so that the engine's own surface (`llk._core`) holds
//! the engine alone.

use crate::classic::ClassicGrid;
use crate::error::Error;
use numpy::{PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// Runs `work` over the grid as a `ClassicGrid`, with the GIL released.
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
fn hint(py: Python<'_>, grid: PyReadonlyArray2<'_, u16>, border: bool) -> Option<(usize, usize, usize, usize)> {
    let cols = grid.shape()[1];
    with_classic(py, &grid, border, crate::classic::classic_hint).map(|(a, b)| (a / cols, a % cols, b / cols, b % cols))
}

/// The classic move count: every pair of tiles of one kind tested.
#[pyfunction]
fn move_count(py: Python<'_>, grid: PyReadonlyArray2<'_, u16>, border: bool) -> usize {
    with_classic(py, &grid, border, crate::classic::classic_move_count)
}

/// Do the tiles at (r1, c1) and (r2, c2) link, by the classic line-scan test?
#[pyfunction]
fn path_exists(
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
            return Err(Error::CellOffBoard { r, c, rows: rows as usize, cols: cols as usize }.into());
        }
    }
    let (a, b) = ((r1 as usize, c1 as usize), (r2 as usize, c2 as usize));
    Ok(with_classic(py, &grid, border, |g| crate::classic::classic_can_link(g, a, b)))
}

/// KShisen's greedy "is it solvable?" check (rust/src/kshisen.rs): the pairs it removes, in
/// order, as (r1, c1, r2, c2), and the tiles it leaves (0: it calls the deal solvable).
#[pyfunction]
fn kshisen_check(py: Python<'_>, grid: PyReadonlyArray2<'_, u16>) -> (Vec<(usize, usize, usize, usize)>, usize) {
    let [rows, cols] = [grid.shape()[0], grid.shape()[1]];
    let (removed, left) = with_classic(py, &grid, true, |g| crate::kshisen::kshisen_check(g.kinds, rows, cols));
    let cell = |i: usize| (i / cols, i % cols);
    let removed = removed.into_iter().map(|(a, b)| (cell(a).0, cell(a).1, cell(b).0, cell(b).1)).collect();
    (removed, left)
}

#[pymodule(submodule, module = "llk._core")]
pub(super) mod classic {
    #[pymodule_export]
    use super::{hint, kshisen_check, move_count, path_exists};

    use pyo3::prelude::*;

    /// A submodule made by an extension is an attribute of its parent, which `from llk._core
    /// import classic` finds; listed in `sys.modules`, `import llk._core.classic` finds it too.
    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.py().import("sys")?.getattr("modules")?.set_item("llk._core.classic", m)
    }
}

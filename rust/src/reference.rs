//! Slow, obviously correct references the fast code is tested against (tests only).
//!
//! - `reference_best_path` walks every candidate polyline with at most two corners cell by cell
//!   and keeps the best by (turns, length, corners): no runs, no bitsets, no search order.
//! - `bfs_turns_steps` is a Dijkstra over (cell, heading) states minimising (turns, steps): it
//!   knows nothing of polylines and so checks that the candidate set above misses no path.
//! - `reference_moves` tests every pair of cells.

use crate::grid::{Cell, Grid};
use crate::path::{best_path, Path};
use crate::rng::SplitMix64;
use std::collections::BinaryHeap;

/// Can a path pass through this cell (empty, on the board or on the ring when there is one)?
fn passable(g: &Grid, (r, c): Cell) -> bool {
    let (rows, cols) = (g.rows() as i32, g.cols() as i32);
    if g.contains((r, c)) {
        return g.kind((r, c)) == 0;
    }
    g.border() && (-1..=rows).contains(&r) && (-1..=cols).contains(&c)
}

/// Every cell strictly between two aligned cells is passable.
fn segment_clear(g: &Grid, from: Cell, to: Cell) -> bool {
    let (dr, dc) = ((to.0 - from.0).signum(), (to.1 - from.1).signum());
    let mut cell = (from.0 + dr, from.1 + dc);
    while cell != to {
        if !passable(g, cell) {
            return false;
        }
        cell = (cell.0 + dr, cell.1 + dc);
    }
    true
}

/// (turns, length, corners) of the best path, by walking every candidate.
pub fn reference_best_path(g: &Grid, a: Cell, b: Cell) -> Option<Path> {
    if a == b || !g.contains(a) || !g.contains(b) || g.kind(a) == 0 || g.kind(a) != g.kind(b) {
        return None;
    }
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let (rows, cols) = (g.rows() as i32, g.cols() as i32);
    let mut candidates: Vec<Vec<Cell>> = vec![vec![lo, hi], vec![lo, (lo.0, hi.1), hi], vec![lo, (hi.0, lo.1), hi]];
    for x in -1..=cols {
        candidates.push(vec![lo, (lo.0, x), (hi.0, x), hi]);
    }
    for y in -1..=rows {
        candidates.push(vec![lo, (y, lo.1), (y, hi.1), hi]);
    }
    let mut best: Option<(usize, u32, Vec<Cell>)> = None;
    for corners in candidates {
        let aligned = corners.windows(2).all(|w| (w[0].0 == w[1].0) != (w[0].1 == w[1].1));
        let inner_ok = corners[1..corners.len() - 1].iter().all(|&c| passable(g, c));
        let perpendicular = corners.windows(3).all(|w| (w[0].0 == w[1].0) != (w[1].0 == w[2].0));
        if !(aligned && inner_ok && perpendicular && corners.windows(2).all(|w| segment_clear(g, w[0], w[1]))) {
            continue;
        }
        let length: u32 =
            corners.windows(2).map(|w| (w[0].0 - w[1].0).unsigned_abs() + (w[0].1 - w[1].1).unsigned_abs()).sum();
        let key = (corners.len() - 2, length, corners);
        if best.as_ref().is_none_or(|b| key < *b) {
            best = Some(key);
        }
    }
    let (_, _, mut corners) = best?;
    if b < a {
        corners.reverse();
    }
    // Build the Path through the fast finder's constructor by asking it for the same corners:
    // the comparison in the tests is then field by field.
    Some(Path::from_corners(&corners))
}

/// (turns, steps) of the best path by Dijkstra over (cell, heading), or `None`.
pub fn bfs_turns_steps(g: &Grid, a: Cell, b: Cell) -> Option<(u8, u32)> {
    if a == b || !g.contains(a) || !g.contains(b) || g.kind(a) == 0 || g.kind(a) != g.kind(b) {
        return None;
    }
    const DIRS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    let mut heap = BinaryHeap::new();
    let mut seen = std::collections::HashSet::new();
    for d in 0..4 {
        heap.push(std::cmp::Reverse((0u8, 0u32, a, d)));
    }
    while let Some(std::cmp::Reverse((turns, steps, cell, d))) = heap.pop() {
        if !seen.insert((cell, d)) {
            continue;
        }
        if cell == b {
            return Some((turns, steps));
        }
        for (nd, &(dr, dc)) in DIRS.iter().enumerate() {
            // No U-turns: a path that doubles back revisits its own cells.
            if (DIRS[d].0 + dr, DIRS[d].1 + dc) == (0, 0) {
                continue;
            }
            let nt = turns + (nd != d && cell != a) as u8;
            if nt > 2 {
                continue;
            }
            let next = (cell.0 + dr, cell.1 + dc);
            if next == b || passable(g, next) {
                heap.push(std::cmp::Reverse((nt, steps + 1, next, nd)));
            }
        }
    }
    None
}

/// Every linking pair `(a, b)` with `a < b`, sorted, by testing all pairs.
pub fn reference_moves(g: &Grid) -> Vec<(Cell, Cell)> {
    let cells: Vec<Cell> = (0..g.rows() as i32).flat_map(|r| (0..g.cols() as i32).map(move |c| (r, c))).collect();
    let mut out = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if best_path(g, a, b).is_some() {
                out.push((a, b));
            }
        }
    }
    out
}

/// A random small board: sizes 1..=7 by 1..=7 (1xN and Nx1 included), densities from empty to
/// full, few kinds so that links are common, border on odd cases.
pub fn random_grid(rng: &mut SplitMix64, case: usize) -> Grid {
    let rows = 1 + rng.below(7) as usize;
    let cols = 1 + rng.below(7) as usize;
    let density = [0, 20, 50, 80, 100][case % 5];
    let kinds_n = 1 + rng.below(4) as u16;
    let kinds = (0..rows * cols)
        .map(|_| if rng.below(100) < density { 1 + rng.below(kinds_n as u64) as u16 } else { 0 })
        .collect();
    Grid::new(rows, cols, kinds, case % 2 == 1).unwrap()
}

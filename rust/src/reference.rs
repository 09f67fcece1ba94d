//! Slow, obviously correct references the fast code is tested against (tests only).
//!
//! - `reference_best_path` walks every candidate polyline with at most two corners cell by cell
//!   and keeps the best by (turns, length, corners): no runs, no bitsets, no search order.
//! - `bfs_turns_steps` is a Dijkstra over (cell, heading) states minimising (turns, steps) up to
//!   a number of turns: it knows nothing of polylines and so checks that the candidate sets
//!   above miss no path.
//! - `reference_near_miss` walks every candidate polyline with exactly three corners likewise.
//! - `reference_moves` tests every pair of cells.
//! - `grid_of` writes a small grid in a test as rows of kinds.

use crate::grid::{Cell, Grid};
use crate::miss::NearMiss;
use crate::path::{best_path, Path};
use crate::rng::SplitMix64;
use std::collections::BinaryHeap;

/// A grid from rows of kinds (all rows as long as the first).
pub fn grid_of(rows: &[&[u16]], border: bool) -> Grid {
    let kinds: Vec<u16> = rows.iter().flat_map(|r| r.iter().copied()).collect();
    Grid::new(rows.len(), rows[0].len(), kinds, border).unwrap()
}

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

/// The number of unit steps along these corners, if consecutive corners are aligned, every
/// inner cell is passable and no cell comes twice; `None` otherwise.
fn walk_open(g: &Grid, corners: &[Cell]) -> Option<usize> {
    let (rows, cols) = (g.rows() as i32 + 2, g.cols() as i32 + 2);
    // One bit per cell of the board and its ring (boards up to 9 x 9 with it): cells seen.
    assert!(rows * cols <= 128, "the reference is for small boards");
    let mut seen = 0u128;
    let mut mark = |(r, c): Cell| {
        let bit = 1u128 << ((r + 1) * cols + c + 1);
        let before = seen;
        seen |= bit;
        before & bit != 0
    };
    mark(corners[0]);
    let mut steps = 0;
    for w in corners.windows(2) {
        if (w[0].0 == w[1].0) == (w[0].1 == w[1].1) {
            return None;
        }
        let (dr, dc) = ((w[1].0 - w[0].0).signum(), (w[1].1 - w[0].1).signum());
        let mut cell = w[0];
        while cell != w[1] {
            cell = (cell.0 + dr, cell.1 + dc);
            let last = cell == *corners.last().unwrap();
            if !(last || passable(g, cell)) || !(-1..rows - 1).contains(&cell.0) || !(-1..cols - 1).contains(&cell.1) {
                return None;
            }
            if mark(cell) {
                return None;
            }
            steps += 1;
        }
    }
    Some(steps)
}

/// The best path with exactly three turns between two tiles of one kind that do not link, by
/// walking every polyline with three corners cell by cell: each leg at a right angle to the
/// one before, every inner cell passable, no cell twice; best by (length, corners) read from
/// the smaller endpoint.
pub fn reference_near_miss(g: &Grid, a: Cell, b: Cell) -> Option<NearMiss> {
    if a == b || !g.contains(a) || !g.contains(b) || g.kind(a) == 0 || g.kind(a) != g.kind(b) {
        return None;
    }
    if reference_best_path(g, a, b).is_some() {
        return None;
    }
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let mut best: Option<(usize, [Cell; 5])> = None;
    for x in -1..=g.cols() as i32 {
        for y in -1..=g.rows() as i32 {
            let along_first = [lo, (lo.0, x), (y, x), (y, hi.1), hi];
            let across_first = [lo, (y, lo.1), (y, x), (hi.0, x), hi];
            for corners in [along_first, across_first] {
                let turning = corners.windows(3).all(|w| (w[0].0 == w[1].0) != (w[1].0 == w[2].0));
                // The turning cells are inner cells: a quick look before the walk.
                if !(turning && corners[1..4].iter().all(|&c| passable(g, c))) {
                    continue;
                }
                let Some(steps) = walk_open(g, &corners) else { continue };
                if best.is_none_or(|b| (steps, corners) < b) {
                    best = Some((steps, corners));
                }
            }
        }
    }
    let (_, mut corners) = best?;
    if b < a {
        corners.reverse();
    }
    Some(NearMiss::from_corners(corners))
}

/// (turns, steps) of the best path with at most `max_turns` turns by Dijkstra over (cell,
/// heading), or `None`.
pub fn bfs_turns_steps(g: &Grid, a: Cell, b: Cell, max_turns: u8) -> Option<(u8, u32)> {
    if a == b || !g.contains(a) || !g.contains(b) || g.kind(a) == 0 || g.kind(a) != g.kind(b) {
        return None;
    }
    const DIRS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    let mut heap = BinaryHeap::new();
    // A flag per (cell of the board or its ring, heading).
    let cols = g.cols() as i32 + 2;
    let mut seen = vec![false; (g.rows() + 2) * (g.cols() + 2) * 4];
    for d in 0..4 {
        heap.push(std::cmp::Reverse((0u8, 0u32, a, d)));
    }
    while let Some(std::cmp::Reverse((turns, steps, cell, d))) = heap.pop() {
        let state = (((cell.0 + 1) * cols + cell.1 + 1) * 4) as usize + d;
        if std::mem::replace(&mut seen[state], true) {
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
            if nt > max_turns {
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

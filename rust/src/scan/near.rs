//! The linkable pairs nearest a cell, in order of distance: the hint near where the player looks.
//!
//! A pair's distance to a cell is the Chebyshev distance (`max(|dr|, |dc|)`) of the nearer of its
//! two tiles; pairs at one distance come in row-major order of `(a, c)`. The search goes out from
//! the cell ring by ring (the cells at distance 0, 1, 2, ...) and asks each tile on a ring for its
//! partners by following every path of at most two turns out of it, so on a board in play it
//! reads a few dozen cells, not the million a sweep reads. A pair is found on the ring of its
//! nearer tile, so once a ring has been read every pair at that distance is known. Where paths
//! are long (a board mostly cleared) or pairs far (a board nearly deadlocked) the search gives up
//! after a budget of rays and sorts the sweep's move list by distance instead: the same answer.

use super::{moves, Tile};
use crate::grid::{Cell, Grid};

pub(crate) const DIRS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The first `count` linkable pairs `(a, c)`, `a < c`, in order of (distance to `near`, `a`, `c`).
pub fn hints_near(g: &Grid, near: (usize, usize), count: usize) -> Vec<(Tile, Tile)> {
    if count == 0 || g.remaining() < 2 {
        return Vec::new();
    }
    outward(g, near, count, ray_budget(g)).unwrap_or_else(|| by_distance(g, near, count))
}

/// Rays the outward search may cast before the sweep is cheaper: a few lines' worth.
fn ray_budget(g: &Grid) -> usize {
    let budget = 64 * (g.rows() + g.cols()) + 1024;
    #[cfg(test)]
    let budget = super::knobs::NEAR_BUDGET.get().unwrap_or(budget);
    budget
}

fn distance(g: &Grid, t: Tile, (pr, pc): (usize, usize)) -> usize {
    let (r, c) = (t as usize / g.cols(), t as usize % g.cols());
    r.abs_diff(pr).max(c.abs_diff(pc))
}

/// The whole move list, sorted by distance: the fallback, and the definition the search meets.
fn by_distance(g: &Grid, near: (usize, usize), count: usize) -> Vec<(Tile, Tile)> {
    let mut all: Vec<(usize, Tile, Tile)> =
        moves(g).into_iter().map(|(a, c)| (distance(g, a, near).min(distance(g, c, near)), a, c)).collect();
    all.sort_unstable();
    all.into_iter().take(count).map(|(_, a, c)| (a, c)).collect()
}

/// The search ring by ring; None when it ran out of budget.
fn outward(g: &Grid, near: (usize, usize), count: usize, mut budget: usize) -> Option<Vec<(Tile, Tile)>> {
    let (rows, cols) = (g.rows(), g.cols());
    let (pr, pc) = near;
    let last = pr.max(rows - 1 - pr).max(pc).max(cols - 1 - pc);
    let (mut out, mut ring, mut found) = (Vec::new(), Vec::new(), Vec::new());
    for d in 0..=last {
        ring.clear();
        ring_tiles(g, near, d, &mut ring);
        let mut pairs = Vec::new();
        for &t in &ring {
            found.clear();
            budget = budget.checked_sub(partners(g, t, &mut found))?;
            for &q in &found {
                let dq = distance(g, q, near);
                // A partner nearer the cell was paired on its own ring, one on this ring from the
                // smaller tile of the two.
                if dq > d || (dq == d && q > t) {
                    pairs.push((t.min(q), t.max(q)));
                }
            }
        }
        pairs.sort_unstable();
        out.extend(pairs);
        if out.len() >= count {
            out.truncate(count);
            break;
        }
    }
    Some(out)
}

/// The tiles at Chebyshev distance `d` from `near`, read off the occupancy bits.
fn ring_tiles(g: &Grid, (pr, pc): (usize, usize), d: usize, out: &mut Vec<Tile>) {
    let (rows, cols) = (g.rows(), g.cols());
    let (c0, c1) = (pc.saturating_sub(d), (pc + d).min(cols - 1));
    let mut row = |r: usize| {
        let mut from = c0;
        while let Some(c) = g.row_bits().next_set(r, from).filter(|&c| c <= c1) {
            out.push((r * cols + c) as Tile);
            from = c + 1;
        }
    };
    if pr >= d {
        row(pr - d);
    }
    if d > 0 && pr + d < rows {
        row(pr + d);
    }
    if d == 0 {
        return;
    }
    // The columns' cells strictly between the two rows.
    let (r0, r1) = ((pr + 1).saturating_sub(d), (pr + d - 1).min(rows - 1));
    let mut col = |c: usize| {
        let mut from = r0;
        while let Some(r) = g.col_bits().next_set(c, from).filter(|&r| r <= r1) {
            out.push((r * cols + c) as Tile);
            from = r + 1;
        }
    };
    if pc >= d {
        col(pc - d);
    }
    if pc + d < cols {
        col(pc + d);
    }
}

/// Puts the tiles that link with `t` into `out` (sorted, once each) and returns the rays cast.
/// Every path of at most two turns is a straight leg out of `t` through empty cells, then from
/// any of its cells a perpendicular leg, then from any of those cells a leg parallel to the first
/// (either way); each leg ends at the first tile it meets.
pub fn partners(g: &Grid, t: Tile, out: &mut Vec<Tile>) -> usize {
    let cols = g.cols();
    let start = ((t as usize / cols) as i32, (t as usize % cols) as i32);
    let kind = g.kinds()[t as usize];
    let mut rays = 0;
    let mut hit = |cell: Option<Cell>| {
        if let Some(cell) = cell {
            let q = g.index(cell) as Tile;
            if q != t && g.kinds()[q as usize] == kind {
                out.push(q);
            }
        }
    };
    for d1 in DIRS {
        let (n1, end) = ray(g, start, d1);
        rays += 1;
        hit(end);
        let d2s = [(d1.1, d1.0), (-d1.1, -d1.0)];
        for i in 1..=n1 {
            let x = (start.0 + i * d1.0, start.1 + i * d1.1);
            for d2 in d2s {
                let (n2, end) = ray(g, x, d2);
                rays += 1;
                hit(end);
                for j in 1..=n2 {
                    let y = (x.0 + j * d2.0, x.1 + j * d2.1);
                    for d3 in [d1, (-d1.0, -d1.1)] {
                        rays += 1;
                        hit(ray(g, y, d3).1);
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    rays
}

/// From `cell` (on the board or its ring) one step at a time in direction `dir`: how many empty
/// cells come before the first tile or the edge of the ring, and that tile if any.
pub(crate) fn ray(g: &Grid, (r, c): Cell, dir: (i32, i32)) -> (i32, Option<Cell>) {
    let b = g.border() as i32;
    let (rows, cols) = (g.rows() as i32, g.cols() as i32);
    // Along a row: the position is the column, the line the row; along a column the other way.
    let (line, pos, lines, len, bits, step) =
        if dir.0 == 0 { (r, c, rows, cols, g.row_bits(), dir.1) } else { (c, r, cols, rows, g.col_bits(), dir.0) };
    let on_line = (0..lines).contains(&line);
    let at = |p: usize| if dir.0 == 0 { (r, p as i32) } else { (p as i32, c) };
    if step > 0 {
        let next = if on_line && pos + 1 < len { bits.next_set(line as usize, (pos + 1) as usize) } else { None };
        match next {
            Some(p) => (p as i32 - pos - 1, Some(at(p))),
            None => (len - 1 + b - pos, None),
        }
    } else {
        let prev = if on_line && pos > 0 { bits.prev_set(line as usize, pos.min(len) as usize) } else { None };
        match prev {
            Some(p) => (pos - p as i32 - 1, Some(at(p))),
            None => (pos + b, None),
        }
    }
}

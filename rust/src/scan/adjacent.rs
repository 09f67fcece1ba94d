//! Linking 4-neighbours: the pairs the corridors leave out (a step from one tile to the next has
//! no inner cell, so no corridor). Each row is compared with itself shifted by one and with the
//! next row, whole slices at a time, with no branch inside a chunk, so the compiler vectorises
//! it; only a chunk that holds a pair is walked cell by cell.

use super::Tile;
use crate::grid::Grid;
use std::ops::ControlFlow;

/// Do two 4-neighbouring cells holding `a` and `b` link? With `ONE` (the positional scans,
/// where every tile counts as one kind) any two tiles do.
#[inline(always)]
fn neighbours_link<const ONE: bool>(a: u16, b: u16) -> bool {
    if ONE {
        (a != 0) & (b != 0)
    } else {
        (a == b) & (a != 0)
    }
}

/// Is there an `i` where `a[i]` and `b[i]` link? Word-sized chunks without branches inside.
#[inline]
fn any_link<const ONE: bool>(a: &[u16], b: &[u16]) -> bool {
    a.chunks(64)
        .zip(b.chunks(64))
        .any(|(x, y)| x.iter().zip(y).fold(false, |hit, (&p, &q)| hit | neighbours_link::<ONE>(p, q)))
}

/// How many `i` where `a[i]` and `b[i]` are one kind (not empty).
fn count_links(a: &[u16], b: &[u16]) -> usize {
    a.chunks(4096)
        .zip(b.chunks(4096))
        .map(|(x, y)| {
            x.iter().zip(y).map(|(&p, &q)| neighbours_link::<false>(p, q) as u16).fold(0u16, u16::wrapping_add) as usize
        })
        .sum()
}

/// Row `r` of the kinds, and the row below it when there is one.
#[inline]
fn row_and_below(g: &Grid, r: usize) -> (&[u16], Option<&[u16]>) {
    let (cols, kinds) = (g.cols(), g.kinds());
    let row = &kinds[r * cols..(r + 1) * cols];
    let below = (r + 1 < g.rows()).then(|| &kinds[(r + 1) * cols..(r + 2) * cols]);
    (row, below)
}

/// Is there a pair of linking 4-neighbours? Stops at the first row that has one.
pub(super) fn has_adjacent_pair<const ONE: bool>(g: &Grid) -> bool {
    (0..g.rows()).any(|r| {
        let (row, below) = row_and_below(g, r);
        any_link::<ONE>(&row[..row.len() - 1], &row[1..]) || below.is_some_and(|b| any_link::<ONE>(row, b))
    })
}

/// The number of pairs of 4-neighbours of one kind.
pub(super) fn count_adjacent_pairs(g: &Grid) -> usize {
    (0..g.rows())
        .map(|r| {
            let (row, below) = row_and_below(g, r);
            count_links(&row[..row.len() - 1], &row[1..]) + below.map_or(0, |b| count_links(row, b))
        })
        .sum()
}

/// Calls `visit` with every pair of linking 4-neighbours in order (`(a, b)`, `a < b`, sorted):
/// row-major order of the first tile, right neighbour before the one below.
pub(super) fn for_each_adjacent_pair<const ONE: bool>(
    g: &Grid,
    mut visit: impl FnMut(Tile, Tile) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let cols = g.cols();
    for r in 0..g.rows() {
        let (row, below) = row_and_below(g, r);
        for c0 in (0..cols).step_by(64) {
            let c1 = (c0 + 64).min(cols);
            let right = any_link::<ONE>(&row[c0..c1.min(cols - 1)], &row[c0 + 1..]);
            let down = below.is_some_and(|b| any_link::<ONE>(&row[c0..c1], &b[c0..c1]));
            if !right && !down {
                continue;
            }
            for c in c0..c1 {
                let i = (r * cols + c) as Tile;
                if c + 1 < cols && neighbours_link::<ONE>(row[c], row[c + 1]) {
                    visit(i, i + 1)?;
                }
                if below.is_some_and(|b| neighbours_link::<ONE>(row[c], b[c])) {
                    visit(i, i + cols as Tile)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

//! The hint's search from the top: on a board in play the smallest linking pair is found among
//! the first few tiles, so reading only their corridors beats sweeping the whole board. It
//! gives up after a budget of member reads (a board with few or no pairs), and the caller
//! sweeps instead.

use super::Tile;
use crate::grid::Grid;

/// Finds the smallest linking pair tile by tile from the top: the first tile, in row-major
/// order, that links to a later one, and the smallest such partner. A tile's partners are the
/// later tiles of its kind among its right and lower neighbours and the members of the
/// corridors it belongs to: the runs it ends (left, right, above, below it) and, for each cell
/// of those runs, the run across that cell, of which it is a side tile. On a board in play
/// the first tiles settle it at once; `None` when `budget` member reads did not (a board with
/// few or no pairs), and the caller sweeps the whole board instead.
pub(super) fn smallest_pair_from_the_top<const ONE: bool>(g: &Grid, budget: usize) -> Option<Option<(Tile, Tile)>> {
    let (rows, cols, kinds) = (g.rows(), g.cols(), g.kinds());
    let mut spent = 0;
    for a in (0..rows * cols).filter(|&a| kinds[a] != 0) {
        if spent >= budget {
            return None;
        }
        let mut best = usize::MAX;
        let mut offer = |t: usize| {
            if t > a && t < best && (ONE || kinds[t] == kinds[a]) {
                best = t;
            }
        };
        let (r, c) = (a / cols, a % cols);
        if c + 1 < cols && kinds[a + 1] != 0 {
            offer(a + 1);
        }
        if r + 1 < rows && kinds[a + cols] != 0 {
            offer(a + cols);
        }
        spent += 1 + corridors_of(g, r, c, &mut offer);
        if best != usize::MAX {
            return Some(Some((a as Tile, best as Tile)));
        }
    }
    Some(None)
}

/// Calls `offer` with every member of every corridor that the tile at `(r, c)` belongs to;
/// returns how many members it read.
fn corridors_of(g: &Grid, r: usize, c: usize, offer: &mut impl FnMut(usize)) -> usize {
    let (r, c) = (r as i32, c as i32);
    let mut read = 0;
    for (dr, dc) in [(0, -1), (0, 1), (-1, 0), (1, 0)] {
        let horizontal = dr == 0;
        let mut cell = (r + dr, c + dc);
        let mut first = true;
        while open(g, cell) {
            if first {
                // The run it ends.
                read += corridor_members(g, cell, horizontal, offer);
                first = false;
            }
            // The run across, of which it is a side tile.
            read += corridor_members(g, cell, !horizontal, offer);
            cell = (cell.0 + dr, cell.1 + dc);
        }
    }
    read
}

/// Can a path pass through this cell: an empty board cell, or a ring cell?
fn open(g: &Grid, (r, c): (i32, i32)) -> bool {
    let (rows, cols) = (g.rows() as i32, g.cols() as i32);
    if (0..rows).contains(&r) && (0..cols).contains(&c) {
        return g.kinds()[(r * cols + c) as usize] == 0;
    }
    g.border() && (-1..=rows).contains(&r) && (-1..=cols).contains(&c)
}

/// Calls `offer` with the members of the corridor through the empty (or ring) cell `cell`,
/// along its row when `horizontal`, else along its column; returns how many it read.
fn corridor_members(g: &Grid, (r, c): (i32, i32), horizontal: bool, offer: &mut impl FnMut(usize)) -> usize {
    let (rows, cols) = (g.rows(), g.cols());
    // Read the board as lines: rows, or columns.
    let (line, pos, n, len, bits, cross) = if horizontal {
        (r, c, rows as i32, cols, g.row_bits(), g.col_bits())
    } else {
        (c, r, cols as i32, rows, g.col_bits(), g.row_bits())
    };
    let tile = |line: usize, pos: usize| if horizontal { line * cols + pos } else { pos * cols + line };
    let mut read = 0;
    if line < 0 || line >= n {
        // A ring line: its members are the first (last) tile of every cross line.
        for p in 0..len {
            let q = if line < 0 { cross.next_set(p, 0) } else { cross.prev_set(p, n as usize) };
            if let Some(q) = q {
                offer(tile(q, p));
            }
            read += 1;
        }
        return read;
    }
    let line = line as usize;
    // The run's ends: the tiles before and after `pos` along the line.
    let before = if pos <= 0 { None } else { bits.prev_set(line, (pos as usize).min(len)) };
    let after = if pos >= len as i32 { None } else { bits.next_set(line, (pos + 1).max(0) as usize) };
    let (start, end) = (before.map_or(0, |x| x + 1), after.unwrap_or(len));
    for x in before.into_iter().chain(after) {
        offer(tile(line, x));
    }
    for p in start..end {
        if let Some(q) = cross.prev_set(p, line) {
            offer(tile(q, p));
        }
        if let Some(q) = cross.next_set(p, line + 1) {
            offer(tile(q, p));
        }
        read += 1;
    }
    read + 2
}

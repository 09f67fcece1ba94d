//! The board read along one direction, rows or columns, as lines of positions: the one view the
//! sweep walks, so that rows and columns share every line of its code. Columns are read from a
//! column-major copy of the kinds when whole lines are wanted as slices (sequential reads), else
//! with a stride.

use super::{member, Member, Tile};
use crate::bits::BitLines;
use crate::grid::Grid;

/// The board read along one direction: `n` lines (rows, or columns) of `len` positions each.
pub(super) struct Lines<'a> {
    /// Kinds: the one at `(line, pos)` is `kinds[line * line_step + pos * pos_step]`. Whole lines
    /// are read as slices only when `pos_step` is 1.
    kinds: &'a [u16],
    kind_steps: (usize, usize),
    /// Occupancy along each line: line `line`, bit `pos`.
    pub(super) bits: &'a BitLines,
    /// Occupancy across: line `pos`, bit `line`.
    pub(super) cross: &'a BitLines,
    pub(super) n: usize,
    pub(super) len: usize,
    /// The tile at `(line, pos)` is `line * line_step + pos * pos_step`.
    tile_steps: (Tile, Tile),
    /// The rows: also check the four members around each empty cell (the same four in both
    /// directions, so one direction does it).
    pub(super) cells: bool,
}

impl<'a> Lines<'a> {
    pub(super) fn rows(g: &'a Grid) -> Self {
        Lines {
            kinds: g.kinds(),
            kind_steps: (g.cols(), 1),
            bits: g.row_bits(),
            cross: g.col_bits(),
            n: g.rows(),
            len: g.cols(),
            tile_steps: (g.cols() as Tile, 1),
            cells: true,
        }
    }

    /// `kinds_t`: the kinds in column-major order, if at hand (whole lines are read only then);
    /// else the view reads the row-major kinds with a stride.
    pub(super) fn cols(g: &'a Grid, kinds_t: Option<&'a [u16]>) -> Self {
        Lines {
            kinds: kinds_t.unwrap_or(g.kinds()),
            kind_steps: if kinds_t.is_some() { (g.rows(), 1) } else { (1, g.cols()) },
            bits: g.col_bits(),
            cross: g.row_bits(),
            n: g.cols(),
            len: g.rows(),
            tile_steps: (1, g.cols() as Tile),
            cells: false,
        }
    }

    /// A whole line (`pos_step` is 1).
    #[inline]
    pub(super) fn line(&self, i: usize) -> &'a [u16] {
        debug_assert_eq!(self.kind_steps.1, 1);
        &self.kinds[i * self.len..(i + 1) * self.len]
    }

    #[inline]
    pub(super) fn kind(&self, line: usize, pos: usize) -> u16 {
        self.kinds[line * self.kind_steps.0 + pos * self.kind_steps.1]
    }

    #[inline]
    pub(super) fn tile(&self, line: usize, pos: usize) -> Tile {
        line as Tile * self.tile_steps.0 + pos as Tile * self.tile_steps.1
    }

    /// The tile at `(line, pos)` as a member.
    #[inline]
    pub(super) fn member<const ONE: bool>(&self, line: usize, pos: usize) -> Member {
        member(if ONE { 1 } else { self.kind(line, pos) }, self.tile(line, pos))
    }

    /// Is `start..end` an empty run of line `i`, closed on each side by a tile or the edge?
    #[inline]
    pub(super) fn has_run(&self, i: usize, start: usize, end: usize) -> bool {
        !self.bits.any_in(i, start, end)
            && (start == 0 || self.bits.get(i, start - 1))
            && (end == self.len || self.bits.get(i, end))
    }

    /// Are whole lines checked at once (`flag_line`) rather than read run by run? When that pays
    /// and the lines can be read whole.
    pub(super) fn checked<const ONE: bool>(&self) -> bool {
        wants_checks::<ONE>(self.len) && self.kind_steps.1 == 1
    }
}

/// Does checking whole lines at once pay, for lines of `len` positions? On long lines, for the
/// own kinds (with `ONE` every run has pairs, so every run is listed anyway).
pub(super) fn wants_checks<const ONE: bool>(len: usize) -> bool {
    let checked = len >= CHECKED_LINE;
    #[cfg(test)]
    let checked = super::knobs::FORCE_CHECKED.get().unwrap_or(checked);
    !ONE && checked
}

/// Lines shorter than this (small boards) are read run by run: checking whole lines at once
/// costs more than it saves there.
const CHECKED_LINE: usize = 64;

/// `kinds` (row-major, `rows x cols`) in column-major order, copied in square tiles so that
/// both sides stay in cache.
pub(super) fn transpose(kinds: &[u16], rows: usize, cols: usize) -> Vec<u16> {
    const TILE: usize = 32;
    let mut out = vec![0; kinds.len()];
    for r0 in (0..rows).step_by(TILE) {
        for c0 in (0..cols).step_by(TILE) {
            for r in r0..(r0 + TILE).min(rows) {
                let row = &kinds[r * cols..(r + 1) * cols];
                for c in c0..(c0 + TILE).min(cols) {
                    out[c * rows + r] = row[c];
                }
            }
        }
    }
    out
}

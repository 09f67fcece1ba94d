//! The sweep: every corridor of the board, listed as a group of members, row by row and then
//! column by column. On long lines the branch-free checks (`checks`) pick the few runs that hold
//! a pair, and only those and the long runs are listed; short lines are read run by run. Stacks
//! of long runs of one span are listed once, as one group.

use super::checks::{fill_below, flag_line, nonzero_bits, SURE};
use super::lines::{transpose, wants_checks, Lines};
use super::{member, Member};
use crate::grid::Grid;
use std::ops::ControlFlow;

/// Runs this long or longer go through the general path: member lists, stacks merged.
pub(super) const LONG: usize = 5;

/// Lines per block of `below`: the kinds of the nearest tiles below are filled in for a block of
/// lines at a time, bottom-up from one bit scan per position under the block.
pub(super) const BLOCK: usize = 32;

/// Buffers the sweeps reuse from line to line and from one direction to the other.
#[derive(Default)]
struct Scratch {
    members: Vec<Member>,
    /// Per position: the kind and line of the nearest tile above the current line (kind 0 and
    /// line `u32::MAX`: none). Checked lines keep it for every position; lines read run by
    /// run, for the cells of their runs.
    up_kind: Vec<u16>,
    up_line: Vec<u32>,
    /// Per line of the current block and position: the kind and line of the nearest tile below
    /// (kind 0 and line `n`: none).
    below: Vec<u16>,
    below_line: Vec<u32>,
    /// Per position: the kinds of the tiles ending the run each empty cell is in (0: the edge).
    left: Vec<u16>,
    right: Vec<u16>,
    /// Per position: 1 while the cells from there on are empty, `d` cells ahead.
    open: Vec<u16>,
    /// Per position: `SURE` and `LONG_RUN` for the run there. (Masks as wide as the kinds they
    /// come from keep the vector code free of packing.)
    flag: Vec<u16>,
    /// Per position: the line of the nearest tile at or after the line last asked for (`n`:
    /// none), valid for any later line up to it.
    down_at: Vec<u32>,
}

/// Calls `visit(members, sure)` with groups of two or more members that may hold two tiles of
/// one kind, horizontal groups first, then vertical ones. Every pair of members of a group
/// links, and every linking pair but 4-neighbours is in some group visited. `sure`: the group
/// holds such a pair. Groups: the corridors of the ring lines; runs shorter than `LONG` (on
/// long lines and for the own kinds, only those where the checks found two members of one
/// kind); stacks of longer runs of one span on consecutive lines, merged.
///
/// On long lines a run known to hold a pair is first announced as `visit(&[], true)`: a caller
/// that only wants to know whether there is a pair stops there.
pub(super) fn for_each_group<const ONE: bool>(
    g: &Grid,
    mut visit: impl FnMut(&[Member], bool) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut scratch = SCRATCH.take();
    let swept = match sweep::<ONE>(&Lines::rows(g), g.border(), &mut scratch, &mut visit) {
        ControlFlow::Continue(()) => for_each_column_group::<ONE>(g, &mut scratch, visit),
        stopped => stopped,
    };
    if scratch.members.capacity() <= KEPT_MEMBERS && scratch.up_kind.capacity() <= KEPT_POSITIONS {
        SCRATCH.set(scratch);
    }
    swept
}

thread_local! {
    /// The sweep's buffers, kept on each thread from one sweep to the next: the solver sweeps
    /// a small board per state, and growing the buffers anew cost it a tenth of its time.
    static SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::new(Scratch::default());
}

/// The largest buffers kept between sweeps (those of big boards are dropped, so that a thread
/// holds under a megabyte once it is done: lines of at most 4,096 positions).
const KEPT_MEMBERS: usize = 1 << 12;
const KEPT_POSITIONS: usize = 1 << 12;

/// The horizontal groups of `for_each_group` alone: with `for_each_column_group`, every group,
/// for a caller that sweeps the two directions apart (on two threads).
pub(super) fn for_each_row_group<const ONE: bool>(
    g: &Grid,
    mut visit: impl FnMut(&[Member], bool) -> ControlFlow<()>,
) -> ControlFlow<()> {
    sweep::<ONE>(&Lines::rows(g), g.border(), &mut Scratch::default(), &mut visit)
}

/// The vertical groups of `for_each_group` alone.
pub(super) fn for_each_col_group<const ONE: bool>(
    g: &Grid,
    visit: impl FnMut(&[Member], bool) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for_each_column_group::<ONE>(g, &mut Scratch::default(), visit)
}

fn for_each_column_group<const ONE: bool>(
    g: &Grid,
    scratch: &mut Scratch,
    mut visit: impl FnMut(&[Member], bool) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // Checked columns are read as lines of a column-major copy of the kinds, made when needed: a
    // full board has no corridor but on the ring.
    let full = g.remaining() == g.rows() * g.cols();
    let transposed = (wants_checks::<ONE>(g.rows()) && !full).then(|| transpose(g.kinds(), g.rows(), g.cols()));
    sweep::<ONE>(&Lines::cols(g, transposed.as_deref()), g.border(), scratch, &mut visit)
}

/// The groups along one direction.
///
/// A run's members are its end tiles and, for each of its cells, the nearest tile above and
/// below. On long lines, which pairs of them share a kind is read off per-position arrays for a
/// whole line at a time, without branching on where runs start and end (`flag_line`); only
/// the runs where a pair turns up, and the long runs, rare on a busy board, are then listed.
fn sweep<const ONE: bool>(
    v: &Lines<'_>,
    border: bool,
    scratch: &mut Scratch,
    visit: &mut impl FnMut(&[Member], bool) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (n, len) = (v.n, v.len);
    let Scratch { members, up_kind, up_line, below, below_line, left, right, open, flag, down_at } = scratch;
    if border {
        // The ring line before the first line and the one after the last are each one corridor,
        // whose members are the first (last) tile of every cross line.
        members.clear();
        members.extend((0..len).filter_map(|p| v.cross.next_set(p, 0).map(|q| v.member::<ONE>(q, p))));
        if members.len() >= 2 {
            visit(members, false)?;
        }
        members.clear();
        members.extend((0..len).filter_map(|p| v.cross.prev_set(p, n).map(|q| v.member::<ONE>(q, p))));
        if members.len() >= 2 {
            visit(members, false)?;
        }
    }
    // The ring cells at a line's two ends add no member (the ring line across them is empty),
    // so a corridor that reaches the ring has the same members with or without a border.
    let checked = v.checked::<ONE>();
    up_kind.clear();
    up_kind.resize(len, 0);
    up_line.clear();
    up_line.resize(len, u32::MAX);
    down_at.clear();
    down_at.resize(len, 0);
    let mut run = Run { v, members, up_kind, up_line, down_at };
    if !checked {
        for i in 0..n {
            let mut next = v.bits.next_clear(i, 0);
            while let Some(start) = next {
                let end = v.bits.next_set(i, start).unwrap_or(len);
                next = if end < len { v.bits.next_clear(i, end) } else { None };
                // Every run is visited (or skipped as the lower part of a stack, whose cells keep
                // the tiles above they had), so `up` can be brought up to date run by run.
                if i > 0 && !(end - start >= LONG && v.has_run(i - 1, start, end)) {
                    for p in start..end {
                        if v.bits.get(i - 1, p) {
                            run.up_kind[p] = v.kind(i - 1, p);
                            run.up_line[p] = (i - 1) as u32;
                        }
                    }
                }
                run.visit::<ONE>(i, start, end, false, None, visit)?;
            }
        }
        return ControlFlow::Continue(());
    }
    for buf in [&mut *left, &mut *right] {
        buf.clear();
        buf.resize(len, 0);
    }
    open.clear();
    open.resize(len, 0);
    flag.clear();
    flag.resize(len, 0);
    below.clear();
    below.resize(BLOCK * len, 0);
    below_line.clear();
    below_line.resize(BLOCK * len, 0);
    let mut filled = None;
    for i in 0..n {
        let row = v.line(i);
        if i > 0 {
            let above = v.line(i - 1);
            // Blends written as masks: the compiler vectorises them.
            let line_above = (i - 1) as u32;
            for (k, &a) in run.up_kind.iter_mut().zip(above) {
                *k = a | (*k & ((a == 0) as u16).wrapping_neg());
            }
            for (l, &a) in run.up_line.iter_mut().zip(above) {
                let keep = ((a == 0) as u32).wrapping_neg();
                *l = (*l & keep) | (line_above & !keep);
            }
        }
        if v.bits.next_clear(i, 0).is_none() {
            // A full line has no corridor.
            continue;
        }
        let block = i - i % BLOCK;
        if filled != Some(block) {
            fill_below(v, block, below, below_line);
            filled = Some(block);
        }
        let this_line = (i - block) * len..(i - block + 1) * len;
        let (down, down_line) = (&below[this_line.clone()], &below_line[this_line]);
        flag_line(v, row, run.up_kind, down, left, right, open, flag);
        // Visit the runs flagged, each once: a bit per position of a 64-position chunk, cleared
        // up to the end of each run visited.
        let mut done = 0;
        for c0 in (0..len).step_by(64) {
            let chunk = &flag[c0..(c0 + 64).min(len)];
            let mut todo = nonzero_bits(chunk);
            if done > c0 {
                todo &= if done - c0 >= 64 { 0 } else { !0u64 << (done - c0) };
            }
            while todo != 0 {
                let p = c0 + todo.trailing_zeros() as usize;
                let start = v.bits.prev_set(i, p).map_or(0, |x| x + 1);
                let end = v.bits.next_set(i, p).unwrap_or(len);
                done = end;
                todo &= if end - c0 >= 64 { 0 } else { !0u64 << (end - c0) };
                let sure = flag[p..end].iter().any(|&f| f & SURE != 0);
                if end - start < LONG && sure && visit(&[], true).is_break() {
                    // The caller only wanted to know whether there is a pair.
                    return ControlFlow::Break(());
                }
                run.visit::<ONE>(i, start, end, sure, Some((down, down_line)), visit)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Lists the members of runs and visits them.
struct Run<'s, 'v> {
    v: &'s Lines<'v>,
    members: &'s mut Vec<Member>,
    up_kind: &'s mut [u16],
    up_line: &'s mut [u32],
    down_at: &'s mut [u32],
}

impl Run<'_, '_> {
    /// Visits the run `start..end` of line `i`: with the same run on the next lines, as one
    /// stack, when it is long (and nothing when it is the lower part of a stack). `up` holds the
    /// tiles above its cells; `below`, when given, the kinds and lines of the tiles below the
    /// cells of line `i`.
    fn visit<const ONE: bool>(
        &mut self,
        i: usize,
        start: usize,
        end: usize,
        sure: bool,
        below: Option<(&[u16], &[u32])>,
        visit: &mut impl FnMut(&[Member], bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let v = self.v;
        let (n, len) = (v.n, v.len);
        let mut last = i;
        if end - start >= LONG {
            if i > 0 && v.has_run(i - 1, start, end) {
                // The lower part of a stack, visited with its top line.
                return ControlFlow::Continue(());
            }
            while last + 1 < n && v.has_run(last + 1, start, end) {
                last += 1;
            }
        }
        let members = &mut *self.members;
        members.clear();
        for line in i..=last {
            if start > 0 {
                members.push(v.member::<ONE>(line, start - 1));
            }
            if end < len {
                members.push(v.member::<ONE>(line, end));
            }
        }
        // Each position is asked for lines that only grow, so a cached line at or after `next`
        // is still the nearest tile below.
        let next = last + 1;
        let below = below.filter(|_| last == i);
        for p in start..end {
            if self.up_line[p] != u32::MAX {
                let kind = if ONE { 1 } else { self.up_kind[p] };
                members.push(member(kind, v.tile(self.up_line[p] as usize, p)));
            }
            if let Some((kinds, lines)) = below {
                if (lines[p] as usize) < n {
                    members.push(member(kinds[p], v.tile(lines[p] as usize, p)));
                }
            } else if next < n {
                let mut q = self.down_at[p];
                if (q as usize) < next {
                    q = v.cross.next_set(p, next).unwrap_or(n) as u32;
                    self.down_at[p] = q;
                }
                if (q as usize) < n {
                    members.push(v.member::<ONE>(q as usize, p));
                }
            }
        }
        if members.len() >= 2 {
            visit(members, sure)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests;

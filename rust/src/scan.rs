//! Hint, move list, move count and deadlock verdict: one sweep over the board's corridors.
//!
//! A corridor is a maximal straight run of empty cells; two tiles of one kind link exactly when
//! they are 4-neighbours or both are members of one corridor (its end tiles, and the nearest
//! tile on each side of each of its cells). docs/engine.md proves it. So instead of a path search
//! per pair of tiles, one pass over the board lists every corridor with its members, and the
//! members that share a kind are the linking pairs.
//!
//! How the pass stays cheap on a board of a million cells:
//!
//! - 4-neighbour pairs are found by comparing each row with itself shifted by one and with the
//!   next row, whole slices at a time (the compiler vectorises it).
//! - Corridors are read line by line, the rows over the row-major kinds and the columns over a
//!   column-major copy made for the sweep, so every read is sequential. Per position the sweep keeps the nearest
//!   tile above (carried from line to line) and the nearest tile below (filled in bottom-up, a
//!   block of lines at a time); with the tiles that end each cell's run, comparing these arrays
//!   a whole line at a time, without a branch on where runs start and end, finds the runs that
//!   hold two members of one kind. Only those, and the long runs, are listed member by member:
//!   on a busy board most runs hold no pair and are never listed. (Short lines, on small boards,
//!   are simply read run by run.)
//! - Runs of one span on consecutive lines form an empty rectangle, any two of whose members
//!   link, and share their side tiles: a stack of long runs is one group, listed once, instead
//!   of once per line with the same pairs again.
//! - A group of a few members is searched by comparing each member with all at once; a big one
//!   is sorted by kind.
//! - The move list and count gather the corridor pairs that are not 4-neighbours (those are
//!   counted apart) and drop repeats (a pair is often in several corridors) by a radix sort.

use crate::bits::BitLines;
use crate::grid::Grid;
use std::ops::ControlFlow;

/// A tile as its cell index, `row * cols + col` (row-major, so index order is cell order).
pub type Tile = u32;

/// A member of a group of tiles that all link with each other when they share a kind: the kind
/// the scan counts it as (high half) and its tile (low half), packed so that choosing between
/// two members is one conditional move.
type Member = u64;

#[inline(always)]
fn member(kind: u16, tile: Tile) -> Member {
    (kind as u64) << 32 | tile as u64
}

#[inline(always)]
fn kind(m: Member) -> u16 {
    (m >> 32) as u16
}

#[inline(always)]
fn tile(m: Member) -> Tile {
    m as Tile
}

/// Groups up to this size are searched pair by pair, bigger ones sorted by kind.
const SMALL: usize = 16;

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
fn has_adjacent_pair<const ONE: bool>(g: &Grid) -> bool {
    (0..g.rows()).any(|r| {
        let (row, below) = row_and_below(g, r);
        any_link::<ONE>(&row[..row.len() - 1], &row[1..]) || below.is_some_and(|b| any_link::<ONE>(row, b))
    })
}

/// The number of pairs of 4-neighbours of one kind.
fn count_adjacent_pairs(g: &Grid) -> usize {
    (0..g.rows())
        .map(|r| {
            let (row, below) = row_and_below(g, r);
            count_links(&row[..row.len() - 1], &row[1..]) + below.map_or(0, |b| count_links(row, b))
        })
        .sum()
}

/// Calls `visit` with every pair of linking 4-neighbours in order (`(a, b)`, `a < b`, sorted):
/// row-major order of the first tile, right neighbour before the one below.
fn for_each_adjacent_pair<const ONE: bool>(
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

/// The board read along one direction: `n` lines (rows, or columns) of `len` positions each.
struct Lines<'a> {
    /// Kinds: the one at `(line, pos)` is `kinds[line * line_step + pos * pos_step]`. Whole lines
    /// are read as slices only when `pos_step` is 1.
    kinds: &'a [u16],
    kind_steps: (usize, usize),
    /// Occupancy along each line: line `line`, bit `pos`.
    bits: &'a BitLines,
    /// Occupancy across: line `pos`, bit `line`.
    cross: &'a BitLines,
    n: usize,
    len: usize,
    /// The tile at `(line, pos)` is `line * line_step + pos * pos_step`.
    tile_steps: (Tile, Tile),
    /// The rows: also check the four members around each empty cell (the same four in both
    /// directions, so one direction does it).
    cells: bool,
}

impl<'a> Lines<'a> {
    fn rows(g: &'a Grid) -> Self {
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
    fn cols(g: &'a Grid, kinds_t: Option<&'a [u16]>) -> Self {
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
    fn line(&self, i: usize) -> &'a [u16] {
        debug_assert_eq!(self.kind_steps.1, 1);
        &self.kinds[i * self.len..(i + 1) * self.len]
    }

    #[inline]
    fn kind(&self, line: usize, pos: usize) -> u16 {
        self.kinds[line * self.kind_steps.0 + pos * self.kind_steps.1]
    }

    #[inline]
    fn tile(&self, line: usize, pos: usize) -> Tile {
        line as Tile * self.tile_steps.0 + pos as Tile * self.tile_steps.1
    }

    /// The tile at `(line, pos)` as a member.
    #[inline]
    fn member<const ONE: bool>(&self, line: usize, pos: usize) -> Member {
        member(if ONE { 1 } else { self.kind(line, pos) }, self.tile(line, pos))
    }

    /// Is `start..end` an empty run of line `i`, closed on each side by a tile or the edge?
    #[inline]
    fn has_run(&self, i: usize, start: usize, end: usize) -> bool {
        !self.bits.any_in(i, start, end)
            && (start == 0 || self.bits.get(i, start - 1))
            && (end == self.len || self.bits.get(i, end))
    }

    /// Are whole lines checked at once (`flag_line`) rather than read run by run? When that pays
    /// and the lines can be read whole.
    fn checked<const ONE: bool>(&self) -> bool {
        wants_checks::<ONE>(self.len) && self.kind_steps.1 == 1
    }
}

/// Does checking whole lines at once pay, for lines of `len` positions? On long lines, for the
/// own kinds (with `ONE` every run has pairs, so every run is listed anyway).
fn wants_checks<const ONE: bool>(len: usize) -> bool {
    !ONE && tests::force_checked().unwrap_or(len >= CHECKED_LINE)
}

/// Runs this long or longer go through the general path: member lists, stacks merged.
const LONG: usize = 5;

/// Lines shorter than this (small boards) are read run by run: checking whole lines at once
/// costs more than it saves there.
const CHECKED_LINE: usize = 64;

/// Lines per block of `below`: the kinds of the nearest tiles below are filled in for a block of
/// lines at a time, bottom-up from one bit scan per position under the block.
const BLOCK: usize = 32;

/// `flag` bits: two members of the run share a kind; the run is long.
const SURE: u16 = 1;
const LONG_RUN: u16 = 2;

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

/// Two members' kinds are one (and are members: kind 0 is nobody).
#[inline(always)]
fn same(a: u16, b: u16) -> bool {
    (a == b) & (a != 0)
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
fn for_each_group<const ONE: bool>(
    g: &Grid,
    mut visit: impl FnMut(&[Member], bool) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut scratch = Scratch::default();
    sweep::<ONE>(&Lines::rows(g), g.border(), &mut scratch, &mut visit)?;
    // Checked columns are read as lines of a column-major copy of the kinds, made when needed: a
    // full board has no corridor but on the ring.
    let full = g.remaining() == g.rows() * g.cols();
    let transposed = (wants_checks::<ONE>(g.rows()) && !full).then(|| transpose(g.kinds(), g.rows(), g.cols()));
    sweep::<ONE>(&Lines::cols(g, transposed.as_deref()), g.border(), &mut scratch, &mut visit)
}

/// `kinds` (row-major, `rows x cols`) in column-major order, copied in square tiles so that
/// both sides stay in cache.
fn transpose(kinds: &[u16], rows: usize, cols: usize) -> Vec<u16> {
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

/// Bit `j` set when `values[j]` (at most 64 of them) is not 0.
#[inline]
fn nonzero_bits(values: &[u16]) -> u64 {
    let mut bits = 0;
    for (g, eight) in values.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        for (b, &v) in bytes.iter_mut().zip(eight) {
            *b = (v != 0) as u8;
        }
        // The multiply gathers the low bit of byte k into bit 56 + k, with no carries.
        let gathered = u64::from_le_bytes(bytes).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        bits |= gathered << (8 * g);
    }
    bits
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

/// Fills `below` and `below_line` for lines `first ..` (one block): the kind and line of the
/// nearest tile below each position (kind 0 and line `n` when there is none).
fn fill_below(v: &Lines<'_>, first: usize, below: &mut [u16], below_line: &mut [u32]) {
    let len = v.len;
    let lines = BLOCK.min(v.n - first);
    let after = first + lines;
    let last = (lines - 1) * len..lines * len;
    for (p, (k, l)) in below[last.clone()].iter_mut().zip(&mut below_line[last]).enumerate() {
        let q = if after < v.n { v.cross.next_set(p, after) } else { None };
        *k = q.map_or(0, |q| v.kind(q, p));
        *l = q.unwrap_or(v.n) as u32;
    }
    for j in (0..lines - 1).rev() {
        let line = v.line(first + j + 1);
        let (this, next) = below[j * len..(j + 2) * len].split_at_mut(len);
        for ((k, &nk), &t) in this.iter_mut().zip(next.iter()).zip(line) {
            *k = t | (nk & ((t == 0) as u16).wrapping_neg());
        }
        let (this, next) = below_line[j * len..(j + 2) * len].split_at_mut(len);
        let at = (first + j + 1) as u32;
        for ((l, &nl), &t) in this.iter_mut().zip(next.iter()).zip(line) {
            let keep = ((t == 0) as u32).wrapping_neg();
            *l = (nl & keep) | (at & !keep);
        }
    }
}

/// Sets `flag[p]` for the empty cells `p` of a line: `SURE` when the run there holds two members
/// of one kind found by the local checks, `LONG_RUN` when the run is `LONG` or longer.
#[allow(clippy::too_many_arguments)]
fn flag_line(
    v: &Lines<'_>,
    row: &[u16],
    up: &[u16],
    down: &[u16],
    left: &mut [u16],
    right: &mut [u16],
    open: &mut [u16],
    flag: &mut [u16],
) {
    let len = row.len();
    for (o, &k) in open.iter_mut().zip(row) {
        *o = (k == 0) as u16;
    }
    if v.cells {
        // The end tiles of each cell's run, then the four members around each cell.
        let mut last = 0;
        for (l, &k) in left.iter_mut().zip(row) {
            *l = last;
            last = k | (last & ((k == 0) as u16).wrapping_neg());
        }
        let mut last = 0;
        for (r, &k) in right.iter_mut().zip(row).rev() {
            *r = last;
            last = k | (last & ((k == 0) as u16).wrapping_neg());
        }
        for p in 0..len {
            let (l, r, u, d) = (left[p], right[p], up[p], down[p]);
            let hit = same(l, r) | same(u, d) | same(l, u) | same(l, d) | same(r, u) | same(r, d);
            flag[p] = open[p] & (hit as u16 * SURE);
        }
    } else {
        flag.fill(0);
    }
    // Members above and below two cells `d` apart in one run: `open[p]` says that `p ..= p + d`
    // are all empty.
    for d in 1..LONG {
        if d >= len {
            open.fill(0);
            break;
        }
        let m = len - d;
        let (o, f) = (&mut open[..m], &mut flag[..m]);
        let (u0, d0, u1, d1, k1) = (&up[..m], &down[..m], &up[d..], &down[d..], &row[d..]);
        for p in 0..m {
            o[p] &= (k1[p] == 0) as u16;
            let hit = same(u0[p], u1[p]) | same(u0[p], d1[p]) | same(d0[p], u1[p]) | same(d0[p], d1[p]);
            f[p] |= o[p] & (hit as u16 * SURE);
        }
        open[m..].fill(0);
    }
    // `open[p]` now says that `p ..= p + LONG - 1` are empty: a long run.
    for (f, &o) in flag.iter_mut().zip(open.iter()) {
        *f |= o * LONG_RUN;
    }
}

/// The members of a big group sorted, which puts them in order of kind and, within a kind, of
/// tile (a member is its kind above its tile): each kind's tiles are then one run.
fn sorted<'a>(members: &[Member], scratch: &'a mut Vec<Member>) -> &'a [Member] {
    scratch.clear();
    scratch.extend_from_slice(members);
    scratch.sort_unstable();
    scratch
}

/// The runs of one kind, of two members or more, of sorted members.
fn kind_runs(sorted: &[Member]) -> impl Iterator<Item = &[Member]> {
    sorted.chunk_by(|x, y| kind(*x) == kind(*y)).filter(|run| run.len() >= 2)
}

/// Do two members of a group share a kind? Stops at the first such group.
fn has_pair(g: &Grid) -> bool {
    if has_adjacent_pair::<false>(g) {
        return true;
    }
    let mut scratch = Vec::new();
    for_each_group::<false>(g, |members, sure| {
        if sure || has_repeat(members, &mut scratch) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

/// Do two members share a kind?
fn has_repeat(members: &[Member], scratch: &mut Vec<Member>) -> bool {
    if members.len() <= SMALL {
        return has_repeat_small(members);
    }
    kind_runs(sorted(members, scratch)).next().is_some()
}

/// Do two of these members (at most `SMALL`) share a kind? A bit per kind (modulo 64) marks the
/// kinds seen; a member whose bit is already set is compared with the ones before it.
#[inline]
fn has_repeat_small(members: &[Member]) -> bool {
    let mut seen = 0u64;
    for (i, &m) in members.iter().enumerate() {
        let bit = 1u64 << (kind(m) & 63);
        if seen & bit != 0 && members[..i].iter().any(|&x| kind(x) == kind(m)) {
            return true;
        }
        seen |= bit;
    }
    false
}

/// Finds the smallest linking pair tile by tile from the top: the first tile, in row-major
/// order, that links to a later one, and the smallest such partner. A tile's partners are the
/// later tiles of its kind among its right and lower neighbours and the members of the
/// corridors it belongs to: the runs it ends (left, right, above, below it) and, for each cell
/// of those runs, the run across that cell, of which it is a side tile. On a board in play
/// the first tiles settle it at once; `None` when `budget` member reads did not (a board with
/// few or no pairs), and the caller sweeps the whole board instead.
fn smallest_pair_from_the_top<const ONE: bool>(g: &Grid, budget: usize) -> Option<Option<(Tile, Tile)>> {
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

fn smallest_pair<const ONE: bool>(g: &Grid) -> Option<(Tile, Tile)> {
    let mut best: Option<(Tile, Tile)> = None;
    let _ = for_each_adjacent_pair::<ONE>(g, |a, b| {
        best = Some((a, b));
        ControlFlow::Break(())
    });
    let mut consider = |x: Tile, y: Tile| {
        let pair = (x.min(y), x.max(y));
        if best.is_none_or(|b| pair < b) {
            best = Some(pair);
        }
    };
    let mut scratch = Vec::new();
    let _ = for_each_group::<ONE>(g, |members, _| {
        if members.len() <= SMALL {
            small_pairs(members, &mut consider);
        } else {
            // The smallest pair of a kind is its two smallest tiles.
            for run in kind_runs(sorted(members, &mut scratch)) {
                consider(tile(run[0]), tile(run[1]));
            }
        }
        ControlFlow::Continue(())
    });
    best
}

/// Calls `f(x, y)` for every two members `x` before `y` (of at most `SMALL`) of one kind. A bit
/// per kind (modulo 64) marks the kinds seen so far; only a member whose bit is already set is
/// compared with the ones before it.
#[inline]
fn small_pairs(members: &[Member], mut f: impl FnMut(Tile, Tile)) {
    let mut seen = 0u64;
    for (i, &m) in members.iter().enumerate() {
        let bit = 1u64 << (kind(m) & 63);
        if seen & bit != 0 {
            for &x in members[..i].iter().filter(|&&x| kind(x) == kind(m)) {
                f(tile(x), tile(m));
            }
        }
        seen |= bit;
    }
}

/// Pair keys `a << shift | b` (`a < b`) hold both tiles of any board in one `u64`.
fn key_shift(g: &Grid) -> u32 {
    usize::BITS - (g.rows() * g.cols()).leading_zeros()
}

/// Keys of every linking pair that is not two 4-neighbours, sorted, without repeats.
fn corridor_pairs(g: &Grid, shift: u32) -> Vec<u64> {
    let cols = g.cols() as Tile;
    let mut keys: Vec<u64> = Vec::new();
    // Repeats can outnumber distinct pairs; dropping them now and then bounds the memory.
    let mut limit = 1usize << 22;
    let emit = |keys: &mut Vec<u64>, x: Tile, y: Tile| {
        let (a, b) = (x.min(y), x.max(y));
        if !(b - a == cols || (b - a == 1 && b % cols != 0)) {
            keys.push((a as u64) << shift | b as u64);
        }
    };
    let mut scratch = Vec::new();
    let _ = for_each_group::<false>(g, |members, _| {
        if members.len() <= SMALL {
            small_pairs(members, |x, y| emit(&mut keys, x, y));
        } else {
            for run in kind_runs(sorted(members, &mut scratch)) {
                for (i, &x) in run.iter().enumerate() {
                    for &y in &run[i + 1..] {
                        emit(&mut keys, tile(x), tile(y));
                    }
                }
            }
        }
        if keys.len() >= limit {
            sort_dedup(&mut keys);
            limit = limit.max(2 * keys.len());
        }
        ControlFlow::Continue(())
    });
    sort_dedup(&mut keys);
    keys
}

/// Sorts `keys` and drops repeats.
fn sort_dedup(keys: &mut Vec<u64>) {
    if keys.len() < 1 << 12 {
        keys.sort_unstable();
    } else {
        radix_sort(keys);
    }
    keys.dedup();
}

/// Least-significant-digit radix sort over the bits the keys use, 11 bits a pass.
fn radix_sort(keys: &mut Vec<u64>) {
    const BITS: u32 = 11;
    const BUCKETS: usize = 1 << BITS;
    let used = keys.iter().fold(0, |all, &k| all | k);
    let mut other = vec![0u64; keys.len()];
    let mut shift = 0;
    while shift < u64::BITS && used >> shift != 0 {
        let mut start = [0usize; BUCKETS];
        for &k in keys.iter() {
            start[(k >> shift) as usize & (BUCKETS - 1)] += 1;
        }
        if start.contains(&keys.len()) {
            // Every key has this digit: nothing to move.
            shift += BITS;
            continue;
        }
        let mut total = 0;
        for slot in start.iter_mut() {
            let count = *slot;
            *slot = total;
            total += count;
        }
        for &k in keys.iter() {
            let digit = (k >> shift) as usize & (BUCKETS - 1);
            other[start[digit]] = k;
            start[digit] += 1;
        }
        std::mem::swap(keys, &mut other);
        shift += BITS;
    }
}

/// Is there at least one linking pair? Stops at the first.
pub fn has_move(g: &Grid) -> bool {
    g.remaining() >= 2 && has_pair(g)
}

/// Tiles remain and none can be linked.
pub fn is_deadlocked(g: &Grid) -> bool {
    g.remaining() > 0 && !has_move(g)
}

/// The smallest linking pair in row-major order, `moves()[0]`.
pub fn hint(g: &Grid) -> Option<(Tile, Tile)> {
    if g.remaining() < 2 {
        return None;
    }
    smallest_pair_from_the_top::<false>(g, top_budget(g)).unwrap_or_else(|| smallest_pair::<false>(g))
}

/// Members the search from the top may read before the whole board is swept instead: a few
/// lines' worth, a fraction of a sweep.
fn top_budget(g: &Grid) -> usize {
    tests::top_budget().unwrap_or(8 * (g.rows() + g.cols()) + 256)
}

/// The smallest pair of tiles that would link if they were of one kind: whether cells link
/// depends only on which cells are empty.
pub fn positional_hint(g: &Grid) -> Option<(Tile, Tile)> {
    if g.remaining() < 2 {
        return None;
    }
    smallest_pair_from_the_top::<true>(g, top_budget(g)).unwrap_or_else(|| smallest_pair::<true>(g))
}

/// Every linking pair `(a, b)`, `a < b`, sorted.
pub fn moves(g: &Grid) -> Vec<(Tile, Tile)> {
    if g.remaining() < 2 {
        return Vec::new();
    }
    let shift = key_shift(g);
    let corridor = corridor_pairs(g, shift);
    let mut adjacent = Vec::new();
    let _ = for_each_adjacent_pair::<false>(g, |a, b| {
        adjacent.push((a as u64) << shift | b as u64);
        ControlFlow::Continue(())
    });
    // Two sorted lists with nothing in common: merge them.
    let mut out = Vec::with_capacity(adjacent.len() + corridor.len());
    let (mut i, mut j) = (0, 0);
    while i < adjacent.len() || j < corridor.len() {
        let key = if j == corridor.len() || (i < adjacent.len() && adjacent[i] < corridor[j]) {
            i += 1;
            adjacent[i - 1]
        } else {
            j += 1;
            corridor[j - 1]
        };
        out.push(((key >> shift) as Tile, (key & ((1 << shift) - 1)) as Tile));
    }
    out
}

/// The number of linking pairs.
pub fn move_count(g: &Grid) -> usize {
    if g.remaining() < 2 {
        return 0;
    }
    count_adjacent_pairs(g) + corridor_pairs(g, key_shift(g)).len()
}

#[cfg(not(test))]
mod tests {
    /// Tests may make every line checked, or none.
    #[inline(always)]
    pub fn force_checked() -> Option<bool> {
        None
    }

    /// Tests may set the budget of the hint's search from the top (0: always sweep).
    #[inline(always)]
    pub fn top_budget() -> Option<usize> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell as Knob;

    thread_local! {
        static FORCE_CHECKED: Knob<Option<bool>> = const { Knob::new(None) };
        static TOP_BUDGET: Knob<Option<usize>> = const { Knob::new(None) };
    }

    pub fn force_checked() -> Option<bool> {
        FORCE_CHECKED.with(Knob::get)
    }

    pub fn top_budget() -> Option<usize> {
        TOP_BUDGET.with(Knob::get)
    }

    /// Runs `f` three ways: every line checked at once and the hint searched from the top
    /// without a limit; every line read run by run and the hint from a sweep; the defaults.
    fn both_ways(mut f: impl FnMut(&str)) {
        for (force, budget, label) in
            [(Some(true), Some(usize::MAX), "checked, from the top"), (Some(false), Some(0), "run by run, swept")]
        {
            FORCE_CHECKED.with(|c| c.set(force));
            TOP_BUDGET.with(|c| c.set(budget));
            f(label);
        }
        FORCE_CHECKED.with(|c| c.set(None));
        TOP_BUDGET.with(|c| c.set(None));
        f("defaults");
    }
    use crate::grid::Cell;
    use crate::path::best_path;
    use crate::reference::{random_grid, reference_moves};
    use crate::rng::SplitMix64;

    fn cells(g: &Grid, pairs: &[(Tile, Tile)]) -> Vec<(Cell, Cell)> {
        let c = g.cols() as u32;
        let cell = |t: Tile| ((t / c) as i32, (t % c) as i32);
        pairs.iter().map(|&(a, b)| (cell(a), cell(b))).collect()
    }

    #[test]
    fn matches_testing_every_pair_on_random_boards() {
        let mut rng = SplitMix64::new(77);
        let mut total = 0;
        for case in 0..4000 {
            let g = random_grid(&mut rng, case);
            let want = reference_moves(&g);
            let mut one = g.clone();
            for t in (0..g.kinds().len()).filter(|&t| g.kinds()[t] != 0) {
                one.set(t, 1);
            }
            let positional = reference_moves(&one).first().map(|&(a, b)| (one.index(a) as Tile, one.index(b) as Tile));
            both_ways(|how| {
                let got = moves(&g);
                assert_eq!(cells(&g, &got), want, "case {case} {how}: {g:?}");
                assert_eq!(move_count(&g), want.len(), "{how}");
                assert_eq!(hint(&g).map(|h| cells(&g, &[h])[0]), want.first().copied(), "{how}");
                assert_eq!(has_move(&g), !want.is_empty(), "{how}");
                assert_eq!(is_deadlocked(&g), g.remaining() > 0 && want.is_empty(), "{how}");
                assert_eq!(positional_hint(&g), positional, "{how}");
            });
            total += want.len();
        }
        assert!(total > 20_000, "too few moves exercised: {total}");
    }

    /// Every pair of tiles of one kind that a path query links, sorted.
    fn linking_pairs(g: &Grid) -> Vec<(Tile, Tile)> {
        let mut by_kind: Vec<Vec<usize>> = vec![Vec::new(); g.max_kind() as usize + 1];
        for (i, &k) in g.kinds().iter().enumerate() {
            by_kind[k as usize].push(i);
        }
        let mut want = Vec::new();
        for tiles in &by_kind[1..] {
            for (n, &a) in tiles.iter().enumerate() {
                for &b in &tiles[n + 1..] {
                    if best_path(g, g.cell(a), g.cell(b)).is_some() {
                        want.push((a as Tile, b as Tile));
                    }
                }
            }
        }
        want.sort_unstable();
        want
    }

    /// The scan against path queries on boards of `rows x cols` up to `size`: big enough for
    /// long corridors, tall stacks, big groups and the radix sort.
    /// Returns the number of linking pairs seen.
    fn check_bigger_boards(seed: u64, cases: usize, size: u64) -> usize {
        let mut rng = SplitMix64::new(seed);
        let mut total = 0;
        for case in 0..cases {
            let rows = 1 + rng.below(size) as usize;
            let cols = 1 + rng.below(size) as usize;
            let density = [2, 10, 30, 60, 90, 100][case % 6];
            let kinds_n = [1, 3, 40, 400][case % 4].min(1 + rows as u64 * cols as u64 / 50);
            let kinds: Vec<u16> = (0..rows * cols)
                .map(|_| if rng.below(100) < density { 1 + rng.below(kinds_n) as u16 } else { 0 })
                .collect();
            let g = Grid::new(rows, cols, kinds, case % 3 != 0).unwrap();
            let want = linking_pairs(&g);
            both_ways(|how| {
                let got = moves(&g);
                assert!(got == want, "case {case} {how}: {rows}x{cols} density {density} kinds {kinds_n}");
                assert_eq!(move_count(&g), want.len(), "case {case} {how}");
                assert_eq!(hint(&g), want.first().copied(), "case {case} {how}");
                assert_eq!(has_move(&g), !want.is_empty(), "case {case} {how}");
            });
            let mut one = g.clone();
            let tiles: Vec<usize> = (0..rows * cols).filter(|&i| g.kinds()[i] != 0).collect();
            for &t in &tiles {
                one.set(t, 1);
            }
            let positional = tiles.iter().enumerate().find_map(|(n, &a)| {
                let b = tiles[n + 1..].iter().find(|&&b| best_path(&one, g.cell(a), g.cell(b)).is_some())?;
                Some((a as Tile, *b as Tile))
            });
            both_ways(|how| assert_eq!(positional_hint(&g), positional, "case {case} {how}"));
            total += want.len();
        }
        total
    }

    #[test]
    fn matches_path_queries_on_bigger_boards() {
        let total = check_bigger_boards(5, 80, 90);
        assert!(total > 200_000, "too few moves exercised: {total}");
    }

    #[test]
    fn matches_path_queries_on_big_boards() {
        let total = check_bigger_boards(6, 12, 260);
        assert!(total > 100_000, "too few moves exercised: {total}");
    }

    #[test]
    fn ring_links_edge_tiles_only_with_a_border() {
        let kinds = vec![1, 2, 1, 3, 4, 3, 5, 6, 5];
        // The 1s go round the top, the 5s round the bottom; the 3s would need four turns.
        let g = Grid::new(3, 3, kinds.clone(), true).unwrap();
        assert_eq!(moves(&g), vec![(0, 2), (6, 8)]);
        assert!(!is_deadlocked(&g));
        let g = Grid::new(3, 3, kinds, false).unwrap();
        assert_eq!(move_count(&g), 0);
        assert!(is_deadlocked(&g));
        assert_eq!(positional_hint(&g), Some((0, 1)));
    }

    #[test]
    fn empty_board_is_cleared_not_deadlocked() {
        let g = Grid::new(2, 2, vec![0; 4], true).unwrap();
        assert!(!is_deadlocked(&g));
        assert_eq!((hint(&g), move_count(&g), moves(&g)), (None, 0, vec![]));
    }

    #[test]
    fn nonzero_bits_marks_the_nonzero_values() {
        let mut rng = SplitMix64::new(9);
        for len in [0usize, 1, 7, 8, 9, 63, 64] {
            let values: Vec<u16> = (0..len).map(|_| rng.below(3) as u16 * 40_000).collect();
            let want = values.iter().enumerate().fold(0u64, |m, (j, &v)| m | ((v != 0) as u64) << j);
            assert_eq!(nonzero_bits(&values), want, "{values:?}");
        }
    }

    #[test]
    fn sort_dedup_matches_a_plain_sort() {
        let mut rng = SplitMix64::new(3);
        for (n, bits) in [(10, 8), (5000, 40), (20_000, 20), (70_000, 48), (9000, 64)] {
            let pool: Vec<u64> = (0..n / 2 + 1).map(|_| rng.next_u64() >> (64 - bits)).collect();
            let keys: Vec<u64> = (0..n).map(|_| pool[rng.below(pool.len() as u64) as usize]).collect();
            let mut want = keys.clone();
            want.sort_unstable();
            want.dedup();
            let mut got = keys;
            sort_dedup(&mut got);
            assert_eq!(got, want, "{n} keys of {bits} bits");
        }
    }
}

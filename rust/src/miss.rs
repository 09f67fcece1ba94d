//! The near miss: for two tiles of one kind that do not link, the best path that joins them with
//! exactly three turns (docs/engine.md), by the path's order: fewest steps, then the smallest
//! corners read from the smaller endpoint. The game shows it when it refuses a click.
//!
//! A three-turn path is a leg from `a` along its line to `(al, s)`, a leg across to `(t, s)`, a
//! leg along line `t` to `(t, bp)` and a leg across to `b` (lines are rows, or columns for the
//! other family). The `s` that `a`'s first leg reaches are a set of bits; sweeping `t` away from
//! `a`'s line, one AND with each line's occupancy keeps those whose second leg is still clear,
//! word-parallel; at each `t` that `b` reaches across, the best `s` of that set within `b`'s
//! run along line `t` is a bit scan. Each family sweeps each line at most once, an AND of the
//! set's live words and a run lookup: `O(rows * cols / 64)` word operations on an open board at
//! worst, a few lines on a board in play (the set empties as soon as every leg across meets a
//! tile), after `best_path`'s `O(rows + cols)`. Nothing is allocated: the set lives on the
//! stack, 4096 positions at a time.

use crate::bits::BitLines;
use crate::grid::{Cell, Grid};
use crate::path::best_path;

/// A three-turn path: its five corners from the first cell to the second (ring cells included)
/// and its length in unit steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearMiss {
    corners: [Cell; 5],
    pub length: u32,
}

impl NearMiss {
    pub const TURNS: u8 = 3;

    /// The path through these corners (consecutive corners aligned).
    pub(crate) fn from_corners(corners: [Cell; 5]) -> Self {
        let length =
            corners.windows(2).map(|w| (w[0].0 - w[1].0).unsigned_abs() + (w[0].1 - w[1].1).unsigned_abs()).sum();
        NearMiss { corners, length }
    }

    /// Start, the three turning cells, end.
    pub fn corners(&self) -> &[Cell; 5] {
        &self.corners
    }

    fn reversed(mut self) -> Self {
        self.corners.reverse();
        self
    }
}

/// The best three-turn path joining `a` and `b`, or `None`: when they are not two tiles of one
/// kind (same cell, off the board, empty, different kinds), when they link (`best_path` has
/// their path), or when three turns cannot join them either.
pub fn near_miss(g: &Grid, a: Cell, b: Cell) -> Option<NearMiss> {
    if a == b || !g.contains(a) || !g.contains(b) {
        return None;
    }
    let kind = g.kind(a);
    if kind == 0 || kind != g.kind(b) || best_path(g, a, b).is_some() {
        return None;
    }
    // Read from the smaller endpoint, as paths are, so that near_miss(b, a) is the reverse.
    if b < a {
        return ordered::<CHUNK_WORDS>(g, b, a).map(NearMiss::reversed);
    }
    ordered::<CHUNK_WORDS>(g, a, b)
}

/// `a < b`, two tiles that do not link; the sweep's sets hold `64 * W` positions at a time.
fn ordered<const W: usize>(g: &Grid, a: Cell, b: Cell) -> Option<NearMiss> {
    let first_along_row = Frame { g, transposed: false }.best::<W>(a, b);
    let first_along_column = Frame { g, transposed: true }.best::<W>(a, b);
    match (first_along_row, first_along_column) {
        // Equal lengths: the second corner decides ((ar, s) against (y, ac): never equal).
        (Some(h), Some(v)) => Some(if (v.length, v.corners) < (h.length, h.corners) { v } else { h }),
        (h, v) => h.or(v),
    }
}

/// The board as lines and positions along them: rows and columns, or, transposed, columns and
/// rows. A path's first and third legs run along lines, its second and fourth across them.
#[derive(Clone, Copy)]
struct Frame<'g> {
    g: &'g Grid,
    transposed: bool,
}

/// A candidate in one frame: (length, s, t). Within a frame the corners `a, (al, s), (t, s),
/// (t, bp), b` compare as `(s, t)` do, in either frame.
type Key = (u32, i32, i32);

impl Frame<'_> {
    /// `(line, position)` of a cell, and back (the same swap).
    fn swap(&self, (r, c): Cell) -> (i32, i32) {
        if self.transposed {
            (c, r)
        } else {
            (r, c)
        }
    }

    fn lines(&self) -> i32 {
        (if self.transposed { self.g.cols() } else { self.g.rows() }) as i32
    }

    fn bits(&self) -> &BitLines {
        if self.transposed {
            self.g.col_bits()
        } else {
            self.g.row_bits()
        }
    }

    /// The ends of the empty run along line `l` through position `p` (on the board), `p`
    /// itself not counted. A ring line is empty end to end.
    fn along(&self, l: i32, p: i32) -> (i32, i32) {
        if !(0..self.lines()).contains(&l) {
            let positions = (if self.transposed { self.g.rows() } else { self.g.cols() }) as i32;
            return (-1, positions);
        }
        let (r, c) = self.swap((l, p));
        let (r, c) = (r as usize, c as usize);
        if self.transposed {
            (self.g.up_end(r, c), self.g.down_end(r, c))
        } else {
            (self.g.left_end(r, c), self.g.right_end(r, c))
        }
    }

    /// The ends of the empty run across the lines through the cell at `(l, p)` (on the board).
    fn across(&self, l: i32, p: i32) -> (i32, i32) {
        let (r, c) = self.swap((l, p));
        let (r, c) = (r as usize, c as usize);
        if self.transposed {
            (self.g.left_end(r, c), self.g.right_end(r, c))
        } else {
            (self.g.up_end(r, c), self.g.down_end(r, c))
        }
    }

    /// The best path of this frame, `a, (al, s), (t, s), (t, bp), b`, by (length, s, t).
    fn best<const W: usize>(&self, a: Cell, b: Cell) -> Option<NearMiss> {
        let ((al, ap), (bl, bp)) = (self.swap(a), self.swap(b));
        // The lines the third leg may take: b's reach across, but b's own line (on a board in
        // play, often nothing is left: then there is no path of this family).
        let (t_lo, t_hi) = self.across(bl, bp);
        let reach = (t_lo + (t_lo == bl) as i32, t_hi - (t_hi == bl) as i32);
        if reach.0 > reach.1 {
            return None;
        }
        let (lo, hi) = self.along(al, ap);
        let mut best = None;
        let mut base = lo;
        while base <= hi {
            let top = hi.min(base + 64 * W as i32 - 1);
            for step in [-1, 1] {
                // The first leg is a leg: not a's own position (which would only make the set
                // live longer: a path from it would be a link of two turns, and there is none).
                let mut set = Chunk::<W>::new(base, top);
                set.remove(ap);
                if !set.is_empty() {
                    self.sweep(&mut set, (al, ap), (bl, bp), step, reach, &mut best);
                }
            }
            base = top + 1;
        }
        best.map(|(_, s, t)| {
            let cell = |l, p| self.swap((l, p));
            NearMiss::from_corners([a, cell(al, s), cell(t, s), cell(t, bp), b])
        })
    }

    /// Lines `t = al + step, al + 2 step, ...` up to the far end of the third leg's lines
    /// (`t_lo..=t_hi`, `bl` inside them excluded): `set` keeps the positions whose leg across
    /// from line `al` to line `t` is clear; at each `t` in reach, the best of them within `b`'s
    /// run along `t` is a candidate. Stops when the set is empty or no further line can be as
    /// short as `best`.
    fn sweep<const W: usize>(
        &self,
        set: &mut Chunk<W>,
        (al, ap): (i32, i32),
        (bl, bp): (i32, i32),
        step: i32,
        (t_lo, t_hi): (i32, i32),
        best: &mut Option<Key>,
    ) {
        let (near, far) = (ap.min(bp), ap.max(bp));
        let mut t = al + step;
        while (t_lo..=t_hi).contains(&t) || (step > 0 && t < t_lo) || (step < 0 && t > t_hi) {
            // The legs across cost |al - t| + |t - bl|, which never falls as t moves away from
            // al; the legs along cost at least |ap - bp|.
            let across = (al - t).unsigned_abs() + (t - bl).unsigned_abs();
            if best.is_some_and(|(length, _, _)| across + (far - near) as u32 > length) {
                return;
            }
            if (0..self.lines()).contains(&t) {
                set.keep_clear(self.bits(), t as usize);
                if set.is_empty() {
                    return;
                }
            }
            if t != bl && (t_lo..=t_hi).contains(&t) {
                let (left, right) = self.along(t, bp);
                if let Some(s) = set.nearest(left, right, near, far) {
                    let key = (across + (ap - s).unsigned_abs() + (s - bp).unsigned_abs(), s, t);
                    if best.is_none_or(|b| key < b) {
                        *best = Some(key);
                    }
                }
            }
            t += step;
        }
    }
}

/// Words of a sweep's set: 4096 positions, 512 bytes on the stack. A run longer than that (on
/// a board over 4094 cells wide or tall) is swept once per 4096 positions.
const CHUNK_WORDS: usize = 64;

/// A set of positions `base..base + 64 * W` (position `-1`, the ring, included), a bit each,
/// on the stack; words `first..end` are the ones that may still hold a position.
struct Chunk<const W: usize> {
    base: i32,
    words: [u64; W],
    first: usize,
    end: usize,
}

impl<const W: usize> Chunk<W> {
    /// Positions `base..=top`.
    fn new(base: i32, top: i32) -> Self {
        let n = (top - base + 1) as usize;
        let mut words = [0u64; W];
        for (i, w) in words.iter_mut().enumerate().take(n.div_ceil(64)) {
            let bits = n - 64 * i;
            *w = if bits >= 64 { !0 } else { (1 << bits) - 1 };
        }
        Chunk { base, words, first: 0, end: n.div_ceil(64) }
    }

    /// Drops position `p` from the set (nothing when `p` is outside the chunk).
    fn remove(&mut self, p: i32) {
        let i = p - self.base;
        if (0..64 * W as i32).contains(&i) {
            self.words[i as usize / 64] &= !(1 << (i % 64));
        }
        self.shrink();
    }

    fn is_empty(&self) -> bool {
        self.first == self.end
    }

    /// Drops the positions where `line` of `bits` holds a tile.
    fn keep_clear(&mut self, bits: &BitLines, line: usize) {
        for i in self.first..self.end {
            self.words[i] &= !bits.window(line, self.base as i64 + 64 * i as i64);
        }
        self.shrink();
    }

    /// Words `first..end` narrowed to the ones that still hold a position.
    fn shrink(&mut self) {
        while self.first < self.end && self.words[self.first] == 0 {
            self.first += 1;
        }
        while self.end > self.first && self.words[self.end - 1] == 0 {
            self.end -= 1;
        }
    }

    /// The positions `lo..=hi` (clipped to the chunk) as word-index bounds and masks.
    fn clip(&self, lo: i32, hi: i32) -> Option<(usize, usize)> {
        let lo = (lo - self.base).max(0).max(64 * self.first as i32);
        let hi = (hi - self.base).min(64 * self.end as i32 - 1);
        (lo <= hi).then_some((lo as usize, hi as usize))
    }

    fn masked(&self, i: usize, lo: usize, hi: usize) -> u64 {
        let from = if i == lo / 64 { !0u64 << (lo % 64) } else { !0 };
        let to = if i == hi / 64 { !0u64 >> (63 - hi % 64) } else { !0 };
        self.words[i] & from & to
    }

    /// The smallest position of the set in `lo..=hi`.
    fn first_in(&self, lo: i32, hi: i32) -> Option<i32> {
        let (lo, hi) = self.clip(lo, hi)?;
        (lo / 64..=hi / 64).find_map(|i| {
            let w = self.masked(i, lo, hi);
            (w != 0).then(|| self.base + (64 * i) as i32 + w.trailing_zeros() as i32)
        })
    }

    /// The largest position of the set in `lo..=hi`.
    fn last_in(&self, lo: i32, hi: i32) -> Option<i32> {
        let (lo, hi) = self.clip(lo, hi)?;
        (lo / 64..=hi / 64).rev().find_map(|i| {
            let w = self.masked(i, lo, hi);
            (w != 0).then(|| self.base + (64 * i) as i32 + 63 - w.leading_zeros() as i32)
        })
    }

    /// The position of the set in `lo..=hi` nearest `near..=far` (every position there is as
    /// near), the smaller one among equals.
    fn nearest(&self, lo: i32, hi: i32, near: i32, far: i32) -> Option<i32> {
        if let Some(s) = self.first_in(lo.max(near), hi.min(far)) {
            return Some(s);
        }
        match (self.last_in(lo, hi.min(near - 1)), self.first_in(lo.max(far + 1), hi)) {
            (Some(below), Some(above)) => Some(if near - below <= above - far { below } else { above }),
            (below, above) => below.or(above),
        }
    }
}

#[cfg(test)]
mod tests;

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
mod tests {
    use super::*;
    use crate::reference::{bfs_turns_steps, grid_of as grid, random_grid, reference_near_miss};
    use crate::rng::SplitMix64;

    #[test]
    fn three_turns_where_two_do_not_reach() {
        // The 1s: (0, 0) leaves by (0, 1) only, (2, 3) by (1, 3) only; the ring changes nothing.
        for border in [false, true] {
            let g = grid(&[&[1, 0, 3, 3], &[3, 0, 0, 0], &[3, 3, 3, 1]], border);
            assert_eq!(best_path(&g, (0, 0), (2, 3)), None);
            let m = near_miss(&g, (0, 0), (2, 3)).unwrap();
            assert_eq!((m.corners(), m.length), (&[(0, 0), (0, 1), (1, 1), (1, 3), (2, 3)], 5));
        }
    }

    #[test]
    fn refuses_pairs_that_link_or_are_not_pairs() {
        let g = grid(&[&[1, 0, 1], &[0, 0, 0]], false);
        assert!(reference_near_miss(&g, (0, 0), (0, 2)).is_none()); // links, by the reference too
        assert_eq!(near_miss(&g, (0, 0), (0, 2)), None); // links: not a miss, though three turns would do
        let g = grid(&[&[1, 1, 2], &[0, 0, 0], &[2, 3, 1]], false);
        assert_eq!(near_miss(&g, (0, 0), (0, 0)), None);
        assert_eq!(near_miss(&g, (0, 0), (2, 1)), None); // two kinds
        assert_eq!(near_miss(&g, (1, 0), (1, 1)), None); // empty
        assert_eq!(near_miss(&g, (0, 0), (9, 9)), None);
        assert_eq!(near_miss(&g, (-1, 0), (0, 0)), None);
        // Walled in: not even three turns.
        let g = grid(&[&[1, 2, 1], &[2, 2, 2]], false);
        assert_eq!(near_miss(&g, (0, 0), (0, 2)), None);
    }

    #[test]
    fn the_smallest_corners_from_the_smaller_end_win_and_the_reverse_is_reversed() {
        // Two paths of 9 steps join the 1s: up and round the ring's left side (second corner
        // (-1, 1)), or right to the ring, down and back along row 3 (second corner (0, 3)).
        // Read from (0, 1), the smaller end, the first wins; read from (4, 0) it would lose.
        let g = grid(&[&[2, 1, 0], &[0, 3, 2], &[0, 0, 2], &[0, 0, 0], &[1, 3, 3]], true);
        let up = [(0, 1), (-1, 1), (-1, -1), (4, -1), (4, 0)];
        let m = near_miss(&g, (0, 1), (4, 0)).unwrap();
        assert_eq!((m.corners(), m.length), (&up, 9));
        let back = near_miss(&g, (4, 0), (0, 1)).unwrap();
        assert_eq!((back.corners(), back.length), (&m.reversed().corners, 9));
        assert_eq!(reference_near_miss(&g, (0, 1), (4, 0)), Some(m));
        // Round the ring's left side or its right, 8 steps each: the smaller corners, left.
        let g = grid(&[&[0, 1, 0], &[0, 1, 0], &[2, 1, 1]], true);
        let m = near_miss(&g, (0, 1), (2, 1)).unwrap();
        assert_eq!((m.corners(), m.length), (&[(0, 1), (0, -1), (3, -1), (3, 1), (2, 1)], 8));
    }

    /// A sweep's set drops exactly the position it is told to, in any word of the chunk, and
    /// nothing for a position outside it; a set whose last position goes is empty. (`near_miss`
    /// removes `a`'s own position, whose leg across could only make a link; keeping it would
    /// change no answer, only keep the sweep's set alive longer: this is the set's own contract.)
    #[test]
    fn a_chunk_drops_exactly_the_position_removed() {
        let gone = [-1, 40, 62, 63, 100];
        let mut set = Chunk::<2>::new(-1, 126);
        for p in gone.into_iter().chain([-2, 127, 500]) {
            set.remove(p);
        }
        let kept: Vec<i32> = (-1..=126).filter(|&p| set.first_in(p, p) == Some(p)).collect();
        assert_eq!(kept, (-1..=126).filter(|p| !gone.contains(p)).collect::<Vec<i32>>());
        let mut pair = Chunk::<1>::new(3, 4);
        pair.remove(3);
        assert!(!pair.is_empty());
        pair.remove(4);
        assert!(pair.is_empty(), "both positions removed");
    }

    #[test]
    fn long_runs_are_swept_a_chunk_at_a_time_with_the_same_answers() {
        // Boards far wider or taller than a chunk of one word (64 positions): the sets are
        // split at 64 positions, answers must not change; lengths are checked by the search.
        let mut rng = SplitMix64::new(5);
        let mut found = 0;
        for case in 0..60 {
            let (thin, long) = (2 + rng.below(6) as usize, 60 + rng.below(200) as usize);
            let (rows, cols) = if case % 2 == 0 { (thin, long) } else { (long, thin) };
            // Long lines each nearly empty, half full or nearly full, two kinds: long empty
            // runs, and pairs that need three turns.
            let density: Vec<u64> = (0..thin).map(|_| [2, 50, 95][rng.below(3) as usize]).collect();
            let kinds = (0..rows * cols).map(|i| {
                let line = if case % 2 == 0 { i / cols } else { i % cols };
                if rng.below(100) < density[line] {
                    1 + rng.below(2) as u16
                } else {
                    0
                }
            });
            let g = Grid::new(rows, cols, kinds.collect(), case % 4 < 2).unwrap();
            let tiles: Vec<Cell> = (0..rows * cols).map(|i| g.cell(i)).filter(|&c| g.kind(c) != 0).collect();
            for _ in 0..300 {
                let a = tiles[rng.below(tiles.len() as u64) as usize];
                let b = tiles[rng.below(tiles.len() as u64) as usize];
                if a == b || g.kind(a) != g.kind(b) || best_path(&g, a, b).is_some() {
                    continue;
                }
                let (lo, hi) = (a.min(b), a.max(b));
                let whole = ordered::<CHUNK_WORDS>(&g, lo, hi);
                assert_eq!(ordered::<1>(&g, lo, hi), whole, "case {case} {a:?}->{b:?}");
                assert_eq!(whole.map(|m| (3, m.length)), bfs_turns_steps(&g, a, b, 3), "case {case}");
                found += whole.is_some() as usize;
            }
        }
        assert!(found > 300, "too few near misses: {found}");
    }

    #[test]
    fn matches_the_brute_force_reference_on_random_boards() {
        let mut rng = SplitMix64::new(77);
        let (mut found, mut blocked) = (0, 0);
        for case in 0..2000 {
            let g = random_grid(&mut rng, case);
            let cells: Vec<Cell> =
                (0..g.rows() as i32).flat_map(|r| (0..g.cols() as i32).map(move |c| (r, c))).collect();
            for &a in &cells {
                for &b in &cells {
                    let want = reference_near_miss(&g, a, b);
                    let got = near_miss(&g, a, b);
                    assert_eq!(got, want, "case {case} {a:?}->{b:?} on {g:?}");
                    let pair = a != b && g.kind(a) != 0 && g.kind(a) == g.kind(b);
                    if pair && best_path(&g, a, b).is_none() {
                        let bfs = bfs_turns_steps(&g, a, b, 3);
                        assert_eq!(got.map(|m| (NearMiss::TURNS, m.length)), bfs, "bfs case {case} {a:?}->{b:?}");
                        found += got.is_some() as usize;
                        blocked += got.is_none() as usize;
                    }
                }
            }
        }
        eprintln!("{found} {blocked}");
        assert!(found > 2_000 && blocked > 2_000, "too few pairs exercised: {found} near misses, {blocked} blocked");
    }
}

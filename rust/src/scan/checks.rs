//! The branch-free checks of whole lines that let the sweep skip most runs: per position, the
//! kinds of the tiles around each empty cell, blended with masks so that the compiler vectorises
//! them, flag the runs that hold two members of one kind. Only flagged runs (and long ones) are
//! then listed member by member.

use super::lines::Lines;
use super::sweep::{BLOCK, LONG};

/// `flag` bits: two members of the run share a kind; the run is long.
pub(super) const SURE: u16 = 1;
const LONG_RUN: u16 = 2;

/// Two members' kinds are one (and are members: kind 0 is nobody).
#[inline(always)]
fn same(a: u16, b: u16) -> bool {
    (a == b) & (a != 0)
}

/// Bit `j` set when `values[j]` (at most 64 of them) is not 0.
#[inline]
pub(super) fn nonzero_bits(values: &[u16]) -> u64 {
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

/// Fills `below` and `below_line` for lines `first ..` (one block): the kind and line of the
/// nearest tile below each position (kind 0 and line `n` when there is none).
pub(super) fn fill_below(v: &Lines<'_>, first: usize, below: &mut [u16], below_line: &mut [u32]) {
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
pub(super) fn flag_line(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn nonzero_bits_marks_the_nonzero_values() {
        let mut rng = SplitMix64::new(9);
        for len in [0usize, 1, 7, 8, 9, 63, 64] {
            let values: Vec<u16> = (0..len).map(|_| rng.below(3) as u16 * 30_000).collect();
            let want = values.iter().enumerate().fold(0u64, |m, (j, &v)| m | ((v != 0) as u64) << j);
            assert_eq!(nonzero_bits(&values), want, "{values:?}");
        }
    }
}

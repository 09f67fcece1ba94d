//! The move list's corridor pairs as `u64` keys, sorted and without repeats: a pair is often a
//! member pair of several corridors, and a radix sort drops the repeats of millions of keys
//! faster than a hash set or a comparison sort would.

use super::kinds::{kind_runs, small_pairs, sorted, SMALL};
use super::sweep::for_each_group;
use super::{tile, Tile};
use crate::grid::Grid;
use std::ops::ControlFlow;

/// Pair keys `a << shift | b` (`a < b`) hold both tiles of any board in one `u64`.
pub(super) fn key_shift(g: &Grid) -> u32 {
    usize::BITS - (g.rows() * g.cols()).leading_zeros()
}

/// Keys of every linking pair that is not two 4-neighbours, sorted, without repeats.
pub(super) fn corridor_pairs(g: &Grid, shift: u32) -> Vec<u64> {
    let mut keys = Vec::new();
    corridor_pairs_into(g, shift, &mut keys);
    keys
}

/// `corridor_pairs` into `keys` (cleared first), reusing its room.
pub(super) fn corridor_pairs_into(g: &Grid, shift: u32, keys: &mut Vec<u64>) {
    let cols = g.cols() as Tile;
    keys.clear();
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
            small_pairs(members, |x, y| emit(keys, x, y));
        } else {
            for run in kind_runs(sorted(members, &mut scratch)) {
                for (i, &x) in run.iter().enumerate() {
                    for &y in &run[i + 1..] {
                        emit(keys, tile(x), tile(y));
                    }
                }
            }
        }
        if keys.len() >= limit {
            sort_dedup(keys);
            limit = limit.max(2 * keys.len());
        }
        ControlFlow::Continue(())
    });
    sort_dedup(keys);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

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

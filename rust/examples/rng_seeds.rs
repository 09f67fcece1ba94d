//! Seeds for the tests of a rejection's redraws (tests/engine/test_pycore.py): SplitMix64 states
//! whose first draw for a bound is rejected by Lemire's method and whose second is rejected too
//! (`twice`), or lands exactly on the threshold, `2**64 % bound` (`edge`). Both come about too
//! seldom to meet by chance (about once in `(2**64 / threshold)**2` seeds), so the search starts
//! from the draws wanted and undoes the output function to the state that gives them.
//!
//! cargo run --release --example rng_seeds -- twice BOUND...   (each: about 2**32 tries)
//! cargo run --release --example rng_seeds -- edge LO HI        (every bound in LO..HI)
//!
//! Prints `bound threshold seed` a line, the seed being what `SplitMix64::new` takes.

use llk_core::rng::{mix, SplitMix64};
use std::thread;

const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The inverse of an odd number modulo 2**64 (Newton's iteration doubles the correct bits).
fn inverse(a: u64) -> u64 {
    let mut x = a;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

/// Undoes `z ^ (z >> shift)`.
fn unshift(y: u64, shift: u32) -> u64 {
    let mut x = y;
    for _ in 0..64 / shift + 1 {
        x = y ^ (x >> shift);
    }
    x
}

/// The state whose output is `out`: `mix` undone step by step.
fn unmix(out: u64) -> u64 {
    let z = unshift(out, 31).wrapping_mul(inverse(0x94D0_49BB_1331_11EB));
    let z = unshift(z, 27).wrapping_mul(inverse(0xBF58_476D_1CE4_E5B9));
    unshift(z, 30)
}

fn threshold(bound: u64) -> u64 {
    bound.wrapping_neg() % bound
}

/// The low word of a draw times the bound: Lemire's method rejects the draw when it is under
/// the threshold.
fn low(draw: u64, bound: u64) -> u64 {
    draw.wrapping_mul(bound)
}

/// The draws whose low word is `target` (`draw * bound == target` modulo 2**64): none unless
/// the target has the bound's factors of two, else one for each of them (2**30 for 3 * 2**30:
/// made one at a time).
fn draws_with_low(target: u64, bound: u64) -> impl Iterator<Item = u64> {
    let twos = bound.trailing_zeros();
    let count = if target.trailing_zeros() < twos { 0 } else { 1u64 << twos };
    let base = (target >> twos).wrapping_mul(inverse(bound >> twos)) & (u64::MAX >> twos);
    (0..count).map(move |high| base | high.checked_shl(64 - twos).unwrap_or(0))
}

/// Seeds whose first two draws for an odd bound are both rejected: each rejected first draw
/// (one for each low word under the threshold) tried, the draw after it tested.
fn twice(bound: u64) -> Vec<u64> {
    assert!(bound % 2 == 1, "twice: an odd bound");
    let (t, inv) = (threshold(bound), inverse(bound));
    let workers: Vec<_> = (0..2u64)
        .map(|part| {
            thread::spawn(move || {
                let mut seeds = Vec::new();
                for low_word in (part..t).step_by(2) {
                    let state = unmix(low_word.wrapping_mul(inv));
                    if low(mix(state.wrapping_add(GAMMA)), bound) < t {
                        seeds.push(state.wrapping_sub(GAMMA));
                    }
                }
                seeds
            })
        })
        .collect();
    workers.into_iter().flat_map(|w| w.join().expect("a worker")).collect()
}

/// Seeds whose first draw for a bound in `lo..hi` is rejected and whose second lands on the
/// threshold: each draw on the threshold tried, the draw before it tested.
fn edge(lo: u64, hi: u64) -> Vec<(u64, u64)> {
    let workers: Vec<_> = (0..2u64)
        .map(|part| {
            thread::spawn(move || {
                let mut found = Vec::new();
                for bound in (lo.max(2) + part..hi).step_by(2) {
                    let t = threshold(bound);
                    for second in draws_with_low(t, bound) {
                        let state = unmix(second);
                        if low(mix(state.wrapping_sub(GAMMA)), bound) < t {
                            found.push((bound, state.wrapping_sub(GAMMA.wrapping_mul(2))));
                        }
                    }
                }
                found
            })
        })
        .collect();
    workers.into_iter().flat_map(|w| w.join().expect("a worker")).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |s: &String| s.parse::<u64>().expect("a number");
    let found: Vec<(u64, u64)> = match args.get(1).map(String::as_str) {
        Some("twice") => args[2..]
            .iter()
            .map(number)
            .flat_map(|bound| twice(bound).into_iter().map(move |seed| (bound, seed)))
            .collect(),
        Some("edge") => edge(number(&args[2]), number(&args[3])),
        _ => panic!("usage: rng_seeds twice BOUND... | rng_seeds edge LO HI"),
    };
    for (bound, seed) in found {
        // Each seed checked by the generator itself before it is printed.
        let t = threshold(bound);
        let mut rng = SplitMix64::new(seed);
        let (first, second) = (rng.next_u64(), rng.next_u64());
        assert!(low(first, bound) < t && low(second, bound) <= t);
        println!("{bound} {t} {seed}");
    }
}

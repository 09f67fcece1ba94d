//! SplitMix64: the one PRNG of llk, mirrored bit for bit by `python/llk/_pycore/rng.py` so that a
//! seed gives the same board on both backends.

/// SplitMix64's output function (a bijection of `u64` that spreads every input bit over the
/// output): the generator applies it to its state; the solver's Zobrist keys, to a tile's
/// (cell, kind).
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64 (Steele, Lea and Flood), the state being the seed.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.state)
    }

    /// An unbiased integer in `0..n` (Lemire's multiply-and-reject); `n` must be at least 1.
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let mut m = self.next_u64() as u128 * n as u128;
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = self.next_u64() as u128 * n as u128;
            }
        }
        (m >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_outputs_for_seed_zero() {
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = SplitMix64::new(99);
        for n in [1u64, 2, 3, 7, 1000, u64::MAX] {
            for _ in 0..200 {
                assert!(r.below(n) < n);
            }
        }
        let mut seen = [false; 6];
        for _ in 0..600 {
            seen[r.below(6) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}

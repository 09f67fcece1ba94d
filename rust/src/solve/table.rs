//! The states proven dead, by 128-bit Zobrist key, in a table of bounded size.
//!
//! A table of buckets of eight keys, two cache lines each (aligned, so a look-up reads two
//! neighbouring lines, which the hardware's pair prefetcher fetches together), like a chess
//! engine's transposition table: a lookup reads one bucket, where a hash set read its control
//! bytes and then its slot (two misses a state once the table outgrew the cache: a third of a
//! long search's time). The keys are already well mixed, so a key's top bits name its bucket.
//! Keys are 128 bits so that no false "dead" hit is to be expected at any scale
//! (docs/engine.md, "Dead states and their keys"); which bucket a key goes to and which key a
//! full bucket forgets depend on its top 64 bits only, as when keys were 64 bits. The table starts small and
//! doubles whenever a bucket is full, never forgetting a key, until it reaches its limit; there
//! a full bucket forgets its oldest key to take a new one. Doubling splits each bucket in two by
//! the next bit of the key, so the keys of a bucket always fit the two it becomes, in their
//! order. Until a bucket is full at the limit (some two million keys at the default 256 MiB)
//! nothing is forgotten, so such a search expands the same states as with the hash set it
//! replaced. The Python twin keeps the same table (python/llk/_pycore/table.py, `DeadTable`),
//! so both forget the same states.

use super::MAX_MEMORY_MB;
use crate::error::{filled, Error};

/// Keys a bucket holds: 128 bytes, two cache lines.
pub const WAYS: usize = 8;

/// A bucket's keys, in the order they came (0: an empty slot), aligned to its two cache lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(128))]
struct Bucket([u128; WAYS]);

const EMPTY: Bucket = Bucket([0; WAYS]);

/// What the dead-state table spends per key at its limit: a key's 16 bytes in a full bucket.
/// (Below it, about six times that: a first bucket fills when the table is a sixth full.)
pub const BYTES_PER_KEY: u64 = 16;

/// The buckets the table starts with (8 KiB), or fewer when its limit is smaller.
const FIRST_BITS: u32 = 6;

/// How many dead keys a memory limit of `memory_mb` MiB holds: the keys of the most buckets, a
/// power of two of them, that fit half of it.
pub fn table_capacity(memory_mb: u64) -> usize {
    let buckets = (memory_mb.min(MAX_MEMORY_MB) << 20) as usize / 2 / std::mem::size_of::<Bucket>();
    if buckets == 0 {
        0
    } else {
        (1usize << buckets.ilog2()) * WAYS
    }
}

/// The states proven dead, by key, at most `cap` of them (see the module's note). Forgetting a
/// dead state is sound (the search only meets it again and proves it dead again), and a bucket's
/// oldest key is that of the subtree left longest ago of those it holds.
pub(super) struct DeadTable {
    buckets: Vec<Bucket>,
    /// log2 of the buckets now, and at the limit (`None`: a table that holds nothing).
    bits: u32,
    final_bits: Option<u32>,
    /// Key 0 marks an empty slot, so a state whose key is 0 is noted apart.
    zero: bool,
}

impl DeadTable {
    /// A table of at most `cap` keys: those of the most buckets, a power of two of them, that
    /// `cap` holds (none below one bucket's worth).
    pub(super) fn new(cap: usize) -> Self {
        let final_bits = (cap >= WAYS).then(|| (cap / WAYS).ilog2());
        let bits = final_bits.map_or(0, |f| f.min(FIRST_BITS));
        DeadTable { buckets: Vec::new(), bits, final_bits, zero: false }
    }

    #[inline]
    fn bucket_of(key: u128, bits: u32) -> usize {
        if bits == 0 {
            0
        } else {
            (key >> (128 - bits)) as usize
        }
    }

    pub(super) fn contains(&self, key: u128) -> bool {
        if key == 0 {
            return self.zero;
        }
        match self.buckets.get(Self::bucket_of(key, self.bits)) {
            Some(bucket) => bucket.0.contains(&key),
            None => false,
        }
    }

    pub(super) fn insert(&mut self, key: u128) -> Result<(), Error> {
        let Some(final_bits) = self.final_bits else { return Ok(()) };
        if key == 0 {
            self.zero = true;
            return Ok(());
        }
        if self.buckets.is_empty() {
            self.buckets = filled(1 << self.bits, EMPTY)?;
        }
        loop {
            let bucket = &mut self.buckets[Self::bucket_of(key, self.bits)].0;
            if bucket.contains(&key) {
                return Ok(());
            }
            if let Some(slot) = bucket.iter_mut().find(|k| **k == 0) {
                *slot = key;
                return Ok(());
            }
            if self.bits == final_bits {
                // Full at the limit: the oldest key (slots fill in order) makes room.
                bucket.copy_within(1.., 0);
                bucket[WAYS - 1] = key;
                return Ok(());
            }
            self.grow()?;
        }
    }

    /// Doubles the buckets in place: each old bucket's keys go, in order, to the two its next
    /// bit names. In place, so that a big table is never held twice over (the allocator remaps
    /// a big vector to grow it rather than copy it): bucket `b` goes to `2b` and `2b + 1`, so
    /// going down from the last, every bucket written to has been read already.
    fn grow(&mut self) -> Result<(), Error> {
        let (old, bits) = (self.buckets.len(), self.bits + 1);
        self.buckets
            .try_reserve_exact(old)
            .map_err(|_| Error::OutOfMemory { bytes: 2 * old * std::mem::size_of::<Bucket>() })?;
        self.buckets.resize(2 * old, EMPTY);
        for b in (0..old).rev() {
            let mut split = [[0; WAYS]; 2];
            let mut fill = [0; 2];
            for &key in self.buckets[b].0.iter().take_while(|&&k| k != 0) {
                let half = Self::bucket_of(key, bits) - 2 * b;
                split[half][fill[half]] = key;
                fill[half] += 1;
            }
            (self.buckets[2 * b], self.buckets[2 * b + 1]) = (Bucket(split[0]), Bucket(split[1]));
        }
        self.bits = bits;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::mix;

    /// A 128-bit key from a 64-bit one, as a tile's key is made: `x` mixed above, `x | 2^63`
    /// below.
    fn wide(x: u64) -> u128 {
        (mix(x) as u128) << 64 | mix(x | 1 << 63) as u128
    }

    /// The keys a table holds.
    fn held(table: &DeadTable) -> Vec<u128> {
        table.buckets.iter().flat_map(|b| b.0).filter(|&k| k != 0).collect()
    }

    #[test]
    fn doubles_when_a_bucket_is_full_and_forgets_only_at_its_limit() {
        // 512 buckets at the limit, 64 at first: it doubles three times, then forgets.
        let mut table = DeadTable::new(512 * WAYS);
        let keys: Vec<u128> = (1..=6000u64).map(wide).collect();
        let (mut grew, mut forgot) = (0, 0);
        for (n, &key) in keys.iter().enumerate() {
            let (bits, before, count) = (table.bits, table.buckets.clone(), held(&table).len());
            table.insert(key).unwrap();
            assert!(table.contains(key), "the newest key is held");
            let bucket = |k: u128, bits: u32| (k >> (128 - bits)) as usize;
            if table.bits != bits {
                // Doubling forgets nothing, and keeps each bucket's keys in order.
                grew += 1;
                for (b, now) in table.buckets.iter().enumerate() {
                    let now: Vec<u128> = now.0.iter().copied().filter(|&k| k != 0 && k != key).collect();
                    let old: Vec<u128> = before[b / 2].0.iter().copied().filter(|&k| k != 0).collect();
                    let split: Vec<u128> = old.into_iter().filter(|&k| bucket(k, table.bits) == b).collect();
                    assert_eq!(now, split);
                }
            }
            if held(&table).len() == count + 1 {
                assert!(forgot > 0 || count == n, "every key held until the first forgetting");
                continue;
            }
            // It forgot, at its limit only: a full bucket lost its oldest key, took the new last.
            forgot += 1;
            let b = bucket(key, table.bits);
            let old = before[b];
            assert!(table.bits == 9 && held(&table).len() == count);
            assert!(
                old.0[WAYS - 1] != 0
                    && table.buckets[b].0[..WAYS - 1] == old.0[1..]
                    && table.buckets[b].0[WAYS - 1] == key
            );
        }
        assert!(grew == 3 && table.bits == 9 && forgot > 1000);
        // Once more: nothing changes for a key it holds.
        let before = table.buckets.clone();
        table.insert(held(&table)[3]).unwrap();
        assert!(table.buckets == before);
    }

    #[test]
    fn forgets_what_the_python_twin_forgets() {
        // The same keys into the Python twin's table leave the same ones held, by count and sum
        // of their top halves (the numbers of the 64-bit table: where a key goes and what a
        // full bucket forgets depend on its top half only)
        // (tests/engine/test_pycore_solver.py, test_the_dead_table_forgets_as_the_rust_one_does):
        // at its limit, and where it holds them all.
        for (buckets, keys, step, want) in
            [(512, 6000, 1, (4005, 11366006794260895109)), (1 << 16, 50_000, 3, (50_000, 17451951555561613904))]
        {
            let mut table = DeadTable::new(buckets * WAYS);
            for i in 1..=keys {
                table.insert(wide(i * step)).unwrap();
            }
            let held = held(&table);
            assert_eq!((held.len(), held.iter().fold(0u64, |a, &k| a.wrapping_add((k >> 64) as u64))), want);
        }
    }

    #[test]
    fn below_its_limit_it_forgets_nothing() {
        let mut table = DeadTable::new(table_capacity(256));
        let keys: Vec<u128> = (1..=100_000u64).map(|i| wide(i * 7)).collect();
        for &key in &keys {
            table.insert(key).unwrap();
        }
        assert!(keys.iter().all(|&k| table.contains(k)));
        assert!(!table.contains(wide(3)) && !table.contains(0));
        // A key that shares its top half with a held one, not its bottom half, is not held.
        assert!(!table.contains(keys[0] ^ 1));
        table.insert(0).unwrap();
        assert!(table.contains(0));
        // A first bucket fills when the table is about a sixth full: 5 slots a key here.
        assert!(table.buckets.len() * WAYS <= 16 * keys.len());
    }

    #[test]
    fn a_table_below_a_bucket_holds_nothing() {
        let mut table = DeadTable::new(WAYS - 1);
        table.insert(5).unwrap();
        assert!(!table.contains(5));
        assert_eq!(table_capacity(1), 32_768);
        // 1.5 MiB holds 12,288 buckets: the power of two below, 8,192.
        assert_eq!(table_capacity(3), 8_192 * WAYS);
        assert_eq!(std::mem::size_of::<Bucket>(), 128);
    }
}

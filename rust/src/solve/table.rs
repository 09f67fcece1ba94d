//! The states proven dead, by Zobrist key, in a table of bounded size.

use super::MAX_MEMORY_MB;
use crate::error::Error;
use std::collections::{HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

/// The keys are already well mixed: hash them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys are hashed")
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// What the dead-state table counts per key against its half of the memory limit: the key in
/// the hash set (8 bytes at a load of at most 7/8, a control byte, and room for the set to
/// double) and in the order of arrival (8 bytes).
pub const BYTES_PER_KEY: u64 = 32;

/// How many dead keys a memory limit of `memory_mb` MiB holds (half of it, [`BYTES_PER_KEY`]
/// each).
pub fn table_capacity(memory_mb: u64) -> usize {
    (memory_mb.min(MAX_MEMORY_MB) << 20) as usize / 2 / BYTES_PER_KEY as usize
}

/// The states proven dead, by key, at most `cap` of them: when full, the key stored longest ago
/// goes to make room. Forgetting a dead state is sound (the search only meets it again and
/// proves it dead again), and the oldest keys are those of subtrees left longest ago.
pub(super) struct DeadTable {
    set: KeySet,
    order: VecDeque<u64>,
    cap: usize,
}

impl DeadTable {
    pub(super) fn new(cap: usize) -> Self {
        DeadTable { set: KeySet::default(), order: VecDeque::new(), cap }
    }

    pub(super) fn contains(&self, key: u64) -> bool {
        self.set.contains(&key)
    }

    pub(super) fn insert(&mut self, key: u64) -> Result<(), Error> {
        if self.cap == 0 || self.set.contains(&key) {
            return Ok(());
        }
        if self.order.len() == self.cap {
            let oldest = self.order.pop_front().expect("a full table holds a key");
            self.set.remove(&oldest);
        }
        let grown = BYTES_PER_KEY as usize * (self.order.len() + 1);
        self.set.try_reserve(1).map_err(|_| Error::OutOfMemory { bytes: grown })?;
        self.order.try_reserve(1).map_err(|_| Error::OutOfMemory { bytes: grown })?;
        self.set.insert(key);
        self.order.push_back(key);
        Ok(())
    }
}

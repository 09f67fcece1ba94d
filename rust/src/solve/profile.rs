//! Where a search's time and states go, counted only with the `profile` feature (docs/engine.md,
//! "Where the states go"): states by tiles left, dead-table look-ups and hits, and the time in
//! listing the moves, making, unmaking and the table. Without the feature the `timed!` macro is
//! the bare expression and nothing here is compiled into the search.

use std::cell::RefCell;

/// The counts of the searches run on this thread since the last `take`.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// States expanded, indexed by the tiles left on the board.
    pub states_by_tiles: Vec<u64>,
    /// Dead-table look-ups of the search's states, and those that found the state dead.
    pub lookups: u64,
    pub hits: u64,
    /// Look-ups that found the state dead by a smaller one ("Dead by a smaller state").
    pub reduced_hits: u64,
    /// Moves not made because the state they lead to is known dead (its key read off the move).
    pub skipped: u64,
    /// States the complete search proved dead (table insertions).
    pub inserts: u64,
    /// Nanoseconds listing a state's candidates (scan, safe moves, sort), making and unmaking
    /// moves, and in the dead table (look-ups and insertions).
    pub ns_candidates: u64,
    pub ns_make: u64,
    pub ns_unmake: u64,
    pub ns_table: u64,
    /// Nanoseconds in the cut by a smaller state (finding the kinds at the back, looking up).
    pub ns_reduced: u64,
}

thread_local! {
    static PROFILE: RefCell<Profile> = RefCell::new(Profile::default());
}

/// Adds to this thread's counts.
pub fn with(f: impl FnOnce(&mut Profile)) {
    PROFILE.with(|p| f(&mut p.borrow_mut()));
}

/// This thread's counts, reset.
pub fn take() -> Profile {
    PROFILE.with(|p| std::mem::take(&mut *p.borrow_mut()))
}

/// A state expanded with `tiles` left.
pub(super) fn state(tiles: usize) {
    with(|p| {
        if p.states_by_tiles.len() <= tiles {
            p.states_by_tiles.resize(tiles + 1, 0);
        }
        p.states_by_tiles[tiles] += 1;
    });
}

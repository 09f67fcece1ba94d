//! The work a solve does that its answers do not show: the dive's facings, its sweep's
//! wrap-round and its back-off's budget, the count of the cache of moves and its share of the
//! memory limit (each caught a mutant that every verdict test let pass: docs/testing.md, "The
//! survivors").

use super::tests::{dealt, replay, searching};
use super::*;
use crate::reference::random_grid;
use crate::rng::SplitMix64;

#[test]
fn each_facing_has_four_directions_down_the_way_its_tiles_fall() {
    use dive::Facing;
    for (facing, fall) in
        [(Facing::Down, (1, 0)), (Facing::Up, (-1, 0)), (Facing::Left, (0, -1)), (Facing::Right, (0, 1))]
    {
        let [up, down, left, right] = facing.dirs();
        assert_eq!(down, fall, "{facing:?}");
        assert_eq!((up.0 + down.0, up.1 + down.1), (0, 0), "{facing:?}: up and down are opposite");
        assert_eq!((left.0 + right.0, left.1 + right.1), (0, 0), "{facing:?}: left and right are opposite");
        assert_eq!(up.0 * left.0 + up.1 * left.1, 0, "{facing:?}: left and right run across up and down");
    }
}

#[test]
fn the_cache_of_moves_counts_the_lists_it_keeps_and_drops_the_shallowest_first() {
    let mut search = searching(Board::new(random_grid(&mut SplitMix64::new(1), 0), Gravity::Down));
    search.cached_cap = 5;
    for (depth, n) in [3, 4, 2, 6].into_iter().enumerate() {
        let candidates = search::Candidates::List(vec![(0, 1); n]);
        search.stack.push(search::Frame { key: 0, candidates, next: 0, undo_from: None, delta: None });
        search.cache(n);
        let held: Vec<usize> = search
            .stack
            .iter()
            .map(|f| if let search::Candidates::List(l) = &f.candidates { l.len() } else { 0 })
            .collect();
        assert_eq!(search.cached, held.iter().sum::<usize>(), "depth {depth}: {held:?}");
        // Over the limit only with the top frame's list alone, which always stays.
        assert!(search.cached <= search.cached_cap || search.lowest_cached == depth, "depth {depth}");
        assert_eq!(held[depth], n, "depth {depth}: the top frame's list stays");
    }
}

#[test]
fn a_stuck_dive_backs_off_and_the_complete_search_finishes_within_its_budget() {
    // A random deal (not dealt solvable), 16x18, 30 kinds, gravity down: past the dive's
    // threshold with gravity, the dive gets stuck, and the complete search from a few moves
    // back, with its budget of states a move backed off, clears it: 183 states in all. Without
    // that budget the search goes on from further back and takes thousands.
    let (rows, cols) = (16, 18);
    let b = dealt(rows, cols, 30, false, Gravity::Down, 6, false);
    assert!(b.grid().remaining() >= DIVE_MIN_TILES_GRAVITY);
    let found = solve(&b, 1_000);
    assert_eq!(found.status, Status::Solved, "{} states", found.states);
    assert!(found.states > (rows * cols / 2) as u64, "the dive alone solved it: the back-off is not reached");
    assert!(replay(&b, &found.moves));
}

#[test]
fn a_dives_sweep_wraps_round_to_the_tiles_before_its_cursor_before_giving_up() {
    // A random deal, 16x18 with a border, 30 kinds, gravity down: 160 states in all. A dive
    // that counted its wrap-round as longer than it is gives up sooner and takes 179.
    let b = dealt(16, 18, 30, true, Gravity::Down, 54, false);
    let found = solve(&b, 170);
    assert_eq!(found.status, Status::Solved, "{} states", found.states);
    assert!(replay(&b, &found.moves));
}

/// A memory limit gives the cache of moves its half, as `solve_limited` documents: as many
/// moves as fit in half of `memory_mb` MiB, no more (a cache allowed more would take the search
/// past the limit the caller set) and no fewer (a cache of nothing lists each state's moves
/// again on coming back: the same answers, slower). The table's half is `table_capacity`'s.
#[test]
fn a_memory_limit_gives_the_cache_of_moves_half_of_it() {
    for mb in [1, 3, 64, DEFAULT_MEMORY_MB, MAX_MEMORY_MB] {
        let (table, moves) = limits(mb);
        assert_eq!(table, table_capacity(mb), "{mb} MiB");
        let (bytes, half) = (moves as u64 * BYTES_PER_MOVE, (mb << 20) / 2);
        assert!(bytes <= half && bytes + BYTES_PER_MOVE > half, "{mb} MiB: {moves} moves, {bytes} bytes for {half}");
    }
}

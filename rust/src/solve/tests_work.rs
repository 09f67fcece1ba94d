//! The work a solve does that its answers do not show: the dive's facings, the tiles it asks
//! again, its sweep's wrap-round, its back-off's budget and where the back-off runs the complete
//! search, the count of the cache of moves and its share of the memory limit (each caught a
//! mutant that every verdict test let pass: docs/mutation-survivors.md).

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

/// The dive asks a tile taken off its stack only if it was pushed since it was last asked (the
/// copies under its latest push would ask again what its last answer already said): a random
/// 48x48 deal with gravity up, 60 kinds, is then cleared by the dive alone, a state a move. A
/// dive that asked every copy again took other moves, got stuck and backed off (1,184 states).
#[test]
fn a_dive_asks_a_stacked_tile_again_only_if_pushed_since_it_was_last_asked() {
    let b = dealt(48, 48, 60, false, Gravity::Up, 0, false);
    let found = solve(&b, 3_000);
    assert_eq!(found.status, Status::Solved, "{} states", found.states);
    assert_eq!(found.states, (48 * 48 / 2) as u64, "the dive alone clears it, a state a move");
    assert!(replay(&b, &found.moves));
}

/// A stuck dive backs off `BACKOFFS` moves at a time, each time diving afresh and then, up to
/// and including `COMPLETE_BACKOFF_MAX` moves back, running the complete search. A 64x64
/// solvable deal without gravity with its corner made a crossing (AB over BA, no border, that
/// no order clears) is unsolvable: every dive clears all else and is stuck at the corner, and
/// relaxed play proves each complete search's root dead in one state. So the states are the
/// first dive's moves, each fresh dive's (the moves backed off), one per complete search at a
/// back-off (16, 128 and 1,024 moves back) and one for the last, from the start. A back-off
/// that skipped the complete search at exactly 1,024 moves back counted a state fewer.
#[test]
fn a_stuck_dive_runs_the_complete_search_at_each_back_off_up_to_its_maximum() {
    let (rows, cols) = (64, 64);
    let mut g = dealt(rows, cols, 48, false, Gravity::None, 0, true).grid().clone();
    let (a, b) = (g.max_kind() + 1, g.max_kind() + 2);
    for (i, kind) in [(0, a), (cols + 1, a), (1, b), (cols, b)] {
        g.set(i, kind);
    }
    let board = Board::new(g, Gravity::None);
    let mut diving = searching(board.clone());
    diving.budget = u64::MAX;
    let dive::Dive::Stuck(made) = diving.dive().unwrap() else { panic!("the dive is not stuck") };
    let depth = made.len();
    let backs: Vec<usize> = dive::BACKOFFS.into_iter().filter(|&back| back <= depth).collect();
    assert!(backs.contains(&dive::COMPLETE_BACKOFF_MAX), "a dive of {depth} moves never backs off that far");
    let completes = backs.iter().filter(|&&back| back <= dive::COMPLETE_BACKOFF_MAX).count();
    let found = solve(&board, 1_000_000);
    assert_eq!(found.status, Status::Unsolvable);
    assert_eq!(found.states, (depth + backs.iter().sum::<usize>() + completes + 1) as u64, "a dive of {depth} moves");
}

/// A back-off's complete search gets `BACKOFF_STATES_PER_MOVE` states per move backed off on
/// top of those spent so far, and the whole solve stays within the caller's budget, as `solve`
/// documents. A 24x24 solvable deal with gravity down: the dive gets stuck, backs off and
/// solves it in 816 states. A back-off whose budget was the states so far less its share
/// (below those already spent, so never reached) searched on past the caller's 3,000 and
/// solved it in 3,480.
#[test]
fn a_back_offs_complete_search_stays_within_the_solves_budget() {
    let b = dealt(24, 24, 48, true, Gravity::Down, 1, true);
    let found = solve(&b, 3_000);
    assert_eq!(found.status, Status::Solved, "{} states", found.states);
    assert!(found.states <= 3_000, "{} states for a budget of 3,000", found.states);
    assert!(found.states > (24 * 24 / 2) as u64, "the dive alone solved it: no back-off reached");
    assert!(replay(&b, &found.moves));
}

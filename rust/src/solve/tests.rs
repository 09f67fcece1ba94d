use super::pruning::reachable_from;
use super::*;
use crate::path::path_between;
use crate::reference::random_grid;
use crate::rng::SplitMix64;
use crate::scan;
use std::collections::HashSet;

mod dives;

/// Exhaustive: is there any order of removals that clears the board?
fn clearable(b: &Board, seen: &mut HashSet<Vec<u16>>) -> bool {
    let g = b.grid();
    if g.remaining() == 0 {
        return true;
    }
    if !seen.insert(g.kinds().to_vec()) {
        return false;
    }
    for (a, c) in scan::moves(g) {
        let mut next = b.clone();
        next.remove(g.cell(a as usize), g.cell(c as usize)).unwrap();
        if clearable(&next, seen) {
            return true;
        }
    }
    false
}

pub(super) fn replay(b: &Board, moves: &[(Tile, Tile)]) -> bool {
    let mut b = b.clone();
    for &(a, c) in moves {
        let g = b.grid();
        if b.remove(g.cell(a as usize), g.cell(c as usize)).is_err() {
            return false;
        }
    }
    b.grid().remaining() == 0
}

#[test]
fn verdicts_match_exhaustive_search_on_small_boards() {
    let mut rng = SplitMix64::new(31);
    let (mut solved, mut unsolvable) = (0, 0);
    for case in 0..3000 {
        let gravity = if case % 3 == 0 { Gravity::ALL[case / 3 % 7] } else { Gravity::None };
        let mut g = random_grid(&mut rng, case);
        // Kinds of two tiles without a border, four with one, spread at random, so that both
        // verdicts are common.
        let tiles: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
        let pairs = tiles.len() / 2;
        let kinds_n = if g.border() { pairs / 2 } else { pairs }.max(1);
        let mut kinds: Vec<u16> = (0..pairs).flat_map(|n| [1 + (n % kinds_n) as u16; 2]).collect();
        crate::deal::fisher_yates(&mut kinds, &mut rng);
        kinds.resize(tiles.len(), 0);
        for (&i, &k) in tiles.iter().zip(&kinds) {
            g.set(i, k);
        }
        let b = Board::new(g, gravity);
        let got = solve(&b, u64::MAX);
        let live = search(
            b.clone(),
            u64::MAX,
            (table_capacity(DEFAULT_MEMORY_MB), 1 << 20),
            true,
            &Deadline::after(None),
            &|| false,
        );
        assert_eq!(live.unwrap(), got, "case {case}: the live moves search as the scans do");
        let want = clearable(&b, &mut HashSet::new());
        assert_eq!(got.status == Status::Solved, want, "case {case} {gravity:?} {:?}", b.grid());
        assert_ne!(got.status, Status::Unknown);
        if want {
            assert!(replay(&b, &got.moves), "case {case}: the solution does not clear the board");
            solved += 1;
        } else {
            unsolvable += 1;
        }
    }
    assert!(solved > 1000 && unsolvable > 150, "solved {solved}, unsolvable {unsolvable}");
}

#[test]
fn a_small_table_or_cache_keeps_the_verdicts() {
    let mut rng = SplitMix64::new(5);
    let mut forgot = 0;
    for case in 0..210 {
        let gravity = Gravity::ALL[case % 7];
        let b = Board::new(random_grid(&mut rng, case), gravity);
        let full = solve(&b, 20_000);
        // Lists of moves dropped and listed again on coming back: the very same search.
        let relisted =
            search(b.clone(), 20_000, (table_capacity(DEFAULT_MEMORY_MB), 0), false, &Deadline::after(None), &|| false)
                .unwrap();
        assert_eq!(relisted, full, "case {case}");
        // The live moves give the very same search as the scans.
        let live = search(
            b.clone(),
            20_000,
            (table_capacity(DEFAULT_MEMORY_MB), 1 << 20),
            true,
            &Deadline::after(None),
            &|| false,
        )
        .unwrap();
        assert_eq!(live, full, "case {case} {gravity:?} {:?}", b.grid());
        // A table of one bucket forgets dead states: more states, never another verdict.
        let small = search(
            b.clone(),
            5_000,
            (super::table::WAYS, 0),
            gravity == Gravity::None,
            &Deadline::after(None),
            &|| false,
        )
        .unwrap();
        if full.status != Status::Unknown && small.status != Status::Unknown {
            assert_eq!(small.status, full.status, "case {case} {gravity:?} {:?}", b.grid());
            assert!(small.states >= full.states);
            forgot += (small.states > full.states) as u32;
        }
        if small.status == Status::Solved {
            assert!(replay(&b, &small.moves));
        }
    }
    assert!(forgot > 5, "only {forgot} searches met a forgotten state again");
}

#[test]
fn the_memory_limit_is_checked() {
    let b = Board::new(Grid::new(1, 2, vec![1, 1], true).unwrap(), Gravity::None);
    for mb in [0, MAX_MEMORY_MB + 1, u64::MAX] {
        assert_eq!(solve_limited(&b, 10, mb, &|| false), Err(Error::MemoryLimit(mb)));
    }
    assert_eq!(solve_limited(&b, 10, 1, &|| false).unwrap().status, Status::Solved);
    assert_eq!(table_capacity(1), 32_768);
}

#[test]
fn the_budget_bounds_the_search() {
    let g = Grid::new(2, 2, vec![1, 2, 2, 1], true).unwrap();
    let b = Board::new(g, Gravity::None);
    let s = solve(&b, u64::MAX);
    assert_eq!((s.status, s.states), (Status::Unsolvable, 1));
    assert_eq!(solve(&b, 0).status, Status::Unknown);
    let g = Grid::new(1, 2, vec![0, 0], true).unwrap();
    assert_eq!(solve(&Board::new(g, Gravity::None,), 0).status, Status::Solved);
}

#[test]
fn a_search_stops_when_asked() {
    let polls = std::cell::Cell::new(0);
    let stop = || {
        polls.set(polls.get() + 1);
        polls.get() > 5
    };
    // Nine kinds of four under gravity: a search of far more than six states.
    let mut kinds: Vec<u16> = (0..36).map(|i| 1 + i % 9).collect();
    crate::deal::fisher_yates(&mut kinds, &mut SplitMix64::new(1));
    let b = Board::new(Grid::new(6, 6, kinds, true).unwrap(), Gravity::Down);
    assert!(solve(&b, u64::MAX).states > 6);
    assert_eq!(solve_until(&b, u64::MAX, &stop), Err(Error::Interrupted));
    assert_eq!(polls.get(), 6);
    let b = Board::new(Grid::new(2, 2, vec![1, 2, 2, 1], true).unwrap(), Gravity::Down);
    assert_eq!(solve_until(&b, u64::MAX, &|| true), Err(Error::Interrupted));
    assert_eq!(solve_until(&b, u64::MAX, &|| false), Ok(solve(&b, u64::MAX)));
}

#[test]
fn a_search_past_its_time_limit_stops_as_timed_out() {
    use std::time::Duration;
    let mut kinds: Vec<u16> = (0..36).map(|i| 1 + i % 9).collect();
    crate::deal::fisher_yates(&mut kinds, &mut SplitMix64::new(1));
    let b = Board::new(Grid::new(6, 6, kinds, true).unwrap(), Gravity::Down);
    let mb = DEFAULT_MEMORY_MB;
    // A limit already passed at the first poll: stopped there, before any state.
    let late = solve_timed(&b, u64::MAX, mb, Some(Duration::ZERO), &|| false).unwrap();
    assert_eq!((late.status, late.states, late.moves), (Status::TimedOut, 0, vec![]));
    // The caller's stop still raises under a limit not reached; a limit beyond the clock is none.
    assert_eq!(solve_timed(&b, u64::MAX, mb, Some(Duration::from_secs(3600)), &|| true), Err(Error::Interrupted));
    assert_eq!(solve_timed(&b, u64::MAX, mb, Some(Duration::MAX), &|| false), Ok(solve(&b, u64::MAX)));
    // The slide variant's search too.
    let slid = Board::new(Grid::new(1, 4, vec![1, 1, 2, 2], false).unwrap(), Gravity::None).with_variants(false, true);
    let late = solve_timed(&slid, 10, mb, Some(Duration::ZERO), &|| false).unwrap();
    assert_eq!((late.status, late.states), (Status::TimedOut, 0));
    assert_eq!(solve_timed(&slid, 10, mb, None, &|| false).unwrap().status, Status::Solved);
}

#[test]
fn one_search_reaches_what_path_tests_reach() {
    let mut rng = SplitMix64::new(77);
    for case in 0..1500 {
        let g = random_grid(&mut rng, case);
        let empty: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] == 0).collect();
        if empty.is_empty() {
            continue;
        }
        let sources: Vec<usize> =
            (0..1 + rng.below(3)).map(|_| empty[rng.below(empty.len() as u64) as usize]).collect();
        let got = reachable_from(&g, &sources);
        for (i, &got) in got.iter().enumerate() {
            let want = g.kinds()[i] != 0 && sources.iter().any(|&s| path_between(&g, g.cell(i), g.cell(s)).is_some());
            assert_eq!(got, want, "case {case} cell {i} from {sources:?} on {g:?}");
        }
    }
}

#[test]
fn the_pairs_tested_one_by_one_are_the_scans_moves() {
    let mut rng = SplitMix64::new(78);
    for case in 0..1500 {
        let g = random_grid(&mut rng, case);
        assert_eq!(dive::linked_pairs(&g), scan::moves(&g), "case {case} {g:?}");
    }
}

#[test]
fn the_first_linked_tile_is_the_first_of_its_kind_a_path_joins() {
    let mut rng = SplitMix64::new(79);
    for case in 0..800 {
        let g = random_grid(&mut rng, case);
        for t in (0..g.kinds().len()).filter(|&t| g.kinds()[t] != 0) {
            let want = (0..g.kinds().len())
                .find(|&q| q != t && crate::path::best_path(&g, g.cell(t), g.cell(q)).is_some())
                .map(|q| q as Tile);
            assert_eq!(dive::first_linked_tile(&g, t as Tile), want, "case {case} tile {t} {g:?}");
        }
    }
}

/// A deal of `rows x cols`, every cell a tile, `kinds` kinds cycled over the pairs: at random,
/// or `solvable` (dealt by the positional game).
pub(super) fn dealt(
    rows: usize,
    cols: usize,
    kinds: u16,
    border: bool,
    gravity: Gravity,
    seed: u64,
    solvable: bool,
) -> Board {
    let mut g = Grid::new(rows, cols, vec![1; rows * cols], border).unwrap();
    let pairs: Vec<u16> = (0..rows * cols / 2).map(|i| (i % kinds as usize) as u16 + 1).collect();
    crate::deal::deal(&mut g, gravity, &pairs, seed, solvable, crate::deal::DealVersion::LATEST, &|| false).unwrap();
    Board::new(g, gravity)
}

/// A small random board with kinds of two tiles (no border) or four (a border), as the
/// verdicts test deals them.
fn paired_board(rng: &mut SplitMix64, case: usize, gravity: Gravity) -> Board {
    let mut g = random_grid(rng, case);
    let tiles: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
    let pairs = tiles.len() / 2;
    let kinds_n = if g.border() { pairs / 2 } else { pairs }.max(1);
    let mut kinds: Vec<u16> = (0..pairs).flat_map(|n| [1 + (n % kinds_n) as u16; 2]).collect();
    crate::deal::fisher_yates(&mut kinds, rng);
    kinds.resize(tiles.len(), 0);
    for (&i, &k) in tiles.iter().zip(&kinds) {
        g.set(i, k);
    }
    Board::new(g, gravity)
}

#[test]
fn safe_moves_with_gravity_never_spoil_a_solution() {
    // Every state reachable from small boards, every gravity: where a safe move is found, the
    // state and the state after it are alike clearable or not.
    let mut rng = SplitMix64::new(77);
    let (mut fired, mut kept) = (0, 0);
    for case in 0..700 {
        let gravity = Gravity::ALL[1 + case % 6];
        let root = paired_board(&mut rng, case, gravity);
        let mut seen = HashSet::new();
        let mut todo = vec![root];
        while let Some(b) = todo.pop() {
            if !seen.insert(b.grid().kinds().to_vec()) || seen.len() > 400 {
                continue;
            }
            let g = b.grid();
            let moves = scan::moves(g);
            let mut count = vec![0u32; g.max_kind() as usize + 1];
            for &k in g.kinds().iter().filter(|&&k| k != 0) {
                count[k as usize] += 1;
            }
            if let Some((a, c)) = super::pruning::first_safe_gravity(g, gravity, &count, &moves) {
                assert!(moves.contains(&(a, c)));
                let mut after = b.clone();
                after.remove(g.cell(a as usize), g.cell(c as usize)).unwrap();
                let (before_ok, after_ok) =
                    (clearable(&b, &mut HashSet::new()), clearable(&after, &mut HashSet::new()));
                assert_eq!(before_ok, after_ok, "case {case} {gravity:?}: safe move {:?} on {:?}", (a, c), g);
                fired += 1;
                kept += before_ok as usize;
            }
            for (a, c) in moves {
                let mut next = b.clone();
                next.remove(g.cell(a as usize), g.cell(c as usize)).unwrap();
                todo.push(next);
            }
        }
    }
    // The test means something only if the cut fires often, on both kinds of state.
    assert!(fired > 10_000 && kept > 5_000 && fired - kept > 500, "fired {fired}, on clearable states {kept}");
}

#[test]
fn with_gravity_the_verdicts_match_exhaustive_search() {
    // As the verdicts test above, with gravity on every board: the safe moves with gravity fire.
    let mut rng = SplitMix64::new(91);
    let (mut solved, mut unsolvable) = (0, 0);
    for case in 0..1200 {
        let b = paired_board(&mut rng, case, Gravity::ALL[1 + case % 6]);
        let got = solve(&b, u64::MAX);
        let want = clearable(&b, &mut HashSet::new());
        assert_eq!(got.status == Status::Solved, want, "case {case} {:?} {:?}", b.gravity(), b.grid());
        if want {
            assert!(replay(&b, &got.moves), "case {case}: the solution does not clear the board");
            solved += 1;
        } else {
            unsolvable += 1;
        }
    }
    assert!(solved > 600 && unsolvable > 60, "solved {solved}, unsolvable {unsolvable}");
}

/// A search of `b` ready to make and unmake moves.
pub(super) fn searching(b: Board) -> search::Search<'static> {
    let mut count = vec![0u32; b.grid().max_kind() as usize + 1];
    for &k in b.grid().kinds().iter().filter(|&&k| k != 0) {
        count[k as usize] += 1;
    }
    search::Search {
        key: state_key(b.grid()),
        board: b,
        count,
        dead: DeadTable::new(0),
        states: 0,
        budget: 0,
        stop: &|| false,
        undo: Vec::new(),
        made: Vec::new(),
        stack: Vec::new(),
        path: Vec::new(),
        cached: 0,
        cached_cap: 0,
        lowest_cached: 0,
        live: None,
        root_state: 1,
    }
}

#[test]
fn a_moves_key_read_off_it_is_the_key_after_making_it() {
    // Every move of every state reachable from small boards, every gravity (hand-made boards
    // with gaps under tiles too): the key read off the move is the key of the board after it.
    let mut rng = SplitMix64::new(23);
    let mut checked = 0;
    for case in 0..400 {
        let gravity = Gravity::ALL[case % 7];
        let b = Board::new(random_grid(&mut rng, case), gravity);
        let mut todo = vec![b];
        let mut seen = HashSet::new();
        while let Some(b) = todo.pop() {
            if !seen.insert(b.grid().kinds().to_vec()) || seen.len() > 60 {
                continue;
            }
            let mut search = searching(b.clone());
            for (a, c) in scan::moves(b.grid()) {
                let want = {
                    let from = search.undo.len();
                    search.apply((a, c)).unwrap();
                    let key = state_key(search.board.grid());
                    assert_eq!(search.key, key);
                    search.unmake(from, None);
                    key
                };
                assert_eq!(
                    search.key_after((a, c)),
                    want,
                    "case {case} {gravity:?} move {:?} on {:?}",
                    (a, c),
                    b.grid()
                );
                checked += 1;
                let mut next = b.clone();
                next.remove(b.grid().cell(a as usize), b.grid().cell(c as usize)).unwrap();
                todo.push(next);
            }
        }
    }
    // Lines of more than 64 cells, which settle cell by cell rather than from a word of bits.
    for case in 0..14 {
        let gravity = Gravity::ALL[case % 7];
        let (rows, cols) = if case < 7 { (70, 3) } else { (3, 70) };
        let kinds: Vec<u16> =
            (0..rows * cols).map(|_| if rng.below(5) == 0 { 0 } else { 1 + rng.below(6) as u16 }).collect();
        let b = Board::new(Grid::new(rows, cols, kinds, case % 2 == 0).unwrap(), gravity);
        let mut search = searching(b.clone());
        for (a, c) in scan::moves(b.grid()) {
            let from = search.undo.len();
            search.apply((a, c)).unwrap();
            let want = state_key(search.board.grid());
            search.unmake(from, None);
            assert_eq!(search.key_after((a, c)), want, "long line, case {case} {gravity:?} move {:?}", (a, c));
            checked += 1;
        }
    }
    assert!(checked > 5_000, "only {checked} moves");
}

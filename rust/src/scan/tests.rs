//! The scan's public answers against slow references (every pair tested, or a path query per
//! pair), each board scanned every way the sweep can go.

use super::*;

use crate::grid::Cell;
use crate::path::best_path;
use crate::reference::{random_grid, reference_moves};
use crate::rng::SplitMix64;

/// Runs `f` three ways: every line checked at once and the hint searched from the top
/// without a limit; every line read run by run and the hint from a sweep; the defaults.
fn both_ways(mut f: impl FnMut(&str)) {
    for (force, budget, label) in
        [(Some(true), Some(usize::MAX), "checked, from the top"), (Some(false), Some(0), "run by run, swept")]
    {
        knobs::FORCE_CHECKED.set(force);
        knobs::TOP_BUDGET.set(budget);
        f(label);
    }
    knobs::FORCE_CHECKED.set(None);
    knobs::TOP_BUDGET.set(None);
    f("defaults");
}

fn cells(g: &Grid, pairs: &[(Tile, Tile)]) -> Vec<(Cell, Cell)> {
    let c = g.cols() as u32;
    let cell = |t: Tile| ((t / c) as i32, (t % c) as i32);
    pairs.iter().map(|&(a, b)| (cell(a), cell(b))).collect()
}

#[test]
fn matches_testing_every_pair_on_random_boards() {
    let mut rng = SplitMix64::new(77);
    let mut total = 0;
    for case in 0..4000 {
        let g = random_grid(&mut rng, case);
        let want = reference_moves(&g);
        let mut one = g.clone();
        for t in (0..g.kinds().len()).filter(|&t| g.kinds()[t] != 0) {
            one.set(t, 1);
        }
        let positional = reference_moves(&one).first().map(|&(a, b)| (one.index(a) as Tile, one.index(b) as Tile));
        both_ways(|how| {
            let got = moves(&g);
            assert_eq!(cells(&g, &got), want, "case {case} {how}: {g:?}");
            assert_eq!(move_count(&g), want.len(), "{how}");
            assert_eq!(hint(&g).map(|h| cells(&g, &[h])[0]), want.first().copied(), "{how}");
            assert_eq!(has_move(&g), !want.is_empty(), "{how}");
            assert_eq!(is_deadlocked(&g), g.remaining() > 0 && want.is_empty(), "{how}");
            assert_eq!(positional_hint(&g), positional, "{how}");
        });
        total += want.len();
    }
    assert!(total > 20_000, "too few moves exercised: {total}");
}

/// Every pair of tiles of one kind that a path query links, sorted.
fn linking_pairs(g: &Grid) -> Vec<(Tile, Tile)> {
    let mut by_kind: Vec<Vec<usize>> = vec![Vec::new(); g.max_kind() as usize + 1];
    for (i, &k) in g.kinds().iter().enumerate() {
        by_kind[k as usize].push(i);
    }
    let mut want = Vec::new();
    for tiles in &by_kind[1..] {
        for (n, &a) in tiles.iter().enumerate() {
            for &b in &tiles[n + 1..] {
                if best_path(g, g.cell(a), g.cell(b)).is_some() {
                    want.push((a as Tile, b as Tile));
                }
            }
        }
    }
    want.sort_unstable();
    want
}

/// The scan against path queries on boards of `rows x cols` up to `size`: big enough for
/// long corridors, tall stacks, big groups and the radix sort.
/// Returns the number of linking pairs seen.
fn check_bigger_boards(seed: u64, cases: usize, size: u64) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut total = 0;
    for case in 0..cases {
        let rows = 1 + rng.below(size) as usize;
        let cols = 1 + rng.below(size) as usize;
        let density = [2, 10, 30, 60, 90, 100][case % 6];
        let kinds_n = [1, 3, 40, 400][case % 4].min(1 + rows as u64 * cols as u64 / 50);
        let kinds: Vec<u16> = (0..rows * cols)
            .map(|_| if rng.below(100) < density { 1 + rng.below(kinds_n) as u16 } else { 0 })
            .collect();
        let g = Grid::new(rows, cols, kinds, case % 3 != 0).unwrap();
        let want = linking_pairs(&g);
        both_ways(|how| {
            let got = moves(&g);
            assert!(got == want, "case {case} {how}: {rows}x{cols} density {density} kinds {kinds_n}");
            assert_eq!(move_count(&g), want.len(), "case {case} {how}");
            assert_eq!(hint(&g), want.first().copied(), "case {case} {how}");
            assert_eq!(has_move(&g), !want.is_empty(), "case {case} {how}");
        });
        let mut one = g.clone();
        let tiles: Vec<usize> = (0..rows * cols).filter(|&i| g.kinds()[i] != 0).collect();
        for &t in &tiles {
            one.set(t, 1);
        }
        let positional = tiles.iter().enumerate().find_map(|(n, &a)| {
            let b = tiles[n + 1..].iter().find(|&&b| best_path(&one, g.cell(a), g.cell(b)).is_some())?;
            Some((a as Tile, *b as Tile))
        });
        both_ways(|how| assert_eq!(positional_hint(&g), positional, "case {case} {how}"));
        total += want.len();
    }
    total
}

#[test]
fn matches_path_queries_on_bigger_boards() {
    let total = check_bigger_boards(5, 80, 90);
    assert!(total > 200_000, "too few moves exercised: {total}");
}

#[test]
fn matches_path_queries_on_big_boards() {
    let total = check_bigger_boards(6, 12, 260);
    assert!(total > 100_000, "too few moves exercised: {total}");
}

#[test]
fn ring_links_edge_tiles_only_with_a_border() {
    let kinds = vec![1, 2, 1, 3, 4, 3, 5, 6, 5];
    // The 1s go round the top, the 5s round the bottom; the 3s would need four turns.
    let g = Grid::new(3, 3, kinds.clone(), true).unwrap();
    assert_eq!(moves(&g), vec![(0, 2), (6, 8)]);
    assert!(!is_deadlocked(&g));
    let g = Grid::new(3, 3, kinds, false).unwrap();
    assert_eq!(move_count(&g), 0);
    assert!(is_deadlocked(&g));
    assert_eq!(positional_hint(&g), Some((0, 1)));
}

#[test]
fn empty_board_is_cleared_not_deadlocked() {
    let g = Grid::new(2, 2, vec![0; 4], true).unwrap();
    assert!(!is_deadlocked(&g));
    assert_eq!((hint(&g), move_count(&g), moves(&g)), (None, 0, vec![]));
}

/// The pairs nearest a cell as docs/engine.md defines them: every move, sorted by (Chebyshev
/// distance of its nearer tile, a, c).
fn reference_near(g: &Grid, (pr, pc): (usize, usize)) -> Vec<(Tile, Tile)> {
    let dist = |t: Tile| {
        let (r, c) = (t as usize / g.cols(), t as usize % g.cols());
        r.abs_diff(pr).max(c.abs_diff(pc))
    };
    let mut all: Vec<_> = linking_pairs(g).into_iter().map(|(a, c)| (dist(a).min(dist(c)), a, c)).collect();
    all.sort_unstable();
    all.into_iter().map(|(_, a, c)| (a, c)).collect()
}

#[test]
fn pairs_near_a_cell_match_the_sorted_move_list() {
    let mut rng = SplitMix64::new(1414);
    let mut total = 0;
    for case in 0..1500 {
        let g = random_grid(&mut rng, case);
        let near = (rng.below(g.rows() as u64) as usize, rng.below(g.cols() as u64) as usize);
        let want = reference_near(&g, near);
        for budget in [Some(usize::MAX), Some(0), None] {
            knobs::NEAR_BUDGET.set(budget);
            for count in [1, 3, want.len() + 1] {
                let got = hints_near(&g, near, count);
                assert_eq!(got, want[..count.min(want.len())], "case {case} near {near:?} budget {budget:?}: {g:?}");
            }
        }
        knobs::NEAR_BUDGET.set(None);
        total += want.len();
    }
    assert!(total > 5_000, "too few moves exercised: {total}");
}

#[test]
fn partners_are_the_tiles_a_path_links() {
    let mut rng = SplitMix64::new(99);
    for case in 0..800 {
        let g = random_grid(&mut rng, case);
        let pairs = linking_pairs(&g);
        let mut found = Vec::new();
        for t in (0..g.kinds().len() as Tile).filter(|&t| g.kinds()[t as usize] != 0) {
            found.clear();
            partners(&g, t, &mut found);
            let mut want: Vec<Tile> = pairs
                .iter()
                .filter_map(|&(a, c)| {
                    if a == t {
                        Some(c)
                    } else if c == t {
                        Some(a)
                    } else {
                        None
                    }
                })
                .collect();
            want.sort_unstable();
            assert_eq!(found, want, "case {case} tile {t}: {g:?}");
        }
    }
}

#[test]
fn density_counts_the_tiles_with_a_partner() {
    let mut rng = SplitMix64::new(5);
    for case in 0..1500 {
        let g = random_grid(&mut rng, case);
        let block = 1 + rng.below(4) as usize;
        let mut linked = vec![false; g.kinds().len()];
        for (a, c) in linking_pairs(&g) {
            linked[a as usize] = true;
            linked[c as usize] = true;
        }
        let (br, bc) = (g.rows().div_ceil(block), g.cols().div_ceil(block));
        let mut want = vec![0u32; br * bc];
        for (t, &l) in linked.iter().enumerate() {
            want[(t / g.cols() / block) * bc + (t % g.cols()) / block] += l as u32;
        }
        both_ways(|how| assert_eq!(move_density(&g, block), (br, bc, want.clone()), "case {case} {how}: {g:?}"));
    }
}

#[test]
fn density_of_a_board_swept_on_two_threads_matches_the_move_list() {
    // 300x300 is over `TWO_THREADS` cells: the rows and the columns are marked apart, then merged.
    let mut rng = SplitMix64::new(11);
    for (fill, kinds, border) in [(50, 50, true), (10, 8, false), (90, 50, true), (50, 3000, false)] {
        let (rows, cols) = (300, 300);
        let cells: Vec<u16> =
            (0..rows * cols).map(|_| if rng.below(100) < fill { 1 + rng.below(kinds) as u16 } else { 0 }).collect();
        let g = Grid::new(rows, cols, cells, border).unwrap();
        let block = 7;
        let mut linked = vec![false; rows * cols];
        for (a, c) in moves(&g) {
            linked[a as usize] = true;
            linked[c as usize] = true;
        }
        let (br, bc) = (rows.div_ceil(block), cols.div_ceil(block));
        let mut want = vec![0u32; br * bc];
        for (t, &l) in linked.iter().enumerate() {
            want[(t / cols / block) * bc + (t % cols) / block] += l as u32;
        }
        assert_eq!(move_density(&g, block), (br, bc, want), "fill {fill}% of {kinds} kinds");
    }
}

/// The hint's search from the top settles the answer by itself when its budget allows (the
/// sweep is only for boards where it runs out, and `hint` gives the same answer either way,
/// so only this shows which one answered): with no limit it answers every board, the smallest
/// linking pair (positional: of any kinds) or none, and with a budget of nothing it gives up
/// before reading a tile.
#[test]
fn the_search_from_the_top_answers_within_its_budget_and_gives_up_past_it() {
    let mut rng = SplitMix64::new(41);
    for case in 0..2000 {
        let g = random_grid(&mut rng, case);
        let smallest = |g: &Grid| reference_moves(g).first().map(|&(a, b)| (g.index(a) as Tile, g.index(b) as Tile));
        let mut one = g.clone();
        for t in (0..g.kinds().len()).filter(|&t| g.kinds()[t] != 0) {
            one.set(t, 1);
        }
        assert_eq!(top::smallest_pair_from_the_top::<false>(&g, usize::MAX), Some(smallest(&g)), "case {case}: {g:?}");
        assert_eq!(top::smallest_pair_from_the_top::<true>(&g, usize::MAX), Some(smallest(&one)), "case {case}: {g:?}");
        if g.remaining() > 0 {
            assert_eq!(top::smallest_pair_from_the_top::<false>(&g, 0), None, "case {case}: {g:?}");
            assert_eq!(top::smallest_pair_from_the_top::<true>(&g, 0), None, "case {case}: {g:?}");
        }
    }
}

use super::*;
use crate::reference::{bfs_turns_steps, grid_of as grid, random_grid, reference_near_miss};
use crate::rng::SplitMix64;

#[test]
fn three_turns_where_two_do_not_reach() {
    // The 1s: (0, 0) leaves by (0, 1) only, (2, 3) by (1, 3) only; the ring changes nothing.
    for border in [false, true] {
        let g = grid(&[&[1, 0, 3, 3], &[3, 0, 0, 0], &[3, 3, 3, 1]], border);
        assert_eq!(best_path(&g, (0, 0), (2, 3)), None);
        let m = near_miss(&g, (0, 0), (2, 3)).unwrap();
        assert_eq!((m.corners(), m.length), (&[(0, 0), (0, 1), (1, 1), (1, 3), (2, 3)], 5));
    }
}

#[test]
fn refuses_pairs_that_link_or_are_not_pairs() {
    let g = grid(&[&[1, 0, 1], &[0, 0, 0]], false);
    assert!(reference_near_miss(&g, (0, 0), (0, 2)).is_none()); // links, by the reference too
    assert_eq!(near_miss(&g, (0, 0), (0, 2)), None); // links: not a miss, though three turns would do
    let g = grid(&[&[1, 1, 2], &[0, 0, 0], &[2, 3, 1]], false);
    assert_eq!(near_miss(&g, (0, 0), (0, 0)), None);
    assert_eq!(near_miss(&g, (0, 0), (2, 1)), None); // two kinds
    assert_eq!(near_miss(&g, (1, 0), (1, 1)), None); // empty
    assert_eq!(near_miss(&g, (0, 0), (9, 9)), None);
    assert_eq!(near_miss(&g, (-1, 0), (0, 0)), None);
    // Walled in: not even three turns.
    let g = grid(&[&[1, 2, 1], &[2, 2, 2]], false);
    assert_eq!(near_miss(&g, (0, 0), (0, 2)), None);
}

#[test]
fn the_smallest_corners_from_the_smaller_end_win_and_the_reverse_is_reversed() {
    // Two paths of 9 steps join the 1s: up and round the ring's left side (second corner
    // (-1, 1)), or right to the ring, down and back along row 3 (second corner (0, 3)).
    // Read from (0, 1), the smaller end, the first wins; read from (4, 0) it would lose.
    let g = grid(&[&[2, 1, 0], &[0, 3, 2], &[0, 0, 2], &[0, 0, 0], &[1, 3, 3]], true);
    let up = [(0, 1), (-1, 1), (-1, -1), (4, -1), (4, 0)];
    let m = near_miss(&g, (0, 1), (4, 0)).unwrap();
    assert_eq!((m.corners(), m.length), (&up, 9));
    let back = near_miss(&g, (4, 0), (0, 1)).unwrap();
    assert_eq!((back.corners(), back.length), (&m.reversed().corners, 9));
    assert_eq!(reference_near_miss(&g, (0, 1), (4, 0)), Some(m));
    // Round the ring's left side or its right, 8 steps each: the smaller corners, left.
    let g = grid(&[&[0, 1, 0], &[0, 1, 0], &[2, 1, 1]], true);
    let m = near_miss(&g, (0, 1), (2, 1)).unwrap();
    assert_eq!((m.corners(), m.length), (&[(0, 1), (0, -1), (3, -1), (3, 1), (2, 1)], 8));
}

/// A sweep's set drops exactly the position it is told to, in any word of the chunk, and
/// nothing for a position outside it; a set whose last position goes is empty. (`near_miss`
/// removes `a`'s own position, whose leg across could only make a link; keeping it would
/// change no answer, only keep the sweep's set alive longer: this is the set's own contract.)
#[test]
fn a_chunk_drops_exactly_the_position_removed() {
    let gone = [-1, 40, 62, 63, 100];
    let mut set = Chunk::<2>::new(-1, 126);
    for p in gone.into_iter().chain([-2, 127, 500]) {
        set.remove(p);
    }
    let kept: Vec<i32> = (-1..=126).filter(|&p| set.first_in(p, p) == Some(p)).collect();
    assert_eq!(kept, (-1..=126).filter(|p| !gone.contains(p)).collect::<Vec<i32>>());
    let mut pair = Chunk::<1>::new(3, 4);
    pair.remove(3);
    assert!(!pair.is_empty());
    pair.remove(4);
    assert!(pair.is_empty(), "both positions removed");
}

#[test]
fn long_runs_are_swept_a_chunk_at_a_time_with_the_same_answers() {
    // Boards far wider or taller than a chunk of one word (64 positions): the sets are
    // split at 64 positions, answers must not change; lengths are checked by the search.
    let mut rng = SplitMix64::new(5);
    let mut found = 0;
    for case in 0..60 {
        let (thin, long) = (2 + rng.below(6) as usize, 60 + rng.below(200) as usize);
        let (rows, cols) = if case % 2 == 0 { (thin, long) } else { (long, thin) };
        // Long lines each nearly empty, half full or nearly full, two kinds: long empty
        // runs, and pairs that need three turns.
        let density: Vec<u64> = (0..thin).map(|_| [2, 50, 95][rng.below(3) as usize]).collect();
        let kinds = (0..rows * cols).map(|i| {
            let line = if case % 2 == 0 { i / cols } else { i % cols };
            if rng.below(100) < density[line] {
                1 + rng.below(2) as u16
            } else {
                0
            }
        });
        let g = Grid::new(rows, cols, kinds.collect(), case % 4 < 2).unwrap();
        let tiles: Vec<Cell> = (0..rows * cols).map(|i| g.cell(i)).filter(|&c| g.kind(c) != 0).collect();
        for _ in 0..300 {
            let a = tiles[rng.below(tiles.len() as u64) as usize];
            let b = tiles[rng.below(tiles.len() as u64) as usize];
            if a == b || g.kind(a) != g.kind(b) || best_path(&g, a, b).is_some() {
                continue;
            }
            let (lo, hi) = (a.min(b), a.max(b));
            let whole = ordered::<CHUNK_WORDS>(&g, lo, hi);
            assert_eq!(ordered::<1>(&g, lo, hi), whole, "case {case} {a:?}->{b:?}");
            assert_eq!(whole.map(|m| (3, m.length)), bfs_turns_steps(&g, a, b, 3), "case {case}");
            found += whole.is_some() as usize;
        }
    }
    assert!(found > 300, "too few near misses: {found}");
}

#[test]
fn matches_the_brute_force_reference_on_random_boards() {
    let mut rng = SplitMix64::new(77);
    let (mut found, mut blocked) = (0, 0);
    for case in 0..2000 {
        let g = random_grid(&mut rng, case);
        let cells: Vec<Cell> = (0..g.rows() as i32).flat_map(|r| (0..g.cols() as i32).map(move |c| (r, c))).collect();
        for &a in &cells {
            for &b in &cells {
                let want = reference_near_miss(&g, a, b);
                let got = near_miss(&g, a, b);
                assert_eq!(got, want, "case {case} {a:?}->{b:?} on {g:?}");
                let pair = a != b && g.kind(a) != 0 && g.kind(a) == g.kind(b);
                if pair && best_path(&g, a, b).is_none() {
                    let bfs = bfs_turns_steps(&g, a, b, 3);
                    assert_eq!(got.map(|m| (NearMiss::TURNS, m.length)), bfs, "bfs case {case} {a:?}->{b:?}");
                    found += got.is_some() as usize;
                    blocked += got.is_none() as usize;
                }
            }
        }
    }
    eprintln!("{found} {blocked}");
    assert!(found > 2_000 && blocked > 2_000, "too few pairs exercised: {found} near misses, {blocked} blocked");
}

//! Re-arrange: re-deal the kinds over the occupied cells until the board has a move.

use crate::error::Error;
use crate::grid::Grid;
use crate::rng::SplitMix64;
use crate::scan;
use crate::slide;

/// How many random re-deals are tried before one is mended by hand.
const ATTEMPTS: usize = 64;

/// Re-deals the kinds over the occupied cells (docs/engine.md, "Shuffle"); positions are kept,
/// so the occupancy bitsets stay as they are. Afterwards the board has a move (or no tiles).
/// Refused, board unchanged, when no kind has two tiles ([`Error::ShuffleNoKindTwice`]) or no
/// two occupied cells can ever link ([`Error::ShuffleNoLink`]): then no arrangement has a move.
/// `slide`: "a move" and "can link" under the slide variant.
pub fn shuffle(g: &mut Grid, seed: u64, slide: bool) -> Result<(), Error> {
    let cells: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
    if cells.is_empty() {
        return Ok(());
    }
    // The faces move; which of them pair is the keys' business (docs/engine.md, "Rule
    // variants"): on a classic board the two are the same.
    let faces = g.faces();
    let original: Vec<u16> = cells.iter().map(|&i| faces[i]).collect();
    let Some(pair_kind) = smallest_repeated_kind(cells.iter().map(|&i| g.kinds()[i])) else {
        return Err(Error::ShuffleNoKindTwice);
    };
    let mut kinds = original.clone();
    let mut rng = SplitMix64::new(seed);
    for _ in 0..ATTEMPTS {
        for i in (1..kinds.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            kinds.swap(i, j);
        }
        write(g, &cells, &kinds);
        if slide::has_move(g, slide) {
            return Ok(());
        }
    }
    let Some((p, q)) = positional_hint(g, slide) else {
        write(g, &cells, &original);
        return Err(Error::ShuffleNoLink);
    };
    // Put the smallest repeated kind on the two cells that can link.
    let (p, q) = (p as usize, q as usize);
    let find = |g: &Grid, not: usize| cells.iter().copied().find(|&i| i != not && g.kinds()[i] == pair_kind);
    if g.kinds()[p] != pair_kind {
        let s = find(g, usize::MAX).expect("the kind has two tiles");
        swap(g, p, s);
    }
    if g.kinds()[q] != pair_kind {
        let s = find(g, p).expect("the kind has two tiles");
        swap(g, q, s);
    }
    Ok(())
}

/// Two occupied cells that would link if they held one kind (whatever the others hold: a link
/// reads occupancy alone, pushes too).
fn positional_hint(g: &Grid, slide: bool) -> Option<(scan::Tile, scan::Tile)> {
    if !slide {
        return scan::positional_hint(g);
    }
    let ones = g.kinds().iter().map(|&k| u16::from(k != 0)).collect();
    let all_one = Grid::new(g.rows(), g.cols(), ones, g.border()).ok()?;
    slide::hint(&all_one, true)
}

fn smallest_repeated_kind(kinds: impl IntoIterator<Item = u16>) -> Option<u16> {
    let mut count = vec![0u8; u16::MAX as usize + 1];
    let mut best: Option<u16> = None;
    for k in kinds {
        count[k as usize] = count[k as usize].saturating_add(1);
        if count[k as usize] == 2 && best.is_none_or(|b| k < b) {
            best = Some(k);
        }
    }
    best
}

fn write(g: &mut Grid, cells: &[usize], kinds: &[u16]) {
    for (&i, &k) in cells.iter().zip(kinds) {
        g.set(i, k);
    }
}

fn swap(g: &mut Grid, i: usize, j: usize) {
    let (ki, kj) = (g.face(i), g.face(j));
    g.set(i, kj);
    g.set(j, ki);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::random_grid;

    fn sorted(mut v: Vec<u16>) -> Vec<u16> {
        v.sort_unstable();
        v
    }

    #[test]
    fn keeps_positions_and_kinds_and_leaves_a_move() {
        let mut rng = SplitMix64::new(5);
        for case in 0..2000 {
            let mut g = random_grid(&mut rng, case);
            let before = g.clone();
            let outcome = shuffle(&mut g, case as u64, false);
            let occupied = |g: &Grid| g.kinds().iter().map(|&k| k != 0).collect::<Vec<_>>();
            assert_eq!(occupied(&g), occupied(&before));
            assert_eq!(sorted(g.kinds().to_vec()), sorted(before.kinds().to_vec()));
            match outcome {
                Ok(()) => assert!(g.remaining() == 0 || scan::has_move(&g), "case {case}"),
                Err(_) => {
                    assert_eq!(g, before);
                    let mut all_one = g.clone();
                    for i in 0..g.kinds().len() {
                        if g.kinds()[i] != 0 {
                            all_one.set(i, 1);
                        }
                    }
                    let impossible = smallest_repeated_kind(sorted(g.kinds().to_vec())).map(|k| k == 0).unwrap_or(true)
                        || !scan::has_move(&all_one);
                    assert!(impossible, "case {case} failed though a move was possible");
                }
            }
            let mut again = before.clone();
            assert_eq!(shuffle(&mut again, case as u64, false), outcome);
            assert_eq!(again, g, "same seed, same board");
        }
    }

    #[test]
    fn mends_by_hand_when_random_deals_keep_failing() {
        // Two tiles of kind 1 among unique kinds, no border, in a 1x6 row: only neighbours can
        // link, and random deals rarely put the 1s side by side; the result must link anyway.
        for seed in 0..50 {
            let mut g = Grid::new(2, 8, vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 1], false).unwrap();
            assert_eq!(shuffle(&mut g, seed, false), Ok(()));
            assert!(scan::has_move(&g));
        }
        let mut g = Grid::new(1, 3, vec![1, 0, 2], true).unwrap();
        assert_eq!(shuffle(&mut g, 1, false), Err(Error::ShuffleNoKindTwice));
        let mut g = Grid::new(3, 3, vec![1, 0, 0, 0, 0, 0, 0, 0, 1], false).unwrap();
        assert_eq!(shuffle(&mut g, 1, false), Ok(()));
    }
}

//! The corridor scans on big boards (up to 256x256), where their long-line, block and radix-sort
//! code runs: the board is random kinds at some density with empty rectangles cut out (long
//! corridors). Every pair is too many to test, so: the scans agree with each other; sampled
//! pairs of one kind link exactly when the move list has them; and the move list is the same,
//! cell for cell, on the board transposed and mirrored both ways (the rules do not care).

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use llk_core::grid::Grid;
use llk_core::path::best_path;
use llk_core::rng::SplitMix64;
use llk_core::scan::{self, Tile};
use llk_fuzz::{all_one, check_scans};

#[derive(Arbitrary, Debug)]
struct Input {
    rows: u8,
    cols: u8,
    border: bool,
    seed: u64,
    /// Share of cells holding a tile, in 256ths.
    density: u8,
    /// Kinds 1..=kinds; 0: kinds spread over the whole u16 range.
    kinds: u8,
    /// Empty rectangles: top, left, height, width.
    holes: Vec<(u8, u8, u8, u8)>,
    /// Pairs to test against the path finder: (tile, tile) picks.
    pairs: Vec<(u16, u16)>,
}

/// A board with the cells moved by `to(r, c) -> (r', c')` into a `rows x cols` grid.
fn moved(g: &Grid, rows: usize, cols: usize, to: impl Fn(usize, usize) -> (usize, usize)) -> Grid {
    let mut kinds = vec![0; rows * cols];
    for (i, &k) in g.kinds().iter().enumerate() {
        let (r, c) = to(i / g.cols(), i % g.cols());
        kinds[r * cols + c] = k;
    }
    Grid::new(rows, cols, kinds, g.border()).expect("same number of cells")
}

/// The moves of `g` carried over to the moved board, smaller cell first, sorted.
fn carried(
    g: &Grid,
    moves: &[(Tile, Tile)],
    cols: usize,
    to: impl Fn(usize, usize) -> (usize, usize),
) -> Vec<(Tile, Tile)> {
    let index = |t: Tile| {
        let (r, c) = to(t as usize / g.cols(), t as usize % g.cols());
        (r * cols + c) as Tile
    };
    let mut out: Vec<(Tile, Tile)> =
        moves.iter().map(|&(a, b)| (index(a).min(index(b)), index(a).max(index(b)))).collect();
    out.sort_unstable();
    out
}

/// The most tiles of one kind a board may hold.
const MOST_OF_A_KIND: usize = 600;

fuzz_target!(|input: Input| {
    let (rows, cols) = (1 + input.rows as usize, 1 + input.cols as usize);
    let mut rng = SplitMix64::new(input.seed);
    let kinds: Vec<u16> = (0..rows * cols)
        .map(|_| {
            if rng.below(256) >= input.density as u64 {
                return 0;
            }
            match input.kinds {
                0 => 1 + rng.below(65535) as u16,
                n => 1 + rng.below(n as u64) as u16,
            }
        })
        .collect();
    let mut g = Grid::new(rows, cols, kinds, input.border).expect("at most 256x256");
    for &(top, left, h, w) in input.holes.iter().take(8) {
        let (top, left) = (top as usize % rows, left as usize % cols);
        for r in top..(top + h as usize).min(rows) {
            for c in left..(left + w as usize).min(cols) {
                g.set(r * cols + c, 0);
            }
        }
    }

    // Thousands of tiles of one kind on a sparse board link in millions of pairs, seconds a
    // scan; a few hundred still make long move lists (radix sorted) at a fraction of the cost.
    let sorted = llk_fuzz::sorted_kinds(&g);
    if sorted.chunk_by(|a, b| a == b).any(|run| run.len() > MOST_OF_A_KIND) {
        return;
    }
    let moves = check_scans(&g);
    let tiles: Vec<usize> = (0..rows * cols).filter(|&i| g.kinds()[i] != 0).collect();
    if !tiles.is_empty() {
        for &(x, y) in input.pairs.iter().take(32) {
            let (a, b) = (tiles[x as usize % tiles.len()], tiles[y as usize % tiles.len()]);
            // Pairs of one kind are what matter: take b's kind for a when it differs.
            let b = if g.kinds()[a] == g.kinds()[b] { b } else { a.max(b) };
            let links = best_path(&g, g.cell(a), g.cell(b)).is_some();
            let listed = moves.binary_search(&(a.min(b) as Tile, a.max(b) as Tile)).is_ok();
            assert_eq!(links, listed, "tiles {a} and {b}: the path finder says {links}, the move list {listed}");
        }
    }
    let one = all_one(&g);
    assert_eq!(scan::positional_hint(&g), scan::hint(&one));

    let transpose = |r: usize, c: usize| (c, r);
    let mirror_h = |r: usize, c: usize| (r, cols - 1 - c);
    let mirror_v = |r: usize, c: usize| (rows - 1 - r, c);
    for (name, rows2, cols2, to) in [
        ("transposed", cols, rows, &transpose as &dyn Fn(usize, usize) -> (usize, usize)),
        ("mirrored left-right", rows, cols, &mirror_h),
        ("mirrored top-bottom", rows, cols, &mirror_v),
    ] {
        let other = moved(&g, rows2, cols2, to);
        assert_eq!(scan::moves(&other), carried(&g, &moves, cols2, to), "the moves {name}");
        assert_eq!(scan::move_count(&other), moves.len());
        assert_eq!(scan::is_deadlocked(&other), scan::is_deadlocked(&g));
    }
});

//! Paths and scans on one arbitrary board: every path returned is valid and the best one (a
//! brute-force reference agrees, corners included), `path(b, a)` is `path(a, b)` reversed, the
//! path finder and the classic line-scan test (`llk bench`'s contender) agree, and the corridor scans (hint, moves, move
//! count, deadlock, positional hint) agree with the path finder and with each other. Then a few
//! cells are rewritten and the bitsets must follow.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use llk_core::classic::ClassicGrid;
use llk_core::path::best_path;
use llk_core::scan;
use llk_fuzz::{all_linking_pairs, all_one, cell, check_grid, check_path, check_scans, reference_path, GridSpec};

#[derive(Arbitrary, Debug)]
struct Input {
    grid: GridSpec,
    /// Pairs of cells to find paths between: with the top bit of the first number, any two
    /// cells on the board or off it; without, a tile and a tile of its kind.
    queries: Vec<(u16, u16)>,
    /// Cells to rewrite afterwards: (cell, palette byte).
    writes: Vec<(u16, u8)>,
}

/// Above this many tiles, every pair is not tested against the scans.
const ALL_PAIRS_UP_TO: usize = 80;

fuzz_target!(|input: Input| {
    let Some(mut g) = input.grid.grid() else { return };
    check_grid(&g);
    let tiles: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
    for &(x, y) in input.queries.iter().take(12) {
        let (a, b) = if x & 0x8000 != 0 || tiles.is_empty() {
            (cell(&g, x, 2), cell(&g, y, 2))
        } else {
            let t = tiles[x as usize % tiles.len()];
            let kin: Vec<usize> = tiles.iter().copied().filter(|&u| g.kinds()[u] == g.kinds()[t]).collect();
            (g.cell(t), g.cell(kin[y as usize % kin.len()]))
        };
        let got = best_path(&g, a, b);
        assert_eq!(got.map(|p| p.corners().to_vec()), reference_path(&g, a, b), "path {a:?}-{b:?}");
        if let Some(p) = got {
            check_path(&g, a, b, &p);
            let back = best_path(&g, b, a).expect("links both ways");
            assert!(back.corners().iter().rev().eq(p.corners().iter()), "path(b, a) is not path(a, b) reversed");
        }
        if g.contains(a) && g.contains(b) {
            let classic = ClassicGrid { kinds: g.kinds(), rows: g.rows(), cols: g.cols(), border: g.border() };
            assert_eq!(classic.can_link(g.index(a), g.index(b)), got.is_some(), "classic test {a:?}-{b:?}");
        }
    }

    let moves = check_scans(&g);
    // A spread of the moves: their paths are the best ones too.
    for &(a, b) in moves.iter().step_by(moves.len() / 16 + 1) {
        let (a, b) = (g.cell(a as usize), g.cell(b as usize));
        let got = best_path(&g, a, b).map(|p| p.corners().to_vec());
        assert_eq!(got, reference_path(&g, a, b), "path {a:?}-{b:?}");
    }
    if g.remaining() <= ALL_PAIRS_UP_TO {
        assert_eq!(moves, all_linking_pairs(&g), "the scan and the path finder disagree");
    }
    // The positional hint is the hint of the board with one kind everywhere, and it exists
    // whenever two tiles do.
    let one = all_one(&g);
    assert_eq!(scan::positional_hint(&g), scan::hint(&one));
    assert_eq!(scan::positional_hint(&g).is_some(), g.remaining() >= 2);

    if input.writes.is_empty() {
        return;
    }
    for &(x, byte) in input.writes.iter().take(64) {
        let i = x as usize % g.kinds().len();
        let kind = input.grid.kind(byte);
        let old = g.kinds()[i];
        assert_eq!(g.set(i, kind), old);
        assert_eq!(g.kinds()[i], kind);
    }
    check_grid(&g);
    check_scans(&g);
});

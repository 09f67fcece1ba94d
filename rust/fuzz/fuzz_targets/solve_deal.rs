//! Deals and the solver on arbitrary layouts, gravities and kinds: a solvable deal fills exactly
//! the layout's cells with exactly the pairs asked for, comes with a solution that clears it, and
//! is the same for the same seed; the solver never calls a board with a known solution
//! unsolvable and its own solutions clear the board; a solvable shuffle keeps positions and
//! kinds. Calls stopped by their `stop` hook either finish as they would have or give up with
//! nothing changed.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use llk_core::board::Board;
use llk_core::deal::DealVersion;
use llk_core::error::Error;
use llk_core::grid::Grid;
use llk_core::scan;
use llk_core::solve::{solve, solve_until, Status};
use llk_fuzz::{gravity, occupancy, replay, sorted_kinds, GridSpec};
use std::cell::Cell;

#[derive(Arbitrary, Debug)]
struct Input {
    /// The layout: the occupied cells of this board are the tile cells.
    layout: GridSpec,
    gravity: u8,
    /// Kinds of the pairs, cycled; empty: kinds 1..=n.
    kinds: Vec<u16>,
    kinds_n: u16,
    seed: u64,
    budget: u16,
    /// After how many polls the stop hook says stop.
    stop_after: u8,
}

/// A hook that says stop from its `after`-th poll on.
fn stop_after(after: u8) -> impl Fn() -> bool {
    let polls = Cell::new(0u32);
    move || {
        polls.set(polls.get() + 1);
        polls.get() > after as u32
    }
}

fuzz_target!(|input: Input| {
    let Some(mut layout) = input.layout.grid() else { return };
    // An even number of tile cells: the last one goes when there is an odd one out.
    if layout.remaining() % 2 == 1 {
        let last = (0..layout.kinds().len()).rev().find(|&i| layout.kinds()[i] != 0).expect("a tile");
        layout.set(last, 0);
    }
    let pairs = layout.remaining() / 2;
    let pair_kinds: Vec<u16> = (0..pairs)
        .map(|i| match input.kinds.len() {
            0 => 1 + (i % (input.kinds_n as usize).max(1)) as u16,
            n => input.kinds[i % n].max(1),
        })
        .collect();
    let gravity = gravity(input.gravity);
    let mut want: Vec<u16> = pair_kinds.iter().flat_map(|&k| [k, k]).collect();
    want.sort_unstable();

    let mut board = Board::new(layout.clone(), gravity);
    let solution = board.deal(&pair_kinds, input.seed, true).expect("the pairs fill the layout").expect("solvable");
    assert_eq!(occupancy(board.grid()), occupancy(&layout));
    assert_eq!(sorted_kinds(board.grid()), want);
    assert_eq!(solution.len(), pairs);
    replay(&board, &solution);
    let mut again = Board::new(layout.clone(), gravity);
    assert_eq!(again.deal(&pair_kinds, input.seed, true), Ok(Some(solution.clone())));
    assert_eq!(again.grid().kinds(), board.grid().kinds(), "same seed, another deal");

    // Version 1 (old share codes): the same promises, by its own rules.
    let mut old = Board::new(layout.clone(), gravity);
    let old_solution = old
        .deal_until(&pair_kinds, input.seed, true, DealVersion::OneTurn, &|| false)
        .expect("the pairs fill the layout")
        .expect("solvable");
    assert_eq!(occupancy(old.grid()), occupancy(&layout));
    assert_eq!(sorted_kinds(old.grid()), want);
    assert_eq!(old_solution.len(), pairs);
    replay(&old, &old_solution);

    // Stopped: the same deal, or nothing changed.
    let mut stopped = Board::new(layout.clone(), gravity);
    let stop = stop_after(input.stop_after);
    match stopped.deal_until(&pair_kinds, input.seed, true, DealVersion::LATEST, &stop) {
        Ok(s) => assert_eq!((s, stopped.grid().kinds()), (Some(solution.clone()), board.grid().kinds())),
        Err(Error::Interrupted) => assert_eq!(stopped.grid(), &layout),
        Err(e) => panic!("deal_until: {e:?}"),
    }

    // A miscounted deal is refused, the board unchanged.
    if pairs > 0 {
        let mut short = Board::new(layout.clone(), gravity);
        let refused = short.deal(&pair_kinds[1..], input.seed, input.seed.is_multiple_of(2));
        assert_eq!(refused, Err(Error::DealPairCount { tiles: 2 * pairs, pairs: pairs - 1 }));
        assert_eq!(short.grid(), &layout);
    }

    // A random deal: the same cells and kinds.
    let mut random = Board::new(layout.clone(), gravity);
    assert_eq!(random.deal(&pair_kinds, input.seed, false), Ok(None));
    assert_eq!((occupancy(random.grid()), sorted_kinds(random.grid())), (occupancy(&layout), want.clone()));

    // The solver: never "unsolvable" for the solvable deal; its solutions clear the board.
    // A state costs a scan of the board and a sort of its moves: fewer states on bigger boards.
    let work = layout.kinds().len() + scan::move_count(board.grid()).max(scan::move_count(random.grid()));
    let budget = (input.budget as u64 % 512).min(1 + 1_000_000 / work as u64);
    for (b, solvable) in [(&board, true), (&random, false)] {
        let found = solve(b, budget);
        assert!(found.states <= budget);
        match found.status {
            Status::Solved => replay(b, &found.moves),
            Status::Unsolvable => assert!(!solvable, "a dealt solution exists, yet the solver proved none: {b:?}"),
            Status::Unknown => assert!(found.moves.is_empty()),
            Status::TimedOut => panic!("timed out without a time limit: {b:?}"),
        }
        // Stopped, it gives up (Interrupted) or finds what it found unstopped.
        if let Ok(s) = solve_until(b, budget, &stop_after(input.stop_after)) {
            assert_eq!(s, found);
        }
    }

    // A solvable shuffle of the dealt board, played partway: positions and kinds kept.
    let mut b = board.clone();
    for &(x, y) in solution.iter().take(pairs / 2) {
        let g = b.grid();
        b.remove(g.cell(x as usize), g.cell(y as usize)).expect("the solution's move");
    }
    let before: Grid = b.grid().clone();
    let undo = b.history().undo_len();
    match b.shuffle_solvable_until(input.seed ^ 1, &stop_after(input.stop_after)) {
        Ok(s) => {
            assert_eq!((occupancy(b.grid()), sorted_kinds(b.grid())), (occupancy(&before), sorted_kinds(&before)));
            replay(&b, &s);
            assert_eq!(b.history().undo_len(), undo + 1);
            assert!(b.undo().is_ok());
            assert_eq!(b.grid().kinds(), before.kinds());
        }
        Err(Error::Interrupted) => {
            assert_eq!(b.grid(), &before);
            assert_eq!(b.history().undo_len(), undo);
        }
        Err(e) => panic!("shuffle_solvable: {e:?}"),
    }
});

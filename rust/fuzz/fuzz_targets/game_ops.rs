//! A game on an arbitrary board under any gravity: removals of pairs that may not link, moves
//! taken from the move list, shuffles, solvable shuffles, mirrors, obstacles, deals, small
//! solves, undo and redo, in any order. After each step the board must be what the rules say:
//! removals take exactly the pair and compact exactly the touched segments, slides say how;
//! shuffles keep every position and kind; a refused change changes nothing and records nothing;
//! undo gives back the exact board before the change, redo the one after; the scans agree.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use llk_core::board::{Axis, Board};
use llk_core::error::Error;
use llk_core::grid::Grid;
use llk_core::scan::{self, Tile};
use llk_core::solve::{solve, Status};
use llk_fuzz::{
    cell, check_grid, check_path, check_scans, gravity, occupancy, replay, settled, sorted_kinds, GridSpec,
};

#[derive(Debug)]
enum Op {
    /// A tile and a tile of its kind (linking or not); or, for a second number from 240 on, a
    /// tile and any cell, on the board, on the ring or beyond.
    Remove(u8, u8),
    /// The n-th move of the move list.
    RemoveMove(u16),
    /// The next move of the last known solution.
    RemoveSolutionMove,
    Shuffle(u64),
    ShuffleSolvable(u64),
    Mirror(bool),
    Obstacles(u8, u64),
    /// Obstacles by the billion: must be refused, not overflow.
    HugeObstacles(u64),
    Undo,
    Redo,
    Solve(u8),
    /// Deal over the occupied cells: kinds from the palette byte, seed, solvable; `miscount`
    /// drops a pair so that the count is wrong.
    Deal {
        kinds: u8,
        seed: u64,
        solvable: bool,
        miscount: bool,
    },
}

impl Op {
    /// Three bytes an op: libFuzzer starts with short inputs, and those must already hold a
    /// game of several steps.
    fn decode([op, x, y]: [u8; 3]) -> Op {
        let n = u16::from_le_bytes([x, y]);
        match op % 12 {
            0 => Op::Remove(x, y),
            1 => Op::RemoveMove(n),
            2 => Op::RemoveSolutionMove,
            3 => Op::Shuffle(n as u64),
            4 => Op::ShuffleSolvable(n as u64),
            5 => Op::Mirror(x % 2 == 0),
            6 => Op::Obstacles(x % 9, y as u64),
            7 => Op::HugeObstacles(n as u64),
            8 => Op::Undo,
            9 => Op::Redo,
            10 => Op::Solve(x),
            _ => Op::Deal { kinds: x, seed: y as u64, solvable: op / 12 % 2 == 0, miscount: op / 12 % 8 == 7 },
        }
    }
}

#[derive(Arbitrary, Debug)]
struct Input {
    grid: GridSpec,
    gravity: u8,
    ops: Vec<[u8; 3]>,
}

/// The history as the board should have it: the grid before each change that can be undone,
/// and after each that can be redone.
#[derive(Default)]
struct Model {
    done: Vec<Grid>,
    undone: Vec<Grid>,
    /// A solution of the current board, and how far it has been played.
    solution: Option<(Vec<(Tile, Tile)>, usize)>,
}

fuzz_target!(|input: Input| {
    let Some(grid) = input.grid.grid() else { return };
    let gravity = gravity(input.gravity);
    let mut board = Board::new(grid, gravity);
    let mut model = Model::default();
    for op in input.ops.iter().take(48).map(|&bytes| Op::decode(bytes)) {
        let before = board.grid().clone();
        // Did the op change the board and record the change (false: it must have done neither)?
        let recorded = match op {
            Op::Remove(x, y) => {
                let tiles: Vec<usize> = (0..before.kinds().len()).filter(|&i| before.kinds()[i] != 0).collect();
                if tiles.is_empty() {
                    continue;
                }
                let t = tiles[x as usize % tiles.len()];
                let b = if y >= 240 {
                    cell(&before, u16::from_le_bytes([x, y]), 2)
                } else {
                    let kin: Vec<usize> =
                        tiles.into_iter().filter(|&u| before.kinds()[u] == before.kinds()[t]).collect();
                    before.cell(kin[y as usize % kin.len()])
                };
                remove(&mut board, before.cell(t), b)
            }
            Op::RemoveMove(n) => {
                let moves = scan::moves(&before);
                if moves.is_empty() {
                    continue;
                }
                let (a, b) = moves[n as usize % moves.len()];
                let done = remove(&mut board, before.cell(a as usize), before.cell(b as usize));
                assert!(done, "a listed move was refused");
                let next = model.solution.as_ref().and_then(|(s, at)| s.get(*at).copied());
                model.solution = model.solution.take().filter(|_| next == Some((a, b))).map(|(s, at)| (s, at + 1));
                done
            }
            Op::RemoveSolutionMove => {
                let Some((s, at)) = model.solution.as_mut() else { continue };
                let Some(&(a, b)) = s.get(*at) else { continue };
                *at += 1;
                assert!(remove(&mut board, before.cell(a as usize), before.cell(b as usize)), "a solution move");
                true
            }
            Op::Shuffle(seed) => {
                let outcome = board.shuffle(seed);
                let g = board.grid();
                assert_eq!((occupancy(g), sorted_kinds(g)), (occupancy(&before), sorted_kinds(&before)));
                match outcome {
                    Ok(()) => {
                        assert!(g.remaining() == 0 || scan::has_move(g), "a shuffle left no move");
                        model.solution = None;
                        true
                    }
                    Err(Error::ShuffleNoKindTwice | Error::ShuffleNoLink) => false,
                    Err(e) => panic!("shuffle: {e:?}"),
                }
            }
            Op::ShuffleSolvable(seed) => match board.shuffle_solvable(seed) {
                Ok(solution) => {
                    let g = board.grid();
                    assert_eq!((occupancy(g), sorted_kinds(g)), (occupancy(&before), sorted_kinds(&before)));
                    replay(&board, &solution);
                    model.solution = Some((solution, 0));
                    true
                }
                Err(Error::DealOddKind { kind, count }) => {
                    assert_eq!(before.kinds().iter().filter(|&&k| k == kind).count(), count);
                    assert!(count % 2 == 1);
                    false
                }
                Err(e) => panic!("shuffle_solvable: {e:?}"),
            },
            Op::Mirror(h) => {
                board.mirror(if h { Axis::Horizontal } else { Axis::Vertical });
                let (g, rows, cols) = (board.grid(), before.rows(), before.cols());
                for (i, &k) in before.kinds().iter().enumerate() {
                    let (r, c) = (i / cols, i % cols);
                    let to = if h { r * cols + cols - 1 - c } else { (rows - 1 - r) * cols + c };
                    assert_eq!(g.kinds()[to], k);
                }
                model.solution = None;
                true
            }
            Op::Obstacles(pairs, seed) => obstacles(&mut board, pairs as usize % 9, seed, &mut model),
            Op::HugeObstacles(pairs) => {
                obstacles(&mut board, usize::MAX - (pairs % 4) as usize, pairs, &mut model);
                false
            }
            Op::Undo => {
                let undone = board.undo().is_ok();
                assert_eq!(undone, !model.done.is_empty());
                if let Some(want) = model.done.pop() {
                    assert_eq!(board.grid().kinds(), want.kinds(), "undo did not restore the board");
                    model.undone.push(before);
                }
                model.solution = None;
                check(&board, &model);
                continue;
            }
            Op::Redo => {
                let redone = board.redo().is_ok();
                assert_eq!(redone, !model.undone.is_empty());
                if let Some(want) = model.undone.pop() {
                    assert_eq!(board.grid().kinds(), want.kinds(), "redo did not re-apply the change");
                    model.done.push(before);
                }
                model.solution = None;
                check(&board, &model);
                continue;
            }
            Op::Solve(budget) => {
                // A state costs a scan of the board and a sort of its moves: fewer states on
                // bigger boards.
                let work = before.kinds().len() + scan::move_count(&before);
                let budget = (budget as u64).min(1 + 1_000_000 / work as u64);
                let found = solve(&board, budget);
                assert!(found.states <= budget);
                match found.status {
                    Status::Solved => replay(&board, &found.moves),
                    Status::Unsolvable => {
                        assert!(model.solution.is_none(), "a board with a solution proved unsolvable")
                    }
                    Status::Unknown => assert!(found.moves.is_empty()),
                    Status::TimedOut => panic!("timed out without a time limit"),
                }
                assert_eq!(board.grid(), &before, "solve changed the board");
                false
            }
            Op::Deal { kinds, seed, solvable, miscount } => {
                let pairs = before.remaining() / 2 - (miscount && before.remaining() >= 2) as usize;
                let pair_kinds: Vec<u16> =
                    (0..pairs).map(|i| input.grid.kind(kinds.wrapping_add(i as u8)).max(1)).collect();
                match board.deal(&pair_kinds, seed, solvable) {
                    Ok(solution) => {
                        let g = board.grid();
                        assert_eq!(occupancy(g), occupancy(&before));
                        let mut want: Vec<u16> = pair_kinds.iter().flat_map(|&k| [k, k]).collect();
                        want.sort_unstable();
                        assert_eq!(sorted_kinds(g), want);
                        assert_eq!(solution.is_some(), solvable);
                        if let Some(s) = &solution {
                            replay(&board, s);
                        }
                        assert!(board.undo().is_err() && board.redo().is_err(), "a deal starts a new history");
                        model = Model { solution: solution.map(|s| (s, 0)), ..Model::default() };
                    }
                    Err(Error::DealPairCount { tiles, pairs: p }) => {
                        assert_eq!((tiles, p), (before.remaining(), pair_kinds.len()));
                        assert_ne!(tiles, 2 * p);
                        assert_eq!(board.grid(), &before);
                    }
                    Err(e) => panic!("deal: {e:?}"),
                }
                check(&board, &model);
                continue;
            }
        };
        let history = board.history();
        if recorded {
            assert_eq!((history.undo_len(), history.redo_len()), (model.done.len() + 1, 0), "{op:?} not recorded");
            // The entry says what was done, and its changes turn the board before into the one after.
            let entry = history.done().last().expect("recorded");
            let name = match op {
                Op::Remove(..) | Op::RemoveMove(_) | Op::RemoveSolutionMove => "remove",
                Op::Shuffle(_) | Op::ShuffleSolvable(_) => "shuffle",
                Op::Mirror(_) => "mirror",
                _ => "obstacles",
            };
            assert_eq!(entry.action.name(), name, "{op:?} recorded as {:?}", entry.action);
            let mut replayed = before.kinds().to_vec();
            for c in &entry.changes {
                assert_eq!(replayed[c.index as usize], c.old, "{op:?}: a change from a kind that was not there");
                replayed[c.index as usize] = c.new;
            }
            assert_eq!(&replayed[..], board.grid().kinds(), "{op:?}: the changes do not make the board");
            // Undone at once, the board is the one before; redone, the one after, history and all.
            let after = board.grid().clone();
            assert!(board.undo().is_ok());
            assert_eq!(board.grid().kinds(), before.kinds(), "undo after {op:?}");
            assert!(board.redo().is_ok());
            assert_eq!(board.grid().kinds(), after.kinds(), "redo after {op:?}");
            model.done.push(before);
            model.undone.clear();
        } else {
            assert_eq!(board.grid(), &before, "{op:?} was refused but changed the board");
            assert_eq!((history.undo_len(), history.redo_len()), (model.done.len(), model.undone.len()));
        }
        check(&board, &model);
    }
});

/// The board's grid and history are in step with the model, and its scans agree.
fn check(board: &Board, model: &Model) {
    let history = board.history();
    assert_eq!((history.undo_len(), history.redo_len()), (model.done.len(), model.undone.len()));
    check_grid(board.grid());
    check_scans(board.grid());
}

/// Removes `a` and `b` when they link, and checks what came of it; true when removed.
fn remove(board: &mut Board, a: (i32, i32), b: (i32, i32)) -> bool {
    let before = board.grid().clone();
    let Ok(removal) = board.remove(a, b) else {
        return false;
    };
    check_path(&before, a, b, &removal.path);
    let g = board.grid();
    assert_eq!(g.remaining() + 2, before.remaining());
    let want = settled(&before, board.gravity(), a, b);
    assert_eq!(g.kinds(), &want[..], "the removal or the slides went wrong");
    // The slides move the tiles left after the removal to where they are now.
    assert!(removal.slides.windows(2).all(|w| w[0].0 < w[1].0), "slides not sorted by their start");
    let mut cleared = before.kinds().to_vec();
    cleared[before.index(a)] = 0;
    cleared[before.index(b)] = 0;
    let mut moved = cleared.clone();
    for &(from, _) in &removal.slides {
        assert_ne!(cleared[before.index(from)], 0, "a slide from an empty cell");
        moved[before.index(from)] = 0;
    }
    for &(from, to) in &removal.slides {
        assert_ne!(from, to);
        moved[before.index(to)] = cleared[before.index(from)];
    }
    assert_eq!(moved, want, "the slides do not say how the tiles moved");
    true
}

/// Adds obstacles and checks the outcome; true when added.
fn obstacles(board: &mut Board, pairs: usize, seed: u64, model: &mut Model) -> bool {
    let before = board.grid().clone();
    let empty = before.kinds().iter().filter(|&&k| k == 0).count();
    match board.add_obstacles(pairs, seed) {
        Ok(()) => {
            let g = board.grid();
            assert_eq!(g.remaining(), before.remaining() + 2 * pairs);
            for (i, (&old, &new)) in before.kinds().iter().zip(g.kinds()).enumerate() {
                if old != new {
                    assert_eq!(old, 0, "an obstacle over a tile at {i}");
                    assert!(before.kinds().contains(&new), "an obstacle of a new kind {new}");
                }
            }
            model.solution = None;
            true
        }
        Err(Error::ObstaclesNoKinds) => {
            assert_eq!(before.remaining(), 0);
            false
        }
        Err(Error::ObstaclesNoRoom { pairs: p, empty: e }) => {
            assert_eq!((p, e), (pairs, empty));
            assert!(empty < pairs.saturating_mul(2));
            false
        }
        Err(e) => panic!("add_obstacles: {e:?}"),
    }
}

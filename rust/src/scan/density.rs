//! Where the moves are: per block of cells, how many tiles have a partner. The minimap's
//! "where to look", from one sweep of the corridors (as `move_count`), each tile marked once
//! however many partners it has.
//!
//! The marks of the two directions are independent until they are counted, so on a big board
//! the rows (with the 4-neighbours) and the columns are swept on two threads, each marking its
//! own copy, and the copies are merged as they are counted: half the wall time on two cores.

use super::adjacent::for_each_adjacent_pair;
use super::kinds::{kind_runs, small_pairs, sorted, SMALL};
use super::sweep::{for_each_col_group, for_each_group, for_each_row_group};
use super::{tile, Member};
use crate::grid::Grid;
use std::ops::ControlFlow;

/// Boards of at least this many cells sweep their columns on a second thread: below it, starting
/// one costs more than it saves.
const TWO_THREADS: usize = 1 << 16;

/// Counts, row-major over `ceil(rows / block) x ceil(cols / block)` blocks, of the tiles in each
/// block that link with at least one other tile. `block >= 1`.
pub fn move_density(g: &Grid, block: usize) -> (usize, usize, Vec<u32>) {
    let (rows, cols) = (g.rows(), g.cols());
    let (br, bc) = (rows.div_ceil(block), cols.div_ceil(block));
    let mut counts = vec![0u32; br * bc];
    if g.remaining() < 2 {
        return (br, bc, counts);
    }
    let mut linked = vec![0u8; rows * cols];
    mark_adjacent(g, &mut linked);
    if rows * cols < TWO_THREADS {
        let mut marks = Marks::new(&mut linked);
        let _ = for_each_group::<false>(g, |members, _| marks.group(members));
    } else {
        let across = std::thread::scope(|s| {
            let columns = std::thread::Builder::new().spawn_scoped(s, || {
                let mut linked = vec![0u8; rows * cols];
                let mut marks = Marks::new(&mut linked);
                let _ = for_each_col_group::<false>(g, |members, _| marks.group(members));
                linked
            });
            let mut marks = Marks::new(&mut linked);
            let _ = for_each_row_group::<false>(g, |members, _| marks.group(members));
            // Without a thread to be had, the columns are swept here, after the rows.
            columns.ok().and_then(|t| t.join().ok())
        });
        match across {
            Some(across) => linked.iter_mut().zip(&across).for_each(|(l, &a)| *l |= a),
            None => {
                let mut marks = Marks::new(&mut linked);
                let _ = for_each_col_group::<false>(g, |members, _| marks.group(members));
            }
        }
    }
    // Summed a block's width at a time: no division per cell.
    for (r, line) in linked.chunks_exact(cols).enumerate() {
        let counts = &mut counts[(r / block) * bc..(r / block + 1) * bc];
        for (count, cells) in counts.iter_mut().zip(line.chunks(block)) {
            *count += cells.iter().map(|&l| l as u32).sum::<u32>();
        }
    }
    (br, bc, counts)
}

fn mark_adjacent(g: &Grid, linked: &mut [u8]) {
    let _ = for_each_adjacent_pair::<false>(g, |a, b| {
        linked[a as usize] = 1;
        linked[b as usize] = 1;
        ControlFlow::Continue(())
    });
}

/// Marks, per cell, the tiles met in a group with a tile of their kind.
struct Marks<'a> {
    linked: &'a mut [u8],
    scratch: Vec<Member>,
}

impl<'a> Marks<'a> {
    fn new(linked: &'a mut [u8]) -> Self {
        Marks { linked, scratch: Vec::new() }
    }

    fn group(&mut self, members: &[Member]) -> ControlFlow<()> {
        let linked = &mut *self.linked;
        if members.len() <= SMALL {
            small_pairs(members, |x, y| {
                if x != y {
                    linked[x as usize] = 1;
                    linked[y as usize] = 1;
                }
            });
        } else {
            for run in kind_runs(sorted(members, &mut self.scratch)) {
                // A tile met twice in one group is not its own partner.
                if run.first().map(|&m| tile(m)) != run.last().map(|&m| tile(m)) {
                    run.iter().for_each(|&m| linked[tile(m) as usize] = 1);
                }
            }
        }
        ControlFlow::Continue(())
    }
}

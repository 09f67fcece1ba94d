//! Where the moves are: per block of cells, how many tiles have a partner. The minimap's
//! "where to look", from one sweep of the corridors (as `move_count`), each tile marked once
//! however many partners it has.

use super::adjacent::for_each_adjacent_pair;
use super::kinds::{kind_runs, small_pairs, sorted, SMALL};
use super::sweep::for_each_group;
use super::tile;
use crate::grid::Grid;
use std::ops::ControlFlow;

/// Counts, row-major over `ceil(rows / block) x ceil(cols / block)` blocks, of the tiles in each
/// block that link with at least one other tile. `block >= 1`.
pub fn move_density(g: &Grid, block: usize) -> (usize, usize, Vec<u32>) {
    let (rows, cols) = (g.rows(), g.cols());
    let (br, bc) = (rows.div_ceil(block), cols.div_ceil(block));
    let mut counts = vec![0u32; br * bc];
    if g.remaining() < 2 {
        return (br, bc, counts);
    }
    let mut linked = vec![false; rows * cols];
    let _ = for_each_adjacent_pair::<false>(g, |a, b| {
        linked[a as usize] = true;
        linked[b as usize] = true;
        ControlFlow::Continue(())
    });
    let mut scratch = Vec::new();
    let _ = for_each_group::<false>(g, |members, _| {
        if members.len() <= SMALL {
            small_pairs(members, |x, y| {
                if x != y {
                    linked[x as usize] = true;
                    linked[y as usize] = true;
                }
            });
        } else {
            for run in kind_runs(sorted(members, &mut scratch)) {
                // A tile met twice in one group is not its own partner.
                if run.first().map(|&m| tile(m)) != run.last().map(|&m| tile(m)) {
                    run.iter().for_each(|&m| linked[tile(m) as usize] = true);
                }
            }
        }
        ControlFlow::Continue(())
    });
    for (r, line) in linked.chunks_exact(cols).enumerate() {
        let counts = &mut counts[(r / block) * bc..(r / block + 1) * bc];
        for (c, &l) in line.iter().enumerate() {
            counts[c / block] += l as u32;
        }
    }
    (br, bc, counts)
}

//! Hint, move list, move count and deadlock verdict: one sweep over the board's corridors.
//!
//! A corridor is a maximal straight run of empty cells; two tiles of one kind link exactly when
//! they are 4-neighbours or both are members of one corridor (its end tiles, and the nearest
//! tile on each side of each of its cells). docs/engine.md proves it. So instead of a path search
//! per pair of tiles, one pass over the board lists every corridor with its members, and the
//! members that share a kind are the linking pairs.
//!
//! How the pass stays cheap on a board of a million cells:
//!
//! - 4-neighbour pairs are found by comparing each row with itself shifted by one and with the
//!   next row, whole slices at a time (the compiler vectorises it).
//! - Corridors are read line by line, the rows over the row-major kinds and the columns over a
//!   column-major copy made for the sweep, so every read is sequential. Per position the sweep
//!   keeps the nearest tile above (carried from line to line) and the nearest tile below (filled
//!   in bottom-up, a block of lines at a time); with the tiles that end each cell's run, comparing these arrays
//!   a whole line at a time, without a branch on where runs start and end, finds the runs that
//!   hold two members of one kind. Only those, and the long runs, are listed member by member:
//!   on a busy board most runs hold no pair and are never listed. (Short lines, on small boards,
//!   are simply read run by run.)
//! - Runs of one span on consecutive lines form an empty rectangle, any two of whose members
//!   link, and share their side tiles: a stack of long runs is one group, listed once, instead
//!   of once per line with the same pairs again.
//! - A group of a few members is searched by comparing each member with all at once; a big one
//!   is sorted by kind.
//! - The move list and count gather the corridor pairs that are not 4-neighbours (those are
//!   counted apart) and drop repeats (a pair is often in several corridors) by a radix sort.
//!
//! The rooms, in the order a scan goes through them:
//!
//! - this file: the public entry points, and what each makes of the sweep's groups;
//! - `adjacent`: the linking 4-neighbours;
//! - `lines`: the board read as lines (rows, or columns), the view the sweep walks;
//! - `sweep`: every corridor as a group of members, stacks of long runs merged;
//! - `checks`: the branch-free checks of whole lines that let the sweep skip most runs;
//! - `kinds`: which members of a group share a kind;
//! - `keys`: the move list's pairs as keys, sorted and without repeats;
//! - `top`: the hint's search from the top, which on a board in play beats a sweep;
//! - `near`: the pairs nearest a cell, searched outward from it;
//! - `density`: per block of cells, the tiles that have a partner (the minimap's heat).

mod adjacent;
mod checks;
mod density;
mod keys;
mod kinds;
mod lines;
pub(crate) mod near;
mod sweep;
mod top;

#[cfg(test)]
mod tests;

use crate::grid::Grid;
use adjacent::{count_adjacent_pairs, for_each_adjacent_pair, has_adjacent_pair};
use keys::{corridor_pairs, corridor_pairs_into, key_shift};
use kinds::{has_repeat, kind_runs, small_pairs, sorted, SMALL};
use std::ops::ControlFlow;
use sweep::for_each_group;

pub use density::move_density;
pub use near::{hints_near, partners};
use top::smallest_pair_from_the_top;

/// A tile as its cell index, `row * cols + col` (row-major, so index order is cell order).
pub type Tile = u32;

/// A member of a group of tiles that all link with each other when they share a kind: the kind
/// the scan counts it as (high half) and its tile (low half), packed so that choosing between
/// two members is one conditional move.
type Member = u64;

#[inline(always)]
fn member(kind: u16, tile: Tile) -> Member {
    (kind as u64) << 32 | tile as u64
}

#[inline(always)]
fn kind(m: Member) -> u16 {
    (m >> 32) as u16
}

#[inline(always)]
fn tile(m: Member) -> Tile {
    m as Tile
}

/// Do two members of a group share a kind? Stops at the first such group.
fn has_pair(g: &Grid) -> bool {
    if has_adjacent_pair::<false>(g) {
        return true;
    }
    let mut scratch = Vec::new();
    for_each_group::<false>(g, |members, sure| {
        if sure || has_repeat(members, &mut scratch) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

/// The smallest linking pair (with `ONE`, the smallest that would link were every tile one
/// kind) from a sweep of the whole board: the hint when the search from the top gave up.
fn smallest_pair<const ONE: bool>(g: &Grid) -> Option<(Tile, Tile)> {
    let mut best: Option<(Tile, Tile)> = None;
    let _ = for_each_adjacent_pair::<ONE>(g, |a, b| {
        best = Some((a, b));
        ControlFlow::Break(())
    });
    let mut consider = |x: Tile, y: Tile| {
        let pair = (x.min(y), x.max(y));
        if best.is_none_or(|b| pair < b) {
            best = Some(pair);
        }
    };
    let mut scratch = Vec::new();
    let _ = for_each_group::<ONE>(g, |members, _| {
        if members.len() <= SMALL {
            small_pairs(members, &mut consider);
        } else {
            // The smallest pair of a kind is its two smallest tiles.
            for run in kind_runs(sorted(members, &mut scratch)) {
                consider(tile(run[0]), tile(run[1]));
            }
        }
        ControlFlow::Continue(())
    });
    best
}

/// Is there at least one linking pair? Stops at the first.
pub fn has_move(g: &Grid) -> bool {
    g.remaining() >= 2 && has_pair(g)
}

/// Tiles remain and none can be linked.
pub fn is_deadlocked(g: &Grid) -> bool {
    g.remaining() > 0 && !has_move(g)
}

/// The smallest linking pair in row-major order, `moves()[0]`.
pub fn hint(g: &Grid) -> Option<(Tile, Tile)> {
    if g.remaining() < 2 {
        return None;
    }
    smallest_pair_from_the_top::<false>(g, top_budget(g)).unwrap_or_else(|| smallest_pair::<false>(g))
}

/// Members the search from the top may read before the whole board is swept instead: a few
/// lines' worth, a fraction of a sweep.
fn top_budget(g: &Grid) -> usize {
    let budget = 8 * (g.rows() + g.cols()) + 256;
    #[cfg(test)]
    let budget = knobs::TOP_BUDGET.get().unwrap_or(budget);
    budget
}

/// The smallest pair of tiles that would link if they were of one kind: whether cells link
/// depends only on which cells are empty.
pub fn positional_hint(g: &Grid) -> Option<(Tile, Tile)> {
    if g.remaining() < 2 {
        return None;
    }
    smallest_pair_from_the_top::<true>(g, top_budget(g)).unwrap_or_else(|| smallest_pair::<true>(g))
}

/// Every linking pair `(a, b)`, `a < b`, sorted.
pub fn moves(g: &Grid) -> Vec<(Tile, Tile)> {
    if g.remaining() < 2 {
        return Vec::new();
    }
    let shift = key_shift(g);
    let (mut corridor, mut adjacent) = MOVE_KEYS.take();
    corridor_pairs_into(g, shift, &mut corridor);
    adjacent.clear();
    let _ = for_each_adjacent_pair::<false>(g, |a, b| {
        adjacent.push((a as u64) << shift | b as u64);
        ControlFlow::Continue(())
    });
    // Two sorted lists with nothing in common: merge them.
    let mut out = Vec::with_capacity(adjacent.len() + corridor.len());
    let (mut i, mut j) = (0, 0);
    while i < adjacent.len() || j < corridor.len() {
        let key = if j == corridor.len() || (i < adjacent.len() && adjacent[i] < corridor[j]) {
            i += 1;
            adjacent[i - 1]
        } else {
            j += 1;
            corridor[j - 1]
        };
        out.push(((key >> shift) as Tile, (key & ((1 << shift) - 1)) as Tile));
    }
    if corridor.capacity().max(adjacent.capacity()) <= KEPT_KEYS {
        MOVE_KEYS.set((corridor, adjacent));
    }
    out
}

thread_local! {
    /// The move list's keys (corridor pairs, 4-neighbour pairs), kept on each thread from one
    /// list to the next: the solver lists the moves of a small board per state, and growing
    /// these anew cost it a tenth of its time.
    static MOVE_KEYS: std::cell::Cell<(Vec<u64>, Vec<u64>)> = const { std::cell::Cell::new((Vec::new(), Vec::new())) };
}

/// The most keys a thread keeps between lists (a big board's are dropped: 128 KiB at most).
const KEPT_KEYS: usize = 1 << 14;

/// The number of linking pairs.
pub fn move_count(g: &Grid) -> usize {
    if g.remaining() < 2 {
        return 0;
    }
    count_adjacent_pairs(g) + corridor_pairs(g, key_shift(g)).len()
}

/// What the tests steer, to run every board through both ways the sweep reads a line and both
/// ways the hint is found. Per thread, since tests run in parallel; only in test builds.
#[cfg(test)]
mod knobs {
    use std::cell::Cell;

    thread_local! {
        /// Every line checked at once (`true`) or read run by run (`false`), whatever its length.
        pub static FORCE_CHECKED: Cell<Option<bool>> = const { Cell::new(None) };
        /// The budget of the hint's search from the top (0: always sweep).
        pub static TOP_BUDGET: Cell<Option<usize>> = const { Cell::new(None) };
        /// The rays the search outward from a cell may cast (0: always sort the move list).
        pub static NEAR_BUDGET: Cell<Option<usize>> = const { Cell::new(None) };
    }
}

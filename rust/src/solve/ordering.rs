//! The moves a state tries, in order: the first safe move alone, else every move by (tiles left
//! of its kind, a, c), from a scan or from the live moves.

use super::dive::{linked_pairs, DIVE_MIN_TILES, PAIRWISE_MAX_TILES};
use super::live::LiveMoves;
use super::pruning::first_safe_gravity;
use super::search::{Candidates, Search};
use crate::gravity::Gravity;
use crate::scan::{self, Tile};

impl Search<'_> {
    /// The moves to try from the current state, in order: without gravity, the first safe
    /// move alone when there is one (a move after which the rest of its kind can still be
    /// paired off by links that exist now: removals only open paths, so those links stay; a
    /// kind of two tiles; of four, when the other two link; of more, when all its tiles link
    /// pairwise), else every move by (tiles left of its kind, a, c).
    pub(super) fn candidates(&self) -> Candidates {
        if let Some(live) = &self.live {
            return Candidates::Live { safe: self.first_safe_live(live), last: None };
        }
        let g = self.board.grid();
        // The same list either way; on a big board nearly cleared the pairs are few and the
        // lines many.
        let moves = if g.kinds().len() >= DIVE_MIN_TILES && g.remaining() <= PAIRWISE_MAX_TILES {
            linked_pairs(g)
        } else {
            scan::moves(g)
        };
        let safe = if self.board.gravity() == Gravity::None {
            self.first_safe(&moves)
        } else {
            first_safe_gravity(g, self.board.gravity(), &self.count, &moves)
        };
        if let Some(safe) = safe {
            return Candidates::List(vec![safe]);
        }
        let kind = |t: Tile| g.kinds()[t as usize];
        let mut candidates = moves;
        // The order (count, a, c) as one integer, so that an unstable sort (no buffer to
        // allocate per state) gives it: the pairs are distinct, so the keys are.
        let shift = 64 - (g.kinds().len() as u64).leading_zeros();
        let key = |&(a, c): &(Tile, Tile)| {
            (self.count[kind(a) as usize] as u128) << (2 * shift) | (a as u128) << shift | c as u128
        };
        if 3 * shift <= 64 {
            // A count is below the number of cells too, so the key fits a u64, which sorts
            // faster (every board up to 2^21 cells).
            candidates.sort_unstable_by_key(|m| key(m) as u64);
        } else {
            candidates.sort_unstable_by_key(key);
        }
        Candidates::List(candidates)
    }

    /// The move after `last` in the order (tiles left of its kind, a, c), from the live moves,
    /// with its count.
    pub(super) fn next_live(&self, live: &LiveMoves, last: Option<(u32, Tile, Tile)>) -> Option<(u32, Tile, Tile)> {
        use std::ops::Bound::{Excluded, Unbounded};
        let mut best: Option<(u32, Tile, Tile)> = None;
        for kind in live.active() {
            let n = self.count[kind as usize];
            let set = live.of_kind(kind);
            let first = match last {
                Some((n0, _, _)) if n < n0 => None,
                Some((n0, a0, c0)) if n == n0 => set.range((Excluded((a0, c0)), Unbounded)).next(),
                _ => set.first(),
            };
            if let Some(&(a, c)) = first {
                if best.is_none_or(|b| (n, a, c) < b) {
                    best = Some((n, a, c));
                }
            }
        }
        best
    }
}

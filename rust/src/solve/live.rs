//! The move list of a board without gravity, kept up to date across removals and their undoing,
//! so that the solver's cost per state does not grow with the board (docs/engine.md, "Live
//! moves").
//!
//! Without gravity tiles never move, so removing a pair `a`, `c` changes the moves in two ways
//! only: the moves of `a` and of `c` go, and the pairs that link now and did not before come,
//! each joined by a path through `a` or `c` (every other path was open before and its ends were
//! tiles then). Such a path leaves the emptied cell in one direction towards one end and in
//! another towards the other end, so a search of at most two turns from that cell finds both
//! ends: its cost is the empty cells near the removal, not the board.

use crate::error::{filled, Error};
use crate::grid::Grid;
use crate::scan::{self, Tile};
use std::collections::BTreeSet;

type Move = (Tile, Tile);

/// Unit steps: up, right, down, left. Opposite headings differ by two.
const STEPS: [(i32, i32); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// What one removal changed, to take it back.
#[derive(Debug, Default)]
pub struct Delta {
    added: Vec<Move>,
    removed: Vec<Move>,
}

/// Every linking pair of a board without gravity, by kind and by tile.
pub struct LiveMoves {
    /// Kind `k`'s moves, `(a, c)` with `a < c`.
    by_kind: Vec<BTreeSet<Move>>,
    /// Each move twice, `(a, c)` and `(c, a)`: the moves of a tile are a range.
    by_tile: BTreeSet<Move>,
    /// The kinds that have a move.
    active: BTreeSet<u16>,
    /// Search scratch: per padded cell and heading, the turns it was reached with, valid when
    /// its stamp is the current one.
    turns: Vec<(u32, u8)>,
    stamp: u32,
}

impl LiveMoves {
    /// The moves of `g` as the scan lists them.
    pub fn new(g: &Grid) -> Result<Self, Error> {
        let pad = g.border() as usize;
        let cells = (g.rows() + 2 * pad) * (g.cols() + 2 * pad) * 4;
        let turns = filled(cells, (0, 0))?;
        let mut live = LiveMoves {
            by_kind: (0..=g.max_kind()).map(|_| BTreeSet::new()).collect(),
            by_tile: BTreeSet::new(),
            active: BTreeSet::new(),
            turns,
            stamp: 0,
        };
        for m in scan::moves(g) {
            live.insert(g, m);
        }
        Ok(live)
    }

    fn insert(&mut self, g: &Grid, (a, c): Move) -> bool {
        let kind = g.kinds()[a as usize];
        if !self.by_kind[kind as usize].insert((a, c)) {
            return false;
        }
        self.by_tile.insert((a, c));
        self.by_tile.insert((c, a));
        self.active.insert(kind);
        true
    }

    fn erase(&mut self, kind: u16, (a, c): Move) {
        let set = &mut self.by_kind[kind as usize];
        set.remove(&(a, c));
        if set.is_empty() {
            self.active.remove(&kind);
        }
        self.by_tile.remove(&(a, c));
        self.by_tile.remove(&(c, a));
    }

    /// Kind `k`'s moves in order.
    pub fn of_kind(&self, kind: u16) -> &BTreeSet<Move> {
        &self.by_kind[kind as usize]
    }

    /// The kinds that have a move, in order.
    pub fn active(&self) -> impl Iterator<Item = u16> + '_ {
        self.active.iter().copied()
    }

    /// Every move, sorted (what `scan::moves` gives): the tests hold the live list to the scan.
    #[cfg(test)]
    pub fn all(&self) -> Vec<Move> {
        let mut all: Vec<Move> = self.by_tile.iter().copied().filter(|&(a, c)| a < c).collect();
        all.sort_unstable();
        all
    }

    /// Brings the moves up to date after the tiles `a` and `c`, of `kind`, were removed from `g`
    /// (already empty there; no gravity). Returns what changed, for `undo`.
    pub fn removed(&mut self, g: &Grid, kind: u16, a: Tile, c: Tile) -> Delta {
        let mut delta = Delta::default();
        for t in [a, c] {
            let gone: Vec<Move> =
                self.by_tile.range((t, 0)..=(t, Tile::MAX)).map(|&(_, o)| (t.min(o), t.max(o))).collect();
            for m in gone {
                self.erase(kind, m);
                delta.removed.push(m);
            }
        }
        for t in [a, c] {
            for m in self.through(g, t) {
                if self.insert(g, m) {
                    delta.added.push(m);
                }
            }
        }
        delta
    }

    /// Takes back a removal's `delta` (the board already restored).
    pub fn undo(&mut self, g: &Grid, delta: Delta) {
        for &m in &delta.added {
            self.erase(g.kinds()[m.0 as usize], m);
        }
        for &m in &delta.removed {
            self.insert(g, m);
        }
    }

    /// The pairs of one kind that a path of at most two turns through the empty cell `t` joins.
    fn through(&mut self, g: &Grid, t: Tile) -> Vec<Move> {
        // reached[d][n]: the tiles a path leaving `t` heading `d` first reaches with `n` turns
        // at the fewest.
        let mut reached: [[Vec<Tile>; 3]; 4] = Default::default();
        let (r, c) = g.cell(t as usize);
        for (d, list) in reached.iter_mut().enumerate() {
            self.reach(g, (r, c), d, list);
        }
        // Pairs of one kind that leave `t` in two headings, with at most two turns in all:
        // straight through `t` costs none, a corner there one. Sorted by kind, so that only
        // the tiles of one kind are paired (a long ring reaches thousands of tiles).
        let kinds = g.kinds();
        let mut met: Vec<(u16, u8, u8, Tile)> = Vec::new();
        for (d, lists) in reached.iter().enumerate() {
            for (n, list) in lists.iter().enumerate() {
                met.extend(list.iter().map(|&x| (kinds[x as usize], d as u8, n as u8, x)));
            }
        }
        met.sort_unstable();
        let mut pairs = Vec::new();
        for group in met.chunk_by(|p, q| p.0 == q.0) {
            for (i, &(_, d1, n1, x)) in group.iter().enumerate() {
                for &(_, d2, n2, y) in &group[i + 1..] {
                    let corner = if (d1 + 4 - d2) % 2 == 0 { 0 } else { 1 };
                    if d1 != d2 && x != y && n1 + n2 + corner <= 2 {
                        pairs.push((x.min(y), x.max(y)));
                    }
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    /// The tiles first reached from the empty cell `from` by paths that leave it heading `d`,
    /// by the fewest turns (at most two): a 0-1 breadth-first search over (cell, heading).
    fn reach(&mut self, g: &Grid, from: (i32, i32), d: usize, out: &mut [Vec<Tile>; 3]) {
        let pad = g.border() as i32;
        let width = g.cols() as i32 + 2 * pad;
        let slot = |(r, c): (i32, i32), h: usize| (((r + pad) * width + c + pad) as usize) * 4 + h;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.turns.iter_mut().for_each(|s| *s = (0, 0));
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let mut queue = std::collections::VecDeque::new();
        let mut seen_tiles: Vec<Tile> = Vec::new();
        self.turns[slot(from, d)] = (stamp, 0);
        queue.push_back((from, d, 0u8));
        while let Some((cell, h, n)) = queue.pop_front() {
            if self.turns[slot(cell, h)] != (stamp, n) {
                continue;
            }
            let next = (cell.0 + STEPS[h].0, cell.1 + STEPS[h].1);
            if g.contains(next) {
                let k = g.kinds()[g.index(next)];
                if k != 0 {
                    // A tile ends the path: reached, never passed.
                    let tile = g.index(next) as Tile;
                    out[n as usize].push(tile);
                    seen_tiles.push(tile);
                } else {
                    self.visit(slot(next, h), n, stamp, &mut queue, (next, h), true);
                }
            } else if g.border() && (-1..=g.rows() as i32).contains(&next.0) && (-1..=g.cols() as i32).contains(&next.1)
            {
                self.visit(slot(next, h), n, stamp, &mut queue, (next, h), true);
            }
            // Turning on the start cell would leave it heading elsewhere: another search's path.
            if n < 2 && cell != from {
                for turned in [(h + 1) % 4, (h + 3) % 4] {
                    self.visit(slot(cell, turned), n + 1, stamp, &mut queue, (cell, turned), false);
                }
            }
        }
        // A tile met with several turn counts keeps the fewest.
        let mut fewest: Vec<(Tile, usize)> =
            out.iter().enumerate().flat_map(|(n, list)| list.iter().map(move |&t| (t, n))).collect();
        fewest.sort_unstable();
        fewest.dedup_by_key(|&mut (t, _)| t);
        for list in out.iter_mut() {
            list.clear();
        }
        for (t, n) in fewest {
            out[n].push(t);
        }
    }

    fn visit(
        &mut self,
        slot: usize,
        n: u8,
        stamp: u32,
        queue: &mut std::collections::VecDeque<((i32, i32), usize, u8)>,
        item: ((i32, i32), usize),
        front: bool,
    ) {
        let s = self.turns[slot];
        if s.0 != stamp || s.1 > n {
            self.turns[slot] = (stamp, n);
            if front {
                queue.push_front((item.0, item.1, n));
            } else {
                queue.push_back((item.0, item.1, n));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::random_grid;
    use crate::rng::SplitMix64;

    #[test]
    fn the_live_moves_are_the_scans_through_removals_and_undos() {
        let mut rng = SplitMix64::new(15);
        let mut checked = 0;
        for case in 0..1500 {
            let mut g = random_grid(&mut rng, case);
            let mut live = LiveMoves::new(&g).unwrap();
            let mut undo: Vec<(Move, u16, Delta)> = Vec::new();
            for _ in 0..60 {
                assert_eq!(live.all(), scan::moves(&g), "case {case} {g:?}");
                checked += 1;
                let moves = live.all();
                // Sometimes take a removal back, as the search does on backtracking.
                if moves.is_empty() || (!undo.is_empty() && rng.below(4) == 0) {
                    let Some(((a, c), kind, delta)) = undo.pop() else { break };
                    g.set(a as usize, kind);
                    g.set(c as usize, kind);
                    live.undo(&g, delta);
                    continue;
                }
                let (a, c) = moves[rng.below(moves.len() as u64) as usize];
                let kind = g.kinds()[a as usize];
                g.set(a as usize, 0);
                g.set(c as usize, 0);
                let delta = live.removed(&g, kind, a, c);
                undo.push(((a, c), kind, delta));
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}

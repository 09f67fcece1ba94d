//! Where the tiles of a solvable deal's positional game stand (docs/engine.md, "Deals"),
//! followed without moving them one by one.
//!
//! Under gravity a segment's tiles keep their order as they slide, and once a segment has
//! settled (its first removal compacts it) its i-th tile from the end stands on its i-th cell.
//! So each segment keeps a Fenwick tree over its places (its cells as the deal found them)
//! counting the tiles still in play, and a tile's cell, or a cell's tile, is a walk of
//! log(len) steps. Moving tiles one by one cost a step per tile behind each removal: half a
//! million removals on a 1000x1000 board slid about a quarter of a thousand million tiles,
//! 16-21 s. The game's board, which only says which cells hold a tile, changes in a cell or
//! two per removal (the ones the segment's last tiles leave).

use crate::error::{filled, Error};
use crate::gravity::{segment, Gravity, Segment};
use crate::grid::Grid;

const NONE: u32 = u32::MAX;

/// One segment (`gravity::segment`), where its tree starts in `Places::tree`, whether it has
/// settled, and its tiles in play.
struct Line {
    segment: Segment,
    offset: usize,
    settled: bool,
    tiles: usize,
}

pub(super) struct Places {
    /// Per cell, its segment (an index into `lines`, or NONE where tiles never slide).
    line_of: Vec<u32>,
    lines: Vec<Line>,
    /// The Fenwick trees of the segments, one after another: tree `offset + i` (1-based within
    /// the segment) sums whether the tiles of a range of places are still in play.
    tree: Vec<u32>,
    /// Per cell as the deal found it, the tile that started there (NONE: no tile).
    start_tile: Vec<u32>,
    /// Per tile, the cell it started on.
    start_cell: Vec<u32>,
}

impl Places {
    /// The tiles numbered by their index in `cells` (the occupied cells, row-major), each on its
    /// cell, under `gravity`.
    pub(super) fn new(g: &Grid, gravity: Gravity, cells: &[usize]) -> Result<Self, Error> {
        let (rows, cols) = (g.rows(), g.cols());
        let mut start_tile = filled(rows * cols, NONE)?;
        let mut start_cell = filled(cells.len(), 0u32)?;
        for (t, &c) in cells.iter().enumerate() {
            start_tile[c] = t as u32;
            start_cell[t] = c as u32;
        }
        let mut line_of = filled(rows * cols, NONE)?;
        // A segment's key names it (`gravity::segment`): at most four kinds of key, each
        // numbered below max(rows, cols).
        let span = rows.max(cols);
        let mut line_by_key = filled(4 * span, NONE)?;
        let mut lines: Vec<Line> = Vec::new();
        let mut total = 0;
        for (index, line) in line_of.iter_mut().enumerate() {
            let Some(((kind, n), seg)) = segment(gravity, rows, cols, (index / cols, index % cols)) else {
                continue;
            };
            let key = kind as usize * span + n;
            if line_by_key[key] == NONE {
                line_by_key[key] = lines.len() as u32;
                lines.try_reserve(1).map_err(|_| Error::OutOfMemory { bytes: std::mem::size_of::<Line>() })?;
                let len = seg.len;
                lines.push(Line { segment: seg, offset: total, settled: false, tiles: 0 });
                total += len;
            }
            *line = line_by_key[key];
        }
        let mut tree = filled(total, 0u32)?;
        for line in &mut lines {
            // The linear build: each node adds itself into its parent.
            let nodes = &mut tree[line.offset..line.offset + line.segment.len];
            for i in 0..line.segment.len {
                if start_tile[line.segment.cell(i)] != NONE {
                    nodes[i] += 1;
                    line.tiles += 1;
                }
                let parent = i | (i + 1);
                if parent < line.segment.len {
                    nodes[parent] += nodes[i];
                }
            }
        }
        Ok(Places { line_of, lines, tree, start_tile, start_cell })
    }

    /// How many of the segment's first `places` places hold a tile still in play.
    fn in_play_before(&self, line: &Line, places: usize) -> usize {
        let nodes = &self.tree[line.offset..line.offset + line.segment.len];
        let (mut sum, mut i) = (0, places);
        while i > 0 {
            sum += nodes[i - 1] as usize;
            i &= i - 1;
        }
        sum
    }

    /// The place of the segment's `k`-th tile in play (from 0), by the tree's descent.
    fn kth_in_play(&self, line: &Line, k: usize) -> usize {
        let nodes = &self.tree[line.offset..line.offset + line.segment.len];
        let (mut at, mut left) = (0, k);
        let mut step =
            if line.segment.len == 0 { 0 } else { 1 << (usize::BITS - 1 - line.segment.len.leading_zeros()) };
        while step > 0 {
            let next = at + step;
            if next <= line.segment.len && (nodes[next - 1] as usize) <= left {
                left -= nodes[next - 1] as usize;
                at = next;
            }
            step >>= 1;
        }
        at
    }

    /// The cell tile `t` (in play) stands on now.
    pub(super) fn cell_of(&self, t: u32) -> usize {
        let start = self.start_cell[t as usize] as usize;
        match self.line_of[start] {
            NONE => start,
            n => {
                let line = &self.lines[n as usize];
                if !line.settled {
                    return start;
                }
                line.segment.cell(self.in_play_before(line, line.segment.place(start)))
            }
        }
    }

    /// The tile in play on `cell` (which holds one).
    pub(super) fn tile_at(&self, cell: usize) -> u32 {
        match self.line_of[cell] {
            NONE => self.start_tile[cell],
            n => {
                let line = &self.lines[n as usize];
                if !line.settled {
                    return self.start_tile[cell];
                }
                self.start_tile[line.segment.cell(self.kth_in_play(line, line.segment.place(cell)))]
            }
        }
    }

    /// Takes tiles `p` and `q` out of play and settles their segments on `sim` (a board of
    /// which cells hold a tile) as `gravity::settle` would: a segment settling for the first
    /// time is compacted whole, a settled one loses the cells its last tiles leave.
    pub(super) fn remove(&mut self, sim: &mut Grid, p: u32, q: u32) {
        let cells = [self.cell_of(p), self.cell_of(q)];
        for (t, cell) in [p, q].into_iter().zip(cells) {
            let start = self.start_cell[t as usize] as usize;
            let n = self.line_of[start];
            if n == NONE {
                sim.set(cell, 0);
                continue;
            }
            let line = &mut self.lines[n as usize];
            let mut i = line.segment.place(start) + 1;
            while i <= line.segment.len {
                self.tree[line.offset + i - 1] -= 1;
                i += i & i.wrapping_neg();
            }
            line.tiles -= 1;
        }
        for cell in cells {
            let n = self.line_of[cell];
            if n == NONE {
                continue;
            }
            let line = &mut self.lines[n as usize];
            if !line.settled {
                line.settled = true;
                for i in 0..line.segment.len {
                    sim.set(line.segment.cell(i), (i < line.tiles) as u16);
                }
            } else {
                // Its tiles stood on places 0..tiles + 1 or + 2 before: what is past them now
                // empties (both removals' cells, once each).
                for i in line.tiles..line.segment.len.min(line.tiles + 2) {
                    sim.set(line.segment.cell(i), 0);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gravity::settle;
    use crate::reference::random_grid;
    use crate::rng::SplitMix64;

    /// Removing any two tiles at a time, `Places` says what moving the tiles by
    /// `gravity::settle` says: each tile's cell, each cell's tile, and which cells hold one.
    #[test]
    fn places_follow_the_tiles_as_settle_moves_them() {
        let mut rng = SplitMix64::new(21);
        for case in 0..3000 {
            let g = random_grid(&mut rng, case);
            let gravity = Gravity::ALL[case % 7];
            let cells: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
            // The tiles by number (from 1) on a board that settle moves them on.
            let mut ids = vec![0u16; g.kinds().len()];
            for (t, &c) in cells.iter().enumerate() {
                ids[c] = t as u16 + 1;
            }
            let mut moved = Grid::new(g.rows(), g.cols(), ids, g.border()).unwrap();
            let occupancy = g.kinds().iter().map(|&k| (k != 0) as u16).collect();
            let mut sim = Grid::new(g.rows(), g.cols(), occupancy, g.border()).unwrap();
            let mut places = Places::new(&g, gravity, &cells).unwrap();
            let mut alive: Vec<u32> = (0..cells.len() as u32).collect();
            while alive.len() >= 2 {
                for &t in &alive {
                    let cell = places.cell_of(t);
                    assert_eq!(moved.kinds()[cell], t as u16 + 1, "case {case} {gravity:?}: tile {t}");
                    assert_eq!(places.tile_at(cell), t);
                }
                let occupied = |g: &Grid| g.kinds().iter().map(|&k| k != 0).collect::<Vec<_>>();
                assert_eq!(occupied(&sim), occupied(&moved), "case {case} {gravity:?}");
                let p = alive.swap_remove(rng.below(alive.len() as u64) as usize);
                let q = alive.swap_remove(rng.below(alive.len() as u64) as usize);
                let (cp, cq) = (places.cell_of(p), places.cell_of(q));
                places.remove(&mut sim, p, q);
                moved.set(cp, 0);
                moved.set(cq, 0);
                let removed = [moved.cell(cp), moved.cell(cq)];
                settle(&mut moved, gravity, &removed, &mut Vec::new());
            }
        }
    }
}

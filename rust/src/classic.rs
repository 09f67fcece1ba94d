//! The classic algorithm of the LianLianKan tutorials, for `llk bench` to compare the engine
//! with: a plain grid of kinds (no bitsets, no corridors), and for each pair of tiles of one
//! kind the 0-, 1- and 2-corner line-scan test, each line walked cell by cell.
//!
//! - 0 corners: the two tiles share a row or a column and every cell between is empty.
//! - 1 corner: one of the two cells that square the pair off is empty and both legs are clear.
//! - 2 corners: walk from the first tile in each of the four directions, cell by cell, while the
//!   cells are empty (into the ring around the board when there is one); the pair links when
//!   the second tile is reached from one of those cells with at most one corner.
//!
//! The hint is the first linking pair met when pairing every tile with each later tile of its
//! kind in row-major order (so the smallest linking pair, as `scan::hint`), the move count tests
//! every such pair. The answers agree with `path` and `scan` (tested below); only the cost
//! differs.

use std::ops::ControlFlow;

/// A grid of kinds in row-major order (0 empty), as the tutorials keep it.
#[derive(Clone, Copy, Debug)]
pub struct ClassicGrid<'a> {
    pub kinds: &'a [u16],
    pub rows: usize,
    pub cols: usize,
    pub border: bool,
}

type Cell = (i32, i32);

const DIRECTIONS: [Cell; 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl ClassicGrid<'_> {
    fn kind(&self, (r, c): Cell) -> u16 {
        self.kinds[r as usize * self.cols + c as usize]
    }

    fn on_board(&self, (r, c): Cell) -> bool {
        r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.cols
    }

    /// Can a path pass through this cell: an empty board cell, or a ring cell with a border?
    fn passable(&self, cell: Cell) -> bool {
        if self.on_board(cell) {
            return self.kind(cell) == 0;
        }
        let (r, c) = cell;
        self.border && (-1..=self.rows as i32).contains(&r) && (-1..=self.cols as i32).contains(&c)
    }

    /// Are the cells strictly between two cells of one row or column all passable?
    fn line_clear(&self, a: Cell, b: Cell) -> bool {
        let step = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
        let mut cell = (a.0 + step.0, a.1 + step.1);
        while cell != b {
            if !self.passable(cell) {
                return false;
            }
            cell = (cell.0 + step.0, cell.1 + step.1);
        }
        true
    }

    fn zero_corners(&self, a: Cell, b: Cell) -> bool {
        (a.0 == b.0 || a.1 == b.1) && self.line_clear(a, b)
    }

    fn one_corner(&self, a: Cell, b: Cell) -> bool {
        [(a.0, b.1), (b.0, a.1)].into_iter().any(|corner| {
            corner != a
                && corner != b
                && self.passable(corner)
                && self.line_clear(a, corner)
                && self.line_clear(corner, b)
        })
    }

    fn two_corners(&self, a: Cell, b: Cell) -> bool {
        DIRECTIONS.iter().any(|&(dr, dc)| {
            let mut cell = (a.0 + dr, a.1 + dc);
            while self.passable(cell) {
                if self.zero_corners(cell, b) || self.one_corner(cell, b) {
                    return true;
                }
                cell = (cell.0 + dr, cell.1 + dc);
            }
            false
        })
    }

    /// Do the tiles at these two row-major indices link?
    pub fn can_link(&self, a: usize, b: usize) -> bool {
        if a == b || self.kinds[a] == 0 || self.kinds[a] != self.kinds[b] {
            return false;
        }
        let cell = |i: usize| ((i / self.cols) as i32, (i % self.cols) as i32);
        let (a, b) = (cell(a), cell(b));
        self.zero_corners(a, b) || self.one_corner(a, b) || self.two_corners(a, b)
    }

    /// Calls `f` with every pair `(a, b)`, `a < b`, of tiles of one kind, in row-major order of
    /// `a` then `b`: each tile with the later tiles of its kind, from the tiles listed kind by
    /// kind (a counting sort of the grid, rebuilt on each call: the grid is all there is).
    fn for_each_same_kind_pair(&self, mut f: impl FnMut(usize, usize) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut start = vec![0u32; 1 << 16 | 1];
        for &k in self.kinds.iter().filter(|&&k| k != 0) {
            start[k as usize + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        // by_kind: the tiles of kind 1 in row-major order, then those of kind 2, ...; at[a]: where
        // tile `a` is in it.
        let mut next = start.clone();
        let mut by_kind = vec![0u32; start[1 << 16] as usize];
        let mut at = vec![0u32; self.kinds.len()];
        for (i, &k) in self.kinds.iter().enumerate().filter(|(_, &k)| k != 0) {
            at[i] = next[k as usize];
            by_kind[next[k as usize] as usize] = i as u32;
            next[k as usize] += 1;
        }
        for (a, &k) in self.kinds.iter().enumerate().filter(|(_, &k)| k != 0) {
            for &b in &by_kind[at[a] as usize + 1..start[k as usize + 1] as usize] {
                f(a, b as usize)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The first linking pair met: the smallest in row-major order.
    pub fn hint(&self) -> Option<(usize, usize)> {
        let mut found = None;
        let _ = self.for_each_same_kind_pair(|a, b| {
            if self.can_link(a, b) {
                found = Some((a, b));
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        found
    }

    /// How many pairs link.
    pub fn move_count(&self) -> usize {
        let mut count = 0;
        let _ = self.for_each_same_kind_pair(|a, b| {
            count += self.can_link(a, b) as usize;
            ControlFlow::Continue(())
        });
        count
    }
}

/// Do the tiles at cells `a` and `b` link?
pub fn classic_can_link(g: &ClassicGrid<'_>, a: (usize, usize), b: (usize, usize)) -> bool {
    g.can_link(a.0 * g.cols + a.1, b.0 * g.cols + b.1)
}

/// The first linking pair of tiles of one kind, scanning pairs in row-major order: row-major
/// indices.
pub fn classic_hint(g: &ClassicGrid<'_>) -> Option<(usize, usize)> {
    g.hint()
}

/// The number of linking pairs, every pair of tiles of one kind tested.
pub fn classic_move_count(g: &ClassicGrid<'_>) -> usize {
    g.move_count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::path::best_path;
    use crate::reference::random_grid;
    use crate::rng::SplitMix64;
    use crate::scan;

    fn classic(g: &Grid) -> ClassicGrid<'_> {
        ClassicGrid { kinds: g.kinds(), rows: g.rows(), cols: g.cols(), border: g.border() }
    }

    #[test]
    fn agrees_with_the_path_finder_and_the_scan() {
        let mut rng = SplitMix64::new(41);
        let mut links = 0;
        for case in 0..2500 {
            let g = random_grid(&mut rng, case);
            let c = classic(&g);
            let n = g.kinds().len();
            for a in 0..n {
                for b in 0..n {
                    let want = best_path(&g, g.cell(a), g.cell(b)).is_some();
                    assert_eq!(c.can_link(a, b), want, "case {case} {a} {b}: {g:?}");
                    links += want as usize;
                }
            }
            assert_eq!(classic_move_count(&c), scan::move_count(&g), "case {case}");
            let hint = classic_hint(&c).map(|(a, b)| (a as u32, b as u32));
            assert_eq!(hint, scan::hint(&g), "case {case}");
            let mut cell = || (rng.below(g.rows() as u64) as usize, rng.below(g.cols() as u64) as usize);
            let (a, b) = (cell(), cell());
            let want = best_path(&g, (a.0 as i32, a.1 as i32), (b.0 as i32, b.1 as i32)).is_some();
            assert_eq!(classic_can_link(&c, a, b), want, "case {case}");
        }
        assert!(links > 20_000, "too few links exercised: {links}");
    }

    #[test]
    fn the_hint_is_the_first_pair_in_scan_order() {
        // (0, 0)-(0, 3) link round the top; (0, 1)-(1, 1) are neighbours but come later.
        let kinds = [1, 2, 3, 1, 4, 2, 5, 6];
        let g = Grid::new(2, 4, kinds.to_vec(), true).unwrap();
        assert_eq!(classic_hint(&classic(&g)), Some((0, 3)));
        assert_eq!(scan::hint(&g), Some((0, 3)));
        let g = Grid::new(2, 4, kinds.to_vec(), false).unwrap();
        assert_eq!(classic_hint(&classic(&g)), Some((1, 5)));
        assert_eq!(classic_move_count(&classic(&g)), 1);
    }
}

//! The best path between two cells: fewest turns, then fewest unit steps, then the smallest list
//! of corners read from the smaller endpoint (docs/engine.md). Costs `O(rows + cols)` bit tests.

use crate::grid::{Cell, Grid};

/// A linking path: its corners from the first cell to the second (2 to 4 cells, ring cells
/// included), its turns and its length in unit steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    corners: [Cell; 4],
    count: u8,
    pub turns: u8,
    pub length: u32,
}

impl Path {
    /// A path through these corners (consecutive corners aligned).
    pub(crate) fn from_corners(corners: &[Cell]) -> Self {
        let mut all = [(0, 0); 4];
        all[..corners.len()].copy_from_slice(corners);
        let length =
            corners.windows(2).map(|w| (w[0].0 - w[1].0).unsigned_abs() + (w[0].1 - w[1].1).unsigned_abs()).sum();
        Path { corners: all, count: corners.len() as u8, turns: corners.len() as u8 - 2, length }
    }

    /// Start, turning cells, end.
    pub fn corners(&self) -> &[Cell] {
        &self.corners[..self.count as usize]
    }

    pub(crate) fn reversed(mut self) -> Self {
        self.corners[..self.count as usize].reverse();
        self
    }
}

/// The best path linking `a` and `b`, or `None` when they do not link (same cell, off the
/// board, empty, different kinds, or no path with at most two turns).
pub fn best_path(g: &Grid, a: Cell, b: Cell) -> Option<Path> {
    if a == b || !g.contains(a) || !g.contains(b) {
        return None;
    }
    let kind = g.kind(a);
    if kind == 0 || kind != g.kind(b) {
        return None;
    }
    // Read every path from the smaller endpoint so that path(b, a) is path(a, b) reversed.
    if b < a {
        return best_path_ordered(g, b, a).map(Path::reversed);
    }
    best_path_ordered(g, a, b)
}

/// The best path between two distinct cells on the board whatever they hold (either may be
/// empty): the solver asks where a tile could reach the cell of a tile already gone.
pub(crate) fn path_between(g: &Grid, a: Cell, b: Cell) -> Option<Path> {
    if a == b || !g.contains(a) || !g.contains(b) {
        return None;
    }
    if b < a {
        return best_path_ordered(g, b, a).map(Path::reversed);
    }
    best_path_ordered(g, a, b)
}

/// `a < b` in row-major order; what they hold is not looked at.
fn best_path_ordered(g: &Grid, a: Cell, b: Cell) -> Option<Path> {
    let ((ar, ac), (br, bc)) = (a, b);
    if ar == br {
        if g.row_clear_between(ar, ac, bc) {
            return Some(Path::from_corners(&[a, b]));
        }
    } else if ac == bc {
        if g.col_clear_between(ac, ar, br) {
            return Some(Path::from_corners(&[a, b]));
        }
    } else {
        // (ar, bc) comes first: ar < br, so it is the smaller corner.
        let first = (ar, bc);
        if g.kind(first) == 0 && g.row_clear_between(ar, ac, bc) && g.col_clear_between(bc, ar, br) {
            return Some(Path::from_corners(&[a, first, b]));
        }
        let second = (br, ac);
        if g.kind(second) == 0 && g.col_clear_between(ac, ar, br) && g.row_clear_between(br, ac, bc) {
            return Some(Path::from_corners(&[a, second, b]));
        }
    }

    let hvh = if ar != br {
        // Vertical middle segment at column x.
        let (ra, rb) = ((ar as usize, ac as usize), (br as usize, bc as usize));
        let lo = g.left_end(ra.0, ra.1).max(g.left_end(rb.0, rb.1));
        let hi = g.right_end(ra.0, ra.1).min(g.right_end(rb.0, rb.1));
        best_middle(lo, hi, ac, bc, |x| g.col_clear_between(x, ar, br))
            .map(|x| Path::from_corners(&[a, (ar, x), (br, x), b]))
    } else {
        None
    };
    let vhv = if ac != bc {
        // Horizontal middle segment at row y.
        let (ra, rb) = ((ar as usize, ac as usize), (br as usize, bc as usize));
        let lo = g.up_end(ra.0, ra.1).max(g.up_end(rb.0, rb.1));
        let hi = g.down_end(ra.0, ra.1).min(g.down_end(rb.0, rb.1));
        best_middle(lo, hi, ar, br, |y| g.row_clear_between(y, ac, bc))
            .map(|y| Path::from_corners(&[a, (y, ac), (y, bc), b]))
    } else {
        None
    };
    match (hvh, vhv) {
        (Some(h), Some(v)) => {
            // Equal lengths: the smaller first corner wins; the two can never be the same cell.
            if (v.length, v.corners[1]) < (h.length, h.corners[1]) {
                Some(v)
            } else {
                Some(h)
            }
        }
        (h, v) => h.or(v),
    }
}

/// The best line for a two-turn path's middle segment: within `lo..=hi`, not `p` or `q` (those
/// are the endpoints' own lines), `clear(line)` holding; shortest first (any line between `p`
/// and `q` adds nothing, one `d` outside adds `2d`), smaller line first among equals.
fn best_middle(lo: i32, hi: i32, p: i32, q: i32, clear: impl Fn(i32) -> bool) -> Option<i32> {
    let (inner_lo, inner_hi) = (p.min(q), p.max(q));
    for x in inner_lo.max(lo)..=inner_hi.min(hi) {
        if x != p && x != q && clear(x) {
            return Some(x);
        }
    }
    let mut d = 1;
    loop {
        let (left, right) = (inner_lo - d, inner_hi + d);
        if left < lo && right > hi {
            return None;
        }
        if left >= lo && clear(left) {
            return Some(left);
        }
        if right <= hi && clear(right) {
            return Some(right);
        }
        d += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{bfs_turns_steps, grid_of as grid, random_grid, reference_best_path};
    use crate::rng::SplitMix64;

    #[test]
    fn straight_bent_and_ring_paths() {
        let g = grid(&[&[1, 0, 1], &[2, 3, 2], &[0, 0, 3]], true);
        let p = best_path(&g, (0, 0), (0, 2)).unwrap();
        assert_eq!((p.corners(), p.turns, p.length), (&[(0, 0), (0, 2)][..], 0, 2));
        let p = best_path(&g, (1, 1), (2, 2)).unwrap();
        assert_eq!(p.corners(), &[(1, 1), (2, 1), (2, 2)]);
        // 2s are walled in between; the U goes up through the ring only when the ring is there.
        let g = grid(&[&[2, 1, 2], &[4, 4, 5]], true);
        let p = best_path(&g, (0, 2), (0, 0)).unwrap();
        assert_eq!(p.corners(), &[(0, 2), (-1, 2), (-1, 0), (0, 0)]);
        assert_eq!((p.turns, p.length), (2, 4));
        let g = grid(&[&[2, 1, 2], &[4, 4, 5]], false);
        assert_eq!(best_path(&g, (0, 0), (0, 2)), None);
    }

    #[test]
    fn refuses_what_does_not_link() {
        let g = grid(&[&[1, 1, 2], &[0, 0, 0]], true);
        assert_eq!(best_path(&g, (0, 0), (0, 0)), None);
        assert_eq!(best_path(&g, (0, 0), (0, 2)), None);
        assert_eq!(best_path(&g, (1, 0), (1, 1)), None);
        assert_eq!(best_path(&g, (0, 0), (5, 5)), None);
        assert_eq!(best_path(&g, (-1, 0), (0, 0)), None);
    }

    #[test]
    fn matches_the_brute_force_reference_on_random_boards() {
        let mut rng = SplitMix64::new(2024);
        let mut pairs = 0;
        for case in 0..3000 {
            let g = random_grid(&mut rng, case);
            let cells: Vec<Cell> =
                (0..g.rows() as i32).flat_map(|r| (0..g.cols() as i32).map(move |c| (r, c))).collect();
            for &a in &cells {
                for &b in &cells {
                    let want = reference_best_path(&g, a, b);
                    let got = best_path(&g, a, b);
                    assert_eq!(got, want, "case {case} {a:?}->{b:?} on {g:?}");
                    let bfs = bfs_turns_steps(&g, a, b, 2);
                    assert_eq!(got.map(|p| (p.turns, p.length)), bfs, "bfs case {case} {a:?}->{b:?}");
                    pairs += got.is_some() as usize;
                }
            }
        }
        assert!(pairs > 10_000, "too few linking pairs exercised: {pairs}");
    }
}

//! The slide variant (KShisen's TilesCanSlide; docs/engine.md, "Tiles slide"): links of at most
//! one turn, plus one-turn links whose first leg is cleared by pushing the run of tiles in its
//! way into the gap behind it. The best link of a pair with its push, the push as cell writes,
//! and the scans (every linking pair) under the variant, read pair by pair.

use crate::grid::{Cell, Grid};
use crate::history::{write, Change};
use crate::path::Path;
use crate::scan::{self, Tile};

/// The tiles a slide link pushes, `(from, to)`, from the mover outward.
pub type Pushed = Vec<(Cell, Cell)>;

/// Whether the cells strictly between two aligned cells are all empty.
fn clear(g: &Grid, x: Cell, y: Cell) -> bool {
    if x.0 == y.0 {
        g.row_clear_between(x.0, x.1, y.1)
    } else {
        g.col_clear_between(x.1, x.0, y.0)
    }
}

/// The push that clears the leg from `m` to the corner `q` (aligned, distinct), or `None` when
/// there is no slide: the cell next to `m` is empty, the run reaches the edge, or its gap is
/// shorter than the leg.
pub fn push(g: &Grid, m: Cell, q: Cell) -> Option<Pushed> {
    let (dr, dc) = ((q.0 - m.0).signum(), (q.1 - m.1).signum());
    let d = (q.0 - m.0).abs() + (q.1 - m.1).abs();
    let at = |k: i32| (m.0 + dr * k, m.1 + dc * k);
    let tile = |k: i32| g.contains(at(k)) && g.kind(at(k)) != 0;
    if !tile(1) {
        return None;
    }
    let mut run = 1;
    while tile(run + 1) {
        run += 1;
    }
    let mut gap = 0;
    while g.contains(at(run + 1 + gap)) && !tile(run + 1 + gap) {
        gap += 1;
    }
    (gap >= d).then(|| (1..=run).map(|k| (at(k), at(k + d))).collect())
}

/// The best link of `a` and `c` under the variant with its push (empty for a plain link), or
/// `None` when they do not link. Same checks as `path::best_path`.
pub fn best_link(g: &Grid, a: Cell, c: Cell) -> Option<(Path, Pushed)> {
    if a == c || !g.contains(a) || !g.contains(c) {
        return None;
    }
    let kind = g.kind(a);
    if kind == 0 || kind != g.kind(c) {
        return None;
    }
    if c < a {
        return best_link(g, c, a).map(|(p, pushed)| (p.reversed(), pushed));
    }
    if a.0 == c.0 || a.1 == c.1 {
        return clear(g, a, c).then(|| (Path::from_corners(&[a, c]), Vec::new()));
    }
    let corners = [(a.0, c.1), (c.0, a.1)];
    for q in corners {
        if g.kind(q) == 0 && clear(g, a, q) && clear(g, q, c) {
            return Some((Path::from_corners(&[a, q, c]), Vec::new()));
        }
    }
    for q in corners {
        for (m, o) in [(a, c), (c, a)] {
            if clear(g, q, o) {
                if let Some(pushed) = push(g, m, q) {
                    return Some((Path::from_corners(&[a, q, c]), pushed));
                }
            }
        }
    }
    None
}

/// Does the push: the cells from the mover outward each get their new kind (written in that
/// order, noted in `changes`). Returns every cell it wrote, from the mover outward: gravity then
/// settles each of their segments, so a tile pushed over a gap falls too.
pub fn apply_push(g: &mut Grid, pushed: &[(Cell, Cell)], changes: &mut Vec<Change>) -> Vec<Cell> {
    let Some(&(m1, to)) = pushed.first() else { return Vec::new() };
    let (dr, dc) = ((to.0 - m1.0).signum(), (to.1 - m1.1).signum());
    let d = (to.0 - m1.0).abs() + (to.1 - m1.1).abs();
    let faces: Vec<u16> = pushed.iter().map(|&(f, _)| g.face(g.index(f))).collect();
    let run = pushed.len() as i32;
    let mut written = Vec::new();
    for k in 0..run + d {
        let cell = (m1.0 + dr * k, m1.1 + dc * k);
        let new = if k < d { 0 } else { faces[(k - d) as usize] };
        written.push(cell);
        write(g, changes, g.index(cell), new);
    }
    written
}

/// Every linking pair `(a, c)`, `a < c` (cell indices), sorted.
pub fn moves(g: &Grid) -> Vec<(Tile, Tile)> {
    let tiles: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
    let mut out = Vec::new();
    for (n, &i) in tiles.iter().enumerate() {
        for &j in &tiles[n + 1..] {
            if g.kinds()[i] == g.kinds()[j] && best_link(g, g.cell(i), g.cell(j)).is_some() {
                out.push((i as Tile, j as Tile));
            }
        }
    }
    out
}

/// The scans under the board's rules: the classic sweeps, or the pair-by-pair scan when tiles
/// slide.
pub fn scan_moves(g: &Grid, slide: bool) -> Vec<(Tile, Tile)> {
    if slide {
        moves(g)
    } else {
        scan::moves(g)
    }
}

pub fn move_count(g: &Grid, slide: bool) -> usize {
    if slide {
        moves(g).len()
    } else {
        scan::move_count(g)
    }
}

pub fn hint(g: &Grid, slide: bool) -> Option<(Tile, Tile)> {
    if slide {
        moves(g).first().copied()
    } else {
        scan::hint(g)
    }
}

pub fn has_move(g: &Grid, slide: bool) -> bool {
    if slide {
        !moves(g).is_empty()
    } else {
        scan::has_move(g)
    }
}

/// `scan::hints_near`'s definition (distance of the nearer tile, then `(a, c)`) on the moves.
pub fn hints_near(g: &Grid, near: (usize, usize), count: usize, slide: bool) -> Vec<(Tile, Tile)> {
    if !slide {
        return scan::hints_near(g, near, count);
    }
    let dist = |t: Tile| {
        let (r, c) = (t as usize / g.cols(), t as usize % g.cols());
        r.abs_diff(near.0).max(c.abs_diff(near.1))
    };
    let mut all: Vec<(usize, Tile, Tile)> = moves(g).into_iter().map(|(a, c)| (dist(a).min(dist(c)), a, c)).collect();
    all.sort_unstable();
    all.into_iter().take(count).map(|(_, a, c)| (a, c)).collect()
}

/// `scan::move_density`'s counts (tiles with a partner per block) from the moves.
pub fn move_density(g: &Grid, block: usize, slide: bool) -> (usize, usize, Vec<u32>) {
    if !slide {
        return scan::move_density(g, block);
    }
    let (rows, cols) = (g.rows(), g.cols());
    let (br, bc) = (rows.div_ceil(block), cols.div_ceil(block));
    let mut linked = vec![false; rows * cols];
    for (a, c) in moves(g) {
        linked[a as usize] = true;
        linked[c as usize] = true;
    }
    let mut counts = vec![0u32; br * bc];
    for (i, _) in linked.iter().enumerate().filter(|(_, &l)| l) {
        counts[(i / cols / block) * bc + (i % cols) / block] += 1;
    }
    (br, bc, counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::grid_of as grid;

    #[test]
    fn a_push_moves_the_run_in_the_way_into_the_gap_behind_it() {
        // The mover at (0, 0), a run of two tiles, then a gap of two.
        let g = grid(&[&[1, 2, 3, 0, 0]], false);
        assert_eq!(push(&g, (0, 0), (0, 2)), Some(vec![((0, 1), (0, 3)), ((0, 2), (0, 4))]));
        assert_eq!(push(&g, (0, 0), (0, 1)), Some(vec![((0, 1), (0, 2)), ((0, 2), (0, 3))]));
        // The gap shorter than the leg; the run reaching the edge.
        assert_eq!(push(&g, (0, 0), (0, 3)), None);
        assert_eq!(push(&grid(&[&[1, 2, 3]], false), (0, 0), (0, 1)), None);
        // Nothing next to the mover: nothing to push (the leg is plain or blocked further on).
        assert_eq!(push(&grid(&[&[1, 0, 2, 0]], false), (0, 0), (0, 1)), None);
        // Along a column, towards the top.
        let g = grid(&[&[0], &[3], &[1]], false);
        assert_eq!(push(&g, (2, 0), (1, 0)), Some(vec![((1, 0), (0, 0))]));
    }

    #[test]
    fn applying_a_push_empties_the_leg_and_writes_the_run_shifted_along_it() {
        let mut g = grid(&[&[1, 2, 3, 0, 0]], false);
        let mut changes = Vec::new();
        let written = apply_push(&mut g, &[((0, 1), (0, 3)), ((0, 2), (0, 4))], &mut changes);
        assert_eq!(g.kinds(), &[1, 0, 0, 2, 3]);
        assert_eq!(written, vec![(0, 1), (0, 2), (0, 3), (0, 4)]);
        assert_eq!(
            changes.iter().map(|c| (c.index, c.old, c.new)).collect::<Vec<_>>(),
            [(1, 2, 0), (2, 3, 0), (3, 0, 2), (4, 0, 3)]
        );
        let mut g = grid(&[&[0], &[0], &[3], &[1]], false);
        let written = apply_push(&mut g, &[((2, 0), (0, 0))], &mut changes);
        assert_eq!(g.kinds(), &[3, 0, 0, 1]);
        assert_eq!(written, vec![(2, 0), (1, 0), (0, 0)]);
        assert!(apply_push(&mut g, &[], &mut changes).is_empty());
    }

    #[test]
    fn a_pair_links_with_a_push_when_no_plain_link_is_left() {
        // (0, 0) and (1, 2): the corner (1, 0) holds a tile, the leg to (0, 2) is blocked by the
        // 2, which the 1 pushes into the gap behind it.
        let g = grid(&[&[1, 2, 0, 0], &[4, 5, 1, 6]], false);
        let (path, pushed) = best_link(&g, (0, 0), (1, 2)).unwrap();
        assert_eq!((path.corners(), pushed.as_slice()), (&[(0, 0), (0, 2), (1, 2)][..], &[((0, 1), (0, 3))][..]));
        let (path, pushed) = best_link(&g, (1, 2), (0, 0)).unwrap();
        assert_eq!((path.corners(), pushed.as_slice()), (&[(1, 2), (0, 2), (0, 0)][..], &[((0, 1), (0, 3))][..]));
        assert_eq!(moves(&g), vec![(0, 6)]);
        // No gap behind the 2: no link.
        let g = grid(&[&[1, 2, 0, 7], &[4, 5, 1, 6]], false);
        assert_eq!(best_link(&g, (0, 0), (1, 2)), None);
        assert!(moves(&g).is_empty());
    }
}

//! Gravity: after a removal, the tiles of each segment that lost a tile slide toward its end.

use crate::grid::{Cell, Grid};
use crate::history::{write, Change};

/// Where tiles slide after a removal (docs/engine.md, "Gravity").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gravity {
    None,
    Down,
    Up,
    Left,
    Right,
    /// Each row's left half slides left, its right half right.
    SplitH,
    /// Each column's top half slides up, its bottom half down.
    SplitV,
}

impl Gravity {
    pub const ALL: [Gravity; 7] =
        [Gravity::None, Gravity::Down, Gravity::Up, Gravity::Left, Gravity::Right, Gravity::SplitH, Gravity::SplitV];

    pub fn name(self) -> &'static str {
        match self {
            Gravity::None => "none",
            Gravity::Down => "down",
            Gravity::Up => "up",
            Gravity::Left => "left",
            Gravity::Right => "right",
            Gravity::SplitH => "split-h",
            Gravity::SplitV => "split-v",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Gravity::ALL.into_iter().find(|g| g.name() == name)
    }
}

/// The segment holding `(r, c)`, as cell indices ordered from the end its tiles slide toward,
/// with a key naming it; `None` where tiles do not slide.
fn segment(gravity: Gravity, rows: usize, cols: usize, (r, c): (usize, usize)) -> Option<((u8, usize), Vec<usize>)> {
    let column = |rs: &mut dyn Iterator<Item = usize>| rs.map(|y| y * cols + c).collect::<Vec<_>>();
    let row = |cs: &mut dyn Iterator<Item = usize>| cs.map(|x| r * cols + x).collect::<Vec<_>>();
    let (half_rows, half_cols) = (rows / 2, cols / 2);
    Some(match gravity {
        Gravity::None => return None,
        Gravity::Down => ((0, c), column(&mut (0..rows).rev())),
        Gravity::Up => ((0, c), column(&mut (0..rows))),
        Gravity::Left => ((1, r), row(&mut (0..cols))),
        Gravity::Right => ((1, r), row(&mut (0..cols).rev())),
        Gravity::SplitH if c < half_cols => ((2, r), row(&mut (0..half_cols))),
        Gravity::SplitH if c >= cols - half_cols => ((3, r), row(&mut (cols - half_cols..cols).rev())),
        Gravity::SplitV if r < half_rows => ((2, c), column(&mut (0..half_rows))),
        Gravity::SplitV if r >= rows - half_rows => ((3, c), column(&mut (rows - half_rows..rows).rev())),
        Gravity::SplitH | Gravity::SplitV => return None,
    })
}

/// Compacts every segment that holds one of the `removed` cells, noting each rewritten cell in
/// `changes`. Returns the slides `(from, to)`, sorted by `from`.
pub fn settle(g: &mut Grid, gravity: Gravity, removed: &[Cell], changes: &mut Vec<Change>) -> Vec<(Cell, Cell)> {
    let mut slides = Vec::new();
    let mut done: Vec<(u8, usize)> = Vec::new();
    for &(r, c) in removed {
        let Some((key, cells)) = segment(gravity, g.rows(), g.cols(), (r as usize, c as usize)) else {
            continue;
        };
        if done.contains(&key) {
            continue;
        }
        done.push(key);
        let mut dest = 0;
        for (i, &from) in cells.iter().enumerate() {
            let kind = g.kinds()[from];
            if kind == 0 {
                continue;
            }
            if i != dest {
                let to = cells[dest];
                write(g, changes, to, kind);
                write(g, changes, from, 0);
                slides.push((g.cell(from), g.cell(to)));
            }
            dest += 1;
        }
    }
    slides.sort_unstable();
    slides
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settled(rows: &[&[u16]], gravity: Gravity, removed: &[Cell]) -> (Vec<Vec<u16>>, Vec<(Cell, Cell)>) {
        let kinds: Vec<u16> = rows.iter().flat_map(|r| r.iter().copied()).collect();
        let (h, w) = (rows.len(), rows[0].len());
        let mut g = Grid::new(h, w, kinds, true).unwrap();
        let mut changes = Vec::new();
        let slides = settle(&mut g, gravity, removed, &mut changes);
        let before = g.clone();
        crate::history::revert(&mut g, &changes);
        assert_eq!(g.kinds(), rows.concat().as_slice(), "changes revert exactly");
        let out = before.kinds().chunks(w).map(|r| r.to_vec()).collect();
        (out, slides)
    }

    #[test]
    fn down_compacts_the_touched_columns_only() {
        let (g, slides) = settled(&[&[1, 2, 3], &[0, 0, 4], &[5, 0, 0]], Gravity::Down, &[(1, 0), (2, 2)]);
        assert_eq!(g, vec![vec![0, 2, 0], vec![1, 0, 3], vec![5, 0, 4]]);
        assert_eq!(slides, vec![((0, 0), (1, 0)), ((0, 2), (1, 2)), ((1, 2), (2, 2))]);
    }

    #[test]
    fn every_direction_and_split() {
        let row: &[&[u16]] = &[&[1, 0, 2, 0, 3]];
        assert_eq!(settled(row, Gravity::Left, &[(0, 1)]).0, vec![vec![1, 2, 3, 0, 0]]);
        assert_eq!(settled(row, Gravity::Right, &[(0, 1)]).0, vec![vec![0, 0, 1, 2, 3]]);
        // Middle column 2 never moves; each half compacts outward.
        let row: &[&[u16]] = &[&[0, 1, 2, 4, 0]];
        assert_eq!(settled(row, Gravity::SplitH, &[(0, 0), (0, 4)]).0, vec![vec![1, 0, 2, 0, 4]]);
        assert_eq!(settled(row, Gravity::SplitH, &[(0, 2)]).1, vec![]);
        let col: &[&[u16]] = &[&[0], &[1], &[0], &[2]];
        assert_eq!(settled(col, Gravity::Up, &[(0, 0)]).0, vec![vec![1], vec![2], vec![0], vec![0]]);
        assert_eq!(settled(col, Gravity::SplitV, &[(2, 0)]).0, vec![vec![0], vec![1], vec![0], vec![2]]);
        assert_eq!(settled(col, Gravity::SplitV, &[(0, 0)]).0, vec![vec![1], vec![0], vec![0], vec![2]]);
        assert_eq!(settled(col, Gravity::None, &[(0, 0)]).1, vec![]);
    }

    #[test]
    fn names_round_trip() {
        for g in Gravity::ALL {
            assert_eq!(Gravity::from_name(g.name()), Some(g));
        }
        assert_eq!(Gravity::from_name("sideways"), None);
    }
}

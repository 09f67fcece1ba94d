//! Gravity: after a removal, the tiles of each segment that lost a tile slide toward its end.

use crate::bits::BitLines;
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

/// The segment holding `(r, c)`, as a key naming it and its cells ordered from the end its
/// tiles slide toward: `len` cell indices `first, first + step, ...`; `None` where tiles do not
/// slide. Arithmetic rather than a list, since the solver settles a segment per move.
pub(crate) fn segment(
    gravity: Gravity,
    rows: usize,
    cols: usize,
    (r, c): (usize, usize),
) -> Option<((u8, usize), Segment)> {
    let (half_rows, half_cols) = (rows / 2, cols / 2);
    let (rows_i, cols_i) = (rows as isize, cols as isize);
    let at = |r: usize, c: usize| (r * cols + c) as isize;
    let col = |first: isize, step: isize, len: usize| Segment { first, step, len, vertical: true };
    let row = |first: isize, step: isize, len: usize| Segment { first, step, len, vertical: false };
    Some(match gravity {
        Gravity::None => return None,
        Gravity::Down => ((0, c), col(at(rows - 1, c), -cols_i, rows)),
        Gravity::Up => ((0, c), col(at(0, c), cols_i, rows)),
        Gravity::Left => ((1, r), row(at(r, 0), 1, cols)),
        Gravity::Right => ((1, r), row(at(r, cols - 1), -1, cols)),
        Gravity::SplitH if c < half_cols => ((2, r), row(at(r, 0), 1, half_cols)),
        Gravity::SplitH if c >= cols - half_cols => ((3, r), row(at(r, cols - 1), -1, half_cols)),
        Gravity::SplitV if r < half_rows => ((2, c), col(at(0, c), cols_i, half_rows)),
        Gravity::SplitV if r >= rows - half_rows => ((3, c), col(at(rows_i as usize - 1, c), -cols_i, half_rows)),
        Gravity::SplitH | Gravity::SplitV => return None,
    })
}

/// A line of cells: `len` indices from `first` by `step`, part of a column or of a row.
pub(crate) struct Segment {
    pub(crate) first: isize,
    pub(crate) step: isize,
    pub(crate) len: usize,
    vertical: bool,
}

impl Segment {
    /// The index of its `i`-th cell from the end.
    pub(crate) fn cell(&self, i: usize) -> usize {
        (self.first + self.step * i as isize) as usize
    }

    /// Which of its cells, from the end, the cell at `index` (one of them) is.
    pub(crate) fn place(&self, index: usize) -> usize {
        ((index as isize - self.first) / self.step) as usize
    }

    /// The board's bits of its line (its column or row), that line's number, and the position
    /// of its first cell along it.
    fn bits<'g>(&self, g: &'g Grid) -> (&'g BitLines, usize, usize) {
        let (r, c) = g.cell(self.first as usize);
        if self.vertical {
            (g.col_bits(), c as usize, r as usize)
        } else {
            (g.row_bits(), r as usize, c as usize)
        }
    }

    /// Which of its places hold a tile, bit `i` for place `i`, when its cells lie in one word of
    /// the board's bits of their line (every line of at most 64 cells): one read for the whole
    /// segment.
    fn occupancy(&self, g: &Grid) -> Option<u64> {
        if self.len == 0 {
            return Some(0);
        }
        let (bits, line, start) = self.bits(g);
        if self.step > 0 {
            bits.word_at(line, start, self.len)
        } else {
            // Places run back from `start`: reverse the word so that they run forward.
            let lo = (start + 1).checked_sub(self.len)?;
            bits.word_at(line, lo, self.len).map(|w| w.reverse_bits() >> (64 - self.len))
        }
    }

    /// The first place `i` or after (of `0..len`) that holds a tile (`tile`) or is empty, read
    /// from the board's bits of the row or column: a few word reads where a walk along a
    /// column would read a cell a cache line.
    fn next_at(&self, g: &Grid, i: usize, tile: bool) -> Option<usize> {
        if i >= self.len {
            return None;
        }
        let (bits, line, start) = self.bits(g);
        let found = if self.step > 0 {
            let from = start + i;
            if tile { bits.next_set(line, from) } else { bits.next_clear(line, from) }.map(|p| p - start)
        } else {
            let before = start - i + 1;
            if tile { bits.prev_set(line, before) } else { bits.prev_clear(line, before) }.map(|p| start - p)
        };
        found.filter(|&j| j < self.len)
    }
}

/// Compacts every segment that holds one of the `removed` cells, noting each rewritten cell in
/// `changes`. Returns the slides `(from, to)`, sorted by `from`.
pub fn settle(g: &mut Grid, gravity: Gravity, removed: &[Cell], changes: &mut Vec<Change>) -> Vec<(Cell, Cell)> {
    let mut slides = Vec::new();
    compact(g, gravity, removed, changes, |from, to| slides.push((from, to)));
    slides.sort_unstable();
    slides
}

/// `settle` without the list of slides, allocating nothing but room in `changes`, and writing
/// each cell at most once (its final kind), where `settle` writes a tile's old and new cell for
/// each slide: the solver's make-move, whose changes are only ever reverted as a whole.
pub fn settle_quietly(g: &mut Grid, gravity: Gravity, removed: &[Cell], changes: &mut Vec<Change>) {
    for (n, &(r, c)) in removed.iter().enumerate() {
        let Some((key, cells)) = segment(gravity, g.rows(), g.cols(), (r as usize, c as usize)) else {
            continue;
        };
        if removed[..n].iter().any(|&p| segment_key(gravity, g, p) == Some(key)) {
            continue;
        }
        // A segment within one word of the board's bits (any line of up to 64 cells) settles
        // from that word, read once.
        if let Some(occupied) = cells.occupancy(g) {
            settle_word(g, &cells, occupied, changes);
            continue;
        }
        // Tiles ahead of the first gap stay; from there each cell takes the next tile behind it
        // (found by the bits, jumping over empty cells: a write lands behind the reads).
        let Some(mut dest) = cells.next_at(g, 0, false) else { continue };
        let (mut from, mut last) = (dest + 1, None);
        while let Some(i) = cells.next_at(g, from, true) {
            let kind = g.face(cells.cell(i));
            write(g, changes, cells.cell(dest), kind);
            (dest, from, last) = (dest + 1, i + 1, Some(i));
        }
        // Empty what the tiles left: up to the last one moved (the cells past it are empty).
        for i in dest..last.map_or(dest, |i| i + 1) {
            write(g, changes, cells.cell(i), 0);
        }
    }
}

/// The slides that emptying `removed` (cell indices, tiles now) and settling would make, each as
/// `(from, to, kind)`, without writing anything: what `settle_quietly` does to the board, told
/// in advance (the solver reads a move's next key from it, and skips the move when that state
/// is known dead). Each segment of a removed cell compacts, pre-existing gaps included.
pub fn slides_after(g: &Grid, gravity: Gravity, removed: &[usize], mut slid: impl FnMut(usize, usize, u16)) {
    let kinds = g.kinds();
    for (n, &index) in removed.iter().enumerate() {
        let cell = (index / g.cols(), index % g.cols());
        let Some((key, cells)) = segment(gravity, g.rows(), g.cols(), cell) else {
            continue;
        };
        if removed[..n].iter().any(|&p| segment_key(gravity, g, g.cell(p)) == Some(key)) {
            continue;
        }
        let gone = |i: usize| removed.contains(&cells.cell(i));
        if let Some(mut occupied) = cells.occupancy(g) {
            for &r in removed {
                if segment_key(gravity, g, g.cell(r)) == Some(key) {
                    occupied &= !(1u64 << cells.place(r));
                }
            }
            let mut dest = occupied.trailing_ones() as usize;
            let mut behind = if dest >= 63 { 0 } else { occupied & !((1u64 << (dest + 1)) - 1) };
            while behind != 0 {
                let i = behind.trailing_zeros() as usize;
                behind &= behind - 1;
                slid(cells.cell(i), cells.cell(dest), kinds[cells.cell(i)]);
                dest += 1;
            }
            continue;
        }
        let mut dest = 0;
        for i in 0..cells.len {
            let kind = kinds[cells.cell(i)];
            if kind == 0 || gone(i) {
                continue;
            }
            if i != dest {
                slid(cells.cell(i), cells.cell(dest), kind);
            }
            dest += 1;
        }
    }
}

/// `settle_quietly` on one segment whose places' tiles are the bits of `occupied`: the tiles
/// behind the first gap move up, in order, one write each (each lands ahead of the next read),
/// and the places they leave empty.
fn settle_word(g: &mut Grid, cells: &Segment, occupied: u64, changes: &mut Vec<Change>) {
    let mut dest = occupied.trailing_ones() as usize;
    if dest >= cells.len {
        return;
    }
    let mut behind = occupied & !((1u64 << dest) << 1).wrapping_sub(1);
    if behind == 0 {
        return;
    }
    let last = 63 - behind.leading_zeros() as usize;
    while behind != 0 {
        let i = behind.trailing_zeros() as usize;
        behind &= behind - 1;
        let kind = g.face(cells.cell(i));
        write(g, changes, cells.cell(dest), kind);
        dest += 1;
    }
    for i in dest..=last {
        write(g, changes, cells.cell(i), 0);
    }
}

fn compact(
    g: &mut Grid,
    gravity: Gravity,
    removed: &[Cell],
    changes: &mut Vec<Change>,
    mut slid: impl FnMut(Cell, Cell),
) {
    for (n, &(r, c)) in removed.iter().enumerate() {
        let Some((key, cells)) = segment(gravity, g.rows(), g.cols(), (r as usize, c as usize)) else {
            continue;
        };
        // A segment settles once, for the first removed cell in it.
        if removed[..n].iter().any(|&p| segment_key(gravity, g, p) == Some(key)) {
            continue;
        }
        let mut dest = 0;
        for i in 0..cells.len {
            let from = cells.cell(i);
            let kind = g.face(from);
            if kind == 0 {
                continue;
            }
            if i != dest {
                let to = cells.cell(dest);
                write(g, changes, to, kind);
                write(g, changes, from, 0);
                slid(g.cell(from), g.cell(to));
            }
            dest += 1;
        }
    }
}

/// Does the tile at `index` sit at the back of a settled segment, behind it only tiles of
/// `allowed`? Its segment is compact (no tile behind an empty cell; once settled a segment stays
/// so) and every tile farther from the end tiles slide toward is one of `allowed`. Then removing
/// it slides only `allowed` tiles, and where any other tile of the segment stands depends only
/// on the tiles ahead of it, never on it. True for a tile of no segment (no gravity, or the
/// middle line of a split), which never moves. The solver's safe moves with gravity rest on it
/// (docs/engine.md, "Safe moves with gravity").
pub fn at_back(g: &Grid, gravity: Gravity, index: usize, allowed: &[usize]) -> bool {
    let Some((_, cells)) = segment(gravity, g.rows(), g.cols(), (index / g.cols(), index % g.cols())) else {
        return true;
    };
    let kinds = g.kinds();
    let place = cells.place(index);
    // Behind the tile first: on a full board the next cell back holds another kind, and the
    // answer is no at once (the solver asks this of every move's tiles, every state).
    if (place + 1..cells.len).any(|i| kinds[cells.cell(i)] != 0 && !allowed.contains(&cells.cell(i))) {
        return false;
    }
    // Settled: no tile anywhere behind an empty cell.
    let mut hole = false;
    for i in 0..cells.len {
        if kinds[cells.cell(i)] == 0 {
            hole = true;
        } else if hole {
            return false;
        }
    }
    true
}

/// The key of the segment holding a cell (see `segment`).
fn segment_key(gravity: Gravity, g: &Grid, (r, c): Cell) -> Option<(u8, usize)> {
    segment(gravity, g.rows(), g.cols(), (r as usize, c as usize)).map(|(key, _)| key)
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
    fn at_the_back_of_a_settled_segment() {
        // Columns under gravity down, index = row * 3 + col:
        //   . 2 .
        //   1 3 .
        //   4 5 6
        let g = Grid::new(3, 3, vec![0, 2, 0, 1, 3, 0, 4, 5, 6], true).unwrap();
        let back = |i: usize, allowed: &[usize]| at_back(&g, Gravity::Down, i, allowed);
        assert!(back(3, &[3]) && back(1, &[1]) && back(8, &[8]));
        assert!(!back(4, &[4]) && back(4, &[4, 1]) && !back(7, &[7, 4]) && back(7, &[7, 4, 1]));
        // A tile behind a hole: the segment is not settled, so nothing in it is at the back.
        let holes = Grid::new(3, 1, vec![1, 0, 2], true).unwrap();
        assert!(!at_back(&holes, Gravity::Down, 0, &[0]) && !at_back(&holes, Gravity::Down, 2, &[2, 0]));
        assert!(!at_back(&holes, Gravity::Up, 0, &[0, 2]));
        // Across a row under left gravity, the back is the right; the middle column of a split
        // never slides.
        let row = Grid::new(1, 3, vec![1, 2, 3], true).unwrap();
        assert!(at_back(&row, Gravity::Left, 2, &[2]) && !at_back(&row, Gravity::Left, 1, &[1]));
        assert!(at_back(&row, Gravity::Right, 0, &[0]) && at_back(&row, Gravity::SplitH, 1, &[1]));
        assert!(at_back(&row, Gravity::None, 1, &[1]));
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
    fn settling_quietly_leaves_the_board_settle_leaves() {
        let mut rng = crate::rng::SplitMix64::new(9);
        for case in 0..2000 {
            // Lines of up to 64 cells settle from one word of bits, longer ones (and those
            // across two words) cell by cell: both.
            let long = |rng: &mut crate::rng::SplitMix64| 60 + rng.below(80) as usize;
            let (rows, cols) = match case % 3 {
                0 => (1 + rng.below(6) as usize, 1 + rng.below(6) as usize),
                1 => (long(&mut rng), 1 + rng.below(3) as usize),
                _ => (1 + rng.below(3) as usize, long(&mut rng)),
            };
            let kinds: Vec<u16> = (0..rows * cols).map(|_| rng.below(4) as u16).collect();
            let gravity = Gravity::ALL[case % 7];
            let removed: Vec<Cell> =
                (0..1 + rng.below(2)).map(|_| (rng.below(rows as u64) as i32, rng.below(cols as u64) as i32)).collect();
            let mut loud = Grid::new(rows, cols, kinds.clone(), true).unwrap();
            let mut quiet = loud.clone();
            for g in [&mut loud, &mut quiet] {
                for &cell in &removed {
                    let i = g.index(cell);
                    g.set(i, 0);
                }
            }
            let before = quiet.clone();
            settle(&mut loud, gravity, &removed, &mut Vec::new());
            let mut changes = Vec::new();
            settle_quietly(&mut quiet, gravity, &removed, &mut changes);
            assert_eq!(quiet, loud, "case {case} {gravity:?} {removed:?}");
            assert!(changes.iter().all(|ch| ch.old != ch.new));
            crate::history::revert(&mut quiet, &changes);
            assert_eq!(quiet, before, "case {case}: the changes revert exactly");
        }
    }

    #[test]
    fn names_round_trip() {
        for g in Gravity::ALL {
            assert_eq!(Gravity::from_name(g.name()), Some(g));
        }
        assert_eq!(Gravity::from_name("sideways"), None);
    }
}

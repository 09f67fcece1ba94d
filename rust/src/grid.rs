//! Board storage: the kinds, and occupancy bitsets by row and by column kept in step with them.

use crate::bits::BitLines;
use crate::error::Error;

/// The largest board the engine accepts, in cells. Checked before anything is allocated.
pub const MAX_CELLS: usize = 1 << 24;

/// A cell as the engine sees it: `(row, col)`, where the ring around a bordered board has row or
/// column `-1`, `rows` or `cols`.
pub type Cell = (i32, i32);

/// The kind a tile of `kind` matches as (docs/engine.md, "Rule variants"): in Chinese style
/// the flowers 35..=38 all match as 35 and the seasons 39..=42 as 39; every other kind (and 0,
/// empty) is its own key.
#[inline]
pub fn match_key(kind: u16) -> u16 {
    match kind {
        35..=38 => 35,
        39..=42 => 39,
        k => k,
    }
}

/// The faces of the match group whose key is `key` (itself alone for a kind in no group).
pub fn group_faces(key: u16) -> std::ops::RangeInclusive<u16> {
    match key {
        35 => 35..=38,
        39 => 39..=42,
        k => k..=k,
    }
}

/// A board: kinds in row-major order (0 empty), with occupancy by row and by column.
///
/// In Chinese style (`faces` is `Some`) `kinds` holds each tile's *match key* ([`match_key`])
/// and `faces` the kinds themselves: every link, scan and the solver read `kinds` and so see
/// the match groups, while what the board shows, moves and records are the faces ([`face`],
/// [`faces`]; [`set`] writes both). A classic board has no second array: its faces are `kinds`.
///
/// [`face`]: Grid::face
/// [`faces`]: Grid::faces
/// [`set`]: Grid::set
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    border: bool,
    kinds: Vec<u16>,
    faces: Option<Vec<u16>>,
    /// Line `r`, bit `c`: cell `(r, c)` holds a tile.
    row_bits: BitLines,
    /// Line `c`, bit `r`: cell `(r, c)` holds a tile.
    col_bits: BitLines,
    remaining: usize,
    max_kind: u16,
    /// `cols` as a multiplier that divides by it (Lemire's fastdiv, exact for indices below
    /// 2^32, which `MAX_CELLS` keeps them): a hardware division per rewritten cell was a fifth
    /// of the solver's time under gravity. 0 for one column.
    cols_recip: u64,
}

impl Grid {
    /// Checks a board's size before any storage for it is allocated.
    pub fn check_size(rows: usize, cols: usize) -> Result<(), Error> {
        if rows == 0 || cols == 0 {
            return Err(Error::GridEmpty { rows, cols });
        }
        if rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
            return Err(Error::GridTooLarge { rows, cols });
        }
        Ok(())
    }

    /// A board from its kinds in row-major order.
    pub fn new(rows: usize, cols: usize, kinds: Vec<u16>, border: bool) -> Result<Self, Error> {
        Self::check_size(rows, cols)?;
        if kinds.len() != rows * cols {
            return Err(Error::GridWrongLength { rows, cols, len: kinds.len() });
        }
        let mut row_bits = BitLines::new(rows, cols);
        let mut col_bits = BitLines::new(cols, rows);
        let mut remaining = 0;
        let mut max_kind = 0;
        for (i, &k) in kinds.iter().enumerate() {
            if k != 0 {
                let (r, c) = (i / cols, i % cols);
                row_bits.set(r, c);
                col_bits.set(c, r);
                remaining += 1;
                max_kind = max_kind.max(k);
            }
        }
        let cols_recip = if cols == 1 { 0 } else { u64::MAX / cols as u64 + 1 };
        Ok(Grid { rows, cols, border, kinds, faces: None, row_bits, col_bits, remaining, max_kind, cols_recip })
    }

    /// The same board in Chinese style (`chinese`) or classic: the kinds it holds are its faces.
    pub fn with_chinese(mut self, chinese: bool) -> Self {
        if chinese != self.faces.is_some() {
            let faces = self.faces.take().unwrap_or_else(|| self.kinds.clone());
            self.kinds = faces.iter().map(|&k| if chinese { match_key(k) } else { k }).collect();
            self.max_kind = self.kinds.iter().copied().max().unwrap_or(0);
            self.faces = chinese.then_some(faces);
        }
        self
    }

    /// Chinese style: flowers and seasons match within their group.
    pub fn chinese(&self) -> bool {
        self.faces.is_some()
    }

    /// The faces (the kinds as dealt and shown) in row-major order: `kinds` on a classic board.
    pub fn faces(&self) -> &[u16] {
        self.faces.as_deref().unwrap_or(&self.kinds)
    }

    /// The face on the cell with this row-major index.
    #[inline]
    pub fn face(&self, index: usize) -> u16 {
        match &self.faces {
            Some(faces) => faces[index],
            None => self.kinds[index],
        }
    }
    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn border(&self) -> bool {
        self.border
    }

    /// Tiles left on the board.
    pub fn remaining(&self) -> usize {
        self.remaining
    }

    /// The largest kind the board has ever held (sizes per-kind tables in the scans).
    pub fn max_kind(&self) -> u16 {
        self.max_kind
    }

    /// Kinds in row-major order.
    pub fn kinds(&self) -> &[u16] {
        &self.kinds
    }

    pub(crate) fn row_bits(&self) -> &BitLines {
        &self.row_bits
    }

    pub(crate) fn col_bits(&self) -> &BitLines {
        &self.col_bits
    }

    /// Is `(r, c)` on the board (not the ring)?
    #[inline]
    pub fn contains(&self, (r, c): Cell) -> bool {
        r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.cols
    }

    /// The kind at a cell; 0 for an empty cell and for every cell off the board.
    #[inline]
    pub fn kind(&self, cell: Cell) -> u16 {
        if self.contains(cell) {
            self.kinds[cell.0 as usize * self.cols + cell.1 as usize]
        } else {
            0
        }
    }

    /// Puts a tile of `kind` (0: empty; in Chinese style a face, whose key goes to `kinds`) on
    /// the cell with this row-major index, keeping the bitsets and the counts in step. Returns
    /// the kind (face) that was there.
    #[inline]
    pub fn set(&mut self, index: usize, kind: u16) -> u16 {
        if let Some(faces) = self.faces.as_mut() {
            let old = std::mem::replace(&mut faces[index], kind);
            self.set_key(index, match_key(kind));
            return old;
        }
        self.set_key(index, kind)
    }

    /// `set` on the kinds (the keys) alone.
    #[inline]
    fn set_key(&mut self, index: usize, kind: u16) -> u16 {
        let old = self.kinds[index];
        if old == kind {
            return old;
        }
        // The row and column only when the occupancy changes: a division, and most writes
        // (tiles sliding under gravity) put one tile in place of another.
        if old == 0 {
            let (r, c) = self.split(index);
            self.row_bits.set(r, c);
            self.col_bits.set(c, r);
            self.remaining += 1;
        } else if kind == 0 {
            let (r, c) = self.split(index);
            self.row_bits.clear(r, c);
            self.col_bits.clear(c, r);
            self.remaining -= 1;
        }
        self.kinds[index] = kind;
        // A branch, not `max`: storing the field on every call stalled the next call's load of
        // it (a store the wider load could not forward from), a third of the solver's time.
        if kind > self.max_kind {
            self.max_kind = kind;
        }
        old
    }

    /// Row-major index of a cell on the board.
    #[inline]
    pub fn index(&self, (r, c): Cell) -> usize {
        r as usize * self.cols + c as usize
    }

    /// The cell at a row-major index.
    #[inline]
    pub fn cell(&self, index: usize) -> Cell {
        let (r, c) = self.split(index);
        (r as i32, c as i32)
    }

    /// `(index / cols, index % cols)` by a multiply instead of a division.
    #[inline]
    fn split(&self, index: usize) -> (usize, usize) {
        if self.cols_recip == 0 {
            return (index, 0);
        }
        let r = ((self.cols_recip as u128 * index as u128) >> 64) as usize;
        (r, index - r * self.cols)
    }

    // Run ends: how far a straight run of empty cells reaches from a cell (the cell itself not
    // counted). Off the board the ring is empty, so a run that reaches the edge goes on into the
    // ring when there is a border.

    /// The smallest column `x` with `(r, x) .. (r, c - 1)` all empty.
    #[inline]
    pub fn left_end(&self, r: usize, c: usize) -> i32 {
        match self.row_bits.prev_set(r, c) {
            Some(x) => x as i32 + 1,
            None => -(self.border as i32),
        }
    }

    /// The largest column `x` with `(r, c + 1) .. (r, x)` all empty.
    #[inline]
    pub fn right_end(&self, r: usize, c: usize) -> i32 {
        match self.row_bits.next_set(r, c + 1) {
            Some(x) => x as i32 - 1,
            None => self.cols as i32 - 1 + self.border as i32,
        }
    }

    /// The smallest row `y` with `(y, c) .. (r - 1, c)` all empty.
    #[inline]
    pub fn up_end(&self, r: usize, c: usize) -> i32 {
        match self.col_bits.prev_set(c, r) {
            Some(y) => y as i32 + 1,
            None => -(self.border as i32),
        }
    }

    /// The largest row `y` with `(r + 1, c) .. (y, c)` all empty.
    #[inline]
    pub fn down_end(&self, r: usize, c: usize) -> i32 {
        match self.col_bits.next_set(c, r + 1) {
            Some(y) => y as i32 - 1,
            None => self.rows as i32 - 1 + self.border as i32,
        }
    }

    /// Are all cells of row `r` strictly between columns `c0` and `c1` empty? Rows and columns
    /// off the board (the ring) are empty.
    #[inline]
    pub fn row_clear_between(&self, r: i32, c0: i32, c1: i32) -> bool {
        if r < 0 || r as usize >= self.rows {
            return true;
        }
        let lo = (c0.min(c1) + 1).max(0);
        let hi = c0.max(c1).min(self.cols as i32);
        lo >= hi || !self.row_bits.any_in(r as usize, lo as usize, hi as usize)
    }

    /// Are all cells of column `c` strictly between rows `r0` and `r1` empty?
    #[inline]
    pub fn col_clear_between(&self, c: i32, r0: i32, r1: i32) -> bool {
        if c < 0 || c as usize >= self.cols {
            return true;
        }
        let lo = (r0.min(r1) + 1).max(0);
        let hi = r0.max(r1).min(self.rows as i32);
        lo >= hi || !self.col_bits.any_in(c as usize, lo as usize, hi as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::grid_of as grid;

    #[test]
    fn the_multiply_divides_exactly() {
        for cols in [1usize, 2, 3, 7, 30, 1000, 4095, 4097, MAX_CELLS] {
            let g = Grid::new(1, cols, vec![0; cols], false).unwrap();
            for index in [0, 1, cols - 1, cols, cols + 1, MAX_CELLS - 1, MAX_CELLS, u32::MAX as usize] {
                assert_eq!(g.split(index), (index / cols, index % cols), "{index} / {cols}");
            }
        }
    }

    #[test]
    fn sizes_are_checked_before_allocation() {
        assert_eq!(Grid::check_size(0, 5), Err(Error::GridEmpty { rows: 0, cols: 5 }));
        assert_eq!(Grid::check_size(5, 0), Err(Error::GridEmpty { rows: 5, cols: 0 }));
        assert!(matches!(Grid::check_size(1 << 20, 1 << 20), Err(Error::GridTooLarge { .. })));
        assert!(matches!(Grid::check_size(usize::MAX, 2), Err(Error::GridTooLarge { .. })));
        assert!(Grid::check_size(4096, 4096).is_ok());
        assert!(matches!(Grid::new(2, 2, vec![1; 3], true), Err(Error::GridWrongLength { .. })));
    }

    #[test]
    fn run_ends_stop_at_tiles_and_reach_the_ring() {
        let g = grid(&[&[1, 0, 0, 2], &[0, 3, 0, 0]], true);
        assert_eq!((g.left_end(0, 3), g.right_end(0, 0)), (1, 2));
        assert_eq!((g.left_end(0, 0), g.right_end(0, 3)), (-1, 4));
        assert_eq!((g.up_end(1, 1), g.down_end(1, 1)), (-1, 2));
        let g = grid(&[&[1, 0, 0, 2], &[0, 3, 0, 0]], false);
        assert_eq!((g.left_end(0, 0), g.right_end(0, 3)), (0, 3));
        assert_eq!((g.up_end(1, 1), g.down_end(1, 1)), (0, 1));
    }

    #[test]
    fn chinese_style_keeps_the_keys_beside_the_faces() {
        let mut g = Grid::new(1, 5, vec![35, 38, 40, 7, 0], true).unwrap().with_chinese(true);
        assert!(g.chinese());
        assert_eq!((g.kinds(), g.faces()), (&[35, 35, 39, 7, 0][..], &[35, 38, 40, 7, 0][..]));
        assert_eq!(g.set(1, 42), 38);
        assert_eq!((g.kind((0, 1)), g.face(1)), (39, 42));
        assert_eq!((g.set(4, 36), g.set(0, 0), g.remaining()), (0, 35, 4));
        assert_eq!(g.kinds(), &[0, 39, 39, 7, 35]);
        let classic = g.clone().with_chinese(false);
        assert!(!classic.chinese());
        assert_eq!((classic.kinds(), classic.faces()), (&[0, 42, 40, 7, 36][..], &[0, 42, 40, 7, 36][..]));
        assert_eq!(classic.with_chinese(true), g);
    }

    #[test]
    fn clearing_updates_counts_and_bits() {
        let mut g = grid(&[&[1, 2], &[2, 1]], true);
        assert_eq!(g.remaining(), 4);
        assert_eq!(g.set(1, 0), 2);
        assert_eq!(g.set(1, 0), 0);
        assert_eq!(g.remaining(), 3);
        assert_eq!(g.kind((0, 1)), 0);
        assert!(!g.row_clear_between(0, -1, 2));
        assert!(g.col_clear_between(1, -1, 1));
        assert_eq!(g.kind((-1, 0)), 0);
    }
}

//! KShisen's "is this deal solvable?" check, for `llk bench --solver`'s race: the same rule as
//! python/llk/bench/kshisen.py (whose docstring says where it comes from and what it ignores),
//! here so that the race times it in the same language as llk's solver.
//!
//! From KDE/kshisen src/board.cpp (`Board::isSolvable`, `pathFoundBetweenMatchingTiles`,
//! `findPath`, `findSimplePath`, `canMakePath`): scan the board column by column (x outer, y
//! inner) for a first tile whose kind has failed fewer than 4 times in this scan, then again in
//! the same order for a tile of its kind that a path of at most two corners reaches (through
//! empty cells and the one-cell outline); remove the first such pair, and start again until no
//! pair is found. "Solvable" when the board is empty. No gravity, no slides, no undo.

/// KShisen's walk from the first tile, in its order: dx {1, 0, -1, 0}, dy {0, 1, 0, -1}.
const STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
/// KShisen stops trying a kind as the first tile after this many failures in one scan.
const TRIES_A_KIND: u8 = 4;

type Pos = (i32, i32); // (x, y): column, row, as KShisen writes them

/// A board as KShisen keeps it: kinds in row-major order (0 empty), an empty outline round it.
struct Field {
    cells: Vec<u16>,
    x_tiles: i32,
    y_tiles: i32,
}

impl Field {
    fn field(&self, (x, y): Pos) -> u16 {
        if (0..self.x_tiles).contains(&x) && (0..self.y_tiles).contains(&y) {
            self.cells[(y * self.x_tiles + x) as usize]
        } else {
            0 // the outline
        }
    }

    fn in_outline(&self, (x, y): Pos) -> bool {
        (-1..=self.x_tiles).contains(&x) && (-1..=self.y_tiles).contains(&y)
    }

    /// `canMakePath`: one straight segment, every cell strictly between empty.
    fn can_make_path(&self, (x1, y1): Pos, (x2, y2): Pos) -> bool {
        if x1 == x2 {
            return (y1.min(y2) + 1..y1.max(y2)).all(|y| self.field((x1, y)) == 0);
        }
        if y1 == y2 {
            return (x1.min(x2) + 1..x1.max(x2)).all(|x| self.field((x, y1)) == 0);
        }
        false
    }

    /// `findSimplePath` without slides: a line, or one corner at (x2, y1), then at (x1, y2).
    fn find_simple_path(&self, a: Pos, b: Pos) -> bool {
        if self.can_make_path(a, b) {
            return true;
        }
        if a.0 == b.0 || a.1 == b.1 {
            return false;
        }
        [(b.0, a.1), (a.0, b.1)]
            .into_iter()
            .any(|corner| self.field(corner) == 0 && self.can_make_path(a, corner) && self.can_make_path(corner, b))
    }

    /// `findPath` without slides: a simple path, or one from an empty cell met walking from `a`.
    fn find_path(&self, a: Pos, b: Pos) -> bool {
        if self.find_simple_path(a, b) {
            return true;
        }
        STEPS.iter().any(|&(dx, dy)| {
            let mut cell = (a.0 + dx, a.1 + dy);
            while self.in_outline(cell) && self.field(cell) == 0 {
                if self.find_simple_path(cell, b) {
                    return true;
                }
                cell = (cell.0 + dx, cell.1 + dy);
            }
            false
        })
    }

    /// `pathFoundBetweenMatchingTiles`: the first linking pair of the two column-major scans.
    /// The inner scan visits only the first tile's kind, in the same order.
    fn first_pair(&self) -> Option<(Pos, Pos)> {
        let max_kind = self.cells.iter().copied().max().unwrap_or(0) as usize;
        let mut by_kind: Vec<Vec<Pos>> = vec![Vec::new(); max_kind + 1];
        let column_major = (0..self.x_tiles).flat_map(|x| (0..self.y_tiles).map(move |y| (x, y)));
        for pos in column_major.clone() {
            let kind = self.field(pos);
            if kind != 0 {
                by_kind[kind as usize].push(pos);
            }
        }
        let mut done = vec![0u8; max_kind + 1];
        for pos in column_major {
            let kind = self.field(pos) as usize;
            if kind == 0 || done[kind] == TRIES_A_KIND {
                continue;
            }
            if let Some(&other) = by_kind[kind].iter().find(|&&other| other != pos && self.find_path(pos, other)) {
                return Some((pos, other));
            }
            done[kind] += 1;
        }
        None
    }
}

/// KShisen's `isSolvable` on a row-major grid of kinds: the pairs it removes, in order, as
/// row-major indices, and how many tiles it leaves (0: it calls the deal solvable).
pub fn kshisen_check(kinds: &[u16], rows: usize, cols: usize) -> (Vec<(usize, usize)>, usize) {
    let mut field = Field { cells: kinds.to_vec(), x_tiles: cols as i32, y_tiles: rows as i32 };
    let index = |(x, y): Pos| y as usize * cols + x as usize;
    let mut removed = Vec::new();
    while let Some((a, b)) = field.first_pair() {
        field.cells[index(a)] = 0;
        field.cells[index(b)] = 0;
        removed.push((index(a), index(b)));
    }
    let left = field.cells.iter().filter(|&&k| k != 0).count();
    (removed, left)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_column_by_column_and_answers_in_row_major_indices() {
        // tests/bench/test_kshisen.py's ORDER: the column scan first removes the 5s at rows 3,
        // columns 0 and 1 (indices 15 and 16), and clears the board; a row scan gets stuck.
        let kinds = [1, 2, 7, 7, 3, 3, 5, 5, 1, 8, 2, 5, 1, 3, 5, 5, 5, 8, 1, 3];
        let (removed, left) = kshisen_check(&kinds, 4, 5);
        assert_eq!((removed[0], removed.len(), left), ((15, 16), 10, 0));
    }
}

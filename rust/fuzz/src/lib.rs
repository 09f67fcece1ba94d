//! What the fuzz targets share: boards built from fuzz input, and the checks they hold the core
//! to, written from docs/engine.md alone (slow and plain, never the core's own code paths).

use arbitrary::Arbitrary;
use llk_core::board::Board;
use llk_core::error::Error;
use llk_core::gravity::Gravity;
use llk_core::grid::{Cell, Grid};
use llk_core::path::{best_path, Path};
use llk_core::scan::{self, Tile};

/// The largest side of a fuzzed board; a wide board may stretch its rows further, so that lines
/// of several bit words and the scans' long-line code are reached too.
pub const SIDE: usize = 64;
const WIDE: usize = 200;

/// A board as fuzz input: its size, and each cell a byte that makes it empty or picks a kind
/// from `palette` (any `u16`, the biggest included) or, without a palette, one of a few small
/// kinds.
#[derive(Arbitrary, Debug)]
pub struct GridSpec {
    /// Sizes: below 128 a small side (0..=8), where the rules' corner cases are dense; from 128
    /// on any side up to `SIDE`.
    pub rows: u8,
    pub cols: u8,
    /// Let the columns run to `WIDE` instead of `SIDE`.
    pub wide: bool,
    pub border: bool,
    /// The cells past the given ones repeat them (a busy board) instead of being empty.
    pub repeat: bool,
    /// How many cells are empty: 1 in 8, 1 in 4, 1 in 2 or 3 in 4.
    pub sparse: u8,
    /// Without a palette: kinds 1..=1 + small_kinds % 6.
    pub small_kinds: u8,
    pub palette: Vec<u16>,
    pub cells: Vec<u8>,
}

impl GridSpec {
    pub fn size(&self) -> (usize, usize) {
        let side = |b: u8, most: usize| if b < 128 { b as usize % 9 } else { b as usize % (most + 1) };
        (side(self.rows, SIDE), side(self.cols, if self.wide { WIDE } else { SIDE }))
    }

    pub fn kind(&self, byte: u8) -> u16 {
        let empty = [32, 64, 128, 192][self.sparse as usize % 4];
        if byte < empty {
            return 0;
        }
        let pick = (byte - empty) as usize;
        if self.palette.is_empty() {
            1 + (pick % (1 + self.small_kinds as usize % 6)) as u16
        } else {
            self.palette[pick % self.palette.len()]
        }
    }

    /// The kinds, row-major, for the spec's size.
    pub fn kinds(&self) -> Vec<u16> {
        let (rows, cols) = self.size();
        (0..rows * cols)
            .map(|i| match self.cells.get(i) {
                Some(&b) => self.kind(b),
                None if self.repeat && !self.cells.is_empty() => self.kind(self.cells[i % self.cells.len()]),
                None => 0,
            })
            .collect()
    }

    /// The board, or `None` for zero rows or columns, which `Grid::new` must refuse.
    pub fn grid(&self) -> Option<Grid> {
        let (rows, cols) = self.size();
        let made = Grid::new(rows, cols, self.kinds(), self.border);
        if rows == 0 || cols == 0 {
            assert_eq!(made, Err(Error::GridEmpty { rows, cols }));
            return None;
        }
        Some(made.expect("a board of 1..=64 rows and 1..=200 columns"))
    }
}

pub fn gravity(byte: u8) -> Gravity {
    Gravity::ALL[byte as usize % Gravity::ALL.len()]
}

/// A cell on the board or the ring around it (or, for `spread`, one further out) from a number.
pub fn cell(g: &Grid, n: u16, spread: i32) -> Cell {
    let (h, w) = (g.rows() as i32 + 2 * spread, g.cols() as i32 + 2 * spread);
    let n = n as i32 % (h * w);
    (n / w - spread, n % w - spread)
}

pub fn sorted_kinds(g: &Grid) -> Vec<u16> {
    let mut k: Vec<u16> = g.kinds().iter().copied().filter(|&k| k != 0).collect();
    k.sort_unstable();
    k
}

pub fn occupancy(g: &Grid) -> Vec<bool> {
    g.kinds().iter().map(|&k| k != 0).collect()
}

/// The grid's bitsets and counts agree with its kinds: what a fresh grid built from the same
/// kinds says, cell by cell.
pub fn check_grid(g: &Grid) {
    let fresh = Grid::new(g.rows(), g.cols(), g.kinds().to_vec(), g.border()).expect("same size");
    assert_eq!(g.remaining(), g.kinds().iter().filter(|&&k| k != 0).count());
    assert!(g.kinds().iter().all(|&k| k <= g.max_kind()));
    for r in 0..g.rows() {
        for c in 0..g.cols() {
            let ends = |g: &Grid| (g.left_end(r, c), g.right_end(r, c), g.up_end(r, c), g.down_end(r, c));
            assert_eq!(ends(g), ends(&fresh), "run ends at ({r}, {c})");
        }
    }
}

/// Can a path pass through `cell`: an empty board cell, or a ring cell when there is a border?
pub fn passable(g: &Grid, (r, c): Cell) -> bool {
    if g.contains((r, c)) {
        return g.kind((r, c)) == 0;
    }
    g.border() && (-1..=g.rows() as i32).contains(&r) && (-1..=g.cols() as i32).contains(&c)
}

/// The cells strictly between two aligned cells, in order.
fn between(a: Cell, b: Cell) -> impl Iterator<Item = Cell> {
    let step = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
    let n = (b.0 - a.0).abs().max((b.1 - a.1).abs());
    (1..n).map(move |i| (a.0 + i * step.0, a.1 + i * step.1))
}

/// Every rule a returned path must keep (docs/engine.md): from `a` to `b`, two cells of one kind
/// on the board; 2 to 4 corners, consecutive ones aligned and each turn a real turn; `turns`
/// and `length` as the corners say; every cell but the ends passable.
pub fn check_path(g: &Grid, a: Cell, b: Cell, p: &Path) {
    let cs = p.corners();
    assert!((2..=4).contains(&cs.len()), "{p:?}");
    assert_eq!((cs[0], cs[cs.len() - 1]), (a, b), "{p:?}");
    assert_ne!(a, b);
    assert!(g.contains(a) && g.contains(b));
    assert!(g.kind(a) != 0 && g.kind(a) == g.kind(b), "{p:?} links kinds {} and {}", g.kind(a), g.kind(b));
    assert_eq!(p.turns as usize, cs.len() - 2);
    let mut length = 0;
    for w in cs.windows(2) {
        assert!((w[0].0 == w[1].0) != (w[0].1 == w[1].1), "corners not aligned: {p:?}");
        length += (w[0].0 - w[1].0).unsigned_abs() + (w[0].1 - w[1].1).unsigned_abs();
        assert!(between(w[0], w[1]).all(|x| passable(g, x)), "blocked: {p:?}");
    }
    for w in cs.windows(3) {
        assert_ne!(w[0].0 == w[1].0, w[1].0 == w[2].0, "a corner that does not turn: {p:?}");
    }
    assert!(cs[1..cs.len() - 1].iter().all(|&x| passable(g, x)), "a blocked corner: {p:?}");
    assert_eq!(length, p.length);
}

/// The best path by brute force: every polyline with at most two corners, the best by (turns,
/// length, corners read from the smaller endpoint).
pub fn reference_path(g: &Grid, a: Cell, b: Cell) -> Option<Vec<Cell>> {
    if a == b || !g.contains(a) || !g.contains(b) || g.kind(a) == 0 || g.kind(a) != g.kind(b) {
        return None;
    }
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let mut candidates = vec![vec![lo, hi], vec![lo, (lo.0, hi.1), hi], vec![lo, (hi.0, lo.1), hi]];
    for x in -1..=g.cols() as i32 {
        candidates.push(vec![lo, (lo.0, x), (hi.0, x), hi]);
    }
    for y in -1..=g.rows() as i32 {
        candidates.push(vec![lo, (y, lo.1), (y, hi.1), hi]);
    }
    let valid = |cs: &Vec<Cell>| {
        cs.windows(2).all(|w| (w[0].0 == w[1].0) != (w[0].1 == w[1].1))
            && cs.windows(3).all(|w| (w[0].0 == w[1].0) != (w[1].0 == w[2].0))
            && cs[1..cs.len() - 1].iter().all(|&x| passable(g, x))
            && cs.windows(2).all(|w| between(w[0], w[1]).all(|x| passable(g, x)))
    };
    let key = |cs: &Vec<Cell>| {
        let length: u32 =
            cs.windows(2).map(|w| (w[0].0 - w[1].0).unsigned_abs() + (w[0].1 - w[1].1).unsigned_abs()).sum();
        (cs.len(), length, cs.clone())
    };
    let mut best = candidates.into_iter().filter(valid).min_by_key(key)?;
    if b < a {
        best.reverse();
    }
    Some(best)
}

/// Every linking pair by the theorem's other side: all pairs of tiles of one kind, tested by
/// the path finder. Only for boards with few tiles.
pub fn all_linking_pairs(g: &Grid) -> Vec<(Tile, Tile)> {
    let tiles: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
    let mut out = Vec::new();
    for (n, &a) in tiles.iter().enumerate() {
        for &b in &tiles[n + 1..] {
            if g.kinds()[a] == g.kinds()[b] && best_path(g, g.cell(a), g.cell(b)).is_some() {
                out.push((a as Tile, b as Tile));
            }
        }
    }
    out
}

/// Hint, move list, move count, has-move and deadlock verdicts agree with each other, and
/// every listed move links by a valid path. Returns the moves.
pub fn check_scans(g: &Grid) -> Vec<(Tile, Tile)> {
    let moves = scan::moves(g);
    assert!(moves.windows(2).all(|w| w[0] < w[1]), "moves not sorted or repeated");
    assert_eq!(scan::move_count(g), moves.len());
    assert_eq!(scan::hint(g), moves.first().copied());
    assert_eq!(scan::has_move(g), !moves.is_empty());
    assert_eq!(scan::is_deadlocked(g), g.remaining() > 0 && moves.is_empty());
    // Every move on a small list, a spread of them on a long one.
    let stride = moves.len() / 256 + 1;
    for &(a, b) in moves.iter().step_by(stride) {
        assert!(a < b);
        let (ca, cb) = (g.cell(a as usize), g.cell(b as usize));
        let p = best_path(g, ca, cb).unwrap_or_else(|| panic!("move {ca:?}-{cb:?} does not link"));
        check_path(g, ca, cb, &p);
    }
    moves
}

/// The board with every tile made kind 1: whether cells could link depends only on emptiness.
pub fn all_one(g: &Grid) -> Grid {
    let kinds = g.kinds().iter().map(|&k| (k != 0) as u16).collect();
    Grid::new(g.rows(), g.cols(), kinds, g.border()).expect("same size")
}

/// Plays `moves` on a copy of the board: each pair must be two tiles of one kind, smaller cell
/// first, that link; the board must end empty.
pub fn replay(board: &Board, moves: &[(Tile, Tile)]) {
    let mut b = board.clone();
    for (step, &(a, c)) in moves.iter().enumerate() {
        assert!(a < c, "step {step}: ({a}, {c}) not in order");
        let g = b.grid();
        assert!((c as usize) < g.kinds().len(), "step {step}: tile {c} off the board");
        let (ca, cc) = (g.cell(a as usize), g.cell(c as usize));
        assert!(g.kind(ca) != 0 && g.kind(ca) == g.kind(cc), "step {step}: {ca:?}-{cc:?} are not a pair");
        assert!(b.remove(ca, cc).is_ok(), "step {step}: {ca:?}-{cc:?} do not link");
    }
    assert_eq!(b.grid().remaining(), 0, "the moves do not clear the board");
}

/// The segment that holds `(r, c)` under `gravity`, as cell indices from the end its tiles
/// slide toward (docs/engine.md, "Gravity"); `None` where tiles do not slide.
pub fn segment(gravity: Gravity, rows: usize, cols: usize, (r, c): (usize, usize)) -> Option<Vec<usize>> {
    let col = |rs: Vec<usize>| rs.into_iter().map(|y| y * cols + c).collect();
    let row = |cs: Vec<usize>| cs.into_iter().map(|x| r * cols + x).collect();
    let (hr, hc) = (rows / 2, cols / 2);
    Some(match gravity {
        Gravity::None => return None,
        Gravity::Down => col((0..rows).rev().collect()),
        Gravity::Up => col((0..rows).collect()),
        Gravity::Left => row((0..cols).collect()),
        Gravity::Right => row((0..cols).rev().collect()),
        Gravity::SplitH if c < hc => row((0..hc).collect()),
        Gravity::SplitH if c >= cols - hc => row((cols - hc..cols).rev().collect()),
        Gravity::SplitV if r < hr => col((0..hr).collect()),
        Gravity::SplitV if r >= rows - hr => col((rows - hr..rows).rev().collect()),
        Gravity::SplitH | Gravity::SplitV => return None,
    })
}

/// The kinds after removing `a` and `b` from `before` and compacting their segments.
pub fn settled(before: &Grid, gravity: Gravity, a: Cell, b: Cell) -> Vec<u16> {
    let (rows, cols) = (before.rows(), before.cols());
    let mut kinds = before.kinds().to_vec();
    kinds[before.index(a)] = 0;
    kinds[before.index(b)] = 0;
    let mut done: Vec<Vec<usize>> = Vec::new();
    for (r, c) in [a, b] {
        let Some(seg) = segment(gravity, rows, cols, (r as usize, c as usize)) else { continue };
        if done.contains(&seg) {
            continue;
        }
        let tiles: Vec<u16> = seg.iter().map(|&i| kinds[i]).filter(|&k| k != 0).collect();
        for (n, &i) in seg.iter().enumerate() {
            kinds[i] = tiles.get(n).copied().unwrap_or(0);
        }
        done.push(seg);
    }
    kinds
}

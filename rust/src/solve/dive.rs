//! The first-solution phase on big boards (docs/engine.md, "Solver", "The dive"): a greedy
//! depth-first dive that asks, at each state, for one move only, found by a short local search
//! from a tile near the last removal, instead of listing every move. A move it makes is a real
//! link, so a dive that clears the board is a valid solution; one that gets stuck proves
//! nothing, and the complete search takes over (after trying to finish from a few states back).

use super::live::LiveMoves;
use super::search::{Frame, Search};
use super::{push, Solution, Status};
use crate::error::{filled, Error};
use crate::gravity::Gravity;
use crate::grid::{Cell, Grid};
use crate::path::best_path;
use crate::scan::near::{ray, DIRS};
use crate::scan::Tile;

/// Boards of at least this many tiles dive first: below it the complete search finds its first
/// solution about as fast, and keeping small boards to the complete search alone keeps their
/// answers (moves and states) those of the search the tests check exhaustively.
pub const DIVE_MIN_TILES: usize = 1 << 12;

/// With gravity, boards of at least this many tiles dive first: the complete search, which
/// cannot cut with safe moves and relaxed play as it does without gravity, lost its way on
/// solvable deals of a few hundred tiles and more (a 24x24 deal with gravity left after the
/// certificate's first move: unknown at 300,000 states; 40x40 with gravity down the same),
/// where the dive clears them in a state a move. The journey's levels (at most 144 tiles) and
/// the boards the tests search exhaustively stay under it.
pub const DIVE_MIN_TILES_GRAVITY: usize = 1 << 8;

/// Rays one tile's local search may cast before it gives up on that tile for now (it is asked
/// again when a removal near it changes its lines, and on the next pass over the board): in a
/// wide empty region the paths of two turns are many, and one found later costs no more.
pub const PARTNER_RAYS: usize = 64;

/// How many moves back from where a dive got stuck it dives afresh, and then (up to
/// `COMPLETE_BACKOFF_MAX` moves back) the complete search tries to finish, each with a budget
/// of `BACKOFF_STATES_PER_MOVE` states per move backed off.
pub const BACKOFFS: [usize; 5] = [16, 128, 1024, 8192, 65536];
pub const COMPLETE_BACKOFF_MAX: usize = 1024;
pub const BACKOFF_STATES_PER_MOVE: u64 = 16;

/// On a board of more cells than this the complete search from a backoff point runs only with
/// at most `PAIRWISE_MAX_TILES` tiles left: else it scans every cell a state (12 ms a state on
/// 1000x1000, 23 s for a backoff of 1,024 moves), where a fresh dive from further back costs a
/// state a move.
pub const COMPLETE_MAX_CELLS: usize = 1 << 16;

/// On a big board of at most this many tiles left the complete search lists its moves pair by
/// pair (`linked_pairs`): a path test per pair of a kind, a few thousand at most, where a scan
/// reads every line of the board.
pub const PAIRWISE_MAX_TILES: usize = 256;

/// A dive on a board of at most this many tiles left tests a tile whose local search found
/// nothing against every tile of its kind: near the end of a big board the empty regions are
/// wide and the local search gives up in them, and the dive would be stuck with hundreds of
/// tiles left (a round of such a test costs a pass over the rows' bits and a path test per
/// tile of the kind, and finds a partner whenever there is one).
pub const ENDGAME_TILES: usize = 2048;

/// Dive moves between two polls of the `stop` hook.
const MOVES_PER_POLL: u64 = 256;

/// The first tile of `t`'s kind that a path of at most two turns joins to `t`, searching the
/// paths straight first, then with one turn, then two (each level in the order of `facing`'s
/// directions, nearer cells first), and giving up after `PARTNER_RAYS` rays of the turning
/// levels.
pub fn first_partner(g: &Grid, t: Tile, facing: Facing) -> Option<Tile> {
    let dirs = facing.dirs();
    let cols = g.cols();
    let start: Cell = ((t as usize / cols) as i32, (t as usize % cols) as i32);
    let kind = g.kinds()[t as usize];
    let is_partner =
        |end: Option<Cell>| end.map(|cell| g.index(cell) as Tile).filter(|&q| g.kinds()[q as usize] == kind);
    let mut legs = [0i32; 4];
    for (n, d1) in dirs.into_iter().enumerate() {
        let (len, end) = ray(g, start, d1);
        if let Some(q) = is_partner(end) {
            return Some(q);
        }
        legs[n] = len;
    }
    let mut rays = 0;
    for turns in 1..=2 {
        for (n, d1) in dirs.into_iter().enumerate() {
            for i in 1..=legs[n] {
                let x = (start.0 + i * d1.0, start.1 + i * d1.1);
                for d2 in ACROSS[n].map(|k| dirs[k]) {
                    let (len2, end) = ray(g, x, d2);
                    rays += 1;
                    if turns == 1 {
                        if let Some(q) = is_partner(end) {
                            return Some(q);
                        }
                    } else {
                        for j in 1..=len2 {
                            let y = (x.0 + j * d2.0, x.1 + j * d2.1);
                            for d3 in [d1, (-d1.0, -d1.1)] {
                                rays += 1;
                                if let Some(q) = is_partner(ray(g, y, d3).1) {
                                    return Some(q);
                                }
                            }
                            if rays >= PARTNER_RAYS {
                                return None;
                            }
                        }
                    }
                    if rays >= PARTNER_RAYS {
                        return None;
                    }
                }
            }
        }
    }
    None
}

/// The first tile of `t`'s kind, in index order, that a path joins to `t`: the test of every
/// pair the local search may give up on in wide empty regions.
pub fn first_linked_tile(g: &Grid, t: Tile) -> Option<Tile> {
    let (kinds, cols) = (g.kinds(), g.cols());
    let (kind, cell) = (kinds[t as usize], g.cell(t as usize));
    (0..g.rows()).find_map(|r| {
        let mut c = 0;
        while let Some(p) = g.row_bits().next_set(r, c) {
            let q = r * cols + p;
            if kinds[q] == kind && q != t as usize && best_path(g, cell, g.cell(q)).is_some() {
                return Some(q as Tile);
            }
            c = p + 1;
        }
        None
    })
}

/// A direction, as (rows, columns) of a step.
pub type Dir = (i32, i32);

/// A tile's facing for the dive: the board turned so that its gravity points down (without
/// gravity, as down). The dive reads its directions and orders as faced, so that it plays
/// every gravity as it plays down: toward the backs of the segments first, where removals
/// slide the fewest tiles. Read in the board's own directions, the dive with gravity up removed
/// tiles deep in their columns (120 cells rewritten a move, against 5 with down) and took
/// 4-5 s on a 1000x1000 board, where down takes 0.9 s; played with down, the same board turned
/// upside down took 1.4 s (docs/engine.md, "Facings").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    Down,
    Up,
    Left,
    Right,
}

/// Across each of a facing's directions (up, down, left, right), the two a path turns to from
/// it, in order, as places in `Facing::dirs`: from up left then right, as `DIRS` reads.
const ACROSS: [[usize; 2]; 4] = [[2, 3], [3, 2], [0, 1], [1, 0]];

impl Facing {
    /// The facing of the tile at `index`: a split's halves each have their own.
    pub fn of(gravity: Gravity, g: &Grid, index: usize) -> Facing {
        let (rows, cols) = (g.rows(), g.cols());
        let (r, c) = (index / cols, index % cols);
        match gravity {
            Gravity::None | Gravity::Down => Facing::Down,
            Gravity::Up => Facing::Up,
            Gravity::Left => Facing::Left,
            Gravity::Right => Facing::Right,
            Gravity::SplitH if c < cols / 2 => Facing::Left,
            Gravity::SplitH if c >= cols - cols / 2 => Facing::Right,
            Gravity::SplitV if r < rows / 2 => Facing::Up,
            // The bottom half, and the middle line of a split, which never slides.
            Gravity::SplitH | Gravity::SplitV => Facing::Down,
        }
    }

    /// The board's directions of the facing's up, down, left and right (`DIRS` for down).
    pub fn dirs(self) -> [Dir; 4] {
        match self {
            Facing::Down => DIRS,
            Facing::Up => [(1, 0), (-1, 0), (0, -1), (0, 1)],
            Facing::Left => [(0, 1), (0, -1), (-1, 0), (1, 0)],
            Facing::Right => [(0, -1), (0, 1), (-1, 0), (1, 0)],
        }
    }

    /// Where the cell at `index` comes in the facing's row-major order (its index for down).
    pub(super) fn key(self, g: &Grid, index: usize) -> usize {
        let (rows, cols) = (g.rows(), g.cols());
        let (r, c) = (index / cols, index % cols);
        match self {
            Facing::Down => index,
            Facing::Up => (rows - 1 - r) * cols + c,
            Facing::Left => (cols - 1 - c) * rows + r,
            Facing::Right => c * rows + r,
        }
    }
}

/// The order of the dive's sweep: lines of cells, each read in index order (rows, or columns
/// when tiles slide sideways), taken so that the backs of the gravity's segments come first,
/// where a removal slides the fewest tiles: rows from the top with gravity down (and without
/// gravity), from the bottom with gravity up, columns from the right with gravity left, from
/// the left with gravity right, and for a split the middle line (which never slides) and then
/// the two halves' lines from the middle outward: each facing's row-major order, the halves
/// taken in turn.
struct Sweep {
    vertical: bool,
    lines: Vec<usize>,
    /// Cells per line.
    len: usize,
}

impl Sweep {
    fn new(g: &Grid, gravity: Gravity) -> Self {
        let (rows, cols) = (g.rows(), g.cols());
        // The middle line of a split (when the count is odd), then the halves' lines pairwise
        // from the middle out.
        let split = |n: usize| {
            let half = n / 2;
            let middle = (n % 2 == 1).then_some(half);
            middle.into_iter().chain((0..half).rev().flat_map(move |p| [p, n - 1 - p])).collect()
        };
        let (vertical, lines): (bool, Vec<usize>) = match gravity {
            Gravity::None | Gravity::Down => (false, (0..rows).collect()),
            Gravity::Up => (false, (0..rows).rev().collect()),
            Gravity::SplitV => (false, split(rows)),
            Gravity::Right => (true, (0..cols).collect()),
            Gravity::Left => (true, (0..cols).rev().collect()),
            Gravity::SplitH => (true, split(cols)),
        };
        Sweep { vertical, lines, len: if vertical { rows } else { cols } }
    }

    /// The first tile at place `from` of the sweep or after, and its place.
    fn next_tile(&self, g: &Grid, from: usize) -> Option<(Tile, usize)> {
        let bits = if self.vertical { g.col_bits() } else { g.row_bits() };
        let (first, offset) = (from / self.len, from % self.len);
        (first..self.lines.len()).find_map(|k| {
            let line = self.lines[k];
            let p = bits.next_set(line, if k == first { offset } else { 0 })?;
            let cell = if self.vertical { p * g.cols() + line } else { line * g.cols() + p };
            Some((cell as Tile, k * self.len + p))
        })
    }
}

/// Every linking pair `(a, c)`, `a < c`, in order (what `scan::moves` lists), found by a path
/// test per pair of tiles of a kind: on a big board with few tiles left, far cheaper than a scan
/// of every line.
pub fn linked_pairs(g: &Grid) -> Vec<(Tile, Tile)> {
    let kinds = g.kinds();
    let mut tiles: Vec<(u16, Tile)> =
        (0..kinds.len()).filter(|&i| kinds[i] != 0).map(|i| (kinds[i], i as Tile)).collect();
    tiles.sort_unstable();
    let mut pairs = Vec::new();
    for group in tiles.chunk_by(|x, y| x.0 == y.0) {
        for (n, &(_, a)) in group.iter().enumerate() {
            for &(_, c) in &group[n + 1..] {
                if best_path(g, g.cell(a as usize), g.cell(c as usize)).is_some() {
                    pairs.push((a, c));
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// How a dive ended.
pub(super) enum Dive {
    Solved,
    OutOfBudget,
    /// Stuck: no tile's local search finds a partner in a whole pass over the board. The undo
    /// stack positions of its moves, to back off.
    Stuck(Vec<usize>),
}

impl Search<'_> {
    /// The dive from the current state: a stack of tiles to ask, and under it a sweep of the
    /// cells in the order of `Sweep` (the backs of gravity's segments first), round and round,
    /// from where it last stopped (jumping over empty cells). The tile asked (the stack's top,
    /// else the sweep's next) is removed with its first partner as its facing reads, if it has
    /// one (a tile from the stack only if pushed since it was last asked; on a board of at most
    /// `ENDGAME_TILES` tiles, else with the first tile of its kind it links to), and the tiles
    /// that removal touched (the first tile in each direction from each emptied cell, and with
    /// gravity the cells the move gave a new tile) go on the stack, so the dive works near its
    /// last removal. The dive is stuck when the sweep has gone round every cell since the last
    /// move. Each move is a state against the budget.
    pub(super) fn dive(&mut self) -> Result<Dive, Error> {
        let mut made: Vec<usize> = Vec::new();
        let mut ask: Vec<Tile> = Vec::new();
        let cells = self.board.grid().kinds().len();
        // Whether a cell was pushed since it was last asked: a tile is pushed again and again
        // (by each removal near it), and the copies under the latest push would ask again
        // what its last answer already said.
        let mut fresh = filled(cells, false)?;
        // The sweep: the place of the next cell to ask when the stack is empty, and the cells
        // swept since the last move (a whole round of them without one: stuck).
        let sweep = Sweep::new(self.board.grid(), self.board.gravity());
        let (mut cursor, mut idle) = (0usize, 0usize);
        loop {
            let g = self.board.grid();
            if g.remaining() == 0 {
                return Ok(Dive::Solved);
            }
            let t = match ask.pop() {
                Some(t) if !std::mem::take(&mut fresh[t as usize]) => continue,
                Some(t) => t,
                None => {
                    // The cell-by-cell sweep, empty cells skipped at once: the next tile from
                    // the cursor, wrapping round, if a round since the last move reaches it.
                    let found = sweep.next_tile(g, cursor).map(|(t, at)| (t, at, at - cursor));
                    let wrapped = || sweep.next_tile(g, 0).map(|(t, at)| (t, at, at + cells - cursor));
                    let Some((t, at, skipped)) = found.or_else(wrapped) else {
                        return Ok(Dive::Stuck(made));
                    };
                    if idle + skipped >= cells {
                        return Ok(Dive::Stuck(made));
                    }
                    idle += skipped + 1;
                    cursor = (at + 1) % cells;
                    fresh[t as usize] = false;
                    t
                }
            };
            if g.kinds()[t as usize] == 0 {
                continue;
            }
            let endgame = g.remaining() <= ENDGAME_TILES;
            let facing = Facing::of(self.board.gravity(), g, t as usize);
            let Some(q) = first_partner(g, t, facing).or_else(|| endgame.then(|| first_linked_tile(g, t)).flatten())
            else {
                continue;
            };
            if self.states == self.budget {
                return Ok(Dive::OutOfBudget);
            }
            if self.states.is_multiple_of(MOVES_PER_POLL) && (self.stop)() {
                return Err(Error::Interrupted);
            }
            self.states += 1;
            let m = (t.min(q), t.max(q));
            let from = self.undo.len();
            self.apply(m)?;
            push(&mut made, from)?;
            push(&mut self.path, m)?;
            idle = 0;
            if self.board.grid().remaining() == 0 {
                return Ok(Dive::Solved);
            }
            self.touched(from, m, &mut ask, &mut fresh)?;
        }
    }

    /// Pushes the tiles a move changed the lines of: the cells the move gave a new tile (with
    /// gravity: the kind there now is a tile's and not the one before the move), in the order
    /// of their facings (index order with gravity down), then the first tile in each of the
    /// facing's directions, the last first, from its two emptied cells (the later in that
    /// order first), each marked fresh. Read off the board and the kinds before the move, not
    /// off the list of changes, which each core writes in its own order and with its own
    /// repeats.
    fn touched(&self, from: usize, (a, c): (Tile, Tile), ask: &mut Vec<Tile>, fresh: &mut [bool]) -> Result<(), Error> {
        let g = self.board.grid();
        let mut push = |ask: &mut Vec<Tile>, t: Tile| {
            fresh[t as usize] = true;
            push(ask, t)
        };
        let changes = &self.undo[from..];
        let mut first: Vec<(u32, usize, u16)> = Vec::new();
        first.try_reserve_exact(changes.len()).map_err(|_| Error::OutOfMemory { bytes: changes.len() * 8 })?;
        first.extend(changes.iter().enumerate().map(|(n, ch)| (ch.index, n, ch.old)));
        // A cell's first change holds its kind before the move.
        first.sort_unstable();
        first.dedup_by_key(|&mut (index, _, _)| index);
        // In the order of the facings (index order with gravity down), each cell in its own.
        let gravity = self.board.gravity();
        let key = |t: usize| (Facing::of(gravity, g, t).key(g, t), t);
        first.retain(|&(index, _, before)| g.kinds()[index as usize] != 0 && g.kinds()[index as usize] != before);
        first.sort_unstable_by_key(|&(index, _, _)| key(index as usize));
        for (index, _, _) in first {
            push(ask, index as Tile)?;
        }
        let (a, c) = if key(a as usize) < key(c as usize) { (a, c) } else { (c, a) };
        for t in [c, a] {
            let cell = g.cell(t as usize);
            for d in Facing::of(gravity, g, t as usize).dirs().into_iter().rev() {
                if let Some(end) = ray(g, cell, d).1 {
                    push(ask, g.index(end) as Tile)?;
                }
            }
        }
        Ok(())
    }

    /// Undoes the dive's moves back to the one at `keep` (its first `keep` moves stay made).
    pub(super) fn back_off(&mut self, made: &mut Vec<usize>, keep: usize) {
        if keep < made.len() {
            self.unmake(made[keep], None);
            made.truncate(keep);
            self.path.truncate(keep);
        }
    }

    /// Unwinds whatever a stopped complete search left on its stack, back to the state it
    /// started from, and forgets its live moves (built for that state).
    pub(super) fn unwind(&mut self) {
        while let Some(Frame { undo_from, delta, .. }) = self.stack.pop() {
            if let Some(from) = undo_from {
                self.unmake(from, delta);
                self.path.pop();
            }
        }
        self.cached = 0;
        self.lowest_cached = 0;
        self.live = None;
    }

    /// The complete search from the current state with `budget` states at most in all, reading
    /// its moves from live moves when `live`: the path so far stays in front of its moves.
    pub(super) fn complete(&mut self, budget: u64, live: bool) -> Result<Solution, Error> {
        if live {
            self.live = Some(LiveMoves::new(self.board.grid())?);
        }
        let whole = self.budget;
        self.budget = budget.min(whole);
        self.root_state = self.states + 1;
        let found = self.run();
        self.budget = whole;
        found
    }

    /// The path as a solution (the board cleared).
    fn solved(&mut self) -> Solution {
        Solution { status: Status::Solved, moves: std::mem::take(&mut self.path), states: self.states }
    }

    /// The dive, then on a stuck dive a fresh dive and the complete search from a few states
    /// back, then the complete search from the start: the answer is "unsolvable" only from the last.
    pub(super) fn dive_then_search(&mut self, live: bool) -> Result<Solution, Error> {
        let unknown = |states| Solution { status: Status::Unknown, moves: Vec::new(), states };
        let mut made = match self.dive()? {
            Dive::Solved => return Ok(self.solved()),
            Dive::OutOfBudget => return Ok(unknown(self.states)),
            Dive::Stuck(made) => made,
        };
        let depth = made.len();
        for back in BACKOFFS {
            if back > depth {
                break;
            }
            self.back_off(&mut made, depth - back);
            // A fresh dive from there first: its stack starts empty and its sweep at the first
            // cell, so it tries other tiles first than the dive that got stuck, for about a
            // state a move left (a dead end near the end is often a choice made far back).
            let kept = self.path.len();
            match self.dive()? {
                Dive::Solved => return Ok(self.solved()),
                Dive::OutOfBudget => return Ok(unknown(self.states)),
                Dive::Stuck(again) => {
                    if let Some(&first) = again.first() {
                        self.unmake(first, None);
                        self.path.truncate(kept);
                    }
                }
            }
            let g = self.board.grid();
            let costly = g.remaining() > PAIRWISE_MAX_TILES && g.kinds().len() > COMPLETE_MAX_CELLS;
            if back > COMPLETE_BACKOFF_MAX || costly {
                continue;
            }
            let budget = self.states + back as u64 * BACKOFF_STATES_PER_MOVE;
            // Scanning, not live moves: near the end of a big board the empty regions are wide,
            // and a removal's update of the live moves would search them all.
            let found = self.complete(budget, false)?;
            if found.status == Status::Solved {
                return Ok(found);
            }
            self.unwind();
            if self.states == self.budget {
                return Ok(unknown(self.states));
            }
        }
        self.back_off(&mut made, 0);
        self.complete(self.budget, live)
    }
}

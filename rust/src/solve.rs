//! The exact solver: a depth-first search over board states with a budget of expanded states,
//! memoising the states proven dead by their Zobrist key (docs/engine.md, "Solver").
//!
//! Two sound cuts keep it small without gravity, where a removal can only open paths: a move
//! after which the rest of its kind can still be paired off by links that exist now is safe, so
//! it is the only one tried; and a state where even relaxed play (every tile that could go,
//! gone) gets stuck is dead. With gravity neither holds and the search is plain.

use crate::board::Board;
use crate::error::Error;
use crate::gravity::settle_quietly;
use crate::gravity::Gravity;
use crate::grid::Grid;
use crate::history::{revert, write, Change};
use crate::live::{Delta, LiveMoves};
use crate::path::path_between;
use crate::rng::mix;
use crate::scan::{self, Tile};
use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Solved,
    Unsolvable,
    /// The budget of states ran out first.
    Unknown,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Unknown => "unknown",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub status: Status,
    /// The moves that clear the board when solved, each `(a, c)` with `a < c` as cell indices
    /// at the time it is made; empty otherwise.
    pub moves: Vec<(Tile, Tile)>,
    /// Search nodes expanded.
    pub states: u64,
}

/// A tile's Zobrist key: its (cell, kind) spread over the bits by SplitMix64's output function.
#[inline]
fn tile_key(index: usize, kind: u16) -> u64 {
    if kind == 0 {
        0
    } else {
        mix(index as u64 * 65536 + kind as u64)
    }
}

/// The Zobrist key of a board state.
pub fn state_key(g: &Grid) -> u64 {
    g.kinds().iter().enumerate().fold(0, |key, (i, &k)| key ^ tile_key(i, k))
}

/// The keys are already well mixed: hash them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys are hashed")
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// Tiles relaxed play looks at between two polls of the `stop` hook: a tile may be tested
/// against every gone tile of its kind, thousands of paths on a big board.
const TILES_PER_POLL: usize = 256;

/// The solver's memory limit when the caller names none, in MiB.
pub const DEFAULT_MEMORY_MB: u64 = 256;

/// The largest memory limit accepted, in MiB (1 TiB): far beyond any machine's, and small
/// enough that the byte counts below never overflow.
pub const MAX_MEMORY_MB: u64 = 1 << 20;

/// What the dead-state table counts per key against its half of the memory limit: the key in
/// the hash set (8 bytes at a load of at most 7/8, a control byte, and room for the set to
/// double) and in the order of arrival (8 bytes).
pub const BYTES_PER_KEY: u64 = 32;

/// What a cached move costs against the other half of the limit.
const BYTES_PER_MOVE: u64 = std::mem::size_of::<(Tile, Tile)>() as u64;

/// Relaxed play runs on boards of at most this many tiles: its rounds peel a board a layer at a
/// time, each a scan, so on a board of a million tiles it alone would take many seconds, and
/// such boards are dealt solvable anyway.
pub const RELAXED_MAX_TILES: usize = 1 << 14;

/// Boards of at least this many cells read their moves from the live moves (without gravity):
/// a state then costs the empty cells near the removal instead of a scan and a sort of every
/// move (solvable 100x100 deal, 5,000 states: 0.8 s live, 5.5 s scanning); on a board of a few
/// hundred cells both cost about the same, and the scan needs no set-up.
pub const LIVE_MIN_CELLS: usize = 1 << 12;

/// How many dead keys a memory limit of `memory_mb` MiB holds (half of it, [`BYTES_PER_KEY`]
/// each).
pub fn table_capacity(memory_mb: u64) -> usize {
    (memory_mb.min(MAX_MEMORY_MB) << 20) as usize / 2 / BYTES_PER_KEY as usize
}

/// The states proven dead, by key, at most `cap` of them: when full, the key stored longest ago
/// goes to make room. Forgetting a dead state is sound (the search only meets it again and
/// proves it dead again), and the oldest keys are those of subtrees left longest ago.
struct DeadTable {
    set: KeySet,
    order: VecDeque<u64>,
    cap: usize,
}

impl DeadTable {
    fn new(cap: usize) -> Self {
        DeadTable { set: KeySet::default(), order: VecDeque::new(), cap }
    }

    fn contains(&self, key: u64) -> bool {
        self.set.contains(&key)
    }

    fn insert(&mut self, key: u64) -> Result<(), Error> {
        if self.cap == 0 || self.set.contains(&key) {
            return Ok(());
        }
        if self.order.len() == self.cap {
            let oldest = self.order.pop_front().expect("a full table holds a key");
            self.set.remove(&oldest);
        }
        let grown = BYTES_PER_KEY as usize * (self.order.len() + 1);
        self.set.try_reserve(1).map_err(|_| Error::OutOfMemory { bytes: grown })?;
        self.order.try_reserve(1).map_err(|_| Error::OutOfMemory { bytes: grown })?;
        self.set.insert(key);
        self.order.push_back(key);
        Ok(())
    }
}

/// One state on the search's path: its key, the moves to try from it (dropped when the cache
/// of moves is full, and listed again on coming back), the next one to try, and where the
/// changes of the move tried from it start in the undo stack.
struct Frame {
    key: u64,
    candidates: Candidates,
    next: usize,
    undo_from: Option<usize>,
    /// The change to the live moves of the move tried from it.
    delta: Option<Delta>,
}

/// A state's moves still to try.
enum Candidates {
    /// Listed, in order (with gravity; or none at all, for a hopeless root).
    List(Vec<(Tile, Tile)>),
    /// Listed once and dropped for room.
    Dropped,
    /// Without gravity, read from the live moves in the same order: the safe move alone, or
    /// every move by (tiles left of its kind, a, c) after the last one tried.
    Live { safe: Option<(Tile, Tile)>, last: Option<(u32, Tile, Tile)> },
}

/// Pushes onto a vector, failing with `OutOfMemory` rather than aborting when it cannot grow.
fn push<T>(v: &mut Vec<T>, item: T) -> Result<(), Error> {
    if v.len() == v.capacity() {
        let bytes = std::mem::size_of::<T>() * v.capacity().max(4);
        v.try_reserve(v.capacity().max(4)).map_err(|_| Error::OutOfMemory { bytes })?;
    }
    v.push(item);
    Ok(())
}

struct Search<'a> {
    board: Board,
    key: u64,
    count: Vec<u32>,
    dead: DeadTable,
    states: u64,
    budget: u64,
    stop: &'a dyn Fn() -> bool,
    /// The cells rewritten by the moves on the path, in order: the undo stack.
    undo: Vec<Change>,
    stack: Vec<Frame>,
    path: Vec<(Tile, Tile)>,
    /// Moves held by the frames' lists, at most `cached_cap`; frames below `lowest_cached` hold
    /// none.
    cached: usize,
    cached_cap: usize,
    lowest_cached: usize,
    /// Without gravity, the board's moves kept up to date move by move.
    live: Option<LiveMoves>,
}

enum Expanded {
    Solved,
    OutOfBudget,
    Dead,
    Branch(Candidates),
}

impl Search<'_> {
    /// Makes a move (a linking pair: the search's candidates are), its rewritten cells pushed
    /// on the undo stack; returns the change to the live moves.
    fn apply(&mut self, (a, c): (Tile, Tile)) -> Result<Option<Delta>, Error> {
        let from = self.undo.len();
        let gravity = self.board.gravity();
        let g = self.board.grid_mut();
        let kind = g.kinds()[a as usize];
        let (ca, cc) = (g.cell(a as usize), g.cell(c as usize));
        self.undo.try_reserve(2).map_err(|_| Error::OutOfMemory { bytes: 2 * std::mem::size_of::<Change>() })?;
        write(g, &mut self.undo, a as usize, 0);
        write(g, &mut self.undo, c as usize, 0);
        settle_quietly(g, gravity, &[ca, cc], &mut self.undo);
        for i in from..self.undo.len() {
            let ch = self.undo[i];
            self.note(ch.index as usize, ch.old, ch.new);
        }
        let g = self.board.grid();
        Ok(self.live.as_mut().map(|live| live.removed(g, kind, a, c)))
    }

    /// Unmakes the moves whose changes start at `from` on the undo stack.
    fn unmake(&mut self, from: usize, delta: Option<Delta>) {
        revert(self.board.grid_mut(), &self.undo[from..]);
        for i in (from..self.undo.len()).rev() {
            let ch = self.undo[i];
            self.note(ch.index as usize, ch.new, ch.old);
        }
        self.undo.truncate(from);
        if let (Some(live), Some(delta)) = (self.live.as_mut(), delta) {
            live.undo(self.board.grid(), delta);
        }
    }

    /// The first safe move by (a, c), from the live moves: what `first_safe` finds in the list.
    fn first_safe_live(&self, live: &LiveMoves) -> Option<(Tile, Tile)> {
        let mut best: Option<(Tile, Tile)> = None;
        for kind in live.active() {
            let set = live.of_kind(kind);
            let first = match self.count[kind as usize] as u64 {
                2 => set.first().copied(),
                4 => {
                    // Every tile of the kind that links is in its moves; the other two of a move
                    // can only link if both are.
                    let mut tiles: Vec<Tile> = set.iter().flat_map(|&(a, c)| [a, c]).collect();
                    tiles.sort_unstable();
                    tiles.dedup();
                    set.iter().copied().find(|&(a, b)| {
                        let rest: Vec<Tile> = tiles.iter().copied().filter(|&t| t != a && t != b).collect();
                        rest.len() == 2 && set.contains(&(rest[0], rest[1]))
                    })
                }
                n if set.len() as u64 == n * (n - 1) / 2 => set.first().copied(),
                _ => None,
            };
            best = match (best, first) {
                (Some(b), Some(f)) => Some(b.min(f)),
                (b, f) => b.or(f),
            };
        }
        best
    }

    /// The move after `last` in the order (tiles left of its kind, a, c), from the live moves,
    /// with its count.
    fn next_live(&self, live: &LiveMoves, last: Option<(u32, Tile, Tile)>) -> Option<(u32, Tile, Tile)> {
        use std::ops::Bound::{Excluded, Unbounded};
        let mut best: Option<(u32, Tile, Tile)> = None;
        for kind in live.active() {
            let n = self.count[kind as usize];
            let set = live.of_kind(kind);
            let first = match last {
                Some((n0, _, _)) if n < n0 => None,
                Some((n0, a0, c0)) if n == n0 => set.range((Excluded((a0, c0)), Unbounded)).next(),
                _ => set.first(),
            };
            if let Some(&(a, c)) = first {
                if best.is_none_or(|b| (n, a, c) < b) {
                    best = Some((n, a, c));
                }
            }
        }
        best
    }
    /// Keeps the key and the per-kind counts in step with one rewritten cell.
    fn note(&mut self, index: usize, old: u16, new: u16) {
        self.key ^= tile_key(index, old) ^ tile_key(index, new);
        if old != 0 {
            self.count[old as usize] -= 1;
        }
        if new != 0 {
            self.count[new as usize] += 1;
        }
    }

    /// Could the board never be cleared even in the most hopeful case? Relaxed play removes, in
    /// rounds, every tile that links to another of its kind, or that could reach the empty cell
    /// of one already removed. Whatever real play removes by its step s, relaxed play has removed
    /// by its round s (fewer tiles only open paths), so if relaxed play gets stuck, so does every
    /// real game. Only sound without gravity, where tiles never move.
    fn hopeless(&self) -> Result<bool, Error> {
        let mut g = self.board.grid().clone();
        let mut gone: HashMap<u16, Vec<usize>> = HashMap::new();
        loop {
            if (self.stop)() {
                return Err(Error::Interrupted);
            }
            let mut removable: Vec<usize> = Vec::new();
            for (a, b) in scan::moves(&g) {
                removable.extend([a as usize, b as usize]);
            }
            let mut tiles_of: HashMap<u16, Vec<usize>> = HashMap::new();
            for (i, &kind) in g.kinds().iter().enumerate() {
                if kind != 0 && gone.contains_key(&kind) {
                    tiles_of.entry(kind).or_default().push(i);
                }
            }
            for (kind, tiles) in tiles_of {
                let cells = &gone[&kind];
                // A path test per (tile, gone cell) costs up to a walk across the board; when
                // there are many, one search from all the gone cells at once is cheaper.
                if tiles.len() * cells.len() * (g.rows() + g.cols()) > 16 * (g.rows() + 2) * (g.cols() + 2) {
                    if (self.stop)() {
                        return Err(Error::Interrupted);
                    }
                    let reached = reachable_from(&g, cells);
                    removable.extend(tiles.into_iter().filter(|&t| reached[t]));
                    continue;
                }
                for (n, t) in tiles.into_iter().enumerate() {
                    if n % TILES_PER_POLL == 0 && (self.stop)() {
                        return Err(Error::Interrupted);
                    }
                    if cells.iter().any(|&x| path_between(&g, g.cell(t), g.cell(x)).is_some()) {
                        removable.push(t);
                    }
                }
            }
            if removable.is_empty() {
                return Ok(g.remaining() > 0);
            }
            removable.sort_unstable();
            removable.dedup();
            for i in removable {
                gone.entry(g.kinds()[i]).or_default().push(i);
                g.set(i, 0);
            }
        }
    }

    /// The first move that cannot spoil a solution without gravity: removals only open paths, so
    /// once the rest of a kind can be paired off by links that exist now, those links stay. A
    /// kind of two tiles; of four, when the other two link; of more, when all its tiles link
    /// pairwise.
    fn first_safe(&self, moves: &[(Tile, Tile)]) -> Option<(Tile, Tile)> {
        let kinds = self.board.grid().kinds();
        let mut links = vec![0u64; self.count.len()];
        for &(a, _) in moves {
            links[kinds[a as usize] as usize] += 1;
        }
        // The tiles of each kind of four that has a link, to find a move's other two.
        let mut four: HashMap<u16, Vec<Tile>> = HashMap::new();
        for &(a, _) in moves {
            let kind = kinds[a as usize];
            if self.count[kind as usize] == 4 {
                four.entry(kind).or_default();
            }
        }
        if !four.is_empty() {
            for (t, &kind) in kinds.iter().enumerate() {
                if let Some(tiles) = four.get_mut(&kind) {
                    tiles.push(t as Tile);
                }
            }
        }
        moves.iter().copied().find(|&(a, b)| {
            let kind = kinds[a as usize];
            match self.count[kind as usize] as u64 {
                2 => true,
                4 => {
                    let mut rest = four[&kind].iter().copied().filter(|&t| t != a && t != b);
                    let (c, d) = (rest.next().expect("four tiles"), rest.next().expect("four tiles"));
                    // The tiles were listed in order, so c < d, and the moves are sorted.
                    moves.binary_search(&(c, d)).is_ok()
                }
                n => links[kind as usize] == n * (n - 1) / 2,
            }
        })
    }

    /// The moves to try from the current state, in order: without gravity, the first safe
    /// move alone when there is one (a move after which the rest of its kind can still be
    /// paired off by links that exist now: removals only open paths, so those links stay; a
    /// kind of two tiles; of four, when the other two link; of more, when all its tiles link
    /// pairwise), else every move by (tiles left of its kind, a, c).
    fn candidates(&self) -> Candidates {
        if let Some(live) = &self.live {
            return Candidates::Live { safe: self.first_safe_live(live), last: None };
        }
        let g = self.board.grid();
        let moves = scan::moves(g);
        if self.board.gravity() == Gravity::None {
            if let Some(safe) = self.first_safe(&moves) {
                return Candidates::List(vec![safe]);
            }
        }
        let kind = |t: Tile| g.kinds()[t as usize];
        let mut candidates = moves;
        // The order (count, a, c) as one integer, so that an unstable sort (no buffer to
        // allocate per state) gives it: the pairs are distinct, so the keys are.
        let shift = 64 - (g.kinds().len() as u64).leading_zeros();
        let key = |&(a, c): &(Tile, Tile)| {
            (self.count[kind(a) as usize] as u128) << (2 * shift) | (a as u128) << shift | c as u128
        };
        candidates.sort_unstable_by_key(key);
        Candidates::List(candidates)
    }

    fn expand(&mut self) -> Result<Expanded, Error> {
        let g = self.board.grid();
        if g.remaining() == 0 {
            return Ok(Expanded::Solved);
        }
        if self.dead.contains(self.key) {
            return Ok(Expanded::Dead);
        }
        if self.states == self.budget {
            return Ok(Expanded::OutOfBudget);
        }
        // A state costs at least a scan of the board: polling once per state is cheap enough.
        if (self.stop)() {
            return Err(Error::Interrupted);
        }
        self.states += 1;
        // Relaxed play costs a few scans: run on the root only, where it settles hopeless boards,
        // and only on a budget of at least a state per tile: it takes a scan per round and a
        // round removes a tile at least, so it never costs more than the budget allows the
        // search (a state is a scan too). A smaller budget gets "unknown" as fast as it asked.
        let tiles = g.remaining();
        let relaxed = self.board.gravity() == Gravity::None
            && self.states == 1
            && self.budget >= tiles as u64
            && tiles <= RELAXED_MAX_TILES;
        if relaxed && self.hopeless()? {
            return Ok(Expanded::Branch(Candidates::List(Vec::new())));
        }
        Ok(Expanded::Branch(self.candidates()))
    }

    /// Notes a frame's list in the cache of moves; when the cache is over its limit, the lists of
    /// the shallowest frames go first (they are the last the search comes back to). The top
    /// frame's list always stays.
    fn cache(&mut self, len: usize) {
        self.cached += len;
        let top = self.stack.len() - 1;
        while self.cached > self.cached_cap && self.lowest_cached < top {
            let frame = &mut self.stack[self.lowest_cached];
            if let Candidates::List(list) = std::mem::replace(&mut frame.candidates, Candidates::Dropped) {
                self.cached -= list.len();
            }
            self.lowest_cached += 1;
        }
    }

    /// The top frame's next move to try, if any left.
    fn next_candidate(&mut self) -> Option<(Tile, Tile)> {
        let depth = self.stack.len() - 1;
        if matches!(self.stack[depth].candidates, Candidates::Dropped) {
            // Its list was dropped for room: the state is back as it was, so listing its moves
            // again gives the very same list.
            let list = self.candidates();
            let len = if let Candidates::List(l) = &list { l.len() } else { 0 };
            self.lowest_cached = depth;
            self.stack[depth].candidates = list;
            self.cache(len);
        }
        let live = self.live.as_ref();
        let next = match &self.stack[depth].candidates {
            Candidates::List(list) => list.get(self.stack[depth].next).copied(),
            Candidates::Live { safe: Some(safe), .. } => (self.stack[depth].next == 0).then_some(*safe),
            Candidates::Live { safe: None, last } => {
                let found = self.next_live(live.expect("live moves without gravity"), *last);
                if let Candidates::Live { last, .. } = &mut self.stack[depth].candidates {
                    *last = found;
                }
                found.map(|(_, a, c)| (a, c))
            }
            Candidates::Dropped => unreachable!("listed again above"),
        };
        self.stack[depth].next += 1;
        next
    }

    fn run(&mut self) -> Result<Solution, Error> {
        'search: loop {
            match self.expand()? {
                Expanded::Solved => {
                    return Ok(Solution {
                        status: Status::Solved,
                        moves: std::mem::take(&mut self.path),
                        states: self.states,
                    })
                }
                Expanded::OutOfBudget => {
                    return Ok(Solution { status: Status::Unknown, moves: Vec::new(), states: self.states })
                }
                Expanded::Dead => {}
                Expanded::Branch(candidates) => {
                    let len = if let Candidates::List(l) = &candidates { l.len() } else { 0 };
                    let frame = Frame { key: self.key, candidates, next: 0, undo_from: None, delta: None };
                    push(&mut self.stack, frame)?;
                    self.cache(len);
                }
            }
            // Backtrack to the deepest state with a move left to try, and try it.
            while let Some(top) = self.stack.last_mut() {
                if let Some(from) = top.undo_from.take() {
                    let delta = top.delta.take();
                    self.unmake(from, delta);
                    self.path.pop();
                }
                if let Some(m) = self.next_candidate() {
                    let from = self.undo.len();
                    let delta = self.apply(m)?;
                    let top = self.stack.last_mut().expect("the loop holds a frame");
                    top.undo_from = Some(from);
                    top.delta = delta;
                    push(&mut self.path, m)?;
                    continue 'search;
                }
                let done = self.stack.pop().expect("the loop holds a frame");
                if let Candidates::List(list) = done.candidates {
                    self.cached -= list.len();
                }
                self.lowest_cached = self.lowest_cached.min(self.stack.len());
                self.dead.insert(done.key)?;
            }
            return Ok(Solution { status: Status::Unsolvable, moves: Vec::new(), states: self.states });
        }
    }
}

/// The tiles of `g` that a path of at most two turns joins to one of the `sources` (empty cells),
/// inner cells empty (ring cells too, with a border): `path_between(g, source, tile)` for every
/// tile at once. A 0-1 breadth-first search over (cell, heading) by turns taken, the ring
/// included, so linear in the board's size.
fn reachable_from(g: &Grid, sources: &[usize]) -> Vec<bool> {
    const STEPS: [(isize, isize); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
    let pad = g.border() as usize;
    let (width, height) = (g.cols() + 2 * pad, g.rows() + 2 * pad);
    // A cell of the padded board as a board index, or None on the ring.
    let on_board = |x: usize| {
        let (r, c) = ((x / width).checked_sub(pad)?, (x % width).checked_sub(pad)?);
        (r < g.rows() && c < g.cols()).then(|| r * g.cols() + c)
    };
    let mut reached = vec![false; g.rows() * g.cols()];
    let mut turns = vec![u8::MAX; width * height * 4];
    let mut queue = std::collections::VecDeque::new();
    for &s in sources {
        let x = (s / g.cols() + pad) * width + s % g.cols() + pad;
        for heading in 0..4 {
            turns[x * 4 + heading] = 0;
            queue.push_back((x, heading));
        }
    }
    while let Some((x, heading)) = queue.pop_front() {
        let t = turns[x * 4 + heading];
        let (dr, dc) = STEPS[heading];
        let (r, c) = ((x / width) as isize + dr, (x % width) as isize + dc);
        if (0..height as isize).contains(&r) && (0..width as isize).contains(&c) {
            let next = r as usize * width + c as usize;
            match on_board(next) {
                // A tile ends the path: reached, never passed.
                Some(i) if g.kinds()[i] != 0 => reached[i] = true,
                _ if turns[next * 4 + heading] > t => {
                    turns[next * 4 + heading] = t;
                    queue.push_front((next, heading));
                }
                _ => {}
            }
        }
        if t < 2 {
            for turned in [(heading + 1) % 4, (heading + 3) % 4] {
                if turns[x * 4 + turned] > t + 1 {
                    turns[x * 4 + turned] = t + 1;
                    queue.push_back((x, turned));
                }
            }
        }
    }
    reached
}

/// Searches for a sequence of moves that clears the board, expanding at most `budget` states,
/// within the default memory limit.
pub fn solve(board: &Board, budget: u64) -> Solution {
    solve_until(board, budget, &|| false).expect("a search that is never asked to stop runs to its end")
}

/// `solve`, polling `stop` before each state and every so often inside the longer steps, and
/// giving up with `Error::Interrupted` when it says so; `Error::OutOfMemory` when the machine
/// refuses memory the search needs. The board is only read.
pub fn solve_until(board: &Board, budget: u64, stop: &dyn Fn() -> bool) -> Result<Solution, Error> {
    solve_limited(board, budget, DEFAULT_MEMORY_MB, stop)
}

/// `solve_until` with a memory limit of `memory_mb` MiB (1 to [`MAX_MEMORY_MB`]): half for the
/// table of dead states ([`table_capacity`] keys, the oldest forgotten when it is full), half
/// for the lists of moves kept along the path (those of the shallowest states dropped, and
/// listed again on coming back). The path itself, a frame and the changes of a move per step,
/// grows with the board, not the search. The limit changes the states a search expands only
/// through the table.
pub fn solve_limited(board: &Board, budget: u64, memory_mb: u64, stop: &dyn Fn() -> bool) -> Result<Solution, Error> {
    if !(1..=MAX_MEMORY_MB).contains(&memory_mb) {
        return Err(Error::MemoryLimit(memory_mb));
    }
    let g = board.grid();
    let mut kinds = Vec::new();
    kinds.try_reserve_exact(g.kinds().len()).map_err(|_| Error::OutOfMemory { bytes: 2 * g.kinds().len() })?;
    kinds.extend_from_slice(g.kinds());
    let copy = Grid::new(g.rows(), g.cols(), kinds, g.border())?;
    let half = (memory_mb << 20) / 2;
    let live = board.gravity() == Gravity::None && g.kinds().len() >= LIVE_MIN_CELLS;
    let limits = (table_capacity(memory_mb), (half / BYTES_PER_MOVE) as usize);
    search(Board::new(copy, board.gravity()), budget, limits, live, stop)
}

/// The search on its own copy of the board, with the dead table's capacity and the cache of
/// moves' limit given apart (the tests shrink them), and whether to read the moves from the
/// live moves (without gravity only) or a scan per state: the same answers either way.
fn search(
    board: Board,
    budget: u64,
    (table_cap, moves_cap): (usize, usize),
    live: bool,
    stop: &dyn Fn() -> bool,
) -> Result<Solution, Error> {
    let g = board.grid();
    let mut count = vec![0u32; g.max_kind() as usize + 1];
    for &k in g.kinds() {
        if k != 0 {
            count[k as usize] += 1;
        }
    }
    let mut search = Search {
        key: state_key(g),
        board,
        count,
        dead: DeadTable::new(table_cap),
        states: 0,
        budget,
        stop,
        undo: Vec::new(),
        stack: Vec::new(),
        path: Vec::new(),
        cached: 0,
        cached_cap: moves_cap,
        lowest_cached: 0,
        live: None,
    };
    if live && search.board.gravity() == Gravity::None {
        search.live = Some(LiveMoves::new(search.board.grid())?);
    }
    search.run()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::random_grid;
    use crate::rng::SplitMix64;

    /// Exhaustive: is there any order of removals that clears the board?
    fn clearable(b: &Board, seen: &mut HashSet<Vec<u16>>) -> bool {
        let g = b.grid();
        if g.remaining() == 0 {
            return true;
        }
        if !seen.insert(g.kinds().to_vec()) {
            return false;
        }
        for (a, c) in scan::moves(g) {
            let mut next = b.clone();
            next.remove(g.cell(a as usize), g.cell(c as usize)).unwrap();
            if clearable(&next, seen) {
                return true;
            }
        }
        false
    }

    fn replay(b: &Board, moves: &[(Tile, Tile)]) -> bool {
        let mut b = b.clone();
        for &(a, c) in moves {
            let g = b.grid();
            if b.remove(g.cell(a as usize), g.cell(c as usize)).is_err() {
                return false;
            }
        }
        b.grid().remaining() == 0
    }

    #[test]
    fn verdicts_match_exhaustive_search_on_small_boards() {
        let mut rng = SplitMix64::new(31);
        let (mut solved, mut unsolvable) = (0, 0);
        for case in 0..3000 {
            let gravity = if case % 3 == 0 { Gravity::ALL[case / 3 % 7] } else { Gravity::None };
            let mut g = random_grid(&mut rng, case);
            // Kinds of two tiles without a border, four with one, spread at random, so that both
            // verdicts are common.
            let tiles: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
            let pairs = tiles.len() / 2;
            let kinds_n = if g.border() { pairs / 2 } else { pairs }.max(1);
            let mut kinds: Vec<u16> = (0..pairs).flat_map(|n| [1 + (n % kinds_n) as u16; 2]).collect();
            crate::deal::fisher_yates(&mut kinds, &mut rng);
            kinds.resize(tiles.len(), 0);
            for (&i, &k) in tiles.iter().zip(&kinds) {
                g.set(i, k);
            }
            let b = Board::new(g, gravity);
            let got = solve(&b, u64::MAX);
            let live = search(b.clone(), u64::MAX, (table_capacity(DEFAULT_MEMORY_MB), 1 << 20), true, &|| false);
            assert_eq!(live.unwrap(), got, "case {case}: the live moves search as the scans do");
            let want = clearable(&b, &mut HashSet::new());
            assert_eq!(got.status == Status::Solved, want, "case {case} {gravity:?} {:?}", b.grid());
            assert_ne!(got.status, Status::Unknown);
            if want {
                assert!(replay(&b, &got.moves), "case {case}: the solution does not clear the board");
                solved += 1;
            } else {
                unsolvable += 1;
            }
        }
        assert!(solved > 1000 && unsolvable > 150, "solved {solved}, unsolvable {unsolvable}");
    }

    #[test]
    fn a_small_table_or_cache_keeps_the_verdicts() {
        let mut rng = SplitMix64::new(5);
        let mut forgot = 0;
        for case in 0..210 {
            let gravity = Gravity::ALL[case % 7];
            let b = Board::new(random_grid(&mut rng, case), gravity);
            let full = solve(&b, 20_000);
            // Lists of moves dropped and listed again on coming back: the very same search.
            let relisted = search(b.clone(), 20_000, (table_capacity(DEFAULT_MEMORY_MB), 0), false, &|| false).unwrap();
            assert_eq!(relisted, full, "case {case}");
            // The live moves give the very same search as the scans.
            let live =
                search(b.clone(), 20_000, (table_capacity(DEFAULT_MEMORY_MB), 1 << 20), true, &|| false).unwrap();
            assert_eq!(live, full, "case {case} {gravity:?} {:?}", b.grid());
            // A table of three keys forgets dead states: more states, never another verdict.
            let small = search(b.clone(), 5_000, (3, 0), gravity == Gravity::None, &|| false).unwrap();
            if full.status != Status::Unknown && small.status != Status::Unknown {
                assert_eq!(small.status, full.status, "case {case} {gravity:?} {:?}", b.grid());
                assert!(small.states >= full.states);
                forgot += (small.states > full.states) as u32;
            }
            if small.status == Status::Solved {
                assert!(replay(&b, &small.moves));
            }
        }
        assert!(forgot > 5, "only {forgot} searches met a forgotten state again");
    }

    #[test]
    fn the_memory_limit_is_checked() {
        let b = Board::new(Grid::new(1, 2, vec![1, 1], true).unwrap(), Gravity::None);
        for mb in [0, MAX_MEMORY_MB + 1, u64::MAX] {
            assert_eq!(solve_limited(&b, 10, mb, &|| false), Err(Error::MemoryLimit(mb)));
        }
        assert_eq!(solve_limited(&b, 10, 1, &|| false).unwrap().status, Status::Solved);
        assert_eq!(table_capacity(1), 16_384);
    }

    #[test]
    fn the_budget_bounds_the_search() {
        let g = Grid::new(2, 2, vec![1, 2, 2, 1], true).unwrap();
        let b = Board::new(g, Gravity::None);
        let s = solve(&b, u64::MAX);
        assert_eq!((s.status, s.states), (Status::Unsolvable, 1));
        assert_eq!(solve(&b, 0).status, Status::Unknown);
        let g = Grid::new(1, 2, vec![0, 0], true).unwrap();
        assert_eq!(solve(&Board::new(g, Gravity::None,), 0).status, Status::Solved);
    }

    #[test]
    fn a_search_stops_when_asked() {
        let polls = std::cell::Cell::new(0);
        let stop = || {
            polls.set(polls.get() + 1);
            polls.get() > 5
        };
        // Nine kinds of four under gravity: a search of far more than six states.
        let mut kinds: Vec<u16> = (0..36).map(|i| 1 + i % 9).collect();
        crate::deal::fisher_yates(&mut kinds, &mut SplitMix64::new(1));
        let b = Board::new(Grid::new(6, 6, kinds, true).unwrap(), Gravity::Down);
        assert!(solve(&b, u64::MAX).states > 6);
        assert_eq!(solve_until(&b, u64::MAX, &stop), Err(Error::Interrupted));
        assert_eq!(polls.get(), 6);
        let b = Board::new(Grid::new(2, 2, vec![1, 2, 2, 1], true).unwrap(), Gravity::Down);
        assert_eq!(solve_until(&b, u64::MAX, &|| true), Err(Error::Interrupted));
        assert_eq!(solve_until(&b, u64::MAX, &|| false), Ok(solve(&b, u64::MAX)));
    }

    #[test]
    fn one_search_reaches_what_path_tests_reach() {
        let mut rng = SplitMix64::new(77);
        for case in 0..1500 {
            let g = random_grid(&mut rng, case);
            let empty: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] == 0).collect();
            if empty.is_empty() {
                continue;
            }
            let sources: Vec<usize> =
                (0..1 + rng.below(3)).map(|_| empty[rng.below(empty.len() as u64) as usize]).collect();
            let got = reachable_from(&g, &sources);
            for (i, &got) in got.iter().enumerate() {
                let want =
                    g.kinds()[i] != 0 && sources.iter().any(|&s| path_between(&g, g.cell(i), g.cell(s)).is_some());
                assert_eq!(got, want, "case {case} cell {i} from {sources:?} on {g:?}");
            }
        }
    }
}

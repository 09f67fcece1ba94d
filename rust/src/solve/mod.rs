//! The exact solver: a depth-first search over board states with a budget of expanded states,
//! memoising the states proven dead by their Zobrist key (docs/engine.md, "Solver").
//!
//! Two sound cuts keep it small without gravity, where a removal can only open paths: a move
//! after which the rest of its kind can still be paired off by links that exist now is safe, so
//! it is the only one tried; and a state where even relaxed play (every tile that could go,
//! gone) gets stuck is dead. With gravity a removal slides tiles and neither holds; a move whose
//! kind lies at the back of settled segments, where removals slide nothing, is safe all the same
//! (docs/engine.md, "Safe moves with gravity").
//!
//! Its rooms, in the order a solve visits them: `dive` (a big board's first solution, one state
//! a move, before the complete search), `search` (make, unmake, the loop of frames), `live` (the
//! move list kept up to date across make and unmake, without gravity), `ordering` (the
//! candidates of a state, in order), `pruning` (relaxed play and safe moves), `table` (the dead
//! states, bounded), `tests`.

mod dive;
mod live;
mod ordering;
#[cfg(feature = "profile")]
pub mod profile;
mod pruning;
mod search;
mod table;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_work;

/// `$e`, its time added to the `profile` feature's counter `$field` (the bare expression without
/// the feature).
macro_rules! timed {
    ($field:ident, $e:expr) => {{
        #[cfg(feature = "profile")]
        let started = std::time::Instant::now();
        let value = $e;
        #[cfg(feature = "profile")]
        super::profile::with(|p| p.$field += started.elapsed().as_nanos() as u64);
        value
    }};
}
pub(crate) use timed;

use crate::board::Board;
use crate::error::Error;
use crate::gravity::Gravity;
use crate::grid::Grid;
use crate::rng::mix;
use crate::scan::Tile;
use live::LiveMoves;
use search::Search;
use std::cell::Cell as Flag;
use std::time::{Duration, Instant};
use table::DeadTable;

pub use dive::{DIVE_MIN_TILES, DIVE_MIN_TILES_GRAVITY};
pub use table::{table_capacity, BYTES_PER_KEY};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Solved,
    Unsolvable,
    /// The budget of states ran out first.
    Unknown,
    /// The time limit was reached first: unknown too, for another reason.
    TimedOut,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Unknown => "unknown",
            Status::TimedOut => "timed out",
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

/// Where a tile's second half-key is mixed from: codes `index * 65536 + kind` stay far below
/// it (a board has at most 2^32 cells), so the two halves mix disjoint inputs.
pub(super) const SECOND_HALF: u64 = 1 << 63;

/// A tile's Zobrist key, 128 bits: its code `index * 65536 + kind` spread over the high 64
/// bits by SplitMix64's output function, and `code | 2^63` over the low 64 (docs/engine.md,
/// "Dead states and their keys": two states are confused only when both halves collide).
#[inline]
pub(super) fn tile_key(index: usize, kind: u16) -> u128 {
    if kind == 0 {
        0
    } else {
        let code = index as u64 * 65536 + kind as u64;
        (mix(code) as u128) << 64 | mix(code | SECOND_HALF) as u128
    }
}

/// The Zobrist key of a board state, 128 bits: the XOR of its tiles' keys.
pub fn state_key(g: &Grid) -> u128 {
    g.kinds().iter().enumerate().fold(0, |key, (i, &k)| key ^ tile_key(i, k))
}

/// The solver's memory limit when the caller names none, in MiB.
pub const DEFAULT_MEMORY_MB: u64 = 256;

/// The largest memory limit accepted, in MiB (1 TiB): far beyond any machine's, and small
/// enough that the byte counts below never overflow.
pub const MAX_MEMORY_MB: u64 = 1 << 20;

/// What a cached move costs against the other half of the limit.
pub(super) const BYTES_PER_MOVE: u64 = std::mem::size_of::<(Tile, Tile)>() as u64;

/// Relaxed play runs on boards of at most this many tiles: its rounds peel a board a layer at a
/// time, each a scan, so on a board of a million tiles it alone would take many seconds, and
/// such boards are dealt solvable anyway.
pub const RELAXED_MAX_TILES: usize = 1 << 14;

/// Boards of at least this many cells read their moves from the live moves (without gravity):
/// a state then costs the empty cells near the removal instead of a scan and a sort of every
/// move (solvable 100x100 deal, 5,000 states: 0.8 s live, 5.5 s scanning); on a board of a few
/// hundred cells both cost about the same, and the scan needs no set-up.
pub const LIVE_MIN_CELLS: usize = 1 << 12;

/// Pushes onto a vector, failing with `OutOfMemory` rather than aborting when it cannot grow.
pub(super) fn push<T>(v: &mut Vec<T>, item: T) -> Result<(), Error> {
    if v.len() == v.capacity() {
        let bytes = std::mem::size_of::<T>() * v.capacity().max(4);
        v.try_reserve(v.capacity().max(4)).map_err(|_| Error::OutOfMemory { bytes })?;
    }
    v.push(item);
    Ok(())
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
/// table of dead states ([`table_capacity`] keys, a full bucket's oldest forgotten), half
/// for the lists of moves kept along the path (those of the shallowest states dropped, and
/// listed again on coming back). The path itself, a frame and the changes of a move per step,
/// grows with the board, not the search. The limit changes the states a search expands only
/// through the table.
pub fn solve_limited(board: &Board, budget: u64, memory_mb: u64, stop: &dyn Fn() -> bool) -> Result<Solution, Error> {
    solve_timed(board, budget, memory_mb, None, stop)
}

/// `solve_limited` within `time_limit` as well (none: no limit): once it has passed, the search
/// stops with `Status::TimedOut` and the states it expanded. The clock is read wherever `stop`
/// is polled (before each state, every few hundred moves of the dive, every 1024 states of the
/// slide variant's search), so it stops a small fraction of a second late at most.
pub fn solve_timed(
    board: &Board,
    budget: u64,
    memory_mb: u64,
    time_limit: Option<Duration>,
    stop: &dyn Fn() -> bool,
) -> Result<Solution, Error> {
    if !(1..=MAX_MEMORY_MB).contains(&memory_mb) {
        return Err(Error::MemoryLimit(memory_mb));
    }
    let deadline = Deadline::after(time_limit);
    if board.slide() {
        return crate::slide_solve::solve(board, budget, memory_mb, &deadline, stop);
    }
    let g = board.grid();
    let mut kinds = Vec::new();
    kinds.try_reserve_exact(g.kinds().len()).map_err(|_| Error::OutOfMemory { bytes: 2 * g.kinds().len() })?;
    kinds.extend_from_slice(g.kinds());
    let copy = Grid::new(g.rows(), g.cols(), kinds, g.border())?;
    let live = board.gravity() == Gravity::None && g.kinds().len() >= LIVE_MIN_CELLS;
    search(Board::new(copy, board.gravity()), budget, limits(memory_mb), live, &deadline, stop)
}

/// When a search's time is up (never, without a limit), and whether the search got there.
pub(crate) struct Deadline {
    at: Option<Instant>,
    reached: Flag<bool>,
}

impl Deadline {
    /// `limit` from now; a limit too far off for the clock is none.
    pub(crate) fn after(limit: Option<Duration>) -> Deadline {
        Deadline { at: limit.and_then(|limit| Instant::now().checked_add(limit)), reached: Flag::new(false) }
    }

    /// The hook a search polls: true once the deadline has passed (noted), else what `stop`
    /// says.
    pub(crate) fn or<'a>(&'a self, stop: &'a dyn Fn() -> bool) -> impl Fn() -> bool + 'a {
        move || {
            if self.at.is_some_and(|at| Instant::now() >= at) {
                self.reached.set(true);
                return true;
            }
            stop()
        }
    }

    /// A search's end: stopped by the deadline, `Status::TimedOut` with the `states` it
    /// expanded; anything else as it was.
    pub(crate) fn outcome(&self, found: Result<Solution, Error>, states: u64) -> Result<Solution, Error> {
        match found {
            Err(Error::Interrupted) if self.reached.get() => {
                Ok(Solution { status: Status::TimedOut, moves: Vec::new(), states })
            }
            other => other,
        }
    }
}

/// The dead table's capacity and the cache of moves' limit (in moves) within `memory_mb` MiB:
/// half of it each.
fn limits(memory_mb: u64) -> (usize, usize) {
    let half = (memory_mb << 20) / 2;
    (table_capacity(memory_mb), (half / BYTES_PER_MOVE) as usize)
}

/// The search on its own copy of the board, with the dead table's capacity and the cache of
/// moves' limit given apart (the tests shrink them), and whether to read the moves from the
/// live moves (without gravity only) or a scan per state: the same answers either way.
fn search(
    board: Board,
    budget: u64,
    (table_cap, moves_cap): (usize, usize),
    live: bool,
    deadline: &Deadline,
    stop: &dyn Fn() -> bool,
) -> Result<Solution, Error> {
    let stop = deadline.or(stop);
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
        stop: &stop,
        undo: Vec::new(),
        made: Vec::new(),
        stack: Vec::new(),
        path: Vec::new(),
        cached: 0,
        cached_cap: moves_cap,
        lowest_cached: 0,
        live: None,
        root_state: 1,
    };
    let live = live && search.board.gravity() == Gravity::None;
    let dive_from = if search.board.gravity() == Gravity::None { DIVE_MIN_TILES } else { DIVE_MIN_TILES_GRAVITY };
    let found = if search.board.grid().remaining() >= dive_from {
        search.dive_then_search(live)
    } else if live {
        LiveMoves::new(search.board.grid()).and_then(|moves| {
            search.live = Some(moves);
            search.run()
        })
    } else {
        search.run()
    };
    deadline.outcome(found, search.states)
}

//! The search itself: one board made and unmade move by move (an undo stack), a stack of frames,
//! and the cache of the frames' lists of moves, bounded by the memory limit.

use super::live::{Delta, LiveMoves};
use super::table::DeadTable;
use super::{push, tile_key, timed, Solution, Status, RELAXED_MAX_TILES};
use crate::board::Board;
use crate::error::Error;
use crate::gravity::Gravity;
use crate::gravity::{settle_quietly, slides_after};
use crate::history::{revert, write, Change};
use crate::scan::Tile;

/// One state on the search's path: its key, the moves to try from it (dropped when the cache
/// of moves is full, and listed again on coming back), the next one to try, and where the
/// changes of the move tried from it start in the undo stack.
pub(super) struct Frame {
    pub(super) key: u128,
    pub(super) candidates: Candidates,
    pub(super) next: usize,
    pub(super) undo_from: Option<usize>,
    /// The change to the live moves of the move tried from it.
    pub(super) delta: Option<Delta>,
}

/// A state's moves still to try.
pub(super) enum Candidates {
    /// Listed, in order (with gravity; or none at all, for a hopeless root).
    List(Vec<(Tile, Tile)>),
    /// Listed once and dropped for room.
    Dropped,
    /// Without gravity, read from the live moves in the same order: the safe move alone, or
    /// every move by (tiles left of its kind, a, c) after the last one tried.
    Live { safe: Option<(Tile, Tile)>, last: Option<(u32, Tile, Tile)> },
}

pub(super) struct Search<'a> {
    pub(super) board: Board,
    pub(super) key: u128,
    pub(super) count: Vec<u32>,
    pub(super) dead: DeadTable,
    pub(super) states: u64,
    pub(super) budget: u64,
    pub(super) stop: &'a dyn Fn() -> bool,
    /// The cells rewritten by the moves on the path, in order: the undo stack.
    pub(super) undo: Vec<Change>,
    pub(super) stack: Vec<Frame>,
    pub(super) path: Vec<(Tile, Tile)>,
    /// Moves held by the frames' lists, at most `cached_cap`; frames below `lowest_cached` hold
    /// none.
    pub(super) cached: usize,
    pub(super) cached_cap: usize,
    pub(super) lowest_cached: usize,
    /// Per move made and not yet unmade: where its changes start on the undo stack, the key
    /// before it and its kind, so that unmaking restores the key and the counts at once.
    pub(super) made: Vec<Made>,
    /// Without gravity, the board's moves kept up to date move by move.
    pub(super) live: Option<LiveMoves>,
    /// The count of states at which the complete search expands its root (1, or one past the
    /// dive's moves): relaxed play runs there.
    pub(super) root_state: u64,
}

/// A move on the undo stack: see `Search::made`.
pub(super) struct Made {
    undo_from: usize,
    key: u128,
    kind: u16,
}

pub(super) enum Expanded {
    Solved,
    OutOfBudget,
    Dead,
    Branch(Candidates),
}

impl Search<'_> {
    /// Makes a move (a linking pair: the search's candidates are), its rewritten cells pushed
    /// on the undo stack; returns the change to the live moves.
    pub(super) fn apply(&mut self, (a, c): (Tile, Tile)) -> Result<Option<Delta>, Error> {
        let from = self.undo.len();
        let gravity = self.board.gravity();
        let g = self.board.grid_mut();
        let kind = g.kinds()[a as usize];
        let (ca, cc) = (g.cell(a as usize), g.cell(c as usize));
        self.undo.try_reserve(2).map_err(|_| Error::OutOfMemory { bytes: 2 * std::mem::size_of::<Change>() })?;
        push(&mut self.made, Made { undo_from: from, key: self.key, kind })?;
        write(g, &mut self.undo, a as usize, 0);
        write(g, &mut self.undo, c as usize, 0);
        settle_quietly(g, gravity, &[ca, cc], &mut self.undo);
        for ch in &self.undo[from..] {
            self.key ^= tile_key(ch.index as usize, ch.old) ^ tile_key(ch.index as usize, ch.new);
        }
        // Slides only move tiles within the board: of the counts, only the pair's kind changes.
        self.count[kind as usize] -= 2;
        let g = self.board.grid();
        Ok(self.live.as_mut().map(|live| live.removed(g, kind, a, c)))
    }

    /// The key of the state a move leads to, read off the move and the slides it would cause
    /// without making it: the key `apply` would leave.
    pub(super) fn key_after(&self, (a, c): (Tile, Tile)) -> u128 {
        let g = self.board.grid();
        let kind = g.kinds()[a as usize];
        let mut key = self.key ^ tile_key(a as usize, kind) ^ tile_key(c as usize, kind);
        slides_after(g, self.board.gravity(), &[a as usize, c as usize], |from, to, k| {
            key ^= tile_key(from, k) ^ tile_key(to, k);
        });
        key
    }

    /// Unmakes the moves whose changes start at `from` on the undo stack. The key and the counts
    /// come back from what `apply` kept, rather than from the changes undone one by one.
    pub(super) fn unmake(&mut self, from: usize, delta: Option<Delta>) {
        revert(self.board.grid_mut(), &self.undo[from..]);
        self.undo.truncate(from);
        while let Some(made) = self.made.last().filter(|m| m.undo_from >= from) {
            self.key = made.key;
            self.count[made.kind as usize] += 2;
            self.made.pop();
        }
        if let (Some(live), Some(delta)) = (self.live.as_mut(), delta) {
            live.undo(self.board.grid(), delta);
        }
    }

    pub(super) fn expand(&mut self) -> Result<Expanded, Error> {
        let g = self.board.grid();
        if g.remaining() == 0 {
            return Ok(Expanded::Solved);
        }
        let dead = timed!(ns_table, self.dead.contains(self.key));
        #[cfg(feature = "profile")]
        super::profile::with(|p| {
            p.lookups += 1;
            p.hits += u64::from(dead);
        });
        if dead {
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
        #[cfg(feature = "profile")]
        super::profile::state(g.remaining());
        // Relaxed play costs a few scans: run on the root only, where it settles hopeless boards,
        // and only on a budget of at least a state per tile: it takes a scan per round and a
        // round removes a tile at least, so it never costs more than the budget allows the
        // search (a state is a scan too). A smaller budget gets "unknown" as fast as it asked.
        let tiles = g.remaining();
        let relaxed = self.board.gravity() == Gravity::None
            && self.states == self.root_state
            && self.budget >= tiles as u64
            && tiles <= RELAXED_MAX_TILES;
        if relaxed && self.hopeless()? {
            return Ok(Expanded::Branch(Candidates::List(Vec::new())));
        }
        Ok(Expanded::Branch(timed!(ns_candidates, self.candidates())))
    }

    /// Notes a frame's list in the cache of moves; when the cache is over its limit, the lists of
    /// the shallowest frames go first (they are the last the search comes back to). The top
    /// frame's list always stays.
    pub(super) fn cache(&mut self, len: usize) {
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
    pub(super) fn next_candidate(&mut self) -> Option<(Tile, Tile)> {
        let depth = self.stack.len() - 1;
        if matches!(self.stack[depth].candidates, Candidates::Dropped) {
            // Its list was dropped for room: the state is back as it was, so listing its moves
            // again gives the very same list.
            let list = timed!(ns_candidates, self.candidates());
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

    pub(super) fn run(&mut self) -> Result<Solution, Error> {
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
                    timed!(ns_unmake, self.unmake(from, delta));
                    self.path.pop();
                }
                while let Some(m) = self.next_candidate() {
                    // A move to a state known dead is not made: its key is read off the move.
                    if self.board.grid().remaining() > 2 && timed!(ns_table, self.dead.contains(self.key_after(m))) {
                        #[cfg(feature = "profile")]
                        super::profile::with(|p| p.skipped += 1);
                        continue;
                    }
                    let from = self.undo.len();
                    let delta = timed!(ns_make, self.apply(m))?;
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
                timed!(ns_table, self.dead.insert(done.key))?;
                #[cfg(feature = "profile")]
                super::profile::with(|p| p.inserts += 1);
            }
            return Ok(Solution { status: Status::Unsolvable, moves: Vec::new(), states: self.states });
        }
    }
}

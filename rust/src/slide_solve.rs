//! The solver under the slide variant: a plain depth-first search over every linking pair (the
//! pair-by-pair scan of `slide`), each pair removed with its push and gravity, with a table of
//! the dead positions keyed by the whole grid (so a key follows pushed tiles). None of the
//! classic solver's cuts (the positional game, forced pairs, the live move list) is used: none
//! is proven under these rules. Exact when it finishes; `Unknown` when the budget of states, the
//! table's memory or `stop` ends it first.

use crate::board::Board;
use crate::error::Error;
use crate::history::{revert, Change};
use crate::scan::Tile;
use crate::slide;
use crate::solve::{Solution, Status};
use std::collections::HashSet;

struct Dfs<'a> {
    board: Board,
    dead: HashSet<Vec<u16>>,
    dead_cap: usize,
    states: u64,
    budget: u64,
    stop: &'a dyn Fn() -> bool,
    moves: Vec<(Tile, Tile)>,
    out_of_budget: bool,
    stopped: bool,
}

impl Dfs<'_> {
    /// Whether the board clears from here; the moves made are pushed on `self.moves`.
    fn clears(&mut self) -> bool {
        let g = self.board.grid();
        if g.remaining() == 0 {
            return true;
        }
        if self.dead.contains(g.kinds()) {
            return false;
        }
        if self.states >= self.budget {
            self.out_of_budget = true;
            return false;
        }
        if self.states % 1024 == 0 && (self.stop)() {
            (self.out_of_budget, self.stopped) = (true, true);
            return false;
        }
        self.states += 1;
        let key = g.kinds().to_vec();
        for (a, c) in slide::moves(g) {
            let g = self.board.grid();
            let (ca, cc) = (g.cell(a as usize), g.cell(c as usize));
            let mut changes: Vec<Change> = Vec::new();
            self.board.apply_removal(ca, cc, &mut changes).expect("a listed move links");
            self.moves.push((a, c));
            if self.clears() {
                return true;
            }
            self.moves.pop();
            revert(self.board.grid_mut(), &changes);
            if self.out_of_budget {
                return false;
            }
        }
        if self.dead.len() < self.dead_cap {
            self.dead.insert(key);
        }
        false
    }
}

/// Solves a board under the slide variant (its own copy), `budget` states, the dead table
/// within `memory_mb` MiB.
/// `Error::Interrupted` when `stop`, polled every 1024 states, says so.
pub fn solve(board: &Board, budget: u64, memory_mb: u64, stop: &dyn Fn() -> bool) -> Result<Solution, Error> {
    let cells = board.grid().kinds().len().max(1);
    let dead_cap = ((memory_mb << 20) as usize / (2 * cells + 48)).max(1);
    let mut dfs = Dfs {
        board: board.clone(),
        dead: HashSet::new(),
        dead_cap,
        states: 0,
        budget,
        stop,
        moves: Vec::new(),
        out_of_budget: false,
        stopped: false,
    };
    let solved = dfs.clears();
    if dfs.stopped {
        return Err(Error::Interrupted);
    }
    let status = if solved {
        Status::Solved
    } else if dfs.out_of_budget {
        Status::Unknown
    } else {
        Status::Unsolvable
    };
    let moves = if status == Status::Solved { dfs.moves } else { Vec::new() };
    Ok(Solution { status, moves, states: dfs.states })
}

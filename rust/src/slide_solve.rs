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
use crate::solve::{Deadline, Solution, Status};
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
        if self.states.is_multiple_of(1024) && (self.stop)() {
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
/// `Error::Interrupted` when `stop`, polled every 1024 states, says so; `Status::TimedOut` when
/// `deadline` has passed at a poll.
pub(crate) fn solve(
    board: &Board,
    budget: u64,
    memory_mb: u64,
    deadline: &Deadline,
    stop: &dyn Fn() -> bool,
) -> Result<Solution, Error> {
    let stop = deadline.or(stop);
    let cells = board.grid().kinds().len().max(1);
    let dead_cap = ((memory_mb << 20) as usize / (2 * cells + 48)).max(1);
    let mut dfs = Dfs {
        board: board.clone(),
        dead: HashSet::new(),
        dead_cap,
        states: 0,
        budget,
        stop: &stop,
        moves: Vec::new(),
        out_of_budget: false,
        stopped: false,
    };
    let solved = dfs.clears();
    if dfs.stopped {
        return deadline.outcome(Err(Error::Interrupted), dfs.states);
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

/// Random deals (or shuffles) tried for a solvable board under the slide variant.
pub const DEAL_ATTEMPTS: u64 = 16;
/// The solver's states per attempt.
pub const DEAL_BUDGET: u64 = 50_000;

/// A solvable deal under the slide variant as deal versions 1 and 2 made it (version 3 builds
/// it by the classic positional game, `deal`): up to `DEAL_ATTEMPTS` random deals (`redeal`,
/// on the board's grid), seeds `seed`, `seed + 1`, ...,
/// each checked by the solver within `DEAL_BUDGET` states; the first it solves stays, with that
/// solution as its certificate. `Error::SlideUnsolved`, the grid put back, when none is solved.
pub fn deal_solvable(
    board: &mut Board,
    redeal: &dyn Fn(&mut crate::grid::Grid, u64) -> Result<(), Error>,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<(Tile, Tile)>, Error> {
    let before = board.grid().faces().to_vec();
    for attempt in 0..DEAL_ATTEMPTS {
        let tried = redeal(board.grid_mut(), seed.wrapping_add(attempt))
            .and_then(|()| solve(board, DEAL_BUDGET, crate::solve::DEFAULT_MEMORY_MB, &Deadline::after(None), stop));
        match tried {
            Ok(s) if s.status == Status::Solved => return Ok(s.moves),
            Ok(_) => {}
            Err(e) => {
                put_back(board, &before);
                return Err(e);
            }
        }
    }
    put_back(board, &before);
    Err(Error::SlideUnsolved { attempts: DEAL_ATTEMPTS, budget: DEAL_BUDGET })
}

fn put_back(board: &mut Board, faces: &[u16]) {
    for (i, &f) in faces.iter().enumerate() {
        board.grid_mut().set(i, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gravity::Gravity;
    use crate::grid::Grid;
    use std::cell::RefCell;

    /// The states a slide solve reports are the states it expanded, one per position it
    /// searched from, and its budget caps them: a board of two adjacent pairs takes two (the
    /// second pair's removal clears it, which is not a state), and a budget of one stops it
    /// `Unknown` after one. A count that ran backwards would wrap round and end every search
    /// at its second state.
    #[test]
    fn a_slide_solve_counts_the_states_it_expands_and_stops_at_its_budget() {
        let grid = Grid::new(1, 4, vec![1, 1, 2, 2], false).unwrap();
        let board = Board::new(grid, Gravity::None).with_variants(false, true);
        let solved = solve(&board, 10, 1, &Deadline::after(None), &|| false).unwrap();
        assert_eq!((solved.status, solved.states, solved.moves), (Status::Solved, 2, vec![(0, 1), (2, 3)]));
        let cut = solve(&board, 1, 1, &Deadline::after(None), &|| false).unwrap();
        assert_eq!((cut.status, cut.states, cut.moves), (Status::Unknown, 1, vec![]));
    }

    #[test]
    fn a_deal_no_attempt_solves_is_refused_with_the_grid_kept() {
        // Diagonal pairs, no empty cell: nothing links; the redeal swaps the kinds, still
        // diagonal, and the board must come back as it was.
        let grid = Grid::new(2, 2, vec![1, 2, 2, 1], false).unwrap();
        let mut board = Board::new(grid.clone(), Gravity::None).with_variants(false, true);
        let seeds = RefCell::new(Vec::new());
        let redeal = |g: &mut Grid, s: u64| {
            seeds.borrow_mut().push(s);
            for (i, k) in [2, 1, 1, 2].into_iter().enumerate() {
                g.set(i, k);
            }
            Ok(())
        };
        let got = deal_solvable(&mut board, &redeal, 7, &|| false);
        assert_eq!(got, Err(Error::SlideUnsolved { attempts: DEAL_ATTEMPTS, budget: DEAL_BUDGET }));
        assert_eq!(*seeds.borrow(), (7..23).collect::<Vec<u64>>());
        assert_eq!(board.grid(), &grid);
        assert_eq!(
            got.unwrap_err().to_string(),
            "no solvable board found under the slide rules: 16 random deals, none cleared by the solver within 50000 states each (try another seed, a smaller board or fewer tiles)"
        );
    }
}

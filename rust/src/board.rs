//! A board in play: the grid, its gravity mode and its history, and every change a game makes
//! (removals with their slides, shuffles, props), each recorded so that it can be undone.

use crate::deal::{self, DealError, Solution as DealSolution};
use crate::gravity::{settle, Gravity};
use crate::grid::{Cell, Grid};
use crate::history::{write, Change, History};
use crate::path::{best_path, Path};
use crate::rng::SplitMix64;
use crate::shuffle::{shuffle, Shuffled};

/// What a removal did: the path that linked the pair, and the tiles that slid after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    pub path: Path,
    pub slides: Vec<(Cell, Cell)>,
}

/// Why obstacles could not be added. The board is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObstacleError {
    /// No tiles on the board, so no kind to add more of.
    NoKinds,
    /// Fewer empty cells than the new tiles.
    NoRoom { empty: usize },
}

/// The mirror prop's axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Left and right swap: `(r, c)` goes to `(r, cols - 1 - c)`.
    Horizontal,
    /// Top and bottom swap: `(r, c)` goes to `(rows - 1 - r, c)`.
    Vertical,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    grid: Grid,
    gravity: Gravity,
    history: History,
}

impl Board {
    pub fn new(grid: Grid, gravity: Gravity) -> Self {
        Board { grid, gravity, history: History::default() }
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub(crate) fn grid_mut(&mut self) -> &mut Grid {
        &mut self.grid
    }

    pub fn gravity(&self) -> Gravity {
        self.gravity
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// Removes a linking pair and lets tiles slide, noting every rewritten cell in `changes`.
    /// `None` (nothing changed) when the cells do not link.
    pub(crate) fn apply_removal(&mut self, a: Cell, b: Cell, changes: &mut Vec<Change>) -> Option<Removal> {
        let path = best_path(&self.grid, a, b)?;
        let (ia, ib) = (self.grid.index(a), self.grid.index(b));
        write(&mut self.grid, changes, ia, 0);
        write(&mut self.grid, changes, ib, 0);
        let slides = settle(&mut self.grid, self.gravity, &[a, b], changes);
        Some(Removal { path, slides })
    }

    /// Removes a linking pair (recorded in the history); `None` when they do not link.
    pub fn remove(&mut self, a: Cell, b: Cell) -> Option<Removal> {
        let mut changes = Vec::new();
        let removal = self.apply_removal(a, b, &mut changes)?;
        self.history.record(changes);
        Some(removal)
    }

    /// Runs `change` on the grid; when it reports success, records the cells it rewrote as one
    /// history entry.
    fn recorded<T, E>(&mut self, change: impl FnOnce(&mut Grid) -> Result<T, E>) -> Result<T, E> {
        let before = self.grid.kinds().to_vec();
        let done = change(&mut self.grid)?;
        let changes = before
            .iter()
            .zip(self.grid.kinds())
            .enumerate()
            .filter(|(_, (old, new))| old != new)
            .map(|(i, (&old, &new))| Change { index: i as u32, old, new })
            .collect();
        self.history.record(changes);
        Ok(done)
    }

    /// Re-deals the kinds over the occupied cells until a move exists (recorded when it
    /// succeeds; nothing changes when it does not).
    pub fn shuffle(&mut self, seed: u64) -> Shuffled {
        self.recorded(|g| match shuffle(g, seed) {
            Shuffled::Done => Ok(Shuffled::Done),
            failed => Err(failed),
        })
        .unwrap_or_else(|failed| failed)
    }

    /// Re-deals the remaining kinds, positions kept, into a board with a known solution.
    pub fn shuffle_solvable(&mut self, seed: u64) -> Result<DealSolution, DealError> {
        self.shuffle_solvable_until(seed, &|| false)
    }

    /// `shuffle_solvable`, giving up with `DealError::Interrupted` (nothing changed, nothing
    /// recorded) when `stop`, polled every so often, says so.
    pub fn shuffle_solvable_until(&mut self, seed: u64, stop: &dyn Fn() -> bool) -> Result<DealSolution, DealError> {
        let gravity = self.gravity;
        self.recorded(|g| deal::redeal_solvable(g, gravity, seed, stop))
    }

    /// Flips every cell across the board's middle.
    pub fn mirror(&mut self, axis: Axis) {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let old = self.grid.kinds().to_vec();
        let _ = self.recorded(|g| {
            for (i, &k) in old.iter().enumerate() {
                let (r, c) = (i / cols, i % cols);
                let to = match axis {
                    Axis::Horizontal => r * cols + (cols - 1 - c),
                    Axis::Vertical => (rows - 1 - r) * cols + c,
                };
                g.set(to, k);
            }
            Ok::<(), ()>(())
        });
    }

    /// Adds `pairs` new pairs of kinds already on the board into empty cells.
    pub fn add_obstacles(&mut self, pairs: usize, seed: u64) -> Result<(), ObstacleError> {
        let mut kinds: Vec<u16> = self.grid.kinds().iter().copied().filter(|&k| k != 0).collect();
        kinds.sort_unstable();
        kinds.dedup();
        if kinds.is_empty() {
            return Err(ObstacleError::NoKinds);
        }
        let mut empty: Vec<usize> = (0..self.grid.kinds().len()).filter(|&i| self.grid.kinds()[i] == 0).collect();
        if empty.len() < pairs.saturating_mul(2) {
            return Err(ObstacleError::NoRoom { empty: empty.len() });
        }
        let mut rng = SplitMix64::new(seed);
        self.recorded(|g| {
            for i in 0..pairs {
                let kind = kinds[rng.below(kinds.len() as u64) as usize];
                for j in [2 * i, 2 * i + 1] {
                    let pick = j + rng.below((empty.len() - j) as u64) as usize;
                    empty.swap(j, pick);
                    g.set(empty[j], kind);
                }
            }
            Ok(())
        })
    }

    pub fn undo(&mut self) -> bool {
        self.history.undo(&mut self.grid)
    }

    pub fn redo(&mut self) -> bool {
        self.history.redo(&mut self.grid)
    }

    /// Deals `pair_kinds` over the occupied cells (docs/engine.md, "Deals"); the history starts
    /// empty. Returns the solution when `solvable`.
    pub fn deal(&mut self, pair_kinds: &[u16], seed: u64, solvable: bool) -> Result<Option<DealSolution>, DealError> {
        self.deal_until(pair_kinds, seed, solvable, &|| false)
    }

    /// `deal`, giving up with `DealError::Interrupted` (board and history unchanged) when
    /// `stop`, polled every so often, says so.
    pub fn deal_until(
        &mut self,
        pair_kinds: &[u16],
        seed: u64,
        solvable: bool,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<DealSolution>, DealError> {
        let solution = deal::deal(&mut self.grid, self.gravity, pair_kinds, seed, solvable, stop)?;
        self.history.clear();
        Ok(solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::random_grid;
    use crate::scan;

    #[test]
    fn every_change_undoes_and_redoes_exactly() {
        let mut rng = SplitMix64::new(11);
        for case in 0..600 {
            let gravity = Gravity::ALL[case % 7];
            let mut b = Board::new(random_grid(&mut rng, case), gravity);
            let mut states = vec![b.grid.clone()];
            for step in 0..12u64 {
                match rng.below(4) {
                    0 => {
                        if let Some((a, c)) = scan::hint(&b.grid) {
                            let (a, c) = (b.grid.cell(a as usize), b.grid.cell(c as usize));
                            b.remove(a, c).unwrap();
                        } else {
                            continue;
                        }
                    }
                    1 => {
                        if b.shuffle(step) != Shuffled::Done {
                            continue;
                        }
                    }
                    2 => b.mirror(if step % 2 == 0 { Axis::Horizontal } else { Axis::Vertical }),
                    _ => {
                        if b.add_obstacles(1, step).is_err() {
                            continue;
                        }
                    }
                }
                states.push(b.grid.clone());
            }
            let last = b.grid.clone();
            for want in states.iter().rev().skip(1) {
                assert!(b.undo());
                assert_eq!(&b.grid, want, "case {case}");
            }
            assert!(!b.undo());
            while b.redo() {}
            assert_eq!(b.grid, last);
        }
    }

    #[test]
    fn a_new_change_drops_the_redo_stack() {
        let mut b = Board::new(Grid::new(1, 4, vec![1, 1, 2, 2], true).unwrap(), Gravity::None);
        b.remove((0, 0), (0, 1)).unwrap();
        b.undo();
        assert_eq!(b.history.redo_len(), 1);
        b.mirror(Axis::Horizontal);
        assert_eq!((b.history.undo_len(), b.history.redo_len()), (1, 0));
        assert_eq!(b.grid.kinds(), &[2, 2, 1, 1]);
    }

    #[test]
    fn obstacles_need_kinds_and_room() {
        let mut b = Board::new(Grid::new(1, 4, vec![1, 1, 0, 0], true).unwrap(), Gravity::None);
        assert_eq!(b.add_obstacles(2, 0), Err(ObstacleError::NoRoom { empty: 2 }));
        b.add_obstacles(1, 0).unwrap();
        assert_eq!(b.grid.kinds(), &[1, 1, 1, 1]);
        let mut b = Board::new(Grid::new(1, 2, vec![0, 0], true).unwrap(), Gravity::None);
        assert_eq!(b.add_obstacles(1, 0), Err(ObstacleError::NoKinds));
    }
}

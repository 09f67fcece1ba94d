//! A board in play: the grid, its gravity mode and its history, and every change a game makes
//! (removals with their slides, shuffles, props), each recorded with what it was so that it can
//! be undone, redone and read back.

use crate::deal::{self, DealVersion, Solution as DealSolution};
use crate::error::Error;
use crate::gravity::{settle, Gravity};
use crate::grid::{Cell, Grid};
use crate::history::{write, Action, Change, Entry, History};
use crate::path::{best_path, Path};
use crate::rng::SplitMix64;
use crate::shuffle::shuffle;
use crate::slide;
use std::sync::Arc;

/// What a removal did: the path that linked the pair, the tiles its slide link pushed before
/// (the slide variant; `(from, to)` from the mover outward), and the tiles that slid after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    pub path: Path,
    pub slides: Vec<(Cell, Cell)>,
    pub pushed: Vec<(Cell, Cell)>,
}

/// The mirror prop's axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Left and right swap: `(r, c)` goes to `(r, cols - 1 - c)`.
    Horizontal,
    /// Top and bottom swap: `(r, c)` goes to `(rows - 1 - r, c)`.
    Vertical,
}

impl Axis {
    /// "h" or "v", as both languages name them.
    pub fn name(self) -> &'static str {
        match self {
            Axis::Horizontal => "h",
            Axis::Vertical => "v",
        }
    }

    pub fn from_name(name: &str) -> Result<Self, Error> {
        match name {
            "h" => Ok(Axis::Horizontal),
            "v" => Ok(Axis::Vertical),
            other => Err(Error::MirrorAxis(other.to_owned())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Shared with the snapshots taken of it ([`Board::snapshot`]) until either is changed:
    /// the first change then copies it (`Arc::make_mut`), so a snapshot costs nothing to take.
    grid: Arc<Grid>,
    gravity: Gravity,
    history: History,
    /// The slide variant (docs/engine.md, "Rule variants"); Chinese style is the grid's.
    slide: bool,
}

impl Board {
    /// A board under the classic rules (no variant).
    pub fn new(grid: Grid, gravity: Gravity) -> Self {
        Board { grid: Arc::new(grid), gravity, history: History::default(), slide: false }
    }

    /// The same board under the rule variants `chinese` and `slide`.
    pub fn with_variants(mut self, chinese: bool, slide: bool) -> Self {
        self.grid = Arc::new(Arc::unwrap_or_clone(self.grid).with_chinese(chinese));
        self.slide = slide;
        self
    }

    /// Chinese style: kinds 35..=38 match one another, and so do 39..=42.
    pub fn chinese(&self) -> bool {
        self.grid.chinese()
    }

    /// Tiles can slide (KShisen's TilesCanSlide).
    pub fn slide(&self) -> bool {
        self.slide
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The grid to write to: copied first when a snapshot still shares it.
    pub(crate) fn grid_mut(&mut self) -> &mut Grid {
        Arc::make_mut(&mut self.grid)
    }

    /// The board as it is now, without its history, sharing the grid (no copy is made until
    /// one of the two is changed): what a worker thread answers questions from.
    pub fn snapshot(&self) -> Board {
        Board { grid: Arc::clone(&self.grid), gravity: self.gravity, history: History::default(), slide: self.slide }
    }

    pub fn gravity(&self) -> Gravity {
        self.gravity
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// Removes a linking pair and lets tiles slide, noting every rewritten cell in `changes`.
    /// `None` (nothing changed) when the cells do not link. Not recorded: the solver's step.
    pub(crate) fn apply_removal(&mut self, a: Cell, b: Cell, changes: &mut Vec<Change>) -> Option<Removal> {
        let (path, pushed) = self.link(a, b)?;
        // The push, the pair, then gravity on the segments of the pair and of every cell the
        // push wrote: a tile pushed over a gap falls (docs/engine.md, "Tiles slide").
        let grid = Arc::make_mut(&mut self.grid);
        let mut settled = vec![a, b];
        settled.extend(slide::apply_push(grid, &pushed, changes));
        let (ia, ib) = (grid.index(a), grid.index(b));
        write(grid, changes, ia, 0);
        write(grid, changes, ib, 0);
        let slides = settle(grid, self.gravity, &settled, changes);
        Some(Removal { path, slides, pushed })
    }

    /// The best link of two cells under the board's rules, with the tiles a slide pushes.
    pub fn link(&self, a: Cell, b: Cell) -> Option<(Path, slide::Pushed)> {
        if self.slide {
            slide::best_link(&self.grid, a, b)
        } else {
            best_path(&self.grid, a, b).map(|p| (p, Vec::new()))
        }
    }

    /// Removes a linking pair (recorded in the history). Refused, board unchanged, with the
    /// reason when they do not link: the same cell twice, an empty cell, two kinds, no path.
    pub fn remove(&mut self, a: Cell, b: Cell) -> Result<Removal, Error> {
        let mut changes = Vec::new();
        let Some(removal) = self.apply_removal(a, b, &mut changes) else {
            return Err(self.why_not(a, b));
        };
        self.history.record(Entry { action: Action::Remove { a, b, removal: removal.clone() }, changes });
        Ok(removal)
    }

    fn why_not(&self, a: Cell, b: Cell) -> Error {
        // Keys decide (the match groups), faces are what the message names.
        let (ka, kb) = (self.grid.kind(a), self.grid.kind(b));
        if a == b {
            Error::RemoveItself(a)
        } else if ka == 0 || kb == 0 {
            Error::RemoveEmpty(if ka == 0 { a } else { b })
        } else if ka != kb {
            let (ka, kb) = (self.grid.face(self.grid.index(a)), self.grid.face(self.grid.index(b)));
            Error::RemoveKinds { a, b, ka, kb }
        } else {
            Error::RemoveNoPath { a, b }
        }
    }

    /// Runs `change` on the grid; when it succeeds, records the cells it rewrote (in index
    /// order) as one history entry doing `action`.
    fn recorded<T>(&mut self, action: Action, change: impl FnOnce(&mut Grid) -> Result<T, Error>) -> Result<T, Error> {
        let before = self.grid.faces().to_vec();
        let done = change(Arc::make_mut(&mut self.grid))?;
        self.record_since(action, &before);
        Ok(done)
    }

    /// Records the cells that differ from `before` (the faces before a change, in index order)
    /// as one history entry doing `action`.
    fn record_since(&mut self, action: Action, before: &[u16]) {
        let changes = before
            .iter()
            .zip(self.grid.faces())
            .enumerate()
            .filter(|(_, (old, new))| old != new)
            .map(|(i, (&old, &new))| Change { index: i as u32, old, new })
            .collect();
        self.history.record(Entry { action, changes });
    }

    /// Re-deals the kinds over the occupied cells until a move exists (recorded when it
    /// succeeds; refused, nothing changed, when no arrangement has a move).
    pub fn shuffle(&mut self, seed: u64) -> Result<(), Error> {
        let slide = self.slide;
        self.recorded(Action::Shuffle { seed, solvable: false }, |g| shuffle(g, seed, slide))
    }

    /// Re-deals the remaining kinds, positions kept, into a board with a known solution (by
    /// version 1's positional game, whose every step is a plain link of at most one turn: the
    /// solution clears the board under the slide rules too, docs/engine.md, "Tiles that slide").
    pub fn shuffle_solvable(&mut self, seed: u64) -> Result<DealSolution, Error> {
        self.shuffle_solvable_until(seed, &|| false)
    }

    /// `shuffle_solvable`, giving up with `Error::Interrupted` (nothing changed, nothing
    /// recorded) when `stop`, polled every so often, says so.
    pub fn shuffle_solvable_until(&mut self, seed: u64, stop: &dyn Fn() -> bool) -> Result<DealSolution, Error> {
        let gravity = self.gravity;
        self.recorded(Action::Shuffle { seed, solvable: true }, |g| deal::redeal_solvable(g, gravity, seed, stop))
    }

    /// Flips every cell across the board's middle.
    pub fn mirror(&mut self, axis: Axis) {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let old = self.grid.faces().to_vec();
        let _ = self.recorded(Action::Mirror(axis), |g| {
            for (i, &k) in old.iter().enumerate() {
                let (r, c) = (i / cols, i % cols);
                let to = match axis {
                    Axis::Horizontal => r * cols + (cols - 1 - c),
                    Axis::Vertical => (rows - 1 - r) * cols + c,
                };
                g.set(to, k);
            }
            Ok(())
        });
    }

    /// Adds `pairs` new pairs of kinds already on the board into empty cells.
    pub fn add_obstacles(&mut self, pairs: usize, seed: u64) -> Result<(), Error> {
        let mut kinds: Vec<u16> = self.grid.faces().iter().copied().filter(|&k| k != 0).collect();
        kinds.sort_unstable();
        kinds.dedup();
        if kinds.is_empty() {
            return Err(Error::ObstaclesNoKinds);
        }
        let mut empty: Vec<usize> = (0..self.grid.kinds().len()).filter(|&i| self.grid.kinds()[i] == 0).collect();
        if empty.len() < pairs.saturating_mul(2) {
            return Err(Error::ObstaclesNoRoom { pairs, empty: empty.len() });
        }
        let mut rng = SplitMix64::new(seed);
        self.recorded(Action::Obstacles { pairs, seed }, |g| {
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

    /// Takes back the last change exactly and returns its entry.
    pub fn undo(&mut self) -> Result<&Entry, Error> {
        self.history.undo(Arc::make_mut(&mut self.grid)).ok_or(Error::NothingToUndo)
    }

    /// Does the last undone change again and returns its entry.
    pub fn redo(&mut self) -> Result<&Entry, Error> {
        self.history.redo(Arc::make_mut(&mut self.grid)).ok_or(Error::NothingToRedo)
    }

    /// Deals `pair_kinds` over the occupied cells (docs/engine.md, "Deals"); the history starts
    /// empty. Returns the solution when `solvable`. The latest deal version.
    pub fn deal(&mut self, pair_kinds: &[u16], seed: u64, solvable: bool) -> Result<Option<DealSolution>, Error> {
        self.deal_until(pair_kinds, seed, solvable, DealVersion::LATEST, &|| false)
    }

    /// `deal` by the rules of `version`, giving up with `Error::Interrupted` (board and
    /// history unchanged) when `stop`, polled every so often, says so.
    pub fn deal_until(
        &mut self,
        pair_kinds: &[u16],
        seed: u64,
        solvable: bool,
        version: DealVersion,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<DealSolution>, Error> {
        let gravity = self.gravity;
        // Versions before 3 dealt a solvable slide board by random deals the solver checked;
        // version 3 builds it by the positional game of plain links (docs/engine.md, "Tiles
        // that slide").
        let solution = if self.slide && solvable && !version.builds_slide_deals() {
            let cells = self.grid.remaining();
            if cells != 2 * pair_kinds.len() {
                return Err(Error::DealPairCount { tiles: cells, pairs: pair_kinds.len() });
            }
            let redeal = |g: &mut Grid, s: u64| deal::deal(g, gravity, pair_kinds, s, false, version, stop).map(|_| ());
            Some(crate::slide_solve::deal_solvable(self, &redeal, seed, stop)?)
        } else {
            deal::deal(Arc::make_mut(&mut self.grid), gravity, pair_kinds, seed, solvable, version, stop)?
        };
        self.history.clear();
        Ok(solution)
    }

    /// After a Chinese-style deal whose pairs named the match groups by their keys (35, 39):
    /// each group's tiles get its four faces in turn (docs/engine.md, "Rule variants"); not
    /// recorded, like the deal. Nothing on a classic board.
    pub fn paint_groups(&mut self) {
        deal::paint_groups(Arc::make_mut(&mut self.grid));
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
                            assert_eq!(b.history.done().last().unwrap().action.name(), "remove");
                        } else {
                            continue;
                        }
                    }
                    1 => {
                        if b.shuffle(step).is_err() {
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
                assert!(b.undo().is_ok());
                assert_eq!(&b.grid, want, "case {case}");
            }
            assert_eq!(b.undo(), Err(Error::NothingToUndo));
            while b.redo().is_ok() {}
            assert_eq!(b.grid, last);
        }
    }

    #[test]
    fn a_new_change_drops_the_redo_stack() {
        let mut b = Board::new(Grid::new(1, 4, vec![1, 1, 2, 2], true).unwrap(), Gravity::None);
        b.remove((0, 0), (0, 1)).unwrap();
        let undone = b.undo().unwrap();
        assert_eq!(undone.changes.len(), 2);
        assert!(matches!(undone.action, Action::Remove { a: (0, 0), b: (0, 1), .. }));
        assert_eq!(b.history.redo_len(), 1);
        b.mirror(Axis::Horizontal);
        assert_eq!((b.history.undo_len(), b.history.redo_len()), (1, 0));
        assert_eq!(b.grid.kinds(), &[2, 2, 1, 1]);
    }

    /// Each axis flips the cells across its own middle (cargo-mutants found the vertical flip's
    /// cell arithmetic untested by the crate's own tests: `* with /` survived).
    #[test]
    fn mirror_flips_each_axis_across_its_middle() {
        let grid = Grid::new(3, 2, vec![1, 2, 3, 4, 5, 6], true).unwrap();
        let mut b = Board::new(grid.clone(), Gravity::None);
        b.mirror(Axis::Vertical);
        assert_eq!(b.grid.kinds(), &[5, 6, 3, 4, 1, 2]);
        let mut b = Board::new(grid, Gravity::None);
        b.mirror(Axis::Horizontal);
        assert_eq!(b.grid.kinds(), &[2, 1, 4, 3, 6, 5]);
    }

    /// The names the history and the saves give the axes, and back (cargo-mutants: `name`
    /// returning "" survived the crate's tests; only the bindings use it).
    #[test]
    fn each_axis_has_its_name_and_back() {
        assert_eq!((Axis::Horizontal.name(), Axis::Vertical.name()), ("h", "v"));
        for axis in [Axis::Horizontal, Axis::Vertical] {
            assert_eq!(Axis::from_name(axis.name()), Ok(axis));
        }
    }

    /// A solvable shuffle re-deals the board (recorded) and hands back a solution that clears
    /// it, with or without gravity or the slide rule (cargo-mutants: an empty `Ok` survived).
    #[test]
    fn a_solvable_shuffle_comes_with_a_solution_that_clears_the_board() {
        let mut rng = SplitMix64::new(5);
        let mut cleared = 0;
        for case in 0..60 {
            let gravity = Gravity::ALL[case % 7];
            let slide = case % 4 == 3;
            let mut b = Board::new(random_grid(&mut rng, case), gravity).with_variants(false, slide);
            let before = b.grid.clone();
            let Ok(solution) = b.shuffle_solvable(case as u64) else {
                continue; // an odd kind: no arrangement has a solution
            };
            assert_eq!(solution.len() * 2, b.grid.remaining(), "case {case}");
            let last = b.history.done().last().unwrap();
            assert!(matches!(last.action, Action::Shuffle { solvable: true, .. }), "case {case}");
            assert_eq!(b.grid.remaining(), before.remaining());
            for &(x, y) in &solution {
                let (x, y) = (b.grid.cell(x as usize), b.grid.cell(y as usize));
                assert_eq!(b.grid.kind(x), b.grid.kind(y), "case {case}");
                b.remove(x, y).unwrap();
            }
            assert_eq!(b.grid.remaining(), 0, "case {case}");
            cleared += 1;
        }
        assert!(cleared >= 15, "only {cleared} boards dealt");
    }

    #[test]
    fn obstacles_need_kinds_and_room() {
        let mut b = Board::new(Grid::new(1, 4, vec![1, 1, 0, 0], true).unwrap(), Gravity::None);
        assert_eq!(b.add_obstacles(2, 0), Err(Error::ObstaclesNoRoom { pairs: 2, empty: 2 }));
        b.add_obstacles(1, 0).unwrap();
        assert_eq!(b.grid.kinds(), &[1, 1, 1, 1]);
        let mut b = Board::new(Grid::new(1, 2, vec![0, 0], true).unwrap(), Gravity::None);
        assert_eq!(b.add_obstacles(1, 0), Err(Error::ObstaclesNoKinds));
    }

    /// A snapshot shares the grid until one of the two is changed; the change copies it, so
    /// the snapshot still holds the board as it was, without its history.
    #[test]
    fn a_snapshot_shares_the_grid_until_a_change() {
        let mut b = Board::new(Grid::new(1, 4, vec![1, 1, 2, 2], true).unwrap(), Gravity::Down);
        b.mirror(Axis::Horizontal);
        let snap = b.snapshot();
        assert!(Arc::ptr_eq(&snap.grid, &b.grid));
        assert_eq!((snap.history.undo_len(), snap.gravity, snap.slide), (0, Gravity::Down, false));
        b.remove((0, 0), (0, 1)).unwrap();
        assert!(!Arc::ptr_eq(&snap.grid, &b.grid));
        assert_eq!(snap.grid.kinds(), &[2, 2, 1, 1]);
        assert_eq!(b.grid.kinds(), &[0, 0, 1, 1]);
        let again = b.snapshot();
        drop(again);
        let alone = Arc::as_ptr(&b.grid);
        b.undo().unwrap();
        assert_eq!(Arc::as_ptr(&b.grid), alone, "no copy once the snapshot is gone");
    }

    #[test]
    fn a_refused_removal_says_why_and_records_nothing() {
        let mut b = Board::new(Grid::new(2, 3, vec![1, 2, 1, 3, 0, 3], false).unwrap(), Gravity::None);
        assert_eq!(b.remove((0, 0), (0, 0)), Err(Error::RemoveItself((0, 0))));
        assert_eq!(b.remove((0, 0), (1, 1)), Err(Error::RemoveEmpty((1, 1))));
        assert_eq!(b.remove((0, 0), (0, 1)), Err(Error::RemoveKinds { a: (0, 0), b: (0, 1), ka: 1, kb: 2 }));
        assert_eq!(b.remove((0, 0), (0, 2)), Err(Error::RemoveNoPath { a: (0, 0), b: (0, 2) }));
        assert_eq!(b.history.undo_len(), 0);
        assert!(b.remove((1, 0), (1, 2)).is_ok());
    }
}

//! Undo and redo. The board's history is the only record of what was done to it: each entry
//! says what the change was (a removal with its path and slides, a shuffle, a mirror, obstacles)
//! and lists the cells it rewrote, old and new kinds, so that it can be undone exactly.

use crate::board::{Axis, Removal};
use crate::grid::{Cell, Grid};

/// One cell rewritten.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub index: u32,
    pub old: u16,
    pub new: u16,
}

/// Writes a kind through the grid and notes the change (nothing when the kind is already there).
pub fn write(g: &mut Grid, changes: &mut Vec<Change>, index: usize, kind: u16) {
    let old = g.set(index, kind);
    if old != kind {
        changes.push(Change { index: index as u32, old, new: kind });
    }
}

/// Puts back what a list of changes rewrote, last change first.
pub fn revert(g: &mut Grid, changes: &[Change]) {
    for c in changes.iter().rev() {
        g.set(c.index as usize, c.old);
    }
}

/// What a history entry did, with the arguments that would do it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The pair `a`, `b` removed: the path that linked them and the tiles that slid after.
    Remove { a: Cell, b: Cell, removal: Removal },
    /// The kinds re-dealt over the occupied cells; `solvable`: into a board with a solution.
    Shuffle { seed: u64, solvable: bool },
    /// Every cell flipped across the board's middle.
    Mirror(Axis),
    /// `pairs` pairs of kinds already on the board added into empty cells.
    Obstacles { pairs: usize, seed: u64 },
}

impl Action {
    /// The name both languages give it: "remove", "shuffle", "mirror" or "obstacles".
    pub fn name(&self) -> &'static str {
        match self {
            Action::Remove { .. } => "remove",
            Action::Shuffle { .. } => "shuffle",
            Action::Mirror(_) => "mirror",
            Action::Obstacles { .. } => "obstacles",
        }
    }
}

/// One change of the board: what it was and the cells it rewrote, in the order it wrote them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub action: Action,
    pub changes: Vec<Change>,
}

/// The entries done (oldest first) and those undone (most recently undone last).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    done: Vec<Entry>,
    undone: Vec<Entry>,
}

impl History {
    /// Notes a change that was just made; what could have been redone is gone.
    pub fn record(&mut self, entry: Entry) {
        self.undone.clear();
        self.done.push(entry);
    }

    /// Takes back the last entry done and returns it; `None` when there is none.
    pub fn undo(&mut self, g: &mut Grid) -> Option<&Entry> {
        let entry = self.done.pop()?;
        revert(g, &entry.changes);
        self.undone.push(entry);
        self.undone.last()
    }

    /// Brings back the last entry undone and returns it; `None` when there is none.
    pub fn redo(&mut self, g: &mut Grid) -> Option<&Entry> {
        let entry = self.undone.pop()?;
        for c in &entry.changes {
            g.set(c.index as usize, c.new);
        }
        self.done.push(entry);
        self.done.last()
    }

    pub fn clear(&mut self) {
        self.done.clear();
        self.undone.clear();
    }

    /// The entries that can be undone, oldest first.
    pub fn done(&self) -> &[Entry] {
        &self.done
    }

    /// How many changes can be undone.
    pub fn undo_len(&self) -> usize {
        self.done.len()
    }

    /// How many changes can be redone.
    pub fn redo_len(&self) -> usize {
        self.undone.len()
    }
}

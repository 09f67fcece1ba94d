//! Undo and redo: every change to a board is the list of cells it rewrote, old and new kinds.

use crate::grid::Grid;

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

/// The changes done (oldest first) and those undone (most recently undone last).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    done: Vec<Vec<Change>>,
    undone: Vec<Vec<Change>>,
}

impl History {
    /// Notes a change that was just made; what could have been redone is gone.
    pub fn record(&mut self, changes: Vec<Change>) {
        self.undone.clear();
        self.done.push(changes);
    }

    pub fn undo(&mut self, g: &mut Grid) -> bool {
        let Some(changes) = self.done.pop() else {
            return false;
        };
        revert(g, &changes);
        self.undone.push(changes);
        true
    }

    pub fn redo(&mut self, g: &mut Grid) -> bool {
        let Some(changes) = self.undone.pop() else {
            return false;
        };
        for c in &changes {
            g.set(c.index as usize, c.new);
        }
        self.done.push(changes);
        true
    }

    pub fn clear(&mut self) {
        self.done.clear();
        self.undone.clear();
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

//! Every way the engine refuses, in one enum. Its `Display` is the wording users read (the
//! bindings raise it as `llk.BoardError`, `llk.IllegalMove` or `KeyboardInterrupt`, by
//! [`Error::class`]); the pure-Python core words the same errors in python/llk/errors.py, and
//! the parity tests check that both say the very same thing.

use crate::grid::{Cell, MAX_CELLS};
use crate::solve::MAX_MEMORY_MB;
use std::fmt;

/// Why the engine did not do what it was asked. Whatever it was, the board is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Zero rows or zero columns.
    GridEmpty {
        rows: usize,
        cols: usize,
    },
    /// More than [`MAX_CELLS`] cells.
    GridTooLarge {
        rows: usize,
        cols: usize,
    },
    /// The kinds do not fill `rows * cols` cells.
    GridWrongLength {
        rows: usize,
        cols: usize,
        len: usize,
    },
    /// A gravity mode the engine does not know.
    UnknownGravity(String),
    /// A cell that is not on the board.
    CellOffBoard {
        r: i64,
        c: i64,
        rows: usize,
        cols: usize,
    },
    /// A mirror axis other than "h" and "v".
    MirrorAxis(String),
    /// `remove` of a cell with itself.
    RemoveItself(Cell),
    /// `remove` of an empty cell.
    RemoveEmpty(Cell),
    /// `remove` of two tiles of different kinds.
    RemoveKinds {
        a: Cell,
        b: Cell,
        ka: u16,
        kb: u16,
    },
    /// `remove` of two tiles of one kind that no path of at most two turns links.
    RemoveNoPath {
        a: Cell,
        b: Cell,
    },
    /// A shuffle where no kind has two tiles: no arrangement has a move.
    ShuffleNoKindTwice,
    /// A shuffle where no two occupied cells can ever link, whatever their kinds.
    ShuffleNoLink,
    /// Obstacles on a board without tiles, so without a kind to add more of.
    ObstaclesNoKinds,
    /// Obstacles that need more empty cells than there are.
    ObstaclesNoRoom {
        pairs: usize,
        empty: usize,
    },
    NothingToUndo,
    NothingToRedo,
    /// A change asked of a snapshot (`llk.Board.snapshot`), which answers questions only.
    SnapshotChange,
    /// A solvable deal or shuffle where a kind has an odd number of tiles.
    DealOddKind {
        kind: u16,
        count: usize,
    },
    /// A deal whose pairs do not fill the tile cells.
    DealPairCount {
        tiles: usize,
        pairs: usize,
    },
    /// A deal version this core does not know (docs/engine.md, "Deals").
    UnknownDealVersion(u64),
    /// No random deal the solver could clear within its budget under the slide variant.
    SlideUnsolved {
        attempts: u64,
        budget: u64,
    },
    /// The caller's `stop` hook asked long work to stop (Ctrl+C in Python).
    Interrupted,
    /// A solver memory limit outside 1..=`MAX_MEMORY_MB` MiB.
    MemoryLimit(u64),
    /// A solver time limit that is not a number of seconds above 0 and finite (`value` as
    /// Python's `repr` shows it).
    TimeLimit(String),
    /// The machine refused memory that long work needed (a fallible allocation failed).
    OutOfMemory {
        bytes: usize,
    },
    /// A number handed to the core past the facade that is not an int from `minimum` to
    /// 2**64 - 1 (`value` as the cores show it: the int's digits, or "a float").
    CoreInt {
        name: &'static str,
        minimum: u64,
        value: String,
    },
    /// A cell's row or column handed to the core that is not an int of 64 bits.
    CoreCoord(String),
    /// A flag handed to the core that is not True or False.
    CoreFlag {
        name: &'static str,
        value: String,
    },
    /// Kinds handed to the core that are not a 2-D uint16 array.
    CoreGrid(String),
}

/// Which exception an [`Error`] becomes in Python.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorClass {
    /// Bad input: `llk.BoardError`, a `ValueError`.
    Board,
    /// A change the rules refuse: `llk.IllegalMove`, a `ValueError`.
    IllegalMove,
    /// Stopped on request: `KeyboardInterrupt`.
    Interrupted,
    /// Memory refused: `MemoryError`.
    Memory,
}

impl Error {
    pub fn class(&self) -> ErrorClass {
        match self {
            Error::GridEmpty { .. }
            | Error::GridTooLarge { .. }
            | Error::GridWrongLength { .. }
            | Error::UnknownGravity(_)
            | Error::CellOffBoard { .. }
            | Error::MirrorAxis(_)
            | Error::DealPairCount { .. }
            | Error::UnknownDealVersion(_)
            | Error::MemoryLimit(_)
            | Error::CoreInt { .. }
            | Error::CoreCoord(_)
            | Error::CoreFlag { .. }
            | Error::TimeLimit(_)
            | Error::CoreGrid(_) => ErrorClass::Board,
            Error::RemoveItself(_)
            | Error::RemoveEmpty(_)
            | Error::RemoveKinds { .. }
            | Error::RemoveNoPath { .. }
            | Error::ShuffleNoKindTwice
            | Error::ShuffleNoLink
            | Error::ObstaclesNoKinds
            | Error::ObstaclesNoRoom { .. }
            | Error::NothingToUndo
            | Error::SnapshotChange
            | Error::NothingToRedo
            | Error::DealOddKind { .. }
            | Error::SlideUnsolved { .. } => ErrorClass::IllegalMove,
            Error::Interrupted => ErrorClass::Interrupted,
            Error::OutOfMemory { .. } => ErrorClass::Memory,
        }
    }
}

/// A cell as Python prints a tuple: `(1, 2)`.
struct Shown(Cell);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0 .0, self.0 .1)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::GridEmpty { rows, cols } => {
                write!(f, "grid is empty ({rows}x{cols}): a board needs at least one row and one column")
            }
            Error::GridTooLarge { rows, cols } => write!(
                f,
                "grid is too large ({rows}x{cols} = {} cells): at most {MAX_CELLS} cells",
                *rows as u128 * *cols as u128
            ),
            Error::GridWrongLength { rows, cols, len } => write!(f, "grid has {len} kinds for {rows}x{cols} cells"),
            Error::UnknownGravity(name) => write!(f, "unknown gravity mode {name:?}"),
            Error::CellOffBoard { r, c, rows, cols } => write!(f, "cell ({r}, {c}) is outside the {rows}x{cols} board"),
            Error::MirrorAxis(axis) => write!(f, "mirror axis must be 'h' or 'v', not {axis:?}"),
            Error::RemoveItself(a) => write!(f, "cannot remove {} with itself", Shown(*a)),
            Error::RemoveEmpty(cell) => write!(f, "cell {} is empty", Shown(*cell)),
            Error::RemoveKinds { a, b, ka, kb } => {
                write!(f, "cells {} and {} hold different kinds ({ka} and {kb})", Shown(*a), Shown(*b))
            }
            Error::RemoveNoPath { a, b } => {
                write!(f, "no path with at most two turns links {} and {}", Shown(*a), Shown(*b))
            }
            Error::ShuffleNoKindTwice => {
                f.write_str("cannot shuffle into a board with a move: no kind has two tiles left")
            }
            Error::ShuffleNoLink => {
                f.write_str("cannot shuffle into a board with a move: no two occupied cells can ever link")
            }
            Error::ObstaclesNoKinds => f.write_str("cannot add obstacles: no tiles on the board to copy kinds from"),
            Error::ObstaclesNoRoom { pairs, empty } => {
                write!(f, "cannot add {pairs} pairs of obstacles: {} cells needed, {empty} empty", *pairs as u128 * 2)
            }
            Error::NothingToUndo => f.write_str("nothing to undo"),
            Error::SnapshotChange => f.write_str("a snapshot cannot be changed: change the board it was taken of"),
            Error::NothingToRedo => f.write_str("nothing to redo"),
            Error::DealOddKind { kind, count } => {
                write!(f, "cannot deal a solvable board: kind {kind} has an odd number of tiles ({count})")
            }
            Error::DealPairCount { tiles, pairs } => write!(f, "{pairs} pairs cannot fill {tiles} tile cells"),
            Error::SlideUnsolved { attempts, budget } => write!(
                f,
                "no solvable board found under the slide rules: {attempts} random deals, none cleared by the solver within {budget} states each (try another seed, a smaller board or fewer tiles)"
            ),
            Error::UnknownDealVersion(n) => write!(f, "deal version must be 1, 2 or 3, got {n}"),
            Error::Interrupted => f.write_str("interrupted"),
            Error::MemoryLimit(mb) => {
                write!(f, "memory_mb must be an int from 1 to {MAX_MEMORY_MB} (MiB), got {mb}")
            }
            Error::OutOfMemory { bytes } => write!(f, "out of memory: {bytes} more bytes were refused"),
            Error::CoreInt { name, minimum, value } => {
                write!(f, "{name} must be an int from {minimum} to 2**64-1, got {value}")
            }
            Error::CoreCoord(value) => {
                write!(f, "a cell's row and column must be ints from -2**63 to 2**63-1, got {value}")
            }
            Error::CoreFlag { name, value } => write!(f, "{name} must be True or False, got {value}"),
            Error::TimeLimit(value) => {
                write!(f, "time_limit must be a number of seconds above 0 and finite, or None, got {value}")
            }
            Error::CoreGrid(value) => write!(f, "the core takes a 2-D uint16 array, got {value}"),
        }
    }
}

impl std::error::Error for Error {}

/// `vec![value; len]`, with `OutOfMemory` rather than an abort when the machine refuses it.
pub fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| Error::OutOfMemory { bytes: len.saturating_mul(std::mem::size_of::<T>()) })?;
    v.resize(len, value);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_values() {
        assert_eq!(
            Error::RemoveKinds { a: (0, 1), b: (2, 3), ka: 4, kb: 5 }.to_string(),
            "cells (0, 1) and (2, 3) hold different kinds (4 and 5)"
        );
        assert_eq!(
            Error::ObstaclesNoRoom { pairs: 3, empty: 2 }.to_string(),
            "cannot add 3 pairs of obstacles: 6 cells needed, 2 empty"
        );
        assert_eq!(Error::MirrorAxis("x".into()).to_string(), "mirror axis must be 'h' or 'v', not \"x\"");
        assert_eq!(
            Error::GridTooLarge { rows: usize::MAX, cols: 2 }.to_string(),
            format!(
                "grid is too large ({}x2 = {} cells): at most {MAX_CELLS} cells",
                usize::MAX,
                usize::MAX as u128 * 2
            )
        );
    }

    #[test]
    fn each_error_has_its_class() {
        assert_eq!(Error::CellOffBoard { r: -1, c: 0, rows: 1, cols: 1 }.class(), ErrorClass::Board);
        assert_eq!(Error::NothingToUndo.class(), ErrorClass::IllegalMove);
        assert_eq!(Error::SnapshotChange.class(), ErrorClass::IllegalMove);
        assert_eq!(Error::Interrupted.class(), ErrorClass::Interrupted);
    }
}

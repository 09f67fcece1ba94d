//! llk's engine: LianLianKan (Onet, Shisen-Sho) rules on boards of any size.
//!
//! The algorithm modules are plain Rust and know nothing of Python; `bindings` is the one file
//! that does. docs/engine.md states the rules and the tie-breaks every module here follows.

pub mod bits;
pub mod board;
#[cfg(feature = "classic")]
pub mod classic;
pub mod deal;
pub mod error;
pub mod gravity;
pub mod grid;
pub mod history;
#[cfg(feature = "classic")]
pub mod kshisen;
pub mod miss;
pub mod path;
pub mod rng;
pub mod scan;
pub mod shuffle;
pub mod slide;
pub mod slide_solve;
pub mod solve;

#[cfg(feature = "python")]
mod bindings;

#[cfg(test)]
mod reference;

//! The sound cuts (docs/engine.md, "Solver"): without gravity relaxed play, which proves a
//! hopeless board at once, and safe moves, tried alone; with gravity safe moves at the back of
//! settled segments, where a removal slides nothing.

use super::live::LiveMoves;
use super::search::Search;
use crate::error::Error;
use crate::gravity::{at_back, Gravity};
use crate::grid::Grid;
use crate::path::path_between;
use crate::scan::{self, Tile};
use std::collections::HashMap;

/// Tiles relaxed play looks at between two polls of the `stop` hook: a tile may be tested
/// against every gone tile of its kind, thousands of paths on a big board.
const TILES_PER_POLL: usize = 256;

impl Search<'_> {
    /// Could the board never be cleared even in the most hopeful case? Relaxed play removes, in
    /// rounds, every tile that links to another of its kind, or that could reach the empty cell
    /// of one already removed. Whatever real play removes by its step s, relaxed play has removed
    /// by its round s (fewer tiles only open paths), so if relaxed play gets stuck, so does every
    /// real game. Only sound without gravity, where tiles never move.
    pub(super) fn hopeless(&self) -> Result<bool, Error> {
        let mut g = self.board.grid().clone();
        let mut gone: HashMap<u16, Vec<usize>> = HashMap::new();
        loop {
            if (self.stop)() {
                return Err(Error::Interrupted);
            }
            let mut removable: Vec<usize> = Vec::new();
            for (a, b) in scan::moves(&g) {
                removable.extend([a as usize, b as usize]);
            }
            let mut tiles_of: HashMap<u16, Vec<usize>> = HashMap::new();
            for (i, &kind) in g.kinds().iter().enumerate() {
                if kind != 0 && gone.contains_key(&kind) {
                    tiles_of.entry(kind).or_default().push(i);
                }
            }
            for (kind, tiles) in tiles_of {
                let cells = &gone[&kind];
                // A path test per (tile, gone cell) costs up to a walk across the board; when
                // there are many, one search from all the gone cells at once is cheaper.
                if tiles.len() * cells.len() * (g.rows() + g.cols()) > 16 * (g.rows() + 2) * (g.cols() + 2) {
                    if (self.stop)() {
                        return Err(Error::Interrupted);
                    }
                    let reached = reachable_from(&g, cells);
                    removable.extend(tiles.into_iter().filter(|&t| reached[t]));
                    continue;
                }
                for (n, t) in tiles.into_iter().enumerate() {
                    if n % TILES_PER_POLL == 0 && (self.stop)() {
                        return Err(Error::Interrupted);
                    }
                    if cells.iter().any(|&x| path_between(&g, g.cell(t), g.cell(x)).is_some()) {
                        removable.push(t);
                    }
                }
            }
            if removable.is_empty() {
                return Ok(g.remaining() > 0);
            }
            removable.sort_unstable();
            removable.dedup();
            for i in removable {
                gone.entry(g.kinds()[i]).or_default().push(i);
                g.set(i, 0);
            }
        }
    }

    /// The first move that cannot spoil a solution without gravity: removals only open paths, so
    /// once the rest of a kind can be paired off by links that exist now, those links stay. A
    /// kind of two tiles; of four, when the other two link; of more, when all its tiles link
    /// pairwise.
    pub(super) fn first_safe(&self, moves: &[(Tile, Tile)]) -> Option<(Tile, Tile)> {
        let kinds = self.board.grid().kinds();
        // Per kind: its links, and (for a kind of four) the tiles its links touch, in order of
        // the moves. A kind of four is safe to pair off as (a, b) when the other two link, and
        // both of those are then among the tiles its links touch: no pass over every cell (a
        // hash map of every kind of four's tiles was most of a state's cost).
        let mut links = vec![(0u32, 0u8, [0 as Tile; 4]); self.count.len()];
        for &(a, c) in moves {
            let kind = kinds[a as usize] as usize;
            let entry = &mut links[kind];
            entry.0 += 1;
            if self.count[kind] == 4 {
                for t in [a, c] {
                    let (n, tiles) = (entry.1 as usize, &mut entry.2);
                    if !tiles[..n].contains(&t) {
                        tiles[n] = t;
                        entry.1 += 1;
                    }
                }
            }
        }
        moves.iter().copied().find(|&(a, b)| {
            let kind = kinds[a as usize] as usize;
            let (n_links, n_tiles, tiles) = links[kind];
            match self.count[kind] as u64 {
                2 => true,
                4 => {
                    let mut rest = tiles[..n_tiles as usize].iter().copied().filter(|&t| t != a && t != b);
                    match (rest.next(), rest.next()) {
                        // Both other tiles link to some tile: do they link to each other?
                        (Some(c), Some(d)) => moves.binary_search(&(c.min(d), c.max(d))).is_ok(),
                        _ => false,
                    }
                }
                n => n_links as u64 == n * (n - 1) / 2,
            }
        })
    }

    /// The first safe move by (a, c), from the live moves: what `first_safe` finds in the list.
    pub(super) fn first_safe_live(&self, live: &LiveMoves) -> Option<(Tile, Tile)> {
        let mut best: Option<(Tile, Tile)> = None;
        for kind in live.active() {
            let set = live.of_kind(kind);
            let first = match self.count[kind as usize] as u64 {
                2 => set.first().copied(),
                4 => {
                    // Every tile of the kind that links is in its moves; the other two of a move
                    // can only link if both are.
                    let mut tiles: Vec<Tile> = set.iter().flat_map(|&(a, c)| [a, c]).collect();
                    tiles.sort_unstable();
                    tiles.dedup();
                    set.iter().copied().find(|&(a, b)| {
                        let rest: Vec<Tile> = tiles.iter().copied().filter(|&t| t != a && t != b).collect();
                        rest.len() == 2 && set.contains(&(rest[0], rest[1]))
                    })
                }
                n if set.len() as u64 == n * (n - 1) / 2 => set.first().copied(),
                _ => None,
            };
            best = match (best, first) {
                (Some(b), Some(f)) => Some(b.min(f)),
                (b, f) => b.or(f),
            };
        }
        best
    }
}

/// The first move that cannot spoil a solution with gravity (docs/engine.md, "Safe moves
/// with gravity"): the rest of its kind is at the back of settled segments, where no
/// removal slides anything else and nothing can ever come behind. A kind of two tiles, each
/// with only the other behind it; of four, when the move's two have only each other behind
/// them, the other two only the four, and the other two link now (nothing slid, so they
/// still will). Clearing such a kind first leaves every other tile where it would have been,
/// with more cells empty, so any solution stays one without the kind's moves.
pub(super) fn first_safe_gravity(
    g: &Grid,
    gravity: Gravity,
    count: &[u32],
    moves: &[(Tile, Tile)],
) -> Option<(Tile, Tile)> {
    let kinds = g.kinds();
    let back = |t: usize, allowed: &[usize]| at_back(g, gravity, t, allowed);
    for &(a, b) in moves {
        let kind = kinds[a as usize];
        let pair = [a as usize, b as usize];
        let n = count[kind as usize];
        if !(n == 2 || n == 4) || !(back(pair[0], &pair) && back(pair[1], &pair)) {
            continue;
        }
        if n == 2 {
            return Some((a, b));
        }
        // The kind's other two tiles must link now: a move of the kind that shares no tile
        // with this one is that pair (the kind has four tiles), found in the list of moves
        // rather than by listing every tile of the board, which cost more than the rest of a
        // state.
        let other = moves.iter().find(|&&(c, d)| kinds[c as usize] == kind && c != a && c != b && d != a && d != b);
        if let Some(&(c, d)) = other {
            let all = [pair[0], pair[1], c as usize, d as usize];
            if back(c as usize, &all) && back(d as usize, &all) {
                return Some((a, b));
            }
        }
    }
    None
}

/// The tiles of `g` that a path of at most two turns joins to one of the `sources` (empty cells),
/// inner cells empty (ring cells too, with a border): `path_between(g, source, tile)` for every
/// tile at once. A 0-1 breadth-first search over (cell, heading) by turns taken, the ring
/// included, so linear in the board's size.
pub(super) fn reachable_from(g: &Grid, sources: &[usize]) -> Vec<bool> {
    const STEPS: [(isize, isize); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
    let pad = g.border() as usize;
    let (width, height) = (g.cols() + 2 * pad, g.rows() + 2 * pad);
    // A cell of the padded board as a board index, or None on the ring.
    let on_board = |x: usize| {
        let (r, c) = ((x / width).checked_sub(pad)?, (x % width).checked_sub(pad)?);
        (r < g.rows() && c < g.cols()).then(|| r * g.cols() + c)
    };
    let mut reached = vec![false; g.rows() * g.cols()];
    let mut turns = vec![u8::MAX; width * height * 4];
    let mut queue = std::collections::VecDeque::new();
    for &s in sources {
        let x = (s / g.cols() + pad) * width + s % g.cols() + pad;
        for heading in 0..4 {
            turns[x * 4 + heading] = 0;
            queue.push_back((x, heading));
        }
    }
    while let Some((x, heading)) = queue.pop_front() {
        let t = turns[x * 4 + heading];
        let (dr, dc) = STEPS[heading];
        let (r, c) = ((x / width) as isize + dr, (x % width) as isize + dc);
        if (0..height as isize).contains(&r) && (0..width as isize).contains(&c) {
            let next = r as usize * width + c as usize;
            match on_board(next) {
                // A tile ends the path: reached, never passed.
                Some(i) if g.kinds()[i] != 0 => reached[i] = true,
                _ if turns[next * 4 + heading] > t => {
                    turns[next * 4 + heading] = t;
                    queue.push_front((next, heading));
                }
                _ => {}
            }
        }
        if t < 2 {
            for turned in [(heading + 1) % 4, (heading + 3) % 4] {
                if turns[x * 4 + turned] > t + 1 {
                    turns[x * 4 + turned] = t + 1;
                    queue.push_back((x, turned));
                }
            }
        }
    }
    reached
}

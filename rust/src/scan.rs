//! Hint, move list, move count and deadlock verdict: one sweep over the board's corridors.
//!
//! A corridor is a maximal straight run of empty cells; two tiles of one kind link exactly when
//! they are 4-neighbours or both are members of one corridor (its end tiles, and the nearest
//! tile on each side of each of its cells). docs/engine.md proves it. So instead of a path search
//! per pair of tiles, one pass over the occupancy bitsets lists every corridor with its members,
//! and a per-kind table finds the members that share a kind.

use crate::bits::BitLines;
use crate::grid::Grid;
use std::ops::ControlFlow;

/// A tile as its cell index, `row * cols + col` (row-major, so index order is cell order).
pub type Tile = u32;

/// Which kind a tile counts as: its own, or one kind for all (to ask where links could ever be).
trait KindOf: Fn(Tile) -> u16 {}
impl<F: Fn(Tile) -> u16> KindOf for F {}

/// Calls `visit` with every pair of 4-neighbour tiles of one kind, in row-major order of the
/// first tile (right neighbour before the one below).
fn for_each_adjacent_pair(
    g: &Grid,
    kind: &impl KindOf,
    mut visit: impl FnMut(Tile, Tile) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (rows, cols, kinds) = (g.rows(), g.cols(), g.kinds());
    for r in 0..rows {
        let row = &kinds[r * cols..(r + 1) * cols];
        for c in 0..cols {
            if row[c] == 0 {
                continue;
            }
            let i = (r * cols + c) as Tile;
            let k = kind(i);
            if c + 1 < cols && row[c + 1] != 0 && kind(i + 1) == k {
                visit(i, i + 1)?;
            }
            if r + 1 < rows && kinds[(r + 1) * cols + c] != 0 && kind(i + cols as Tile) == k {
                visit(i, i + cols as Tile)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Calls `visit` with the members of every corridor that has two or more, horizontal corridors
/// first, then vertical ones. `members` is scratch space reused across corridors.
fn for_each_corridor(g: &Grid, mut visit: impl FnMut(&[Tile]) -> ControlFlow<()>) -> ControlFlow<()> {
    let cols = g.cols();
    let mut members = Vec::new();
    // Horizontal corridors: the lines are rows, the cross lines columns.
    sweep(g.row_bits(), g.col_bits(), g.border(), |r, c| (r * cols + c) as Tile, &mut members, &mut visit)?;
    // Vertical corridors: the lines are columns, the cross lines rows.
    sweep(g.col_bits(), g.row_bits(), g.border(), |c, r| (r * cols + c) as Tile, &mut members, &mut visit)
}

/// The corridors along one direction. `lines` holds the occupancy of each line (a bit per
/// position), `cross` the occupancy across it (a bit per line), `cell(line, pos)` names the tile.
fn sweep(
    lines: &BitLines,
    cross: &BitLines,
    border: bool,
    cell: impl Fn(usize, usize) -> Tile,
    members: &mut Vec<Tile>,
    visit: &mut impl FnMut(&[Tile]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (n_lines, len) = (cross.len(), lines.len());
    if border {
        // The ring line before the first line and the one after the last are each one corridor,
        // whose members are the first (last) tile of every cross line.
        members.clear();
        members.extend((0..len).filter_map(|p| cross.next_set(p, 0).map(|q| cell(q, p))));
        if members.len() >= 2 {
            visit(members)?;
        }
        members.clear();
        members.extend((0..len).filter_map(|p| cross.prev_set(p, n_lines).map(|q| cell(q, p))));
        if members.len() >= 2 {
            visit(members)?;
        }
    }
    // The ring cells at a line's two ends add no member (the ring line across them is empty),
    // so a corridor that reaches the ring has the same members with or without a border.
    for i in 0..n_lines {
        let mut start = lines.next_clear(i, 0);
        while let Some(s) = start {
            let end = lines.next_set(i, s).unwrap_or(len);
            members.clear();
            if s > 0 {
                members.push(cell(i, s - 1));
            }
            if end < len {
                members.push(cell(i, end));
            }
            for p in s..end {
                if let Some(q) = cross.prev_set(p, i) {
                    members.push(cell(q, p));
                }
                if let Some(q) = cross.next_set(p, i + 1) {
                    members.push(cell(q, p));
                }
            }
            if members.len() >= 2 {
                visit(members)?;
            }
            start = if end < len { lines.next_clear(i, end) } else { None };
        }
    }
    ControlFlow::Continue(())
}

/// A value per kind, reset for each corridor in O(1) by stamping entries with the corridor's
/// number instead of clearing the table.
struct KindTable {
    stamp: Vec<u32>,
    value: Vec<u32>,
    now: u32,
}

impl KindTable {
    fn new(max_kind: u16) -> Self {
        let n = max_kind as usize + 1;
        KindTable { stamp: vec![0; n], value: vec![0; n], now: 0 }
    }

    fn next_corridor(&mut self) {
        if self.now == u32::MAX {
            self.stamp.fill(0);
            self.now = 0;
        }
        self.now += 1;
    }

    #[inline]
    fn get(&self, kind: u16) -> Option<u32> {
        (self.stamp[kind as usize] == self.now).then(|| self.value[kind as usize])
    }

    #[inline]
    fn set(&mut self, kind: u16, value: u32) {
        self.stamp[kind as usize] = self.now;
        self.value[kind as usize] = value;
    }
}

fn own_kind(g: &Grid) -> impl KindOf + '_ {
    let kinds = g.kinds();
    move |t: Tile| kinds[t as usize]
}

fn has_pair(g: &Grid, kind: impl KindOf, max_kind: u16) -> bool {
    if for_each_adjacent_pair(g, &kind, |_, _| ControlFlow::Break(())).is_break() {
        return true;
    }
    let mut table = KindTable::new(max_kind);
    for_each_corridor(g, |members| {
        table.next_corridor();
        for &t in members {
            let k = kind(t);
            if table.get(k).is_some() {
                return ControlFlow::Break(());
            }
            table.set(k, t);
        }
        ControlFlow::Continue(())
    })
    .is_break()
}

fn smallest_pair(g: &Grid, kind: impl KindOf, max_kind: u16) -> Option<(Tile, Tile)> {
    let mut best: Option<(Tile, Tile)> = None;
    let _ = for_each_adjacent_pair(g, &kind, |a, b| {
        best = Some((a, b));
        ControlFlow::Break(())
    });
    let mut table = KindTable::new(max_kind);
    let _ = for_each_corridor(g, |members| {
        table.next_corridor();
        // The smallest pair of a group is its two smallest tiles: pairing each newcomer with the
        // smallest tile seen before it meets that pair whichever order the tiles arrive in.
        for &t in members {
            let k = kind(t);
            match table.get(k) {
                Some(m) => {
                    let pair = (m.min(t), m.max(t));
                    if best.is_none_or(|b| pair < b) {
                        best = Some(pair);
                    }
                    table.set(k, m.min(t));
                }
                None => table.set(k, t),
            }
        }
        ControlFlow::Continue(())
    });
    best
}

/// Calls `emit(a, b)` for every linking pair, `a < b`, possibly more than once per pair.
fn for_each_pair(g: &Grid, mut emit: impl FnMut(Tile, Tile)) {
    let kind = own_kind(g);
    let _ = for_each_adjacent_pair(g, &kind, |a, b| {
        emit(a, b);
        ControlFlow::Continue(())
    });
    let mut head = KindTable::new(g.max_kind());
    // chain[i]: the previous member of the same kind in this corridor (u32::MAX: none).
    let mut chain: Vec<u32> = Vec::new();
    let _ = for_each_corridor(g, |members| {
        head.next_corridor();
        chain.clear();
        for (i, &t) in members.iter().enumerate() {
            let k = kind(t);
            let prev = head.get(k);
            chain.push(prev.unwrap_or(u32::MAX));
            let mut j = prev;
            while let Some(jj) = j {
                let other = members[jj as usize];
                emit(other.min(t), other.max(t));
                j = (chain[jj as usize] != u32::MAX).then_some(chain[jj as usize]);
            }
            head.set(k, i as u32);
        }
        ControlFlow::Continue(())
    });
}

/// An open-addressing set of pair keys `a << 32 | b` (never 0, since `a < b`).
struct PairSet {
    slots: Vec<u64>,
    len: usize,
    shift: u32,
}

impl PairSet {
    fn new() -> Self {
        PairSet { slots: vec![0; 1024], len: 0, shift: 64 - 10 }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    fn insert(&mut self, key: u64) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = key;
                    self.len += 1;
                    return;
                }
                k if k == key => return,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![0; 0]);
        self.slots = vec![0; old.len() * 2];
        self.shift -= 1;
        self.len = 0;
        for key in old.into_iter().filter(|&k| k != 0) {
            self.insert(key);
        }
    }
}

fn pair_set(g: &Grid) -> PairSet {
    let mut set = PairSet::new();
    for_each_pair(g, |a, b| set.insert((a as u64) << 32 | b as u64));
    set
}

/// Is there at least one linking pair? Stops at the first.
pub fn has_move(g: &Grid) -> bool {
    g.remaining() >= 2 && has_pair(g, own_kind(g), g.max_kind())
}

/// Tiles remain and none can be linked.
pub fn is_deadlocked(g: &Grid) -> bool {
    g.remaining() > 0 && !has_move(g)
}

/// The smallest linking pair in row-major order, `moves()[0]`.
pub fn hint(g: &Grid) -> Option<(Tile, Tile)> {
    if g.remaining() < 2 {
        return None;
    }
    smallest_pair(g, own_kind(g), g.max_kind())
}

/// The smallest pair of tiles that would link if they were of one kind: whether cells link
/// depends only on which cells are empty.
pub fn positional_hint(g: &Grid) -> Option<(Tile, Tile)> {
    if g.remaining() < 2 {
        return None;
    }
    smallest_pair(g, |_| 1, 1)
}

/// Every linking pair `(a, b)`, `a < b`, sorted.
pub fn moves(g: &Grid) -> Vec<(Tile, Tile)> {
    let mut keys: Vec<u64> = pair_set(g).slots.into_iter().filter(|&k| k != 0).collect();
    keys.sort_unstable();
    keys.into_iter().map(|k| ((k >> 32) as Tile, k as Tile)).collect()
}

/// The number of linking pairs.
pub fn move_count(g: &Grid) -> usize {
    pair_set(g).len
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::reference::{random_grid, reference_moves};
    use crate::rng::SplitMix64;

    fn cells(g: &Grid, pairs: &[(Tile, Tile)]) -> Vec<(Cell, Cell)> {
        let c = g.cols() as u32;
        let cell = |t: Tile| ((t / c) as i32, (t % c) as i32);
        pairs.iter().map(|&(a, b)| (cell(a), cell(b))).collect()
    }

    #[test]
    fn matches_testing_every_pair_on_random_boards() {
        let mut rng = SplitMix64::new(77);
        let mut total = 0;
        for case in 0..4000 {
            let g = random_grid(&mut rng, case);
            let want = reference_moves(&g);
            let got = moves(&g);
            assert_eq!(cells(&g, &got), want, "case {case}: {g:?}");
            assert_eq!(move_count(&g), want.len());
            assert_eq!(hint(&g).map(|h| cells(&g, &[h])[0]), want.first().copied());
            assert_eq!(has_move(&g), !want.is_empty());
            assert_eq!(is_deadlocked(&g), g.remaining() > 0 && want.is_empty());
            total += want.len();
        }
        assert!(total > 20_000, "too few moves exercised: {total}");
    }

    #[test]
    fn ring_links_edge_tiles_only_with_a_border() {
        let kinds = vec![1, 2, 1, 3, 4, 3, 5, 6, 5];
        // The 1s go round the top, the 5s round the bottom; the 3s would need four turns.
        let g = Grid::new(3, 3, kinds.clone(), true).unwrap();
        assert_eq!(moves(&g), vec![(0, 2), (6, 8)]);
        assert!(!is_deadlocked(&g));
        let g = Grid::new(3, 3, kinds, false).unwrap();
        assert_eq!(move_count(&g), 0);
        assert!(is_deadlocked(&g));
        assert_eq!(positional_hint(&g), Some((0, 1)));
    }

    #[test]
    fn empty_board_is_cleared_not_deadlocked() {
        let g = Grid::new(2, 2, vec![0; 4], true).unwrap();
        assert!(!is_deadlocked(&g));
        assert_eq!((hint(&g), move_count(&g)), (None, 0));
    }

    #[test]
    fn pair_set_counts_each_key_once_across_growth() {
        let mut s = PairSet::new();
        for k in 1..5000u64 {
            s.insert(k * 7919);
            s.insert(k * 7919);
        }
        assert_eq!(s.len, 4999);
    }
}

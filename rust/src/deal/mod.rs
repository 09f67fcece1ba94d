//! Deals: kinds over the tile cells, at random or with a solution built in (docs/engine.md,
//! "Deals"). A solvable deal plays a *positional game* first (which cells empty in which order,
//! kinds unknown) and then gives each removed pair a kind, so it cannot fail and needs no retry.

mod places;

use crate::error::{filled, Error};
use crate::gravity::Gravity;
use crate::grid::{group_faces, Grid};
use crate::rng::SplitMix64;
use crate::scan::{self, Tile};
use places::Places;

/// The moves that clear a board, as pairs of cell indices at the time each is made.
pub type Solution = Vec<(Tile, Tile)>;

/// How many random tiles the positional game tries before it takes the smallest linkable pair.
const TRIES: usize = 32;

/// Which positional game a solvable deal plays (docs/engine.md, "Deals"). Share codes name
/// the version they were made with, so a code keeps dealing the board it always dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealVersion {
    /// Version 1: a try's partners are every cell linking with at most one turn. Its cost
    /// grows with the empty runs, so the sparse end of a million-tile game dominates it.
    OneTurn,
    /// Version 2 (the current one): a try's partners are the nearest tile in each of the four
    /// directions, four bit searches whatever the board; the one-turn partners only for a tile
    /// with none in line.
    Straight,
    /// Version 3 (the current one): version 2's game, and under the slide rules a solvable deal
    /// plays it too. Every step of either game is a plain link of at most one turn (a try never
    /// fails: `positional_partners`), which the slide rules make as the classic rules do.
    /// Versions 1 and 2 dealt a slide board by random deals the solver checked.
    PlainLinks,
}

impl DealVersion {
    /// The version a deal uses unless told otherwise.
    pub const LATEST: DealVersion = DealVersion::PlainLinks;

    /// The version numbered `n`, or `UnknownDealVersion`.
    pub fn from_number(n: u64) -> Result<Self, Error> {
        match n {
            1 => Ok(DealVersion::OneTurn),
            2 => Ok(DealVersion::Straight),
            3 => Ok(DealVersion::PlainLinks),
            _ => Err(Error::UnknownDealVersion(n)),
        }
    }

    /// Whether a solvable deal under the slide rules is built by the positional game (version
    /// 3 on) rather than drawn at random and checked by the solver.
    pub fn builds_slide_deals(self) -> bool {
        self == DealVersion::PlainLinks
    }
}

/// Steps of the positional game between two polls of the `stop` hook: a step costs a few
/// microseconds, so polls stay out of sight and still come every millisecond or so.
const STEPS_PER_POLL: usize = 64;

pub(crate) fn fisher_yates<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// Deals `pair_kinds` (one entry per pair) over the occupied cells of `g`. A solvable deal polls
/// `stop` every so often and gives up with `Interrupted` when it says so, `g` untouched.
pub fn deal(
    g: &mut Grid,
    gravity: Gravity,
    pair_kinds: &[u16],
    seed: u64,
    solvable: bool,
    version: DealVersion,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Solution>, Error> {
    let cells: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
    if cells.len() != 2 * pair_kinds.len() {
        return Err(Error::DealPairCount { tiles: cells.len(), pairs: pair_kinds.len() });
    }
    let mut rng = SplitMix64::new(seed);
    let mut pair_kinds = pair_kinds.to_vec();
    fisher_yates(&mut pair_kinds, &mut rng);
    if !solvable {
        let mut tiles: Vec<u16> = pair_kinds.iter().flat_map(|&k| [k, k]).collect();
        fisher_yates(&mut tiles, &mut rng);
        for (&cell, &kind) in cells.iter().zip(&tiles) {
            g.set(cell, kind);
        }
        return Ok(None);
    }
    // The game runs on a copy: until it is over, `g` has not changed.
    let (pairs, solution) = positional_game(g, gravity, &cells, version, &mut rng, stop)?;
    for (&(p, q), &kind) in pairs.iter().zip(&pair_kinds) {
        g.set(cells[p as usize], kind);
        g.set(cells[q as usize], kind);
    }
    Ok(Some(solution))
}

/// Re-deals the kinds on the board over its occupied cells (positions kept) with a solution,
/// by version 1's positional game, as shuffles always have.
pub fn redeal_solvable(g: &mut Grid, gravity: Gravity, seed: u64, stop: &dyn Fn() -> bool) -> Result<Solution, Error> {
    let mut count = vec![0usize; g.max_kind() as usize + 1];
    for &k in g.kinds().iter().filter(|&&k| k != 0) {
        count[k as usize] += 1;
    }
    if let Some(kind) = (1..count.len()).find(|&k| count[k] % 2 == 1) {
        return Err(Error::DealOddKind { kind: kind as u16, count: count[kind] });
    }
    let pair_kinds: Vec<u16> = (1..count.len()).flat_map(|k| std::iter::repeat_n(k as u16, count[k] / 2)).collect();
    // Chinese style: the kinds above are the match keys; each group's faces, sorted, go back
    // onto its tiles in row-major order (docs/engine.md, "Rule variants").
    let faces: Vec<(u16, Vec<u16>)> = GROUPS
        .iter()
        .filter(|_| g.chinese())
        .map(|&key| {
            let mut faces: Vec<u16> =
                (0..g.kinds().len()).filter(|&i| g.kinds()[i] == key).map(|i| g.face(i)).collect();
            faces.sort_unstable();
            (key, faces)
        })
        .collect();
    let solution = deal(g, gravity, &pair_kinds, seed, true, DealVersion::OneTurn, stop)?.unwrap_or_default();
    for (key, faces) in faces {
        paint(g, key, &faces);
    }
    Ok(solution)
}

/// The keys of Chinese style's match groups: the flowers' and the seasons'.
const GROUPS: [u16; 2] = [35, 39];

/// Chinese style's deal (docs/engine.md, "Rule variants"): the tiles dealt as a group's key
/// (35 the flowers, 39 the seasons), in row-major order, get the group's four faces in turn.
/// Keys stay as they were, so a solution of the deal still clears it. Nothing on a classic grid.
pub fn paint_groups(g: &mut Grid) {
    if g.chinese() {
        for key in GROUPS {
            paint(g, key, &group_faces(key).collect::<Vec<_>>());
        }
    }
}

/// The tiles of key `key`, in row-major order, get `faces` in turn.
fn paint(g: &mut Grid, key: u16, faces: &[u16]) {
    let tiles: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] == key).collect();
    for (n, i) in tiles.into_iter().enumerate() {
        g.set(i, faces[n % faces.len()]);
    }
}

/// Plays the positional game on `cells` (the occupied cells of `g`, row-major). Returns, step by
/// step, the two tiles removed (numbered by their index in `cells`) and the move made.
#[allow(clippy::type_complexity)]
fn positional_game(
    g: &Grid,
    gravity: Gravity,
    cells: &[usize],
    version: DealVersion,
    rng: &mut SplitMix64,
    stop: &dyn Fn() -> bool,
) -> Result<(Vec<(u32, u32)>, Solution), Error> {
    let (rows, cols) = (g.rows(), g.cols());
    let mut occupancy = filled(rows * cols, 0u16)?;
    for &c in cells {
        occupancy[c] = 1;
    }
    let mut sim = Grid::new(rows, cols, occupancy, g.border()).expect("same size as a valid grid");
    // Where each tile stands as the game slides them (places.rs).
    let mut places = Places::new(g, gravity, cells)?;
    // The tiles in play, for a try to pick one at random, and each one's slot in that list.
    let mut alive = filled(cells.len(), 0u32)?;
    for (t, entry) in alive.iter_mut().enumerate() {
        *entry = t as u32;
    }
    let mut slot = filled(cells.len(), 0u32)?;
    slot.copy_from_slice(&alive);
    let (mut pairs, mut solution) = (Vec::new(), Vec::new());
    pairs.try_reserve_exact(cells.len() / 2).map_err(|_| Error::OutOfMemory { bytes: cells.len() * 4 })?;
    solution.try_reserve_exact(cells.len() / 2).map_err(|_| Error::OutOfMemory { bytes: cells.len() * 4 })?;
    let mut partners = Vec::new();
    let mut swept = false;
    for step in 0..cells.len() / 2 {
        // A step that fell back on a sweep of the whole board may have been slow: poll after it.
        if (swept || step % STEPS_PER_POLL == 0) && stop() {
            return Err(Error::Interrupted);
        }
        let mut pick = None;
        for _ in 0..TRIES {
            let p = places.cell_of(alive[rng.below(alive.len() as u64) as usize]);
            match version {
                DealVersion::OneTurn => positional_partners(&sim, p, &mut partners),
                DealVersion::Straight | DealVersion::PlainLinks => {
                    straight_partners(&sim, p, &mut partners);
                    // Only on a sparse board can a tile have no tile in line with it; the
                    // one-turn partners, dear there, are then rarely asked for.
                    if partners.is_empty() {
                        positional_partners(&sim, p, &mut partners);
                    }
                }
            }
            if !partners.is_empty() {
                pick = Some((p, partners[rng.below(partners.len() as u64) as usize]));
                break;
            }
        }
        // Two tiles at the smallest distance always link, so the scan always finds a pair.
        swept = pick.is_none();
        let (p, q) = pick.unwrap_or_else(|| {
            let (a, b) = scan::hint(&sim).expect("two or more tiles always have a linkable pair");
            (a as usize, b as usize)
        });
        let (tp, tq) = (places.tile_at(p), places.tile_at(q));
        pairs.push((tp, tq));
        solution.push((p.min(q) as Tile, p.max(q) as Tile));
        places.remove(&mut sim, tp, tq);
        for t in [tp, tq] {
            let hole = slot[t as usize] as usize;
            let last = alive.pop().expect("the tile is alive");
            if last != t {
                alive[hole] = last;
                slot[last as usize] = hole as u32;
            }
        }
    }
    Ok((pairs, solution))
}

/// The nearest occupied cell to `p` up, left, right and down (so in row-major order): the
/// tiles that link to `p` in a straight line, whatever the kinds.
pub(crate) fn straight_partners(g: &Grid, p: usize, out: &mut Vec<usize>) {
    out.clear();
    let cols = g.cols();
    let (r, c) = (p / cols, p % cols);
    let (rows_bits, cols_bits) = (g.row_bits(), g.col_bits());
    out.extend(cols_bits.prev_set(c, r).map(|y| y * cols + c));
    out.extend(rows_bits.prev_set(r, c).map(|x| r * cols + x));
    out.extend(rows_bits.next_set(r, c + 1).map(|x| r * cols + x));
    out.extend(cols_bits.next_set(c, r + 1).map(|y| y * cols + c));
}

/// The occupied cells that link to `p` with at most one turn, whatever the kinds: the nearest
/// tile each way, and from each empty board cell of those runs the nearest tile each way
/// across. Sorted, without repeats.
pub(crate) fn positional_partners(g: &Grid, p: usize, out: &mut Vec<usize>) {
    out.clear();
    let cols = g.cols();
    let (r, c) = (p / cols, p % cols);
    let (rows_bits, cols_bits) = (g.row_bits(), g.col_bits());
    let across_column = |x: usize, out: &mut Vec<usize>| {
        out.extend(cols_bits.prev_set(x, r).map(|y| y * cols + x));
        out.extend(cols_bits.next_set(x, r + 1).map(|y| y * cols + x));
    };
    let across_row = |y: usize, out: &mut Vec<usize>| {
        out.extend(rows_bits.prev_set(y, c).map(|x| y * cols + x));
        out.extend(rows_bits.next_set(y, c + 1).map(|x| y * cols + x));
    };
    let left = rows_bits.prev_set(r, c);
    out.extend(left.map(|x| r * cols + x));
    for x in left.map_or(0, |x| x + 1)..c {
        across_column(x, out);
    }
    let right = rows_bits.next_set(r, c + 1);
    out.extend(right.map(|x| r * cols + x));
    for x in c + 1..right.unwrap_or(cols) {
        across_column(x, out);
    }
    let up = cols_bits.prev_set(c, r);
    out.extend(up.map(|y| y * cols + c));
    for y in up.map_or(0, |y| y + 1)..r {
        across_row(y, out);
    }
    let down = cols_bits.next_set(c, r + 1);
    out.extend(down.map(|y| y * cols + c));
    for y in r + 1..down.unwrap_or(g.rows()) {
        across_row(y, out);
    }
    out.sort_unstable();
    out.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::path::best_path;
    use crate::reference::random_grid;

    /// Plays a solution on a copy of the board; true when every move links and the board ends empty.
    fn clears(g: &Grid, gravity: Gravity, solution: &Solution) -> bool {
        let mut b = Board::new(g.clone(), gravity);
        for &(a, c) in solution {
            let (a, c) = (b.grid().cell(a as usize), b.grid().cell(c as usize));
            if b.grid().kind(a) != b.grid().kind(c) || b.remove(a, c).is_err() {
                return false;
            }
        }
        b.grid().remaining() == 0
    }

    #[test]
    fn solvable_deals_come_with_a_solution_that_clears_them() {
        let mut rng = SplitMix64::new(3);
        for case in 0..1500 {
            let gravity = Gravity::ALL[case % 7];
            let mut g = random_grid(&mut rng, case);
            let tiles: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
            if tiles.len() % 2 == 1 {
                g.set(tiles[0], 0);
            }
            let pairs = g.remaining() / 2;
            let kinds = 1 + (case % 5) as u16;
            let pair_kinds: Vec<u16> = (0..pairs).map(|i| 1 + (i as u16 % kinds)).collect();
            for version in [DealVersion::OneTurn, DealVersion::Straight] {
                let mut dealt = g.clone();
                let solution =
                    deal(&mut dealt, gravity, &pair_kinds, case as u64, true, version, &|| false).unwrap().unwrap();
                assert_eq!(solution.len(), pairs);
                assert!(clears(&dealt, gravity, &solution), "case {case} {gravity:?} {version:?}");
                let occupied = |g: &Grid| g.kinds().iter().map(|&k| k != 0).collect::<Vec<_>>();
                assert_eq!(occupied(&dealt), occupied(&g));
            }
        }
    }

    /// A solvable deal's solution replays through `Board::remove` under the slide rules, every
    /// gravity, every version, every move a plain link of at most one turn (no push): the
    /// certificate the slide rules' deals hand out (docs/engine.md, "Tiles that slide").
    #[test]
    fn solvable_deals_clear_under_the_slide_rules_by_plain_one_turn_links() {
        let mut rng = SplitMix64::new(5);
        for case in 0..3000 {
            let gravity = Gravity::ALL[case % 7];
            let mut g = random_grid(&mut rng, case);
            let tiles: Vec<usize> = (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0).collect();
            if tiles.len() % 2 == 1 {
                g.set(tiles[0], 0);
            }
            let pair_kinds: Vec<u16> = (0..g.remaining() / 2).map(|i| 1 + (i as u16 % 3)).collect();
            let version = [DealVersion::OneTurn, DealVersion::Straight, DealVersion::PlainLinks][case % 3];
            let solution = deal(&mut g, gravity, &pair_kinds, case as u64, true, version, &|| false).unwrap().unwrap();
            let mut b = Board::new(g.clone(), gravity).with_variants(false, true);
            for &(a, c) in &solution {
                let (a, c) = (b.grid().cell(a as usize), b.grid().cell(c as usize));
                let removal = b.remove(a, c).unwrap_or_else(|e| panic!("case {case} {gravity:?}: {e}"));
                assert!(removal.path.turns <= 1 && removal.pushed.is_empty(), "case {case} {gravity:?}");
            }
            assert_eq!(b.grid().remaining(), 0, "case {case} {gravity:?}");
        }
    }

    #[test]
    fn random_deals_use_every_pair_twice() {
        let mut g = Grid::new(4, 6, vec![1; 24], true).unwrap();
        let pair_kinds: Vec<u16> = (0..12).map(|i| 1 + i % 5).collect();
        assert_eq!(deal(&mut g, Gravity::None, &pair_kinds, 9, false, DealVersion::LATEST, &|| false), Ok(None));
        let mut got = g.kinds().to_vec();
        got.sort_unstable();
        let mut want: Vec<u16> = pair_kinds.iter().flat_map(|&k| [k, k]).collect();
        want.sort_unstable();
        assert_eq!(got, want);
        assert_eq!(
            deal(&mut g, Gravity::None, &pair_kinds[1..], 9, false, DealVersion::LATEST, &|| false),
            Err(Error::DealPairCount { tiles: 24, pairs: 11 })
        );
    }

    #[test]
    fn versions_deal_the_same_random_boards_and_differ_on_solvable_ones() {
        let deal_with = |solvable, version| {
            let mut g = Grid::new(8, 10, vec![1; 80], true).unwrap();
            let pair_kinds: Vec<u16> = (0..40).map(|i| 1 + i % 6).collect();
            deal(&mut g, Gravity::None, &pair_kinds, 4, solvable, version, &|| false).unwrap();
            g
        };
        assert_eq!(deal_with(false, DealVersion::OneTurn), deal_with(false, DealVersion::Straight));
        assert_ne!(deal_with(true, DealVersion::OneTurn), deal_with(true, DealVersion::Straight));
        // Version 3 changed only the slide rules' deals.
        assert_eq!(deal_with(true, DealVersion::Straight), deal_with(true, DealVersion::PlainLinks));
        assert_eq!(DealVersion::from_number(3), Ok(DealVersion::PlainLinks));
        assert_eq!(DealVersion::from_number(4), Err(Error::UnknownDealVersion(4)));
    }

    #[test]
    fn straight_partners_are_exactly_the_cells_linking_without_a_turn() {
        let mut rng = SplitMix64::new(6);
        let mut out = Vec::new();
        for case in 0..800 {
            let g = random_grid(&mut rng, case);
            let mut all_one = g.clone();
            for i in (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0) {
                all_one.set(i, 1);
            }
            for p in (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0) {
                straight_partners(&all_one, p, &mut out);
                let want: Vec<usize> = (0..g.kinds().len())
                    .filter(|&q| {
                        best_path(&all_one, all_one.cell(p), all_one.cell(q)).is_some_and(|path| path.turns == 0)
                    })
                    .collect();
                assert_eq!(out, want, "case {case} p {p}");
            }
        }
    }

    #[test]
    fn partners_are_exactly_the_cells_linking_with_at_most_one_turn() {
        let mut rng = SplitMix64::new(8);
        let mut out = Vec::new();
        for case in 0..800 {
            let g = random_grid(&mut rng, case);
            let mut all_one = g.clone();
            for i in 0..g.kinds().len() {
                if g.kinds()[i] != 0 {
                    all_one.set(i, 1);
                }
            }
            for p in (0..g.kinds().len()).filter(|&i| g.kinds()[i] != 0) {
                positional_partners(&all_one, p, &mut out);
                let want: Vec<usize> = (0..g.kinds().len())
                    .filter(|&q| {
                        best_path(&all_one, all_one.cell(p), all_one.cell(q)).is_some_and(|path| path.turns <= 1)
                    })
                    .collect();
                assert_eq!(out, want, "case {case} p {p}");
            }
        }
    }

    #[test]
    fn redeal_refuses_odd_kinds() {
        let mut g = Grid::new(1, 3, vec![1, 1, 1], true).unwrap();
        assert_eq!(redeal_solvable(&mut g, Gravity::None, 0, &|| false), Err(Error::DealOddKind { kind: 1, count: 3 }));
    }

    #[test]
    fn an_interrupted_deal_changes_nothing() {
        let polls = std::cell::Cell::new(0);
        // Stop at the third poll: after some steps of the positional game, before its end.
        let stop = || {
            polls.set(polls.get() + 1);
            polls.get() == 3
        };
        let mut g = Grid::new(20, 20, vec![1; 400], true).unwrap();
        let pair_kinds: Vec<u16> = (0..200).map(|i| 1 + i % 7).collect();
        let before = g.clone();
        assert_eq!(
            deal(&mut g, Gravity::Down, &pair_kinds, 5, true, DealVersion::LATEST, &stop),
            Err(Error::Interrupted)
        );
        assert_eq!((g, polls.get()), (before.clone(), 3));
        let mut g = before.clone();
        assert_eq!(redeal_solvable(&mut g, Gravity::None, 5, &|| true), Err(Error::Interrupted));
        assert_eq!(g, before);
    }
}

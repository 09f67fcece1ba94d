//! Which members of a group share a kind. A small group (the common case: a short run) is
//! searched member against member with a bit per kind to skip most comparisons; a big one (a
//! ring line, a stack of long runs) is sorted, which puts each kind's tiles in one run.

use super::{kind, tile, Member, Tile};

/// Groups up to this size are searched pair by pair, bigger ones sorted by kind.
pub(super) const SMALL: usize = 16;

/// The members of a big group sorted, which puts them in order of kind and, within a kind, of
/// tile (a member is its kind above its tile): each kind's tiles are then one run.
pub(super) fn sorted<'a>(members: &[Member], scratch: &'a mut Vec<Member>) -> &'a [Member] {
    scratch.clear();
    scratch.extend_from_slice(members);
    scratch.sort_unstable();
    scratch
}

/// The runs of one kind, of two members or more, of sorted members.
pub(super) fn kind_runs(sorted: &[Member]) -> impl Iterator<Item = &[Member]> {
    sorted.chunk_by(|x, y| kind(*x) == kind(*y)).filter(|run| run.len() >= 2)
}

/// Do two members share a kind?
pub(super) fn has_repeat(members: &[Member], scratch: &mut Vec<Member>) -> bool {
    if members.len() <= SMALL {
        return has_repeat_small(members);
    }
    kind_runs(sorted(members, scratch)).next().is_some()
}

/// Do two of these members (at most `SMALL`) share a kind? A bit per kind (modulo 64) marks the
/// kinds seen; a member whose bit is already set is compared with the ones before it.
#[inline]
fn has_repeat_small(members: &[Member]) -> bool {
    let mut seen = 0u64;
    for (i, &m) in members.iter().enumerate() {
        let bit = 1u64 << (kind(m) & 63);
        if seen & bit != 0 && members[..i].iter().any(|&x| kind(x) == kind(m)) {
            return true;
        }
        seen |= bit;
    }
    false
}

/// Calls `f(x, y)` for every two members `x` before `y` (of at most `SMALL`) of one kind. A bit
/// per kind (modulo 64) marks the kinds seen so far; only a member whose bit is already set is
/// compared with the ones before it.
#[inline]
pub(super) fn small_pairs(members: &[Member], mut f: impl FnMut(Tile, Tile)) {
    let mut seen = 0u64;
    for (i, &m) in members.iter().enumerate() {
        let bit = 1u64 << (kind(m) & 63);
        if seen & bit != 0 {
            for &x in members[..i].iter().filter(|&&x| kind(x) == kind(m)) {
                f(tile(x), tile(m));
            }
        }
        seen |= bit;
    }
}

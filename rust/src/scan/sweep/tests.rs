use super::*;
use crate::reference::grid_of as grid;

/// On a long (checked) line, a short run the checks found a pair about is announced as
/// `visit(&[], true)` before its members are listed, wherever it lies along the line, as
/// `for_each_group` promises: the scan's "is there a move" stops at the announcement
/// without listing the run. Here a row of 70 tiles, all of different kinds but the two
/// ends of a run of two empty cells at positions 10 and 11 (its groups along the row).
#[test]
fn a_short_run_holding_a_pair_on_a_long_line_is_announced_before_its_members() {
    let mut kinds: Vec<u16> = (1..=70).collect();
    (kinds[9], kinds[10], kinds[11], kinds[12]) = (100, 0, 0, 100);
    let g = Grid::new(1, 70, kinds, false).unwrap();
    assert!(Lines::rows(&g).checked::<false>(), "a line the checks read");
    let mut visits = Vec::new();
    let _ = for_each_row_group::<false>(&g, |members, sure| {
        visits.push((members.to_vec(), sure));
        ControlFlow::Continue(())
    });
    let ends = vec![member(100, 9), member(100, 12)];
    assert_eq!(visits, [(vec![], true), (ends, true)]);
}

#[test]
fn a_small_boards_buffers_are_kept_for_the_next_sweep_and_a_big_boards_dropped() {
    // On a thread of its own: SCRATCH is the thread's.
    std::thread::spawn(|| {
        let sweep = |g: &Grid| for_each_group::<false>(g, |_, _| ControlFlow::Continue(()));
        let _ = sweep(&grid(&[&[1, 0, 1], &[2, 0, 2]], false));
        let kept = SCRATCH.take();
        assert!(kept.up_kind.capacity() > 0 && kept.up_kind.capacity() <= KEPT_POSITIONS, "kept");
        SCRATCH.set(kept);
        let wide = KEPT_POSITIONS + 2;
        let _ = sweep(&Grid::new(1, wide, (0..wide).map(|i| (i % 2 * 3) as u16).collect(), false).unwrap());
        assert_eq!(SCRATCH.take().up_kind.capacity(), 0, "a big board's buffers are not kept");
    })
    .join()
    .unwrap();
}

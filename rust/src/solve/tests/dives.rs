//! The dive: big boards cleared by it alone, a stuck dive's fall-back on the complete search,
//! and the facings that turn a board so that its gravity points down.

use super::*;

#[test]
fn a_dive_links_the_far_tiles_its_local_search_gives_up_on() {
    // A full block of 32 rows of side-by-side pairs (4,096 tiles: the dive's threshold), and
    // under it pairs one per row, (r, j) and (r + 1, 127 - j): linked by one turn, but a local
    // search from either tile spends its rays along the long empty column above it. The dive
    // must clear it all, without getting stuck (a state per move, no complete search).
    let (rows, cols) = (140, 128);
    let mut kinds = vec![0u16; rows * cols];
    for r in 0..32 {
        for c in 0..cols {
            kinds[r * cols + c] = (c / 2 % 40) as u16 + 1;
        }
    }
    for j in 0..38 {
        let r = 64 + 2 * j;
        kinds[r * cols + j] = 100 + j as u16;
        kinds[(r + 1) * cols + cols - 1 - j] = 100 + j as u16;
    }
    let b = Board::new(Grid::new(rows, cols, kinds, true).unwrap(), Gravity::None);
    let g = b.grid();
    let (far, near) = (g.index((64, 0)) as Tile, g.index((65, 127)) as Tile);
    assert_eq!(dive::first_partner(g, far, dive::Facing::Down), None, "the local search gives up");
    assert_eq!(dive::first_linked_tile(g, far), Some(near));
    let found = solve(&b, 1_000_000);
    assert_eq!((found.status, found.states as usize), (Status::Solved, g.remaining() / 2));
    assert!(replay(&b, &found.moves));
}

#[test]
fn big_solvable_deals_with_gravity_dive_to_a_valid_solution() {
    // 100x100 after a player's move (the scan's first): the dive, with gravity's slides.
    for gravity in [Gravity::Down, Gravity::SplitV, Gravity::Left] {
        let mut b = solvable_deal(100, 100, gravity, 2);
        let g = b.grid();
        let (a, c) = scan::moves(g)[0];
        let (ca, cc) = (g.cell(a as usize), g.cell(c as usize));
        b.remove(ca, cc).unwrap();
        let found = solve(&b, 200_000);
        assert_eq!(found.status, Status::Solved, "{gravity:?}");
        assert!(replay(&b, &found.moves), "{gravity:?}");
    }
}

/// A solvable deal of `rows x cols` (every cell a tile, 48 kinds, a border).
fn solvable_deal(rows: usize, cols: usize, gravity: Gravity, seed: u64) -> Board {
    dealt(rows, cols, 48, true, gravity, seed, true)
}

#[test]
fn a_big_solvable_deal_dives_to_a_valid_solution_also_after_some_moves() {
    // 300x300: 90,000 tiles, far past the dive's threshold, so the answer is the dive's.
    let mut b = solvable_deal(300, 300, Gravity::None, 1);
    for _ in 0..3 {
        let found = solve(&b, 1_000_000);
        assert_eq!(found.status, Status::Solved);
        assert_eq!(found.moves.len(), b.grid().remaining() / 2);
        assert!(replay(&b, &found.moves));
        // A player's move somewhere in the middle, then solve again.
        let g = b.grid();
        let (a, c) = scan::moves(g)[scan::moves(g).len() / 2];
        let (ca, cc) = (g.cell(a as usize), g.cell(c as usize));
        b.remove(ca, cc).unwrap();
    }
}

#[test]
fn a_dive_that_gets_stuck_falls_back_on_the_complete_search() {
    // A board past the dive's threshold tiled with 2x2 crossings (AB over BA, no border): no
    // tile links, so the dive is stuck at once, and the complete search from the start must
    // still prove it (relaxed play at its root); a budget of nothing gives "unknown".
    let rows = 64;
    let cols = 64;
    let mut kinds = vec![0u16; rows * cols];
    // Rows of AB / BA crossings, each a 2x2 block that no order clears, tiles 1 apart.
    for r in (0..rows).step_by(2) {
        for c in (0..cols).step_by(2) {
            let k = ((r / 2 * cols / 2 + c / 2) % 2000) as u16 * 2 + 1;
            kinds[r * cols + c] = k;
            kinds[r * cols + c + 1] = k + 1;
            kinds[(r + 1) * cols + c] = k + 1;
            kinds[(r + 1) * cols + c + 1] = k;
        }
    }
    let b = Board::new(Grid::new(rows, cols, kinds, false).unwrap(), Gravity::None);
    assert!(b.grid().remaining() >= DIVE_MIN_TILES);
    let found = solve(&b, 1_000_000);
    assert_eq!((found.status, found.states), (Status::Unsolvable, 1));
    assert_eq!(solve(&b, 0).status, Status::Unknown);
}

#[test]
fn a_facing_turns_the_board_so_that_its_gravity_points_down() {
    // In every mode, on boards of odd and even sizes: a lone tile whose segment settles moves
    // down as it faces (unless its line never slides, or the cell below is the other half of a
    // split); and one step right or down as faced is one place, or a line of places, on in the
    // facing's order.
    for gravity in Gravity::ALL {
        for (rows, cols) in [(5, 6), (6, 5), (7, 7), (4, 4)] {
            let empty = Grid::new(rows, cols, vec![0; rows * cols], true).unwrap();
            for index in 0..rows * cols {
                let facing = dive::Facing::of(gravity, &empty, index);
                let [_, down, _, right] = facing.dirs();
                let (r, c) = ((index / cols) as i32, (index % cols) as i32);
                let at = |k: i32, (dr, dc): (i32, i32)| {
                    let (r, c) = (r + k * dr, c + k * dc);
                    ((0..rows as i32).contains(&r) && (0..cols as i32).contains(&c))
                        .then(|| r as usize * cols + c as usize)
                };
                let line = if matches!(facing, dive::Facing::Down | dive::Facing::Up) { cols } else { rows };
                if let Some(next) = at(1, right) {
                    assert_eq!(facing.key(&empty, next), facing.key(&empty, index) + 1);
                }
                let Some(below) = at(1, down) else { continue };
                assert_eq!(facing.key(&empty, below), facing.key(&empty, index) + line);
                let mut kinds = vec![0; rows * cols];
                kinds[index] = 1;
                let mut g = Grid::new(rows, cols, kinds, true).unwrap();
                let removed = [g.cell(below)];
                crate::gravity::settle(&mut g, gravity, &removed, &mut Vec::new());
                let now = (0..rows * cols).find(|&i| g.kinds()[i] == 1).unwrap();
                let moved_down = (1..rows.max(cols) as i32).any(|k| at(k, down) == Some(now));
                let middle = |n: usize, x: i32| n % 2 == 1 && x as usize == n / 2;
                let half = |n: usize, x: i32, d: i32| (x as usize) < n / 2 && ((x + d) as usize) >= n / 2;
                let still = match gravity {
                    Gravity::None => true,
                    Gravity::SplitH => {
                        middle(cols, c) || half(cols, c, down.1) || half(cols, cols as i32 - 1 - c, -down.1)
                    }
                    Gravity::SplitV => {
                        middle(rows, r) || half(rows, r, down.0) || half(rows, rows as i32 - 1 - r, -down.0)
                    }
                    _ => false,
                };
                assert_eq!(moved_down, !still, "{gravity:?} {rows}x{cols} at {index}");
            }
        }
    }
}

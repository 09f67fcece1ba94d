//! Criterion benchmarks of the Rust core on 1000x1000 boards: `cargo bench` (a few minutes).
//!
//! The boards are the seeded families of `llk bench` (python/llk/bench/families.py), built the
//! same way: the kind of cell `i` comes from the `i + 1`-th output of SplitMix64 seeded with the
//! family's seed, so both benchmarks time the very same boards.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use llk_core::board::Board;
use llk_core::gravity::Gravity;
use llk_core::grid::{Cell, Grid};
use llk_core::path::best_path;
use llk_core::rng::{self, SplitMix64};
use llk_core::scan;
use std::hint::black_box;
use std::time::{Duration, Instant};

const SIZE: usize = 1000;
const SEED: u64 = 1;
const KINDS: u64 = 50;

/// SplitMix64's `i + 1`-th output for `seed`, computed directly: the state after `i + 1` steps,
/// mixed.
fn draw(seed: u64, i: usize) -> u64 {
    rng::mix(seed.wrapping_add((i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// An integer in `0..n` from the high half of a draw.
fn uniform(z: u64, n: u64) -> u16 {
    (((z >> 32) * n) >> 32) as u16
}

/// A board of the family `name` (see families.py): "full" (50 kinds, ring), "half" (50%
/// density, 50 kinds, ring), "unique" (50% density, no kind repeats within 255 rows or 257
/// columns, no ring: no pair links), "deadlocked" (full, no two equal neighbours, no ring).
fn family(name: &str, rows: usize, cols: usize, seed: u64) -> Grid {
    let kinds = (0..rows * cols)
        .map(|i| {
            let (z, r, c) = (draw(seed, i), i / cols, i % cols);
            let occupied = z & 0xFFFF < 0x8000;
            match name {
                "full" => 1 + uniform(z, KINDS),
                "half" if occupied => 1 + uniform(z, KINDS),
                "unique" if occupied => 1 + (((r % 255) * 257 + c % 257) * 4099 % 65535) as u16,
                "deadlocked" => 1 + 3 * uniform(z, 16) + ((r + c) % 3) as u16,
                _ => 0,
            }
        })
        .collect();
    Grid::new(rows, cols, kinds, matches!(name, "full" | "half")).unwrap()
}

type Pairs = Vec<(Cell, Cell)>;

/// `count` random pairs of tiles of one kind, and `count` random linking pairs.
fn query_pairs(g: &Grid, count: usize) -> (Pairs, Pairs) {
    let mut rng = SplitMix64::new(SEED);
    let mut by_kind: Vec<Vec<usize>> = vec![Vec::new(); g.max_kind() as usize + 1];
    for (i, &k) in g.kinds().iter().enumerate().filter(|(_, &k)| k != 0) {
        by_kind[k as usize].push(i);
    }
    let tiles: Vec<usize> = by_kind.iter().flatten().copied().collect();
    let mut pick = |list: &[usize]| list[rng.below(list.len() as u64) as usize];
    let same_kind = (0..count)
        .map(|_| {
            let a = pick(&tiles);
            let b = pick(&by_kind[g.kinds()[a] as usize]);
            (g.cell(a), g.cell(b))
        })
        .collect();
    let moves = scan::moves(g);
    let linking = (0..count)
        .map(|_| {
            let (a, b) = moves[rng.below(moves.len() as u64) as usize];
            (g.cell(a as usize), g.cell(b as usize))
        })
        .collect();
    (same_kind, linking)
}

fn path_queries(c: &mut Criterion) {
    let mut group = c.benchmark_group("path 1000x1000");
    group.sample_size(20).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for name in ["full", "half"] {
        let g = family(name, SIZE, SIZE, SEED);
        let (same_kind, linking) = query_pairs(&g, 4096);
        for (label, pairs) in [("same-kind pair", &same_kind), ("linking pair", &linking)] {
            group.bench_function(BenchmarkId::new(label, name), |b| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) % pairs.len();
                    black_box(best_path(&g, pairs[i].0, pairs[i].1))
                })
            });
        }
    }
    group.finish();
}

fn scans(c: &mut Criterion) {
    let mut group = c.benchmark_group("scan 1000x1000");
    group.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for name in ["deadlocked", "unique"] {
        let g = family(name, SIZE, SIZE, SEED);
        group.bench_function(BenchmarkId::new("is_deadlocked", name), |b| b.iter(|| scan::is_deadlocked(&g)));
    }
    for name in ["full", "half"] {
        let g = family(name, SIZE, SIZE, SEED);
        group.bench_function(BenchmarkId::new("move_count", name), |b| b.iter(|| scan::move_count(&g)));
        group.bench_function(BenchmarkId::new("hint", name), |b| b.iter(|| scan::hint(&g)));
    }
    group.finish();
}

/// Removes a linking pair (then puts it back, untimed) and asks whether a move is left: what
/// the game does after each move.
fn remove_then_has_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("remove + has_move 1000x1000");
    group.sample_size(20).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for name in ["full", "half"] {
        let mut board = Board::new(family(name, SIZE, SIZE, SEED), Gravity::None);
        let (_, linking) = query_pairs(board.grid(), 4096);
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for k in 0..iters as usize {
                    let (a, c) = linking[k % linking.len()];
                    let started = Instant::now();
                    board.remove(a, c).expect("the pair links");
                    black_box(scan::has_move(board.grid()));
                    spent += started.elapsed();
                    board.undo().expect("the removal undoes");
                }
                spent
            })
        });
    }
    group.finish();
}

fn deals(c: &mut Criterion) {
    let mut group = c.benchmark_group("deal 1000x1000");
    group.sample_size(10).warm_up_time(Duration::from_millis(100)).measurement_time(Duration::from_secs(5));
    let pair_kinds: Vec<u16> = (0..SIZE * SIZE / 2).map(|i| 1 + (i as u64 % KINDS) as u16).collect();
    for solvable in [false, true] {
        let label = if solvable { "solvable" } else { "random" };
        group.bench_function(BenchmarkId::from_parameter(label), |b| {
            b.iter(|| {
                let mut board = Board::new(Grid::new(SIZE, SIZE, vec![1; SIZE * SIZE], true).unwrap(), Gravity::None);
                board.deal(&pair_kinds, SEED, solvable).unwrap();
                board
            })
        });
    }
    group.finish();
}

criterion_group!(benches, path_queries, scans, remove_then_has_move, deals);
criterion_main!(benches);

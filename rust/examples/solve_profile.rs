//! Where a search's states and time go (docs/engine.md, "Where the states go"): solves the
//! boards of a file, one a line (`seed rows cols border kinds...`, as scripts/solve_boards.py
//! writes them), each within a budget of states and seconds, and prints per board its verdict,
//! states, seconds and the `profile` counters, then the totals.
//!
//! cargo run --release --features profile --example solve_profile -- FILE [SECONDS] [BUDGET]
//!     [SEEDS (comma-separated; default every line)] [gravity: down]

use llk_core::board::Board;
use llk_core::gravity::Gravity;
use llk_core::grid::Grid;
use llk_core::solve::profile::{take, Profile};
use llk_core::solve::{solve_until, Status};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = std::fs::read_to_string(&args[1]).expect("a file of boards");
    let seconds: f64 = args.get(2).map_or(5.0, |s| s.parse().expect("seconds"));
    let budget: u64 = args.get(3).map_or(u64::MAX, |s| s.parse().expect("budget"));
    let seeds: Option<Vec<u64>> =
        args.get(4).filter(|s| !s.is_empty()).map(|s| s.split(',').map(|x| x.parse().expect("seed")).collect());
    let gravity = match args.get(5).map_or("down", |s| s.as_str()) {
        "none" => Gravity::None,
        "down" => Gravity::Down,
        other => panic!("gravity {other}: none or down"),
    };
    let mut total = Profile::default();
    let mut cpu_total = 0.0;
    println!("seed status states seconds states_per_s lookups hits inserts ms_candidates ms_make ms_unmake ms_table reduced_hits ms_reduced skipped");
    for line in file.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let seed: u64 = f[0].parse().unwrap();
        if seeds.as_ref().is_some_and(|s| !s.contains(&seed)) {
            continue;
        }
        let (rows, cols): (usize, usize) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        let border = f[3] == "True";
        let kinds: Vec<u16> = f[4..].iter().map(|k| k.parse().unwrap()).collect();
        let board = Board::new(Grid::new(rows, cols, kinds, border).unwrap(), gravity);
        take();
        let started = Instant::now();
        let stop = || started.elapsed().as_secs_f64() > seconds;
        let (status, states) = match solve_until(&board, budget, &stop) {
            Ok(s) => (s.status.name(), s.states),
            Err(_) => ("unknown", 0),
        };
        let spent = started.elapsed().as_secs_f64();
        cpu_total += spent;
        let p = take();
        let counted: u64 = p.states_by_tiles.iter().sum();
        let ms = |ns: u64| ns as f64 / 1e6;
        println!(
            "{seed} {status} {} {spent:.2} {:.0} {} {} {} {:.0} {:.0} {:.0} {:.0} {} {:.0} {}",
            counted.max(states),
            counted as f64 / spent,
            p.lookups,
            p.hits,
            p.inserts,
            ms(p.ns_candidates),
            ms(p.ns_make),
            ms(p.ns_unmake),
            ms(p.ns_table),
            p.reduced_hits,
            ms(p.ns_reduced),
            p.skipped
        );
        if total.states_by_tiles.len() < p.states_by_tiles.len() {
            total.states_by_tiles.resize(p.states_by_tiles.len(), 0);
        }
        for (t, n) in p.states_by_tiles.iter().enumerate() {
            total.states_by_tiles[t] += n;
        }
        total.lookups += p.lookups;
        total.hits += p.hits;
        total.inserts += p.inserts;
        total.ns_candidates += p.ns_candidates;
        total.ns_make += p.ns_make;
        total.ns_unmake += p.ns_unmake;
        total.ns_table += p.ns_table;
        total.ns_reduced += p.ns_reduced;
        total.reduced_hits += p.reduced_hits;
        total.skipped += p.skipped;
        let _ = Status::Solved;
    }
    let states: u64 = total.states_by_tiles.iter().sum();
    let pct = |ns: u64| 100.0 * ns as f64 / 1e9 / cpu_total;
    println!(
        "total: {states} states in {cpu_total:.1} s ({:.0}/s); hits/lookup {:.3}; dead by a smaller state/lookup {:.4}; inserts/state {:.3}; moves skipped/state {:.2}; time: candidates {:.0}%, make {:.0}%, unmake {:.0}%, table {:.0}%, smaller-state cut {:.0}%",
        states as f64 / cpu_total,
        total.hits as f64 / total.lookups.max(1) as f64,
        total.reduced_hits as f64 / total.lookups.max(1) as f64,
        total.inserts as f64 / states.max(1) as f64,
        total.skipped as f64 / states.max(1) as f64,
        pct(total.ns_candidates),
        pct(total.ns_make),
        pct(total.ns_unmake),
        pct(total.ns_table),
        pct(total.ns_reduced)
    );
    print!("states by tiles left (tiles:share%):");
    for (t, n) in total.states_by_tiles.iter().enumerate() {
        if *n * 200 >= states {
            print!(" {t}:{:.1}", 100.0 * *n as f64 / states as f64);
        }
    }
    println!();
}

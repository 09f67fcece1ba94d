"""`llk bench`: the engine's speed on both cores against the classic algorithm of the tutorials.

- families.py: the seeded boards (full, half full, unique kinds, deadlocked);
- classic.py: the classic algorithm in plain Python (rust/src/classic.rs has it in Rust);
- ops.py: each operation on each contender, as a function to time;
- context.py: what each result file says of its run (commit, build, machine, load, date);
- runner.py: calibration, warm-up, repeats, median and spread; the progress line;
- report.py: the Markdown table and the speed targets;
- files.py: the result files (JSON written and read back, CSV); plot.py: the log-log plot;
- commands.py: `llk bench compare`, `plot` and `report`; compare.py: the comparison;
- scaling.py: `--scaling`, each operation's cost against the board's size;
- kshisen.py: KShisen's greedy solvable check, ported (rust/src/kshisen.rs has it in Rust);
  race.py: `--solver`'s race of llk's exact solver against it;
- cli.py: the `llk bench` command;
- modes.py: its --solver, --saves and --frames runs.

Run `llk bench --help`; docs/benchmarks.md shows a recent table and plot.
"""

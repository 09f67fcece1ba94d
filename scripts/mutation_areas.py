"""The areas scripts/mutation mutates: what each mutates and which tests judge its mutants
(docs/testing.md)."""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatch


@dataclass(frozen=True)
class Area:
    """What one area mutates and which tests judge its mutants."""

    name: str
    tool: str  # "mutmut" or "cargo-mutants"
    files: tuple[str, ...]  # globs, from the repository's top
    tests: tuple[str, ...] = ()  # mutmut: pytest's selection
    env: tuple[tuple[str, str], ...] = ()
    # mutmut: tests that cannot run from mutmut's copy of the tree (pytest node ids)
    deselect: tuple[str, ...] = ()
    # --sample: the files (globs) sampled, and of their mutants every `sample_every`-th (by
    # name for mutmut, a round-robin shard 0/k for cargo-mutants) is run.
    sample: tuple[str, ...] = ()
    sample_every: int = 1
    # Whether `--changed` fails on this area's survivors: only where the tests that judge its
    # mutants are all its tests (see the game's area for the one that is not).
    gates: bool = True

    def owns(self, path: str) -> bool:
        return any(fnmatch(path, pattern) for pattern in self.files)


FACADE = tuple(
    f"python/llk/{name}.py"
    for name in (
        "engine",
        "solver",
        "layout",
        "codes",
        "values",
        "_input",
        "_types",
        "_limits",
        "stats",
        "deals",
        "errors",
    )
)
AREAS = {
    area.name: area
    for area in (
        # cargo-mutants' own settings (exclusions, profile, timeouts): .cargo/mutants.toml.
        # The sample: the twins of the Python core's sampled modules (path, the scans, the near
        # search, the board), every 30th of their mutants (round-robin shard 0/30).
        Area(
            "engine-rust",
            "cargo-mutants",
            ("rust/src/*.rs", "rust/src/**/*.rs"),
            sample=("rust/src/path.rs", "rust/src/board.rs", "rust/src/scan/**/*.rs"),
            sample_every=30,
        ),
        # The pure-Python core and the facade, on the pure-Python backend: the engine's tests
        # and the parity tests (which hand both cores the same work).
        Area(
            "engine-python",
            "mutmut",
            ("python/llk/_pycore/*.py", *FACADE),
            tests=("tests/engine", "tests/parity"),
            env=(("LLK_BACKEND", "python"),),
            # It lists llk.Board's methods: in mutmut's copy each mutant is a method too.
            deselect=("tests/engine/test_cells.py::test_every_call_taking_a_cell_is_listed",),
            sample=(
                "python/llk/_pycore/path.py",
                "python/llk/_pycore/scan.py",
                "python/llk/_pycore/near.py",
                "python/llk/_pycore/board.py",
                "python/llk/engine.py",
            ),
            sample_every=50,
        ),
        # The game's model, score and store, judged by the game's tests that need no window
        # (LLK_TESTS_NO_WINDOW: tests/game/conftest.py leaves the window's tests out; a GL
        # context does not survive mutmut's forks). So its survivors include mutants that the
        # window's tests catch (every route through the real views): reported, never failing
        # CI (`gates`), until the views' tests run under mutmut.
        Area(
            "game",
            "mutmut",
            ("python/llk/game/model/*.py", "python/llk/game/store/*.py"),
            tests=("tests/game",),
            env=(("LLK_TESTS_NO_WINDOW", "1"), ("ARCADE_HEADLESS", "1")),
            # It reads saved.py's source for the keys the restore reads: in mutmut's copy that
            # source holds every mutant's body, each reading keys mutated ("XXgridXX").
            deselect=(
                "tests/game/model/test_save_fields.py::"
                "test_the_restore_reads_no_field_the_save_does_not_describe",
            ),
            sample=(
                "python/llk/game/model/game.py",
                "python/llk/game/model/saved.py",
                "python/llk/game/store/saves.py",
            ),
            sample_every=20,
            gates=False,
        ),
    )
}

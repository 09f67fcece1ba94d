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
    # mutmut: tests that cannot run from mutmut's copy of the tree (none yet)
    sample: tuple[str, ...] = ()  # --sample: the files (mutmut) or shard k/n (cargo-mutants)
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
        # The sample: round-robin shards 0/60 and 1/60 (every 60th mutant, from the 1st, the 2nd).
        Area(
            "engine-rust",
            "cargo-mutants",
            ("rust/src/*.rs", "rust/src/**/*.rs"),
            sample=("0/60", "1/60"),
        ),
        # The pure-Python core and the facade, on the pure-Python backend: the engine's tests
        # and the parity tests (which hand both cores the same work).
        Area(
            "engine-python",
            "mutmut",
            ("python/llk/_pycore/*.py", *FACADE),
            tests=("tests/engine", "tests/parity"),
            env=(("LLK_BACKEND", "python"),),
            sample=(
                "python/llk/_pycore/history.py",
                "python/llk/_pycore/shuffle.py",
                "python/llk/_pycore/rng.py",
            ),
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
            sample=(
                "python/llk/game/model/score.py",
                "python/llk/game/store/checks.py",
                "python/llk/game/store/progress.py",
            ),
            gates=False,
        ),
    )
}

"""llk: LianLianKan (Onet, Link-Link, Shisen-Sho) with a Rust core and a pure-Python twin.

    >>> import llk
    >>> b = llk.Board([[1, 0, 1], [2, 2, 0]])
    >>> b.path((0, 0), (0, 2))
    Path(corners=((0, 0), (0, 2)), turns=0, length=2, slides=())

`llk.BACKEND` says which core runs ("rust" or "python"); `LLK_BACKEND=auto|rust|python`
chooses it at import. docs/engine.md states the rules and tie-breaks exactly.
"""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

from ._limits import MAX_SLIDE_CELLS
from ._types import (
    BackendName,
    Cell,
    CellLike,
    Gravity,
    RatingLabel,
    SolveStatus,
    TileMix,
    UnknownReason,
)
from .deals import deal
from .engine import (
    BACKEND,
    BACKENDS,
    GRAVITY_MODES,
    Action,
    Board,
    Hint,
    History,
    Path,
    Solution,
    rust_available,
)
from .errors import BoardError, Cancelled, IllegalMove
from .layout import Layout
from .solver import (
    EASY_TILES_A_KIND,
    RATING_BANDS,
    RATING_LEVELS,
    Difficulty,
    in_rating_band,
    rate,
    solve,
)

try:
    __version__ = _version("llk")
    """llk's version, as installed ("0+unknown" in a source tree never installed)."""
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "BACKEND",
    "BACKENDS",
    "EASY_TILES_A_KIND",
    "GRAVITY_MODES",
    "MAX_SLIDE_CELLS",
    "RATING_BANDS",
    "RATING_LEVELS",
    "Action",
    "BackendName",
    "Board",
    "BoardError",
    "Cancelled",
    "Cell",
    "CellLike",
    "Difficulty",
    "Gravity",
    "Hint",
    "History",
    "IllegalMove",
    "Layout",
    "Path",
    "RatingLabel",
    "Solution",
    "SolveStatus",
    "TileMix",
    "UnknownReason",
    "__version__",
    "deal",
    "in_rating_band",
    "rate",
    "rust_available",
    "solve",
]

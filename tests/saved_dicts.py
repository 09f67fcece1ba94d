"""A loaded save as plain JSON values, to compare with the dict that was saved: `load_game`
hands a binary grid as its uint16 array (store/savefile.py, `grid_array`)."""

from __future__ import annotations

from typing import Any

import numpy as np


def plain(saved: dict[str, Any] | None) -> dict[str, Any] | None:
    if saved is None or "grid" not in saved:
        return saved
    return {**saved, "grid": np.asarray(saved["grid"]).tolist()}

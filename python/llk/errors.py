"""The exceptions llk raises, shared by both backends (the Rust core raises these classes too)."""


class BoardError(ValueError):
    """A malformed grid, a kind out of range, a cell that is not on the board, a bad argument."""


class IllegalMove(ValueError):
    """A move the rules do not allow: removing a pair that does not link, an impossible shuffle."""

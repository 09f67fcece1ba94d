"""Pure-Python core of the llk engine: the reference twin of the Rust core."""

from .board import Board

__all__ = ["Board"]

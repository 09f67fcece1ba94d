"""A save's header without a window (store/saves.py): one nested thousands deep is a damaged
save."""

from __future__ import annotations

import sys
import zlib

import pytest

from llk.game.store import savefile


def test_a_header_nested_thousands_deep_is_a_damaged_save():
    header = b'{"fields": ' + b"[" * 10_000 + b"]" * 10_000 + b"}"
    body = len(header).to_bytes(4, "little") + header
    raw = savefile.MAGIC + bytes([savefile.VERSION]) + zlib.compress(body)
    for read in (savefile.decode, savefile.peek):
        with pytest.raises(ValueError, match="damaged"):
            read(raw)
        # Under a raised recursion limit (another test's, or the player's Python) the JSON
        # parses, and is refused as not a table of fields: a ValueError all the same.
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(50_000)
        try:
            with pytest.raises(ValueError, match="damaged"):
                read(raw)
        finally:
            sys.setrecursionlimit(limit)

"""Hashes that cost a new game's start little: SHA-256 and BLAKE2b from Python's small built-in modules.

:mod:`hashlib` loads OpenSSL's library when first imported, which cost a player's first prompt more than every
hash a game makes; the built-in modules give the same digests (hashlib's own fallbacks). Another Python without
them gets :mod:`hashlib`'s.
"""

from __future__ import annotations

from typing import Any


def sha256(data: bytes = b"") -> Any:
    """A SHA-256 hash object of ``data`` (the same digest as ``hashlib.sha256``)."""
    try:
        from _sha256 import sha256 as make  # Python 3.11
    except ImportError:
        try:
            from _sha2 import sha256 as make  # type: ignore[no-redef]  # Python 3.12 and later
        except ImportError:
            from hashlib import sha256 as make  # type: ignore[no-redef]
    return make(data)


def blake2b(data: bytes = b"") -> Any:
    """A BLAKE2b hash object of ``data`` (the same digest as ``hashlib.blake2b``)."""
    try:
        from _blake2 import blake2b as make
    except ImportError:
        from hashlib import blake2b as make  # type: ignore[no-redef]
    return make(data)

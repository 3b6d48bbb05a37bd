"""Small helpers for the words a ruleset shows its players."""

from __future__ import annotations


def counted(n: int, word: str, words: str = "") -> str:
    """``1 hit``, ``2 hits``: ``n`` and the word, plural when ``n`` is not 1 (``words``: an irregular plural)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"

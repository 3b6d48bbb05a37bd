"""Text from files (names in warbands, armies, content) may carry terminal control sequences: strip them."""

from __future__ import annotations

import re

_SGR = re.compile(r"\x1b\[[0-9;]*m")
_ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-Z\\-_])?")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def safe_text(text: str) -> str:
    """``text`` without terminal control sequences (names from files may carry them); our colours stay."""
    if "\x1b" not in text and not _CONTROL.search(text):
        return text
    text = text.replace("\x00", "")
    kept = _SGR.findall(text)
    parts = _SGR.split(text)  # len(parts) == len(kept) + 1
    out = [_CONTROL.sub("", _ESCAPE.sub("", parts[0]))]
    for colour, part in zip(kept, parts[1:], strict=True):
        out += [colour, _CONTROL.sub("", _ESCAPE.sub("", part))]
    return "".join(out)

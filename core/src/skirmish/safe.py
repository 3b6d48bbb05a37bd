"""One filter for text that came from files or plugins on its way to a screen or a page.

Names in warbands, armies, content, player names, plugin names and a plugin's error text may
carry terminal control sequences (an OSC that retitles the window, a cursor move), NUL, or
Unicode bidirectional overrides (U+202E turns the rest of a line around). :func:`safe_text`
drops them all and keeps the colours skirmish itself adds; :func:`safe_html` escapes the result
for HTML as well.
"""

from __future__ import annotations

import re

_SGR = re.compile(r"\x1b\[[0-9;]*m")
_ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-Z\\-_])?")
#: C0 (but tab and newline) and C1 controls, DEL, and the invisible marks that reorder or hide text
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def safe_text(text: str) -> str:
    """``text`` without terminal control sequences or bidi overrides; skirmish's own colours stay."""
    text = str(text)
    if "\x1b" not in text and not _CONTROL.search(text):
        return text
    kept = _SGR.findall(text)
    parts = _SGR.split(text)  # len(parts) == len(kept) + 1
    out = [_CONTROL.sub("", _ESCAPE.sub("", parts[0]))]
    for colour, part in zip(kept, parts[1:], strict=True):
        out += [colour, _CONTROL.sub("", _ESCAPE.sub("", part))]
    return "".join(out)


def safe_html(text: str) -> str:
    """``text`` for an HTML page: no control sequences (colours too go) and escaped."""
    import html  # (loaded for pages only: its table of entities is not small, and a terminal never needs it)

    return html.escape(_SGR.sub("", safe_text(text)))

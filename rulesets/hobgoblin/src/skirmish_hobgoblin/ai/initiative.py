"""Whether the AI wants the First Player token: the Second Player moves after seeing where every enemy unit
went, so it charges what closed in and stays clear of the rest. Holding the token only pays when a unit of mine
can already reach an enemy (by its Speed): then moving first strikes first."""

from __future__ import annotations

from typing import Any

from skirmish_hobgoblin.ai.board import gap, keywords_of, ready, units_of


def wants_first(view: Any, player: str) -> bool:
    """True when a ready, unengaged unit of mine is within its Speed of an enemy unit."""
    units = [u for u in units_of(view).values() if ready(u) and not u.get("engaged")]
    mine = [u for u in units if u["side"] == player and "Immobile" not in keywords_of(u)]
    theirs = [u for u in units if u["side"] != player]
    return any(gap(m, e) <= float(m.get("speed", 8)) for m in mine for e in theirs)

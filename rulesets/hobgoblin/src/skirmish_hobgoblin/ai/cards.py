"""When the AI plays a Fortune Card that cuts the hits a unit is about to suffer (Enchanted Shield: one hit
cancelled; Tattered Banner: the hits halved, rounded up): only when the Doom it saves is worth more than a
card kept, and never a second card on the same attack.

The attack, its target and hits come from the window's decision (its context); :func:`last_hits` reads them off the
player's log for a window that does not say (the log is not kept in studies and look-aheads). Doom is worth what
:func:`skirmish_hobgoblin.ai.movement.doom_cost` says, and a break it prevents is worth the unit."""

from __future__ import annotations

from typing import Any

from skirmish_hobgoblin.ai import combat
from skirmish_hobgoblin.ai.board import Unit, keywords_of

#: the cards that cut the hits of an attack about to place Doom
HIT_CARDS = ("Enchanted Shield", "Tattered Banner")
#: the shooting cap: a shooting attack places at most this much Doom on a unit (Skirmishers excepted)
SHOOTING_CAP = 5


def last_hits(view: Any) -> tuple[int, str, int] | None:
    """(the event's sequence number, target id, hits) of the latest attack's hits, or None."""
    for e in reversed(view.log()):
        if e.kind == "hits":
            return e.seq, str(e.data.get("target", "")), int(e.data.get("hits", 0))
    return None


def placed(unit: Unit, hits: int, shooting: bool) -> int:
    """Doom ``hits`` place on ``unit``: Tough in close combat, the shooting cap when shot."""
    kw = keywords_of(unit)
    if shooting:
        if "Skirmishers" in kw:
            return hits
        return min(hits, max(0, SHOOTING_CAP - int(unit.get("doom", 0))))
    return max(0, hits - (kw.get("Tough") or 0))


def saving(unit: Unit, hits: int, after: int, shooting: bool) -> float:
    """Points-weighted worth of the target suffering ``after`` hits instead of ``hits``."""
    doom = int(unit.get("doom", 0))
    left = combat.breaks_at(unit) - doom
    now, then = placed(unit, hits, shooting), placed(unit, after, shooting)
    points = float(unit.get("points", 300))
    worth = (now - then) * points * combat.WEAR / max(1, left)
    if now >= left > then:
        worth += points  # it would have broken
    return worth


def cut(name: str, hits: int) -> int:
    """The hits left after the card."""
    if name == "Tattered Banner":
        return (hits + 1) // 2
    if name == "Enchanted Shield":
        return max(0, hits - 1)
    return hits

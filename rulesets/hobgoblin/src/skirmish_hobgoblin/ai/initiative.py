"""Whether the AI wants the First Player token: the Second Player moves after seeing where every enemy unit
went, so it charges what closed in and stays clear of the rest. Holding the token only pays when a unit of mine
can already reach an enemy (by its Speed) in a fight it would win (exact odds, front on, charging): then moving
first strikes first. A fight it would lose is no reason to move first (against Him, whose units charge whatever they
reach, it only left units in His reach)."""

from __future__ import annotations

from typing import Any

from skirmish_hobgoblin.ai import combat, objectives
from skirmish_hobgoblin.ai.board import gap, keywords_of, ready, units_of

#: against Him, whether the AI ever takes the First Player token (False: it always moves second, after His units
#: have charged or closed in)
HIM_FIRST = True


def wants_first(view: Any, player: str) -> bool:
    """True when a ready, unengaged unit of mine is within its Speed of an enemy unit it would gain by charging (the
    fight's value plus what breaking the enemy is worth to the scenario)."""
    if not HIM_FIRST and objectives.solo_enemy(view, player):
        return False
    units = [u for u in units_of(view).values() if ready(u) and not u.get("engaged")]
    mine = [u for u in units if u["side"] == player and "Immobile" not in keywords_of(u)]
    theirs = [u for u in units if u["side"] != player]
    for m in mine:
        for e in theirs:
            if gap(m, e) <= float(m.get("speed", 8)):
                f = combat.fight(view, m, e, "front", charge=float(m.get("speed", 8)))
                if f.value + objectives.unit_worth(view, player, e) * f.theirs_break > 0:
                    return True
    return False

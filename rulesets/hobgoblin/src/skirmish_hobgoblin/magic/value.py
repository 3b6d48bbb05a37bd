"""Worths (Doom-equivalents) of the seven spells added last, for the casting AI, set by measurement.

``spell_worth(player, data, units, hand=0)`` reads a cast option's ``Option.data`` and the view's units (as
``render.unit_data`` gives them) and returns ``(worth, guessed)``, or None for effects it does not know.

The numbers come from :mod:`.measure` (paired look-ahead from real casting decisions of AI-against-AI Bog Coven
games, the Wizard given the spell's allegiance: cast the spell on the target the old guesses rated best, or keep
the Mercury; play both on; the position difference is the spell's realised worth). ``MEASURED`` holds each mean
with its standard error and number of casts; a case without enough casts of its own keeps its reasoned guess and
stays ``guessed`` (the casting AI then asks 2.5 times the Force of Will worth of its Mercury).
"""

from __future__ import annotations

import math
from typing import Any

#: spell case -> (mean worth per cast, standard error, casts, horizon in rounds) measured by magic/measure.py with
#: the AI of commit 7a2b0ff (10 games of seeds 0-9 for the 1-round horizon, plus 100-109 for Sightless Eyes,
#: Polyceus' Blessing and the Void; 12 games of seeds 200-211 for the 2-round one). Noise check: Mother's
#: Blessing, valued exactly by magic/ai.py, measured +0.38 +- 0.77 on friendly targets (18 casts). The old guesses'
#: own Marble Forest casts (4 of the 36) measured -4.8 +- 1.5.
MEASURED: dict[str, tuple[float, float, int, int]] = {
    "sightless_eyes": (-0.57, 0.47, 60, 1),
    "polyceus_blessing": (-2.36, 0.82, 58, 1),  # the old guesses cast it in 7 of these 58 decisions
    "flicker:enemy": (-3.09, 1.61, 28, 2),  # unengaged enemies: their owner redeploys them where they like
    "flicker:friend": (-1.89, 3.62, 6, 2),
    "marble_forest": (-0.91, 1.08, 36, 2),  # enemy targets (1 round: -2.56 +- 1.24, 29 casts)
    "void_of_nebularis": (-0.85, 1.17, 36, 2),  # (1 round: -2.63 +- 1.11, 58 casts)
    "by_my_will": (0.47, 1.14, 30, 1),
    "raise_the_dead": (1.17, 1.16, 36, 2),  # (1 round: -0.92 +- 1.56, 28 casts: the new unit fights later)
}
#: a Weakness keyword set aside by By My Will on a friendly unit, and a unit kept from breaking: the guessed
#: shape, scaled to By My Will's measured mean (0.47 measured against 0.77 guessed)
WEAKNESS_WORTH = 0.3 * 0.6
NEAR_BREAK_WORTH = 1.0 * 0.6
WEAKNESSES = ("Berserk", "Cowardly", "Cursed", "Fragile", "Hollow", "Self-Destructive", "Short-Ranged", "Slow",
              "Unruly", "Weak", "Wild", "Immobile")


def _weight(u: dict[str, Any]) -> float:
    return max(0.5, min(2.0, float(u.get("points", 200)) / 200))


def _near_break(u: dict[str, Any]) -> bool:
    return int(u.get("doom", 0)) >= int(u.get("courage", 10)) - 2


def _closest_enemy(u: dict[str, Any], units: dict[str, dict[str, Any]]) -> float:
    return min((math.hypot(e["x"] - u["x"], e["y"] - u["y"]) for e in units.values()
                if e["side"] != u["side"] and e.get("status") == "ready"), default=99.0)


def _measured(case: str) -> float:
    return MEASURED[case][0]


def spell_worth(player: str, data: dict[str, Any], units: dict[str, dict[str, Any]],
                hand: int = 0) -> tuple[float, bool] | None:
    """(Expected worth, guessed?) of casting the option ``data`` for ``player`` (None: not one of these spells)."""
    effect = data.get("effect", "")
    hit = [units[i] for i in data.get("affects", []) if i in units]
    if effect in ("sightless_eyes", "polyceus_blessing", "marble_forest", "void_of_nebularis", "raise_the_dead"):
        if effect == "marble_forest" and any(u["side"] == player and _near_break(u) for u in hit):
            return 0.8 * _weight(hit[0]), True  # a friend about to break taken out of the fight: not measured
        return _measured(effect), False
    if effect == "flicker":
        total, guessed = 0.0, False
        for u in hit:
            if u.get("engaged"):  # pulled out of a fight: no measured casts yet
                guessed = True
                total += (1.2 * _weight(u) if _near_break(u) else -0.2) if u["side"] == player else _weight(u)
            else:
                total += _measured("flicker:friend" if u["side"] == player else "flicker:enemy")
        return total, guessed
    if effect == "by_my_will":
        total = 0.0
        for u in hit:
            held = sum(1 for w in WEAKNESSES if w in str(u.get("keywords", "")))
            total += (WEAKNESS_WORTH * held + (NEAR_BREAK_WORTH if _near_break(u) else 0.0)) * \
                (1 if u["side"] == player else -1)
        return total, False
    return None


def spell_value(player: str, data: dict[str, Any], units: dict[str, dict[str, Any]], hand: int = 0) -> float | None:
    """The worth alone (None: not one of these spells)."""
    found = spell_worth(player, data, units, hand)
    return None if found is None else found[0]

"""Plain worth estimates (Doom-equivalents) for the seven spells added last, for the casting AI to use.

``spell_value(player, data, units, hand=0)`` reads a cast option's ``Option.data`` and the view's units (as
``render.unit_data`` gives them); it returns None for effects it does not know, so a caller can fall back
to its own valuation. The numbers are rough, chosen by reasoning, not measured.
"""

from __future__ import annotations

import math
from typing import Any

#: a Weakness keyword set aside by By My Will is worth this much on a friendly unit
WEAKNESS_WORTH = 0.3
WEAKNESSES = ("Berserk", "Cowardly", "Cursed", "Fragile", "Hollow", "Self-Destructive", "Short-Ranged", "Slow",
              "Unruly", "Weak", "Wild", "Immobile")


def _weight(u: dict[str, Any]) -> float:
    return max(0.5, min(2.0, float(u.get("points", 200)) / 200))


def _near_break(u: dict[str, Any]) -> bool:
    return int(u.get("doom", 0)) >= int(u.get("courage", 10)) - 2


def _closest_enemy(u: dict[str, Any], units: dict[str, dict[str, Any]]) -> float:
    return min((math.hypot(e["x"] - u["x"], e["y"] - u["y"]) for e in units.values()
                if e["side"] != u["side"] and e.get("status") == "ready"), default=99.0)


def spell_value(player: str, data: dict[str, Any], units: dict[str, dict[str, Any]], hand: int = 0) -> float | None:
    """Expected worth of casting the option ``data`` for ``player`` (None: not one of these spells)."""
    effect = data.get("effect", "")
    hit = [units[i] for i in data.get("affects", []) if i in units]
    if effect == "polyceus_blessing":
        return 0.4 * min(hand, 3)  # about one card played per card held, up to three, this round
    if effect == "void_of_nebularis":
        return 0.8  # a Perilous area placed where enemies stand
    if effect == "raise_the_dead":
        return 1.0  # a unit that soaks an enemy's attacks for a round or two (2D6 Doom: often Broken soon)
    total = 0.0
    for u in hit:
        mine = u["side"] == player
        engaged = bool(u.get("engaged"))
        if effect == "flicker":
            # an enemy sent back out of a fight; a friend about to break pulled out of one
            total += (1.0 if engaged else 0.2) * _weight(u) if not mine else \
                (1.2 * _weight(u) if engaged and _near_break(u) else -0.2)
        elif effect == "marble_forest":
            total += (1.2 * _weight(u) if _closest_enemy(u, units) < 14 else 0.4) if not mine else \
                (0.8 * _weight(u) if _near_break(u) else -0.3)
        elif effect == "sightless_eyes":
            total += 0.4 if mine and "Ranged" in str(u.get("keywords", "")) else 0.0
        elif effect == "by_my_will":
            held = sum(1 for w in WEAKNESSES if w in str(u.get("keywords", "")))
            total += (WEAKNESS_WORTH * held + (1.0 if _near_break(u) else 0.0)) * (1 if mine else -1)
        else:
            return None
    return total

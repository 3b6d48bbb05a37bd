"""The AI's spell choices: each offered cast valued by its expected effect in Doom-equivalents, weighed
against keeping the Mercury for Force of Will re-rolls; units that ignore a spell add nothing."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

#: points of units one Doom-equivalent of a spell's effect is worth (a Doom on a 250-point, Courage 10 unit)
POINTS_PER_DOOM = 25.0
#: points a Mercury token kept for Force of Will is worth: a re-rolled miss hits about half the time and a hit
#: is worth a few points unless it breaks the unit (then the battle AI pays more); plenty banked, or the last
#: round, makes each token worth less
FORCE_OF_WILL_VALUE = 8.0
PLENTY = 8
PLENTY_VALUE = 5.0
LAST_ROUND_VALUE = 2.0
#: tokens beyond this many for each round left (this one too) are more than the game will use: each is worth
#: LAST_ROUND_VALUE, so they go on re-rolls and spells instead of ending the game unspent
USE_PER_ROUND = 3
#: a granted keyword's worth is a guess (KEYWORD_VALUE), a Force of Will re-roll's is not: a grant must buy this
#: many times what its Mercury would with Force of Will (measured: at 1 casting lost 71-82 to not casting over
#: 200 games, at 2.5 it won 79-76; never casting 85-84)
GUESSED = 2.5
#: a cast that leaves fewer tokens than this for Force of Will costs this much more (points)
RESERVE = 2
RESERVE_VALUE = 10.0
#: what a Fortune Card kept in hand is worth (points)
CARD_VALUE = 30.0
ROUNDS = 5

#: (value when the unit is fighting or about to, value otherwise) of a keyword on a friendly unit;
#: on an enemy unit the sign flips
KEYWORD_VALUE: dict[str, tuple[float, float]] = {
    "Hero": (0.5, 0.1), "Tough": (0.9, 0.1), "Courage": (0.5, 0.1), "Brutal": (0.6, 0.1), "Swift": (0.05, 0.12),
    "Devastating Charge": (0.3, 0.8), "Flying": (0.1, 0.4), "Berserk": (0.2, 0.1), "Fragile": (-0.8, -0.2),
    "Large": (-0.1, -0.1), "Undistractable": (0.2, 0.3), "Counts As Monster": (0.9, 0.2),
    "Unruly": (-0.3, -0.3), "Cowardly": (-0.6, -0.3), "Self-Destructive": (-0.5, -0.2),
}


def expected_discard(dice: str, doom: int) -> Fraction:
    """Exact expected Doom removed by a D3/D6 discard from a unit with ``doom`` tokens."""
    faces = [1, 1, 2, 2, 3, 3] if dice.upper() == "D3" else [1, 2, 3, 4, 5, 6]
    return Fraction(sum(min(f, doom) for f in faces), 6)


def _keyword(text: str) -> tuple[str, int]:
    name, _, rest = text.partition("[")
    digits = "".join(ch for ch in rest if ch.isdigit())
    return name.strip(), int(digits) if digits else 1


def _near(unit: dict[str, Any], units: dict[str, dict[str, Any]]) -> bool:
    """Fighting now, or an enemy within its Speed (a fight this round is likely)."""
    if unit.get("engaged"):
        return True
    reach = float(unit.get("speed", 6)) + 1
    return any(u["side"] != unit["side"] and u["status"] == "ready" and
               math.hypot(u["x"] - unit["x"], u["y"] - unit["y"]) <= reach for u in units.values())


def value(player: str, data: dict[str, Any], units: dict[str, dict[str, Any]]) -> float:
    """Expected worth of one cast (Doom-equivalents, weighted by the units' points)."""
    total = 0.0
    for uid in data.get("affects", []):
        u = units.get(uid)
        if u is None:
            continue
        weight = max(0.5, min(2.0, float(u.get("points", 200)) / 200))
        sign = 1.0 if u["side"] == player else -1.0
        if data.get("effect") == "discard_doom":
            doom = int(u.get("doom", 0))
            risk = min(1.0, doom / max(1, int(u.get("courage", 10))))  # Doom matters as it nears Courage
            total += sign * weight * risk * float(expected_discard(data.get("dice", "D6"), doom))
        elif data.get("effect") == "grant":
            near = _near(u, units)
            for text in data.get("keywords", []):
                name, n = _keyword(text)
                pair = KEYWORD_VALUE.get(name, (0.0, 0.0))
                total += sign * weight * (pair[0] if near else pair[1]) * n
    return total


def _as_seen_by(player: str, units: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The units with every Ally's unit counted as ``player``'s own (team play: allied units are friendly)."""
    team = next((u.get("team") for u in units.values() if u["side"] == player and u.get("team")), None)
    if team is None:
        return units
    return {uid: ({**u, "side": player} if u.get("team") == team else u) for uid, u in units.items()}


def _hand_size(view: Any, player: str) -> int:
    hand = view.state.get("sides", {}).get(player, {}).get("hand", 0)
    return len(hand) if isinstance(hand, list) else int(hand or 0)


def worth(player: str, data: dict[str, Any], units: dict[str, dict[str, Any]], hand: int = 0) -> tuple[float, bool]:
    """(Doom-equivalents, guessed?) of one cast: the Doom and keyword spells by :func:`value`, the spells that
    move, hide or make things by :func:`skirmish_hobgoblin.magic.value.spell_worth` (measured where it could be)."""
    effect = data.get("effect")
    if effect in ("discard_doom", "grant"):
        return value(player, data, units), effect == "grant"
    from skirmish_hobgoblin.magic.value import spell_worth

    found = spell_worth(player, data, units, hand)
    return (0.0, True) if found is None else found


def mercury_worth(view: Any, player: str) -> float:
    """What one Mercury token kept (for Force of Will, or a later spell) is worth now, in points."""
    if int(getattr(view, "game_round", 0) or 0) >= ROUNDS:
        return LAST_ROUND_VALUE  # unspent Mercury is worth nothing when the game ends
    mercury = int(view.state.get("sides", {}).get(player, {}).get("mercury", 0) or 0)
    left = ROUNDS - max(1, int(getattr(view, "game_round", 0) or 0)) + 1
    if mercury > USE_PER_ROUND * left:
        return LAST_ROUND_VALUE  # more than the rounds left will spend
    return PLENTY_VALUE if mercury >= PLENTY else FORCE_OF_WILL_VALUE


def choose(player: str, view: Any, decision: Any) -> Any:
    """The best cast worth more than the Force of Will its Mercury would buy, else stop casting."""
    units = _as_seen_by(player, {u["id"]: u for u in view.state.get("units", [])})
    hand = _hand_size(view, player)
    best, best_gain = "done", 0.0
    price = mercury_worth(view, player)
    mercury = int(view.state.get("sides", {}).get(player, {}).get("mercury", 0) or 0)
    last = int(getattr(view, "game_round", 0) or 0) >= ROUNDS
    for o in decision.options:
        data = dict(getattr(o, "data", {}) or {})
        if data.get("action") != "cast":
            continue
        cost = int(data.get("cost", 0))
        doom, guessed = worth(player, data, units, hand)
        factor = GUESSED if guessed else 1.0
        gain = POINTS_PER_DOOM * doom - factor * price * cost
        if mercury - cost < RESERVE and not last:
            gain -= RESERVE_VALUE  # nothing left for a Force of Will re-roll this round
        if data.get("card"):  # a Fortune Card spent too
            gain -= CARD_VALUE
        if gain > best_gain:
            best, best_gain = o.value, gain
    return best

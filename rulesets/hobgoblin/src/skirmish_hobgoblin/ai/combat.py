"""How the AI values a close combat or a shooting attack: the exact hit distributions of the odds code
(:func:`skirmish_hobgoblin.explain.die_outcomes` / ``hits_distribution``), turned into the chance that each
side breaks over two rounds of combat and weighed by the units' points."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from skirmish_hobgoblin.ai.board import Unit, keywords_of, memo

#: a unit that is not broken still carries its Doom into later fights: this share of the Doom it took counts
WEAR = 0.35
#: the dice of one shooting attack (the shooting cap of 5 dice) and the Doom it may place at most (shooting cap)
SHOTS = 5
SHOT_DOOM = 5
#: the dice caps when a unit is contacted on an edge other than its front (rulebook: flank and rear)
CAPS = {"side": 5, "rear": 3}


#: kept module-level (a bounded pure-math memo): dice, target number and die rules -> hit odds (numbers only)
@lru_cache(maxsize=4096)
def hits(dice: int, need: int, brutal: bool = False, crit: bool = False, cursed: bool = False) -> tuple[float, ...]:
    """P(hits == k) for k = 0..max, exact (from the odds code), as floats."""
    from skirmish_hobgoblin.explain import die_outcomes, hits_distribution

    need = max(2, min(6, need))
    dist = hits_distribution(max(0, dice), die_outcomes(need, brutal=brutal, cursed=cursed, crit=crit))
    top = max(dist) if dist else 0
    return tuple(float(dist.get(k, 0)) for k in range(top + 1))


#: kept module-level (a bounded pure-math memo): two distributions -> their sum's (numbers only)
@lru_cache(maxsize=4096)
def _convolve(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, p in enumerate(a):
        if p:
            for j, q in enumerate(b):
                out[i + j] += p * q
    return tuple(out)


def at_least(dist: tuple[float, ...], k: int) -> float:
    if k <= 0:
        return 1.0
    return sum(dist[k:]) if k < len(dist) else 0.0


def mean(dist: tuple[float, ...]) -> float:
    return sum(k * p for k, p in enumerate(dist))


def chart(view: Any, attacker_type: str, defender_type: str) -> int:
    try:
        return int(view.ruleset.chart.target(attacker_type, defender_type))
    except Exception:  # noqa: BLE001 - an unknown type in a homebrew: assume an even fight
        return 4


def breaks_at(unit: Unit, courage: int | None = None) -> int:
    """The Doom that breaks the unit now, or at Courage ``courage`` (Fragile: half its Courage, rounded up)."""
    if courage is None:
        courage = int(unit.get("courage", 10))
    return -(-courage // 2) if "Fragile" in keywords_of(unit) else courage


def strikes(unit: Unit) -> int:
    kw = keywords_of(unit)
    return max(1, 10 + (kw.get("Hero") or 0) - (kw.get("Weak") or 0))


def need_close(view: Any, me: Unit, them: Unit, charge: float = 0.0) -> int:
    kw = keywords_of(me)
    atype = "monster" if "Counts As Monster" in kw else str(me.get("type", ""))
    need = chart(view, atype, str(them.get("type", "")))
    if "Elite" in kw:
        need = max(2, need - 1)
    if "Devastating Charge" in kw and charge >= 6.0:
        need = max(2, need - 1)
    return need


def close_dist(view: Any, me: Unit, them: Unit, dice: int, charge: float = 0.0) -> tuple[float, ...]:
    kw = keywords_of(me)
    return hits(dice, need_close(view, me, them, charge), "Brutal" in kw, "Critical Hits" in kw, "Cursed" in kw)


@attrs.frozen
class _RulesOnly:
    """What the chart look-up reads of a view: its ruleset."""

    ruleset: Any


@attrs.frozen
class Fight:
    """Two rounds of close combat between ``me`` and ``them``: each side's chance to break and its points."""

    mine_break: float
    theirs_break: float
    mine_wear: float
    theirs_wear: float
    my_points: float
    their_points: float

    @property
    def value(self) -> float:
        """Points-weighted: what I expect to take minus what I expect to lose."""
        gain = self.theirs_break + WEAR * (1 - self.theirs_break) * self.theirs_wear
        loss = self.mine_break + WEAR * (1 - self.mine_break) * self.mine_wear
        return gain * self.their_points - loss * self.my_points


def _breaks(one: tuple[float, ...], two: tuple[float, ...], left: int, tough: int) -> tuple[float, float, float]:
    """(P break in round 1, P break by round 2, share of the Doom left worn off after round 1)."""
    p1 = at_least(one, left + tough)
    p2 = at_least(two, left + 2 * tough)
    worn = min(1.0, max(0.0, mean(one) - tough) / max(1, left))
    return p1, max(p1, p2), worn


def _profile(unit: Unit) -> tuple[Any, ...]:
    return (str(unit.get("type", "")), str(unit.get("keywords", "")), int(unit.get("doom", 0)),
            int(unit.get("courage", 10)), float(unit.get("points", 300)))


def fight(view: Any, me: Unit, them: Unit, edge: str = "front", charge: float = 0.0, *, my_edge: str = "front",
          my_dice: int | None = None, their_dice: int | None = None, last: bool = False) -> Fight:
    """``me`` in contact with ``edge`` of ``them`` (``them`` touching ``my_edge`` of me), fighting for up to two
    rounds; the first round with ``charge`` inches advanced (Devastating Charge). ``last``: the game's last combat,
    one round whose Doom left on a unit that stands counts for nothing."""
    state = view.state
    ids = state.get("_ai_ids")
    if ids is None:  # (built once per view: setdefault would build the set at every call)
        ids = state["_ai_ids"] = {u["id"] for u in state.get("units", [])}
    others = sum(1 for e in them.get("engaged", []) if e in ids and e != me.get("id"))
    key = (_profile(me), _profile(them), edge, charge >= 6.0, my_edge, my_dice, their_dice, others, last)
    fights = _fights(view)
    found = fights.get(key)
    if found is None:
        if len(fights) > 16384:
            fights.clear()
        found = fights[key] = _fight(view.ruleset, *key)
    return found


def _fights(view: Any) -> dict[Any, Fight]:
    """The fights worked out so far, by key: kept on the view's ruleset, as their values read nothing else (the
    chart through :class:`_RulesOnly`; bounded by :func:`fight`), so later games of a study find them; with no
    ruleset, the game's memo."""
    ruleset = getattr(view, "ruleset", None)
    if ruleset is None:
        return memo(view, "fights")
    try:
        return ruleset._hobgoblin_fights  # type: ignore[no-any-return]
    except AttributeError:
        kept: dict[Any, Fight] = {}
        ruleset._hobgoblin_fights = kept
        return kept


def _fight(ruleset: Any, me_p: tuple[Any, ...], them_p: tuple[Any, ...], edge: str, charged: bool, my_edge: str,
           my_dice: int | None, their_dice: int | None, others: int, last: bool = False) -> Fight:
    view = _RulesOnly(ruleset)
    me = dict(zip(("type", "keywords", "doom", "courage", "points"), me_p, strict=True))
    them = dict(zip(("type", "keywords", "doom", "courage", "points"), them_p, strict=True))
    charge = 6.0 if charged else 0.0
    mk, tk = keywords_of(me), keywords_of(them)
    mine = strikes(me) if my_dice is None else my_dice
    theirs = strikes(them) if their_dice is None else their_dice
    if their_dice is None:
        if others:  # it shares its dice (at least 3 each)
            theirs = max(3, theirs // (others + 1))
        theirs = min(theirs, CAPS.get(edge, theirs))
    mine = min(mine, CAPS.get(my_edge, mine))
    their_left = max(1, breaks_at(them) - int(them.get("doom", 0)) - (1 if edge != "front" else 0))
    my_left = max(1, breaks_at(me) - int(me.get("doom", 0)) - (1 if my_edge != "front" else 0))
    return _odds(mine, need_close(view, me, them, charge), need_close(view, me, them, 0.0), _dice_rules(mk),
                 theirs, need_close(view, them, me), _dice_rules(tk), their_left, my_left, tk.get("Tough") or 0,
                 mk.get("Tough") or 0, float(me.get("points", 300)), float(them.get("points", 300)), last)


def _dice_rules(kw: Any) -> tuple[bool, bool, bool]:
    """What :func:`hits` reads of an attacker's keywords: Brutal, Critical Hits, Cursed."""
    return "Brutal" in kw, "Critical Hits" in kw, "Cursed" in kw


#: kept module-level (a bounded pure-math memo): the dice, target numbers, dice rules, Doom left to break, Tough and
#: points of two units -> their two rounds' odds (numbers only: the chart was read before, see :func:`_fight`)
@lru_cache(maxsize=65536)
def _odds(mine: int, need: int, need_after: int, my_rules: tuple[bool, bool, bool], theirs: int, their_need: int,
          their_rules: tuple[bool, bool, bool], their_left: int, my_left: int, their_tough: int, my_tough: int,
          my_points: float, their_points: float, last: bool = False) -> Fight:
    r1 = hits(mine, need, *my_rules)
    r2 = _convolve(r1, hits(mine, need_after, *my_rules))
    e1 = hits(theirs, their_need, *their_rules)
    e2 = _convolve(e1, e1)
    t1, t2, t_worn = _breaks(r1, r2, their_left, their_tough)
    m1, m2, m_worn = _breaks(e1, e2, my_left, my_tough)
    if last:  # one round, and Doom on a unit left standing at the end is worth nothing
        return Fight(m1, t1, 0.0, 0.0, my_points, their_points)
    theirs_break = t1 + (1 - m1) * (t2 - t1)  # a second round only if both stand after the first
    mine_break = m1 + (1 - t1) * (m2 - m1)
    return Fight(mine_break, theirs_break, m_worn, t_worn, my_points, their_points)


def shot_value(view: Any, shooter: Unit, target: Unit, dice: int, need: int) -> float:
    """Points-weighted worth of a shooting attack: the chance it breaks the target plus the Doom it leaves
    (the shooting cap of 5 unless the target is a Skirmisher)."""
    dist = hits(dice, need)
    kw = keywords_of(target)
    doom = int(target.get("doom", 0))
    left = max(1, breaks_at(target) - doom)
    cap = 99 if "Skirmishers" in kw else max(0, 5 - doom)
    p_break = 0.0 if cap < left else at_least(dist, left)
    placed = sum(min(k, cap) * p for k, p in enumerate(dist))
    wear = min(1.0, placed / left)
    return float(target.get("points", 300)) * (p_break + WEAR * (1 - p_break) * wear)


def volleys_value(target: Unit, volleys: list[tuple[float, ...]], chance: float) -> float:
    """Points-weighted worth of several shooting attacks at ``target`` (each hit distribution exact), each made
    with ``chance``: the chance their hits together break it (shooting places at most 5 Doom on a unit in all,
    except on Skirmishers) plus the Doom they leave."""
    total: tuple[float, ...] = (1.0,)
    for d in volleys:
        mixed = tuple(chance * p + (1.0 - chance if k == 0 else 0.0) for k, p in enumerate(d))
        total = _convolve(total, mixed)
    doom = int(target.get("doom", 0))
    left = max(1, breaks_at(target) - doom)
    cap = 99 if "Skirmishers" in keywords_of(target) else max(0, SHOT_DOOM - doom)
    p_break = 0.0 if cap < left else at_least(total, left)
    placed = sum(min(k, cap) * p for k, p in enumerate(total))
    return float(target.get("points", 300)) * (p_break + WEAR * (1 - p_break) * min(1.0, placed / left))

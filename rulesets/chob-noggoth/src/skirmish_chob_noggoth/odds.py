"""Exact odds of Chob-Noggoth's dice, from the same per-die rules the game rolls with.

:func:`die_result` and :func:`save_holds` are what :mod:`skirmish_chob_noggoth.attacks`
applies to each die it rolls; the distributions here run every face of a die through them
and add up the dice with the core's exact dynamic programme (:class:`skirmish.dice.Distribution`),
so the odds a player asks for and the AI's expectations are the rules, not a copy of them.
Results are exact :class:`fractions.Fraction` s; :func:`wound_table` gives floats for scoring.

The ``lru_cache`` s here are pure memos of numbers (dice counts and target numbers in, odds out): the same for
every game, bounded, holding nothing of a game.
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from functools import lru_cache

from skirmish.dice import D6, Distribution, count_faces
from skirmish.dice import parse as parse_dice

MISS, HIT, CRITICAL = 0, 1, 2
FACES = tuple(range(1, 7))


def die_result(roll: int, need: int, modifier: int, critical: int) -> int:
    """One attack die: CRITICAL (wounds with no save) on ``critical``+, a natural 6 always hits,
    a natural 1 always misses, otherwise a HIT when roll + modifier reaches ``need``."""
    if roll >= critical:
        return CRITICAL
    if roll == 6:
        return HIT
    if roll == 1:
        return MISS
    return HIT if roll + modifier >= need else MISS


def save_holds(roll: int, need: int, bonus: int, above_wounds: int = 0) -> bool:
    """One saving throw: a natural 1 fails; a Monster (``above_wounds`` > 0) must beat its wounds."""
    if roll == 1:
        return False
    if above_wounds:
        return roll + bonus > above_wounds
    return roll + bonus >= need


def save_fails(need: int, bonus: int, above_wounds: int = 0) -> Fraction:
    """The chance one save fails."""
    return Fraction(_failing_faces(need, bonus, above_wounds), 6)


@lru_cache(maxsize=1024)
def _failing_faces(need: int, bonus: int, above_wounds: int = 0) -> int:
    """How many faces of the save's D6 fail it."""
    return sum(1 for r in FACES if not save_holds(r, need, bonus, above_wounds))


@lru_cache(maxsize=4096)
def _dice_tally(dice: int, need: int, modifier: int, critical: int) -> Distribution:
    """(criticals, other hits, natural 1s) of ``dice`` attack dice, as one core distribution."""
    base = dice + 1
    codes = []
    for face in FACES:
        result = die_result(face, need, modifier, critical)
        codes.append((1 if result == CRITICAL else 0) + (base if result == HIT else 0) + (base * base if face == 1
                                                                                             else 0))
    per_die = Distribution.uniform(codes)
    return per_die.repeat(dice)


@lru_cache(maxsize=8192)
def attack_odds(dice: int, need: int, modifier: int, critical: int, save: int, bonus: int, monster_wounds: int = 0,
                every_hit_wounds: bool = False) -> Distribution:
    """Exact distribution of (wounds caused, natural 1s rolled) by one attack.

    ``save`` is the target's save (ignored for a Monster, which must beat ``monster_wounds``,
    its wounds now); ``bonus`` is Hardened's +1. Criticals wound first, then each other hit
    allows one save in turn (a Monster's save gets easier as it loses wounds), as
    :func:`skirmish_chob_noggoth.attacks.attack` resolves them.
    """
    base = dice + 1
    if not monster_wounds:  # every save alike: fold it into each die and let the core add the dice up
        codes = []
        for face in FACES:
            result = die_result(face, need, modifier, critical)
            one = base if face == 1 else 0
            for save_roll in FACES:
                wounds = result == CRITICAL or (result == HIT and (every_hit_wounds
                                                                   or not save_holds(save_roll, save, bonus)))
                codes.append(int(wounds) + one)
        return Distribution.uniform(codes).repeat(dice).map(lambda code: (code % base, code // base))
    # exact counts out of tally.total * 6 ** dice ways (a hit's save is one more D6; fewer hits: the unrolled
    # saves' dice count every face)
    out: dict[tuple[int, int], int] = {}
    tally = _dice_tally(dice, need, modifier, critical)
    for code, ways in tally.counts.items():
        crits, rest = code % base, code // base
        hits, ones = rest % base, rest // base
        if every_hit_wounds:
            _add(out, (crits + hits, ones), ways * 6 ** dice)
            continue
        # saves one at a time: the ways to each number of failures, out of 6 ** hits
        fails: dict[int, int] = {0: 1}
        for _ in range(hits):
            nxt: dict[int, int] = {}
            for f, q in fails.items():
                left = max(1, monster_wounds - crits - f) if monster_wounds else 0
                failing = _failing_faces(save, bonus, left)
                _add(nxt, f + 1, q * failing)
                _add(nxt, f, q * (6 - failing))
            fails = nxt
        for f, q in fails.items():
            _add(out, (crits + f, ones), ways * q * 6 ** (dice - hits))
    return Distribution(out, tally.total * 6 ** dice)


def wounds_odds(dist: Distribution) -> Distribution:
    """Only the wounds of an :func:`attack_odds` distribution."""
    return dist.map(lambda o: o[0])


@lru_cache(maxsize=8192)
def wound_table(dice: int, need: int, modifier: int, critical: int, save: int, bonus: int, monster_wounds: int = 0,
                every_hit_wounds: bool = False, parry: bool = False) -> tuple[tuple[int, int, float], ...]:
    """(wounds on the target, wounds back on the attacker from Parry, chance) as floats, for scoring."""
    dist = attack_odds(dice, need, modifier, critical, save, bonus, monster_wounds, every_hit_wounds)
    out: dict[tuple[int, int], float] = {}
    total = dist.total
    for (wounds, ones), ways in dist.counts.items():  # ways / total: the float of the exact chance
        key = (wounds, ones if parry else 0)
        out[key] = out.get(key, 0.0) + ways / total
    return tuple((a, b, p) for (a, b), p in out.items())


@lru_cache(maxsize=256)
def morale_holds(dice: int, pass_on: int) -> Fraction:
    """A morale check of ``dice`` D6 holds: any die shows ``pass_on`` or more."""
    if dice <= 0:
        return Fraction(0)
    return count_faces(D6, dice, [f for f in FACES if f >= pass_on]).at_least(1)


@lru_cache(maxsize=256)
def any_face(dice: int, faces: tuple[int, ...]) -> Fraction:
    """At least one of ``dice`` D6 shows one of ``faces`` (a stop test's 6, a Reebus 6)."""
    if dice <= 0 or not faces:
        return Fraction(0)
    return count_faces(D6, dice, list(faces)).at_least(1)


@lru_cache(maxsize=256)
def dice_odds(expr: str) -> Distribution:
    """The distribution of a dice expression from the content ("d6", "2d6", "d3+2")."""
    return parse_dice(expr).distribution()


@lru_cache(maxsize=1024)
def contest_won(mine: int, theirs: int, die: str) -> Fraction:
    """Chance a side with ``mine`` points beats one with ``theirs`` in the Divine Intervention roll-off
    (each rolls ``die`` and adds its points; a tie hears nobody; a side alone with points is heard)."""
    if mine <= 0:
        return Fraction(0)
    if theirs <= 0:
        return Fraction(1)
    margins, at_least = _margins(die)
    return at_least[bisect_right(margins, theirs - mine)]  # the margins d with d + mine > theirs


@lru_cache(maxsize=64)
def _margins(die: str) -> tuple[tuple[int, ...], tuple[Fraction, ...]]:
    """How far one roll of ``die`` beats another, ascending, and the exact chance of beating by each margin or
    more (a suffix sum of :class:`Fraction` s: the same number as adding up the margins above a mark)."""
    diff = dice_odds(die) - dice_odds(die)
    margins = sorted(diff)
    at_least = [Fraction(0)] * (len(margins) + 1)
    for i in range(len(margins) - 1, -1, -1):
        at_least[i] = at_least[i + 1] + diff[margins[i]]
    return tuple(margins), tuple(at_least)


def _add(into: dict, key: object, p: Fraction | int) -> None:
    if p:
        into[key] = into.get(key, 0) + p

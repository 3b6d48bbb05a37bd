"""Exact odds (odds.py): the per-die rules the attacks roll with, added up by the core's DP."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from skirmish_chob_noggoth import odds


def test_die_result_natural_six_always_hits_and_one_always_misses() -> None:
    assert odds.die_result(6, 6, -3, 6) == odds.CRITICAL
    assert odds.die_result(1, 2, +3, 6) == odds.MISS
    assert odds.die_result(4, 5, +1, 6) == odds.HIT
    assert odds.die_result(5, 4, 0, 5) == odds.CRITICAL  # a house rule's critical on 5+


def _brute(dice: int, need: int, modifier: int, save: int, bonus: int, monster: int) -> dict[tuple[int, int], Fraction]:
    """Every attack roll and every save roll, counted one by one, resolved as attacks.attack does."""
    out: dict[tuple[int, int], Fraction] = {}
    for rolls in itertools.product(range(1, 7), repeat=dice):
        results = [odds.die_result(r, need, modifier, 6) for r in rolls]
        crits, hits, ones = results.count(odds.CRITICAL), results.count(odds.HIT), rolls.count(1)
        for saves in itertools.product(range(1, 7), repeat=hits):
            wounds = crits
            for r in saves:
                left = max(1, monster - wounds) if monster else 0
                if not odds.save_holds(r, save, bonus, left):
                    wounds += 1
            p = Fraction(1, 6 ** (dice + hits))
            out[(wounds, ones)] = out.get((wounds, ones), Fraction(0)) + p
    return out


@pytest.mark.parametrize(("dice", "need", "modifier", "save", "bonus", "monster"),
                         [(2, 4, 0, 3, 0, 0), (3, 5, -1, 4, 1, 0), (2, 2, 0, 0, 0, 4), (3, 3, 1, 0, 1, 3)])
def test_attack_odds_match_counting_every_roll(dice: int, need: int, modifier: int, save: int, bonus: int,
                                               monster: int) -> None:
    exact = odds.attack_odds(dice, need, modifier, 6, save, bonus, monster)
    assert dict(exact.items()) == _brute(dice, need, modifier, save, bonus, monster)


def test_every_hit_wounds_skips_saves() -> None:
    dist = odds.wounds_odds(odds.attack_odds(2, 2, 0, 6, 2, 1, 0, True))
    assert dist[2] == Fraction(25, 36)


def test_morale_and_stop_odds() -> None:
    assert odds.morale_holds(2, 5) == 1 - Fraction(4, 6) ** 2
    assert odds.any_face(3, (6,)) == 1 - Fraction(5, 6) ** 3


def test_contest_odds_of_the_divine_roll_off() -> None:
    assert odds.contest_won(3, 0, "d6") == 1 and odds.contest_won(0, 3, "d6") == 0
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + 4 > b + 2)
    assert odds.contest_won(4, 2, "d6") == Fraction(wins, 36)


@pytest.mark.parametrize("die", ["d6", "2d6", "d12"])
def test_contest_odds_add_up_the_winning_margins(die: str) -> None:
    diff = odds.dice_odds(die) - odds.dice_odds(die)
    for mine, theirs in itertools.product(range(1, 30), repeat=2):
        want = sum((p for d, p in diff.items() if d + mine > theirs), Fraction(0))
        assert odds.contest_won(mine, theirs, die) == want

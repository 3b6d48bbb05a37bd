"""Exact odds: distributions, sums, pools (against icepool), custom dice."""

from __future__ import annotations

import itertools
import timeit
from collections import Counter
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.dice import (
    CustomDie,
    Die,
    Distribution,
    count_faces,
    custom_die_distribution,
    d66_distribution,
    die_distribution,
    pool_hits,
    sum_distribution,
    tally_distribution,
)
from skirmish.errors import DiceError

GOBLIN = CustomDie("goblin", ("star", "star", "blank", "blank", "essence", "uprising"))


def brute(faces_per_die: list[tuple], fn=sum) -> Distribution:
    return Distribution(Counter(fn(combo) for combo in itertools.product(*faces_per_die)))


# -- Distribution -------------------------------------------------------------


def test_distribution_reading():
    d = die_distribution(6)
    assert dict(d) == {v: F(1, 6) for v in range(1, 7)}
    assert d.mean() == F(7, 2) and d.variance() == F(35, 12)
    assert d.at_least(5) == F(1, 3) and d.at_most(2) == F(1, 3)
    assert d.prob(7) == 0 and 7 not in d and d.outcomes == (1, 2, 3, 4, 5, 6)
    assert d.cdf()[3] == F(1, 2)
    assert d.table()[4] == (5, F(1, 6), F(1, 3))
    assert "at least" in d.format_table() and "33.33%" in d.format_table()
    assert d.counts == {v: 1 for v in range(1, 7)} and d.total == 6


def test_distribution_arithmetic():
    d6 = die_distribution(6)
    assert d6 + d6 == sum_distribution(2, 6)
    assert sum([d6, d6, d6]) == sum_distribution(3, 6)
    assert (d6 + 2).outcomes == (3, 4, 5, 6, 7, 8)
    assert (d6 - d6).mean() == 0 and (d6 - d6)[0] == F(1, 6)
    assert (-d6).outcomes == (-6, -5, -4, -3, -2, -1)
    assert d6.repeat(4) == sum_distribution(4, 6) and d6.repeat(0) == Distribution.point(0)
    assert d6.map(lambda v: v % 2) == Distribution({0: 1, 1: 1})


def test_distribution_equality_ignores_common_factors():
    assert Distribution({1: 2, 2: 2}) == Distribution({1: 1, 2: 1})
    assert hash(Distribution({1: 2, 2: 2})) == hash(Distribution({1: 1, 2: 1}))
    assert Distribution({1: 1, 2: 1}) != Distribution({1: 1, 2: 2})
    assert Distribution.from_probabilities({0: F(1, 3), 1: F(2, 3)}) == Distribution({0: 1, 1: 2})


def test_distribution_refuses_bad_counts():
    with pytest.raises(DiceError, match="add up"):
        Distribution({1: 1, 2: 1}, total=3)
    with pytest.raises(DiceError, match="negative"):
        Distribution({1: -1, 2: 2})
    with pytest.raises(DiceError, match="exactly 1"):
        Distribution.from_probabilities({1: F(1, 2)})


# -- sums ---------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(n=st.integers(0, 4), sides=st.integers(2, 10))
def test_sum_distribution_matches_brute_force(n, sides):
    d = sum_distribution(n, sides)
    assert sum(d.values()) == 1
    assert d == brute([tuple(range(1, sides + 1))] * n)
    assert d.mean() == F(n * (sides + 1), 2)


def test_sum_distribution_known_values_and_limits():
    assert sum_distribution(2, 6)[7] == F(1, 6)
    assert sum_distribution(3, 6).at_least(18) == F(1, 216)
    assert die_distribution(3) == Distribution.uniform(Die(3).faces)
    with pytest.raises(DiceError, match="too many outcomes"):
        sum_distribution(1000, 1000)
    with pytest.raises(DiceError, match="1001 dice"):
        sum_distribution(1001, 6)


def test_d66_distribution():
    d = d66_distribution()
    assert len(d) == 36 and set(d.values()) == {F(1, 36)}
    assert min(d) == 11 and max(d) == 66 and 17 not in d and d.mean() == F(77, 2)


# -- pools --------------------------------------------------------------------


def test_pool_hits_known_values():
    assert pool_hits(1, 4) == Distribution({0: 1, 1: 1})
    assert pool_hits(1, 4, reroll="misses")[1] == F(3, 4)
    assert pool_hits(1, 4, reroll="ones")[1] == F(1, 2) + F(1, 6) * F(1, 2)
    assert pool_hits(2, 7)[2] == F(1, 36)  # natural 6s only
    assert pool_hits(2, 7, natural=False) == Distribution.point(0)
    assert pool_hits(1, 5, extra_on_six=1) == Distribution({0: 4, 1: 1, 2: 1})
    assert pool_hits(0, 4) == Distribution.point(0)
    assert pool_hits(3, 4, modifier=1) == pool_hits(3, 3)


def test_pool_hits_bad_options():
    with pytest.raises(DiceError, match="unknown re-roll"):
        pool_hits(3, 4, reroll="sixes")
    with pytest.raises(DiceError, match="1001 dice"):
        pool_hits(1001, 4)
    with pytest.raises(DiceError, match="too many outcomes"):
        pool_hits(1000, 4, extra_on_six=100)


def icepool_hits(n, target, sides, natural, modifier, reroll, extra_on_six):
    """The same question asked of icepool, written independently of skirmish."""
    icepool = pytest.importorskip("icepool")

    def hits(v: int) -> int:
        if natural and v == 1:
            return 0
        if v + modifier >= target or (natural and v == sides):
            return 1 + extra_on_six if v == sides else 1
        return 0

    again = {
        "none": [],
        "misses": [v for v in range(1, sides + 1) if hits(v) == 0],
        "hits": [v for v in range(1, sides + 1) if hits(v) > 0],
        "ones": [1],
    }[reroll]
    die = icepool.d(sides)
    if again and len(again) < sides:  # re-rolling every face once changes nothing (icepool divides by zero)
        die = die.reroll(again, depth=1)
    return n @ die.map(hits)


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(0, 12),
    target=st.integers(1, 9),
    sides=st.sampled_from([3, 6, 8, 10]),
    natural=st.booleans(),
    modifier=st.integers(-2, 2),
    reroll=st.sampled_from(["none", "misses", "hits", "ones"]),
    extra_on_six=st.integers(0, 2),
)
def test_pool_hits_matches_icepool_exactly(n, target, sides, natural, modifier, reroll, extra_on_six):
    oracle = icepool_hits(n, target, sides, natural, modifier, reroll, extra_on_six)
    ours = pool_hits(
        n, target, sides=sides, natural=natural, modifier=modifier, reroll=reroll, extra_on_six=extra_on_six
    )
    assert sum(ours.values()) == 1
    expected = {o: oracle.probability(o) for o in oracle.outcomes() if oracle.probability(o)}
    assert dict(ours) == expected


def test_pool_hits_is_fast():
    pool_hits(10, 4, reroll="misses", extra_on_six=1)
    per_call = min(timeit.repeat(lambda: pool_hits(10, 4, reroll="misses", extra_on_six=1), number=50, repeat=3)) / 50
    assert per_call < 0.002  # about 0.03 ms here; generous for slow machines


# -- custom dice --------------------------------------------------------------


def test_custom_die_distribution():
    d = custom_die_distribution(GOBLIN)
    assert dict(d) == {"star": F(1, 3), "blank": F(1, 3), "essence": F(1, 6), "uprising": F(1, 6)}
    assert d.outcomes == ("star", "blank", "essence", "uprising")


@settings(max_examples=30, deadline=None)
@given(n=st.integers(0, 4), faces=st.sets(st.sampled_from(GOBLIN.labels), min_size=1))
def test_count_faces_matches_brute_force(n, faces):
    d = count_faces(GOBLIN, n, faces)
    assert sum(d.values()) == 1
    assert d == brute([GOBLIN.faces] * n, lambda combo: sum(f in faces for f in combo))


def test_count_faces_single_label_numbered_dice_and_errors():
    assert count_faces(GOBLIN, 2, "star")[2] == F(1, 9)
    assert count_faces(Die(6), 3, {5, 6}) == pool_hits(3, 5)
    with pytest.raises(DiceError, match="not faces"):
        count_faces(GOBLIN, 2, {"skull"})


@settings(max_examples=20, deadline=None)
@given(n=st.integers(0, 4))
def test_tally_distribution_matches_brute_force(n):
    def tally(combo):
        return tuple((f, combo.count(f)) for f in GOBLIN.labels if f in combo)

    d = tally_distribution(GOBLIN, n)
    assert sum(d.values()) == 1
    assert d == brute([GOBLIN.faces] * n, tally)


def test_tally_distribution_limit():
    with pytest.raises(DiceError, match="too many outcomes"):
        tally_distribution(GOBLIN, 1000)


def test_exact_odds_are_bounded_by_their_cost_including_the_size_of_the_numbers() -> None:
    # 1000 dice of 1000 sides: few steps, but on integers of thousands of digits (seconds of work)
    with pytest.raises(DiceError, match="too many outcomes to compute exactly in good time"):
        pool_hits(1000, 500, sides=1000, reroll="misses")
    assert sum(pool_hits(300, 4, reroll="misses").values()) == 1  # big, but cheap enough

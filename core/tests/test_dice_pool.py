"""Dice pools: hits, the natural 6/1 rule, extra hits, modifiers and re-rolls."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.dice import Distribution, PoolResult, Reroll, pool_hits, reroll, roll_pool
from skirmish.errors import DiceError
from skirmish.events import EventLog
from skirmish.rng import GameRNG


def loaded(*values: int) -> tuple[GameRNG, EventLog]:
    log = EventLog()
    rng = GameRNG(3, log=log, strict=True)
    rng.load(values)
    return rng, log


def test_hits_on_target_and_up():
    rng, log = loaded(6, 1, 4, 3)
    result = roll_pool(rng, 4, 4, rule="Shooting", why="bolters")
    assert result.values == (6, 1, 4, 3) and result.hits == 2 and result.misses == 2
    assert [result.is_hit(i) for i in range(4)] == [True, False, True, False]
    assert len(log.events) == 1 and log.events[0].rule == "Shooting" and "bolters" in log.events[0].text


def test_extra_hits_per_six():
    rng, _ = loaded(6, 6, 4, 1)
    assert roll_pool(rng, 4, 4, extra_on_six=1).hits == 5
    rng, _ = loaded(6, 2)
    assert roll_pool(rng, 2, 4, extra_on_six=2).hits == 3


def test_modifier_moves_each_die():
    rng, _ = loaded(3, 3, 2, 6)
    assert roll_pool(rng, 4, 4, modifier=+1).hits == 3
    rng, _ = loaded(4, 5, 6)
    assert roll_pool(rng, 3, 4, modifier=-1).hits == 2


def test_natural_six_always_hits_and_natural_one_always_misses():
    rng, _ = loaded(6, 5)
    assert roll_pool(rng, 2, 7).hits == 1  # needs a 7: only the natural 6
    rng, _ = loaded(6, 5)
    assert roll_pool(rng, 2, 7, natural=False).hits == 0
    rng, _ = loaded(1, 2)
    assert roll_pool(rng, 2, 2, modifier=+1).hits == 1  # a 1 still misses
    rng, _ = loaded(1, 2)
    assert roll_pool(rng, 2, 2, modifier=+1, natural=False).hits == 2
    rng, _ = loaded(6)
    assert roll_pool(rng, 1, 4, modifier=-3, extra_on_six=1).hits == 2  # natural 6 hits and scores the extra


def test_empty_pool_and_limits():
    assert roll_pool(GameRNG(), 0, 4).hits == 0
    with pytest.raises(DiceError, match="1001 dice"):
        roll_pool(GameRNG(), 1001, 4)
    with pytest.raises(DiceError, match="target 0"):
        roll_pool(GameRNG(), 3, 0)
    with pytest.raises(DiceError, match="extra hits"):
        roll_pool(GameRNG(), 3, 4, extra_on_six=-1)


def test_reroll_misses_keeps_both_results_in_result_and_log():
    rng, log = loaded(6, 1, 4, 2, 5, 3)
    first = roll_pool(rng, 4, 4, why="to hit")
    again = reroll(rng, first, "misses", rule="Re-roll misses")
    assert first.values == (6, 1, 4, 2) and first.hits == 2  # unchanged
    assert again.values == (6, 5, 4, 3) and again.hits == 3
    assert again.original == (6, 1, 4, 2)
    assert again.rerolls == (Reroll(1, 1, 5), Reroll(3, 2, 3))
    assert again.rerolled == {1, 3}
    assert [e.data["values"] for e in log.events] == [[6, 1, 4, 2], [5, 3]]
    assert log.events[1].rule == "Re-roll misses" and "was 1 2" in log.events[1].text
    assert again.describe() == "6 1 4 2 | re-rolled 1->5 2->3 = 3 hits"


def test_a_die_is_rerolled_at_most_once_by_default():
    rng, log = loaded(1, 2, 3, 1)
    once = reroll(rng, roll_pool(rng, 2, 4), "misses")
    assert once.values == (3, 1) and once.hits == 0
    assert reroll(rng, once, "misses") is once  # nothing left to re-roll; no die consumed
    assert len(log.events) == 2
    with pytest.raises(DiceError, match="already been re-rolled"):
        reroll(rng, once, [0])
    rng.load([5, 6])
    twice = reroll(rng, once, "misses", again=True)
    assert twice.values == (5, 6) and twice.original == (1, 2)
    assert [r.index for r in twice.rerolls] == [0, 1, 0, 1]


def test_reroll_hits_ones_and_chosen_dice():
    rng, _ = loaded(6, 1, 4, 1, 2, 2, 3, 5)
    result = roll_pool(rng, 4, 4)
    ones = reroll(rng, result, "ones")
    assert ones.values == (6, 2, 4, 2) and ones.rerolled == {1, 3}
    hits = reroll(rng, result, "hits")
    assert hits.values == (3, 1, 5, 1) and hits.rerolled == {0, 2} and hits.hits == 1


def test_reroll_chosen_indexes_and_errors():
    rng, _ = loaded(2, 3, 4, 6)
    result = roll_pool(rng, 3, 4)
    chosen = reroll(rng, result, [2])
    assert chosen.values == (2, 3, 6) and chosen.rerolls == (Reroll(2, 4, 6),)
    with pytest.raises(DiceError, match="no die 5"):
        reroll(rng, result, [5])
    with pytest.raises(DiceError, match="named twice"):
        reroll(rng, result, [0, 0])
    with pytest.raises(DiceError, match="cannot re-roll 'sixes'"):
        reroll(rng, result, "sixes")


def test_pool_result_is_frozen_and_hits_are_computed():
    result = PoolResult((6, 5, 1), 5, extra_on_six=1)
    assert result.hits == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.hits = 9  # type: ignore[misc]
    assert dataclasses.replace(result, target=6).hits == 2


options = st.fixed_dictionaries(
    {
        "target": st.integers(1, 9),
        "sides": st.sampled_from([3, 6, 8]),
        "natural": st.booleans(),
        "modifier": st.integers(-2, 2),
        "reroll": st.sampled_from(["none", "misses", "hits", "ones"]),
        "extra_on_six": st.integers(0, 2),
    }
)


@settings(max_examples=60, deadline=None)
@given(opts=options)
def test_one_die_rolled_every_way_matches_the_exact_odds(opts):
    """Enumerate every first roll (and re-roll) with loaded dice: the counts are pool_hits(1, ...)."""
    sides, kind = opts["sides"], opts["reroll"]
    pool_opts = {k: v for k, v in opts.items() if k not in ("target", "reroll")}
    counts: dict[int, int] = {}
    for first in range(1, sides + 1):
        rng = GameRNG(strict=True)
        rng.load([first])
        result = roll_pool(rng, 1, opts["target"], **pool_opts)
        if kind == "none" or reroll(GameRNG(), result, kind, again=True) is result:
            counts[result.hits] = counts.get(result.hits, 0) + sides
            continue
        for second in range(1, sides + 1):
            rng.load([second])
            hits = reroll(rng, result, kind).hits
            counts[hits] = counts.get(hits, 0) + 1
    assert Distribution(counts, sides * sides) == pool_hits(1, **opts)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(0, 30), target=st.integers(2, 6))
def test_seeded_pools_are_deterministic(seed, n, target):
    def go() -> PoolResult:
        rng = GameRNG(seed)
        return reroll(rng, roll_pool(rng, n, target), "misses")

    assert go() == go()
    assert 0 <= go().hits <= n

"""The random army generator: always valid, never over budget, within one price step of it."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish import GameRNG, SetupError
from skirmish_hobgoblin.army import army_cost, validate
from skirmish_hobgoblin.army_random import random_army
from skirmish_hobgoblin.content import load_content

CONTENT = load_content()
STEP = 25  # every listed cost and base cost is a multiple of 25


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(budget=st.integers(min_value=100, max_value=6000), seed=st.integers(min_value=0, max_value=2**32))
def test_random_army_always_valid_and_close(budget, seed):
    army = random_army(CONTENT, budget, random.Random(seed))
    cost = army_cost(army, CONTENT)
    assert validate(army, CONTENT) == []
    assert budget - STEP < cost <= budget
    assert army.points == budget


@settings(max_examples=20, deadline=None)
@given(budget=st.sampled_from([3000, 4500, 6000]), seed=st.integers(min_value=0, max_value=2**32))
def test_random_army_for_him_has_no_wizard(budget, seed):
    army = random_army(CONTENT, budget, random.Random(seed), him=True)
    assert validate(army, CONTENT, him=True) == []
    assert not any("Wizard" in k for u in army.units for k in u.keywords)


def test_random_armies_buy_wizards_with_an_allegiance():
    """A Wizard needs an Abyssal Allegiance (given last), so its purchase is checked with one, not refused."""
    armies = [random_army(CONTENT, 3000, random.Random(seed)) for seed in range(40)]
    wizards = [u for a in armies for u in a.units if any("Wizard" in k for k in u.keywords)]
    assert len(wizards) >= 5
    assert all(u.allegiance for u in wizards)
    assert all(validate(a, CONTENT) == [] for a in armies)


def test_same_seed_same_army():
    assert random_army(CONTENT, 3000, random.Random(7)) == random_army(CONTENT, 3000, random.Random(7))


def test_game_rng_works():
    army = random_army(CONTENT, 3000, GameRNG(3))
    assert validate(army, CONTENT) == []


def test_budget_too_small():
    with pytest.raises(SetupError, match="99 points buy no unit: the cheapest costs 100"):
        random_army(CONTENT, 99, random.Random(1))


def test_generator_follows_changed_content():
    """A house rule that makes Beasts cost 1,000 leaves 3,000-point random armies valid under it."""
    dear = load_content(extra={"units": {"beasts": {"points": 1000}}, "building": {"max_weaknesses": 0}})
    for seed in range(5):
        army = random_army(dear, 3000, random.Random(seed))
        assert validate(army, dear) == []
        assert all(not dear.keywords[dear.ref(k).id].is_weakness for u in army.units for k in u.keywords)


def test_him_points_by_level():
    from skirmish_hobgoblin.army import him_points

    assert [him_points(CONTENT, 3000, lv) for lv in ("easy", "normal", "hardcore")] == [3000, 4500, 6000]
    assert him_points(CONTENT, 3050, "normal") == 4575
    with pytest.raises(SetupError, match="unknown difficulty 'brutal'"):
        him_points(CONTENT, 3000, "brutal")


def test_him_army_builtin_or_random():
    from skirmish_hobgoblin.army import him_armies
    from skirmish_hobgoblin.army_random import him_army

    assert him_army(CONTENT, "normal", 3000) == him_armies()["normal"]
    other = him_army(CONTENT, "hardcore", 2000, random.Random(4))
    assert other.points == 4000 and validate(other, CONTENT, him=True) == []
    assert 4000 - STEP < army_cost(other, CONTENT) <= 4000
    with pytest.raises(SetupError, match="a random one needs dice"):
        him_army(CONTENT, "easy", 2000)


@settings(max_examples=15, deadline=None)
@given(budget=st.integers(min_value=100, max_value=4000), seed=st.integers(min_value=0, max_value=2**32))
def test_random_army_toml_round_trip(budget, seed, tmp_path_factory):
    from skirmish_hobgoblin.army import army_to_toml, load_army

    army = random_army(CONTENT, budget, random.Random(seed))
    path = tmp_path_factory.mktemp("armies") / "a.toml"
    path.write_text(army_to_toml(army), encoding="utf-8")
    assert load_army(path) == army

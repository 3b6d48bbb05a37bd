"""`skirmish balance hobgoblin`: random armies per seed, each on its own budget, and what an army holds, priced
so that the features add up to the army's points."""

from __future__ import annotations

from skirmish import Registry
from skirmish.testing import check_balance_model
from skirmish_hobgoblin.balance_model import BASELINE_TYPE, LOWEST_SHARE, POINTS, TOGETHER, model
from skirmish_hobgoblin.rules import Hobgoblin


def test_the_model_is_registered_for_hobgoblin():
    from skirmish.studies.balance import balance_model

    assert isinstance(balance_model(Registry(), "hobgoblin"), type(model()))


def test_random_armies_repeat_by_seed_and_each_side_has_a_budget_of_its_own():
    m = model()
    costs = set()
    for seed in range(4):
        setup = m.random_setup(seed)
        assert setup == m.random_setup(seed) and setup["points"] == POINTS
        for seat in setup["armies"]:
            features, cost = m.features(setup, seat)
            assert POINTS * LOWEST_SHARE - 60 <= cost <= POINTS
            assert sum(v for k, v in features.items() if k.startswith("type ")) == len(setup["armies"][seat]["units"])
            costs.add(cost)
    assert len(costs) >= 4  # the price difference varies between games, so worth and price can be told apart


def test_features_at_their_printed_prices_add_up_to_the_army_cost():
    assert check_balance_model(Hobgoblin(), model(), range(60)) == 120  # two armies a seed


def test_a_keyword_counts_the_keyword_cost_multiplier_of_the_unit_that_bought_it():
    m = model()
    content = Hobgoblin().content
    setup = {"armies": {"a": {"name": "x", "points": 3000, "units": [
        {"type": "Monster", "name": "m", "width": 50, "depth": 100, "keywords": ["Elite", "Hero [+1]"],
         "general": True},
        {"type": "Light Infantry", "name": "l", "width": 120, "depth": 40, "keywords": ["Elite"],
         "battle_standard": True}]}}}
    features, cost = m.features(setup, "a")
    assert content.units["monster"].multiplier == 2 and content.units["light-infantry"].multiplier == 1
    assert features["keyword Elite"] == 3 and features["keyword Hero [+1]"] == 2
    assert features["general on Monster"] == 1 and TOGETHER not in features
    assert not any(k.startswith("battle standard on") for k in features)  # on the baseline type
    assert cost == 600 + 300 + 100 * 3 + 50 * 2
    assert m.prices()["keyword Elite"] == 100 and m.prices()["type Monster"] == 600


def test_general_and_battle_standard_are_counted_against_a_baseline_type_and_cost_nothing():
    m = model()
    prices = m.prices()
    base = Hobgoblin().content.units[BASELINE_TYPE].name
    assert f"general on {base}" not in prices and f"battle standard on {base}" not in prices
    assert all(v == 0 for k, v in prices.items() if k.startswith(("general on", "battle standard")))
    assert "keyword General" not in prices and "keyword Battle Standard" not in prices
    assert base in m.notes()[1]


def test_one_unit_holding_both_general_and_battle_standard_is_its_own_feature():
    m = model()
    setup = {"armies": {"a": {"name": "x", "points": 3000, "units": [
        {"type": "Heavy Infantry", "name": "h", "width": 120, "depth": 40, "general": True,
         "battle_standard": True}]}}}
    features, cost = m.features(setup, "a")
    assert features == {"type Heavy Infantry": 1, "general on Heavy Infantry": 1,
                        "battle standard on Heavy Infantry": 1, TOGETHER: 1}
    assert cost == 350


def test_an_abyssal_allegiance_is_counted_against_the_baseline_allegiance_at_no_cost():
    from skirmish_hobgoblin.balance_model import baseline_allegiance

    m = model()
    prices = m.prices()
    assert f"allegiance {baseline_allegiance()}" not in prices
    assert prices["allegiance Gomb"] == 0 and len([k for k in prices if k.startswith("allegiance ")]) == 8

    def wizard(allegiance: str) -> dict:
        return {"type": "Light Infantry", "name": allegiance or "w", "width": 120, "depth": 40,
                "keywords": ["Wizard"], "allegiance": allegiance}

    setup = {"armies": {"a": {"name": "x", "points": 3000, "units": [
        {**wizard("gomb"), "general": True, "battle_standard": True}, wizard(baseline_allegiance())]}}}
    features, _ = m.features(setup, "a")
    assert features["allegiance Gomb"] == 1  # spelt as the spell list spells it
    assert not any(k == f"allegiance {baseline_allegiance()}" for k in features)
    assert features["keyword Wizard"] == 2
    assert "Ljudlös" in m.notes()[2]

"""`skirmish balance chob-noggoth`: random warbands per seed and what a warband holds."""

from __future__ import annotations

from skirmish import Game, Registry
from skirmish.testing import check_balance_model
from skirmish_chob_noggoth.balance_model import BUDGETS, model
from skirmish_chob_noggoth.rules import ChobNoggoth


def test_the_model_is_registered_for_chob_noggoth_only():
    from skirmish.studies.balance import balance_model

    registry = Registry()
    assert isinstance(balance_model(registry, "chob-noggoth"), type(model()))


def test_random_warbands_are_valid_spend_their_budget_and_repeat_by_seed():
    m = model()
    costs = set()
    for seed in range(12):
        setup = m.random_setup(seed)
        assert setup == m.random_setup(seed)
        game = Game(ChobNoggoth(), setup, seed=seed)
        for seat in game.players:
            features, cost = m.features(setup, seat)
            hired = setup["warbands"][seat]["warriors"]
            assert game.state.warriors and sum(v for k, v in features.items()
                                               if k.startswith(("type ", "mercenary "))) == len(hired)
            assert BUDGETS[0] - 1 <= cost <= BUDGETS[1]
            costs.add(cost)
    assert len(costs) >= 3  # budgets differ, so the worth of a feature can be told from its price


def test_a_shared_bonus_rule_counts_once_per_warrior():
    m = model()
    setup = m.random_setup(1)
    band = setup["warbands"]["red"] if "red" in setup["warbands"] else next(iter(setup["warbands"].values()))
    shared = band.get("rule", "")
    features, _ = m.features(setup, next(iter(setup["warbands"])))
    if shared and shared.lower().replace(" ", "-") != m.baseline_rule:
        key = next(k for k in features if k.startswith("rule ") and shared.lower().replace(" ", "-") in k)
        assert features[key] >= len(band["warriors"])


def test_qualities_are_counted_against_standard_so_types_and_qualities_are_not_collinear():
    m = model()
    for seed in range(4):
        setup = m.random_setup(seed)
        for seat in setup["warbands"]:
            features, _ = m.features(setup, seat)
            assert "quality standard" not in features and "quality heroic" not in features


def test_features_at_their_printed_prices_add_up_to_the_warband_cost():
    assert check_balance_model(ChobNoggoth(), model(), range(60)) == 120  # two warbands a seed


def test_rules_are_counted_against_a_baseline_rule_so_they_are_not_collinear_with_warriors():
    m = model()
    assert f"rule {m.baseline_rule}" not in m.prices()
    for seed in range(6):
        setup = m.random_setup(seed)
        for seat in setup["warbands"]:
            assert f"rule {m.baseline_rule}" not in m.features(setup, seat)[0]
    assert m.baseline_rule in m.notes()[0]

"""`skirmish balance hobgoblin`: random armies per seed, each on its own budget, and what an army holds."""

from __future__ import annotations

from skirmish_hobgoblin.balance_model import LOWEST_SHARE, POINTS, model


def test_random_armies_repeat_by_seed_and_have_budgets_of_their_own():
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

"""Checks for a ruleset's balance model (``skirmish_balance_model``), the object ``skirmish balance`` fits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from skirmish.ruleset import Ruleset


def check_balance_model(ruleset: Ruleset, model: Any, seeds: Iterable[int] = range(30)) -> int:
    """The model's random set-ups repeat by seed and are valid set-ups of ``ruleset``; each seat's features are
    numbers; when the model gives ``prices()``, every feature has one and the features at those prices add up to
    the cost the model reports, exactly; and that cost differs between seats somewhere (else a feature's worth
    cannot be told from its price). Returns how many seats were checked."""
    prices = model.prices() if callable(getattr(model, "prices", None)) else None
    costs: set[float] = set()
    seats = 0
    for seed in seeds:
        setup = model.random_setup(seed)
        assert setup == model.random_setup(seed), f"seed {seed}: random_setup gives another set-up the second time"
        checked = ruleset.check_setup(setup)
        for seat in ruleset.players(checked):
            features, cost = model.features(setup, seat)
            assert all(isinstance(n, int | float) for n in features.values()), f"seed {seed}, {seat}: a count " \
                "that is not a number"
            if prices is not None:
                missing = sorted(set(features) - set(prices))
                assert not missing, f"seed {seed}, {seat}: no price for {', '.join(missing[:5])}"
                total = sum(prices[k] * n for k, n in features.items())
                assert total == cost, f"seed {seed}, {seat}: features at their prices make {total:g}, cost {cost:g}"
            costs.add(cost)
            seats += 1
    assert seats, "no seat was checked"
    assert len(costs) > 1, "every seat costs the same: a feature's worth cannot be told from its price"
    return seats

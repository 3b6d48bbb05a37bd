"""check_balance_model: the kit's check of a balance model catches prices that do not add up."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.testing import check_balance_model


class _Model:
    """Two seats of the tiny ruleset, each 'buying' seed-dependent counts of two features."""

    def __init__(self, price_b: float = 2.0, same_cost: bool = False) -> None:
        self.price_b, self.same_cost = price_b, same_cost

    def random_setup(self, seed: int) -> dict[str, Any]:
        return {}

    def prices(self) -> dict[str, float]:
        return {"a": 1.0, "b": self.price_b}

    def features(self, setup: dict[str, Any], seat: str) -> tuple[dict[str, float], float]:
        n = 1 if self.same_cost else len(seat)
        return {"a": n, "b": 1}, n + 2.0


class _Seats:
    """The two ruleset methods the check calls: a set-up is valid as it is, and it seats red and blue."""

    def check_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        return dict(setup)

    def players(self, setup: dict[str, Any]) -> list[str]:
        return ["red", "blue"]


def test_a_model_whose_prices_add_up_passes() -> None:
    assert check_balance_model(_Seats(), _Model(), range(3)) == 6


def test_prices_that_do_not_add_up_to_the_cost_are_named() -> None:
    with pytest.raises(AssertionError, match="features at their prices make"):
        check_balance_model(_Seats(), _Model(price_b=3.0), range(2))


def test_costs_that_never_differ_are_refused() -> None:
    with pytest.raises(AssertionError, match="every seat costs the same"):
        check_balance_model(_Seats(), _Model(same_cost=True), range(2))

"""Hobgoblin's model for ``skirmish balance``: two random armies per seed (the army generator, each on its
own budget up to the points limit), and an army's content as counts of unit types and bought keywords with
its printed points.

The budgets differ on purpose: were both armies always worth the limit, the difference in printed points
would be nought in every game, and the regression could not tell a feature's worth in play from its price."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

#: the points limit of balance games (smaller than the default so that many games are affordable)
POINTS = 1500
#: each army's budget is drawn between this share of the limit and the limit
LOWEST_SHARE = 0.8


@lru_cache(maxsize=1)
def _ruleset() -> Any:
    from skirmish_hobgoblin.rules import Hobgoblin

    return Hobgoblin()


class HobgoblinBalance:
    """``random_setup(seed)`` and ``features(setup, seat)`` as ``skirmish_balance_model`` asks."""

    def __init__(self, points: int = POINTS) -> None:
        self.points = points

    def random_setup(self, seed: int) -> dict[str, Any]:
        from skirmish_hobgoblin.army import army_to_dict
        from skirmish_hobgoblin.army_random import random_army

        rs = _ruleset()
        rng = random.Random(seed * 7_919 + 17)
        setup = rs.default_setup()
        setup["points"] = self.points
        low = int(self.points * LOWEST_SHARE)
        setup["armies"] = {p: army_to_dict(random_army(rs.content, rng.randint(low, self.points), rng,
                                                       name=f"random {p}"))
                           for p in setup["players"]}
        return setup

    def features(self, setup: dict[str, Any], seat: str) -> tuple[dict[str, float], float]:
        from skirmish_hobgoblin.army import army_cost, parse_army

        rs = _ruleset()
        army = parse_army(setup["armies"][seat], where=f"army of {seat}")
        out: dict[str, float] = {}
        for unit in army.units:
            out[f"type {unit.type}"] = out.get(f"type {unit.type}", 0) + 1
            for kw in unit.keywords:
                key = f"keyword {kw.split('(')[0].split('[')[0].strip()}"
                out[key] = out.get(key, 0) + 1
        return out, float(army_cost(army, rs.content))


def model() -> HobgoblinBalance:
    return HobgoblinBalance()

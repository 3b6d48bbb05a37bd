"""Hobgoblin's model for ``skirmish balance``: two random armies per seed (the army generator), and an
army's content as counts of unit types and bought keywords with its printed points."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

#: points per side in balance games (smaller than the default so that many games are affordable)
POINTS = 1500


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
        setup["armies"] = {p: army_to_dict(random_army(rs.content, self.points, rng, name=f"random {p}"))
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

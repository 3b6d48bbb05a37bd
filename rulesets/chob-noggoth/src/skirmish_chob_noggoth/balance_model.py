"""Chob-Noggoth's model for ``skirmish balance``: two random warbands per seed (the warband generator, each
on its own budget of 16 to 20 Fingers) and a warband's content as counts of warrior types, qualities and
bonus rules with its printed cost in Fingers.

The budgets differ on purpose: were both warbands always worth 20 Fingers, the difference in printed cost
would be nought in every game, and the regression could not tell a feature's worth in play from its price
(adding any multiple of the price to every worth would fit the games as well)."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _ruleset() -> Any:
    from skirmish_chob_noggoth.rules import ChobNoggoth

    return ChobNoggoth()


#: each side's budget in Fingers, drawn independently per game (the book's warband is 20)
BUDGETS = (16, 20)

#: qualities not counted as features: Standard is the baseline, Heroic goes with the Hero type
BASELINE_QUALITIES = ("", "standard", "heroic")


class ChobBalance:
    """``random_setup(seed)``, ``features(setup, seat)`` and ``prices()`` as ``skirmish_balance_model`` asks.

    Features, each with its printed price in Fingers (together they add up to the warband's cost exactly):
    ``type X`` per Warrior (a Standard Warrior's price; a Hero's or Monster's own), ``quality bad`` and
    ``quality veteran`` against Standard, ``mounted``, a Monster's ``gun`` and ``winged``, ``extra rule`` per
    bonus rule bought beyond the free one, ``mercenary X``, and ``rule X`` per Warrior that has bonus rule X
    (free: price 0). Every Warrior has two free rules (its own and the warband's), so rule counts would rise
    with the Warrior count and the regression could not tell a rule's worth from a Warrior's: rules are
    counted against the first rule of the content (``baseline_rule``), whose worth is folded into the types.
    """

    def random_setup(self, seed: int) -> dict[str, Any]:
        from skirmish_chob_noggoth.warband import random_warband, warband_to_dict

        rs = _ruleset()
        rng = random.Random(seed * 7_919 + 23)
        setup = rs.default_setup()
        setup["warbands"] = {p: warband_to_dict(random_warband(rng, rs.content, budget=rng.randint(*BUDGETS),
                                                               name=f"random {p}"))
                             for p in setup["players"]}
        return setup

    @property
    def baseline_rule(self) -> str:
        return min(_ruleset().content.bonus_rules)

    def notes(self) -> list[str]:
        """How to read the features (shown with the estimate)."""
        return [f"bonus rules are worth measured against {self.baseline_rule} (free rules cost nothing); "
                "qualities against Standard"]

    def prices(self) -> dict[str, float]:
        """The printed price in Fingers of one of each feature."""
        content = _ruleset().content
        costs = content.costs
        standard = content.qualities["standard"].cost
        out: dict[str, float] = {}
        for key, profile in content.types.items():
            fixed = content.qualities[profile.fixed_quality].cost if profile.fixed_quality else standard
            out[f"type {key}"] = float(profile.cost or fixed)
            if profile.counts_as_mounted:
                out[f"type {key}"] += costs.monster_mounted
        for key, quality in content.qualities.items():
            if key not in BASELINE_QUALITIES:
                out[f"quality {key}"] = float(quality.cost - standard)
        out.update({"mounted": float(costs.mounted), "gun": float(costs.gun), "winged": float(costs.winged),
                    "extra rule": float(costs.extra_rule)})
        out.update({f"mercenary {key}": float(merc.cost) for key, merc in content.mercenaries.items()})
        out.update({f"rule {key}": 0.0 for key in content.bonus_rules if key != self.baseline_rule})
        return out

    def features(self, setup: dict[str, Any], seat: str) -> tuple[dict[str, float], float]:
        """The counts above, and the warband's cost in Fingers."""
        from skirmish_chob_noggoth.warband import parse_warband, warband_cost, warrior_rules

        rs = _ruleset()
        content = rs.content
        band = parse_warband(setup["warbands"][seat], content, where=f"warband of {seat}")
        baseline = self.baseline_rule
        out: dict[str, float] = {}

        def add(key: str, n: int = 1) -> None:
            if n:
                out[key] = out.get(key, 0) + n

        for w in band.warriors:
            own = list(dict.fromkeys(w.rules))
            if w.mercenary:
                add(f"mercenary {w.mercenary}")
                free = content.costs.free_rules if content.mercenaries[w.mercenary].free_rule else 0
            else:
                add(f"type {w.type}")
                if w.quality not in BASELINE_QUALITIES:
                    add(f"quality {w.quality}")
                add("mounted", int(w.mounted and not content.types[w.type].counts_as_mounted))
                add("gun", int(w.gun))
                add("winged", int(w.winged))
                free = content.costs.free_rules
            add("extra rule", max(0, len(own) - free))
            for rule in warrior_rules(w, band.rule, content):
                if rule != baseline and rule in content.bonus_rules:
                    add(f"rule {rule}")
        return out, float(warband_cost(band, content))


def model() -> ChobBalance:
    return ChobBalance()

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
    """``random_setup(seed)`` and ``features(setup, seat)`` as ``skirmish_balance_model`` asks."""

    def random_setup(self, seed: int) -> dict[str, Any]:
        from skirmish_chob_noggoth.warband import random_warband, warband_to_dict

        rs = _ruleset()
        rng = random.Random(seed * 7_919 + 23)
        setup = rs.default_setup()
        setup["warbands"] = {p: warband_to_dict(random_warband(rng, rs.content, budget=rng.randint(*BUDGETS),
                                                               name=f"random {p}"))
                             for p in setup["players"]}
        return setup

    def features(self, setup: dict[str, Any], seat: str) -> tuple[dict[str, float], float]:
        """Counts of ``type X``, ``quality X`` and ``rule X`` (a warrior's own rules and the shared one, once
        per warrior that has it), and the warband's cost in Fingers. Every warrior has a type, so qualities
        are counted against Standard (the Hero's Heroic quality comes with its type): with both counted in
        full they would add up to the same warrior count and the regression could not tell them apart."""
        from skirmish_chob_noggoth.warband import parse_warband, warband_cost

        rs = _ruleset()
        band = parse_warband(setup["warbands"][seat], rs.content, where=f"warband of {seat}")
        out: dict[str, float] = {}

        def add(key: str) -> None:
            out[key] = out.get(key, 0) + 1

        for w in band.warriors:
            add(f"type {w.type}")
            if w.quality not in BASELINE_QUALITIES:
                add(f"quality {w.quality}")
            for rule in {*w.rules, *((band.rule,) if band.rule else ())}:
                add(f"rule {rule}")
        return out, float(warband_cost(band, rs.content))


def model() -> ChobBalance:
    return ChobBalance()

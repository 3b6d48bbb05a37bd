"""Hobgoblin's model for ``skirmish balance``: two random armies per seed (the army generator, each on its
own budget of 80-100% of the points limit), and an army's content as features whose printed prices add up to
its points exactly.

The budgets differ on purpose: were both armies always worth the limit, the difference in printed points
would be nought in every game, and the regression could not tell a feature's worth in play from its price.

Features, each with its printed price in points:

- ``type X``: one per unit of type X, at the type's points (its starting keywords included);
- ``keyword K``: one per Keyword Cost Multiplier of each unit that bought K (1 on a x1 type, 2 on a x2 type),
  at K's listed cost, so a keyword costs its printed price times the multiplier, as the book prices it.
  Numerical keywords are one feature per listed entry (``Hero [+1]``, ``Hero [+2]``), footprint keywords
  (Wide, Narrow Footprint, Horde) are keywords like the others;
- the General and the Battle Standard cost nothing and every army has one of each, so only where they stand
  can be measured: ``general on X`` and ``battle standard on X`` count against the same baseline type
  (:data:`BASELINE_TYPE`; its worth is folded into the other types' rows), and ``battle standard with the
  General`` is 1 when one unit holds both;
- an Abyssal Allegiance is free and every Wizard follows one, so ``allegiance A`` counts a Wizard following A
  against the baseline allegiance (:func:`baseline_allegiance`, the first listed), whose worth is folded into
  the Wizard keyword's row (a Wizard with two through Tome of Magic counts both).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

#: the points limit of balance games (smaller than the default so that many games are affordable)
POINTS = 1500
#: each army's budget is drawn between this share of the limit and the limit, for each side on its own
LOWEST_SHARE = 0.8
#: the unit type the General's and Battle Standard's places are counted against (the General leads with a
#: x1 type, so the baseline must be one)
BASELINE_TYPE = "light-infantry"
#: the feature of one unit holding both the General and the Battle Standard
TOGETHER = "battle standard with the General"


def baseline_allegiance() -> str:
    """The Abyssal Allegiance the others are counted against."""
    return _allegiances()[0]


def _allegiances() -> tuple[str, ...]:
    from skirmish_hobgoblin import expansions

    return tuple(name for names in reversed(expansions.ask(_ruleset(), "hobgoblin_allegiances")) for name in names)


@lru_cache(maxsize=1)
def _ruleset() -> Any:
    from skirmish_hobgoblin.rules import Hobgoblin

    return Hobgoblin()


class HobgoblinBalance:
    """``random_setup(seed)``, ``features(setup, seat)``, ``prices()`` and ``notes()`` as
    ``skirmish_balance_model`` asks (the features are described in the module docstring)."""

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

    def notes(self) -> list[str]:
        """How to read the features (shown with the estimate and kept in record files)."""
        base = _ruleset().content.units[BASELINE_TYPE].name
        return ["a type's row is one unit at its points with its starting keywords; a keyword's row is one purchase "
                "on a x1 type at its listed cost (on a x2 type it counts twice, as it costs twice)",
                f"General and Battle Standard cost nothing: their rows say where they are worth most, against a "
                f"{base} unit holding them",
                f"Abyssal Allegiances are free: their rows say what following one is worth against "
                f"{baseline_allegiance()}, which is folded into the Wizard row"]

    def prices(self) -> dict[str, float]:
        """The printed price in points of one of each feature."""
        content = _ruleset().content
        out: dict[str, float] = {}
        for kind in content.units.values():
            out[f"type {kind.name}"] = float(kind.points)
            if kind.id != BASELINE_TYPE:
                out[f"general on {kind.name}"] = 0.0
                out[f"battle standard on {kind.name}"] = 0.0
        for kw, offer in content.buyable():
            if not kw.once_per_army:
                out[f"keyword {kw.offer_text(offer)}"] = float(offer.cost)
        out[TOGETHER] = 0.0
        for name in _allegiances():
            if name != baseline_allegiance():
                out[f"allegiance {name}"] = 0.0
        return out

    def features(self, setup: dict[str, Any], seat: str) -> tuple[dict[str, float], float]:
        """The counts above, and the army's printed points."""
        from skirmish_hobgoblin.army import army_cost, parse_army, purchases

        content = _ruleset().content
        army = parse_army(setup["armies"][seat], where=f"army of {seat}")
        out: dict[str, float] = {}

        def add(key: str, n: int = 1) -> None:
            out[key] = out.get(key, 0) + n

        for unit in army.units:
            kind = content.unit_type(unit.type)
            add(f"type {kind.name}")
            for p in purchases(unit, content):
                if p.keyword is not None and p.offer is not None and not p.keyword.once_per_army:
                    add(f"keyword {p.keyword.offer_text(p.offer)}", kind.multiplier)
            if kind.id != BASELINE_TYPE:
                if unit.general:
                    add(f"general on {kind.name}")
                if unit.battle_standard:
                    add(f"battle standard on {kind.name}")
            if unit.general and unit.battle_standard:
                add(TOGETHER)
            for name in _allegiances_of(unit.allegiance):
                if name != baseline_allegiance():
                    add(f"allegiance {name}")
        return out, float(army_cost(army, content))


def _allegiances_of(text: str) -> list[str]:
    """The allegiances an army list names for a Wizard, spelt as the spell list spells them."""
    known = {a.casefold(): a for a in _allegiances()}
    return [known[a.strip().casefold()] for a in text.replace("+", ",").split(",") if a.strip().casefold() in known]


def model() -> HobgoblinBalance:
    return HobgoblinBalance()

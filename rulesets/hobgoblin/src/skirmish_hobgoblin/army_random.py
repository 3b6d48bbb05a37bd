"""Random Hobgoblin armies for simulations: always valid, never over the budget, spending nearly all of it.

:func:`random_army` picks units while the budget allows, buys random keywords for them, then fills the
points left with the dearest legal purchase that still fits (or by dropping a Weakness), so at most
the smallest price step is left unspent. Legality is asked of :func:`skirmish_hobgoblin.army.unit_problems`,
so a house rule that changes the content changes what the generator may build.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from skirmish import SetupError
from skirmish_hobgoblin.army import (
    Army,
    ArmyUnit,
    army_cost,
    him_armies,
    him_points,
    unit_cost,
    unit_footprint,
    unit_problems,
    validate,
)
from skirmish_hobgoblin.content import Content, UnitType

#: Abyssal Allegiances a random Wizard may follow (the gods of the magic chapter)
ALLEGIANCES = ("Ljudlös", "Gomb", "Polyceus", "Atare", "Nebularis", "Mycena", "Iskalla", "Marabis", "Cylosi")


class Randomish(Protocol):
    """What the generator needs: a :class:`skirmish.GameRNG` or a ``random.Random``."""

    def randint(self, a: int, b: int) -> int: ...

    def choice(self, items: Sequence[Any]) -> Any: ...


def random_army(content: Content, budget: int, rng: Randomish, *, him: bool = False,
                name: str = "Random army") -> Army:
    """A valid army of at most ``budget`` points that leaves less than the smallest price step unspent.

    ``him=True`` builds one for Him (no Wizard). A budget too small for any unit is a SetupError.
    """
    return _Builder(content, rng, him).army(budget, name)


def him_army(content: Content, level: str, player_points: int, rng: Randomish | None = None) -> Army:
    """His army for solo play at ``level`` against a player with ``player_points``.

    The built-in list for the level when it is valid under ``content`` and fits His points exactly
    (lists are made for a 3,000-point player); otherwise a random valid list without Wizard, which
    needs ``rng``.
    """
    points = him_points(content, player_points, level)
    builtin = him_armies().get(level)
    if (builtin is not None and builtin.points == points and army_cost(builtin, content) <= points
            and not validate(builtin, content, him=True)):
        return builtin
    if rng is None:
        raise SetupError(f"no built-in list for Him at {level} with {points:,} points; a random one needs dice")
    return random_army(content, points, rng, him=True, name=f"His army ({level.capitalize()})")


class _Builder:
    """One run of the generator, with its memo of which (type, keywords) are legal."""

    def __init__(self, content: Content, rng: Randomish, him: bool) -> None:
        self.content = content
        self.rng = rng
        self.him = him
        self.legal_memo: dict[tuple[str, tuple[str, ...]], bool] = {}
        self.cost_memo: dict[tuple[str, tuple[str, ...]], int] = {}

    def cost(self, unit: ArmyUnit) -> int:
        key = (unit.type, unit.keywords)
        if key not in self.cost_memo:
            self.cost_memo[key] = unit_cost(unit, self.content)
        return self.cost_memo[key]

    def legal(self, unit: ArmyUnit) -> bool:
        """True when the unit's type and keywords break no rule (checked at the smallest size that fits)."""
        key = (unit.type, unit.keywords)
        if key not in self.legal_memo:
            fp = unit_footprint(unit, self.content.unit_type(unit.type), self.content)
            # a Wizard must follow an Allegiance, which is given at the end (allegiance()): checked with one
            fitted = attrs.evolve(unit, width=fp.width_mm[0], depth=fp.depth_mm[0],
                                  allegiance=ALLEGIANCES[0] if self.wizard(unit) else unit.allegiance)
            self.legal_memo[key] = not unit_problems(fitted, self.content, him=self.him)
        return self.legal_memo[key]

    def options(self, unit: ArmyUnit) -> list[tuple[ArmyUnit, int]]:
        """Every unit one legal purchase (or one dropped purchase) away, with its change in points."""
        base = self.cost(unit)
        out = []
        for kw, offer in self.content.buyable():
            text = kw.offer_text(offer)
            if kw.once_per_army or text in unit.keywords:
                continue
            new = attrs.evolve(unit, keywords=(*unit.keywords, text))
            if self.legal(new):
                out.append((new, self.cost(new) - base))
        for text in unit.keywords:
            new = attrs.evolve(unit, keywords=tuple(k for k in unit.keywords if k != text))
            if self.legal(new):
                out.append((new, self.cost(new) - base))
        return out

    def swaps(self, unit: ArmyUnit) -> list[tuple[ArmyUnit, int]]:
        """Every unit one purchase replaced by another away, with its change in points."""
        base = self.cost(unit)
        out = []
        for text in unit.keywords:
            rest = attrs.evolve(unit, keywords=tuple(k for k in unit.keywords if k != text))
            for kw, offer in self.content.buyable():
                other = kw.offer_text(offer)
                if kw.once_per_army or other in unit.keywords:
                    continue
                new = attrs.evolve(rest, keywords=(*rest.keywords, other))
                if self.legal(new):
                    out.append((new, self.cost(new) - base))
        return out

    def cheapest(self, kind: UnitType) -> int:
        """The lowest legal cost of a unit of this type (taking the most rewarding Weaknesses)."""
        unit = ArmyUnit(kind.id, "probe", 0, 0)
        for _ in range(self.content.building.max_weaknesses):
            drops = [(u, d) for u, d in self.options(unit) if d < 0]
            if not drops:
                break
            unit = min(drops, key=lambda pair: pair[1])[0]
        return self.cost(unit)

    def unit(self, kind: UnitType, name: str, room: int) -> ArmyUnit | None:
        """A random legal unit of ``kind`` costing at most ``room`` (None if it cannot be made to fit)."""
        unit = ArmyUnit(kind.id, name, 0, 0)
        for _ in range(self.rng.randint(0, 4)):  # a few random purchases, Strengths and Weaknesses alike
            options = [(u, d) for u, d in self.options(unit) if self.cost(unit) + d <= room]
            if not options:
                break
            unit = self.rng.choice(options)[0]
        while self.cost(unit) > room:  # too dear: the change that saves most points
            cheaper = [(u, d) for u, d in self.options(unit) if d < 0]
            if not cheaper:
                return None
            unit = min(cheaper, key=lambda pair: pair[1])[0]
        return unit

    def size(self, unit: ArmyUnit) -> ArmyUnit:
        """A random size in whole centimetres within the unit's footprint."""
        fp = unit_footprint(unit, self.content.unit_type(unit.type), self.content)

        def pick(low: float, high: float) -> float:
            lo, hi = int(-(-low // 10)), int(high // 10)
            return self.rng.randint(lo, hi) * 10 if lo <= hi else low

        return attrs.evolve(unit, width=pick(*fp.width_mm), depth=pick(*fp.depth_mm))

    def army(self, budget: int, name: str) -> Army:
        content = self.content
        kinds = sorted(content.units.values(), key=lambda k: k.id)
        floor = {k.id: self.cheapest(k) for k in kinds}
        if budget < min(floor.values()):
            raise SetupError(f"{budget} points buy no unit: the cheapest costs {min(floor.values())}")
        units: list[ArmyUnit] = []
        counts: dict[str, int] = {}
        spent = 0
        while True:
            fitting = [k for k in kinds if floor[k.id] <= budget - spent]
            if not fitting:
                break
            if not units:  # lead with a unit of the lowest multiplier: its small price steps fill the budget
                low = min(k.multiplier for k in fitting)
                fitting = [k for k in fitting if k.multiplier == low]
            kind = self.rng.choice(fitting)
            counts[kind.id] = counts.get(kind.id, 0) + 1
            made = self.unit(kind, f"{kind.name} {counts[kind.id]}", budget - spent)
            if made is None:  # only if floor[] were wrong; stop rather than loop
                break
            units.append(made)
            spent += self.cost(made)
        while True:  # spend what is left: the dearest change that fits, ties at random
            room = budget - spent
            best = [(i, new, delta) for i, unit in enumerate(units)
                    for new, delta in self.options(unit) if 0 < delta <= room]
            if not best:
                best = [(i, new, delta) for i, unit in enumerate(units)
                        for new, delta in self.swaps(unit) if 0 < delta <= room]
            if not best:
                break
            top = max(delta for _, _, delta in best)
            i, new, delta = self.rng.choice([b for b in best if b[2] == top])
            units[i] = new
            spent += delta
        units = [self.size(u) for u in units]
        standard = self.rng.randint(0, len(units) - 1)
        units[0] = attrs.evolve(units[0], general=True)
        units[standard] = attrs.evolve(units[standard], battle_standard=True)
        units = [self.allegiance(u) for u in units]
        return Army(name, budget, tuple(units))

    def wizard(self, unit: ArmyUnit) -> bool:
        return any(self.content.ref(t).id == "wizard" for t in unit.keywords)

    def allegiance(self, unit: ArmyUnit) -> ArmyUnit:
        if self.wizard(unit):
            return attrs.evolve(unit, allegiance=self.rng.choice(ALLEGIANCES))
        return unit

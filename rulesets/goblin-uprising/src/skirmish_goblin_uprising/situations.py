"""Named situations for ``skirmish odds goblin-uprising``: exact from :mod:`skirmish_goblin_uprising.odds`,
sampled with the rolling and counting code of :mod:`skirmish_goblin_uprising.combat`."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

from skirmish import Situation

NAME = "goblin-uprising"


class _Roller:
    """The part of a game's RNG that :func:`combat.roll_goblin` uses, over a plain ``random.Random``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def roll(self, sides: int, **_: Any) -> int:
        return self.rng.randint(1, sides)


class _Table:
    """The part of a game the odds and dice code read: its ruleset (content), set-up, RNG and (unkept) log."""

    def __init__(self, rng: random.Random | None = None) -> None:
        from skirmish_goblin_uprising.rules import GoblinUprising

        self.ruleset = _ruleset() if rng is not None else GoblinUprising()
        self.setup: dict[str, Any] = {}
        self.rng = _Roller(rng or random.Random(0))
        self.log = SimpleNamespace(keep=False, listeners=())  # nothing is logged: the rules build no texts
        self.stash: dict[str, Any] = {}  # what the rules keep per game (the content: bookkeeping.C)


@lru_cache(maxsize=1)
def _ruleset() -> Any:
    from skirmish_goblin_uprising.rules import GoblinUprising

    return GoblinUprising()


def _roll_exact(p: dict[str, int]) -> dict[Any, Fraction]:
    from skirmish_goblin_uprising.odds import goblin_successes

    table = _Table()
    table.ruleset = _ruleset()
    return goblin_successes(table, p["dice"], p["essence"], p["bonus"])  # type: ignore[arg-type]


def _roll_sample(rng: random.Random, p: dict[str, int]) -> int:
    from skirmish_goblin_uprising.combat import essence_faces, roll_goblin, successes

    table = _Table(rng)
    dice = roll_goblin(table, p["dice"], "odds")  # type: ignore[arg-type]
    return successes(table, dice) + min(essence_faces(table, dice), p["essence"]) + p["bonus"]  # type: ignore[arg-type]



def situations() -> list[Situation]:
    return [
        Situation(NAME, "ability-roll-vs-troop", "a hero's ability roll of Goblin dice at a troop: successes "
                  "(damage before armor; essence = Essence results the hero pays to count)",
                  _roll_exact, _roll_sample, {"dice": 3, "essence": 0, "bonus": 0}, "successes"),
        Situation(NAME, "big-roll-with-essence", "five Goblin dice paying for one Essence result: successes",
                  _roll_exact, _roll_sample, {"dice": 5, "essence": 1, "bonus": 0}, "successes"),
    ]

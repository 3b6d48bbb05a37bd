"""Named situations for ``skirmish odds hobgoblin``: hits of a close-combat attack, with the target number
from the chart and Devastating Charge's modifier (:func:`attacks.target_number`'s content), exact from
:func:`explain.die_outcomes`, sampled die by die with :func:`attacks.is_hit`."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from skirmish import Situation

NAME = "hobgoblin"


@lru_cache(maxsize=1)
def _ruleset() -> Any:
    from skirmish_hobgoblin.rules import Hobgoblin

    return Hobgoblin()


class _Table:
    """What :func:`attacks.is_hit` reads of a game: its ruleset."""

    ruleset = property(lambda self: _ruleset())


def _exact(p: dict[str, int]) -> dict[Any, Fraction]:
    from skirmish_hobgoblin.explain import die_outcomes, hits_distribution

    return dict(sorted(hits_distribution(p["dice"], die_outcomes(p["need"])).items()))


def _sample(rng: random.Random, p: dict[str, int]) -> int:
    from skirmish_hobgoblin.attacks import is_hit

    table = _Table()
    return sum(is_hit(table, rng.randint(1, 6), p["need"]) for _ in range(p["dice"]))  # type: ignore[arg-type]


def _charge(attacker: str, target: str, devastating: bool) -> dict[str, int]:
    from skirmish_hobgoblin.tables import kp

    rs = _ruleset()
    need = rs.chart.target(attacker, target)
    if devastating:
        dc = "devastating-charge"
        need = max(kp(rs.content, dc, "min_target_number"), need + kp(rs.content, dc, "target_number"))
    return {"dice": rs.content.units[attacker].strikes, "need": need}


def situations() -> list[Situation]:
    return [
        Situation(NAME, "heavy-cavalry-devastating-charge", "Heavy Cavalry charges Light Infantry with "
                  "Devastating Charge (full strikes): hits", _exact, _sample,
                  _charge("heavy-cavalry", "light-infantry", True), "hits"),
        Situation(NAME, "heavy-cavalry-no-charge", "Heavy Cavalry fights Light Infantry without the charge: hits",
                  _exact, _sample, _charge("heavy-cavalry", "light-infantry", False), "hits"),
    ]

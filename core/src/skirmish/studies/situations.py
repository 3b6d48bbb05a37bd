"""Named situations a ruleset offers for ``skirmish odds``: an exact distribution from its rules code,
and a sampler that rolls the same situation with the playing code (to check one against the other)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from skirmish.errors import SkirmishError


@attrs.frozen
class Situation:
    """One situation: ``exact(params)`` gives {outcome: Fraction}; ``sample(rng, params)`` rolls one outcome.

    ``params`` are the settings a user may change with ``k=v`` (defaults here, all whole numbers).
    """

    ruleset: str
    name: str
    title: str
    exact: Callable[[dict[str, int]], Mapping[Any, Fraction]]
    sample: Callable[[random.Random, dict[str, int]], Any]
    params: dict[str, int] = attrs.field(factory=dict)
    outcome: str = "outcome"

    def settings(self, given: Mapping[str, str] | None = None) -> dict[str, int]:
        """The defaults with ``given`` (``k=v`` texts) applied; an unknown key or a non-number is an error."""
        out = dict(self.params)
        for key, text in (given or {}).items():
            if key not in out:
                known = ", ".join(sorted(out)) or "none"
                raise SkirmishError(f"situation '{self.name}' has no setting '{key}' (settings: {known})")
            try:
                out[key] = int(text)
            except ValueError:
                raise SkirmishError(f"setting {key}={text!r}: a whole number is needed") from None
        return out


def situations(registry: Any, ruleset: str) -> dict[str, Situation]:
    """Every situation registered for ``ruleset`` through ``skirmish_odds_situations``, by name."""
    registry.ruleset(ruleset)  # fail early on a bad name
    out: dict[str, Situation] = {}
    for group in registry.pm.hook.skirmish_odds_situations(ruleset=ruleset):
        for s in group or []:
            if s.ruleset == ruleset:
                out[s.name] = s
    return out


def check_by_sampling(situation: Situation, settings: dict[str, int], n: int = 100_000,
                      seed: int = 0) -> tuple[dict[Any, Fraction], dict[Any, int]]:
    """(exact distribution, counts of ``n`` sampled outcomes) for comparing the two."""
    rng = random.Random(seed)
    counts: dict[Any, int] = {}
    for _ in range(n):
        o = situation.sample(rng, settings)
        counts[o] = counts.get(o, 0) + 1
    return dict(situation.exact(settings)), counts

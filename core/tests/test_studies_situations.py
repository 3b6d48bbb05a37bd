"""Every installed ruleset's named odds situations agree with 100,000 rolls of its playing code."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from skirmish import Registry, Situation, SkirmishError
from skirmish.studies.situations import check_by_sampling, situations

REGISTRY = Registry()
ALL = [(name, s) for name in sorted(REGISTRY.rulesets) for s in situations(REGISTRY, name).values()]
N = 100_000


@pytest.mark.skipif(not ALL, reason="no installed ruleset registers odds situations")
@pytest.mark.parametrize(("ruleset", "situation"), ALL, ids=[f"{r}:{s.name}" for r, s in ALL])
def test_exact_odds_match_the_playing_code(ruleset: str, situation: Situation) -> None:
    settings = situation.settings()
    exact, counts = check_by_sampling(situation, settings, N, seed=12345)
    assert sum(exact.values()) == 1
    assert set(counts) <= set(exact), f"sampled outcomes the exact table lacks: {set(counts) - set(exact)}"
    for outcome, p in exact.items():
        seen = counts.get(outcome, 0) / N
        sd = math.sqrt(float(p) * (1 - float(p)) / N)
        assert abs(seen - float(p)) <= 5 * sd + 1e-9, f"{outcome}: exact {float(p):.4f}, sampled {seen:.4f}"


def test_settings_are_checked() -> None:
    s = Situation("x", "coin", "a coin", lambda p: {0: Fraction(1, 2), 1: Fraction(1, 2)},
                  lambda rng, p: rng.randint(0, 1), {"n": 1})
    assert s.settings({"n": "3"}) == {"n": 3}
    with pytest.raises(SkirmishError, match="no setting 'm'"):
        s.settings({"m": "1"})
    with pytest.raises(SkirmishError, match="whole number"):
        s.settings({"n": "x"})
    exact, counts = check_by_sampling(s, {"n": 1}, 1000, seed=1)
    assert sum(counts.values()) == 1000 and set(counts) == {0, 1}
    assert random.Random(1).random() >= 0
